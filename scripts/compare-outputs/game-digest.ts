/**
 * What `compare-outputs` records of one game: the status of the pipeline, the digest of the
 * printed ground game (KIF) with its sizes, and the digests of the optimized and unoptimized
 * propnets (propnet-digest.ts). No times: a saved file changes only when an output changes.
 */
import { createHash } from "node:crypto";
import { loadFile } from "../../src/node-pipeline.js";
import { groundDescription, type AspGrounder } from "../../src/pipeline.js";
import { printGroundGame } from "../../src/ground/print-ground.js";
import { buildPropnet } from "../../src/propnet/build.js";
import { formatDiagnostic } from "../../src/diagnostics.js";
import type { GroundGame } from "../../src/ground/ground-game.js";
import { digestPropnet, type PropnetDigest } from "./propnet-digest.js";

/** The pipeline's statuses, and `died` for a child process that ended without an answer. */
export type DigestStatus = "ok" | "partial" | "invalid" | "timeout" | "too-large" | "out-of-memory" | "cancelled" | "error" | "died";

export interface GroundGameDigest {
  /** sha-256 (first 32 hex digits) of `printGroundGame(game)` (KIF, base and input facts included). */
  readonly digest: string;
  readonly atoms: number;
  readonly clauses: number;
  readonly base: number;
  readonly input: number;
}

export interface GameDigest {
  /** The game's path below the folder, without `.kif`. */
  readonly game: string;
  readonly status: DigestStatus;
  /** Why a game is not ok (not compared: a timeout's message says how far it got). */
  readonly detail?: string;
  readonly groundGame?: GroundGameDigest;
  readonly propnet?: PropnetDigest;
  /** The propnet built with `optimize: false` (absent when not asked for). */
  readonly unoptimized?: PropnetDigest;
}

export interface DigestOptions {
  readonly grounder: AspGrounder;
  /** Time limit of the grounding, seconds. */
  readonly groundTimeoutSeconds: number;
  /** Also digest the unoptimized propnet. */
  readonly unoptimized: boolean;
}

export function digestGroundGame(game: GroundGame): GroundGameDigest {
  return {
    digest: createHash("sha256").update(printGroundGame(game)).digest("hex").slice(0, 32),
    atoms: game.atoms.length,
    clauses: game.clauses.length,
    base: game.base.length,
    input: game.input.length,
  };
}

/** Grounds one game file with the default translation and digests what comes out. */
export async function digestGame(file: string, game: string, options: DigestOptions): Promise<GameDigest> {
  const result = await groundDescription(loadFile(file), { grounder: options.grounder, timeoutSeconds: options.groundTimeoutSeconds });
  if (!result.game) {
    const error = result.diagnostics.find((d) => d.severity === "error");
    return { game, status: result.status, detail: error ? formatDiagnostic(error).split("\n")[0] : result.status };
  }
  try {
    const groundGame = digestGroundGame(result.game);
    const propnet = digestPropnet(buildPropnet(result.game));
    if (!options.unoptimized) return { game, status: "ok", groundGame, propnet };
    return { game, status: "ok", groundGame, propnet, unoptimized: digestPropnet(buildPropnet(result.game, { optimize: false })) };
  } catch (error) {
    return { game, status: "error", detail: `digest failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
