/**
 * `gdl-ground fmt FILE... [--write | --check]`: the canonical layout of GDL files (src/format/).
 * Without a flag the formatted text is printed (`-` reads standard input, as editors pipe it);
 * `--write` rewrites the files that change (atomically, through output-file.ts) and names them;
 * `--check` changes nothing, names the files that are not formatted and fails when there is one,
 * for CI.
 */
import { readFileSync } from "node:fs";
import { diagnostic, formatDiagnostic, NO_POSITION } from "../diagnostics.js";
import { formatGdl } from "../format/index.js";
import { notText, readTextFile, type ReadResult } from "../input-file.js";
import { writeOutput } from "../output-file.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import type { Output } from "./output.js";

export interface FmtCommandOptions {
  /** Rewrite the files in place. */
  readonly write?: boolean;
  /** Only say which files are not formatted (exit 1 when any is). */
  readonly check?: boolean;
  /** The notation of the files (default: sniffed, file by file). */
  readonly syntax?: GdlSyntax | "auto";
}

function readInput(file: string): ReadResult {
  if (file !== "-") return readTextFile(file);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(0);
  } catch (error) {
    return { ok: false, diagnostic: diagnostic("error", "io", "<stdin>", NO_POSITION, `cannot read standard input: ${(error as Error).message}`) };
  }
  const bad = notText(bytes);
  if (bad) return { ok: false, diagnostic: diagnostic("error", "io", "<stdin>", NO_POSITION, `cannot read standard input: ${bad.reason}`) };
  return { ok: true, text: new TextDecoder().decode(bytes).replace(/^\uFEFF/, "") };
}

/**
 * Exit code: 0 done (with --check: every file formatted), 1 a file has syntax errors (or, with
 * --check, is not formatted), 2 usage, or a file that cannot be read or written.
 */
export function runFmt(files: readonly string[], options: FmtCommandOptions, io: Output): number {
  if (options.write && options.check) {
    io.err("gdl-ground fmt: --write and --check exclude each other (--check changes nothing)\n");
    return 2;
  }
  if (options.write && files.includes("-")) {
    io.err("gdl-ground fmt: --write cannot rewrite standard input ('-')\n");
    return 2;
  }
  let code = 0;
  const fail = (c: number) => (code = Math.max(code, c));
  let unformatted = 0;
  for (const file of files) {
    const read = readInput(file);
    if (!read.ok) {
      io.err(formatDiagnostic(read.diagnostic) + "\n");
      fail(2);
      continue;
    }
    const name = file === "-" ? "<stdin>" : file;
    const result = formatGdl(read.text, { file: name, syntax: options.syntax });
    if (!result.ok) {
      for (const d of result.diagnostics) io.err(formatDiagnostic(d) + "\n");
      io.err(`${name}: not formatted: it has syntax errors\n`);
      fail(1);
      continue;
    }
    if (options.check) {
      if (result.changed) {
        io.out(`${name}: not formatted\n`);
        unformatted++;
        fail(1);
      }
    } else if (options.write) {
      if (!result.changed) continue;
      const written = writeOutput(file, result.text, io);
      if (!written.ok) {
        io.err(formatDiagnostic(written.diagnostic) + "\n");
        fail(2);
      } else io.out(`${name}: formatted\n`);
    } else io.out(result.text);
  }
  if (options.check && unformatted > 0) io.err(`${unformatted} of ${files.length} file${files.length === 1 ? "" : "s"} not formatted: gdl-ground fmt --write formats them\n`);
  return code;
}
