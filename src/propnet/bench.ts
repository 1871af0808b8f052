/**
 * The benchmark loops of a propnet state machine, in nodes per second: flat Monte-Carlo and
 * perft as in Table 2 of the Regular Boardgames paper (Kowalski et al.), and a measure repeated
 * after a warm-up, reported as the median with the lowest and highest. `gdl-ground bench`,
 * `npm run bench:reasoning` and the library all measure with these.
 *
 * Why: one figure is worth comparing only when every tool takes it the same way; the fast
 * engine runs both loops inside itself (`randomPlayoutNodes`, `perftInPlace`: the same moves
 * and counts), the reference engine through the interface as it always has.
 * Measured: nothing of its own; what it measures is in results/reasoning.md. Wall-clock
 * figures, for reports; no test asserts on them.
 */
import { mulberry32, perftCounts, perftCountsInPlace, randomInt } from "./search.js";
import type { GameStateMachine } from "./machine.js";

/** One figure measured `repeats` times: nodes per second of each measure, and their median. */
export interface RepeatedSpeed {
  readonly nodesPerSecond: number;
  readonly min: number;
  readonly max: number;
  readonly repeats: readonly number[];
  /** Nodes and seconds over every measure (warm-up not counted). */
  readonly nodes: number;
  readonly seconds: number;
}

/** Nodes of one run of a benchmark loop and the seconds it took. */
export interface RunSpeed {
  readonly nodes: number;
  readonly seconds: number;
}

/**
 * A single flat Monte-Carlo run as in Table 2 of the Regular Boardgames paper: `playouts`
 * random playouts to the end, every legal move computed at every visited node; nodes = states
 * visited.
 */
export function flatMonteCarlo(sm: GameStateMachine, playouts: number, seed: number): RunSpeed {
  const rng = mulberry32(seed);
  if (sm.randomPlayoutNodes) {
    // the engine's own loop (the fast engine: the same moves and nodes, without calls through the interface)
    const started = performance.now();
    const nodes = sm.randomPlayoutNodes(playouts, rng, 100_000);
    return { nodes, seconds: (performance.now() - started) / 1000 };
  }
  const legal = new Int32Array(Math.max(1, ...sm.roles.map((_, r) => sm.maxLegalMoves(r))));
  const joint = new Int32Array(sm.roles.length);
  const initial = sm.initialState();
  let a = initial.slice();
  let b = a.slice();
  let nodes = 0;
  const started = performance.now();
  for (let p = 0; p < playouts; p++) {
    a.set(initial);
    for (let step = 0; step < 100_000; step++) {
      nodes++;
      if (sm.isTerminal(a)) break;
      let stuck = false;
      for (let r = 0; r < sm.roles.length; r++) {
        const count = sm.legalMovesInto(a, r, legal);
        if (count === 0) {
          stuck = true;
          break;
        }
        joint[r] = legal[randomInt(rng, count)];
      }
      if (stuck) break;
      sm.nextStateInto(a, joint, b);
      const t = a;
      a = b;
      b = t;
    }
  }
  return { nodes, seconds: (performance.now() - started) / 1000 };
}

/**
 * A single perft run to `depth`; nodes = states reached. The fast engine walks the tree in
 * place (`perftCountsInPlace`, apply/undo); the reference engine with the driver it had
 * (`perftCounts`, a copied state per node), so that "reference" measures the engine as it was.
 */
export function perftRun(sm: GameStateMachine, depth: number): RunSpeed {
  const started = performance.now();
  const counts = sm.engine === "fast" ? perftCountsInPlace(sm, depth) : perftCounts(sm, depth);
  return { nodes: counts.nodes, seconds: (performance.now() - started) / 1000 };
}

/**
 * Runs `run` for `warmup` seconds, then `repeats` measures, each repeating `run` until
 * `minTime` seconds have passed; reports nodes per second (median, lowest, highest).
 */
export function measureRepeated(run: () => RunSpeed, o: { readonly minTime: number; readonly warmup: number; readonly repeats: number }): RepeatedSpeed {
  const warmEnd = performance.now() + o.warmup * 1000;
  do run();
  while (performance.now() < warmEnd);
  const repeats: number[] = [];
  let nodes = 0;
  let seconds = 0;
  for (let i = 0; i < Math.max(1, o.repeats); i++) {
    let n = 0;
    let s = 0;
    do {
      const r = run();
      n += r.nodes;
      s += r.seconds;
    } while (s < o.minTime);
    repeats.push(n / s);
    nodes += n;
    seconds += s;
  }
  const sorted = [...repeats].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { nodesPerSecond: median, min: sorted[0], max: sorted[sorted.length - 1], repeats, nodes, seconds };
}
