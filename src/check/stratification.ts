/**
 * Stratification (Definition 1.1): the dependency graph has no cycle through a negative
 * edge.
 *
 * The relation-level test is refined before it becomes an error. For each strongly
 * connected component of the dependency graph with a negative edge inside it, we build a
 * rule-level graph over the rules whose heads are in the component: an edge A -> B when an
 * atom of A's body (inside `or` and `not` too) unifies with B's head (variables renamed
 * apart, function terms matched structurally), negative when the atom is under an odd number
 * of `not`s. Every dependency between ground instances maps onto an edge of this graph, so
 * when it has no cycle through a negative edge the ground program is stratified (e.g.
 * `(<= (goal robot 100) (not (goal robot 0)))`): that is a warning, since the description is
 * not stratified by Definition 1.1 as written. Otherwise each negative rule-level edge on a
 * cycle is an error at its `not`, naming the relations of the cycle and the rules on it.
 */
import type { Diagnostic, RelatedPosition, Position } from "../diagnostics.js";
import type { Atom, Literal, Rule, Term } from "../syntax/ast.js";
import { shortestPath, stronglyConnectedComponents } from "../analysis/dependency-graph.js";
import type { CheckContext } from "./context.js";
import type { Deadline } from "../deadline.js";
import { pushTo } from "./lists.js";

// ---------------------------------------------------------------------------------------
// Unification of a body atom with a rule head, variables renamed apart.

type Side = "body" | "head";
type Bindings = Map<string, { term: Term; side: Side }>;

function resolve(term: Term, side: Side, bindings: Bindings): { term: Term; side: Side } {
  let current = { term, side };
  for (;;) {
    if (current.term.kind !== "variable") return current;
    const bound = bindings.get(`${current.side}:${current.term.name}`);
    if (!bound) return current;
    current = bound;
  }
}

/** Unifies two terms, extending `bindings`: pairs of subterms from a stack of their own, left to right (terms nest deeper than a stack holds calls). */
function unifyTerms(a: Term, sideA: Side, b: Term, sideB: Side, bindings: Bindings): boolean {
  const pairs: { readonly a: Term; readonly sideA: Side; readonly b: Term; readonly sideB: Side }[] = [{ a, sideA, b, sideB }];
  while (pairs.length > 0) {
    const pair = pairs.pop()!;
    const x = resolve(pair.a, pair.sideA, bindings);
    const y = resolve(pair.b, pair.sideB, bindings);
    if (x.term.kind === "variable") {
      if (y.term.kind === "variable" && x.side === y.side && x.term.name === y.term.name) continue;
      bindings.set(`${x.side}:${x.term.name}`, y);
      continue;
    }
    if (y.term.kind === "variable") {
      bindings.set(`${y.side}:${y.term.name}`, x);
      continue;
    }
    if (x.term.kind === "constant") {
      if (y.term.kind === "constant" && x.term.name === y.term.name) continue;
      return false;
    }
    if (y.term.kind !== "compound") return false;
    const [f, g] = [x.term, y.term];
    if (f.functor !== g.functor || f.args.length !== g.args.length) return false;
    for (let k = f.args.length - 1; k >= 0; k--) pairs.push({ a: f.args[k], sideA: x.side, b: g.args[k], sideB: y.side });
  }
  return true;
}

/** True when some ground instance of `atom` (a body atom) is a ground instance of `head` (no occurs check). */
export function unifiesWithHead(atom: Atom, head: Atom): boolean {
  if (atom.relation !== head.relation || atom.args.length !== head.args.length) return false;
  const bindings: Bindings = new Map();
  return atom.args.every((arg, i) => unifyTerms(arg, "body", head.args[i], "head", bindings));
}

// ---------------------------------------------------------------------------------------

interface BodyAtom {
  readonly atom: Atom;
  /** Under an odd number of `not`s. */
  readonly negative: boolean;
  /** The outermost `not` above the atom, when there is one. */
  readonly not?: Position;
}

function bodyAtoms(rule: Rule): BodyAtom[] {
  const out: BodyAtom[] = [];
  const visit = (literal: Literal, negative: boolean, not: Position | undefined) => {
    switch (literal.kind) {
      case "atom":
        out.push(not ? { atom: literal, negative, not } : { atom: literal, negative });
        break;
      case "not":
        visit(literal.body, !negative, not ?? literal.pos);
        break;
      case "or":
        for (const d of literal.disjuncts) visit(d, negative, not);
        break;
      case "distinct":
        break;
    }
  };
  for (const literal of rule.body) visit(literal, false, undefined);
  return out;
}

interface RuleEdge {
  readonly from: number;
  readonly to: number;
  readonly negative: boolean;
  readonly at: BodyAtom;
}

/** The key of a term's outermost symbol (`c:name`, `f:name/arity`); undefined for a variable. */
function principal(term: Term): string | undefined {
  return term.kind === "constant" ? `c:${term.name}` : term.kind === "compound" ? `f:${term.functor}/${term.args.length}` : undefined;
}

/**
 * The rules whose head may unify with a body atom: those of its relation, narrowed by the
 * argument position where the atom's outermost symbol leaves the fewest heads (the heads with
 * that symbol there, and those with a variable there). Trying every head of the relation for
 * every body atom cost rules² (a component of 40,000 rules: minutes).
 */
class HeadIndex {
  private readonly byRelation = new Map<string, number[]>();
  /** relation -> position -> outermost symbol -> rules, ascending. */
  private readonly bySymbol = new Map<string, Map<string, number[]>[]>();
  /** relation -> position -> rules with a variable there, ascending. */
  private readonly byVariable = new Map<string, number[][]>();

  constructor(rules: readonly Rule[]) {
    rules.forEach((rule, i) => {
      const { relation, args } = rule.head;
      pushTo(this.byRelation, relation, i);
      let symbols = this.bySymbol.get(relation);
      let variables = this.byVariable.get(relation);
      if (!symbols || !variables) {
        this.bySymbol.set(relation, (symbols = []));
        this.byVariable.set(relation, (variables = []));
      }
      args.forEach((arg, k) => {
        symbols[k] ??= new Map();
        variables[k] ??= [];
        const key = principal(arg);
        if (key === undefined) variables[k].push(i);
        else pushTo(symbols[k], key, i);
      });
    });
  }

  /** Candidate rules for `atom`, ascending (a superset of those whose head unifies with it). */
  candidates(atom: Atom): readonly number[] {
    const all = this.byRelation.get(atom.relation) ?? [];
    const symbols = this.bySymbol.get(atom.relation)!;
    const variables = this.byVariable.get(atom.relation)!;
    let best: { withSymbol: readonly number[]; withVariable: readonly number[] } | undefined;
    atom.args.forEach((arg, k) => {
      const key = principal(arg);
      if (key === undefined || symbols[k] === undefined) return;
      const withSymbol = symbols[k].get(key) ?? [];
      const withVariable = variables[k];
      if (!best || withSymbol.length + withVariable.length < best.withSymbol.length + best.withVariable.length) best = { withSymbol, withVariable };
    });
    return best ? mergeAscending(best.withSymbol, best.withVariable) : all;
  }
}

function mergeAscending(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++]);
  return out;
}

/** The rule-level graph over `rules` (indices into it). */
function ruleGraph(rules: readonly Rule[], relations: ReadonlySet<string>, deadline: Deadline): RuleEdge[][] {
  const heads = new HeadIndex(rules);
  return rules.map((rule, from) => {
    const edges: RuleEdge[] = [];
    const seen = new Set<string>();
    for (const b of bodyAtoms(rule)) {
      deadline.poll();
      if (!relations.has(b.atom.relation)) continue;
      for (const to of heads.candidates(b.atom)) {
        const key = `${to}:${b.negative}`;
        if (seen.has(key) || !unifiesWithHead(b.atom, rules[to].head)) continue;
        seen.add(key);
        edges.push({ from, to, negative: b.negative, at: b });
      }
    }
    return edges;
  });
}

/** The shortest list of edges from rule `from` to rule `to` within the given members. */
function shortestRulePath(edges: readonly RuleEdge[][], members: ReadonlySet<number>, from: number, to: number): RuleEdge[] {
  return shortestPath(from, (r) => r === to, (r) => edges[r].filter((e) => members.has(e.to))) ?? [];
}

function shorten(text: string): string {
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
}

function quoteList(names: readonly string[]): string {
  const q = names.map((n) => `'${n}'`);
  return q.length <= 1 ? q.join("") : `${q.slice(0, -1).join(", ")} and ${q[q.length - 1]}`;
}

/**
 * Errors explained with the whole cycle (a breadth-first search through the rules of its
 * component each): the first ones by position, which are the ones shown (the diagnostics are
 * capped at 20 errors per file); the others say which two relations the cycle joins.
 */
const MAX_EXPLAINED = 100;

interface PendingError {
  readonly pos: Position;
  explained(): Diagnostic;
  plain(): Diagnostic;
}

export function checkStratification(context: CheckContext): Diagnostic[] {
  const { graph, description } = context;
  const out: Diagnostic[] = [];
  const pending: PendingError[] = [];
  const rulesOf = new Map<string, number[]>();
  description.rules.forEach((rule, i) => pushTo(rulesOf, rule.head.relation, i));
  graph.components.forEach((members, index) => {
    const inside = (r: string) => graph.componentOf.get(r) === index;
    const negated = new Set<string>();
    for (const m of members) for (const e of graph.edgesFrom.get(m) ?? []) if (e.negative && inside(e.to)) negated.add(e.to);
    if (negated.size === 0) return;

    const relations = new Set(members);
    const rules = members
      .flatMap((m) => rulesOf.get(m) ?? [])
      .sort((a, b) => a - b)
      .map((i) => description.rules[i]);
    const edges = ruleGraph(rules, relations, context.deadline);
    const ruleComponents = stronglyConnectedComponents(
      rules.map((_, i) => i),
      (i) => edges[i].map((e) => e.to),
    );
    const ruleComponentOf = new Map<number, number>();
    ruleComponents.forEach((c, k) => c.forEach((i) => ruleComponentOf.set(i, k)));

    const reported = new Set<string>();
    let anyError = false;
    for (const list of edges) {
      for (const e of list) {
        const k = ruleComponentOf.get(e.from);
        if (!e.negative || k !== ruleComponentOf.get(e.to)) continue;
        anyError = true;
        const rule = rules[e.from];
        const p = rule.head.relation;
        const q = e.at.atom.relation;
        const key = `${e.from}\u0000${q}`;
        if (reported.has(key)) continue;
        reported.add(key);
        const pos = e.at.not ?? rule.pos;
        const related = (back: readonly RuleEdge[]): RelatedPosition[] =>
          [e, ...back].map((b) => ({
            message: `${shorten(context.print.atom(b.at.atom))}${b.negative ? " (under not)" : ""} unifies with the head of ${shorten(context.print.rule(rules[b.to]))}`,
            pos: b.at.atom.pos,
          }));
        const itself = () =>
          `'${p}' depends negatively on itself: ${context.print.atom(e.at.atom)} under 'not' unifies with this rule's own head ${context.print.atom(rule.head)}, so the cycle ${p} -> ${p} goes through negation even between ground instances (Definition 1.1)`;
        pending.push({
          pos,
          explained: () => {
            const back = shortestRulePath(edges, new Set(ruleComponents[k!]), e.to, e.from);
            const cycle = [p, q, ...back.map((b) => rules[b.to].head.relation)];
            const message =
              p === q && back.length === 0
                ? itself()
                : `'${p}' depends negatively on '${q}', which depends on '${p}' again: the cycle ${cycle.join(" -> ")} goes through negation, even between ground instances (Definition 1.1)`;
            return context.report("error", "stratification", pos, message, related(back));
          },
          plain: () =>
            context.report(
              "error",
              "stratification",
              pos,
              e.from === e.to
                ? itself()
                : `'${p}' depends negatively on '${q}', which depends on '${p}' again: a cycle through negation, even between ground instances (Definition 1.1)`,
              related([]),
            ),
        });
      }
    }
    if (anyError) return;

    const first = rules.flatMap((r) => bodyAtoms(r).filter((b) => b.negative && negated.has(b.atom.relation)))[0];
    const split = [...negated].sort();
    out.push(
      context.report(
        "warning",
        "stratification",
        first?.not ?? first?.atom.pos ?? rules[0].pos,
        `stratified only after splitting ${quoteList(split)} by ${split.length === 1 ? "its" : "their"} constant arguments; not stratified by Definition 1.1 as written ` +
          `(${members.length === 1 ? `'${members[0]}' depends negatively on itself` : `${quoteList([...members].sort())} form a cycle through negation`} ` +
          `in the dependency graph of relations, but no ground instance depends negatively on itself)`,
      ),
    );
  });
  if (pending.length > MAX_EXPLAINED) pending.sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col);
  pending.forEach((error, i) => {
    context.deadline.poll();
    out.push(i < MAX_EXPLAINED ? error.explained() : error.plain());
  });
  return out;
}
