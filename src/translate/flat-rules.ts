/**
 * Flat rules: the translator's own rule form, with `or` and nested `not` expanded away.
 *
 *   (<= (p ?x) (q ?x) (or (r ?x) (not (s ?x))))
 * becomes two flat rules
 *   p(X) :- q(X), r(X).
 *   p(X) :- q(X), not s(X).
 * `(not (or a b))` is `not a, not b`, `(not (not a))` is `a`, `(not (distinct s t))` is `s = t`.
 * Each flat rule remembers the GDL rule it comes from, for error messages.
 */
import type { Atom, Literal, Rule, Term } from "../syntax/ast.js";
import { atomVariables, collectTermVariables } from "../syntax/terms.js";

export type FlatLiteral =
  | { readonly kind: "pos"; readonly atom: Atom }
  | { readonly kind: "neg"; readonly atom: Atom }
  | { readonly kind: "distinct"; readonly left: Term; readonly right: Term }
  | { readonly kind: "equal"; readonly left: Term; readonly right: Term };

/** Which part of P a flat rule belongs to. */
export type RulePart = "game" | "static-relaxation" | "split";

export interface FlatRule {
  readonly head: Atom;
  readonly body: readonly FlatLiteral[];
  readonly origin: Rule;
  readonly part: RulePart;
}

/** The rules of each head relation, in the order of `rules` (relations in the order they first head a rule). */
export function rulesByHead(rules: readonly FlatRule[]): Map<string, FlatRule[]> {
  const byHead = new Map<string, FlatRule[]>();
  for (const rule of rules) {
    const own = byHead.get(rule.head.relation);
    if (own) own.push(rule);
    else byHead.set(rule.head.relation, [rule]);
  }
  return byHead;
}

/** Over this many variants from one rule, `or` expansion stops and reports the rule. */
export const MAX_OR_VARIANTS = 4096;

export function flattenRule(rule: Rule): FlatRule[] | { tooManyVariants: number } {
  let variants: FlatLiteral[][] = [[]];
  for (const literal of rule.body) {
    const alternatives = disjunctiveForm(literal, false);
    if (alternatives.length === 1) {
      // no choice here: extend each variant in place (copying them per literal cost body² on a long body)
      for (const v of variants) for (const l of alternatives[0]) v.push(l);
      continue;
    }
    const count = variants.length * alternatives.length;
    if (count > MAX_OR_VARIANTS) return { tooManyVariants: count };
    const next: FlatLiteral[][] = [];
    for (const v of variants) for (const alt of alternatives) next.push([...v, ...alt]);
    variants = next;
  }
  return variants.map((body) => ({ head: rule.head, body, origin: rule, part: "game" as const }));
}

/** The literal as a disjunction of conjunctions of flat literals. */
function disjunctiveForm(literal: Literal, negated: boolean): FlatLiteral[][] {
  switch (literal.kind) {
    case "atom":
      return [[{ kind: negated ? "neg" : "pos", atom: literal }]];
    case "distinct":
      return [[{ kind: negated ? "equal" : "distinct", left: literal.left, right: literal.right }]];
    case "not":
      return disjunctiveForm(literal.body, !negated);
    case "or": {
      const parts = literal.disjuncts.map((d) => disjunctiveForm(d, negated));
      if (!negated) return parts.flat();
      // not (a or b) = (not a) and (not b): the product of the parts
      let product: FlatLiteral[][] = [[]];
      for (const part of parts) {
        const next: FlatLiteral[][] = [];
        for (const p of product) for (const alt of part) next.push([...p, ...alt]);
        product = next;
      }
      return product;
    }
  }
}

export function flatLiteralVariables(literal: FlatLiteral, into: Set<string> = new Set()): Set<string> {
  switch (literal.kind) {
    case "pos":
    case "neg":
      return atomVariables(literal.atom, into);
    case "distinct":
    case "equal":
      collectTermVariables(literal.left, into);
      return collectTermVariables(literal.right, into);
  }
}

export function flatRuleVariables(rule: FlatRule): Set<string> {
  const vars = atomVariables(rule.head);
  for (const l of rule.body) flatLiteralVariables(l, vars);
  return vars;
}

/** The variables bound by the positive atoms of a body. */
export function positivelyBound(body: readonly FlatLiteral[]): Set<string> {
  const vars = new Set<string>();
  for (const l of body) if (l.kind === "pos") atomVariables(l.atom, vars);
  return vars;
}
