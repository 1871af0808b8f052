/**
 * Guards: for a relation whose fully bound calls the evaluator searches depth-first and the
 * relaxation decides (the ground components of ground-calls.ts, relaxed.ts), the calls it may hold
 * for in some state, as a static relation of facts computed once for the game, so that a body can
 * enumerate them where it would otherwise try every candidate and ask about each (plan.ts puts a
 * guard before its relation's call when that is cheaper, and leaves it out where it would only test).
 *
 * Why: chess's `bishop_move`, asked with the target bound, reads `(clear_diagonal_ne ?x ?y ?u ?v)`,
 * whose recursive clause walks every pair of `next_file` and `next_rank` (49), every empty square
 * among them, and asks the recursive call about each: the relaxation said "no" about 105 times a
 * state for the four squares or so on the diagonal. Its guard holds the 140 pairs of squares on a
 * rising diagonal; the body starts from the few that end at the target.
 *
 * A guard is the relaxation of its relation's clauses, computed bottom-up: a literal that reads the
 * state or the move is dropped (assumed true: `true`, `does`, a `not` of a state-dependent relation,
 * a call of one without a guard), a call of a relation with a guard reads that guard (the members of
 * one component read each other's as they grow, to a fixpoint), relations of facts are read exactly;
 * a relation's own facts start its guard.
 * So a guard holds every call its relation holds in any state, and a body with it has the same
 * answers. A component gets none when a clause left so has a variable bound nowhere (a dropped
 * literal bound it: chess's `clear_*_ig` take a square to ignore that only the state reads), when it
 * reads a static relation with rules (what its answers would cost to compute is not known: two of
 * gt_two_thirds's took over a second), or past the budgets (GUARD_TUPLES, GUARD_WORK).
 *
 * Guards are made for the relations called somewhere with a variable the clause's head does not hold
 * (a guard can only enumerate what a call would test), and for the relations their guards read.
 */
import type { Clause, Pattern, Program, Relation } from "./program.js";
import { addGuard, groundPattern, patternVars } from "./program.js";
import type { TermStore } from "./term-store.js";
import { TupleIndex } from "./tuple-index.js";
import { MAX_NESTING } from "./nesting.js";
import { Trail } from "./trail.js";

/** Tuples of one guard at most (more and its component gets none: a guard is read as facts). */
export const GUARD_TUPLES = 20_000;
/** Join steps for all of a program's guards at most (a bound on the load time they cost). */
export const GUARD_WORK = 500_000;

/** A literal of a clause's relaxation: a lookup of facts, a read of a guard's tuples, or a filter. */
type RelaxedLiteral =
  | { readonly kind: "static" | "not"; readonly relation: Relation; readonly args: readonly Pattern[]; readonly vars: readonly number[] }
  | { readonly kind: "guard"; readonly tuples: TupleIndex; readonly args: readonly Pattern[]; readonly vars: readonly number[] }
  | { readonly kind: "distinct" | "equal"; readonly left: Pattern; readonly right: Pattern; readonly vars: readonly number[] };

/** A clause's relaxation, in the order it is solved. */
interface RelaxedClause {
  readonly relation: Relation;
  readonly head: readonly Pattern[];
  readonly literals: readonly RelaxedLiteral[];
  readonly slots: number;
}

/** Thrown when the budget of join steps or tuples runs out. */
class OverBudget extends Error {}

/**
 * Computes the guards of `program` (see the header) and adds them to it as relations of facts
 * (`guardOf` of program.ts finds them); `groundComponent`: per relation index, its ground component
 * or -1 (ground-calls.ts). Returns how many it added.
 */
export function addPossibleGuards(program: Program, groundComponent: Int32Array): number {
  const byComponent = new Map<number, Relation[]>();
  for (const r of program.relations) {
    const c = groundComponent[r.index];
    if (c < 0 || r.kind !== "derived" || r.clauses.length === 0) continue;
    let members = byComponent.get(c);
    if (members === undefined) byComponent.set(c, (members = []));
    members.push(r);
  }
  /** Each relation's guard tuples, null for none; set once its component is done. */
  const done = new Map<Relation, TupleIndex | null>();
  const budget = { work: 0 };
  const componentOf = (r: Relation) => (r.kind === "derived" && r.clauses.length > 0 ? groundComponent[r.index] : -1);

  let depth = 0;
  const guardTuples = (relation: Relation): TupleIndex | null => {
    const known = done.get(relation);
    if (known !== undefined) return known;
    // components that call each other deeper than a JavaScript stack would hold: the deeper ones read as dropped (nesting.ts)
    if (depth >= MAX_NESTING) return null;
    depth++;
    try {
      return componentGuard(relation);
    } finally {
      depth--;
    }
  };
  const componentGuard = (relation: Relation): TupleIndex | null => {
    const component = componentOf(relation);
    const members = byComponent.get(component) ?? [];
    for (const m of members) done.set(m, null); // a call back into the component while it is made reads no guard
    const tuples = new Map(members.map((m) => [m, new TupleIndex(m.arity)]));
    // a relation's own facts are calls it holds for too (`(v x)` beside `(<= (v ?x) ...)`)
    for (const m of members) {
      const into = tuples.get(m)!;
      for (const fact of m.facts.tuples) into.add(fact);
      if (into.size > GUARD_TUPLES) return null;
    }
    const relaxed: RelaxedClause[] = [];
    for (const m of members) {
      for (const clause of m.clauses) {
        const r = relaxClause(clause, (s) => tuples.get(s) ?? (componentOf(s) >= 0 ? guardTuples(s) : null));
        if (r === null) return null;
        relaxed.push(r);
      }
    }
    try {
      for (let changed = true; changed; ) {
        changed = false;
        for (const clause of relaxed) {
          const into = tuples.get(clause.relation)!;
          solve(program.store, clause, budget, (tuple) => {
            if (!into.add(tuple)) return;
            changed = true;
            if (into.size > GUARD_TUPLES) throw new OverBudget();
          });
        }
      }
    } catch (error) {
      if (error instanceof OverBudget) return null;
      throw error;
    }
    for (const m of members) done.set(m, tuples.get(m)!);
    return tuples.get(relation)!;
  };

  let added = 0;
  for (const r of calledWithBodyVariables(program)) {
    if (componentOf(r) < 0 || r.arity === 0) continue;
    const tuples = guardTuples(r);
    if (tuples === null) continue;
    addGuard(program, r, tuples);
    added++;
  }
  return added;
}

/** The relations of a positive literal holding a variable that its clause's head does not hold. */
function calledWithBodyVariables(program: Program): Relation[] {
  const out = new Set<Relation>();
  for (const r of program.relations) {
    for (const clause of r.clauses) {
      const head = new Set(patternVars(clause.head));
      for (const l of clause.body) if (l.kind === "pos" && l.vars.some((v) => !head.has(v))) out.add(l.relation);
    }
  }
  return [...out];
}

/**
 * A clause's relaxation (see the header), or null when a variable of its head or of a filter is bound
 * by no literal left; `guardOf`: the tuples a call of a state-dependent relation reads, or null (dropped).
 */
function relaxClause(clause: Clause, guardOf: (relation: Relation) => TupleIndex | null): RelaxedClause | null {
  const positive: RelaxedLiteral[] = [];
  const filters: RelaxedLiteral[] = [];
  for (const l of clause.body) {
    if (!("relation" in l)) {
      filters.push(l);
      continue;
    }
    const { relation, args, vars } = l;
    if (relation.kind === "derived" && relation.level === 0) {
      if (relation.clauses.length > 0) return null;
      if (l.kind === "pos") positive.push({ kind: "static", relation, args, vars });
      else filters.push({ kind: "not", relation, args, vars });
    } else if (l.kind === "pos") {
      const tuples = relation.kind === "derived" ? guardOf(relation) : null;
      if (tuples !== null) positive.push({ kind: "guard", tuples, args, vars });
    }
  }
  // The order: the static calls as written, then the guards, each filter as soon as its variables are bound.
  positive.sort((a, b) => (a.kind === "guard" ? 1 : 0) - (b.kind === "guard" ? 1 : 0));
  const bound = new Set<number>();
  const literals: RelaxedLiteral[] = [];
  const waiting = [...filters];
  const takeReady = () => {
    for (let k = 0; k < waiting.length; k++) {
      if (waiting[k].vars.every((v) => bound.has(v))) {
        literals.push(waiting[k]);
        waiting.splice(k--, 1);
      }
    }
  };
  takeReady();
  for (const l of positive) {
    literals.push(l);
    for (const v of l.vars) bound.add(v);
    takeReady();
  }
  if (waiting.length > 0 || !patternVars(clause.head).every((v) => bound.has(v))) return null;
  return { relation: clause.relation, head: clause.head, literals, slots: clause.varNames.length };
}

/** Every head tuple of a relaxed clause's solutions, to `emit` (it may grow a guard the clause reads). */
function solve(store: TermStore, clause: RelaxedClause, budget: { work: number }, emit: (tuple: number[]) => void): void {
  const frame = new Array<number>(clause.slots).fill(-1);
  const trail = new Trail(store);
  const ground = (p: Pattern): number => groundPattern(store, p, frame);
  const step = (i: number): void => {
    if (++budget.work > GUARD_WORK) throw new OverBudget();
    if (i === clause.literals.length) {
      emit(clause.head.map(ground));
      return;
    }
    const l = clause.literals[i];
    if (!("args" in l)) {
      if ((ground(l.left) === ground(l.right)) === (l.kind === "equal")) step(i + 1);
      return;
    }
    const args = l.args;
    const call = args.map(ground);
    const answers = "tuples" in l ? l.tuples.lookup(call) : l.relation.facts.lookup(call);
    if (l.kind === "not") {
      if (answers.length === 0) step(i + 1);
      return;
    }
    // A guard read here may grow while it is walked: the tuples added are walked too.
    for (let a = 0; a < answers.length; a++) {
      const mark = trail.top;
      if (trail.matchFree(args, call, answers[a], frame)) step(i + 1);
      trail.undo(mark, frame);
    }
  };
  step(0);
}
