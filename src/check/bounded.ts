/**
 * Boundedness (Definition 2, read as a term-depth argument).
 *
 * Definition 2 asks that G' = G + {true(F) <= init(F), true(F) <= next(F), does(R,M) <= legal(R,M)}
 * satisfy the recursion restriction. Read literally that rejects ordinary games (tictactoe's
 * `(next (cell ?m ?n x)) <= (does xplayer (mark ?m ?n))` is on the cycle next -> does -> legal
 * -> true -> next and `(mark ?m ?n)` is not a head argument), so the literal verdict is only
 * a note here. The error is decided by a ranking in the spirit of argument-restricted programs
 * (Lierler & Lifschitz 2009) on the positive part of G', kept per path: a key is an argument
 * position with a path written below it in some atom of the description (`next/1`,
 * `next/1 cell/3:1`, `next/1 last/1:1 at/1:1`), and rank(key) bounds the depth of what sits there:
 *
 *   rank(k) >= 1 + rank(k f/n:i)            a term is one deeper than its arguments
 *   rank(p/i π s) >= rank(q/j σ s)          X at path π of a head's i-th argument and at σ of a
 *                                           body atom's j-th, for every written path s below π
 *
 * (an unwritten σ s reads the nearest written key above it, less the steps left; with `or`, the
 * worst variant: min over conjuncts of max over disjuncts). Paths are kept to PATH_DEPTH steps:
 * below, an occurrence counts from its path there, and what is written there is a floor of its
 * key's rank (a path per level of a term 2,000 deep would make the ranking quadratic); past
 * MAX_PATH_CONSTRAINTS the ranking is by positions alone (paths 0 steps deep). The positions Definition 2 links
 * (init/1 and next/1 to true/1, legal/i to does/i) share their paths and are linked key by key.
 * The least ranking is computed component by component of G''s dependency graph; in a recursive
 * component no value can exceed (the largest value feeding it) + (its keys + 1), so a value beyond
 * that grows without bound — unless the component satisfies the recursion restriction in G'
 * (Definition 2 holds for it literally, which bounds it too: test_case_5a's
 * `(r ?v1 (f ?v1)) <= (r ?v2 ?v1) (q ?v2)`), in which case its ranks are only capped.
 * Both criteria are sound, so their union is. Step counters over `succ` facts, frame axioms,
 * board coordinates, moves built from state terms, a fluent that records the last move one level
 * deeper (`(next (last (at ?x))) <= (does p (mark ?x))`), a variable moved into a deeper argument
 * of the same fluent: all get finite ranks, because only the keys they deepen get deeper, not
 * every fluent and through them every move. A counter `(next (count (plus1 ?n))) <= (true (count ?n))`
 * has none: `next/1 count/1:1` is one deeper than `next/1 count/1:1 plus1/1:1`, which is as deep
 * as `true/1 count/1:1`, which is as deep as `next/1 count/1:1`.
 */
import { buildDependencyGraph, type DependencyGraph } from "../analysis/dependency-graph.js";
import { type Diagnostic, NO_POSITION } from "../diagnostics.js";
import type { Atom, Literal, Rule, Term } from "../syntax/ast.js";
import type { CheckContext } from "./context.js";
import { NO_DEADLINE, type Deadline } from "../deadline.js";
import { describeViolation, restrictionViolations, type RestrictionViolation } from "./recursion-restriction.js";
import { ShortestChains } from "./chains.js";
import { pushTo } from "./lists.js";
import { Keys, occurrences, parentOf, PATH_DEPTH, positionKey, stepsOf, type Path } from "./bounded-keys.js";

/** The three rules of Definition 2 that link the state and the moves back into the recursion. */
export function definition2Rules(): Rule[] {
  const v = (name: string): Term => ({ kind: "variable", name, pos: NO_POSITION });
  const atom = (relation: string, ...args: Term[]): Atom => ({ kind: "atom", relation, args, pos: NO_POSITION });
  const rule = (head: Atom, body: Atom): Rule => ({ head, body: [body], pos: NO_POSITION });
  return [
    rule(atom("true", v("f")), atom("init", v("f"))),
    rule(atom("true", v("f")), atom("next", v("f"))),
    rule(atom("does", v("r"), v("m")), atom("legal", v("r"), v("m"))),
  ];
}

/** Paths at most that the keys get from the rules that carry a variable to another position (`Keys.closeOverRules`). */
const MAX_CARRIED_PATHS = 20_000;

/** Constraints past which the ranking is taken by argument positions alone (paths multiply them on a large description). */
const MAX_PATH_CONSTRAINTS = 400_000;

/** How a body binds one variable: min over conjuncts, max over disjuncts, leaves are its occurrences. */
type Tree<L> = { readonly kind: "min" | "max"; readonly items: readonly Tree<L>[] } | L;

/** An occurrence of a variable in a body atom: at `path` below the argument `position`. */
interface Occurrence {
  readonly kind: "occurrence";
  readonly position: string;
  readonly path: Path;
  /** steps below `path` (past the depth paths are ranked to) */
  readonly rest: number;
  readonly atom: Atom;
}

/**
 * A bound from a ranked key: a term there is at most rank(key) deep, so what sits `depth` steps
 * below it at most rank(key) - depth. `binderDepth` is the depth of the variable in `atom` (for messages).
 */
interface At {
  readonly kind: "at";
  readonly key: string;
  readonly depth: number;
  readonly binderDepth: number;
  readonly atom: Atom;
}

type Binder = Tree<At>;

function oneOf<L>(kind: "min" | "max", items: readonly Tree<L>[]): Tree<L> {
  return items.length === 1 ? items[0] : { kind, items };
}

function mapTree<L, M>(tree: Tree<L>, f: (leaf: L) => Tree<M>): Tree<M> {
  if (typeof tree === "object" && tree !== null && "items" in tree) return { kind: tree.kind, items: tree.items.map((t) => mapTree(t, f)) };
  return f(tree as L);
}

/**
 * Adds the occurrences of the `wanted` variables (the head's) in `literal` to `into` (a
 * variable's list is a min: the best binder of a conjunction), in one walk over the literal:
 * asking literal by literal for each variable of the head would cost head variables × body
 * literals.
 */
function addBinders(literal: Literal, wanted: ReadonlySet<string>, maxDepth: number, into: Map<string, Tree<Occurrence>[]>): void {
  if (literal.kind === "atom") {
    literal.args.forEach((arg, j) => {
      if (arg.kind === "constant") return;
      const position = positionKey(literal.relation, j);
      for (const { variable, path, rest } of occurrences(arg, maxDepth)) if (wanted.has(variable)) pushTo(into, variable, { kind: "occurrence", position, path, rest, atom: literal });
    });
  } else if (literal.kind === "or") {
    // A disjunct that does not bind x makes that variant unsafe: safety reports it, ranking ignores it.
    const items = new Map<string, Tree<Occurrence>[]>();
    for (const d of literal.disjuncts) {
      const own = new Map<string, Tree<Occurrence>[]>();
      addBinders(d, wanted, maxDepth, own);
      for (const [x, list] of own) pushTo(items, x, oneOf("min", list));
    }
    for (const [x, list] of items) pushTo(into, x, oneOf("max", list));
  }
}

/** A constraint rank(head) >= depth + value(binder). */
interface Constraint {
  readonly head: string;
  readonly depth: number;
  readonly binder: Binder;
  /** Where a rule of the description puts a variable (not for the structural constraints and Definition 2's). */
  readonly origin?: {
    readonly rule: Rule;
    readonly headArgument: Term;
    readonly variable: string;
    readonly headDepth: number;
  };
}

/**
 * The constraints of a rule: each occurrence of a head variable X at path p of a head argument
 * bounds the key p by X's binders, and every written key p + s below it by what sits s below
 * X's occurrences in the body (their key p' + s if written, else the nearest written key above
 * it, less the steps left). Past the depth paths are ranked to, an occurrence counts from its
 * path at that depth, `rest` steps above it.
 */
function constraintsOf(rule: Rule, keys: Keys): Constraint[] {
  const wanted = new Set<string>();
  const heads = rule.head.args.map((arg) => occurrences(arg, keys.maxDepth));
  for (const list of heads) for (const { variable } of list) wanted.add(variable);
  const binders = new Map<string, Tree<Occurrence>[]>();
  if (wanted.size > 0) for (const literal of rule.body) addBinders(literal, wanted, keys.maxDepth, binders);
  const out: Constraint[] = [];
  rule.head.args.forEach((arg, i) => {
    const position = positionKey(rule.head.relation, i);
    for (const { variable, path, rest } of heads[i]) {
      const items = binders.get(variable);
      if (!items) continue; // unsafe: reported by the safety check
      const occurrence = oneOf("min", items);
      for (const suffix of rest > 0 ? [""] : keys.suffixesBelow(position, path)) {
        const binder = mapTree<Occurrence, At>(occurrence, (o) => {
          const binderDepth = stepsOf(o.path) + o.rest;
          // below an occurrence past the ranked depth nothing is ranked apart: count down from its key
          if (o.rest > 0) return { kind: "at", key: o.position + o.path, depth: o.rest + stepsOf(suffix), binderDepth, atom: o.atom };
          const { path: written, rest: left } = keys.writtenPrefix(o.position, o.path + suffix);
          return { kind: "at", key: o.position + written, depth: left, binderDepth, atom: o.atom };
        });
        out.push({
          head: position + path + suffix,
          depth: rest,
          binder,
          origin: suffix === "" ? { rule, headArgument: arg, variable, headDepth: stepsOf(path) + rest } : undefined,
        });
      }
    }
  });
  return out;
}

/** A term at a key is one deeper than what sits at any key one step below it. */
function structuralConstraints(relation: string, keys: Keys): Constraint[] {
  const out: Constraint[] = [];
  for (const position of keys.positionsOf(relation)) {
    for (const path of keys.pathsOf(position)) {
      if (path === "") continue;
      const binder: At = { kind: "at", key: position + path, depth: 0, binderDepth: 0, atom: NO_ATOM };
      out.push({ head: position + parentOf(path), depth: 1, binder });
    }
  }
  return out;
}

const NO_ATOM: Atom = { kind: "atom", relation: "", args: [], pos: NO_POSITION };

/** The argument positions each rule of Definition 2 copies: [body position, head position] (init/1 to true/1, ...). */
function definition2Links(rules: readonly Rule[]): [string, string][] {
  const links: [string, string][] = [];
  for (const rule of rules) {
    const body = rule.body[0] as Atom;
    rule.head.args.forEach((arg, i) => {
      const j = body.args.findIndex((b) => b.kind === "variable" && arg.kind === "variable" && b.name === arg.name);
      if (j >= 0) links.push([positionKey(body.relation, j), positionKey(rule.head.relation, i)]);
    });
  }
  return links;
}

/** The constraints of a rule of Definition 2: it copies each key of its body's position to the same key of its head's. */
function definition2Constraints(rule: Rule, keys: Keys): Constraint[] {
  const body = rule.body[0] as Atom;
  const out: Constraint[] = [];
  for (const [from, to] of definition2Links([rule])) {
    for (const path of keys.pathsOf(to)) {
      out.push({ head: to + path, depth: 0, binder: { kind: "at", key: from + path, depth: 0, binderDepth: 0, atom: body } });
    }
  }
  return out;
}

function evaluate(b: Binder, rank: ReadonlyMap<string, number>): number {
  switch (b.kind) {
    case "at":
      return (rank.get(b.key) ?? 0) - b.depth;
    case "min": {
      let v = Infinity;
      for (const i of b.items) v = Math.min(v, evaluate(i, rank));
      return v;
    }
    case "max": {
      let v = -Infinity;
      for (const i of b.items) v = Math.max(v, evaluate(i, rank));
      return v;
    }
  }
}

function* leaves(b: Binder): Generator<At> {
  if (b.kind === "at") yield b;
  else for (const i of b.items) yield* leaves(i);
}

export interface ArgumentRanking {
  /** rank of each argument position `relation/i` (1-based) of G': how deep its terms can get; Infinity where they can grow without bound. */
  readonly rank: ReadonlyMap<string, number>;
  /** rank of each written path below a position, keyed `relation/i f/n:j ...` (`next/1 cell/3:1`): how deep what sits there can get. */
  readonly pathRank: ReadonlyMap<string, number>;
  /**
   * The keys whose rank was capped in a component that satisfies the recursion restriction in G'
   * (bounded by Definition 2 itself, without a finite ranking): there, and wherever such a rank is
   * read, the rank is not a bound on the depth.
   */
  readonly capped: ReadonlySet<string>;
  /** Where G' breaks the recursion restriction: the literal reading of Definition 2. */
  readonly literalViolations: readonly RestrictionViolation[];
  /** The rules of the description (not the added ones) where a variable goes deeper round a recursion of G'. */
  readonly growing: readonly GrowingRule[];
}

/** A rule where a variable sits deeper in the head than in the recursive atom that binds it. */
export interface GrowingRule {
  readonly rule: Rule;
  readonly headArgument: Term;
  readonly variable: string;
  readonly headDepth: number;
  readonly binder: Atom;
  readonly binderDepth: number;
  /** The relations of the cycle of G', from the head round to it again. */
  readonly cycle: readonly string[];
}

/** Growing rules whose cycle is named in full (the first ones: errors are capped at 20 per file). */
const MAX_CYCLES_NAMED = 100;

/**
 * Raises the rank of `c.head` to what `c` asks, if that is more; a value beyond `limit` is
 * infinite (or `limit` in a restricted component). True when the rank rose.
 */
function raise(rank: Map<string, number>, c: Constraint, limit: number, restricted: boolean, capped: Set<string>): boolean {
  let value = c.depth + evaluate(c.binder, rank);
  if (value > limit) {
    value = restricted ? limit : Infinity;
    if (restricted) capped.add(c.head);
  }
  if (value <= (rank.get(c.head) ?? 0)) return false;
  rank.set(c.head, value);
  return true;
}

/**
 * The least ranks of a recursive component, from below, re-evaluating only the constraints that
 * read a rank that rose (a worklist). No finite rank exceeds `highest` (the largest rank
 * feeding the component) + K × (deepest step), K being the keys that some constraint can make
 * deeper than the key it reads: along the chain of constraints that gives a rank its value,
 * every cycle gains nothing, so each such key adds at most once. A rank beyond that grows
 * without bound, and it gets there after a few rises per key (a limit counting every key
 * would take keys² rises on a long recursive chain).
 */
function leastRanks(
  constraints: readonly Constraint[],
  rank: Map<string, number>,
  highest: number,
  restricted: boolean,
  capped: Set<string>,
  deadline: Deadline,
): void {
  const deepening = new Set<string>();
  let deepest = 1;
  const readers = new Map<string, Constraint[]>();
  for (const c of constraints) {
    deepest = Math.max(deepest, c.depth);
    for (const leaf of leaves(c.binder)) {
      if (leaf.depth < c.depth) deepening.add(c.head);
      pushTo(readers, leaf.key, c);
    }
  }
  const limit = highest + (deepening.size + 1) * deepest;
  const queue = [...constraints];
  const queued = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    deadline.poll();
    const c = queue[i];
    queued.delete(c);
    if (!raise(rank, c, limit, restricted, capped)) continue;
    for (const reader of readers.get(c.head) ?? []) {
      if (queued.has(reader)) continue;
      queued.add(reader);
      queue.push(reader);
    }
  }
}

/**
 * The constraints of every relation (its rules', its structural ones, Definition 2's), and of each
 * rule of the description; undefined past `budget` constraints.
 */
function constraintsByRelation(
  keys: Keys,
  extended: readonly Rule[],
  added: readonly Rule[],
  graph: DependencyGraph,
  deadline: Deadline,
  budget: number,
): { keys: Keys; byHead: Map<string, Constraint[]>; byRule: Map<Rule, Constraint[]> } | undefined {
  const byHead = new Map<string, Constraint[]>();
  const byRule = new Map<Rule, Constraint[]>();
  let count = 0;
  const relation = (p: string): Constraint[] => {
    let list = byHead.get(p);
    if (!list) {
      byHead.set(p, (list = structuralConstraints(p, keys)));
      count += list.length;
    }
    return list;
  };
  for (const rule of extended) {
    deadline.poll();
    const list = relation(rule.head.relation);
    const constraints = added.includes(rule) ? definition2Constraints(rule, keys) : constraintsOf(rule, keys);
    byRule.set(rule, constraints);
    for (const c of constraints) list.push(c);
    count += constraints.length;
    if (count > budget) return undefined;
  }
  // relations only read (no rule): what is written below their arguments is as deep as written
  for (const component of graph.components) for (const p of component) relation(p);
  return count > budget ? undefined : { keys, byHead, byRule };
}

/** The least argument ranking of G' (positive part), computed component by component. */
export function argumentRanking(rules: readonly Rule[], deadline: Deadline = NO_DEADLINE, options: { readonly pathDepth?: number } = {}): ArgumentRanking {
  const added = definition2Rules();
  const extended = [...rules, ...added];
  const graph = buildDependencyGraph({ file: "", rules: extended });
  const literalViolations = restrictionViolations(extended, graph, deadline);
  const unrestricted = new Set(literalViolations.map((v) => graph.componentOf.get(v.rule.head.relation)));
  const links = definition2Links(added);
  const pathDepth = options.pathDepth ?? PATH_DEPTH;
  const pathKeys = new Keys(rules, links, pathDepth);
  pathKeys.closeOverRules(rules, MAX_CARRIED_PATHS);
  const { keys, byHead, byRule } =
    constraintsByRelation(pathKeys, extended, added, graph, deadline, pathDepth > 0 ? MAX_PATH_CONSTRAINTS : Infinity) ??
    constraintsByRelation(new Keys(rules, links, 0), extended, added, graph, deadline, Infinity)!;
  const rank = new Map<string, number>();
  const capped = new Set<string>();
  let highest = 0;
  for (const component of graph.components) {
    const constraints = component.flatMap((p) => byHead.get(p) ?? []);
    // what is written below the ranked depth: as deep as written, at least
    let floor = 0;
    for (const p of component) {
      for (const [key, value] of keys.floorsOf(p)) {
        rank.set(key, Math.max(rank.get(key) ?? 0, value));
        floor = Math.max(floor, value);
      }
    }
    if (constraints.length === 0) continue;
    // A component of G' that satisfies the recursion restriction has a finite extension given
    // finite inputs (Definition 2 holds for it literally): its ranks are capped, not infinite.
    const restricted = !unrestricted.has(graph.componentOf.get(component[0]));
    leastRanks(constraints, rank, Math.max(highest, floor), restricted, capped, deadline);
    for (const c of constraints) {
      const v = rank.get(c.head) ?? 0;
      if (Number.isFinite(v)) highest = Math.max(highest, v);
    }
  }

  const growing: GrowingRule[] = [];
  const cyclesTo = new Map<string, ShortestChains>();
  for (const rule of rules) {
    deadline.poll();
    const p = rule.head.relation;
    if (!graph.isRecursive(p)) continue;
    for (const c of byRule.get(rule) ?? []) {
      const origin = c.origin;
      if (!origin || Number.isFinite(rank.get(c.head) ?? 0)) continue;
      const leaf = [...leaves(c.binder)].find(
        (l) => l.binderDepth < origin.headDepth && !Number.isFinite(rank.get(l.key) ?? 0) && graph.inCycle(p, l.atom.relation),
      );
      if (!leaf) continue;
      // the cycle through the rule, named for the first rules (those shown: errors are capped)
      let cycle: string[] = [p, leaf.atom.relation, "...", p];
      if (growing.length < MAX_CYCLES_NAMED) {
        let chains = cyclesTo.get(p);
        const component = graph.componentOf.get(p);
        if (!chains) cyclesTo.set(p, (chains = new ShortestChains(graph, [p], (r) => graph.componentOf.get(r) === component)));
        cycle = [p, ...chains.chain(leaf.atom.relation)];
      }
      growing.push({
        rule,
        headArgument: origin.headArgument,
        variable: origin.variable,
        headDepth: origin.headDepth,
        binder: leaf.atom,
        binderDepth: leaf.binderDepth,
        cycle,
      });
      break;
    }
  }
  const byPosition = new Map<string, number>();
  for (const [key, value] of rank) if (!key.includes(" ")) byPosition.set(key, value);
  return { rank: byPosition, pathRank: rank, capped, growing, literalViolations };
}

export function checkBounded(context: CheckContext): Diagnostic[] {
  const rules = context.description.rules;
  const out: Diagnostic[] = [];
  const ranking = argumentRanking(rules, context.deadline);
  for (const g of ranking.growing) {
    out.push(
      context.report(
        "error",
        "bounded",
        g.headArgument.pos,
        `terms can grow without bound: ${context.print.variable(g.variable)} sits at depth ${g.headDepth} in ${context.print.term(g.headArgument)} but at depth ${g.binderDepth} in ${context.print.atom(g.binder)}, which depends on '${g.rule.head.relation}' again (${g.cycle.join(" -> ")}, counting true <= init, true <= next, does <= legal), and no atom outside this recursion bounds it (Definition 2)`,
        [{ message: `the recursive atom that binds ${context.print.variable(g.variable)}`, pos: g.binder.pos }],
      ),
    );
  }
  if (out.length === 0 && [...ranking.rank.values()].some((v) => !Number.isFinite(v))) {
    const first = [...ranking.rank.entries()].find(([, v]) => !Number.isFinite(v))![0];
    const relation = first.slice(0, first.lastIndexOf("/"));
    const rule = rules.find((r) => r.head.relation === relation);
    out.push(
      context.report(
        "error",
        "bounded",
        rule?.pos ?? NO_POSITION,
        `terms of the argument ${first} can grow without bound through recursion (Definition 2)`,
      ),
    );
  }

  const violations = ranking.literalViolations;
  if (violations.length > 0) {
    const [first, ...rest] = violations;
    const verdict =
      out.length === 0
        ? "the description is bounded under the term-depth reading used for errors"
        : "the term-depth reading rejects it as well";
    out.push(
      context.report(
        "note",
        "bounded",
        first.argument.pos,
        `read literally, Definition 2 does not hold: in G' = G + {true <= init, true <= next, does <= legal}, ${describeViolation(first, context.print)}${rest.length > 0 ? ` (and ${rest.length} more)` : ""}; ${verdict}`,
        rest.slice(0, 3).map((v) => ({ message: describeViolation(v, context.print), pos: v.argument.pos })),
      ),
    );
  }
  return out;
}

/** One paragraph on how the bounded check reads Definition 2 (for the README). */
export function explainBoundedReading(): string {
  return [
    "Definition 2 asks that G' (the description plus true <= init, true <= next and does <= legal) satisfy the",
    "recursion restriction. Read literally this rejects ordinary games: in tictactoe, (does xplayer (mark ?m ?n))",
    "in the rule for (next (cell ?m ?n x)) lies on the cycle next -> does -> legal -> true -> next, and (mark ?m ?n)",
    "is not a head argument. gdl-ground therefore reports the literal verdict only as a note and decides",
    "boundedness by a ranking in the spirit of argument-restricted programs (Lierler and Lifschitz) on the",
    "positive part of G', kept per path: each argument position, and each path written below it (next/1,",
    "next/1 cell/3:1, next/1 last/1:1 at/1:1), gets the least rank such that a term is one deeper than its",
    "arguments and, in every rule, what a head variable stands for is no deeper than where the body binds it (the",
    "best binder of a conjunction, the worst disjunct of an or; negation and distinct ignored; init and next",
    "copied to true and legal to does path by path). A finite ranking bounds the depth of every term the relaxed",
    "game can derive, so its base and input domain is finite: step counters over succ facts, frame axioms, board",
    "coordinates, moves built from state terms and a fluent that records the last move a level deeper",
    "((next (last (at ?x))) <= (does p (mark ?x))) all get finite ranks, because only the paths they deepen get",
    "deeper. A counter (next (count (plus1 ?n))) <= (true (count ?n)) gets none, and the rule where the variable",
    "goes deeper is reported as an error. A recursive component of G' that does satisfy the recursion restriction",
    "literally is bounded by Definition 2 itself and is accepted even without a finite ranking (as in",
    "(r ?v1 (f ?v1)) <= (r ?v2 ?v1) (q ?v2)), so the check accepts the union of the two sound criteria.",
  ].join(" ");
}
