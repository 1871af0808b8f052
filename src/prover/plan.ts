/**
 * The order in which the evaluator (evaluator.ts) solves a clause's body, per set of head
 * positions a call binds; shared with the analysis of which calls stay ground (ground-calls.ts).
 * The evaluator reads it compiled: how each argument of a positive literal is built and matched,
 * and the lookup mask of each literal of an input or of facts alone, fixed once per plan instead
 * of decided per call (`compiledPlanFor`).
 */
import type { BodyLiteral, Clause, CompiledPlan, Pattern } from "./program.js";
import { guardOf, patternVars } from "./program.js";
import { literalCostsOf, type CallLiteral } from "./literal-cost.js";

/**
 * The order in which a clause's body is solved when a call binds the head positions in
 * `mask`: each `not`, `distinct` and `not distinct` as soon as its variables are bound (those
 * never bound go last); the positive literals by cost when the program's bodies are ordered by
 * cost (`orderBodiesByCost`, literal-cost.ts: the literal with the fewest expected answers next,
 * ties in the written order), else in the written order (an input or fact lookup whose
 * variables are all bound goes first, as a cheap test).
 */
export function planFor(clause: Clause, mask: number): readonly BodyLiteral[] {
  // The lookup apart from the build: a function with closures allocates their context on every call.
  return (clause.plans.get(mask) ?? compilePlan(clause, mask, false, mask)).literals;
}

/** The body order of `planFor`, computed (the compiled plan keeps it). */
function bodyOrder(clause: Clause, mask: number): readonly BodyLiteral[] {
  const costs = literalCostsOf(clause.relation);
  const boundBefore = new Map<BodyLiteral, VariablesBound>();
  const writtenPlan = writtenOrder(clause, mask, boundBefore);
  // The greedy order below scores every literal left at every step; past MAX_ORDERED_LITERALS
  // (no real game comes near: 102 literals at most) the written order is kept.
  if (costs === undefined || clause.body.length > MAX_ORDERED_LITERALS) return writtenPlan;
  // A call of a relation with a guard (possible-guards.ts), fully bound where the written order reaches it
  // but not by the call alone: the guard's facts with the same arguments, as if written just before it
  // (ordered as a lookup of facts, with its place), and left out below where it would only test.
  const headBound = boundVariables(clause, mask);
  const owners = new Map<BodyLiteral, BodyLiteral>();
  for (const l of writtenPlan) {
    const guard = l.kind === "pos" ? guardOf(l.relation) : undefined;
    if (guard === undefined || l.kind !== "pos" || l.vars.every((v) => headBound.has(v)) || !l.vars.every((v) => boundBefore.get(l)!.has(v))) continue;
    owners.set({ kind: "pos", relation: guard, args: l.args, vars: l.vars }, l);
  }
  // Places by a map, not `indexOf`: the scores below ask them for every pair of literals left at every step.
  const writtenIndex = new Map(writtenPlan.map((l, k) => [l, k]));
  const bodyIndex = new Map(clause.body.map((l, k) => [l, k]));
  const writtenAt = (l: BodyLiteral): number => writtenIndex.get(owners.get(l) ?? l) ?? -1;
  const bodyAt = (l: BodyLiteral): number => bodyIndex.get(owners.get(l) ?? l) ?? -1;
  // A call of a state-dependent relation is dearer than a lookup (a table or a search per state),
  // and its mode decides which table or search it is (ground-calls.ts, relaxed.ts): such a call
  // keeps the written order's mode, and the written order among them. It comes when exactly the
  // variables bound before it in the written order are, after those written before it; only a
  // lookup of an input or of facts with one answer at most moves ahead of it (each answer of a
  // literal moved ahead asks it again), never to bind what it binds itself. It counts as one
  // answer when fully bound, else as STATE_CALL_WEIGHT times its answers. A static relation that
  // is not range-restricted keeps its place by the same rule; a call of another static relation
  // with rules counts as one answer at least (a call, however selective: among the tests, its written place),
  // and a call of one with free positions keeps its written mode when more than MAX_STATIC_KEY are bound.
  const dear = (l: BodyLiteral): boolean =>
    l.kind === "pos" && l.relation.kind === "derived" && l.relation.clauses.length > 0 && !(l.relation.level === 0 && costs.callableFree(l.relation));
  // A lookup of a `true` input whose size is a guess (`guessedInput`) keeps its written mode or
  // becomes a test: a literal binds a variable of it first only when that leaves it fully bound,
  // or when the written order has the literal before every such lookup left and binds there a
  // variable the lookup's written mode has bound (connectFour's `line`
  // walked the `succ` chain, then read the player's stones in one column, slower than reading
  // them all; pentago's `row` binds a cell's whole position by static literals, which stays allowed).
  const guessedOpen = (m: BodyLiteral, bound: ReadonlySet<number>): boolean =>
    m.kind === "pos" && costs.guessedInput(m.relation) && !m.vars.every((v) => bound.has(v));
  // `open`: the remaining literals that are `guessedOpen`, computed once per step.
  const spoils = (l: BodyLiteral, bound: ReadonlySet<number>, open: readonly BodyLiteral[]): boolean => {
    const at = writtenAt(l);
    const early = open.every((m) => m === l || at < writtenAt(m));
    return open.some((m) => {
      if (m === l) return false;
      const before = boundBefore.get(m)!;
      const binds = m.vars.some((v) => !bound.has(v) && l.vars.includes(v) && !(early && before.has(v)));
      return binds && !m.vars.every((v) => bound.has(v) || l.vars.includes(v));
    });
  };
  // `dearLeft` and `open`: the dear and the `guessedOpen` literals remaining, computed once per step
  // (a body of hundreds of literals scores each of them at every step).
  const score = (l: CallLiteral, bound: ReadonlySet<number>, dearLeft: readonly BodyLiteral[], open: readonly BodyLiteral[]): number => {
    if (spoils(l, bound, open)) return Infinity;
    if (costs.guessedInput(l.relation) && !l.vars.every((v) => bound.has(v)) && !sameBound(l, bound, boundBefore.get(l)!)) return Infinity;
    const at = writtenAt(l);
    const ahead = dearLeft.filter((m) => m !== l && writtenAt(m) < at);
    const test = l.vars.every((v) => bound.has(v));
    if (!dear(l)) {
      const rules = l.relation.kind === "derived" && l.relation.clauses.length > 0;
      if (rules && !test && keyPositions(l, bound) > MAX_STATIC_KEY && !sameBound(l, bound, boundBefore.get(l)!)) return Infinity;
      if (ahead.length === 0) return rules ? (test ? 1 : Math.max(1, costs.estimate(l, bound))) : costs.estimate(l, bound);
      if (rules || ahead.some((d) => d.vars.some((v) => !boundBefore.get(d)!.has(v) && l.vars.includes(v)))) return Infinity;
      const estimate = costs.estimate(l, bound);
      return estimate <= 1 ? estimate : Infinity;
    }
    const before = boundBefore.get(l)!;
    if (ahead.length > 0 || !sameBound(l, bound, before)) return Infinity;
    if (test) return 1;
    return STATE_CALL_WEIGHT * Math.max(1, costs.estimate(l, bound));
  };
  // A `not` of such a relation waits for the positive literals before it in the written order (a
  // filter that is dear to ask: the cheaper ones before it may rule the rest out), and for those
  // written before it in the rule that are tests by then (all their variables bound), also when
  // the call binds it from the start: chess's castling asks `(not (threatened white f 1 e 1))`
  // after the cells and the control, a king's move its target's threat after
  // `occupied_by_opponent_or_blank`; its `next` asks the en passant check once, not per cell.
  const waits = (l: BodyLiteral, remaining: readonly BodyLiteral[], bound: ReadonlySet<number>) =>
    l.kind === "neg" &&
    l.relation.kind === "derived" &&
    l.relation.clauses.length > 0 &&
    l.relation.level > 0 &&
    remaining.some(
      (m) =>
        m.kind === "pos" &&
        (writtenAt(m) < writtenAt(l) || (bodyAt(m) < bodyAt(l) && m.vars.every((v) => bound.has(v)))),
    );
  const next = (remaining: readonly BodyLiteral[], bound: ReadonlySet<number>): number => {
    let best = -1;
    let bestScore = Infinity;
    const dearLeft = remaining.filter(dear);
    const open = remaining.filter((m) => guessedOpen(m, bound));
    remaining.forEach((l, k) => {
      if (l.kind !== "pos") return;
      const s = score(l, bound, dearLeft, open);
      if (s < bestScore) [best, bestScore] = [k, s];
    });
    // None allowed cannot happen (the first positive literal of the written order left is); kept as written if it did.
    return best >= 0 ? best : remaining.findIndex((l) => l.kind === "pos");
  };
  const ordered = order(clause, mask, { kind: "cost", next, waits, extra: [...owners.keys()] });
  if (owners.size === 0) return ordered;
  const bound = new Set(headBound);
  return ordered.filter((l) => {
    if (owners.has(l) && l.vars.every((v) => bound.has(v))) return false;
    if (l.kind === "pos" || l.kind === "equal") for (const v of l.vars) bound.add(v);
    return true;
  });
}

/** The variables of the head positions bound in `mask`. */
function boundVariables(clause: Clause, mask: number): Set<number> {
  const bound = new Set<number>();
  clause.head.forEach((p, j) => {
    if (mask & (1 << (j & 31))) patternVars([p]).forEach((v) => bound.add(v));
  });
  return bound;
}

/**
 * Positions a static call with free ones may have bound by variables, unless as written: each set of
 * values there is a table of its own, kept for the game (sudoku's `exactlyone` asked with seven
 * marks bound made one per row and state, where the written order asked it fully bound).
 */
const MAX_STATIC_KEY = 3;

/** The positions of a call whose arguments hold variables, all bound (a call's key beyond its constants). */
function keyPositions(l: CallLiteral, bound: ReadonlySet<number>): number {
  let n = 0;
  for (const p of l.args) if (p.k !== 0 && patternVars([p]).every((v) => bound.has(v))) n++;
  return n;
}

/** Whether a literal's variables bound are the same in `a` and `b`. */
function sameBound(l: CallLiteral, a: VariablesBound, b: VariablesBound): boolean {
  return l.vars.every((v) => a.has(v) === b.has(v));
}

/** Literals of a body at most that `bodyOrder` orders by cost (a step per literal, each scoring every literal left). */
const MAX_ORDERED_LITERALS = 400;

/** The variables bound at a point of a body order. */
interface VariablesBound {
  has(variable: number): boolean;
}

/** How much dearer than a lookup's answer each answer of a state-dependent call with free positions counts (`bodyOrder`). */
const STATE_CALL_WEIGHT = 4;

/** The order of `planFor` with the positive literals in the written order; `boundBefore` gets the variables bound before each literal. */
function writtenOrder(clause: Clause, mask: number, boundBefore: Map<BodyLiteral, VariablesBound>): readonly BodyLiteral[] {
  return order(clause, mask, { kind: "written" }, boundBefore);
}

/** How `order` picks the positive literal to solve next. */
type PositiveChoice =
  /** The first lookup of an input or of facts left whose variables are all bound, else the first positive literal left. */
  | { readonly kind: "written" }
  /**
   * `next`'s pick among the literals left (in the written order; -1 when none); a `not`, `distinct`
   * or `not distinct` whose variables are bound waits while `waits` says so; `extra` literals are
   * ordered with the body's (guards). The literals left are listed at every step: for bodies of at
   * most MAX_ORDERED_LITERALS.
   */
  | {
      readonly kind: "cost";
      readonly next: (remaining: readonly BodyLiteral[], bound: ReadonlySet<number>) => number;
      readonly waits: (literal: BodyLiteral, remaining: readonly BodyLiteral[], bound: ReadonlySet<number>) => boolean;
      readonly extra: readonly BodyLiteral[];
    };

/** The relation of a positive literal has no rules: a lookup of an input or of facts. */
const isLookup = (l: BodyLiteral): boolean => l.kind === "pos" && (l.relation.kind !== "derived" || l.relation.clauses.length === 0);

/**
 * A body order: each `not`, `distinct` and `not distinct` as soon as its variables are bound, the
 * first written first (an `equal` as soon as one side's are), a positive literal (as `choice`
 * picks) when none is, the rest last as written. Linear in the body (but for the cost order's
 * own scoring): each literal counts its variables not bound yet, and a variable bound counts down
 * the literals it occurs in; those ready wait in a queue by their written place.
 */
function order(clause: Clause, mask: number, choice: PositiveChoice, boundBefore: Map<BodyLiteral, VariablesBound> | null = null): readonly BodyLiteral[] {
  const bound = boundVariables(clause, mask);
  const literals = choice.kind === "cost" ? [...clause.body, ...choice.extra] : clause.body;
  const taken = new Uint8Array(literals.length);
  let left = literals.length;
  const ordered: BodyLiteral[] = [];
  // The step at which each variable was bound (-1: by the head), so that what was bound before a
  // literal is a view, not a copy of `bound` per literal (a body of thousands of literals).
  const stepOf = new Map<number, number>();
  for (const v of bound) stepOf.set(v, -1);
  // Slot 2i counts literal i's variables not bound yet (an `equal`: its left side's), slot 2i + 1 an `equal`'s right side's.
  const unbound = new Int32Array(2 * literals.length);
  const slotsOf = new Map<number, number[]>();
  const queued = new Uint8Array(literals.length);
  const readyFilters = new IndexQueue();
  const readyLookups = new IndexQueue();
  const ready = (i: number) => {
    if (queued[i]) return;
    queued[i] = 1;
    (literals[i].kind === "pos" ? readyLookups : readyFilters).push(i);
  };
  const count = (slot: number, vars: readonly number[]): number => {
    let n = 0;
    for (const v of new Set(vars)) {
      if (bound.has(v)) continue;
      n++;
      const slots = slotsOf.get(v);
      if (slots) slots.push(slot);
      else slotsOf.set(v, [slot]);
    }
    unbound[slot] = n;
    return n;
  };
  literals.forEach((l, i) => {
    if (l.kind === "equal") {
      const leftOpen = count(2 * i, patternVars([l.left]));
      const rightOpen = count(2 * i + 1, patternVars([l.right]));
      if (leftOpen === 0 || rightOpen === 0) ready(i);
    } else if (l.kind !== "pos" || (choice.kind === "written" && isLookup(l))) {
      if (count(2 * i, l.vars) === 0) ready(i);
    }
  });
  const take = (i: number) => {
    const literal = literals[i];
    taken[i] = 1;
    left--;
    const step = ordered.length;
    boundBefore?.set(literal, { has: (v) => (stepOf.get(v) ?? Infinity) < step });
    ordered.push(literal);
    for (const v of literal.vars) {
      if (bound.has(v)) continue;
      bound.add(v);
      stepOf.set(v, step);
      for (const slot of slotsOf.get(v) ?? []) if (--unbound[slot] === 0) ready(slot >> 1);
      slotsOf.delete(v);
    }
  };
  // The literals left, in the written order, and their places (the cost order's steps).
  const remaining = (): { literals: BodyLiteral[]; at: number[] } => {
    const at: number[] = [];
    for (let i = 0; i < literals.length; i++) if (!taken[i]) at.push(i);
    return { literals: at.map((i) => literals[i]), at };
  };
  // The first filter ready that does not wait (those that wait stay queued).
  const nextFilter = (): number => {
    if (choice.kind === "written" || readyFilters.size === 0) return readyFilters.pop();
    const rest = remaining().literals;
    const skipped: number[] = [];
    let found = -1;
    for (let i = readyFilters.pop(); i >= 0; i = readyFilters.pop()) {
      if (!choice.waits(literals[i], rest, bound)) {
        found = i;
        break;
      }
      skipped.push(i);
    }
    for (const i of skipped) readyFilters.push(i);
    return found;
  };
  let firstPositive = 0;
  const nextPositive = (): number => {
    if (choice.kind === "cost") {
      const rest = remaining();
      const k = choice.next(rest.literals, bound);
      return k < 0 ? -1 : rest.at[k];
    }
    for (let i = readyLookups.pop(); i >= 0; i = readyLookups.pop()) if (!taken[i]) return i;
    while (firstPositive < literals.length && (taken[firstPositive] || literals[firstPositive].kind !== "pos")) firstPositive++;
    return firstPositive < literals.length ? firstPositive : -1;
  };
  while (left > 0) {
    const filter = nextFilter();
    if (filter >= 0) {
      take(filter);
      continue;
    }
    const positive = nextPositive();
    if (positive < 0) {
      for (let i = 0; i < literals.length; i++) if (!taken[i]) take(i);
      break;
    }
    take(positive);
  }
  return ordered;
}

/** Literal places in a binary heap, the least first. */
class IndexQueue {
  private readonly heap: number[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(i: number): void {
    const h = this.heap;
    let k = h.push(i) - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (h[parent] <= i) break;
      h[k] = h[parent];
      k = parent;
    }
    h[k] = i;
  }

  /** The least place, removed; -1 when none is left. */
  pop(): number {
    const h = this.heap;
    if (h.length === 0) return -1;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      let k = 0;
      for (;;) {
        let child = 2 * k + 1;
        if (child >= h.length) break;
        if (child + 1 < h.length && h[child + 1] < h[child]) child++;
        if (h[child] >= last) break;
        h[k] = h[child];
        k = child;
      }
      h[k] = last;
    }
    return top;
  }
}

/*
 * The argument modes: how the evaluator builds the call of one argument of a positive literal and
 * matches an answer there, fixed when the plan is compiled (which variables are bound at each
 * literal follows from the call's mask and the order: a positive literal binds all its variables,
 * `not distinct` the side that was not ground, `not` and `distinct` none).
 */

/** A ground term: its id is the call's argument. */
export const ARG_CONST = 0;
/** A variable bound before the literal: the call reads its slot. */
export const ARG_READ = 1;
/** A compound whose variables are all bound before the literal: the call interns it. */
export const ARG_GROUND = 2;
/** A variable free in the call and met first here: an answer binds it without a test. */
export const ARG_BIND = 3;
/** Free in the call, matched as a pattern (a compound with free variables, or a variable bound by an earlier position). */
export const ARG_MATCH = 4;
/** Decided when the call is made, as the interpretive evaluation does (`not` literals, and every literal of a generic plan). */
export const ARG_GENERIC = 5;

/**
 * The compiled plan of a clause for the head positions bound in `mask`; `generic`: every argument
 * decided when the call is made (the interpretive evaluation, which the tests compare against).
 */
export function compiledPlanFor(clause: Clause, mask: number, generic: boolean): CompiledPlan {
  const key = generic ? -1 - mask : mask;
  return clause.plans.get(key) ?? compilePlan(clause, mask, generic, key);
}

/** Compiles and keeps the plan for `mask` (a generic one shares the literal order of the plan for the mask). */
function compilePlan(clause: Clause, mask: number, generic: boolean, key: number): CompiledPlan {
  const literals = generic ? planFor(clause, mask) : bodyOrder(clause, mask);
  const bound = boundVariables(clause, mask);
  const allBound = (p: Pattern) => patternVars([p]).every((v) => bound.has(v));
  const masks = new Int32Array(literals.length).fill(-1);
  const slots: Int32Array[] = [];
  const modes = literals.map((literal, i) => {
    if (literal.kind !== "pos" && literal.kind !== "neg") {
      if (literal.kind === "equal" && (allBound(literal.left) || allBound(literal.right))) literal.vars.forEach((v) => bound.add(v));
      slots.push(new Int32Array(0));
      return new Uint8Array(0);
    }
    const args = literal.args;
    const out = new Uint8Array(args.length);
    slots.push(Int32Array.from(args, (p) => (p.k === 0 ? p.id : p.k === 1 ? p.slot : -1)));
    if (generic || literal.kind === "neg") return out.fill(ARG_GENERIC); // a `not` binds nothing
    const bindsHere = new Set<number>();
    args.forEach((p, j) => {
      if (p.k === 0) out[j] = ARG_CONST;
      else if (allBound(p)) out[j] = p.k === 1 ? ARG_READ : ARG_GROUND;
      else if (p.k === 1 && !bindsHere.has(p.slot)) out[j] = ARG_BIND;
      else out[j] = ARG_MATCH;
      patternVars([p]).forEach((v) => bindsHere.add(v));
    });
    literal.vars.forEach((v) => bound.add(v));
    const r = literal.relation;
    if ((r.kind !== "derived" || r.clauses.length === 0) && args.length < 30) {
      masks[i] = 0;
      out.forEach((mode, j) => {
        if (mode < ARG_BIND) masks[i] |= 1 << j;
      });
    }
    return out;
  });
  const plan: CompiledPlan = { literals, modes, slots, masks, code: undefined };
  clause.plans.set(key, plan);
  return plan;
}
