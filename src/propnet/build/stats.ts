/**
 * Stats: the components of a propnet counted by kind, links, and both component counts (the
 * paper's, and ours: propositions and gates after the optimizations).
 * Why a file of its own: these counts are how a propnet's size is reported everywhere (`--propnet`,
 * `--json`, the corpus results, compare-outputs' digests). Measured with them on the 310 base games
 * that ground: 7.46 M components ours where the paper counts 25.5 M.
 */
import type { PropnetComponent, PropnetStats } from "../propnet.js";
import { AND, COMPONENT_KIND, KIND_CODE, NOT, OR, SEES, TRANSITION } from "./kinds.js";

/** Counts the components of a propnet by kind (their kind codes counted by `statsOfCodes`). */
export function computeStats(components: readonly PropnetComponent[], paperComponents: number): PropnetStats {
  const kind = new Uint8Array(components.length);
  let links = 0;
  components.forEach((c, k) => {
    kind[k] = KIND_CODE.get(c.kind)!;
    links += c.inputs.length;
  });
  return statsOfCodes(kind, links, paperComponents);
}

/** The counts from kind codes (kinds.ts) and the number of links: what finalize has at hand. */
export function statsOfCodes(kind: Uint8Array, links: number, paperComponents: number): PropnetStats {
  const byCode = new Int32Array(COMPONENT_KIND.length);
  for (let c = 0; c < kind.length; c++) byCode[kind[c]]++;
  const propositions = { base: 0, input: 0, next: 0, view: 0, legal: 0, goal: 0, terminal: 0, init: 0, sees: 0 };
  let propositionCount = 0;
  for (let code = 0; code <= SEES; code++) {
    propositions[COMPONENT_KIND[code] as keyof typeof propositions] = byCode[code];
    propositionCount += byCode[code];
  }
  const ands = byCode[AND];
  const ors = byCode[OR];
  const nots = byCode[NOT];
  const transitions = byCode[TRANSITION];
  return {
    propositions,
    ands,
    ors,
    nots,
    transitions,
    constants: kind.length - propositionCount - ands - ors - nots - transitions,
    links,
    components: kind.length,
    paperComponents,
    optimizedComponents: propositionCount + ands + ors + nots,
  };
}
