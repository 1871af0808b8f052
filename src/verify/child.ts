/**
 * A verification child process: verifies the games its parent (runner.ts) sends, one at a
 * time, with one warm grounder, and reports progress and each row over IPC. The parent kills
 * it when a game runs over its time and starts a fresh one.
 */
import { createGrounder } from "../ground/index.js";
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
}

export type VerifyChildReply =
  | { readonly type: "ready" }
  | { readonly type: "progress"; readonly progress: VerifyProgress }
  | { readonly type: "row"; readonly row: VerifyRow }
  | { readonly type: "failed"; readonly message: string };

async function serve(config: VerifyChildConfig): Promise<void> {
  const send = (reply: VerifyChildReply) => process.send?.(reply);
  const grounder = await createGrounder("wasm", { maxMemoryMb: config.grounderMemoryMb });
  if ("error" in grounder) {
    send({ type: "failed", message: grounder.error });
    process.exit(2);
  }
  process.on("message", (message: VerifyChildRequest) => {
    if (message.type !== "verify") return;
    verifyGame(message.file, message.game, {
      grounder,
      playouts: message.playouts,
      seed: message.seed,
      maxSteps: message.maxSteps,
      groundTimeoutSeconds: message.groundTimeoutSeconds,
      onProgress: (progress) => send({ type: "progress", progress }),
    }).then(
      (row) => send({ type: "row", row }),
      (error: unknown) => send({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on("disconnect", () => {
    void grounder.close().finally(() => process.exit(0));
  });
  send({ type: "ready" });
}

if (process.send) {
  const config = JSON.parse(process.argv[2] ?? "{}") as VerifyChildConfig;
  void serve(config);
}
