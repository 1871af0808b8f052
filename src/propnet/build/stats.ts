/**
 * Stats: the components of a propnet counted by kind, links, and both component counts (the
 * paper's, and ours: propositions and gates after the optimizations).
 * Why a file of its own: these counts are how a propnet's size is reported everywhere (`--propnet`,
 * `--json`, the corpus results, compare-outputs' digests). Measured with them on the 310 base games
 * that ground: 7.46 M components ours where the paper counts 25.5 M.
 */
import { isProposition, type PropnetComponent, type PropnetStats } from "../propnet.js";
import { AND, COMPONENT_KIND, NOT, OR, SEES, TRANSITION } from "./kinds.js";

/** Counts the components of a propnet by kind. */
export function computeStats(components: readonly PropnetComponent[], paperComponents: number): PropnetStats {
  const propositions = { base: 0, input: 0, next: 0, view: 0, legal: 0, goal: 0, terminal: 0, init: 0, sees: 0 };
  let ands = 0;
  let ors = 0;
  let nots = 0;
  let transitions = 0;
  let constants = 0;
  let links = 0;
  for (const c of components) {
    links += c.inputs.length;
    if (isProposition(c.kind)) propositions[c.kind]++;
    else if (c.kind === "and") ands++;
    else if (c.kind === "or") ors++;
    else if (c.kind === "not") nots++;
    else if (c.kind === "transition") transitions++;
    else constants++;
  }
  const propositionCount = Object.values(propositions).reduce((s, x) => s + x, 0);
  return {
    propositions,
    ands,
    ors,
    nots,
    transitions,
    constants,
    links,
    components: components.length,
    paperComponents,
    optimizedComponents: propositionCount + ands + ors + nots,
  };
}

/** The same counts from kind codes (kinds.ts) and the number of links: what finalize has at hand. */
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
