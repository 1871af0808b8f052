/**
 * The grounder probe on any grounder (`AspGrounder`): grounds P in text mode and counts the ground
 * rules written per head relation (probe-count.ts), as probe.ts does with a native gringo process
 * of its own. clingo-wasm streams its output while it grounds, so this names what explodes where
 * no native gringo is installed (`--grounder wasm`, a machine without gringo) and in a browser
 * (the page's pipeline worker), where there is no process to start.
 * Runs on the grounder it is given: its run queues with the others of that grounder (P^base's
 * grounding waits for it).
 *
 * It stops after a budget of ground rules (`PROBE_GROUND_RULES`): the grounding is stopped through
 * its AbortSignal, which kills a native process and terminates clingo-wasm's worker (the grounder
 * starts a fresh one for its next run). A grounder writes its rules in the same order on every run,
 * so what the probe names, and the machine a player gets, do not depend on the machine's load; its
 * seconds are only an outer limit (a probe stopped by them says so: `stopped` "time").
 * Pure computation: no Node imports.
 */
import type { AspGrounder } from "../ground/asp-grounder.js";
import type { AspProgram } from "../translate/index.js";
import { GroundRuleCounter } from "./probe-count.js";
import type { GroundingProbe } from "./relation-names.js";

/**
 * Ground rules the probe counts before it stops (`GroundAndBuildOptions.probeGroundRules`'s
 * default). Measured with gringo 5.4.1 on the five base games that do not ground
 * (results/probe-budget.md): the 2 s probe a player ran counted 0.33-0.82 M rules at load 1.8-3.6,
 * 0.13-0.58 M with two players at once, and named three, five or seven of chess's relations
 * accordingly. Over the first 1 M rules of each of the five, the relations named (5 % of the rules
 * or more) and the machine chosen are the quiet 2 s probe's at every budget from 250,000 to 350,000
 * (chess and slaughter: seven relations, `different_cells` and the demand of their clear paths; at
 * 225,000 slaughter misses `clear_row_ig`, at 375,000 it adds `queen_move_ig`); sudoku,
 * laikLee_hex and alexChess name the same from 10,000 on. Quiet, the probe reaches 300,000 in
 * 1.0-1.5 s (alexChess, the slowest, up to 3.1 s at load 3-5).
 */
export const PROBE_GROUND_RULES = 300_000;

/**
 * Seconds of the probe at least when a player waits for the game (loadGame, play, replay, bench),
 * if `PROBE_GROUND_RULES` is not reached before: the outer limit of the probe, which on a quiet
 * machine stops at its budget in about half of it. A native gringo probe runs beside P^base's
 * grounding and may go on until that ends (`ProbeBeside`): under load, both slow down together.
 */
export const PLAYER_PROBE_SECONDS = 3;

/**
 * What a probe runs beside: P^base's grounding (`until` settles when it is done), which does not
 * wait for a probe with a grounder of its own (a native gringo process). Such a probe's time limit
 * is then its `seconds` or the end of `until`, whichever comes later, and at most `maxSeconds`:
 * running on while P^base grounds costs the player no time, and keeps a loaded machine's probe
 * stopped by its budget rather than by the clock.
 */
export interface ProbeBeside {
  readonly until: Promise<unknown>;
  readonly maxSeconds: number;
}

/**
 * How a probe is run: `program` grounded for at most `seconds` (longer beside `beside`, see
 * `ProbeBeside`), stopped after `groundRules` counted rules (unset: time alone stops it).
 * Undefined when the run fails otherwise (an error, cancelled) or no grounder is at hand.
 */
export type GroundingProbeRun = (program: AspProgram, seconds: number, groundRules?: number, beside?: ProbeBeside) => Promise<GroundingProbe | undefined>;

/**
 * A probe (`GroundAndBuildOptions.probe`) that grounds with `grounder`, named `name` in what it
 * reports; undefined when the run fails otherwise (an error, cancelled from outside).
 * `ownGrounder`: `grounder` runs nothing else meanwhile (a process started for the probe), so the
 * probe may go on while P^base grounds (`ProbeBeside`); a shared grounder (clingo-wasm's queue)
 * would ground P^base only after the probe, so it keeps to `seconds`.
 */
export function grounderProbe(grounder: AspGrounder, name = "clingo-wasm in text mode", ownGrounder = false): GroundingProbeRun {
  return async (program, seconds, groundRules, beside) => {
    const counter = new GroundRuleCounter(groundRules);
    const stop = new AbortController();
    const extended = ownGrounder && beside !== undefined && beside.maxSeconds > seconds ? beside : undefined;
    // beside P^base: stopped here once `seconds` have passed and P^base is done (the grounder's own limit is maxSeconds)
    let minimum: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    if (extended) {
      const passed = new Promise<void>((resolve) => (minimum = setTimeout(resolve, seconds * 1000)));
      void Promise.all([passed, extended.until.catch(() => undefined)]).then(() => {
        if (stop.signal.aborted) return;
        timedOut = true;
        stop.abort();
      });
    }
    const started = performance.now();
    const outcome = await grounder.ground(program.text, {
      timeoutMs: Math.max(1, Math.round((extended?.maxSeconds ?? seconds) * 1000)),
      extraArgs: ["--output=text"],
      signal: stop.signal,
      onOutput: (chunk) => {
        counter.push(chunk);
        if (counter.full && !stop.signal.aborted) stop.abort();
      },
      onRestart: () => counter.clear(),
    });
    clearTimeout(minimum);
    const elapsed = (performance.now() - started) / 1000;
    // the budget reached: the grounding was stopped here (cancelled), or ended or timed out meanwhile
    if (counter.full) return counter.probe(program, elapsed, name);
    // what was written before the time or the memory ran out is what the probe is for
    if (outcome.status === "timeout" || (outcome.status === "cancelled" && timedOut)) return counter.probe(program, elapsed, name, "time");
    if (outcome.status === "ok" || outcome.status === "out-of-memory") return counter.probe(program, elapsed, name, "end");
    return undefined;
  };
}
