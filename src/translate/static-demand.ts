/**
 * Static demand (magic sets over the static relaxation): a view whose uses all bind some of its
 * arguments is grounded only for the bound tuples that a use can ask about in some reachable
 * state, and that set of tuples is computed from the static relaxation, so it is a static relation
 * that the grounder evaluates away.
 *
 * In merrills, `count_loop(X, Y, W1, B1, W, B)` counts the pieces from pit (X, Y) on, starting
 * from W1 white and B1 black ones; the only entry is `count_loop(inner, ne, 0, 0, W, B)`, but
 * bottom-up the rules hold for every pair (W1, B1) of the 71 numbers at every pit (and P^base's
 * copy likewise). The step adds
 *
 *   _sdemand1(inner, ne, 0, 0).
 *   _sdemand1(X2, Y2, W2, B2) :- _sdemand1(X1, Y1, W1, B1), count_one^static(X1, Y1, W1, B1, W2, B2), next_pit(X1, Y1, X2, Y2).
 *
 * and `_sdemand1(X1, Y1, W1, B1)` to the body of each rule of count_loop (and of its relaxed copy):
 * the counts W1, B1 are now only those reachable from (0, 0).
 *
 * Adornment: a position of p is bound when, at every use of p (positive or negated), the use's
 * argument there has only variables bound by the bound head arguments of the rule (when the head is
 * restricted too) or by the rule's other positive literals, where a literal of a restricted
 * relation counts only when it comes earlier in the body (a left-to-right order of sideways
 * information passing: a restricted literal's own demand uses only the literals before it, so
 * the demand is well-founded). The largest such adornment is found by dropping positions (and
 * views with none left) until nothing changes.
 *
 * The demand rule of a use takes the bound head arguments' demand and the literals above, each
 * replaced by its static relaxation (true -> _base, does -> _input, a dynamic view q -> q^static),
 * negative literals left out: in every reachable state where the use's rule has a true body, the
 * relaxed literals hold (P^base over-approximates), so the use's tuple is demanded, and a
 * restricted view holds on its demanded tuples exactly when it held before. Every rule of a
 * restricted view, and its relaxed copy, gets the demand atom of its head: the relaxation stays an
 * over-approximation on every tuple some use asks about, which is all P^base uses.
 *
 * A view qualifies when it is not an output or keyword relation, not static, has rules and a bound
 * position, and the step restricts it only when that can cut something: some rule of it has, at
 * a bound position, a head variable whose values come only from static literals (`succ(W1, W)`,
 * `number(B)`) or from such positions of other restricted views (`loosePositions`).
 */
import type { Atom, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { atomVariables, collectTermVariables } from "../syntax/terms.js";
import { positivelyBound, rulesByHead, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";
import { staticVersion } from "./static-relaxation.js";
import { reachable, stronglyConnectedComponents } from "../analysis/dependency-graph.js";

export interface StaticDemandOptions {
  /** Relations never restricted: the outputs, the keywords, what the generators use. */
  readonly keep: ReadonlySet<string>;
  /** The static relations (the demand relations made here are added to it by the caller). */
  readonly statics: ReadonlySet<string>;
}

export interface StaticDemandResult {
  /** G with the demand atoms in the rules of the restricted views. */
  readonly rules: FlatRule[];
  /** The demand rules (bodies in relaxed form: _base, _input, p^static). */
  readonly demandRules: FlatRule[];
  /** The demand relations (static). */
  readonly demandRelations: readonly string[];
  /** The restricted views, with their bound positions. */
  readonly restricted: ReadonlyMap<string, readonly number[]>;
  /** Dynamic relations whose relaxed copies p^static the demand rules use. */
  readonly relaxedUses: ReadonlySet<string>;
}

export function restrictToStaticDemand(rules: readonly FlatRule[], options: StaticDemandOptions): StaticDemandResult {
  const isStatic = (r: string) => options.statics.has(r);
  const byHead = rulesByHead(rules);
  const arity = new Map<string, number>();
  for (const [p, own] of byHead) arity.set(p, own[0].head.args.length);

  // A static relation used negated keeps its whole extension, and so does every static
  // relation it depends on: P^base keeps static negative literals, so a demand (which depends on
  // P^base) under a negation would make the program unstratified (lessthan in mummymaze1p).
  // The static relations that the rules of r use (positive or negated).
  const staticUses = (r: string): string[] =>
    (byHead.get(r) ?? []).flatMap((rule) =>
      rule.body.flatMap((l) => ((l.kind === "pos" || l.kind === "neg") && isStatic(l.atom.relation) ? [l.atom.relation] : [])),
    );
  const negatedStatics = rules.flatMap((rule) => rule.body.flatMap((l) => (l.kind === "neg" && isStatic(l.atom.relation) ? [l.atom.relation] : [])));
  const underNegation = reachable(negatedStatics, staticUses);

  // A static relation is worth a demand only when it can be large: when it is recursive or
  // depends on a recursive static relation (mummymaze1p's direction-from, built on lessthan over
  // 60 numbers). A static relation made by joining facts (merrills' mill) is small, and its
  // demand, a join over P^base, can be larger than the relation itself.
  // One pass over the strongly connected sets of the static uses, dependencies first (a reachable set
  // per relation was quadratic: a chain of 20,000 relations took minutes and gigabytes).
  const large = new Set<string>();
  for (const component of stronglyConnectedComponents([...byHead.keys()], staticUses)) {
    const members = new Set(component);
    const recursive = component.length > 1 || staticUses(component[0]).includes(component[0]);
    if (recursive || component.some((p) => staticUses(p).some((q) => !members.has(q) && large.has(q)))) for (const p of component) large.add(p);
  }
  const mayBeLarge = (p: string): boolean => large.has(p);

  // candidates with all positions bound; shrink to the greatest consistent adornment
  const bound = new Map<string, Set<number>>();
  for (const [p, own] of byHead) {
    if (options.keep.has(p) || p.startsWith(INTERNAL_PREFIX) || underNegation.has(p)) continue;
    if (isStatic(p) && !mayBeLarge(p)) continue;
    if (own.some((r) => r.head.args.length !== arity.get(p))) continue;
    if (arity.get(p)! === 0) continue;
    bound.set(p, new Set(Array.from({ length: arity.get(p)! }, (_, i) => i)));
  }
  // Drop the positions some use does not bind, until every use binds what is left (the greatest
  // consistent adornment). A use in a rule of something that is not in `byHead` (e.g. only facts
  // elsewhere) is fine: all rules are scanned.
  const shrinkToConsistent = (): void => {
    let changed = true;
    while (changed) {
      changed = false;
      for (const rule of rules)
        rule.body.forEach((literal, i) => {
          if (literal.kind !== "pos" && literal.kind !== "neg") return;
          const positions = bound.get(literal.atom.relation);
          if (!positions) return;
          const vars = isStatic(literal.atom.relation) ? headBound(rule, bound) : boundAt(rule, i, bound);
          literal.atom.args.forEach((arg, k) => {
            if (positions.has(k) && ![...termVariables(arg)].every((v) => vars.has(v))) {
              positions.delete(k);
              changed = true;
            }
          });
          if (positions.size === 0) {
            bound.delete(literal.atom.relation);
            changed = true;
          }
        });
    }
  };
  shrinkToConsistent();
  // restrict only where it can cut something (see the header); dropping a view from the set can
  // only make other views' uses less bound, so the adornments are checked again
  for (;;) {
    let dropped = false;
    const loose = loosePositions(byHead, bound, isStatic);
    for (const p of [...bound.keys()]) {
      if (!loose.has(p)) {
        bound.delete(p);
        dropped = true;
      }
    }
    if (!dropped) break;
    shrinkToConsistent();
  }

  const restricted = new Map<string, number[]>();
  for (const [p, positions] of bound) restricted.set(p, [...positions].sort((a, b) => a - b));
  if (restricted.size === 0)
    return { rules: [...rules], demandRules: [], demandRelations: [], restricted, relaxedUses: new Set() };

  const demandOf = new Map<string, string>();
  [...restricted.keys()].forEach((p, k) => demandOf.set(p, `${INTERNAL_PREFIX}sdemand${k + 1}`));
  const demandAtom = (atom: Atom): Atom => ({
    kind: "atom",
    relation: demandOf.get(atom.relation)!,
    args: restricted.get(atom.relation)!.map((k) => atom.args[k]),
    pos: atom.pos ?? NO_POSITION,
  });
  const statics = options.statics;
  const relaxedUses = new Set<string>();
  const relax = (atom: Atom): Atom => {
    const relation = staticVersion(atom.relation, statics);
    if (relation !== atom.relation || !statics.has(atom.relation)) relaxedUses.add(atom.relation);
    return { ...atom, relation };
  };

  const out: FlatRule[] = [];
  const demandRules: FlatRule[] = [];
  for (const rule of rules) {
    const headRestricted = restricted.has(rule.head.relation);
    out.push(headRestricted ? { ...rule, body: [...rule.body, { kind: "pos", atom: demandAtom(rule.head) }] } : rule);
    rule.body.forEach((literal, i) => {
      if (literal.kind !== "pos" && literal.kind !== "neg") return;
      if (!restricted.has(literal.atom.relation)) return;
      // the bound head arguments' demand, then only the literals that bind a variable of the
      // use's bound arguments that nothing before binds (fewer literals: a looser demand, still
      // sound, and a cheaper join than the whole relaxed body)
      const body: FlatLiteral[] = [];
      const demanded = demandAtom(literal.atom);
      const needed = new Set<string>();
      demanded.args.forEach((a) => collectTermVariables(a, needed));
      const have = new Set<string>();
      if (headRestricted) {
        const head = demandAtom(rule.head);
        body.push({ kind: "pos", atom: head });
        atomVariables(head, have);
      }
      const allowed = rule.body.filter(
        (other, j) => j !== i && other.kind === "pos" && !(restricted.has(other.atom.relation) && j > i),
      ) as { kind: "pos"; atom: Atom }[];
      // literals without a restricted relation first: they bind with the whole relaxation
      const used = new Set<FlatLiteral>();
      for (const pass of [false, true])
        for (const other of allowed) {
          if (restricted.has(other.atom.relation) !== pass) continue;
          const vars = atomVariables(other.atom);
          if (![...vars].some((v) => needed.has(v) && !have.has(v))) continue;
          body.push({ kind: "pos", atom: relax(other.atom) });
          used.add(other);
          vars.forEach((v) => have.add(v));
        }
      // and the literals that only test what is bound already (filters, no join)
      for (const other of allowed)
        if (!used.has(other) && [...atomVariables(other.atom)].every((v) => have.has(v))) body.push({ kind: "pos", atom: relax(other.atom) });
      const vars = positivelyBound(body);
      for (const other of rule.body)
        if ((other.kind === "distinct" || other.kind === "equal") && [...termVariables(other.left), ...termVariables(other.right)].every((v) => vars.has(v)))
          body.push(other);
      demandRules.push({ head: demandAtom(literal.atom), body, origin: rule.origin, part: "static-relaxation" });
    });
  }
  // relaxed uses of static relations are the relations themselves: only dynamic ones need copies
  for (const r of [...relaxedUses]) if (statics.has(r)) relaxedUses.delete(r);
  return { rules: out, demandRules, demandRelations: [...demandOf.values()], restricted, relaxedUses };
}

/**
 * The variables of the head's bound arguments: all that binds a use of a static relation. A static
 * relation is restricted only top-down, from the demand of the views that use it (mummymaze1p's
 * direction-from from movetoward's), never by a join of fluents at its use: in quad that join, four
 * cells with the same mark, is far larger than the relation `square` itself.
 */
function headBound(rule: FlatRule, bound: ReadonlyMap<string, ReadonlySet<number>>): Set<string> {
  const vars = new Set<string>();
  const head = bound.get(rule.head.relation);
  if (head) rule.head.args.forEach((arg, k) => head.has(k) && collectTermVariables(arg, vars));
  return vars;
}

/** The variables that the head's bound arguments and the allowed positive literals bind for the i-th literal. */
function boundAt(rule: FlatRule, i: number, bound: ReadonlyMap<string, ReadonlySet<number>>): Set<string> {
  const vars = headBound(rule, bound);
  rule.body.forEach((other, j) => {
    if (j === i || other.kind !== "pos") return;
    if (bound.has(other.atom.relation) && j > i) return;
    atomVariables(other.atom, vars);
  });
  return vars;
}

/**
 * The bound positions where a demand can cut something: (p, k) is loose when some rule of p has
 * at head position k a variable whose values come only from static literals (`succ(W1, W)`,
 * `number(B)`: every value of a static domain) or from loose bound positions of other restricted
 * views, not from a fluent or another dynamic view (least fixpoint). A view with no loose
 * position gains nothing from a demand (its bound arguments are fixed by its fluents, as in
 * `true(cell(X, Y, b))`) and is left alone.
 */
function loosePositions(
  byHead: ReadonlyMap<string, readonly FlatRule[]>,
  bound: ReadonlyMap<string, ReadonlySet<number>>,
  isStatic: (r: string) => boolean,
): Map<string, Set<number>> {
  const loose = new Map<string, Set<number>>();
  const isLoose = (q: string, k: number) => loose.get(q)?.has(k) === true;
  let changed = true;
  while (changed) {
    changed = false;
    for (const [p, positions] of bound)
      for (const rule of byHead.get(p) ?? [])
        rule.head.args.forEach((arg, k) => {
          if (!positions.has(k) || isLoose(p, k) || arg.kind !== "variable") return;
          const v = arg.name;
          const fromLoose = rule.body.every((l) => {
            if (l.kind !== "pos" || isStatic(l.atom.relation)) return true;
            return l.atom.args.every((a, j) => !termVariables(a).has(v) || (a.kind === "variable" && isLoose(l.atom.relation, j)));
          });
          if (!fromLoose) return;
          if (!loose.has(p)) loose.set(p, new Set());
          loose.get(p)!.add(k);
          changed = true;
        });
  }
  return loose;
}

function termVariables(t: Term): Set<string> {
  return collectTermVariables(t, new Set());
}
