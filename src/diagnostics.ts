/**
 * Diagnostics are values, not exceptions: every stage returns them with a code and a
 * position, and the CLI prints them like a compiler does:
 * `file:line:col: error[code]: message`.
 */
import type { Position } from "./syntax/ast.js";

export type Severity = "error" | "warning" | "note";

export type DiagnosticCode =
  | "io" // the file could not be read
  | "syntax" // unbalanced parentheses, stray tokens, a head that is not an atom, ...
  | "safety" // Definition 1.2: a variable not bound by a positive body atom
  | "stratification" // Definition 1.1: a cycle through negation
  | "recursion-restriction" // Definition 1.3 on the description as written
  | "keywords" // the rules of GDL on its special relations
  | "arity" // one symbol used with different numbers of arguments
  | "bounded" // Definition 2: no finite grounding is guaranteed
  | "case" // one symbol spelled with different case (one symbol in GDL, two for GGP-Base)
  | "ground" // grounding failed (clingo error, limit reached)
  | "timeout"
  | "out-of-memory"
  | "usage";

export interface RelatedPosition {
  readonly message: string;
  readonly pos: Position;
}

export interface Diagnostic {
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly file: string;
  readonly pos: Position;
  /** Other places that explain this one (the other use of a symbol, the rules of a cycle). */
  readonly related?: readonly RelatedPosition[];
}

export function diagnostic(
  severity: Severity,
  code: DiagnosticCode,
  file: string,
  pos: Position,
  message: string,
  related?: readonly RelatedPosition[],
): Diagnostic {
  return related && related.length > 0
    ? { severity, code, message, file, pos, related }
    : { severity, code, message, file, pos };
}

/** `file:line:col: severity[code]: message` (the position is left out when unknown). */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.pos.line > 0 ? `${d.file}:${d.pos.line}:${d.pos.col}` : d.file;
  const lines = [`${where}: ${d.severity}[${d.code}]: ${d.message}`];
  for (const r of d.related ?? []) {
    const at = r.pos.line > 0 ? `${d.file}:${r.pos.line}:${r.pos.col}` : d.file;
    lines.push(`${at}: note: ${r.message}`);
  }
  return lines.join("\n");
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Sorts by position, then severity; stable for equal keys. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const rank: Record<Severity, number> = { error: 0, warning: 1, note: 2 };
  return [...diagnostics].sort(
    (a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col || rank[a.severity] - rank[b.severity],
  );
}
