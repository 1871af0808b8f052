/**
 * Two provers of one game (one option apart) must answer the same along seeded random playouts:
 * initial state, terminal flag, goals, every role's legal moves and the next state at each step,
 * the moves chosen from `leader`'s answers (a playout ends where a role has no legal move). The check
 * of the prover's options that change how it answers, not what (kept answers, depth-first searches,
 * compiled plans, generated plan bodies).
 */
import { expect } from "vitest";
import type { Prover, State } from "../../src/prover/prover.js";

export interface PlayoutAgreement {
  /** The seed of the move choices (one sequence over all playouts). */
  readonly seed: number;
  readonly playouts: number;
  /** Steps per playout at most. */
  readonly steps: number;
}

export function expectSameAlongPlayouts(leader: Prover, other: Prover, game: string, { seed, playouts, steps }: PlayoutAgreement): void {
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let playout = 0; playout < playouts; playout++) {
    let state: State = leader.initialState();
    expect(other.initialState(), game).toEqual(state);
    for (let step = 0; step < steps; step++) {
      const terminal = leader.isTerminal(state);
      expect(other.isTerminal(state), `${game} step ${step}`).toBe(terminal);
      expect(other.goalValues(state), `${game} step ${step}`).toEqual(leader.goalValues(state));
      if (terminal) break;
      const joint = leader.roles.map((role) => {
        const moves = leader.legalMoves(state, role);
        expect(other.legalMoves(state, role), `${game} step ${step} ${role}`).toEqual(moves);
        return moves[Math.floor(random() * moves.length)];
      });
      if (joint.some((move) => move === undefined)) break; // a role with no legal move: the playout ends there
      const next = leader.nextState(state, joint);
      expect(other.nextState(state, joint), `${game} step ${step}`).toEqual(next);
      state = next;
    }
  }
}
