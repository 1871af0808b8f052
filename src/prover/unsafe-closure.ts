/**
 * Unsafe rules (Definition 1.2: a variable no positive literal binds), read on the prover as the
 * translation grounds them (translate/unsafe.ts), so that a game `check` accepts with a safety
 * warning means the same on every engine:
 * - a variable only inside one negative literal is local to it: "no value makes it hold", which
 *   a negated call with that position free already answers;
 * - any other (in the head, in `distinct` or its negation, in several negative literals) ranges
 *   over the ground terms written in the description: program.ts adds to its clause a positive
 *   literal of one relation whose facts they are.
 * Without it, such a rule made the prover throw (floundering on `distinct`, "unsafe rule" on a head
 * variable no call binds), or read two negative literals sharing a variable as two separate "no value".
 */
import type { Atom, Term } from "../syntax/ast.js";
import { atomVariables, collectTermVariables } from "../syntax/terms.js";

/** A literal of an expanded clause body (program.ts). */
export type BasicLiteral =
  | { readonly kind: "pos"; readonly atom: Atom }
  | { readonly kind: "neg"; readonly atom: Atom }
  | { readonly kind: "distinct"; readonly left: Term; readonly right: Term }
  | { readonly kind: "eq"; readonly left: Term; readonly right: Term };

function literalVariables(literal: BasicLiteral): Set<string> {
  if (literal.kind === "pos" || literal.kind === "neg") return atomVariables(literal.atom);
  return collectTermVariables(literal.right, collectTermVariables(literal.left, new Set()));
}

/** The variables of a clause that range over the written ground terms, in the order first met (none for a safe clause). */
export function unsafeVariables(head: Atom, body: readonly BasicLiteral[]): string[] {
  const bound = new Set<string>();
  for (const l of body) if (l.kind === "pos") atomVariables(l.atom, bound);
  const perLiteral = body.map(literalVariables);
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
