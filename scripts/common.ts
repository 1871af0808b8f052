/** Shared bits of the benchmark scripts: where the shared games are, and printing. */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { packageRoot } from "../src/package-root.js";

export const ROOT = packageRoot();
export const RESULTS = path.join(ROOT, "results");

/** The folder of real games: the first argument, or ../shared/games/base beside the project. */
export function gamesFolder(argument: string | undefined): string {
  const dir = argument ?? path.resolve(ROOT, "../shared/games/base");
  if (!existsSync(dir)) {
    process.stderr.write(`no games at ${dir}: pass a folder of .kif games as the first argument\n`);
    process.exit(2);
  }
  return dir;
}

export function referenceFile(): string | undefined {
  const file = path.resolve(ROOT, "../shared/anchors/ggp-base-propnet.csv");
  return existsSync(file) ? file : undefined;
}

export function machineLine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
