/**
 * Reasoning about the variants of a rule body without expanding `or`.
 *
 * A rule `h <= L1 ... Ln` whose body contains `(or A B)` stands for one rule per choice of
 * disjunct (its variants; `or` may nest). Several checks ask "is X present in *every* variant
 * that contains this occurrence?". Expanding can be exponential, but that question has an
 * exact closed form, because choices in different conjuncts are independent:
 *
 *   necessary(atom)       = keys(atom)
 *   necessary(not L)      = keys of every atom under the `not` (a negated `or` does not split)
 *   necessary(distinct)   = {}
 *   necessary(or D1..Dk)  = necessary(D1) ∩ ... ∩ necessary(Dk)
 *
 * and for a leaf literal reached through disjuncts of conjunct Lk, the keys present in every
 * variant containing it are the union of necessary(Li) over i ≠ k, plus the keys of the
 * leaf itself. "Keys" are whatever a check cares about: bound variable names for safety,
 * subterms of non-recursive atoms for the recursion restriction.
 *
 * Before/after example: for `(<= (h ?x) (or (p ?x) (q ?y)) (r ?y))` the head's context is
 * ({x} ∩ {y}) ∪ {y} = {y}, so ?x is unsafe in the variant that chooses `(q ?y)`.
 */
import type { Atom, Disjunction, Distinct, Literal, Negation, Rule } from "../syntax/ast.js";
import { atomsOf } from "../syntax/terms.js";

/** The keys an atom contributes; `negated` is true under `not`. */
export type KeyFunction = (atom: Atom, negated: boolean) => Iterable<string>;

/** A literal that `or` does not split: an atom, a whole `not`, or a `distinct`. */
export type LeafLiteral = Atom | Negation | Distinct;

export function necessaryKeys(literal: Literal, keys: KeyFunction): Set<string> {
  switch (literal.kind) {
    case "atom": {
      const own = keys(literal, false);
      return own instanceof Set ? own : new Set(own);
    }
    case "not": {
      const out = new Set<string>();
      for (const { atom, negated } of atomsOf(literal)) for (const k of keys(atom, negated)) out.add(k);
      return out;
    }
    case "distinct":
      return new Set();
    case "or": {
      let out: Set<string> | undefined;
      for (const d of literal.disjuncts) {
        const inner = necessaryKeys(d, keys);
        if (!out) out = inner;
        else for (const k of out) if (!inner.has(k)) out.delete(k);
      }
      return out ?? new Set();
    }
  }
}

/** The keys present in every variant containing a leaf: asked key by key, never copied. */
export interface KeyContext {
  has(key: string): boolean;
}

/**
 * The keys of a rule body, per variant (see the module comment): what the head can rely on,
 * and what each leaf literal can.
 *
 * Linear in the size of the rule: collecting the keys outside conjunct k for each k would cost
 * n² for a body of n literals; instead each key's count over all conjuncts is kept once, and a
 * key is outside k when its count is more than k's own share.
 */
export class BodyKeys {
  private readonly perConjunct: Set<string>[];
  private readonly conjunctsWith = new Map<string, number>();
  /** The keys present in every variant of the body: what the head can rely on. */
  readonly head: KeyContext = { has: (key) => this.conjunctsWith.has(key) };

  constructor(
    private readonly rule: Rule,
    private readonly keys: KeyFunction,
  ) {
    this.perConjunct = rule.body.map((literal) => necessaryKeys(literal, keys));
    for (const set of this.perConjunct) for (const key of set) this.conjunctsWith.set(key, (this.conjunctsWith.get(key) ?? 0) + 1);
  }

  /**
   * Calls `visit` for every leaf literal of the body with the keys present in every variant
   * containing it (the leaf's own keys included) and the `or`s it sits in, outermost first.
   */
  forEachLeaf(visit: (leaf: LeafLiteral, context: KeyContext, within: readonly Disjunction[]) => void): void {
    this.rule.body.forEach((literal, k) => {
      const own = this.perConjunct[k];
      const outside: KeyContext = { has: (key) => (this.conjunctsWith.get(key) ?? 0) > (own.has(key) ? 1 : 0) };
      if (literal.kind !== "or") {
        // a conjunct that is a leaf: its keys are the conjunct's own
        visit(literal, own.size === 0 ? outside : { has: (key) => own.has(key) || outside.has(key) }, []);
        return;
      }
      const walk = (lit: Literal, within: readonly Disjunction[]) => {
        if (lit.kind === "or") {
          for (const d of lit.disjuncts) walk(d, [...within, lit]);
          return;
        }
        const leafKeys = necessaryKeys(lit, this.keys);
        visit(lit, leafKeys.size === 0 ? outside : { has: (key) => leafKeys.has(key) || outside.has(key) }, within);
      };
      walk(literal, []);
    });
  }
}

/** `new BodyKeys(rule, keys).forEachLeaf(visit)`. */
export function forEachLeaf(
  rule: Rule,
  keys: KeyFunction,
  visit: (leaf: LeafLiteral, context: KeyContext, within: readonly Disjunction[]) => void,
): void {
  new BodyKeys(rule, keys).forEachLeaf(visit);
}
