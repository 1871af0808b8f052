/**
 * Printing GDL in either notation: `printerFor(syntax)` for pieces (messages quoting a literal,
 * the ground game), `printGdl(description, options)` for a whole description, with the comments
 * of its source put back before the rules they stood before (or after the rule they ended a
 * line of).
 */
import type { Atom, Description, Literal, Rule, Term } from "./ast.js";
import type { SourceComment } from "./comments.js";
import {
  atomToInfix,
  infixVariable,
  literalToInfix,
  ruleToInfix,
  ruleVariables,
  termToInfix,
} from "./infix-print.js";
import { atomToKif, literalToKif, ruleToKif, termToKif } from "./print.js";
import { renameVariables } from "./terms.js";
import type { GdlSyntax } from "./sniff.js";

/** Prints pieces of GDL in one notation. */
export interface GdlPrinter {
  readonly syntax: GdlSyntax;
  term(term: Term): string;
  atom(atom: Atom): string;
  literal(literal: Literal): string;
  /** A whole rule (infix: with its final `.`). */
  rule(rule: Rule): string;
  /** One variable, by its stored name: `?x` in KIF, `X` in infix. */
  variable(name: string): string;
}

export const KIF_PRINTER: GdlPrinter = {
  syntax: "kif",
  term: termToKif,
  atom: atomToKif,
  literal: literalToKif,
  rule: ruleToKif,
  variable: (name) => `?${name}`,
};

export const INFIX_PRINTER: GdlPrinter = {
  syntax: "infix",
  term: (t) => termToInfix(t),
  atom: (a) => atomToInfix(a),
  literal: (l) => literalToInfix(l),
  rule: (r) => ruleToInfix(r),
  variable: infixVariable,
};

export function printerFor(syntax: GdlSyntax = "kif"): GdlPrinter {
  return syntax === "infix" ? INFIX_PRINTER : KIF_PRINTER;
}

export interface PrintGdlOptions {
  /** The notation to write (default `kif`). */
  readonly syntax?: GdlSyntax;
  /** Comments of the source (`ParseResult.comments`), written back near their rules. */
  readonly comments?: readonly SourceComment[];
  /** Lines for a comment at the top. */
  readonly header?: string;
  /** Rules longer than this are written one literal per line (default 80). */
  readonly width?: number;
}

/**
 * KIF variable names for a rule: the stored names, except that names equal up to case (which
 * the KIF reader would merge; they come from infix, `Ab` and `AB`) are numbered apart.
 */
function kifVariableNames(rule: Rule): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const v of ruleVariables(rule)) {
    let n = v;
    for (let i = 2; taken.has(n.toLowerCase()); i++) n = `${v}${i}`;
    out.set(v, n);
    taken.add(n.toLowerCase());
  }
  return out;
}

/** A rule in KIF, one literal per line when longer than `width`. */
function ruleToKifLayout(rule: Rule, width: number): string {
  const names = kifVariableNames(rule);
  const renamed = [...names].some(([a, b]) => a !== b) ? renameVariables(rule, names) : rule;
  const line = ruleToKif(renamed);
  if (line.length <= width || renamed.body.length === 0) return line;
  return `(<= ${atomToKif(renamed.head)}\n${renamed.body.map((l) => `    ${literalToKif(l)}`).join("\n")})`;
}

/** A whole description as text in one notation, comments put back where they can be. */
export function printGdl(description: Description, options: PrintGdlOptions = {}): string {
  const syntax = options.syntax ?? "kif";
  const width = options.width ?? 80;
  const marker = syntax === "infix" ? "%" : ";";
  const comment = (c: SourceComment) => `${marker.repeat(Math.max(1, c.markers))}${c.text}`.trimEnd();
  const out: string[] = [];
  if (options.header) for (const line of options.header.split("\n")) out.push(`${marker} ${line}`.trimEnd());

  // Comments alone on their lines go before the first rule that starts after them; end-of-line
  // comments after the last rule that starts before them.
  const rules = description.rules;
  const comments = [...(options.comments ?? [])].sort((a, b) => a.pos.offset - b.pos.offset);
  const before = new Map<number, SourceComment[]>();
  const after = new Map<number, SourceComment[]>();
  const ruleStarting = (offset: number) => {
    // the first rule whose start is after offset (rules are in source order)
    let lo = 0;
    let hi = rules.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rules[mid].pos.offset > offset) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  for (const c of comments) {
    const next = ruleStarting(c.pos.offset);
    if (c.trailing && next > 0) {
      const list = after.get(next - 1) ?? [];
      list.push(c);
      after.set(next - 1, list);
    } else {
      const list = before.get(next) ?? [];
      list.push(c);
      before.set(next, list);
    }
  }

  let previousLine = 0;
  let previousRelation: string | undefined;
  rules.forEach((rule, i) => {
    const lead = before.get(i) ?? [];
    const firstLine = lead.length > 0 ? lead[0].pos.line : rule.pos.line;
    const gap = previousLine > 0 && firstLine > 0 ? firstLine - previousLine > 1 : previousRelation !== undefined && previousRelation !== rule.head.relation;
    if (out.length > 0 && gap && out[out.length - 1] !== "") out.push("");
    for (const c of lead) out.push(comment(c));
    const text = syntax === "infix" ? ruleToInfix(rule, { width }) : ruleToKifLayout(rule, width);
    out.push(text);
    for (const c of after.get(i) ?? []) out.push(comment(c));
    const lastTrailing = (after.get(i) ?? []).at(-1);
    previousLine = lastTrailing ? lastTrailing.pos.line : rule.pos.line > 0 ? rule.pos.line + text.split("\n").length - 1 : 0;
    previousRelation = rule.head.relation;
  });
  const tail = before.get(rules.length) ?? [];
  if (tail.length > 0 && out.length > 0 && out[out.length - 1] !== "") out.push("");
  for (const c of tail) out.push(comment(c));
  return out.join("\n") + "\n";
}
