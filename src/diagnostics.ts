/**
 * Diagnostics are values, not exceptions: every stage returns them with a code and a
 * position, and the CLI prints them like a compiler does:
 * `file:line:col: error[code]: message`.
 */
/** A place in a source text. `line` and `col` count from 1; `offset` from 0 (UTF-16 units). */
export interface Position {
  readonly line: number;
  readonly col: number;
  readonly offset: number;
}

/** The position of a diagnostic about a whole file (shown without line and column). */
export const NO_POSITION: Position = { line: 0, col: 0, offset: -1 };

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
  | "missing" // no role, no terminal rule, a role without goals, nothing at all
  | "case" // one symbol spelled with different case (one symbol in GDL, two for GGP-Base)
  | "goal" // a goal value that is not a whole number from 0 to 100
  | "ground" // grounding failed (clingo error, limit reached)
  | "declared" // the game's own base/input (--declared-base-input) leave out what its rules derive
  | "timeout"
  | "out-of-memory"
  | "cancelled" // the caller stopped the grounding (a Cancel button)
  | "prover" // the prover cannot follow the game's recursion (src/prover/nesting.ts)
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

/** A diagnostic as plain JSON data (for `--json`): positions as line and col (0 when none). */
export interface DiagnosticJson {
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly related: readonly { readonly message: string; readonly line: number; readonly col: number }[];
}

export function diagnosticToJson(d: Diagnostic): DiagnosticJson {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    file: d.file,
    line: d.pos.line,
    col: d.pos.col,
    related: (d.related ?? []).map((r) => ({ message: r.message, line: r.pos.line, col: r.pos.col })),
  };
}

/** How many errors of one file are reported before the rest are summed up. */
export const MAX_ERRORS_PER_FILE = 20;

/**
 * The first `max` errors of one file's diagnostics (warnings and notes are kept), then one
 * error that says how many more there were: garbage in gives a short answer, not hundreds.
 * One error over the limit is shown rather than summed up (the readers' own "too many syntax
 * errors" line is such a one).
 */
export function capErrors(diagnostics: readonly Diagnostic[], max = MAX_ERRORS_PER_FILE): Diagnostic[] {
  let errors = 0;
  const kept: Diagnostic[] = [];
  let last: Diagnostic | undefined;
  const overflow: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.severity === "error") {
      errors++;
      if (errors > max) {
        overflow.push(d);
        continue;
      }
      last = d;
    }
    kept.push(d);
  }
  if (overflow.length === 1) kept.push(overflow[0]);
  else if (overflow.length > 1 && last) {
    kept.push(diagnostic("error", last.code, last.file, last.pos, `and ${errors - max} more error${errors - max === 1 ? "" : "s"} (only the first ${max} are shown)`));
  }
  return kept;
}
