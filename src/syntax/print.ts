/**
 * Printing terms, atoms, literals and rules back to KIF in normalized form: lower case,
 * `(f a b)` with single spaces, constants bare, variables as `?x`. A term is written from left to
 * right with a cursor, the compound terms it is inside kept on a stack of its own: terms nest far
 * deeper than a JavaScript stack holds calls (MAX_TERM_NESTING), and a text built by joining each
 * level's arguments copied the inner levels' text once per level.
 */
import type { Atom, Compound, Literal, Rule, Term } from "./ast.js";

export function termToKif(term: Term): string {
  if (term.kind === "constant") return term.name;
  if (term.kind === "variable") return `?${term.name}`;
  let outer: Compound[] | undefined; // the compound terms the cursor is inside,
  let resume: number[] | undefined; // and the argument of each to go on from
  let t = term;
  let k = 0;
  let text = `(${t.functor}`;
  for (;;) {
    const args = t.args;
    let inner: Compound | undefined;
    while (k < args.length) {
      const a = args[k++];
      if (a.kind === "constant") text += ` ${a.name}`;
      else if (a.kind === "variable") text += ` ?${a.name}`;
      else {
        inner = a;
        break;
      }
    }
    if (inner !== undefined) {
      (outer ??= []).push(t);
      (resume ??= []).push(k);
      t = inner;
      k = 0;
      text += ` (${t.functor}`;
      continue;
    }
    text += ")";
    if (outer === undefined || outer.length === 0) return text;
    t = outer.pop()!;
    k = resume!.pop()!;
  }
}

export function atomToKif(atom: Atom): string {
  if (atom.args.length === 0) return atom.relation;
  return `(${atom.relation} ${atom.args.map(termToKif).join(" ")})`;
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
