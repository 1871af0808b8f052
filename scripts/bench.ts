/**
 * `npm run bench [-- DIR]`: the grounding benchmark over a folder of games (default
 * ../shared/games/base).
 *   1. times `check` over the whole folder (parse + all checks, in this process);
 *   2. grounds every game with the corpus runner (time limit 60 s, child processes, progress
 *      bar), writing results/ground.csv and results/ground.json;
 *   3. writes results/ground-summary.txt: grounded count, median and mean time, failures.
 */
import path from "node:path";
import { cpus } from "node:os";
import { runCorpusCommand } from "../src/cli/corpus-command.js";
import { processOutput } from "../src/cli/output.js";
import { RESULTS, checkTiming, gamesFolder, writeGroundSummary } from "./common.js";
import { scriptArgs } from "./script-args.js";

const dir = gamesFolder(scriptArgs("bench", "usage: npm run bench [-- DIR]\n", {}, 1).positionals[0]);
const checkLine = checkTiming(dir);
process.stdout.write(checkLine + "\n");
await runCorpusCommand(
  dir,
  { out: path.join(RESULTS, "ground.csv"), timeout: 60, memory: 4096, jobs: cpus().length, split: true, prune: true, propnet: true, grounder: "auto" },
  processOutput,
);
process.stdout.write(await writeGroundSummary(dir, checkLine));
