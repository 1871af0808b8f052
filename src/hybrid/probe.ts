/**
 * The grounder probe: grounds P with a native gringo in text mode for a few seconds and counts
 * the ground rules it writes per head relation. gringo grounds a program component by
 * component, so in a grounding that explodes, what it writes after a few seconds is the relation
 * that does not finish: sudoku's `exactlyfirst`, laikLee_hex's `islist`, the demand of chess's
 * attack relations. Run once a grounding has failed, to name what exploded (pipeline.ts,
 * `GroundAndBuildOptions.probe`); clingo's aspif names no atom before the end of a grounding.
 *
 * Node only (a native gringo). Without a native gringo on PATH, `probeFor` probes with the
 * grounder at hand (grounder-probe.ts).
 */
import type { AspProgram } from "../translate/index.js";
import { groundAspNative, nativeGrounderOnPath } from "../ground/clingo/native.js";
import type { AspGrounder } from "../ground/asp-grounder.js";
import { grounderProbe } from "./grounder-probe.js";
import type { GroundingProbe } from "./relation-names.js";

export { PLAYER_PROBE_SECONDS } from "./grounder-probe.js";

/** Seconds the probe grounds for (default of `probeGrounding`). */
export const PROBE_SECONDS = 5;


/**
 * Ground rules per relation that gringo writes for `program` in `seconds` (the grounder probe,
 * grounder-probe.ts, on a native gringo process of its own); undefined without a native gringo.
 */
export function probeGrounding(program: AspProgram, seconds = PROBE_SECONDS): Promise<GroundingProbe | undefined> {
  const executable = nativeGrounderOnPath();
  if (executable === undefined) return Promise.resolve(undefined);
  const native: AspGrounder = { ground: (text, options) => groundAspNative(text, { ...options, executable }) };
  return grounderProbe(native, "gringo --text")(program, seconds);
}

/**
 * The probe for a Node caller grounding with `grounder`: a native gringo of its own where one is on
 * PATH (it runs beside P^base's grounding), else `grounder` itself in text mode (grounder-probe.ts;
 * P^base's grounding then waits for it).
 */
export function probeFor(grounder: AspGrounder): (program: AspProgram, seconds: number) => Promise<GroundingProbe | undefined> {
  return nativeGrounderOnPath() !== undefined ? probeGrounding : grounderProbe(grounder);
}
