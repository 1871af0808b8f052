/** `gdl-ground check FILE...`: the GDL and bounded-GDL checks, compiler style. */
import { checkFiles } from "../node-pipeline.js";
import { diagnosticToJson, formatDiagnostic, type Diagnostic } from "../diagnostics.js";
import type { Output } from "./output.js";
import type { GdlSyntax } from "../syntax/sniff.js";

export interface CheckCommandOptions {
  readonly json?: boolean;
  /** Also print notes (the literal Definition-2 verdict). */
  readonly notes?: boolean;
  /** Count warnings (unsafe rules, stratified only at the ground level) as errors. */
  readonly strict?: boolean;
  /** The notation of the files (default: sniffed, file by file). */
  readonly syntax?: GdlSyntax | "auto";
  /** The notation of GDL quoted in messages (default: each file's). */
  readonly to?: GdlSyntax;
  /** Keep the case of non-keyword symbols, as GGP-Base does. */
  readonly caseSensitive?: boolean;
}

/**
 * Exit code: 0 when every file is valid, 1 when any has an error (or, with `strict`, a
 * warning), 2 when a file cannot be read.
 */
export function runCheck(files: readonly string[], options: CheckCommandOptions, io: Output): number {
  const started = performance.now();
  const results = checkFiles(files, { syntax: options.syntax, messageSyntax: options.to, caseSensitive: options.caseSensitive });
  const all: Diagnostic[] = results.flatMap((r) => r.diagnostics);
  const unreadable = results.filter((r) => r.diagnostics.some((d) => d.code === "io")).length;
  const rejects = (d: Diagnostic) => d.severity === "error" || (options.strict === true && d.severity === "warning");
  const invalid = results.filter((r) => r.diagnostics.some(rejects)).length;
  const errors = all.filter((d) => d.severity === "error").length;
  const warnings = all.filter((d) => d.severity === "warning").length;
  const seconds = (performance.now() - started) / 1000;
  const gdl2 = results.filter((r) => r.dialect === "gdl2");
  const exitCode = unreadable > 0 ? 2 : invalid > 0 ? 1 : 0;
  if (options.json) {
    io.out(
      JSON.stringify(
        {
          // what every --json document has: the outcome, the exit code, the run's own problems
          // (each file's diagnostics are under files)
          status: unreadable > 0 ? "unreadable" : invalid > 0 ? "invalid" : "ok",
          exitCode,
          diagnostics: [],
          files: results.map((r) => ({
            file: r.file,
            valid: !r.diagnostics.some(rejects),
            dialect: r.dialect ?? null,
            diagnostics: r.diagnostics.map(diagnosticToJson),
          })),
          summary: { files: results.length, invalid, errors, warnings, gdl2: gdl2.length, strict: options.strict === true, seconds },
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    for (const d of all) {
      if (d.severity === "note" && !options.notes) continue;
      io.out(formatDiagnostic(d) + "\n");
    }
    const valid = results.length - invalid;
    io.out(
      `checked ${results.length} file${results.length === 1 ? "" : "s"} in ${seconds.toFixed(2)} s: ` +
        `${valid} valid, ${invalid} invalid (${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}` +
        `${options.strict ? ", warnings counted as errors" : ""})${dialectNote(results.length, gdl2.length)}\n`,
    );
  }
  return exitCode;
}

/** `; GDL-II` for one GDL-II file, `; 2 of them GDL-II` for several; nothing when there is none. */
function dialectNote(files: number, gdl2: number): string {
  if (gdl2 === 0) return "";
  return files === 1 ? "; GDL-II (random and sees)" : `; ${gdl2} of them GDL-II (random and sees)`;
}
