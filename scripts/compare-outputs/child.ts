/**
 * A child process of `compare-outputs`: digests the games its parent (run.ts) sends, one at a
 * time, with one warm grounder, and answers each with its digest. The parent kills it when a
 * game runs over its time, and starts a fresh one.
 */
import { createGrounder, type ClosableGrounder, type GrounderKind } from "../../src/ground/index.js";
import { serveChild, type ServedReply } from "../../src/child-worker.js";
import { digestGame, type GameDigest } from "./game-digest.js";

export interface DigestChildConfig {
  readonly grounder: GrounderKind;
  /** Memory limit of clingo-wasm in MiB (at most 2048). */
  readonly grounderMemoryMb?: number;
}

export interface DigestChildRequest {
  readonly type: "digest";
  readonly file: string;
  readonly game: string;
  readonly groundTimeoutSeconds: number;
  readonly unoptimized: boolean;
}

export type DigestChildReply = ServedReply<GameDigest>;

async function serve(config: DigestChildConfig): Promise<void> {
  const grounder = await createGrounder(config.grounder, { maxMemoryMb: config.grounderMemoryMb });
  serveChild<ClosableGrounder, DigestChildRequest, GameDigest>(grounder, (request, warm) =>
    digestGame(request.file, request.game, { grounder: warm, groundTimeoutSeconds: request.groundTimeoutSeconds, unoptimized: request.unoptimized }),
  );
}

if (process.send) {
  const config = JSON.parse(process.argv[2] ?? "{}") as DigestChildConfig;
  void serve(config);
}
