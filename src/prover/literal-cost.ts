/**
 * Estimates of how many answers a positive body literal has, given which of its variables are
 * bound before it: the prover's body order (plan.ts) takes the cheapest literal next instead of
 * the next one written.
 *
 * Why: chess's `threatened` pawn clause, called with the square bound, reads
 * `(piece_owner_type ?opiece ?opponent pawn) (true (cell ?u ?v ?opiece)) (pawn_capture ?u ?v ?x ?y ?opponent)`:
 * in the written order it walks every enemy pawn and tests each; `pawn_capture` with the square
 * bound has at most two answers, and the `true` lookup after it is a test.
 *
 * The estimates, per relation kind:
 * - facts alone: counted from the facts (tuples agreeing with the literal's constants, divided by
 *   the distinct values at each position a variable binds);
 * - `true` inputs: the same counts over the game's `init` facts of that fluent (a state's size
 *   and spread as the initial state's); a fluent `init` does not hold is guessed;
 * - `does` inputs: one move per role;
 * - derived relations with rules: the facts plus, per clause whose head agrees with the literal's
 *   constants, the product of its body literals' estimates in the greedy order; a call back into
 *   the relation's strongly connected component is guessed (so each estimate depends on its
 *   relation and the bound positions alone, and is kept).
 * Only the order follows from them; the answers never do. A program gets them through
 * `orderBodiesByCost` (the Prover does it unless told to keep the written order).
 */
import { inputKey, patternVars, type BodyLiteral, type Clause, type Pattern, type Program, type Relation } from "./program.js";
import { stronglyConnectedComponents } from "../analysis/dependency-graph.js";
import { TupleIndex } from "./tuple-index.js";
import { MAX_NESTING } from "./nesting.js";

/** A positive or negative literal: one that calls a relation. */
export type CallLiteral = Extract<BodyLiteral, { readonly relation: Relation }>;

/** Expected answers per free position of a call nothing better estimates. */
const GUESS_PER_FREE = 4;
/** Expected answers of a yes/no call nothing better estimates. */
const GUESS_TEST = 0.5;
/** Estimates are capped here (a product of many large factors says only "large"). */
const CAP = 1e9;

/** A sample of tuples with the distinct values at each position. */
class TupleStats {
  readonly distinct: number[];
  constructor(readonly index: TupleIndex) {
    this.distinct = Array.from({ length: index.arity }, (_, j) => Math.max(1, new Set(index.tuples.map((t) => t[j])).size));
  }

  /** Expected answers of a call with constants at `constants` (-1 elsewhere) and further positions bound by variables at `boundVars` (bit mask). */
  answers(constants: readonly number[], boundVars: number): number {
    let count = constants.some((c) => c >= 0) ? this.index.lookup(constants).length : this.index.size;
    for (let j = 0; j < this.distinct.length; j++) if (boundVars & (1 << (j & 31))) count /= this.distinct[j];
    return count;
  }
}

/** The estimates for one program (see the header). */
export class LiteralCosts {
  /** Per relation index: the statistics of its facts (derived relations) or of its initial tuples (`true` inputs); built on first use. */
  private readonly stats: (TupleStats | undefined)[] = [];
  /** Per relation index: estimated answers by the mask of bound positions (no constants known). */
  private readonly memo: Map<number, number>[] = [];
  /** Per clause: its estimates by mask (`clauseAnswers`). */
  private readonly clauseMemo = new Map<Clause, Map<number, number>>();
  /** Per relation index: the id of its strongly connected component of the call graph. */
  private readonly components: Int32Array;
  /** The components being estimated (a call back into one is guessed). */
  private readonly active = new Set<number>();
  /** The `init` facts' tuples by the input relation their fluent goes to (`true(cell/3)`, `true/1`). */
  private readonly initTuples = new Map<string, number[][]>();
  /** Per relation index: `callableFree`. */
  private readonly freeCallable: boolean[];

  constructor(private readonly program: Program) {
    const { store } = program;
    for (const t of program.relation("init/1")?.facts.tuples ?? []) {
      const id = t[0];
      const args = store.argsOf[id];
      const name = store.symbolNames[store.symbolOf[id]];
      const key = inputKey("true", name, args === null ? null : args.length);
      for (const k of [key, "true/1"]) {
        let list = this.initTuples.get(k);
        if (list === undefined) this.initTuples.set(k, (list = []));
        list.push(k === "true/1" ? [id] : (args ?? []).slice());
      }
    }
    this.freeCallable = rangeRestricted(program);
    this.components = new Int32Array(program.relations.length).fill(-1);
    const calls = (r: Relation) => r.clauses.flatMap((c) => c.body.flatMap((l) => (l.kind === "pos" || l.kind === "neg" ? [l.relation] : [])));
    stronglyConnectedComponents([...program.relations], calls).forEach((members, id) => {
      for (const r of members) this.components[r.index] = id;
    });
  }

  /**
   * Whether a call of `relation` may leave any of its positions free: its clauses bind every
   * head variable by positive literals of such relations (the written order may rely on a
   * caller binding some, as test_case_3e's `(<= (legal ?p ?p) ...)`).
   */
  callableFree(relation: Relation): boolean {
    return relation.kind !== "derived" || this.freeCallable[relation.index];
  }

  /**
   * Whether `relation` is a `true` input whose fluent the game's `init` facts never hold: its
   * estimates are guesses (a board that fills up starts empty), so plan.ts keeps its written mode
   * unless it becomes a test.
   */
  guessedInput(relation: Relation): boolean {
    return relation.kind === "true" && this.statsOf(relation) === undefined;
  }

  /** Expected answers of `literal` (a call) when the variables in `bound` are bound. */
  estimate(literal: CallLiteral, bound: ReadonlySet<number>): number {
    const constants: number[] = [];
    let boundVars = 0;
    literal.args.forEach((p, j) => {
      constants.push(p.k === 0 ? p.id : -1);
      if (p.k !== 0 && boundPattern(p, bound)) boundVars |= 1 << (j & 31);
    });
    return this.answers(literal.relation, constants, boundVars);
  }

  /** Expected answers of a call of `relation` with `constants` (-1 elsewhere) and variables bound at `boundVars`. */
  private answers(relation: Relation, constants: readonly number[], boundVars: number): number {
    const arity = relation.arity;
    const full = arity >= 31 ? -1 : (1 << arity) - 1;
    let boundMask = boundVars;
    constants.forEach((c, j) => {
      if (c >= 0) boundMask |= 1 << (j & 31);
    });
    const test = arity < 31 && boundMask === full;
    let result: number;
    if (relation.kind === "does") {
      // One move per role: the role bound leaves at most one.
      const roles = Math.max(1, this.program.roles.length);
      result = (boundMask & 1 ? 1 : roles) * (boundMask & ~1 ? GUESS_TEST : 1);
    } else if (relation.kind === "true") {
      const stats = this.statsOf(relation);
      // A fluent the initial state does not hold may be rare (a check) or fill the board later (a stone placed): guessed.
      result = stats !== undefined ? stats.answers(constants, boundVars) : this.guess(arity, boundMask);
    } else {
      result = this.statsOf(relation)?.answers(constants, boundVars) ?? 0;
      if (relation.clauses.length > 0) result += this.derived(relation, constants, boundVars, boundMask);
    }
    // A test counts as a filter (the written order's rule: a bound lookup first); its relation's own
    // spread says little of how often it holds (a unary relation looks always true).
    return Math.min(test ? GUESS_TEST : CAP, result);
  }

  private guess(arity: number, boundMask: number): number {
    let free = 0;
    for (let j = 0; j < arity; j++) if (!(boundMask & (1 << (j & 31)))) free++;
    return free === 0 ? GUESS_TEST : GUESS_PER_FREE ** free;
  }

  /** The clauses' share of `answers`: their estimates for the mask, those whose head constants disagree with the call's left out. */
  private derived(relation: Relation, constants: readonly number[], boundVars: number, boundMask: number): number {
    const component = this.components[relation.index];
    // A call back into a component being estimated is guessed: each estimate depends on its relation and mask alone; so is one
    // below a chain of components deeper than a JavaScript stack would hold (nesting.ts).
    if (this.active.has(component) || this.active.size >= MAX_NESTING) return this.guess(relation.arity, boundMask);
    const plain = constants.every((c) => c < 0);
    let memo = this.memo[relation.index];
    if (memo === undefined) this.memo[relation.index] = memo = new Map();
    const known = plain ? memo.get(boundMask) : undefined;
    if (known !== undefined) return known;
    this.active.add(component);
    let sum = 0;
    try {
      for (const clause of relation.clauses) {
        let weight = 1;
        for (let j = 0; j < clause.head.length && weight > 0; j++) {
          const p = clause.head[j];
          if (p.k !== 0) continue;
          if (constants[j] >= 0) {
            if (constants[j] !== p.id) weight = 0;
          } else if (boundVars & (1 << (j & 31))) weight /= headConstants(relation, j);
        }
        if (weight > 0) sum += weight * this.clauseAnswers(clause, boundMask);
      }
    } finally {
      this.active.delete(component);
    }
    if (plain) memo.set(boundMask, sum);
    return sum;
  }

  /** The product of the estimates of a clause's positive literals, taken cheapest first, for a call binding `mask`. */
  private clauseAnswers(clause: Clause, mask: number): number {
    let memo = this.clauseMemo.get(clause);
    if (memo === undefined) this.clauseMemo.set(clause, (memo = new Map()));
    const known = memo.get(mask);
    if (known !== undefined) return known;
    const bound = new Set<number>();
    clause.head.forEach((p, j) => {
      if (mask & (1 << (j & 31))) for (const v of varsOf(p)) bound.add(v);
    });
    const remaining = clause.body.filter((l): l is CallLiteral => l.kind === "pos");
    let product = 1;
    while (remaining.length > 0 && product > 0) {
      let best = 0;
      let bestCost = Infinity;
      remaining.forEach((l, k) => {
        const cost = this.estimate(l, bound);
        if (cost < bestCost) [best, bestCost] = [k, cost];
      });
      product = Math.min(CAP, product * bestCost);
      for (const v of remaining[best].vars) bound.add(v);
      remaining.splice(best, 1);
    }
    memo.set(mask, product);
    return product;
  }

  private statsOf(relation: Relation): TupleStats | undefined {
    let stats = this.stats[relation.index];
    if (stats === undefined) {
      if (relation.kind === "derived") stats = new TupleStats(relation.facts);
      else {
        const tuples = this.initTuples.get(relation.key);
        if (tuples === undefined) return undefined;
        const index = new TupleIndex(relation.arity);
        for (const t of tuples) index.add(t);
        stats = new TupleStats(index);
      }
      this.stats[relation.index] = stats;
    }
    return stats;
  }
}

/** The number of distinct constants at head position `j` among `relation`'s clauses (at least 1). */
function headConstants(relation: Relation, j: number): number {
  const ids = new Set<number>();
  for (const clause of relation.clauses) {
    const p = clause.head[j];
    if (p.k === 0) ids.add(p.id);
  }
  for (const t of relation.facts.tuples) ids.add(t[j]);
  return Math.max(1, ids.size);
}

/** The variable slots of a pattern (`patternVars`: no call per level of it). */
function varsOf(p: Pattern): number[] {
  return p.k === 0 ? [] : p.k === 1 ? [p.slot] : patternVars([p]);
}

function boundPattern(p: Pattern, bound: ReadonlySet<number>): boolean {
  return p.k === 0 || (p.k === 1 ? bound.has(p.slot) : patternVars([p]).every((v) => bound.has(v)));
}

/**
 * Per relation index: whether every clause of a derived relation binds each head variable, and
 * each variable of its `not`, `distinct` and `not distinct` literals, by a positive literal of an
 * input, of facts, or of a relation of the same kind (the greatest such set).
 */
function rangeRestricted(program: Program): boolean[] {
  const ok = program.relations.map((r) => r.kind === "derived");
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of program.relations) {
      if (!ok[r.index]) continue;
      const fine = r.clauses.every((clause) => {
        const bound = new Set<number>();
        for (const l of clause.body) {
          if (l.kind === "pos" && (l.relation.kind !== "derived" || ok[l.relation.index])) for (const v of l.vars) bound.add(v);
        }
        const needs = [...clause.head.flatMap((p) => varsOf(p)), ...clause.body.filter((l) => l.kind !== "pos").flatMap((l) => l.vars)];
        return needs.every((v) => bound.has(v));
      });
      if (!fine) {
        ok[r.index] = false;
        changed = true;
      }
    }
  }
  return ok;
}

/** The estimates of each program whose bodies are ordered by cost, by its relations. */
const costsByRelation = new WeakMap<Relation, LiteralCosts>();

/** Orders the bodies of `program`'s clauses by the estimates (plan.ts asks `literalCostsOf`); call before any plan is made. */
export function orderBodiesByCost(program: Program): void {
  const costs = new LiteralCosts(program);
  for (const r of program.relations) costsByRelation.set(r, costs);
}

/** The estimates for the program of `relation`, when its bodies are ordered by cost. */
export function literalCostsOf(relation: Relation): LiteralCosts | undefined {
  return costsByRelation.get(relation);
}
