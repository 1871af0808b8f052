/**
 * The pipeline's file edge in Node: reading game files (with the errors a user can act on as
 * diagnostics, never a stack trace) and the one-call forms of the pipeline on a path. The
 * pipeline itself (pipeline.ts) takes text and runs in any host.
 */
import { readFileSync } from "node:fs";
import { diagnostic, type Diagnostic, NO_POSITION, type Position } from "./diagnostics.js";
import {
  buildPropnetStage,
  groundDescription,
  loadText,
  playableDescription,
  type GroundResult,
  type GroundStageOptions,
  type LoadOptions,
  type PlayableOptions,
  type LoadResult,
  type PlayableGame,
  type GroundStatus,
} from "./pipeline.js";
import { createGrounder, type GrounderKind } from "./ground/index.js";
import type { TranslateFlags } from "./translate/index.js";
import type { Propnet } from "./propnet/index.js";

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

/** Reads, parses and checks a game file (see `loadText`). */
export function loadFile(path: string, options: LoadOptions = {}): LoadResult {
  const read = readTextFile(path);
  if (!read.ok) return { file: path, diagnostics: [read.diagnostic], times: {} };
  return loadText(read.text, path, options);
}

export function checkFiles(paths: readonly string[], options: LoadOptions = {}): LoadResult[] {
  return paths.map((path) => loadFile(path, options));
}

/** Everything up to a propnet state machine, from a file (see `playableDescription`). */
export function playableGame(
  path: string,
  options: PlayableOptions & LoadOptions,
): Promise<{ game: PlayableGame } | { diagnostics: readonly Diagnostic[]; status: GroundStatus }> {
  return playableDescription(loadFile(path, options), options);
}

export interface GroundFileOptions extends TranslateFlags, LoadOptions {
  /** clingo-wasm (default) or a native gringo from PATH. */
  readonly grounder?: GrounderKind;
  /** Time limit of the grounding in seconds (default 60). */
  readonly timeoutSeconds?: number;
  /** Also build the propnet (default true). */
  readonly propnet?: boolean;
}

export interface GroundFileResult extends GroundResult {
  /** The propnet, when the game grounded and `propnet` was not false. */
  readonly propnet?: Propnet;
}

/**
 * The whole pipeline on one file in one call: read, check, translate, ground (a grounder is
 * created and closed), extract and build the propnet. Never throws on bad input: problems are
 * in `status` and `diagnostics`.
 */
export async function groundFile(path: string, options: GroundFileOptions = {}): Promise<GroundFileResult> {
  const grounder = await createGrounder(options.grounder ?? "auto");
  if ("error" in grounder) {
    return { file: path, status: "error", diagnostics: [diagnostic("error", "usage", path, NO_POSITION, grounder.error)], times: {} };
  }
  try {
    void grounder.warmUp();
    const result = await groundDescription(loadFile(path, options), {
      ...options,
      grounder,
      timeoutSeconds: options.timeoutSeconds ?? 60,
    });
    if (!result.game || options.propnet === false) return result;
    const { propnet, seconds } = buildPropnetStage(result.game);
    result.times.propnet = seconds;
    return { ...result, propnet };
  } finally {
    await grounder.close();
  }
}
