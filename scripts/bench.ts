/**
 * `npm run bench [-- DIR]`: the grounding benchmark over a folder of games (default
 * ../shared/games/base).
 *   1. times `check` over the whole folder (parse + all checks, in this process);
 *   2. grounds every game with the corpus runner (time limit 60 s, child processes, progress
 *      bar), writing results/ground.csv and results/ground.json;
 *   3. writes results/ground-summary.txt: grounded count, median and mean time, failures.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { cpus } from "node:os";
import { checkFiles } from "../src/pipeline.js";
import { runCorpusCommand } from "../src/cli/corpus-command.js";
import { processOutput } from "../src/cli/io.js";
import { readResultsFile } from "../src/report/results-file.js";
import { summarizeRun } from "../src/report/summary.js";
import { writeFileAtomic } from "../src/io.js";
import { RESULTS, gamesFolder, machineLine } from "./common.js";

const dir = gamesFolder(process.argv[2]);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".kif"))
  .map((f) => path.join(dir, f));

const started = performance.now();
const checked = checkFiles(files);
const checkSeconds = (performance.now() - started) / 1000;
const invalid = checked.filter((r) => r.diagnostics.some((d) => d.severity === "error")).length;
const checkLine = `check: ${files.length} games in ${checkSeconds.toFixed(2)} s (${((checkSeconds / files.length) * 1000).toFixed(1)} ms per game), ${files.length - invalid} valid, ${invalid} invalid`;
process.stdout.write(checkLine + "\n");

const out = path.join(RESULTS, "ground.csv");
await runCorpusCommand(
  dir,
  { out, timeout: 60, memory: 4096, jobs: cpus().length, split: true, prune: true, propnet: true, grounder: "wasm" },
  processOutput,
);
const { rows } = await readResultsFile(out);
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
process.stdout.write(summary);
