/**
 * Search helpers over a `GameStateMachine` (either engine): a seeded PRNG (mulberry32), random playouts
 * and perft (counting the paths of the game tree to a given depth).
 */
import type { GameStateMachine, PerftResult, StateHandle } from "./machine.js";
import { perftBuffers } from "./perft-buffers.js";

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a tiny deterministic 32-bit PRNG; the same seed gives the same sequence. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomInt(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}

export interface PlayoutResult {
  /** Joint moves made. */
  readonly steps: number;
  /** "terminal": a terminal state was reached; "no-legal-move": a role had no legal move in a
   *  non-terminal state; "max-steps": the step limit was hit. */
  readonly end: "terminal" | "no-legal-move" | "max-steps";
  /** Goal values in the last state, per role. */
  readonly goals: (number | null)[];
  readonly state: StateHandle;
}

/** Scratch buffers per machine, so that playouts allocate nothing per step. */
const scratch = new WeakMap<GameStateMachine, { a: Uint32Array; b: Uint32Array; moves: Int32Array; legal: Int32Array }>();

function scratchOf(sm: GameStateMachine) {
  let s = scratch.get(sm);
  if (!s) {
    let most = 1;
    for (let r = 0; r < sm.roles.length; r++) most = Math.max(most, sm.maxLegalMoves(r));
    s = { a: new Uint32Array(sm.stateWords), b: new Uint32Array(sm.stateWords), moves: new Int32Array(sm.roles.length), legal: new Int32Array(most) };
    scratch.set(sm, s);
  }
  return s;
}

/**
 * Plays uniformly random joint moves from `from` (default: the initial state) until a
 * terminal state, a role without legal moves, or `maxSteps` joint moves.
 */
export function randomPlayout(sm: GameStateMachine, rng: Rng, options: { from?: StateHandle; maxSteps?: number } = {}): PlayoutResult {
  const maxSteps = options.maxSteps ?? 10_000;
  const s = scratchOf(sm);
  let current = s.a;
  let other = s.b;
  current.set(options.from ?? sm.initialState());
  const nRoles = sm.roles.length;
  let steps = 0;
  let end: PlayoutResult["end"] = "max-steps";
  for (;;) {
    if (sm.isTerminal(current)) {
      end = "terminal";
      break;
    }
    if (steps >= maxSteps) break;
    let stuck = false;
    for (let r = 0; r < nRoles; r++) {
      const count = sm.legalMovesInto(current, r, s.legal);
      if (count === 0) {
        stuck = true;
        break;
      }
      s.moves[r] = s.legal[randomInt(rng, count)];
    }
    if (stuck) {
      end = "no-legal-move";
      break;
    }
    sm.nextStateInto(current, s.moves, other);
    const t = current;
    current = other;
    other = t;
    steps++;
  }
  return { steps, end, goals: sm.goals(current), state: current.slice() };
}

/**
 * perft: counts the joint-move paths of length exactly `depth` from `from` (default: the
 * initial state). A terminal state before `depth` ends its path and is not counted; a
 * non-terminal state in which some role has no legal move is a dead end. perft(0) = 1.
 * In tictactoe, perft(1) = 9, perft(2) = 9 * 8 = 72.
 */
export function perftCounts(sm: GameStateMachine, depth: number, from?: StateHandle): PerftResult {
  let nodes = 0;
  let terminals = 0;
  const nRoles = sm.roles.length;
  const moves = new Int32Array(nRoles);
  const visit = (state: StateHandle, d: number): number => {
    nodes++;
    if (d === 0) return 1;
    if (sm.isTerminal(state)) {
      terminals++;
      return 0;
    }
    const legal = Array.from({ length: nRoles }, (_, r) => sm.legalMoves(state, r));
    if (legal.some((l) => l.length === 0)) return 0;
    let leaves = 0;
    const choice = new Array<number>(nRoles).fill(0);
    const child = new Uint32Array(sm.stateWords);
    for (;;) {
      for (let r = 0; r < nRoles; r++) moves[r] = legal[r][choice[r]];
      sm.nextStateInto(state, moves, child);
      leaves += visit(child.slice(), d - 1);
      let r = nRoles - 1;
      while (r >= 0 && ++choice[r] === legal[r].length) choice[r--] = 0;
      if (r < 0) break;
    }
    return leaves;
  };
  const leaves = visit(from ?? sm.initialState(), depth);
  return { depth, leaves, nodes, terminals };
}

/** perft(depth): the number of leaves of `perftCounts`. */
export function perft(sm: GameStateMachine, depth: number, from?: StateHandle): number {
  return perftCounts(sm, depth, from).leaves;
}

/**
 * `perftCounts` without allocation: one state buffer, legal-move buffers and a move odometer
 * per depth, made once. Going from a child back to its parent is the engine's load of the
 * parent's buffer, which for the fast engine flips back only what the move changed (apply /
 * undo). Same counts as `perftCounts`.
 */
export function perftCountsInPlace(sm: GameStateMachine, depth: number, from?: StateHandle): PerftResult {
  if (sm.perftInPlace) return sm.perftInPlace(depth, from);
  const nRoles = sm.roles.length;
  const { states, legal, counts, choice, moves, reach } = perftBuffers(nRoles, sm.stateWords, (r) => sm.maxLegalMoves(r));
  states[0].set(from ?? sm.initialState());
  let nodes = 1; // the root
  let terminals = 0;
  // the children of the state at depth d (< depth), counted as they are reached
  const visit = (d: number): number => {
    const state = states[d];
    if (sm.isTerminal(state)) {
      terminals++;
      return 0;
    }
    if (legal[d] === undefined) reach(d);
    const l = legal[d];
    const c = counts[d];
    const ch = choice[d];
    const mv = moves[d];
    for (let r = 0; r < nRoles; r++) {
      c[r] = sm.legalMovesInto(state, r, l[r]);
      if (c[r] === 0) return 0;
      ch[r] = 0;
    }
    const child = states[d + 1];
    const last = d + 1 === depth; // the children are leaves: computed, not expanded
    let leaves = 0;
    for (;;) {
      for (let r = 0; r < nRoles; r++) mv[r] = l[r][ch[r]];
      sm.nextStateInto(state, mv, child);
      nodes++;
      leaves += last ? 1 : visit(d + 1);
      let r = nRoles - 1;
      while (r >= 0 && ++ch[r] === c[r]) ch[r--] = 0;
      if (r < 0) break;
    }
    return leaves;
  };
  const leaves = depth === 0 ? 1 : visit(0);
  return { depth, leaves, nodes, terminals };
}
