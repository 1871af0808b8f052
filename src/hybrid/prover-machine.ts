/**
 * The whole game on the prover (src/prover/): a `GameStateMachine` for a game that cannot be
 * ground, with the same states and moves as the propnet engines. Its base fluents and inputs
 * come from grounding P^base alone (`translate(…, "base")`, cheap where the full grounding is
 * not), its answers from the prover's top-down evaluation of the non-ground rules.
 *
 * Why: chess, alexChess, slaughter, sudoku and laikLee_hex do not ground within 60 s (tens of
 * millions of ground rules for their threat relations, sudoku's 9! permutations, laikLee_hex's
 * simple paths), but P^base of each grounds in about a second; a player, `replay`, `bench` and
 * `verify` then still have a machine, behind the interface they already use.
 *
 * A state is the bitset over base indices the engines use; the prover reads it as a bitset over
 * its universe of fluents, the base fluents in the order their KIF sorts (`FluentBits`), made once
 * per state. The questions one step asks of a state (each role's legal moves, terminal, goals)
 * are answered once per state: a small most-recently-used cache keeps them, and the prover keeps
 * the tables of the last states it evaluated (prover.ts), so that a terminal check, the legal
 * moves and the next state of one state share what they derive.
 * Pure computation: no Node imports.
 */
import type { EngineName, StateHandle } from "../propnet/machine.js";
import { PropnetMachineBase } from "../propnet/machine-base.js";
import type { Propnet } from "../propnet/propnet.js";
import type { FluentBits, FluentIds, Prover } from "../prover/prover.js";
import { BaseFluentIds, KifTermIds, type DerivedFluents } from "./term-ids.js";
import { StateCache } from "./state-cache.js";

/** How many states' answers are kept, most recently used first. */
const ANSWER_CACHE_SIZE = 64;

/** What has been asked of one state. */
interface StateAnswers {
  /** The state's fluents as bits over the universe (else as term ids, in KIF order): the prover keeps its layer by this object. */
  readonly fluents: FluentBits | FluentIds;
  readonly legal: (Int32Array | undefined)[];
  terminal?: boolean;
  goals?: (number | null)[];
}

/** A fluent or a move the prover derived that P^base does not have: P^base is not an over-approximation, a bug. */
export class OutsideRelaxationError extends Error {
  constructor(what: string) {
    super(`the prover derived ${what}, which the static relaxation P^base does not contain`);
    this.name = "OutsideRelaxationError";
  }
}

/**
 * The prover's machine: what the engines share (states, roles and moves by name, the checked
 * `nextState`) from `PropnetMachineBase`, over the partial propnet of P^base (its base and
 * input propositions, no gate); every answer from the prover.
 */
export class ProverStateMachine extends PropnetMachineBase {
  readonly engine: EngineName = "prover";
  private readonly prover: Prover;
  /** The base fluents as the prover's term ids, both ways. */
  private readonly fluents: BaseFluentIds;
  /** The inputs' moves as the prover's term ids, both ways, grouped by role. */
  private readonly moves: KifTermIds;
  private readonly inputsOfRole: number[];
  private readonly answers: StateCache<StateAnswers>;

  /**
   * `derived`: fluents derived from each state outside the prover (the atoms ground below it,
   * below-machine.ts), handed to it with the state's own; `prover` then reads them as fluents.
   */
  constructor(prover: Prover, propnet: Propnet, derived?: DerivedFluents) {
    super(propnet, new Int32Array(propnet.components.length));
    if (prover.roles.length !== propnet.roles.length || prover.roles.some((r, i) => r !== propnet.roles[i])) {
      throw new Error(`the prover's roles (${prover.roles.join(" ")}) are not the propnet's (${propnet.roles.join(" ")})`);
    }
    this.prover = prover;
    this.answers = new StateCache<StateAnswers>(ANSWER_CACHE_SIZE, this.stateWords);
    this.fluents = new BaseFluentIds(prover, propnet.baseFluents, derived);
    this.moves = new KifTermIds(
      prover,
      propnet.inputs.map((m) => m.move),
      propnet.inputs.map((m) => m.role),
      propnet.roles.length,
    );
    this.inputsOfRole = propnet.roles.map(() => 0);
    for (const m of propnet.inputs) this.inputsOfRole[m.role]++;
  }

  initialState(): StateHandle {
    const state = new Uint32Array(this.stateWords);
    this.writeState(this.prover.initialState().map((f) => this.prover.termIdOf(f)), state);
    return state;
  }

  legalMoves(state: StateHandle, roleIndex: number): number[] {
    return Array.from(this.legalOf(state, roleIndex));
  }

  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number {
    const legal = this.legalOf(state, roleIndex);
    out.set(legal);
    return legal.length;
  }

  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void {
    const next = this.prover.nextFluentIds(this.answersOf(state).fluents, this.jointMoveIds(jointMove));
    out.fill(0);
    this.writeState(next, out);
  }

  isTerminal(state: StateHandle): boolean {
    const answers = this.answersOf(state);
    return (answers.terminal ??= this.prover.isTerminal(answers.fluents));
  }

  /** The highest goal value of each role, as the propnet engines give it, or null when none holds. */
  goals(state: StateHandle): (number | null)[] {
    const answers = this.answersOf(state);
    if (answers.goals === undefined) {
      const values = this.prover.goalValues(answers.fluents);
      answers.goals = highestGoalValues(this.roles, values);
    }
    return [...answers.goals];
  }

  override percepts(state: StateHandle, jointMove: readonly number[]): Record<string, string[]> {
    const ids = this.jointMoveIds(jointMove);
    return this.prover.percepts(this.answersOf(state).fluents, Array.from(ids, (id) => this.prover.kifOf(id)));
  }

  /** Never called: `percepts` asks the prover (the partial propnet has no sees proposition). */
  protected withPerceptValues(): void {
    throw new Error("the prover's machine has no propnet values");
  }

  override stateToKif(state: StateHandle): string[] {
    return Array.from(this.fluents.sortedByKif(this.stateToBaseIndices(state)), (b) => this.propnet.baseFluents[b]);
  }

  /** The inputs of the role: P^base's bound of its legal moves. */
  maxLegalMoves(roleIndex: number): number {
    return this.inputsOfRole[roleIndex];
  }

  /** The legal moves of a role in the state, input indices ascending, asked of the prover once per state. */
  private legalOf(state: StateHandle, roleIndex: number): Int32Array {
    const answers = this.answersOf(state);
    let legal = answers.legal[roleIndex];
    if (legal === undefined) {
      const moves = this.prover.legalMoveIds(answers.fluents, roleIndex);
      legal = new Int32Array(moves.length);
      for (let k = 0; k < moves.length; k++) {
        const i = this.moves.indexOf(moves[k], roleIndex);
        if (i < 0) throw new OutsideRelaxationError(`the legal move ${this.prover.kifOf(moves[k])} of ${this.roles[roleIndex]}`);
        legal[k] = i;
      }
      legal.sort();
      answers.legal[roleIndex] = legal;
    }
    return legal;
  }

  /** Moves of a joint move as the prover's term ids, checked as the engines check them (a RangeError for a malformed one). */
  private jointMoveIds(jointMove: ArrayLike<number>): number[] {
    if (jointMove.length !== this.roles.length) throw new RangeError(`a joint move needs ${this.roles.length} moves`);
    const moves: number[] = [];
    for (let r = 0; r < jointMove.length; r++) {
      const m = jointMove[r];
      if (!(m >= 0 && m < this.inputCount) || this.inputRole[m] !== r) throw new RangeError(`move ${m} is not an input of role ${this.roles[r]}`);
      moves.push(this.moves.idOf(m));
    }
    return moves;
  }

  /** What has been asked of the state so far (its fluents at least), from the most-recently-used cache. */
  private answersOf(state: StateHandle): StateAnswers {
    return this.answers.get(state, () => ({
      fluents: this.fluents.proverState(state),
      legal: this.roles.map(() => undefined),
    }));
  }

  /** Sets the bits of fluents given as the prover's term ids. */
  private writeState(fluents: readonly number[], out: Uint32Array): void {
    for (const f of fluents) {
      const b = this.fluents.baseOf(f);
      if (b < 0) throw new OutsideRelaxationError(`the fluent ${this.prover.kifOf(f)}`);
      out[b >>> 5] |= 1 << (b & 31);
    }
  }
}

/** The highest goal value of each role (in `roles`' order), as the propnet engines give it, or null when it has none. */
export function highestGoalValues(roles: readonly string[], values: Readonly<Record<string, readonly number[]>>): (number | null)[] {
  return roles.map((role) => {
    const held = values[role] ?? [];
    return held.length > 0 ? held[held.length - 1] : null;
  });
}
