/**
 * `check`'s diagnostics as the protocol's, and the formatter's results as edits.
 *
 * A diagnostic's range is the token at its position: a name, or a whole form starting with `(`
 * when it ends on the same line (else the `(` and the name after it). Its related notes (the
 * other use of a symbol, the rules of a cycle) go as related information where the editor shows
 * it, else into the message, as `check` prints them. Notes (the literal Definition-2 verdict)
 * are shown only when asked for, as `check --notes` does.
 */
import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type Range,
  type TextEdit,
} from "vscode-languageserver";
import type { Diagnostic, Position, Severity } from "../diagnostics.js";
import { formatGdl, formatSpan } from "../format/index.js";
import type { GdlDocument } from "./document.js";
import { rangeOf } from "./navigation.js";

export interface DiagnosticOptions {
  /** The client shows `relatedInformation` (else the notes go into the message). */
  readonly relatedInformation: boolean;
  /** Show notes too (`check --notes`). */
  readonly notes: boolean;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  note: DiagnosticSeverity.Information,
};

/** The range a diagnostic at `pos` marks (see the module comment). */
function rangeAt(doc: GdlDocument, pos: Position): Range {
  if (pos.line <= 0 || pos.offset < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const tokens = doc.tokens;
  const k = tokens.indexAtOrAfter(pos.offset);
  if (k >= tokens.length || tokens.start(k) !== pos.offset) return rangeOf(doc, pos.offset, Math.min(doc.text.length, pos.offset + 1));
  const [start, end] = [tokens.start(k), tokens.end(k)];
  if (tokens.kind(k) !== "(") return rangeOf(doc, start, end);
  const line = doc.lines.positionAt(start).line;
  let depth = 0;
  for (let j = k; j < tokens.length; j++) {
    if (doc.lines.positionAt(tokens.start(j)).line !== line) break;
    if (tokens.kind(j) === "(") depth++;
    else if (tokens.kind(j) === ")" && --depth === 0) return rangeOf(doc, start, tokens.end(j));
  }
  const name = k + 1 < tokens.length ? tokens.end(k + 1) : -1;
  return rangeOf(doc, start, name >= 0 && doc.lines.positionAt(name).line === line ? name : end);
}

export function toLspDiagnostics(doc: GdlDocument, diagnostics: readonly Diagnostic[], options: DiagnosticOptions): LspDiagnostic[] {
  const out: LspDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.severity === "note" && !options.notes) continue;
    const related = d.related ?? [];
    const where = (p: Position) => (p.line > 0 ? `${p.line}:${p.col}` : "");
    const message = options.relatedInformation || related.length === 0
      ? d.message
      : `${d.message}\n${related.map((r) => `note${r.pos.line > 0 ? ` (${where(r.pos)})` : ""}: ${r.message}`).join("\n")}`;
    out.push({
      range: rangeAt(doc, d.pos),
      severity: SEVERITY[d.severity],
      code: d.code,
      source: "gdl-ground",
      message,
      ...(options.relatedInformation && related.length > 0
        ? { relatedInformation: related.map((r) => ({ location: { uri: doc.uri, range: rangeAt(doc, r.pos) }, message: r.message })) }
        : {}),
    });
  }
  return out;
}

/** One edit that turns `before` into `after`: the part between their common start and end. */
function minimalEdit(doc: GdlDocument, before: string, after: string, base = 0): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before[start] === after[start]) start++;
  let end = 0;
  while (end < max - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { range: rangeOf(doc, base + start, base + before.length - end), newText: after.slice(start, after.length - end) };
}

/** The edits that format the whole document (none when it is formatted or has syntax errors). */
export function formattingEdits(doc: GdlDocument): TextEdit[] {
  const result = formatGdl(doc.text, { file: doc.file, syntax: doc.reading.syntax, caseSensitive: doc.reading.caseSensitive });
  if (!result.ok || !result.changed) return [];
  return [minimalEdit(doc, doc.text, result.text)];
}

/** The edits that format the top-level forms or clauses a range touches. */
export function rangeFormattingEdits(doc: GdlDocument, range: Range): TextEdit[] {
  const span = { start: doc.lines.offsetAt(range.start), end: doc.lines.offsetAt(range.end) };
  const result = formatSpan(doc.text, span, { file: doc.file, syntax: doc.reading.syntax, caseSensitive: doc.reading.caseSensitive });
  if (!result.ok) return [];
  return result.replacements.map((r) => minimalEdit(doc, doc.text.slice(r.span.start, r.span.end), r.text, r.span.start));
}
