/** Shared bits of the benchmark scripts: where the shared games are, and printing. */
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { packageRoot } from "../src/package-root.js";
import { checkFiles } from "../src/node-pipeline.js";
import { readResultsFile } from "../src/report/results-file.js";
import { summarizeRun } from "../src/report/summary.js";
import { writeFileAtomic } from "../src/output-file.js";

export const ROOT = packageRoot();
export const RESULTS = path.join(ROOT, "results");

/** The base games' folder, ../shared/games/base beside the project (it may be absent). */
export const BASE_GAMES = path.resolve(ROOT, "../shared/games/base");

/** The folder of real games: the first argument, or ../shared/games/base beside the project. */
export function gamesFolder(argument: string | undefined): string {
  const dir = argument ?? BASE_GAMES;
  if (!existsSync(dir)) {
    process.stderr.write(`no games at ${dir}: pass a folder of .kif games as the first argument\n`);
    process.exit(2);
  }
  return dir;
}

export function anchorFile(): string | undefined {
  const file = path.resolve(ROOT, "../shared/anchors/ggp-base-propnet.csv");
  return existsSync(file) ? file : undefined;
}

export function machineLine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Times `check` over every .kif game of the folder (parse and all checks, in this process). */
export function checkTiming(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".kif"))
    .map((f) => path.join(dir, f));
  const started = performance.now();
  const checked = checkFiles(files);
  const seconds = (performance.now() - started) / 1000;
  const invalid = checked.filter((r) => r.diagnostics.some((d) => d.severity === "error")).length;
  return `check: ${files.length} games in ${seconds.toFixed(2)} s (${((seconds / files.length) * 1000).toFixed(1)} ms per game), ${files.length - invalid} valid, ${invalid} invalid`;
}

/** results/ground-summary.txt from results/ground.csv: grounded count, median and mean time, failures. */
export async function writeGroundSummary(dir: string, checkLine: string): Promise<string> {
  const { rows } = await readResultsFile(path.join(RESULTS, "ground.csv"));
  const s = summarizeRun(rows, "gdl-ground");
  const failures = rows.filter((r) => r.status !== "ok").map((r) => `  ${r.game}: ${r.status}${r.reason ? ` (${r.reason})` : ""}`);
  const summary = [
    `gdl-ground grounding benchmark, ${new Date().toISOString().slice(0, 10)}, ${machineLine()}`,
    `games: ${dir}`,
    checkLine,
    `grounded: ${s.grounded} of ${s.games} within 60 s each; median ${s.medianSeconds?.toFixed(3)} s, mean ${s.meanSeconds?.toFixed(3)} s (whole pipeline incl. propnet, per game)`,
    `median ground clauses ${s.medianClauses}, median propnet components ${s.medianComponents}`,
    `not grounded (${failures.length}):`,
    ...failures,
    "",
  ].join("\n");
  writeFileAtomic(path.join(RESULTS, "ground-summary.txt"), summary);
  return summary;
}
