/** Reading inputs and writing outputs, with errors as diagnostics (never a stack trace). */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { diagnostic, type Diagnostic } from "./diagnostics.js";
import { NO_POSITION } from "./syntax/ast.js";

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

export function readTextFile(path: string): ReadResult {
  try {
    return { ok: true, text: readFileSync(path, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : String((error as Error).message);
    return { ok: false, diagnostic: diagnostic("error", "io", path, NO_POSITION, `cannot read the file: ${reason}`) };
  }
}

/** Writes a file whole or not at all (through a temporary file and a rename). */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

