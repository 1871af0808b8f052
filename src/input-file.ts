/**
 * Reading a game file in Node, with the errors a user can act on as diagnostics (a missing
 * file, a folder, no permission, UTF-16 or binary content, with the offending position), never
 * a stack trace. The write side is output-file.ts.
 */
import { readFileSync } from "node:fs";
import { diagnostic, NO_POSITION, type Diagnostic, type Position } from "./diagnostics.js";

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/** Why bytes are not UTF-8 text, with where, or undefined when they are (a UTF-8 byte order mark is fine). */
export function notText(bytes: Uint8Array): { reason: string; offset: number } | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { reason: "it is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8", offset: 0 };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) return { reason: "it is not text (it contains NUL bytes)", offset: nul };
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { reason: "it is not UTF-8 text", offset: firstInvalidUtf8(bytes) };
  }
  return undefined;
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(i, i + length));
    } catch {
      return i; // overlong forms and surrogates
    }
    i += length;
  }
  return bytes.length;
}

function positionOfOffset(bytes: Uint8Array, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1, offset };
}

export function readTextFile(path: string): ReadResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : code === "EACCES"
            ? "permission denied"
            : String((error as Error).message);
    return { ok: false, diagnostic: diagnostic("error", "io", path, NO_POSITION, `cannot read the file: ${reason}`) };
  }
  const bad = notText(bytes);
  if (bad) {
    const pos = bad.offset === 0 ? NO_POSITION : positionOfOffset(bytes, bad.offset);
    return { ok: false, diagnostic: diagnostic("error", "io", path, pos, `cannot read the file: ${bad.reason}`) };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return { ok: true, text: new TextDecoder().decode(bytes.subarray(start)) };
}
