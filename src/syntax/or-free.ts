/**
 * Or-free bodies: a rule body with `or` and nested `not` expanded away, the one form in which
 * the translation (translate/flat-rules.ts) and the prover (prover/program.ts) read rules.
 *
 *   (<= (p ?x) (q ?x) (or (r ?x) (not (s ?x))))
 * has the two or-free bodies
 *   q(X), r(X)        q(X), not s(X)
 * `(not (or a b))` is `not a, not b`, `(not (not a))` is `a`, `(not (distinct s t))` is `s = t`.
 * A body has as many or-free bodies as the product of its literals' alternatives; past
 * `MAX_OR_VARIANTS` the expansion is refused, the count computed without building them (13 `or`s
 * of two literals are 8,192 bodies, 30 are a billion).
 */
import type { Atom, Literal, Term } from "./ast.js";

/** A literal of an or-free body. */
export type FlatLiteral =
  | { readonly kind: "pos"; readonly atom: Atom }
  | { readonly kind: "neg"; readonly atom: Atom }
  | { readonly kind: "distinct"; readonly left: Term; readonly right: Term }
  | { readonly kind: "equal"; readonly left: Term; readonly right: Term };

/** Over this many or-free bodies from one rule, the expansion stops and the rule is reported. */
export const MAX_OR_VARIANTS = 4096;

/** Where a body has more or-free bodies than the limit: how many. */
export interface TooManyVariants {
  readonly tooManyVariants: number;
}

/** The or-free bodies of `body`, in order (the first alternative of each literal first), or their count past `max`. */
export function orFreeBodies(body: readonly Literal[], max: number = MAX_OR_VARIANTS): FlatLiteral[][] | TooManyVariants {
  let count = 1;
  for (const literal of body) count *= alternativeCount(literal, false);
  if (count > max) return { tooManyVariants: count };
  let variants: FlatLiteral[][] = [[]];
  for (const literal of body) {
    const alternatives = disjunctiveForm(literal, false);
    if (alternatives.length === 1) {
      // no choice here: extend each variant in place (copying them per literal cost body² on a long body)
      for (const v of variants) for (const l of alternatives[0]) v.push(l);
      continue;
    }
    const next: FlatLiteral[][] = [];
    for (const v of variants) for (const alt of alternatives) next.push([...v, ...alt]);
    variants = next;
  }
  return variants;
}

/** The message for a rule whose `or`s expand past the limit (a diagnostic at the rule). */
export function tooManyVariantsMessage(count: number, max: number = MAX_OR_VARIANTS): string {
  const n = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });
  return `expanding 'or' in this rule gives ${Number.isFinite(count) && count < 1e15 ? n(count) : `more than ${n(1e15)}`} rules (more than ${n(max)})`;
}

/** How many alternatives `literal` (negated or not) stands for, without listing them. */
function alternativeCount(literal: Literal, negated: boolean): number {
  switch (literal.kind) {
    case "atom":
    case "distinct":
      return 1;
    case "not":
      return alternativeCount(literal.body, !negated);
    case "or": {
      const counts = literal.disjuncts.map((d) => alternativeCount(d, negated));
      // or(A, B) = A | B; not or(A, B) = not A & not B
      return negated ? counts.reduce((a, b) => a * b, 1) : counts.reduce((a, b) => a + b, 0);
    }
  }
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
