/**
 * Flat rules: the translator's own rule form, one rule per or-free body (syntax/or-free.ts):
 *
 *   (<= (p ?x) (q ?x) (or (r ?x) (not (s ?x))))
 * becomes two flat rules
 *   p(X) :- q(X), r(X).
 *   p(X) :- q(X), not s(X).
 * Each flat rule remembers the GDL rule it comes from, for error messages, and the part of P it belongs to.
 */
import type { Atom, Rule } from "../syntax/ast.js";
import { orFreeBodies, type FlatLiteral, type TooManyVariants } from "../syntax/or-free.js";
import { atomVariables, collectTermVariables } from "../syntax/terms.js";

export type { FlatLiteral } from "../syntax/or-free.js";

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

/** The flat rules of `rule`: one per or-free body (syntax/or-free.ts), or their count past the limit. */
export function flattenRule(rule: Rule): FlatRule[] | TooManyVariants {
  const bodies = orFreeBodies(rule.body);
  if ("tooManyVariants" in bodies) return bodies;
  return bodies.map((body) => ({ head: rule.head, body, origin: rule, part: "game" as const }));
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

/** How many of the literals (given by their variables) each variable occurs in. */
export function variableUses(literalVars: readonly ReadonlySet<string>[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const vars of literalVars) for (const v of vars) uses.set(v, (uses.get(v) ?? 0) + 1);
  return uses;
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
