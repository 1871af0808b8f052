/** Small pure helpers over terms and literals. */
import type { Atom, Description, Literal, Rule, Term } from "./ast.js";
import { termToKif } from "./print.js";
import type { FlatLiteral } from "./or-free.js";

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

/**
 * Calls `visit` on `root` and each of its subterms in written (pre-)order, from a stack of its own:
 * terms nest 2,000 deep (the reader's limit), and a browser worker's stack holds fewer calls than Node's.
 */
export function forEachSubterm(root: Term, visit: (term: Term) => void): void {
  const stack: Term[] = [root];
  while (stack.length > 0) {
    const t = stack.pop()!;
    visit(t);
    if (t.kind === "compound") for (let k = t.args.length - 1; k >= 0; k--) stack.push(t.args[k]);
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
 * (`unsafeVariables`) ranges over, in the translation (translate/unsafe.ts) and on the prover alike
 * (prover/program.ts). A description built from another says which in `writtenTerms`.
 */
export function writtenGroundTerms(description: Description): Term[] {
  if (description.writtenTerms !== undefined) return [...description.writtenTerms];
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

/**
 * The variables of an unsafe rule (Definition 1.2) that range over the written ground terms
 * (`writtenGroundTerms`), in the order first met: those no positive atom binds, except one that
 * occurs only inside one negative literal, which stays local to it ("no value makes it hold"). The
 * translation grounds a rule so (translate/unsafe.ts), and the prover reads it so (prover/program.ts):
 * a game that `check` accepts with a safety warning means the same on every engine. None for a safe rule.
 */
export function unsafeVariables(head: Atom, body: readonly FlatLiteral[]): string[] {
  const bound = new Set<string>();
  for (const l of body) if ("atom" in l && l.kind === "pos") atomVariables(l.atom, bound);
  const perLiteral = body.map((l) => ("atom" in l ? atomVariables(l.atom) : collectTermVariables(l.right, collectTermVariables(l.left, new Set()))));
  const occurrences = new Map<string, number>();
  const count = (v: string) => occurrences.set(v, (occurrences.get(v) ?? 0) + 1);
  atomVariables(head).forEach(count);
  for (const vars of perLiteral) vars.forEach(count);
  const unsafe: string[] = [];
  const consider = (v: string, localNegation: boolean) => {
    if (bound.has(v) || unsafe.includes(v)) return;
    if (localNegation && occurrences.get(v) === 1) return;
    unsafe.push(v);
  };
  atomVariables(head).forEach((v) => consider(v, false));
  body.forEach((l, i) => perLiteral[i].forEach((v) => consider(v, l.kind === "neg")));
  return unsafe;
}
