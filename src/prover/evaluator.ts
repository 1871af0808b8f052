/**
 * Top-down evaluation with tabling over the compiled clauses (see program.ts).
 *
 * A call is a relation with some arguments bound to ground terms (the others free). Each call
 * gets a table holding all its answers (ground tuples), computed by resolving the relation's
 * facts and clauses. Recursive calls are handled as in SCC-based linear tabling: a call met
 * again while it is being computed returns the answers found so far, and the leader of the
 * strongly connected set of such calls re-evaluates them until a whole pass finds no new
 * answer; then they are all complete. Negation (`not`) only reads complete tables, which
 * stratification guarantees. A negated literal with variables bound nowhere means "no
 * answer matches" (the usual reading by GDL provers). `distinct` needs both sides ground;
 * `not distinct` may bind a variable.
 *
 * A call with every argument bound, of a relation that depends on the state or the move and
 * whose recursion stays bound (ground-calls.ts), gets no table: a depth-first search answers
 * it, stopped at its first proof, with a loop check instead of the SCC algorithm
 * (`searchGround`); its answer is kept in the layer unless it relied on a loop. The generated
 * bodies (plan-code.ts) ask fully bound calls through `holds` (the answer without an array) and
 * calls whose answers' values they never read through `exists`, a depth-first search stopped at
 * the first answer of a relation no cycle goes through (existence.ts).
 *
 * Answers that hold in every state are kept for the game in dense tables (dense-memo.ts): those of
 * fully bound calls of static relations, and which fully bound calls of ground components the
 * relaxation rules out (relaxed.ts: chess's threat checks along rays that cannot reach the target);
 * such a call is answered "no" without a search.
 *
 * Tables of static relations are kept across queries, up to STATIC_TABLE_LIMIT of them: a query
 * that starts with more drops them all first (a cache: quad's 8-ary `square`, asked with each
 * state's cells, made 2.1 million in 5 playouts, 900 MB). Those of level 1 live with a state, those
 * of level 2 with a state and a joint move. A query whose calls nest deeper than a JavaScript stack
 * holds is solved from the middle of the chain first (nesting.ts).
 */
import type { Program, Relation } from "./program.js";
import { groundCallComponents } from "./ground-calls.js";
import { clausePlansOf } from "./clause-plans.js";
import type { ClausePlans } from "./clause-plans.js";
import { compiledPlanFor } from "./plan.js";
import type { PlanHost } from "./plan-code.js";
import type { TermStore } from "./term-store.js";
import { sameIds } from "./id-hash.js";
import { InputRouter } from "./inputs.js";
import { dedupe, FreePositions, SeenIds, Table } from "./table.js";
import { reachesItself } from "./existence.js";
import { Layer, callHash } from "./layer.js";
import { RelaxedCheck } from "./relaxed.js";
import { DenseMemo, IMPOSSIBLE, POSSIBLE, UNKNOWN } from "./dense-memo.js";
import { NESTING_TOO_DEEP, nestedTooDeep, solveAfterTooDeep, type NestedCall } from "./nesting.js";
import { InterpretedBodies } from "./interpreted-body.js";

export { Table, Layer, callHash };

const EMPTY: readonly number[][] = [];
/** The answers of a fully bound call that holds: one, which callers never read (no position is free). */
const HOLDS: readonly number[][] = [[]];
/** Widest call whose bound positions a plan's mask holds (31 bits: a 32nd would make the mask negative, a generic plan's key). */
const WIDE_CALL = 31;
/** `loopDepth` when no loop was met: a small integer deeper than any search (a double would be boxed). */
const NO_LOOP = 0x3fffffff;

/**
 * Loops a component's depth-first searches may meet before its fully bound calls are tabled like
 * the others (a "no" that relied on a loop is searched again when asked again; tables bound that).
 */
export const GROUND_LOOP_LIMIT = 10_000;

/** Static tables kept across queries at most (see the module comment); about 250 MB on quad. */
export const STATIC_TABLE_LIMIT = 500_000;

function isBound(call: readonly number[]): boolean {
  for (let j = 0; j < call.length; j++) if (call[j] < 0) return false;
  return true;
}

export class Evaluator implements PlanHost {
  readonly store: TermStore;
  private staticLayer = new Layer();
  /** Tables made in `staticLayer` since it was made. */
  private staticTables = 0;
  private layers: [Layer, Layer | null, Layer | null];
  /** Clauses without a generated body, solved over their compiled plans (interpreted-body.ts). */
  private readonly interpreted: InterpretedBodies;
  private readonly callStack: Table[] = [];
  private readonly sccStack: Table[] = [];
  private pass = 0;
  private passCounter = 0;
  private answerCount = 0;
  lastComplete = true;
  /** Makes the input layers of states and moves. */
  private readonly inputs: InputRouter;
  /**
   * Calls of literals by their length, reused (most of the evaluator's garbage otherwise; an array's
   * length is never changed: that was slow), and per length how many are free. Every stack and pool
   * keeps its own height: V8 trims an array that `pop` leaves less than half full and allocates again
   * on the next `push`, which was a good part of the prover's garbage.
   */
  private readonly calls: number[][][] = [];
  private readonly callsFree: number[] = [];
  private readonly freePositions = new FreePositions();
  /** Per relation: 1 when no cycle goes through it (its tables are deduplicated when complete, table.ts), 2 when one does, 0 not known yet. */
  private readonly acyclic: Uint8Array;
  private readonly seenIds = new SeenIds();
  /** Per relation: its clauses' plans by the mask of bound head positions (clause-plans.ts), an array indexed by the mask (a Map's lookup was dearer). */
  private readonly plansByMask: ((ClausePlans | undefined)[] | undefined)[] = [];
  /** Per relation: the component whose fully bound calls are searched depth-first, or -1 (ground-calls.ts). */
  private readonly groundComponent: Int32Array;
  /** Per component: the loops its searches met (see GROUND_LOOP_LIMIT). */
  private readonly groundLoops: number[] = [];
  /** The fully bound calls being searched, outermost first. */
  private readonly searching: Relation[] = [];
  private readonly searchingCalls: (readonly number[])[] = [];
  private searchDepth = 0;
  /** Calls nested at most (tables being computed and searches) before NESTING_TOO_DEEP: set after a query overflowed the stack (nesting.ts). */
  nestingLimit = Infinity;
  /** The outermost depth of `searching` a loop has reached since the search at the top began. */
  private loopDepth = NO_LOOP;
  /** Set when the body of the call searched at the top holds: every loop of a body stops. */
  found = false;
  /** Searches and tables begun so far (tells a search that met none; bodies count the searches they inline, plan-code.ts). */
  searches = 0;
  /** Whether bodies are solved by compiled plans, and whether those run as generated functions. */
  private readonly compiledPlans: boolean;
  private readonly generated: boolean;

  /** Per static relation: the answers of its fully bound calls, kept for the game (static tables may be dropped). */
  private readonly staticAnswers: (DenseMemo | undefined)[] = [];
  /** Fully bound calls that hold in no state (relaxed.ts), or null when they are searched all the same. */
  private readonly relaxed: RelaxedCheck | null;

  /**
   * `staticTableLimit`: see STATIC_TABLE_LIMIT; `groundLoopLimit`: see GROUND_LOOP_LIMIT; `keepStaticAnswers`: whether the
   * answers of fully bound calls that hold in every state are kept for the game (dense-memo.ts, relaxed.ts); `compiledPlans`:
   * bodies solved by compiled plans (plan.ts) as generated functions (true, plan-code.ts), by compiled plans read by
   * the interpretive bodies (interpreted-body.ts; "modes"), or by the interpretive evaluation (false); the tests compare them.
   */
  constructor(
    readonly program: Program,
    private readonly staticTableLimit = STATIC_TABLE_LIMIT,
    private readonly groundLoopLimit = GROUND_LOOP_LIMIT,
    private readonly keepStaticAnswers = true,
    compiledPlans: boolean | "modes" = true,
  ) {
    this.compiledPlans = compiledPlans !== false;
    this.generated = compiledPlans === true;
    this.store = program.store;
    this.layers = [this.staticLayer, null, null];
    this.groundComponent = groundCallComponents(program);
    this.acyclic = new Uint8Array(program.relations.length);
    this.inputs = new InputRouter(program);
    this.interpreted = new InterpretedBodies(this);
    const statics = keepStaticAnswers ? new Evaluator(program, staticTableLimit, 0, false, compiledPlans) : null;
    this.relaxed = statics === null ? null : new RelaxedCheck(program, this.groundComponent, (r, call) => statics.query(r, call, null, null));
  }

  /** A layer holding the fluents of a state as `true` inputs (inputs.ts). */
  stateLayer(fluents: readonly number[]): Layer {
    return this.inputs.stateLayer(fluents);
  }

  /** A layer holding a joint move as `does` inputs: `moves[i]` is the move of `roles[i]` (inputs.ts). */
  moveLayer(roles: readonly number[], moves: readonly number[]): Layer {
    return this.inputs.moveLayer(roles, moves);
  }

  /**
   * The answers to `relation` called with `call` (term ids, -1 for a free position), reading
   * `true` from `state` and `does` from `move` (either may be null when not needed).
   */
  query(relation: Relation, call: readonly number[], state: Layer | null, move: Layer | null): readonly number[][] {
    if (this.staticTables > this.staticTableLimit) this.forgetStaticTables();
    this.layers = [this.staticLayer, state, move];
    try {
      try {
        return this.answersFor(relation, call);
      } catch (error) {
        if (!nestedTooDeep(error)) throw error;
        return solveAfterTooDeep(this, relation, call);
      }
    } catch (error) {
      // Tables met by the failed query may be half built: forget them all.
      this.forgetStaticTables();
      this.resetStacks();
      throw error;
    } finally {
      this.layers = [this.staticLayer, null, null];
    }
  }

  /** Empties the stacks of a query that failed. */
  private resetStacks(): void {
    this.callStack.length = this.sccStack.length = this.searchDepth = this.pass = 0;
    this.interpreted.reset();
    this.loopDepth = NO_LOOP;
    this.found = false;
  }

  /** The call halfway down the longer chain, of tables being computed or of searches (copied; nesting.ts). */
  middleOfNesting(): NestedCall | null {
    const [tables, searches] = [this.callStack.length, this.searchDepth];
    if (Math.max(tables, searches) < 2) return null;
    const t = tables >= searches ? this.callStack[tables >> 1] : { relation: this.searching[searches >> 1], call: this.searchingCalls[searches >> 1] };
    return { relation: t.relation, call: t.call.slice() };
  }

  /** After a query that nested too deep: the stacks emptied, the tables it left incomplete dropped, the complete ones kept. */
  dropIncomplete(): void {
    this.resetStacks();
    this.staticTables = this.staticLayer.dropIncomplete();
    for (const layer of this.layers) if (layer !== null && layer !== this.staticLayer) layer.dropIncomplete();
  }

  private forgetStaticTables(): void {
    this.staticLayer = new Layer();
    this.staticTables = 0;
  }

  /** How many tables of static relations are kept. */
  get staticTableCount(): number {
    return this.staticTables;
  }

  /** A new table of a call in `layer`, counted when the layer is the static one. */
  private readonly makeTable = (layer: Layer, relation: Relation, call: readonly number[]): Table => {
    if (layer === this.staticLayer) this.staticTables++;
    let acyclic = this.acyclic[relation.index];
    if (acyclic === 0) this.acyclic[relation.index] = acyclic = reachesItself(relation) ? 2 : 1;
    const free = this.freePositions.of(relation, call);
    // a fully bound call's table keeps its first answer as it comes (it would keep every proof till then)
    return new Table(relation, call.slice(), free, acyclic === 1 && free.length > 0);
  };

  /** The answers of a call; sets `lastComplete` to whether they are final. */
  answersFor(relation: Relation, call: readonly number[]): readonly number[][] {
    this.lastComplete = true;
    if (relation.kind !== "derived") {
      const layer = this.layers[relation.level];
      if (layer === null) throw new Error(`no ${relation.kind} input to read ${relation.key} from`);
      return layer.inputs[relation.index]?.lookup(call) ?? EMPTY;
    }
    if (relation.clauses.length === 0) return relation.facts.lookup(call);
    // A fully bound call's answer is yes or no (its one tuple is never read: no position is free).
    if (isBound(call)) return this.holds(relation, call) ? HOLDS : EMPTY;
    const layer = this.layers[relation.level];
    if (layer === null) throw new Error(`${relation.key} depends on inputs that were not given`);
    const table = layer.tableOf(relation, call, this.makeTable);
    if (!table.complete) this.solveCall(table);
    this.lastComplete = table.complete;
    return table.answers;
  }

  /**
   * Whether a fully bound call of a relation with rules holds (`answersFor` answers such calls by it;
   * the generated bodies ask it directly, plan-code.ts); sets `lastComplete` as `answersFor` does.
   */
  holds(relation: Relation, call: readonly number[]): boolean {
    this.lastComplete = true;
    const layer = this.layers[relation.level];
    if (layer === null) throw new Error(`${relation.key} depends on inputs that were not given`);
    const component = this.groundComponent[relation.index];
    if (component >= 0 && (this.groundLoops[component] ?? 0) < this.groundLoopLimit) {
      if (this.relaxed !== null && !this.relaxed.possible(relation, call)) return false;
      return this.searchGround(relation, call, layer, component);
    }
    const memo = relation.level === 0 && this.keepStaticAnswers && call.length > 0 ? (this.staticAnswers[relation.index] ??= new DenseMemo(relation.arity)) : null;
    const known = memo === null ? -1 : memo.get(call);
    if (known > UNKNOWN) return known === POSSIBLE;
    const table = layer.tableOf(relation, call, this.makeTable);
    if (!table.complete) this.solveCall(table);
    this.lastComplete = table.complete;
    const holds = table.answers.length > 0;
    if (known === UNKNOWN && table.complete) memo!.set(call, holds ? POSSIBLE : IMPOSSIBLE);
    return holds;
  }

  /**
   * Whether a call of a relation with rules that no cycle goes through has an answer, searched
   * depth-first to the first (the generated bodies ask it where the answer's values are used
   * nowhere, plan-code.ts); `mask`: the call's bound positions (below 30).
   */
  exists(relation: Relation, call: readonly number[], mask: number): boolean {
    if (this.layers[relation.level] === null) throw new Error(`${relation.key} depends on inputs that were not given`);
    this.searches++;
    let found = relation.facts.size > 0 && relation.facts.lookupAt(call, mask).length > 0;
    if (!found) {
      this.solveClauses(relation, call, mask, false, null);
      found = this.found;
      this.found = false;
    }
    this.lastComplete = true; // no call it made meets a call being computed (no cycle goes through the relation)
    return found;
  }

  /** `answersFor` of an input relation or a relation of facts alone, whose call binds the positions in `mask`. */
  lookupAt(relation: Relation, call: readonly number[], mask: number): readonly number[][] {
    if (relation.kind === "derived") return relation.facts.lookupAt(call, mask);
    const layer = this.layers[relation.level];
    if (layer === null) throw new Error(`no ${relation.kind} input to read ${relation.key} from`);
    return layer.inputs[relation.index]?.lookupAt(call, mask) ?? EMPTY;
  }

  /**
   * Whether a fully bound call holds, by a depth-first search over the relation's facts and
   * clauses that stops at the first proof (see ground-calls.ts). A call met again while it is
   * being searched fails there (a proof never needs itself); a "no" that met such a loop above
   * it depends on the calls around it: it is not kept, and `lastComplete` says so (a `not` of it
   * is a cycle through negation, as a table still being computed would be).
   */
  private searchGround(relation: Relation, call: readonly number[], layer: Layer, component: number): boolean {
    const hash = callHash(relation.index, call);
    const known = layer.knownAnswer(hash, relation, call);
    if (known >= 0) return known === 1;
    const depth = this.searchDepth;
    for (let d = 0; d < depth; d++) {
      if (this.searching[d] === relation && sameIds(this.searchingCalls[d], call)) {
        this.groundLoops[component] = (this.groundLoops[component] ?? 0) + 1;
        if (d < this.loopDepth) this.loopDepth = d;
        this.lastComplete = false;
        return false;
      }
    }
    if (depth + this.callStack.length >= this.nestingLimit) throw NESTING_TOO_DEEP;
    this.searching[depth] = relation;
    this.searchingCalls[depth] = call;
    this.searchDepth = depth + 1;
    const outerLoop = this.loopDepth;
    this.loopDepth = NO_LOOP;
    const work = ++this.searches;
    let holds = relation.facts.size > 0 && relation.facts.lookup(call).length > 0;
    if (!holds) {
      this.solveClauses(relation, call, (1 << call.length) - 1, false, null); // arity at most 30 (ground-calls.ts)
      holds = this.found;
      this.found = false;
    }
    this.searchDepth = depth;
    const dependent = !holds && this.loopDepth < depth;
    // A search that met no other search nor table read only facts and inputs: asked again, it
    // costs what a lookup of its answer would; kept answers bound the cost of the others.
    if (!dependent && this.searches !== work) layer.keepAnswer(hash, relation, call, holds);
    this.loopDepth = dependent ? Math.min(outerLoop, this.loopDepth) : outerLoop;
    this.lastComplete = !dependent;
    return holds;
  }

  private solveCall(t: Table): void {
    if (t.complete) return;
    this.searches++;
    const caller = this.callStack.length > 0 ? this.callStack[this.callStack.length - 1] : null;
    if (t.onCallStack) {
      t.looped = true;
      if (caller !== null) caller.low = Math.min(caller.low, t.index);
      return;
    }
    if (t.active && t.pass === this.pass) {
      if (caller !== null) caller.low = Math.min(caller.low, t.low);
      return;
    }
    if (this.callStack.length + this.searchDepth >= this.nestingLimit) throw NESTING_TOO_DEEP;
    if (!t.active) {
      t.active = true;
      t.index = t.low = this.sccStack.length;
      this.sccStack.push(t);
    }
    t.onCallStack = true;
    this.callStack.push(t);
    const savedPass = this.pass;
    t.pass = this.pass;
    for (;;) {
      const before = this.answerCount;
      this.evaluate(t);
      if (t.low < t.index) break; // a follower: its leader iterates
      if (this.answerCount === before) break;
      if (!t.looped && this.sccStack.length - 1 === t.index) break;
      this.pass = ++this.passCounter;
      t.pass = this.pass;
    }
    this.pass = savedPass;
    this.callStack.pop();
    t.onCallStack = false;
    if (t.low === t.index) {
      for (;;) {
        const member = this.sccStack.pop()!;
        if (member.deferred) dedupe(member, this.seenIds);
        member.complete = true;
        member.active = false;
        if (member === t) break;
      }
    } else if (caller !== null) {
      caller.low = Math.min(caller.low, t.low);
    }
  }

  addAnswer(t: Table, tuple: number[]): void {
    if (t.add(tuple)) this.answerCount++;
  }

  /** One pass over the facts and clauses of a call's relation. */
  private evaluate(t: Table): void {
    const relation = t.relation;
    const call = t.call;
    if (relation.facts.size > 0) for (const fact of relation.facts.lookup(call)) this.addAnswer(t, fact);
    // A plan is keyed by the bound positions' bit mask: a call wider than that (WIDE_CALL) takes the plan of
    // nothing bound, generic (its modes decided per call, and its order safe for any bound positions).
    const wide = call.length > WIDE_CALL;
    let mask = 0;
    if (!wide) for (let j = 0; j < call.length; j++) if (call[j] >= 0) mask |= 1 << j;
    this.solveClauses(relation, call, mask, wide, t);
  }

  /**
   * Solves the clauses of `relation` for `call`, bound at the positions of `mask` (`wide`: past
   * WIDE_CALL, by the generic plans): each answer added to `t`, or with `t` null until a body
   * holds (`found` set).
   */
  private solveClauses(relation: Relation, call: readonly number[], mask: number, wide: boolean, t: Table | null): void {
    const plans = wide ? null : this.clausePlans(relation, mask);
    const clauseList = relation.clauses;
    clauses: for (let c = 0; c < clauseList.length && !this.found; c++) {
      if (plans !== null) {
        const at = plans.constAt[c];
        if (at >= 0 && call[at] !== plans.constId[c]) continue;
        const code = plans.codes[c];
        if (code !== null) {
          code(this, call, t); // matches the rest of the head itself
          continue;
        }
      }
      const clause = clauseList[c];
      const head = clause.head;
      for (let j = 0; j < call.length; j++) {
        const p = head[j];
        if (call[j] >= 0 && p.k === 0 && p.id !== call[j]) continue clauses;
      }
      this.interpreted.solve(clause, plans !== null ? plans.plans[c] : compiledPlanFor(clause, mask, true), call, t);
    }
  }

  /** The plans of a relation's clauses for the bound positions of `mask` (clause-plans.ts), kept per relation and mask. */
  private clausePlans(relation: Relation, mask: number): ClausePlans {
    const byMask = (this.plansByMask[relation.index] ??= []);
    let plans = byMask[mask];
    if (plans === undefined) byMask[mask] = plans = clausePlansOf(relation, mask, !this.compiledPlans, this.generated);
    return plans;
  }

  /** A call array of length `n` from the pool (given back by `giveBack`). */
  takeCall(n: number): number[] {
    return n < this.callsFree.length && this.callsFree[n] > 0 ? this.calls[n][--this.callsFree[n]] : new Array<number>(n);
  }

  /** Gives a call made by `callArgs` or `takeCall` back to its pool. */
  giveBack(call: number[]): void {
    const n = call.length;
    while (this.callsFree.length <= n) {
      this.callsFree.push(0);
      this.calls.push([]);
    }
    this.calls[n][this.callsFree[n]++] = call;
  }

}
