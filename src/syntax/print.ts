/**
 * Printing terms, atoms, literals and rules back to KIF in normalized form: lower case,
 * `(f a b)` with single spaces, constants bare, variables as `?x`. Terms are written by the
 * writer all notations share (term-writer.ts), which takes terms of any depth.
 */
import type { Atom, Literal, Rule, Term } from "./ast.js";
import { kifOpen, writeTerm, type TermParts } from "./term-writer.js";
import { kifName } from "./kif-name.js";

/** KIF's parts of a term: `(f a ?x)`; a name KIF's tokens cannot hold between bars (`|x y|`, kif-name.ts). */
const KIF_PARTS: TermParts = {
  open: kifOpen,
  leaf: (t) => (t.kind === "constant" ? kifName(t.name) : `?${t.name}`),
  separator: " ",
};

export function termToKif(term: Term): string {
  return writeTerm(term, KIF_PARTS);
}

export function atomToKif(atom: Atom): string {
  if (atom.args.length === 0) return kifName(atom.relation);
  return `(${kifName(atom.relation)} ${atom.args.map(termToKif).join(" ")})`;
}

export function literalToKif(literal: Literal): string {
  switch (literal.kind) {
    case "atom":
      return atomToKif(literal);
    case "not":
      return `(not ${literalToKif(literal.body)})`;
    case "distinct":
      return `(distinct ${termToKif(literal.left)} ${termToKif(literal.right)})`;
    case "or":
      return `(or ${literal.disjuncts.map(literalToKif).join(" ")})`;
  }
}

export function ruleToKif(rule: Rule): string {
  if (rule.body.length === 0) return atomToKif(rule.head);
  return `(<= ${atomToKif(rule.head)} ${rule.body.map(literalToKif).join(" ")})`;
}
