/**
 * The grounder probe: grounds P with a native gringo in text mode and counts the ground rules it
 * writes per head relation, until a budget of them (`PROBE_GROUND_RULES`) or a few seconds. gringo
 * grounds a program component by component, so in a grounding that explodes, what it writes after
 * a few hundred thousand rules is the relation that does not finish: sudoku's `exactlyfirst`,
 * laikLee_hex's `islist`, the demand of chess's attack relations. Run once a grounding has failed, to name what exploded (pipeline.ts,
 * `GroundAndBuildOptions.probe`); clingo's aspif names no atom before the end of a grounding.
 *
 * Node only (a native gringo). Without a native gringo on PATH, `probeFor` probes with the
 * grounder at hand (grounder-probe.ts).
 */
import type { AspProgram } from "../translate/index.js";
import { groundAspNative, nativeGrounderOnPath } from "../ground/clingo/native.js";
import type { AspGrounder } from "../ground/asp-grounder.js";
import { grounderProbe, type GroundingProbeRun, type ProbeBeside } from "./grounder-probe.js";
import type { GroundingProbe } from "./relation-names.js";

export { PLAYER_PROBE_SECONDS, PROBE_GROUND_RULES } from "./grounder-probe.js";

/** Seconds the probe grounds for at most (default of `probeGrounding`). */
export const PROBE_SECONDS = 5;


/**
 * Ground rules per relation that gringo writes for `program` in `seconds`, or its first
 * `groundRules` (the grounder probe, grounder-probe.ts, on a native gringo process of its own,
 * killed when either is reached; beside P^base's grounding, `beside`, it may go on until that
 * ends); undefined without a native gringo.
 */
export function probeGrounding(program: AspProgram, seconds = PROBE_SECONDS, groundRules?: number, beside?: ProbeBeside): Promise<GroundingProbe | undefined> {
  const executable = nativeGrounderOnPath();
  if (executable === undefined) return Promise.resolve(undefined);
  const native: AspGrounder = { ground: (text, options) => groundAspNative(text, { ...options, executable }) };
  return grounderProbe(native, "gringo --text", true)(program, seconds, groundRules, beside);
}

/**
 * The probe for a Node caller grounding with `grounder`: a native gringo of its own where one is on
 * PATH (it runs beside P^base's grounding), else `grounder` itself in text mode (grounder-probe.ts;
 * P^base's grounding then waits for it).
 */
export function probeFor(grounder: AspGrounder): GroundingProbeRun {
  return nativeGrounderOnPath() !== undefined ? probeGrounding : grounderProbe(grounder);
}
