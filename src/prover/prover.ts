/**
 * A simple, independent prover for GDL that works directly on the rules with
 * variables (no grounding): the oracle the grounder and the propnet are tested against.
 *
 * States and moves are normalized KIF strings (as `termToKif` prints them): a state is the
 * sorted list of its fluents without `true`; a joint move lists one move per role, in the
 * order of the `role` facts. Evaluation is top-down with tabling (evaluator.ts) over the
 * clauses compiled by program.ts; see there for the exact reading of `or`, `not` and
 * `distinct`.
 *
 * Queries throw on rules that cannot be evaluated: a variable left unbound in a head, a
 * `distinct` on an unbound variable, a negated call met while it is being computed (not
 * stratified); such rules are not valid GDL. `fromDescription` itself does not throw.
 */
import { RANDOM_ROLE, type Description } from "../syntax/ast.js";
import { Evaluator, type Layer } from "./evaluator.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { compileProgram, type Program, type Relation } from "./program.js";
import { FluentUniverse } from "./fluent-universe.js";
import { orderBodiesByCost } from "./literal-cost.js";
import { addPossibleGuards } from "./possible-guards.js";
import { groundCallComponents } from "./ground-calls.js";
import { RecentLayers } from "./recent-layers.js";

export { FluentUniverse } from "./fluent-universe.js";

export { parseKifTerm } from "../syntax/kif-term.js";

/** Fluents (without `true`), as normalized KIF, sorted and without repeats. */
export type State = readonly string[];

/**
 * A state given as the term ids of its fluents (`termIdOf`), for a caller that keeps its states
 * apart from text (src/hybrid/prover-machine.ts): the prover keeps its layer by the object's
 * identity, so one object per state spares the text of its fluents, their key and their parsing.
 */
export interface FluentIds {
  /** The fluents' term ids, in any order (the layer is built in it: the prover's machine gives them as the fluents sort as KIF). */
  readonly ids: readonly number[];
}

/**
 * A state given as a bitset over a universe of fluents (`Prover.fluentUniverse`): bit p (word
 * p >>> 5, bit p & 31) set when the universe's fluent p holds. The prover keeps its layer by the
 * object's identity and reads the bits as they are: they must not change while the object is in use.
 */
export interface FluentBits {
  readonly universe: FluentUniverse;
  readonly bits: Uint32Array;
}

/** A state in any of the forms the prover reads: KIF, term ids, or bits over the universe of fluents. */
export type StateInput = State | FluentIds | FluentBits;

/** How many state layers (their tables) are kept, most recently used first. */
const STATE_CACHE_SIZE = 2;

function sortedUnique(items: Iterable<string>): string[] {
  return [...new Set(items)].sort();
}

export interface ProverOptions {
  /**
   * Tables of static relations kept across queries at most (default `STATIC_TABLE_LIMIT`,
   * evaluator.ts): a query that starts with more drops them all first.
   */
  readonly staticTableLimit?: number;
  /**
   * Loops a component's depth-first searches of fully bound calls may meet before its calls are
   * tabled (default `GROUND_LOOP_LIMIT`, evaluator.ts); 0 tables every call, as the prover did
   * before those searches (the tests compare the two).
   */
  readonly groundLoopLimit?: number;
  /**
   * Whether the answers of fully bound calls that hold in every state are kept for the game (default
   * true): those of static relations, and the calls of state-dependent relations that the relaxation
   * rules out (src/prover/relaxed.ts); false asks every one again (the tests compare the two).
   */
  readonly staticAnswers?: boolean;
  /**
   * Whether rule bodies are solved by plans compiled per call pattern (default true: src/prover/plan.ts
   * fixes how each argument is built and matched, src/prover/plan-code.ts makes each a generated function;
   * "modes": the compiled plans read by the evaluator's interpretive loop), or by the interpretive evaluation
   * (false; the tests compare the three).
   */
  readonly compiledPlans?: boolean | "modes";
  /**
   * How rule bodies are ordered: by the estimated answers of each literal (default "cost",
   * src/prover/literal-cost.ts) or with the positive literals as written (the tests compare the two).
   */
  readonly bodyOrder?: "cost" | "written";
  /**
   * Whether relations searched depth-first get guards, the calls they may hold for in some state as facts
   * that a body can enumerate first (default true with the order by cost, src/prover/possible-guards.ts;
   * the tests compare the two).
   */
  readonly guards?: boolean;
}

/**
 * Adds the guards of possible-guards.ts to a program whose bodies are ordered by cost, before its
 * evaluator is made (whose arrays are sized by the relations); the plans made meanwhile (by the
 * analysis of ground components) are dropped, so that every plan may read the guards, and the
 * estimates are made again.
 */
function addGuards(program: Program): void {
  if (addPossibleGuards(program, groundCallComponents(program)) === 0) return;
  for (const r of program.relations) for (const clause of r.clauses) clause.plans.clear();
  orderBodiesByCost(program);
}

export class Prover {
  /** The roles, in the order of the `role` facts. */
  readonly roles: readonly string[];
  /** GDL-II's chance role (`random`) when the game declares it. */
  readonly randomRole: string | undefined;
  private readonly evaluator: Evaluator;
  private readonly program: Program;
  private readonly roleIds: readonly number[];
  private readonly termIds = new Map<string, number>();
  private readonly stateLayers = new RecentLayers<string | FluentIds | FluentBits>(STATE_CACHE_SIZE);
  /** The state asked last and its layer: a machine asks each of its states several questions in a row, with one array. */
  private lastState: StateInput | null = null;
  /** The layer `noInput` hands out while it stays empty. */
  private emptyInput: Layer | null = null;
  private lastLayer: Layer | null = null;

  private constructor(
    program: Program,
    /** The reading of the description, for the states and moves given as text. */
    private readonly caseSensitive: boolean,
    options: ProverOptions,
  ) {
    this.program = program;
    if (options.bodyOrder !== "written") {
      orderBodiesByCost(program);
      if (options.guards !== false) addGuards(program);
    }
    this.evaluator = new Evaluator(program, options.staticTableLimit, options.groundLoopLimit, options.staticAnswers, options.compiledPlans);
    this.roleIds = program.roles;
    this.roles = program.roles.map((id) => program.store.kif(id));
    this.randomRole = this.roles.includes(RANDOM_ROLE) ? RANDOM_ROLE : undefined;
  }

  /**
   * A layer with no input, for a query that does not give one: no moves for legal, goal and
   * terminal (which GDL forbids to depend on `does`), no state for init. One while it stays empty
   * (a query whose relation reads nothing of that level makes no table in it); fresh once a query
   * left something in it, since the tables it collects depend on the other layers of the query.
   */
  private noInput(): Layer {
    const layer = this.emptyInput;
    if (layer !== null && layer.empty) return layer;
    return (this.emptyInput = this.evaluator.stateLayer([]));
  }

  static fromDescription(description: Description, options: ProverOptions = {}): Prover {
    return new Prover(compileProgram(description), description.caseSensitive === true, options);
  }

  /** How many tables of static relations the evaluator keeps now (see `ProverOptions.staticTableLimit`). */
  get staticTableCount(): number {
    return this.evaluator.staticTableCount;
  }

  initialState(): State {
    const answers = this.ask("init/1", [-1], this.noInput(), this.noInput());
    return sortedUnique(answers.map((t) => this.kifOf(t[0])));
  }

  /** The legal moves of `role` in `state`, sorted (by UTF-16 code units, as `Array.prototype.sort`). */
  legalMoves(state: StateInput, role: string): string[] {
    const answers = this.ask("legal/2", [this.termIdOf(role), -1], this.layerOf(state), this.noInput());
    return sortedUnique(answers.map((t) => this.kifOf(t[1])));
  }

  /** The state after `jointMove` (one move per role, in role order) is played in `state`. */
  nextState(state: StateInput, jointMove: readonly string[]): State {
    return sortedUnique(this.nextFluents(state, jointMove));
  }

  /** The fluents of the state after `jointMove`, as `nextState` but in no order, possibly repeated (for a caller that sets bits). */
  nextFluents(state: StateInput, jointMove: readonly string[]): string[] {
    return this.nextFluentIds(state, jointMove.map((m) => this.termIdOf(m))).map((id) => this.kifOf(id));
  }

  /** `nextFluents` as term ids, the joint move given as the moves' term ids (`termIdOf`). */
  nextFluentIds(state: StateInput, jointMove: readonly number[]): number[] {
    const answers = this.ask("next/1", [-1], this.layerOf(state), this.moveLayer(jointMove));
    return answers.map((t) => t[0]);
  }

  /** The legal moves of the role at `roleIndex` (in role order) as term ids, in no order, without repeats. */
  legalMoveIds(state: StateInput, roleIndex: number): number[] {
    return this.ask("legal/2", [this.roleIds[roleIndex], -1], this.layerOf(state), this.noInput()).map((t) => t[1]);
  }

  /**
   * What each role perceives when `jointMove` is played in `state` (GDL-II's `sees`, asked in
   * the state before the move, with the move's `does`, as the Dresden GameController asks it):
   * sorted percepts per role, every role present (empty for a GDL-I game).
   */
  percepts(state: StateInput, jointMove: readonly string[]): Record<string, string[]> {
    const moves = this.moveLayer(jointMove.map((m) => this.termIdOf(m)));
    const layer = this.layerOf(state);
    const result: Record<string, string[]> = {};
    this.roles.forEach((role, i) => {
      const answers = this.ask("sees/2", [this.roleIds[i], -1], layer, moves);
      result[role] = sortedUnique(answers.map((t) => this.kifOf(t[1])));
    });
    return result;
  }

  isTerminal(state: StateInput): boolean {
    return this.ask("terminal/0", [], this.layerOf(state), this.noInput()).length > 0;
  }

  /**
   * The goal value of each role: `null` when the role has no goal value, or when it has
   * several different ones (see `goalValues` for all of them). Values that are not numbers
   * are ignored.
   */
  goals(state: StateInput): Record<string, number | null> {
    const all = this.goalValues(state);
    const result: Record<string, number | null> = {};
    for (const role of this.roles) result[role] = all[role].length === 1 ? all[role][0] : null;
    return result;
  }

  /** Every numeric goal value of each role in `state`, ascending. */
  goalValues(state: StateInput): Record<string, number[]> {
    const layer = this.layerOf(state);
    const result: Record<string, number[]> = {};
    this.roles.forEach((role, i) => {
      const answers = this.ask("goal/2", [this.roleIds[i], -1], layer, this.noInput());
      const values = new Set<number>();
      for (const t of answers) {
        const text = this.kifOf(t[1]);
        const value = Number(text);
        if (text.trim() !== "" && Number.isFinite(value)) values.add(value);
      }
      result[role] = [...values].sort((a, b) => a - b);
    });
    return result;
  }

  /**
   * Every instance of relation `name`/`arity` that holds in `state`, as its arguments in KIF: how
   * the hybrid machine (src/hybrid/hybrid-machine.ts) asks for a lifted relation. The relation
   * must not depend on `does` (no move is given).
   */
  instances(state: StateInput, name: string, arity: number): string[][] {
    const answers = this.ask(`${name}/${arity}`, new Array<number>(arity).fill(-1), this.layerOf(state), this.noInput());
    return answers.map((tuple) => tuple.map((id) => this.kifOf(id)));
  }

  private ask(key: string, call: number[], state: Layer, move: Layer): readonly number[][] {
    const relation: Relation | undefined = this.program.relation(key);
    if (relation === undefined) return [];
    try {
      return this.evaluator.query(relation, call, state, move);
    } catch (error) {
      this.stateLayers.clear();
      this.lastState = this.lastLayer = null;
      throw error;
    }
  }

  /** The `does` layer of a joint move given as the moves' term ids, one per role in role order. */
  private moveLayer(jointMove: readonly number[]): Layer {
    if (jointMove.length !== this.roleIds.length) {
      throw new Error(`a joint move needs ${this.roleIds.length} moves (one per role), got ${jointMove.length}`);
    }
    return this.evaluator.moveLayer(this.roleIds, jointMove);
  }

  /**
   * A universe of fluents (term ids, each once; throws when one repeats) that states given as
   * `FluentBits` are bitsets over, by position: their `true` inputs are then read from the bits
   * (fluent-universe.ts), each fluent routed to its input relations once for the game.
   */
  fluentUniverse(fluents: readonly number[]): FluentUniverse {
    return new FluentUniverse(this.program, fluents);
  }

  /** A term id as normalized KIF. */
  kifOf(id: number): string {
    return this.program.store.kif(id);
  }

  /** The term id of a term given as KIF (a fluent without `true`, a move): what `FluentIds` and `nextFluentIds` speak. */
  termIdOf(text: string): number {
    let id = this.termIds.get(text);
    if (id === undefined) {
      id = this.program.store.intern(parseKifTerm(text, { caseSensitive: this.caseSensitive }));
      this.termIds.set(text, id);
    }
    return id;
  }

  /** The layer (inputs and tables) of a state, from a small most-recently-used cache. */
  private layerOf(state: StateInput): Layer {
    if (state === this.lastState) return this.lastLayer!;
    const key = Array.isArray(state) ? (state as State).join("\n") : (state as FluentIds | FluentBits);
    let layer = this.stateLayers.use(key);
    if (layer === undefined) {
      layer = this.newLayer(state);
      this.stateLayers.add(key, layer);
    }
    this.lastState = state;
    this.lastLayer = layer;
    return layer;
  }

  private newLayer(state: StateInput): Layer {
    if ("bits" in state) {
      if (state.universe.program !== this.program) throw new Error("a state given as bits over another prover's universe of fluents");
      return state.universe.stateLayer(state.bits);
    }
    return this.evaluator.stateLayer("ids" in state ? state.ids : (state as State).map((f) => this.termIdOf(f)));
  }
}
