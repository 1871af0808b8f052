/**
 * What a symbol is, in words: the one-line meaning of each GDL keyword and connective, and the
 * facets of a name (relation of a kind, fluent, move, role, constant) with their arities, rules,
 * argument values and ground instance counts. Hover writes these out; completion and the
 * outline use the short forms.
 */
import type { ArgumentDomain } from "../analysis/argument-domains.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import type { DocumentAnalysis, SymbolInfo } from "./analysis.js";
import type { GroundCounts } from "./ground-counts.js";

interface KeywordMeaning {
  /** Argument names of the signature (KIF writes them `?r`, infix `R`). */
  readonly args: readonly string[];
  readonly meaning: string;
}

export const KEYWORD_MEANINGS: ReadonlyMap<string, KeywordMeaning> = new Map([
  ["role", { args: ["r"], meaning: "r is a player of the game" }],
  ["init", { args: ["f"], meaning: "the fluent f holds in the initial state" }],
  ["true", { args: ["f"], meaning: "the fluent f holds in the current state" }],
  ["next", { args: ["f"], meaning: "the fluent f holds in the next state" }],
  ["legal", { args: ["r", "m"], meaning: "role r may make move m in the current state" }],
  ["does", { args: ["r", "m"], meaning: "role r makes move m in this step" }],
  ["goal", { args: ["r", "v"], meaning: "role r gets the value v (0 to 100) in the current state" }],
  ["terminal", { args: [], meaning: "the current state ends the game" }],
  ["base", { args: ["f"], meaning: "f is a fluent that can be part of a state" }],
  ["input", { args: ["r", "m"], meaning: "m is a move role r can ever make" }],
  ["sees", { args: ["r", "p"], meaning: "role r perceives p after the joint move of this step (GDL-II)" }],
  ["random", { args: [], meaning: "GDL-II's chance role: each step it makes one of its legal moves, chosen uniformly at random; it needs no goals" }],
  ["<=", { args: ["head", "body..."], meaning: "a rule: the head holds when every literal of the body holds" }],
  ["not", { args: ["l"], meaning: "l does not hold (negation as failure)" }],
  ["or", { args: ["l1", "...", "ln"], meaning: "at least one of the literals holds" }],
  ["distinct", { args: ["s", "t"], meaning: "s and t are different terms" }],
]);

/** A keyword's signature in the notation of the document: `(legal ?r ?m)` or `legal(R, M)`. */
export function keywordSignature(name: string, syntax: GdlSyntax): string {
  const k = KEYWORD_MEANINGS.get(name);
  if (!k || k.args.length === 0) return name;
  if (syntax === "infix") {
    if (name === "<=") return "head :- body";
    if (name === "not") return "~l";
    return `${name}(${k.args.map((a) => (a === "..." || a === "body..." ? a : a.toUpperCase())).join(", ")})`;
  }
  return `(${name} ${k.args.map((a) => (a === "..." || a === "body..." || a === "head" ? a : `?${a}`)).join(" ")})`;
}

/** `name/arity` (several arities joined, `name` alone for 0). */
export function withArity(name: string, arities: Iterable<number>): string {
  const list = [...arities].sort((a, b) => a - b);
  if (list.length === 0 || (list.length === 1 && list[0] === 0)) return name;
  return `${name}/${list.join(",")}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** At most `max` values of a domain, then how many more. */
export function domainText(domain: ArgumentDomain, max = 12): string {
  if (!domain) return "any";
  const values = [...domain];
  if (values.length === 0) return "none";
  const shown = values.slice(0, max).join(", ");
  return values.length > max ? `${shown}, … (${values.length} values)` : shown;
}

function domainsLine(domains: readonly ArgumentDomain[] | undefined): string | undefined {
  if (!domains) return undefined;
  return `argument values: ${domains.map((d, i) => `${i + 1}: ${domainText(d)}`).join("; ")}`;
}

function groundLine(counts: GroundCounts | undefined, version: number, n: number | undefined, what: string): string | undefined {
  if (!counts) return undefined;
  const stale = counts.version === version ? "" : `; of version ${counts.version}, before the last changes`;
  if (counts.status === "partial") return `not ground within the time limit (${counts.seconds.toFixed(1)} s): played on the prover${stale}`;
  if (counts.status !== "ok") return `not grounded: ${counts.status} after ${counts.seconds.toFixed(1)} s${stale}`;
  return `ground: ${plural(n ?? 0, what)} (grounded in ${counts.seconds.toFixed(1)} s${stale})`;
}

/** The short kind of a symbol, as completion and the outline show it. */
export function shortKind(analysis: DocumentAnalysis, s: SymbolInfo): string {
  const kinds: string[] = [];
  if (s.relationArities.length > 0) {
    const kind = analysis.relationKind(s.name);
    kinds.push(kind === "keyword" ? "keyword" : `${kind} relation`);
  }
  if (s.role) kinds.push("role");
  if (s.fluent) kinds.push("fluent");
  if (s.action) kinds.push("move");
  if (kinds.length === 0) kinds.push(s.termArities.length === 1 && s.termArities[0] === 0 ? "constant" : "function");
  return kinds.join(", ");
}

/** Markdown lines about a symbol: every facet it has in this document. */
export function describeSymbol(analysis: DocumentAnalysis, s: SymbolInfo, counts: GroundCounts | undefined, version: number): string[] {
  const lines: string[] = [];
  const name = s.name;
  const relationArities = [...s.relationArities];
  if (relationArities.length > 0) {
    const kind = analysis.relationKind(name);
    const rules = s.rules.length;
    if (kind === "keyword") {
      const k = KEYWORD_MEANINGS.get(name)!;
      lines.push(`**${withArity(name, relationArities)}** keyword: \`${keywordSignature(name, analysis.syntax)}\`: ${k.meaning}`);
    } else {
      const what = kind === "static" ? "static relation (depends on no state and no move: the grounder evaluates it away)" : "view (depends on the state)";
      lines.push(`**${withArity(name, relationArities)}** ${what}`);
    }
    lines.push(rules > 0 ? `defined by ${plural(rules, "rule")} (${plural(s.rules.filter((r) => analysis.rules[r].body.length === 0).length, "fact")})` : "no rule defines it");
    for (const arity of relationArities) {
      const line = domainsLine(analysis.domains.relation(name, arity));
      if (line) lines.push(relationArities.length > 1 ? `/${arity}: ${line}` : line);
    }
    if (kind !== "static") {
      const g = groundLine(counts, version, counts?.relations.get(name), "ground atom");
      if (g) lines.push(g);
    }
  }
  const termArities = [...s.termArities];
  if (s.role) lines.push(`**${name}** role: a player of the game`);
  if (s.fluent) {
    const setBy = analysis.rules.filter((r) => (r.head.relation === "init" || r.head.relation === "next") && headFunctor(r.head.args[0]) === name);
    const inits = setBy.filter((r) => r.head.relation === "init").length;
    lines.push(`**${withArity(name, termArities)}** fluent: a part of the state (argument of init, true, next, base); ${plural(inits, "init rule")}, ${plural(setBy.length - inits, "next rule")}`);
    const g = groundLine(counts, version, counts?.fluents.get(name), "base proposition");
    if (g) lines.push(g);
  }
  if (s.action) {
    lines.push(`**${withArity(name, termArities)}** move: argument of legal, does, input`);
    const g = groundLine(counts, version, counts?.actions.get(name), "input move");
    if (g) lines.push(g);
  }
  if (!s.role && !s.fluent && !s.action && termArities.length > 0) {
    const constant = termArities.length === 1 && termArities[0] === 0;
    lines.push(`**${withArity(name, termArities)}** ${constant ? "constant" : "function"}`);
  }
  for (const arity of termArities) {
    if (arity === 0) continue;
    const line = domainsLine(analysis.domains.function(name, arity));
    if (line) lines.push(termArities.length > 1 ? `/${arity}: ${line}` : line);
  }
  lines.push(`${plural(s.occurrenceCount, "occurrence")} in this document`);
  return lines;
}

function headFunctor(term: { kind: string; name?: string; functor?: string } | undefined): string | undefined {
  if (!term) return undefined;
  return term.kind === "compound" ? term.functor : term.kind === "constant" ? term.name : undefined;
}
