/**
 * The one small interface every propnet state machine implements (issue 13): what a General
 * Game Playing player calls, in the vocabulary of GDL. Two engines implement it:
 *   - "fast"      (`FastStateMachine`, fast/machine.ts): incremental propagation with legal
 *                 moves and the next state maintained as the values change; the default;
 *   - "reference" (`PropnetStateMachine`, reference-machine.ts): the earlier engine, kept to
 *                 check the fast one against and to measure it by.
 * Here too the results both engines and the search and bench loops share (`PerftResult`,
 * `PropnetCompileError`), so that every module of the folder imports them from this one.
 *
 * A state (`StateHandle`) is a bitset over base indices (`Propnet.baseFluents`); a move is an
 * input index (into `Propnet.inputs`); a joint move is one input index per role, in role order.
 * GDL-II: the `random` role (`randomRole`) is chance, whose move a game master draws uniformly
 * from its legal moves; what each role is told of a joint move is `percepts` (`sees`). A GDL
 * game has neither, and pays nothing for them.
 * Pure computation: no Node imports, so it runs in a browser page too.
 */
import type { Propnet, PropnetCycle } from "./propnet.js";

/** A state: a bitset over base indices (bit b of word b >>> 5). Treat it as immutable. */
export type StateHandle = Uint32Array;

/**
 * The engines that implement `GameStateMachine`: the two propnet engines, and "prover", the whole
 * game on the prover (src/hybrid/prover-machine.ts) for a game that cannot be ground, and "hybrid", a
 * propnet engine with the relations that cannot be ground asked of the prover (src/hybrid/hybrid-machine.ts).
 */
export type EngineName = "fast" | "reference" | "prover" | "hybrid";

/** The engines that run a propnet (`compileMachine`). */
export const ENGINE_NAMES: readonly EngineName[] = ["fast", "reference"];

export interface PerftResult {
  readonly depth: number;
  /** Paths of exactly `depth` joint moves that do not pass through a terminal state before their end (perft(depth)). */
  readonly leaves: number;
  /** States visited, the root and the leaves included (with multiplicity: no transpositions are merged). */
  readonly nodes: number;
  /** Terminal states met before `depth` (they end their path and are not leaves). */
  readonly terminals: number;
}

/** Why a propnet could not be compiled into a state machine. */
export interface PropnetCompileError {
  readonly kind: "propnet-compile-error";
  readonly message: string;
  readonly cycles: readonly PropnetCycle[];
}

export function isCompileError<M extends GameStateMachine>(x: M | PropnetCompileError): x is PropnetCompileError {
  return (x as Partial<PropnetCompileError>).kind === "propnet-compile-error";
}

export interface GameStateMachine {
  readonly engine: EngineName;
  readonly roles: readonly string[];
  readonly propnet: Propnet;
  /** Number of base propositions (fluents): the bits of a state. */
  readonly baseCount: number;
  /** Number of input propositions (moves of every role). */
  readonly inputCount: number;
  /** Words (32 bits) per state. */
  readonly stateWords: number;
  /** GDL-II's chance role (`random`) when the game has one: not a player, its moves are drawn uniformly. */
  readonly randomRole: string | undefined;

  /** The state the `init` propositions describe. */
  initialState(): StateHandle;
  /** Legal moves of a role (input indices, ascending). */
  legalMoves(state: StateHandle, roleIndex: number): number[];
  /**
   * Writes the legal moves (input indices) of a role into `out` (at least `maxLegalMoves`
   * long) and returns how many; allocates nothing. The order is the engine's own: ascending
   * for the reference engine, not sorted for the fast one.
   */
  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number;
  /** Legal moves of a role as KIF, sorted. */
  legalMoveKifs(state: StateHandle, role: string | number): string[];
  /** The successor state under a joint move (one input index per role, in role order). */
  nextState(state: StateHandle, jointMove: readonly number[]): StateHandle;
  /** `nextState` written into `out` (`stateWords` long); allocates nothing. */
  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void;
  isTerminal(state: StateHandle): boolean;
  /** The goal value of each role (the highest that holds), or null when none holds. */
  goals(state: StateHandle): (number | null)[];
  /**
   * What each role perceives when the joint move is played in the state (GDL-II's `sees`,
   * evaluated in the state before the move, with the move's `does`): every role's percepts, KIF
   * sorted; empty lists for a GDL game. Throws a RangeError for a malformed joint move, as
   * `nextState` does.
   */
  percepts(state: StateHandle, jointMove: readonly number[]): Record<string, string[]>;

  stateToBaseIndices(state: StateHandle): number[];
  stateFromBaseIndices(indices: Iterable<number>): StateHandle;
  /** The fluents that hold (KIF without `true`), sorted. */
  stateToKif(state: StateHandle): string[];
  /** A state from fluents (KIF without `true`); undefined when one is not a base fluent. */
  stateFromKif(fluents: Iterable<string>): StateHandle | undefined;
  roleIndex(role: string): number | undefined;
  /** The input index of a role's move (KIF), or undefined. */
  moveIndex(role: string | number, moveKif: string): number | undefined;
  moveKif(inputIndex: number): string;
  moveRole(inputIndex: number): number;
  /** Number of legal propositions of a role (an upper bound of its legal moves). */
  maxLegalMoves(roleIndex: number): number;
  /**
   * Optional, the engine's own loops (the fast engine's): flat Monte-Carlo's states visited
   * (see `FastStateMachine.randomPlayoutNodes`) and perft walked in place (`perftCountsInPlace`).
   */
  randomPlayoutNodes?(playouts: number, rng: () => number, maxSteps: number): number;
  perftInPlace?(depth: number, from?: StateHandle): PerftResult;
}
