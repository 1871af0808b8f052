/**
 * Digesting a folder of games: each game in a child process (child.ts) with a time limit and a
 * memory limit, `jobs` at a time, so that a game that runs too long or blows up is a status of
 * its own and never stops the run.
 */
import path from "node:path";
import { forEachInChildren } from "../../src/child-worker.js";
import { findGames, gameName } from "../../src/corpus/find-games.js";
import { packageRoot } from "../../src/package-root.js";
import type { GrounderKind } from "../../src/ground/index.js";
import type { DigestRunOptions } from "./compare.js";
import type { DigestChildConfig, DigestChildReply, DigestChildRequest } from "./child.js";
import type { GameDigest } from "./game-digest.js";

export interface DigestFolderOptions extends DigestRunOptions {
  readonly dir: string;
  /** Only the games whose name (path below `dir`, without `.kif`) matches. */
  readonly filter?: RegExp;
  readonly jobs: number;
  /** JavaScript heap limit of each child, MiB. */
  readonly memoryMb: number;
  readonly grounder: GrounderKind;
}

/** The games of the folder that the run digests, in folder order. */
export function gamesToDigest(dir: string, filter?: RegExp): { file: string; game: string }[] {
  return findGames(dir)
    .map((file) => ({ file, game: gameName(dir, file) }))
    .filter((g) => !filter || filter.test(g.game));
}

/** The compiled child, whether this module runs from dist/ or from sources (vitest). */
export function digestChildScript(): string {
  return path.join(packageRoot(), "dist", "scripts", "compare-outputs", "child.js");
}

/**
 * Digests every game, `gameDone` told of each as it ends (with its wall time); returns the
 * digests in folder order.
 */
export async function digestFolder(
  options: DigestFolderOptions,
  gameDone: (digest: GameDigest, seconds: number, done: number, total: number) => void = () => undefined,
): Promise<GameDigest[]> {
  const games = gamesToDigest(options.dir, options.filter);
  const digests = new Map<string, GameDigest>();
  const config: DigestChildConfig = { grounder: options.grounder, grounderMemoryMb: Math.min(2048, options.memoryMb) };
  await forEachInChildren<{ file: string; game: string }, DigestChildRequest, DigestChildReply>(
    games,
    { script: digestChildScript(), args: [JSON.stringify(config)], memoryMb: options.memoryMb, jobs: options.jobs },
    async ({ file, game }, worker) => {
      const started = performance.now();
      const request: DigestChildRequest = { type: "digest", file, game, groundTimeoutSeconds: options.groundTimeoutSeconds, unoptimized: options.unoptimized };
      const outcome = await worker.request(request, options.timeoutSeconds * 1000, (reply) => reply.type === "row" || reply.type === "failed");
      let digest: GameDigest;
      switch (outcome.kind) {
        case "reply":
          digest = outcome.reply.type === "row" ? outcome.reply.row : { game, status: "error", detail: outcome.reply.type === "failed" ? outcome.reply.message : "unexpected reply" };
          break;
        case "timeout":
          digest = { game, status: "timeout", detail: `no digest within ${options.timeoutSeconds} s` };
          break;
        case "died":
          digest = outcome.outOfMemory
            ? { game, status: "out-of-memory", detail: `the child process ran out of memory (limit ${options.memoryMb} MiB)` }
            : { game, status: "died", detail: `the child process died (${outcome.message})` };
          break;
        case "start-failed":
          digest = { game, status: "error", detail: `cannot start a child process: ${outcome.message}` };
          break;
      }
      digests.set(game, digest);
      gameDone(digest, (performance.now() - started) / 1000, digests.size, games.length);
    },
  );
  return games.map((g) => digests.get(g.game)!);
}
