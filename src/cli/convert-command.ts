/**
 * `gdl-ground convert FILE --to infix|kif [-o OUT]`: a description in the other notation, its
 * comments written back before the rules they stood before (end-of-line comments after their
 * rule). Only syntax errors stop it: the description need not be valid GDL.
 */
import { formatDiagnostic, hasErrors } from "../diagnostics.js";
import { readTextFile } from "../input-file.js";
import { checkOutputs, writeTarget } from "../output-file.js";
import { parseGdl } from "../syntax/parse.js";
import { printGdl } from "../syntax/printer.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import type { Output } from "./output.js";

export interface ConvertCommandOptions {
  /** The notation to write. */
  readonly to: GdlSyntax;
  /** The notation of the input (default: sniffed). */
  readonly syntax?: GdlSyntax | "auto";
  readonly output?: string;
  /** Keep the case of non-keyword symbols as written (GGP-Base's reading). */
  readonly caseSensitive?: boolean;
}

/** Exit code: 0 converted, 1 syntax errors, 2 unreadable or unwritable file. */
export function runConvert(file: string, options: ConvertCommandOptions, io: Output): number {
  const output = options.output ?? "-";
  const checked = checkOutputs({ outputs: [{ option: "-o", path: output }], inputs: [file] });
  if (!checked.ok) {
    io.err(formatDiagnostic(checked.diagnostic) + "\n");
    return 2;
  }
  const read = readTextFile(file);
  if (!read.ok) {
    io.err(formatDiagnostic(read.diagnostic) + "\n");
    return 2;
  }
  const parsed = parseGdl(read.text, file, { syntax: options.syntax, caseSensitive: options.caseSensitive });
  for (const d of parsed.diagnostics) io.err(formatDiagnostic(d) + "\n");
  if (hasErrors(parsed.diagnostics)) return 1;
  const text = printGdl(parsed.description, { syntax: options.to, comments: parsed.comments });
  const written = writeTarget(checked.targets[0], output, text, io);
  if (written.ok) return 0;
  io.err(formatDiagnostic(written.diagnostic) + "\n");
  return 2;
}
