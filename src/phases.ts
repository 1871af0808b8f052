/**
 * The pipeline's phases and their wall time: what every report (the CLI's `--stats` and
 * `--json`, the corpus rows, the page) shows a user waiting for a grounding, measured around
 * each stage once, in pipeline.ts.
 */

/** Seconds per phase; a phase that did not run is absent. */
export interface PhaseTimes {
  parse?: number;
  check?: number;
  translate?: number;
  ground?: number;
  extract?: number;
  propnet?: number;
}

export type Phase = keyof PhaseTimes;

/** The phases after the check, which a caller can follow while they run (GroundStageOptions.onPhase). */
export type GroundingPhase = Exclude<Phase, "parse" | "check">;

/** The phases in pipeline order. */
export const PHASES: readonly Phase[] = ["parse", "check", "translate", "ground", "extract", "propnet"];

/** The sum of the phases that ran. */
export function totalSeconds(times: PhaseTimes): number {
  return PHASES.reduce((sum, phase) => sum + (times[phase] ?? 0), 0);
}

/** Seconds taken by `f`, with its result. */
export function timed<T>(f: () => T): [T, number] {
  const start = performance.now();
  const result = f();
  return [result, (performance.now() - start) / 1000];
}

/** Seconds taken by the promise `f` returns, with its value. */
export async function timedAsync<T>(f: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await f();
  return [result, (performance.now() - start) / 1000];
}
