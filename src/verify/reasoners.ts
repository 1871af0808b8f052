/**
 * Adapters that present each reasoner as a `KifReasoner` (normalized KIF states and moves), so
 * that `compare.ts` can play them against each other:
 *   - a propnet state machine of either engine (states are its bitsets, moves its input indices);
 *   - the non-ground prover (states are sorted fluent lists).
 *
 * Goal values follow one convention on both sides: when the rules give a role several goal
 * values in a state (a defect of the game, GDL asks for one), the highest counts, which is what
 * `PropnetStateMachine.goals` reports. The reference adapter records such states in `notes`.
 */
import type { GameStateMachine, StateHandle } from "../propnet/machine.js";
import type { Prover, State } from "../prover/prover.js";
import type { KifReasoner } from "./compare.js";

/** The propnet state machine as a KifReasoner. A move that is not an input of its role throws. */
export function propnetKifReasoner(sm: GameStateMachine): KifReasoner<StateHandle> {
  const roleIndex = new Map(sm.roles.map((role, r) => [role, r]));
  return {
    roles: sm.roles,
    initialState: () => sm.initialState(),
    legalMoves: (state, role) => {
      const r = roleIndex.get(role);
      return r === undefined ? [] : sm.legalMoveKifs(state, r);
    },
    nextState: (state, joint) => sm.nextState(state, jointIndices(sm, joint)),
    isTerminal: (state) => sm.isTerminal(state),
    percepts: (state, joint) => sm.percepts(state, jointIndices(sm, joint)),
    goals: (state) => {
      const values = sm.goals(state);
      return Object.fromEntries(sm.roles.map((role, r) => [role, values[r]]));
    },
    stateToKif: (state) => sm.stateToKif(state),
  };
}

/** A joint move of KIF moves as input indices; a move that is not an input of its role throws. */
function jointIndices(sm: GameStateMachine, joint: readonly string[]): number[] {
  return joint.map((move, r) => {
    const index = sm.moveIndex(r, move);
    if (index === undefined) throw new Error(`the propnet has no input (does ${sm.roles[r]} ${move})`);
    return index;
  });
}

/** A KifReasoner that also tells about states where a role had several goal values. */
export interface NotedKifReasoner<S> extends KifReasoner<S> {
  /** One line per role and state with several goal values (at most a few). */
  readonly notes: string[];
}

/** The prover as a KifReasoner (highest goal value when there are several). */
export function proverKifReasoner(reference: Prover): NotedKifReasoner<State> {
  const notes: string[] = [];
  return {
    roles: reference.roles,
    notes,
    initialState: () => reference.initialState(),
    legalMoves: (state, role) => reference.legalMoves(state, role),
    nextState: (state, joint) => reference.nextState(state, joint),
    isTerminal: (state) => reference.isTerminal(state),
    goals: (state) => {
      const all = reference.goalValues(state);
      const result: Record<string, number | null> = {};
      for (const role of reference.roles) {
        const values = all[role];
        result[role] = values.length === 0 ? null : values[values.length - 1];
        if (values.length > 1 && notes.length < 3) notes.push(`role ${role} has several goal values [${values.join(", ")}] in a terminal state; the highest counts`);
      }
      return result;
    },
    stateToKif: (state) => state,
    percepts: (state, joint) => reference.percepts(state, joint),
  };
}
