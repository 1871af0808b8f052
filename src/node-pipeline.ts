/**
 * The pipeline on a path, in Node: read the file (input-file.ts), then the one-call forms of
 * src/pipeline.ts (which takes text and runs in any host), with a grounder made and closed here.
 */
import { diagnostic, NO_POSITION, type Diagnostic } from "./diagnostics.js";
import { readTextFile } from "./input-file.js";
import { groundAndBuild, loadText, type GroundAndBuildResult, type LoadOptions, type LoadResult } from "./pipeline.js";
import { playableDescription, type NotPlayable, type PlayableGame, type PlayableOptions } from "./playable.js";
import { createGrounder, type GrounderKind } from "./ground/index.js";
import type { TranslateFlags } from "./translate/index.js";
import { PLAYER_PROBE_SECONDS, probeFor } from "./hybrid/probe.js";

/** Reads, parses and checks a game file (see `loadText`). */
export function loadFile(path: string, options: LoadOptions = {}): LoadResult {
  const read = readTextFile(path);
  if (!read.ok) return { file: path, diagnostics: [read.diagnostic], times: {} };
  return loadText(read.text, path, options);
}

export function checkFiles(paths: readonly string[], options: LoadOptions = {}): LoadResult[] {
  return paths.map((path) => loadFile(path, options));
}

/**
 * Everything up to a propnet state machine, from a file (see `playableDescription`); a game too
 * large to ground says what exploded (the grounder probe, src/hybrid/probe.ts).
 */
export function playableGame(path: string, options: PlayableOptions & LoadOptions): Promise<{ game: PlayableGame } | NotPlayable> {
  return playableDescription(loadFile(path, options), { tooLarge: "partial", probe: probeFor(options.grounder), probeSeconds: PLAYER_PROBE_SECONDS, ...options });
}

export interface GroundFileOptions extends TranslateFlags, LoadOptions {
  /** `auto` (default: a native gringo from PATH, else clingo-wasm), `wasm` or `native`. */
  readonly grounder?: GrounderKind;
  /** Time limit of the grounding in seconds (default 60). */
  readonly timeoutSeconds?: number;
  /** Also build the propnet (default true). */
  readonly propnet?: boolean;
  /** Stops the run (see GroundStageOptions.signal). */
  readonly signal?: AbortSignal;
}

/** The grounding and, unless `propnet` was false, the propnet. */
export type GroundFileResult = GroundAndBuildResult;

/**
 * The whole pipeline on one file in one call: read, check, translate, ground (a grounder is
 * created and closed), extract and build the propnet. Never throws on bad input: problems are
 * in `status` and `diagnostics`.
 */
export async function groundFile(path: string, options: GroundFileOptions = {}): Promise<GroundFileResult> {
  const grounder = await createGrounder(options.grounder ?? "auto");
  if ("error" in grounder) {
    const diagnostics: Diagnostic[] = [diagnostic("error", "usage", path, NO_POSITION, grounder.error)];
    return { file: path, status: "error", diagnostics, times: {} };
  }
  try {
    void grounder.warmUp();
    return await groundAndBuild(loadFile(path, options), { ...options, grounder, timeoutSeconds: options.timeoutSeconds ?? 60 });
  } finally {
    await grounder.close();
  }
}
