/**
 * Measuring a propnet state machine: random playouts per second and perft nodes per second.
 * Wall-clock numbers, for reports; nothing here is used by tests as an assertion.
 */
import { mulberry32, perftCounts, randomPlayout } from "./search.js";
import type { GameStateMachine } from "./machine.js";

export interface StateMachineSpeed {
  readonly playouts: number;
  readonly playoutsPerSecond: number;
  /** Joint moves per second during the playouts. */
  readonly stepsPerSecond: number;
  readonly perftDepth: number;
  readonly perftNodes: number;
  readonly perftNodesPerSecond: number;
}

/**
 * Runs random playouts for about `seconds` (after a short warm-up), then perft to
 * `perftDepth` (skipped with 0).
 */
export function measureStateMachine(sm: GameStateMachine, options: { seconds?: number; perftDepth?: number; seed?: number } = {}): StateMachineSpeed {
  const seconds = options.seconds ?? 1;
  const rng = mulberry32(options.seed ?? 1);
  const warmUpEnd = performance.now() + Math.min(200, seconds * 200);
  while (performance.now() < warmUpEnd) randomPlayout(sm, rng);
  let playouts = 0;
  let steps = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end)
    for (let i = 0; i < 100; i++) {
      steps += randomPlayout(sm, rng).steps;
      playouts++;
    }
  const elapsed = (performance.now() - start) / 1000;
  const perftDepth = options.perftDepth ?? 0;
  let perftNodes = 0;
  let perftSeconds = 0;
  if (perftDepth > 0) {
    const t = performance.now();
    perftNodes = perftCounts(sm, perftDepth).nodes;
    perftSeconds = (performance.now() - t) / 1000;
  }
  return {
    playouts,
    playoutsPerSecond: playouts / elapsed,
    stepsPerSecond: steps / elapsed,
    perftDepth,
    perftNodes,
    perftNodesPerSecond: perftSeconds > 0 ? perftNodes / perftSeconds : 0,
  };
}
