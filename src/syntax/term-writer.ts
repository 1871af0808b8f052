/**
 * One writer of a term as text, for every notation that writes a compound term as an opening
 * text, its arguments with a separator between them, and `)`: KIF (`termToKif`), infix
 * (`termToInfix`) and the rule keys (`ruleKey`) differ only in those parts.
 * The term is written from left to right with a cursor, the compound terms it is inside kept on
 * arrays of its own, made only at the first term inside a term: terms nest far deeper than a
 * JavaScript stack holds calls (MAX_TERM_NESTING), and a text built by joining each level's
 * arguments copied the inner levels' text once per level.
 */
import type { Compound, Constant, Term, Variable } from "./ast.js";
import { kifName } from "./kif-name.js";

/** What a notation writes of a term; the writer adds `)` after a compound term's last argument. */
export interface TermParts {
  /** The text that opens a compound term, up to its first argument: `(f ` in KIF, `f(` in infix. */
  readonly open: (term: Compound) => string;
  /** The text of a constant or a variable. */
  readonly leaf: (term: Constant | Variable) => string;
  /** The text between two arguments. */
  readonly separator: string;
}

/** KIF's opening of a compound term, `(f ` (`(f` when it has no arguments; the functor as `kifName` writes it): `termToKif`'s and `ruleKey`'s. */
export function kifOpen(term: Compound): string {
  const functor = kifName(term.functor);
  return term.args.length === 0 ? `(${functor}` : `(${functor} `;
}

/** `term` as text in the notation of `parts`. */
export function writeTerm(term: Term, parts: TermParts): string {
  if (term.kind !== "compound") return parts.leaf(term);
  const { open, leaf, separator } = parts;
  let outer: Compound[] | undefined; // the compound terms the cursor is inside,
  let resume: number[] | undefined; // and the argument of each to go on from
  let t = term;
  let k = 0;
  let text = open(t);
  for (;;) {
    const args = t.args;
    let inner: Compound | undefined;
    while (k < args.length) {
      const a = args[k++];
      if (k > 1) text += separator;
      if (a.kind === "compound") {
        inner = a;
        break;
      }
      text += leaf(a);
    }
    if (inner !== undefined) {
      (outer ??= []).push(t);
      (resume ??= []).push(k);
      t = inner;
      k = 0;
      text += open(t);
      continue;
    }
    text += ")";
    if (outer === undefined || outer.length === 0) return text;
    t = outer.pop()!;
    k = resume!.pop()!;
  }
}
