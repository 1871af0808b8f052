/**
 * The buffers of an allocation-free perft, one set per depth, made when the depth is first reached
 * (memory follows the depth the game reaches, not the one asked). Shared by the generic walk
 * (search.ts, any engine) and the fast engine's own walk in its loaded state (fast/runtime.ts).
 */

/** Per depth d: each role's legal-move buffer, their counts, the move odometer, the joint move, and the state at d. */
export interface PerftBuffers {
  readonly legal: Int32Array[][];
  readonly counts: Int32Array[];
  readonly choice: Int32Array[];
  readonly moves: Int32Array[];
  readonly states: Uint32Array[];
  /** Makes depth d's buffers and the state buffer of depth d + 1. */
  reach(d: number): void;
}

/** Empty buffers but the state of depth 0; `maxLegal(r)` bounds role r's legal moves. */
export function perftBuffers(nRoles: number, stateWords: number, maxLegal: (role: number) => number): PerftBuffers {
  const b: PerftBuffers = {
    legal: [],
    counts: [],
    choice: [],
    moves: [],
    states: [new Uint32Array(stateWords)],
    reach(d: number) {
      b.legal[d] = Array.from({ length: nRoles }, (_, r) => new Int32Array(Math.max(1, maxLegal(r))));
      b.counts[d] = new Int32Array(nRoles);
      b.choice[d] = new Int32Array(nRoles);
      b.moves[d] = new Int32Array(nRoles);
      b.states[d + 1] = new Uint32Array(stateWords);
    },
  };
  return b;
}
