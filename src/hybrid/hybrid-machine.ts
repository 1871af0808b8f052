/**
 * The hybrid machine: a propnet engine (fast or reference) over the game ground without its lifted
 * relations (lifting.ts), with the lifted atoms' truth asked of the prover per state.
 *
 * In the hybrid propnet a lifted atom is a base proposition (`(lifted_line red)`) with a constant
 * transition. A state handed out by this machine never has those bits set: before the inner
 * engine answers for a state, the machine asks the prover which lifted atoms hold in it and sets
 * their bits in a copy (the filled state, cached per state, most recently used first); every
 * successor the engine writes has them cleared again. The prover is asked only for a question
 * that reads a lifted relation (`LiftedRelation.readBy`): sudoku's legal moves, successors and
 * terminal check never do, only its goals. So states, moves and `stateToKif` are the
 * game's own, and `loadGame`, `play`, `replay`, `bench` and `verify` work unchanged.
 *
 * The terminal check and the goals are asked of the prover itself (`Prover.isTerminal`, a
 * depth-first search that stops at its first proof; `Prover.goalValues`) when the terminal check
 * reads a lifted relation and neither the legal moves nor the successor do (laikLee_hex: `line` is
 * read by terminal and goal alone): a playout asks the terminal check in every state, and filling
 * the state would ask for every instance of every lifted relation; a state's goals then share the
 * prover's tables with its terminal check, as in the prover's machine. The hybrid then does what
 * the prover's machine does for those questions, and its legal moves and successors on the
 * propnet. Where the legal moves or the successor read a lifted relation (alexChess's `pinned`),
 * every state is filled anyway and terminal and goals are read off the filled state's propagation;
 * where the terminal check reads none (sudoku), a playout never asks the prover. Each state is
 * handed to the prover as one object (bits over its universe of fluents, as in the prover's
 * machine), so that its questions share the prover's tables of that state.
 *
 * Why: sudoku and laikLee_hex then propagate their legal moves and successors on a propnet of a
 * few thousand components, where the prover's machine (prover-machine.ts) evaluated every legal
 * move and successor top-down; sudoku asks the prover only for its goals' `goodrow`/`goodcolumn`/
 * `goodsquare`, laikLee_hex its terminal check and goals. Measured (one process, both machines,
 * flat Monte-Carlo alternated, median per-round ratio of nodes per CPU second): laikLee_hex's
 * hybrid filling every state with `line` as term ids was 0.81-0.99× its prover's machine; with
 * states as bits 1.05-1.10×; asking terminal and goals itself 1.06-1.37× (results/hybrid.md, hexpick46).
 * Pure computation: no Node imports.
 */
import type { EngineName, GameStateMachine, StateHandle } from "../propnet/machine.js";
import type { Propnet } from "../propnet/propnet.js";
import type { FluentBits, FluentIds, Prover } from "../prover/prover.js";
import type { LiftedRelation } from "./lifting.js";
import { BaseFluentIds } from "./term-ids.js";
import { StateCache } from "./state-cache.js";
import { highestGoalValues } from "./prover-machine.js";

/** How many states' answers are kept, most recently used first. */
const STATE_CACHE_SIZE = 64;

/** What has been asked of the prover about one state (its lifted bits left out of the key). */
interface StateAnswers {
  /** The state as the prover reads it, made once: the prover keeps its tables of a state by this object. */
  fluents?: FluentBits | FluentIds;
  /** A copy of the state with the lifted atoms that hold in it set. */
  filled?: StateHandle;
  /** The terminal check and the goals, when asked of the prover itself. */
  terminal?: boolean;
  goals?: (number | null)[];
}

export class HybridStateMachine implements GameStateMachine {
  readonly engine: EngineName = "hybrid";
  readonly roles: readonly string[];
  readonly propnet: Propnet;
  readonly baseCount: number;
  readonly inputCount: number;
  readonly stateWords: number;
  readonly randomRole: string | undefined;
  /** The engine that propagates (fast or reference). */
  readonly inner: GameStateMachine;
  readonly lifted: readonly LiftedRelation[];
  private readonly prover: Prover;
  /** Per word: the bits of lifted atoms (cleared in every state handed out). */
  private readonly liftedMask: Uint32Array;
  /** Per lifted relation: fluent KIF of an atom of its domain → base index (-1: not in the propnet). */
  private readonly atomIndex: Map<string, number>[];
  private readonly answers: StateCache<StateAnswers>;
  /** Whether the legal moves, the successor, the terminal check, the goals, the percepts read a lifted relation. */
  private readonly reads: { readonly legal: boolean; readonly next: boolean; readonly terminal: boolean; readonly goal: boolean; readonly sees: boolean };
  /**
   * Whether the terminal check and the goals are asked of the prover itself (the terminal check
   * reads a lifted relation, the legal moves and the successor do not), unless the state was filled.
   */
  readonly terminalOnProver: boolean;
  /** The base fluents as the prover's term ids (a filled state is handed to the prover so). */
  private readonly fluents: BaseFluentIds;
  /** Calls into the prover so far (states filled, terminal checks and goals asked): what `--stats`-like reports can show. */
  proverCalls = 0;
  /** States filled with their lifted atoms so far (each a call into the prover). */
  filledStates = 0;

  constructor(inner: GameStateMachine, prover: Prover, lifted: readonly LiftedRelation[]) {
    this.inner = inner;
    this.prover = prover;
    this.lifted = lifted;
    this.roles = inner.roles;
    this.propnet = inner.propnet;
    this.baseCount = inner.baseCount;
    this.inputCount = inner.inputCount;
    this.stateWords = inner.stateWords;
    this.randomRole = inner.randomRole;
    const read = (keyword: string) => lifted.some((r) => r.readBy.includes(keyword));
    this.reads = { legal: read("legal"), next: read("next"), terminal: read("terminal"), goal: read("goal"), sees: read("sees") };
    this.terminalOnProver = this.reads.terminal && !this.reads.legal && !this.reads.next;
    const baseIndex = new Map(inner.propnet.baseFluents.map((f, i) => [f, i]));
    this.fluents = new BaseFluentIds(prover, inner.propnet.baseFluents);
    this.liftedMask = new Uint32Array(this.stateWords);
    this.atomIndex = lifted.map((relation) => {
      const index = new Map<string, number>();
      for (const atom of relation.atoms) {
        const kif = fluentKif(relation.fluent, atom);
        // an atom that no component reads is not a base proposition of the propnet: -1, no bit
        const b = baseIndex.get(kif) ?? -1;
        index.set(kif, b);
        if (b >= 0) this.liftedMask[b >>> 5] |= 1 << (b & 31);
      }
      return index;
    });
    this.answers = new StateCache<StateAnswers>(STATE_CACHE_SIZE, this.stateWords, this.liftedMask);
  }

  initialState(): StateHandle {
    return this.cleared(this.inner.initialState());
  }

  legalMoves(state: StateHandle, roleIndex: number): number[] {
    return this.inner.legalMoves(this.fillIf(this.reads.legal, state), roleIndex);
  }

  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number {
    return this.inner.legalMovesInto(this.fillIf(this.reads.legal, state), roleIndex, out);
  }

  legalMoveKifs(state: StateHandle, role: string | number): string[] {
    return this.inner.legalMoveKifs(this.fillIf(this.reads.legal, state), role);
  }

  nextState(state: StateHandle, jointMove: readonly number[]): StateHandle {
    return this.cleared(this.inner.nextState(this.fillIf(this.reads.next, state), jointMove));
  }

  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void {
    this.inner.nextStateInto(this.fillIf(this.reads.next, state), jointMove, out);
    this.cleared(out);
  }

  isTerminal(state: StateHandle): boolean {
    if (!this.terminalOnProver) return this.inner.isTerminal(this.fillIf(this.reads.terminal, state));
    const answers = this.answersOf(state);
    if (answers.filled !== undefined) return this.inner.isTerminal(answers.filled);
    if (answers.terminal === undefined) {
      this.proverCalls++;
      answers.terminal = this.prover.isTerminal(this.fluentsOf(state, answers));
    }
    return answers.terminal;
  }

  goals(state: StateHandle): (number | null)[] {
    if (!this.terminalOnProver || !this.reads.goal) return this.inner.goals(this.fillIf(this.reads.goal, state));
    const answers = this.answersOf(state);
    if (answers.filled !== undefined) return this.inner.goals(answers.filled);
    if (answers.goals === undefined) {
      this.proverCalls++;
      answers.goals = highestGoalValues(this.roles, this.prover.goalValues(this.fluentsOf(state, answers)));
    }
    return [...answers.goals];
  }

  percepts(state: StateHandle, jointMove: readonly number[]): Record<string, string[]> {
    return this.inner.percepts(this.fillIf(this.reads.sees, state), jointMove);
  }

  stateToBaseIndices(state: StateHandle): number[] {
    return this.inner.stateToBaseIndices(state);
  }

  stateFromBaseIndices(indices: Iterable<number>): StateHandle {
    return this.inner.stateFromBaseIndices(indices);
  }

  stateToKif(state: StateHandle): string[] {
    return this.inner.stateToKif(state);
  }

  stateFromKif(fluents: Iterable<string>): StateHandle | undefined {
    return this.inner.stateFromKif(fluents);
  }

  roleIndex(role: string): number | undefined {
    return this.inner.roleIndex(role);
  }

  moveIndex(role: string | number, moveKif: string): number | undefined {
    return this.inner.moveIndex(role, moveKif);
  }

  moveKif(inputIndex: number): string {
    return this.inner.moveKif(inputIndex);
  }

  moveRole(inputIndex: number): number {
    return this.inner.moveRole(inputIndex);
  }

  maxLegalMoves(roleIndex: number): number {
    return this.inner.maxLegalMoves(roleIndex);
  }

  /** Whether a base proposition stands for a lifted atom (never set in a state this machine hands out). */
  isLiftedBase(baseIndex: number): boolean {
    return ((this.liftedMask[baseIndex >>> 5] >>> (baseIndex & 31)) & 1) === 1;
  }

  private cleared(state: StateHandle): StateHandle {
    for (let w = 0; w < this.stateWords; w++) state[w] &= ~this.liftedMask[w];
    return state;
  }

  /** `state` filled when `needed`; else `state` itself (nothing asked reads a lifted atom, whose bits it has cleared). */
  private fillIf(needed: boolean, state: StateHandle): StateHandle {
    return needed ? this.fill(state) : state;
  }

  /** A copy of `state` with the lifted atoms that hold in it set, asked of the prover once per state. */
  private fill(state: StateHandle): StateHandle {
    const answers = this.answersOf(state);
    if (answers.filled !== undefined) return answers.filled;
    const full = this.cleared(state.slice());
    const fluents = this.fluentsOf(full, answers, true);
    this.proverCalls++;
    this.filledStates++;
    this.lifted.forEach((relation, r) => {
      for (const args of this.prover.instances(fluents, relation.relation, relation.arity)) {
        const atom = fluentKif(relation.fluent, args);
        const b = this.atomIndex[r].get(atom);
        if (b === undefined) throw new Error(`the prover derived ${relation.relation}(${args.join(", ")}), outside the argument domains the lifted relation was ground over`);
        if (b >= 0) full[b >>> 5] |= 1 << (b & 31);
      }
    });
    return (answers.filled = full);
  }

  /** What has been asked of the state so far, from the most-recently-used cache. */
  private answersOf(state: StateHandle): StateAnswers {
    return this.answers.get(state, () => ({}));
  }

  /**
   * The state as the prover reads it, its lifted bits cleared (`isCleared`: `state` has them cleared
   * already), made once per state: the prover keeps the state's tables by this object.
   */
  private fluentsOf(state: StateHandle, answers: StateAnswers, isCleared = false): FluentBits | FluentIds {
    return (answers.fluents ??= this.fluents.proverState(isCleared ? state : this.cleared(state.slice())));
  }
}

/** The KIF of the fluent that stands for a lifted atom (`(lifted_line red)`, or `lifted_p` without arguments). */
function fluentKif(fluent: string, args: readonly string[]): string {
  return args.length === 0 ? fluent : `(${fluent} ${args.join(" ")})`;
}
