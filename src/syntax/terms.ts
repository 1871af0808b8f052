/** Small pure helpers over terms and literals. */
import type { Atom, Description, Literal, Rule, Term } from "./ast.js";
import { termToKif } from "./print.js";

/** Adds the names of the variables of `term` to `into` (in order of first occurrence). */
export function collectTermVariables(term: Term, into: Set<string>): Set<string> {
  switch (term.kind) {
    case "variable":
      into.add(term.name);
      break;
    case "compound":
      for (const arg of term.args) collectTermVariables(arg, into);
      break;
    case "constant":
      break;
  }
  return into;
}

export function atomVariables(atom: Atom, into: Set<string> = new Set()): Set<string> {
  for (const arg of atom.args) collectTermVariables(arg, into);
  return into;
}

export function literalVariables(literal: Literal, into: Set<string> = new Set()): Set<string> {
  switch (literal.kind) {
    case "atom":
      return atomVariables(literal, into);
    case "not":
      return literalVariables(literal.body, into);
    case "distinct":
      collectTermVariables(literal.left, into);
      return collectTermVariables(literal.right, into);
    case "or":
      for (const d of literal.disjuncts) literalVariables(d, into);
      return into;
  }
}

export function isGround(term: Term): boolean {
  switch (term.kind) {
    case "variable":
      return false;
    case "constant":
      return true;
    case "compound":
      return term.args.every(isGround);
  }
}

/** The depth of a term: constants and variables 0, `(f t...)` 1 + the deepest argument. */
export function termDepth(term: Term): number {
  if (term.kind !== "compound") return 0;
  let deepest = 0;
  for (const arg of term.args) deepest = Math.max(deepest, termDepth(arg));
  return deepest + 1;
}

/** Every atom occurring in a literal, with whether it occurs under a negation. */
export function* atomsOf(literal: Literal, negated = false): Generator<{ atom: Atom; negated: boolean }> {
  switch (literal.kind) {
    case "atom":
      yield { atom: literal, negated };
      break;
    case "not":
      yield* atomsOf(literal.body, !negated);
      break;
    case "or":
      for (const d of literal.disjuncts) yield* atomsOf(d, negated);
      break;
    case "distinct":
      break;
  }
}

/** The rule with each variable named in `names` renamed (the others kept). */
export function renameVariables(rule: Rule, names: ReadonlyMap<string, string>): Rule {
  const term = (t: Term): Term =>
    t.kind === "variable" ? { ...t, name: names.get(t.name) ?? t.name } : t.kind === "compound" ? { ...t, args: t.args.map(term) } : t;
  const atom = (a: Atom): Atom => ({ ...a, args: a.args.map(term) });
  const literal = (l: Literal): Literal => {
    switch (l.kind) {
      case "atom":
        return atom(l);
      case "not":
        return { ...l, body: literal(l.body) };
      case "distinct":
        return { ...l, left: term(l.left), right: term(l.right) };
      case "or":
        return { ...l, disjuncts: l.disjuncts.map(literal) };
    }
  };
  return { ...rule, head: atom(rule.head), body: rule.body.map(literal) };
}

/**
 * The ground terms written in a description: each variable-free argument of an atom and each
 * variable-free subterm of one, once (by KIF), in the order first written. What an unsafe variable
 * ranges over, in the translation (translate/unsafe.ts) and on the prover alike (prover/unsafe-closure.ts).
 */
export function writtenGroundTerms(description: Description): Term[] {
  const terms = new Map<string, Term>();
  const visit = (t: Term): void => {
    if (t.kind === "compound") t.args.forEach(visit);
    if (isGround(t)) {
      const kif = termToKif(t);
      if (!terms.has(kif)) terms.set(kif, t);
    }
  };
  for (const rule of description.rules)
    for (const literal of [rule.head, ...rule.body])
      for (const { atom } of literal.kind === "atom" ? [{ atom: literal }] : atomsOf(literal)) atom.args.forEach(visit);
  return [...terms.values()];
}
