/**
 * A verification child process: verifies the games its parent (runner.ts) sends, one at a
 * time, with one warm grounder, and reports progress and each row over IPC. The parent kills
 * it when a game runs over its time and starts a fresh one.
 */
import { createGrounder, type ClosableGrounder } from "../ground/index.js";
import { serveChild, type ServedReply } from "../child-worker.js";
import type { TranslateFlags } from "../translate/index.js";
import { verifyGame, type VerifyProgress, type VerifyRow } from "./verify-game.js";

export interface VerifyChildConfig {
  /** Memory limit of clingo-wasm in MiB (at most 2048). */
  readonly grounderMemoryMb?: number;
}

export interface VerifyChildRequest {
  readonly type: "verify";
  readonly file: string;
  readonly game: string;
  readonly playouts: number;
  readonly seed: number;
  readonly maxSteps: number;
  readonly groundTimeoutSeconds: number;
  readonly caseSensitive?: boolean;
  readonly translate?: TranslateFlags;
}

export type VerifyChildReply = ServedReply<VerifyRow> | { readonly type: "progress"; readonly progress: VerifyProgress };

async function serve(config: VerifyChildConfig): Promise<void> {
  const grounder = await createGrounder("wasm", { maxMemoryMb: config.grounderMemoryMb });
  serveChild<ClosableGrounder, VerifyChildRequest, VerifyRow>(grounder, (request, warm, send) =>
    verifyGame(request.file, request.game, {
      grounder: warm,
      playouts: request.playouts,
      seed: request.seed,
      maxSteps: request.maxSteps,
      groundTimeoutSeconds: request.groundTimeoutSeconds,
      caseSensitive: request.caseSensitive,
      translate: request.translate,
      onProgress: (progress) => send({ type: "progress", progress }),
    }),
  );
}

if (process.send) {
  const config = JSON.parse(process.argv[2] ?? "{}") as VerifyChildConfig;
  void serve(config);
}
