/**
 * The outline (document symbols) and the colours by meaning (semantic tokens).
 *
 * Outline: the roles; then GDL's groups of rules in the order of a game (base, input, init,
 * legal, next, goal, terminal); then each other relation with its rules, by first appearance.
 *
 * Semantic tokens: keywords and connectives `keyword`; relations by kind: static `type`, views
 * `function`; fluents `property`, moves `method`, roles `enumMember`; variables `variable`;
 * numbers `number`; comments `comment`. `declaration` marks a relation in the head of its rule
 * and a role in its `role` fact, `static` a static relation, `defaultLibrary` GDL's own words.
 */
import { SemanticTokensBuilder, SymbolKind, type DocumentSymbol, type SemanticTokens, type SemanticTokensLegend } from "vscode-languageserver";
import { printerFor } from "../syntax/printer.js";
import { quoteForMessage } from "../text.js";
import type { Occurrence } from "./analysis.js";
import { withArity } from "./describe.js";
import type { GdlDocument } from "./document.js";
import { rangeOf } from "./navigation.js";

const GROUPS = ["base", "input", "init", "legal", "next", "goal", "terminal"];

export function documentSymbols(doc: GdlDocument): DocumentSymbol[] {
  const a = doc.analysis;
  const print = printerFor(a.syntax);
  const ruleSymbol = (i: number, kind: SymbolKind, name?: string): DocumentSymbol => {
    const rule = a.rules[i];
    const span = a.ruleSpans[i];
    const head = a.headOccurrence(i) ?? { start: span.start, end: span.start };
    return {
      // a label: a head thousands of levels deep shows its start and end (quoteForMessage), not 200 KB per rule
      name: quoteForMessage(name ?? print.atom(rule.head)),
      detail: rule.body.length === 0 ? "fact" : `rule, ${rule.body.length} literal${rule.body.length === 1 ? "" : "s"}`,
      kind,
      range: rangeOf(doc, span.start, span.end),
      selectionRange: rangeOf(doc, head.start, head.end),
    };
  };
  const group = (name: string, detail: string, kind: SymbolKind, children: DocumentSymbol[]): DocumentSymbol => {
    const first = children[0];
    let last = children[0];
    for (const c of children) if (c.range.end.line > last.range.end.line || (c.range.end.line === last.range.end.line && c.range.end.character > last.range.end.character)) last = c;
    return { name, detail, kind, range: { start: first.range.start, end: last.range.end }, selectionRange: first.selectionRange, children };
  };
  const byRelation = new Map<string, number[]>();
  a.rules.forEach((rule, i) => {
    const list = byRelation.get(rule.head.relation) ?? [];
    list.push(i);
    byRelation.set(rule.head.relation, list);
  });
  const out: DocumentSymbol[] = [];
  const roles = byRelation.get("role") ?? [];
  if (roles.length > 0) {
    const members = roles.map((i) => {
      const arg = a.rules[i].head.args[0];
      return ruleSymbol(i, SymbolKind.EnumMember, arg ? print.term(arg) : "role");
    });
    out.push(group("roles", `${roles.length} role${roles.length === 1 ? "" : "s"}`, SymbolKind.Namespace, members));
  }
  for (const keyword of GROUPS) {
    const rules = byRelation.get(keyword);
    if (rules) out.push(group(keyword, `${rules.length} rule${rules.length === 1 ? "" : "s"}`, SymbolKind.Event, rules.map((i) => ruleSymbol(i, SymbolKind.Property))));
  }
  for (const [relation, rules] of byRelation) {
    if (relation === "role" || GROUPS.includes(relation)) continue;
    const kind = a.relationKind(relation);
    const arities = new Set(rules.map((i) => a.rules[i].head.args.length));
    out.push(group(withArity(relation, arities), kind === "static" ? "static relation" : kind === "view" ? "view" : "keyword", kind === "static" ? SymbolKind.Constant : SymbolKind.Function, rules.map((i) => ruleSymbol(i, SymbolKind.Property))));
  }
  return out;
}

export const TOKEN_TYPES = ["keyword", "variable", "type", "function", "property", "method", "enumMember", "number", "comment"] as const;
export const TOKEN_MODIFIERS = ["declaration", "static", "defaultLibrary"] as const;
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];
const typeIndex = (t: TokenType) => TOKEN_TYPES.indexOf(t);
const DECLARATION = 1;
const STATIC = 2;
const DEFAULT_LIBRARY = 4;

/** The fields of an occurrence that colour it. */
type Coloured = Pick<Occurrence, "kind" | "name" | "definition" | "context">;

/** The type and modifiers of an occurrence, or undefined when it is not coloured (a plain constant). */
function classify(doc: GdlDocument, o: Coloured): { type: TokenType; modifiers: number } | undefined {
  const a = doc.analysis;
  switch (o.kind) {
    case "connective":
      return { type: "keyword", modifiers: DEFAULT_LIBRARY };
    case "variable":
      return { type: "variable", modifiers: 0 };
    case "relation": {
      const kind = a.relationKind(o.name);
      const declaration = o.definition ? DECLARATION : 0;
      if (kind === "keyword") return { type: "keyword", modifiers: DEFAULT_LIBRARY | declaration };
      return kind === "static" ? { type: "type", modifiers: STATIC | declaration } : { type: "function", modifiers: declaration };
    }
    default: {
      const s = a.symbols.get(o.name);
      if (s?.role) return { type: "enumMember", modifiers: o.definition ? DECLARATION : 0 };
      if (o.context === "fluent") return { type: "property", modifiers: 0 };
      if (o.context === "action") return { type: "method", modifiers: 0 };
      if (/^-?\d+$/.test(o.name)) return { type: "number", modifiers: 0 };
      return undefined;
    }
  }
}

export function semanticTokens(doc: GdlDocument): SemanticTokens {
  const a = doc.analysis;
  const builder = new SemanticTokensBuilder();
  const tokens = a.tokens;
  const comments: number[] = [];
  for (let k = 0; k < tokens.length; k++) if (tokens.kind(k) === "comment") comments.push(k);
  let c = 0;
  const pushComment = () => {
    const k = comments[c++];
    pushSpan(builder, doc, tokens.start(k), tokens.end(k), typeIndex("comment"), 0);
  };
  // the occurrences read from the packed list, one reused view (no object per occurrence: a ground game has millions)
  const list = a.occurrences;
  const o = { kind: "constant" as Occurrence["kind"], name: "", definition: false, context: "term" as Occurrence["context"] };
  for (let i = 0; i < list.length; i++) {
    const start = list.start(i);
    const end = list.end(i);
    while (c < comments.length && tokens.start(comments[c]) < start) pushComment();
    o.kind = list.kind(i);
    o.name = list.name(i);
    o.definition = list.definition(i);
    o.context = list.context(i);
    const k = classify(doc, o);
    if (!k) continue;
    pushSpan(builder, doc, start, end, typeIndex(k.type), k.modifiers);
  }
  while (c < comments.length) pushComment();
  return builder.build();
}

/**
 * Pushes the token of `start`..`end`: one per line it covers (a semantic token lies on one line, and a
 * name between bars may hold line breaks: `|a⏎b|`), each without its line break.
 */
function pushSpan(builder: SemanticTokensBuilder, doc: GdlDocument, start: number, end: number, type: number, modifiers: number): void {
  const at = doc.lines.positionAt(start);
  const last = doc.lines.positionAt(end).line;
  if (last === at.line) return builder.push(at.line, at.character, end - start, type, modifiers);
  for (let line = at.line; line <= last; line++) {
    const from = line === at.line ? start : doc.lines.offsetAt({ line, character: 0 });
    let to = line === last ? end : doc.lines.offsetAt({ line: line + 1, character: 0 });
    if (line < last) while (to > from && (doc.text[to - 1] === "\n" || doc.text[to - 1] === "\r")) to--;
    if (to > from) builder.push(line, line === at.line ? at.character : 0, to - from, type, modifiers);
  }
}
