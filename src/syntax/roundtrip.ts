/**
 * KIF -> infix -> KIF on one description, for the round-trip test and `npm run bench:infix`:
 * the trees are compared without positions, exactly and up to a consistent renaming of the
 * variables of each rule (infix cannot write every KIF variable name, e.g. `?n++`).
 */
import type { Literal, Rule, Term } from "./ast.js";
import { parseGdl, type ParseResult } from "./parse.js";
import { printGdl } from "./printer.js";
import { kifOpen, writeTerm, type TermParts } from "./term-writer.js";

/** A rule as a string without positions; with `canonicalVariables`, variables renamed by first occurrence. */
export function ruleKey(rule: Rule, canonicalVariables = false): string {
  const names = new Map<string, string>();
  const variable = (name: string) => {
    if (!canonicalVariables) return name;
    let n = names.get(name);
    if (n === undefined) names.set(name, (n = `v${names.size}`));
    return n;
  };
  const parts: TermParts = {
    open: kifOpen,
    leaf: (t) => (t.kind === "constant" ? `c:${t.name}` : `?${variable(t.name)}`),
    separator: " ",
  };
  const term = (t: Term): string => writeTerm(t, parts);
  const literal = (l: Literal): string => {
    switch (l.kind) {
      case "atom":
        return `[${l.relation}${l.args.map((a) => ` ${term(a)}`).join("")}]`;
      case "not":
        return `(not ${literal(l.body)})`;
      case "distinct":
        return `(distinct ${term(l.left)} ${term(l.right)})`;
      case "or":
        return `(or ${l.disjuncts.map(literal).join(" ")})`;
    }
  };
  return `${literal(rule.head)} <= ${rule.body.map(literal).join(" ")}`;
}

export interface RoundTrip {
  readonly original: ParseResult;
  readonly infix: string;
  readonly fromInfix: ParseResult;
  readonly kif: string;
  readonly back: ParseResult;
  /** The same trees, variable names included. */
  readonly exact: boolean;
  /** The same trees up to a renaming of the variables of each rule. */
  readonly equivalent: boolean;
}

function same(a: readonly Rule[], b: readonly Rule[], canonical: boolean): boolean {
  return a.length === b.length && a.every((r, i) => ruleKey(r, canonical) === ruleKey(b[i], canonical));
}

export function roundTripInfix(text: string, file: string): RoundTrip {
  const original = parseGdl(text, file, { syntax: "kif" });
  const infix = printGdl(original.description, { syntax: "infix", comments: original.comments });
  const fromInfix = parseGdl(infix, file, { syntax: "infix" });
  const kif = printGdl(fromInfix.description, { syntax: "kif", comments: fromInfix.comments });
  const back = parseGdl(kif, file, { syntax: "kif" });
  const a = original.description.rules;
  const exact = same(a, fromInfix.description.rules, false) && same(a, back.description.rules, false);
  const equivalent = exact || (same(a, fromInfix.description.rules, true) && same(a, back.description.rules, true));
  return { original, infix, fromInfix, kif, back, exact, equivalent };
}
