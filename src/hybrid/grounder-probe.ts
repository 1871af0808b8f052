/**
 * The grounder probe on any grounder (`AspGrounder`): grounds P in text mode for a few seconds
 * and counts the ground rules written per head relation (probe-count.ts), as probe.ts does with a
 * native gringo process of its own. clingo-wasm streams its output while it grounds, so this
 * names what explodes where no native gringo is installed (`--grounder wasm`, a machine without
 * gringo) and in a browser (the page's pipeline worker), where there is no process to start.
 * Runs on the grounder it is given: its run queues with the others of that grounder (P^base's
 * grounding waits for it).
 * Pure computation: no Node imports.
 */
import type { AspGrounder } from "../ground/asp-grounder.js";
import type { AspProgram } from "../translate/index.js";
import { GroundRuleCounter } from "./probe-count.js";
import type { GroundingProbe } from "./relation-names.js";

/**
 * Seconds of the probe when a player waits for the game (loadGame, play, replay, bench): it runs
 * beside P^base's grounding, and at 5 s it was the longer of the two on all five games that do not
 * ground (with a native gringo). At 2 s it names the same relations as at 5 s on sudoku, laikLee_hex, alexChess and
 * slaughter, and chess's clear-path demand second to `different_cells`; at 1 s chess and
 * slaughter lead with `different_cells`.
 */
export const PLAYER_PROBE_SECONDS = 2;

/**
 * A probe (`GroundAndBuildOptions.probe`) that grounds with `grounder`, named `name` in what it
 * reports; undefined when the run fails otherwise (an error, cancelled).
 */
export function grounderProbe(grounder: AspGrounder, name = "clingo-wasm in text mode"): (program: AspProgram, seconds: number) => Promise<GroundingProbe | undefined> {
  return async (program, seconds) => {
    const counter = new GroundRuleCounter();
    const started = performance.now();
    const outcome = await grounder.ground(program.text, { timeoutMs: Math.max(1, Math.round(seconds * 1000)), extraArgs: ["--output=text"], onOutput: (chunk) => counter.push(chunk) });
    // what was written before the time or the memory ran out is what the probe is for
    if (outcome.status !== "ok" && outcome.status !== "timeout" && outcome.status !== "out-of-memory") return undefined;
    return counter.probe(program, (performance.now() - started) / 1000, name);
  };
}
