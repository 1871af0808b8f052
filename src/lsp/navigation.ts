/**
 * Hover, go to definition, find references and document highlight: each a question about the
 * occurrence under the cursor, answered from the document's index (analysis.ts).
 *
 * A name is one symbol wherever it stands (GDL has one namespace: `mark` in `(legal ?p (mark ?x
 * ?y))` and in `(does ?p (mark ?x ?y))` is one move), so its references are all its
 * occurrences. Its definitions: the heads of the rules of a relation; the `(role r)` fact of a
 * role; the init and next heads that set a fluent; the legal and input heads of a move; a
 * variable's first occurrence in its rule.
 */
import {
  DocumentHighlightKind,
  MarkupKind,
  type DocumentHighlight,
  type Hover,
  type Location,
  type Position,
  type Range,
} from "vscode-languageserver";
import type { Occurrence } from "./analysis.js";
import { describeSymbol, KEYWORD_MEANINGS, keywordSignature } from "./describe.js";
import type { GdlDocument } from "./document.js";
import type { GroundCounts } from "./ground-counts.js";

export function rangeOf(doc: GdlDocument, start: number, end: number): Range {
  return { start: doc.lines.positionAt(start), end: doc.lines.positionAt(end) };
}

export function occurrenceAt(doc: GdlDocument, position: Position): Occurrence | undefined {
  return doc.analysis.occurrenceAt(doc.lines.offsetAt(position));
}

/** The printed name of a variable in the document's notation. */
function variableText(doc: GdlDocument, o: Occurrence): string {
  return doc.text.slice(o.start, o.end);
}

export function hover(doc: GdlDocument, position: Position, counts: GroundCounts | undefined, markdown = true): Hover | null {
  const o = occurrenceAt(doc, position);
  if (!o) return null;
  const a = doc.analysis;
  let lines: string[];
  if (o.kind === "connective") {
    const k = KEYWORD_MEANINGS.get(o.name)!;
    lines = [`**${o.name}** \`${keywordSignature(o.name, a.syntax)}\`: ${k.meaning}`];
  } else if (o.kind === "variable") {
    const uses = a.variableOccurrences(o.rule, o.name);
    lines = [`**${variableText(doc, o)}** variable of this rule: ${uses.length} occurrence${uses.length === 1 ? "" : "s"}`];
  } else {
    const s = a.symbols.get(o.name);
    if (!s) return null;
    lines = describeSymbol(a, s, counts, doc.version);
  }
  const value = markdown ? lines.join("\n\n") : lines.join("\n").replace(/\*\*|`/g, "");
  return { contents: { kind: markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value }, range: rangeOf(doc, o.start, o.end) };
}

/** The occurrences that define the symbol of `o` (see the module comment). */
export function definitionsOf(doc: GdlDocument, o: Occurrence): Occurrence[] {
  const a = doc.analysis;
  if (o.kind === "connective") return [];
  if (o.kind === "variable") return a.variableOccurrences(o.rule, o.name).filter((v) => v.definition);
  const s = a.symbols.get(o.name);
  if (!s) return [];
  const all = s.occurrences; // made when asked: once here, not at each filter
  const heads = all.filter((x) => x.kind === "relation" && x.definition);
  if (heads.length > 0) return heads;
  const roles = all.filter((x) => x.context === "role" && x.definition);
  if (roles.length > 0) return roles;
  const headOf = (x: Occurrence) => a.rules[x.rule].head.relation;
  const inHead = (x: Occurrence) => {
    const head = a.rules[x.rule].head;
    return x.start >= head.pos.offset && x.start <= a.ruleSpans[x.rule].end && (a.rules[x.rule].body.length === 0 || x.start < a.rules[x.rule].body[0].pos.offset);
  };
  const setters = all.filter((x) => x.kind !== "relation" && inHead(x) && (
    (x.context === "fluent" && (headOf(x) === "init" || headOf(x) === "next")) ||
    (x.context === "action" && (headOf(x) === "legal" || headOf(x) === "input"))));
  if (setters.length > 0) return setters;
  const facts = all.filter(inHead);
  return facts.length > 0 ? facts : all.slice(0, 1);
}

/** Every occurrence of the symbol of `o`: all its uses, or a variable's in its rule. */
export function referencesOf(doc: GdlDocument, o: Occurrence): readonly Occurrence[] {
  if (o.kind === "connective") return [];
  if (o.kind === "variable") return doc.analysis.variableOccurrences(o.rule, o.name);
  return doc.analysis.symbols.get(o.name)?.occurrences ?? [];
}

export function definition(doc: GdlDocument, position: Position): Location[] {
  const o = occurrenceAt(doc, position);
  if (!o) return [];
  return definitionsOf(doc, o).map((d) => ({ uri: doc.uri, range: rangeOf(doc, d.start, d.end) }));
}

export function references(doc: GdlDocument, position: Position, includeDeclaration: boolean): Location[] {
  const o = occurrenceAt(doc, position);
  if (!o) return [];
  const definitions = new Set(includeDeclaration ? [] : definitionsOf(doc, o).map(occurrenceKey));
  return referencesOf(doc, o)
    .filter((r) => !definitions.has(occurrenceKey(r)))
    .map((r) => ({ uri: doc.uri, range: rangeOf(doc, r.start, r.end) }));
}

/**
 * What tells two occurrences apart: their rule and where they start (each is made when asked, so the same one asked
 * twice is two objects; one token is an occurrence in several rules where the reader made them of one written rule,
 * as a head above an `or` of `and`s).
 */
function occurrenceKey(o: Occurrence): string {
  return `${o.rule}:${o.start}`;
}

export function highlights(doc: GdlDocument, position: Position): DocumentHighlight[] {
  const o = occurrenceAt(doc, position);
  if (!o) return [];
  const definitions = new Set(definitionsOf(doc, o).map(occurrenceKey));
  return referencesOf(doc, o).map((r) => ({
    range: rangeOf(doc, r.start, r.end),
    kind: definitions.has(occurrenceKey(r)) ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}
