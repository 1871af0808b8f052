/**
 * Small pure helpers over terms and literals. The walks over terms take no JavaScript call per
 * level of a term: terms nest up to MAX_TERM_NESTING deep (ast.ts), far more levels than a stack
 * holds calls (a browser worker's held about 1,500 of the recursive walks' calls, Node's with
 * `--stack-size=500` about 2,000).
 * Each walks with a cursor, the compound terms it is inside and where it is in each kept on
 * arrays of its own, made only when it meets a term inside a term; the leaves are read where they
 * stand. So the common shallow term costs what the recursive walk did, and the order of the
 * subterms is the written one.
 */
import type { Atom, Compound, Constant, Description, Literal, Rule, Term, Variable } from "./ast.js";
import type { FlatLiteral } from "./or-free.js";
import { kifName } from "./kif-name.js";

/** Adds the names of the variables of `term` to `into` (in order of first occurrence). */
export function collectTermVariables(term: Term, into: Set<string>): Set<string> {
  if (term.kind === "variable") into.add(term.name);
  else if (term.kind === "compound") findVariables(term, into);
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

/** Whether `term` has no variable. */
export function isGround(term: Term): boolean {
  if (term.kind !== "compound") return term.kind === "constant";
  return !findVariables(term, undefined);
}

/**
 * Whether `term` has a variable: the leaves in written order, with a cursor, stopping at the
 * first variable, or, given `into`, adding every variable's name to it (no call per leaf: the
 * translation asks this of every term it reads).
 */
function findVariables(term: Compound, into: Set<string> | undefined): boolean {
  let found = false;
  let outer: Compound[] | undefined; // the compound terms the cursor is inside,
  let resume: number[] | undefined; // and the argument of each to go on from
  let t = term;
  let k = 0;
  for (;;) {
    const args = t.args;
    let inner: Compound | undefined;
    while (k < args.length) {
      const a = args[k++];
      if (a.kind === "variable") {
        if (into === undefined) return true;
        into.add(a.name);
        found = true;
      } else if (a.kind === "compound") {
        inner = a;
        break;
      }
    }
    if (inner !== undefined) {
      (outer ??= []).push(t);
      (resume ??= []).push(k);
      t = inner;
      k = 0;
    } else if (outer === undefined || outer.length === 0) return found;
    else {
      t = outer.pop()!;
      k = resume!.pop()!;
    }
  }
}

/** Calls `visit` on `root` and each of its subterms in written (pre-)order, from a stack of its own. */
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
  const stack: Compound[] = [term];
  const depths: number[] = [1];
  let deepest = 1;
  while (stack.length > 0) {
    const t = stack.pop()!;
    const depth = depths.pop()! + 1;
    for (const a of t.args) {
      if (a.kind !== "compound") continue;
      if (depth > deepest) deepest = depth;
      stack.push(a);
      depths.push(depth);
    }
  }
  return deepest;
}

/**
 * `term` with each constant and variable replaced by `leaf`'s answer, the compound terms copied
 * (`{ ...t, args }`), built from stacks of their own: the terms of each compound one is inside,
 * and how many of its arguments are done. It and `forEachGroundSubterm` are not one bottom-up fold
 * with a call per compound term: writtenGroundTerms took about 10 % longer on the fold.
 */
export function mapTermLeaves(term: Term, leaf: (t: Constant | Variable) => Term): Term {
  if (term.kind !== "compound") return leaf(term);
  const outer: Compound[] = [];
  const done: Term[][] = [];
  let t = term;
  let args: Term[] = [];
  for (;;) {
    let inner: Compound | undefined;
    while (args.length < t.args.length) {
      const a = t.args[args.length];
      if (a.kind === "compound") {
        inner = a;
        break;
      }
      args.push(leaf(a));
    }
    if (inner !== undefined) {
      outer.push(t);
      done.push(args);
      t = inner;
      args = [];
      continue;
    }
    const copy: Term = { ...t, args };
    if (outer.length === 0) return copy;
    t = outer.pop()!;
    args = done.pop()!;
    args.push(copy);
  }
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
  const leaf = (t: Constant | Variable): Term => (t.kind === "variable" ? { ...t, name: names.get(t.name) ?? t.name } : t);
  const term = (t: Term): Term => mapTermLeaves(t, leaf);
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
  const add = (t: Term, kif: string): void => {
    if (!terms.has(kif)) terms.set(kif, t);
  };
  for (const rule of description.rules)
    for (const literal of [rule.head, ...rule.body])
      for (const { atom } of literal.kind === "atom" ? [{ atom: literal }] : atomsOf(literal)) for (const arg of atom.args) forEachGroundSubterm(arg, add);
  return [...terms.values()];
}

/**
 * Calls `visit` on each variable-free subterm of `root` with its KIF text (`termToKif`), the
 * arguments of a term before the term (post-order), from stacks of its own. A term's text is made
 * from its arguments' texts when its last argument is done: one walk, where printing each subterm
 * (and asking `isGround` of it) again went over its subterms once per term above them.
 */
function forEachGroundSubterm(root: Term, visit: (t: Term, kif: string) => void): void {
  if (root.kind !== "compound") {
    if (root.kind === "constant") visit(root, kifName(root.name));
    return;
  }
  const outer: Compound[] = [];
  const resume: number[] = [];
  const done: (string[] | undefined)[] = [];
  let t = root;
  let k = 0;
  let texts: string[] | undefined = []; // the texts of t's arguments so far; undefined once one is not ground
  for (;;) {
    let inner: Compound | undefined;
    while (k < t.args.length) {
      const a = t.args[k++];
      if (a.kind === "compound") {
        inner = a;
        break;
      }
      if (a.kind === "constant") {
        const kif = kifName(a.name);
        visit(a, kif);
        texts?.push(kif);
      } else texts = undefined;
    }
    if (inner !== undefined) {
      outer.push(t);
      resume.push(k);
      done.push(texts);
      t = inner;
      k = 0;
      texts = [];
      continue;
    }
    let kif: string | undefined;
    if (texts !== undefined) {
      const functor = kifName(t.functor);
      kif = texts.length === 0 ? `(${functor})` : `(${functor} ${texts.join(" ")})`;
      visit(t, kif);
    }
    if (outer.length === 0) return;
    t = outer.pop()!;
    k = resume.pop()!;
    texts = done.pop();
    if (kif === undefined) texts = undefined;
    else texts?.push(kif);
  }
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
