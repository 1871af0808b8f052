/**
 * Probes: short deterministic random walks on a compiled machine that measure what the compile
 * decides by. `probeFlips` counts how often each slot flips (on a plain machine: no guards, no
 * rewrites), which chooses the guards (guards.ts); `loopPolicy` walks the final machine both
 * ways to choose whether its own loops unset the moves before loading a state, and whether a
 * playout starts from a snapshot of the initial state.
 *
 * Why: which input flips most, and whether a move left set costs more events than it saves,
 * depend on the game; a guess costs speed (NOTES.md).
 * Measured: moves unset before a load: events per flat MC node breakthrough 80 -> 19, connect
 * four 12.7 -> 10.6; left set on checkers (80 against 85). The flip probe costs about 2 × 10^7
 * slot comparisons at most (0.1 s on hex).
 * Pure computation: no Node imports.
 */
import { mulberry32 } from "../search.js";
import type { FastCompileOptions } from "./options.js";
import type { FastRuntime } from "./runtime.js";

/** A playout starts from a snapshot when loading the initial state pushed more than (slots / this) events on the probe. */
const RESTORE_EVENT_SLOTS = 40;

/**
 * How often each slot's value changed on random playouts where each step also computes the
 * next state under a few other random joint moves (as perft's sibling loop does).
 */
export function probeFlips(m: FastRuntime, nRoles: number, stateWords: number): Float64Array {
  const values = m.values;
  const n = values.length;
  const flips = new Float64Array(n);
  const words = new Uint32Array(values.buffer, 0, n >>> 2);
  const before = words.slice();
  const note = () => {
    for (let w = 0; w < words.length; w++) {
      const x = words[w] ^ before[w];
      if (x === 0) continue;
      before[w] = words[w];
      for (let b = 0; b < 4; b++) if ((x >>> (b << 3)) & 0xff) flips[(w << 2) | b]++;
    }
  };
  const ops = Math.max(16, Math.min(256, Math.floor(2e7 / n)));
  const rng = mulberry32(1);
  const legal = Array.from({ length: nRoles }, (_, r) => new Int32Array(Math.max(1, m.legalCount[r])));
  const counts = new Int32Array(nRoles);
  const joint = new Int32Array(nRoles);
  const next = new Uint32Array(stateWords);
  let state = m.initial.slice();
  let steps = 0;
  for (let op = 0; op < ops; op++) {
    m.load(state);
    let stuck = m.terminal() || steps >= 200;
    for (let r = 0; r < nRoles && !stuck; r++) stuck = (counts[r] = m.loadedLegalInto(r, legal[r])) === 0;
    note();
    if (stuck) {
      state = m.initial.slice();
      steps = 0;
      continue;
    }
    for (let t = 0; t < 3; t++) {
      for (let r = 0; r < nRoles; r++) joint[r] = legal[r][Math.floor(rng() * counts[r])];
      m.load(state);
      m.setMoves(joint);
      m.copyNext(next);
      note();
    }
    state = next.slice();
    steps++;
  }
  return flips;
}

/**
 * Whether unsetting the moves before loading another state pushes fewer events than leaving
 * them set, on a random walk walked both ways, and the events of the walk's resets to the
 * initial state. Left set, a move keeps the gates that read it and the state up to date while
 * the state changes under it. Leaves the machine with no move set.
 */
function probeClearing(m: FastRuntime, nRoles: number): { clear: boolean; resets: number; resetEvents: number } {
  const steps = Math.max(8, Math.min(64, Math.floor(4e6 / (m.rec.length >>> 1))));
  const { legal, joint, state } = m.walkBuffers();
  const events = [0, 0];
  let resets = 0;
  let resetEvents = 0;
  for (let clear = 0; clear < 2; clear++) {
    const rng = mulberry32(3);
    m.clearMoves();
    m.load(m.initial);
    let e = 0;
    let depth = 0;
    for (let step = 0; step < steps; step++) {
      let stuck = depth >= 200 || m.terminal();
      for (let r = 0; r < nRoles && !stuck; r++) {
        const count = m.loadedLegalInto(r, legal);
        if (count === 0) stuck = true;
        else joint[r] = legal[Math.floor(rng() * count)];
      }
      if (stuck) {
        resets++;
        resetEvents += m.load(m.initial, true);
        depth = 0;
        continue;
      }
      e += m.setMoves(joint);
      for (let w = 0; w < state.length; w++) state[w] = m.nextWords[w];
      e += m.load(state, clear === 1);
      depth++;
    }
    events[clear] = e;
  }
  m.clearMoves();
  return { clear: events[1] < events[0], resets, resetEvents };
}

/** How the engine's own loops run (see `FastCompileOptions.clearMoves` and `restore`). */
export interface LoopPolicy {
  /** The moves are unset before another state is loaded. */
  readonly clearBeforeLoad: boolean;
  /** A playout starts from a snapshot of the machine in the initial state. */
  readonly restoreSnapshot: boolean;
}

/** The loop policy the options ask for, probed on `m` (a machine of `slots` components) where they say "auto". */
export function loopPolicy(m: FastRuntime, nRoles: number, slots: number, options: FastCompileOptions): LoopPolicy {
  const clear = options.clearMoves ?? "auto";
  const restore = options.restore ?? "auto";
  const probe = clear === "auto" || restore === "auto" ? probeClearing(m, nRoles) : undefined;
  return {
    clearBeforeLoad: clear === "auto" ? probe!.clear : clear,
    // a snapshot copies ~10 bytes per slot; an event costs about as much as 40 slots' worth of copying
    restoreSnapshot: restore === "auto" ? probe!.resets > 0 && (probe!.resetEvents / probe!.resets) * RESTORE_EVENT_SLOTS > slots : restore,
  };
}
