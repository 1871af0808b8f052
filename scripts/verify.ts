/**
 * `npm run verify [-- DIR] [--playouts N] [--seed S] [--timeout SECONDS] [--filter REGEXP] [--out FILE] [--update] [--case-sensitive] [--no-static-demand] [--no-fixed-fluents]`
 *
 * For every game of a folder (default ../shared/games/base) that grounds within the grounding
 * limit: seeded random playouts on the propnet state machine agree step by step with the
 * non-ground prover (states, legal moves, terminal, goals), and the propnet keeps
 * its invariants (src/verify/). Each game runs in a child process with a time limit (grounding
 * included) and a memory limit, two at a time; one progress line per game; results/verify.csv
 * is rewritten atomically after each game; a summary line at the end. A run over a subset does not
 * write over the corpus's results (`verifyOutput`): --filter keeps the other games' rows, another
 * folder writes results/verify-<folder>.csv, unless --out says otherwise.
 */
import path from "node:path";
import { Command } from "commander";
import { regularExpression, wholeNumber } from "../src/cli/option-values.js";
import { existsSync, readFileSync } from "node:fs";
import { parseVerifyCsv, runVerify, summaryLine, verifyOutput } from "../src/verify/runner.js";
import { translateFlags } from "../src/translate/flags.js";
import { BASE_GAMES, RESULTS, gamesFolder, machineLine } from "./common.js";

const program = new Command("verify")
  .description("propnet state machine vs the prover, on random playouts, game by game")
  .argument("[dir]", "folder of .kif games (default ../shared/games/base)")
  .option("--playouts <n>", "random playouts per game", wholeNumber, 5)
  .option("--seed <n>", "seed of the first playout (playout p uses seed + p)", wholeNumber, 1)
  .option("--max-steps <n>", "joint moves per playout at most", wholeNumber, 500)
  .option("--timeout <seconds>", "time limit per game, grounding included", wholeNumber, 120)
  .option("--ground-timeout <seconds>", "time limit of the grounding (a game over it is verified on the prover over P^base)", wholeNumber, 60)
  .option("--memory <MiB>", "JavaScript heap limit of each child process", wholeNumber, 4096)
  .option("--jobs <n>", "games at a time", wholeNumber, 2)
  .option("--filter <regexp>", "only the games whose name matches", regularExpression)
  .option("--out <file>", "results CSV (default: results/verify.csv; with a folder of games other than the default, results/verify-FOLDER.csv)")
  .option("--update", "keep the rows of --out for the games that --filter leaves out (what --filter does without --out)")
  .option("--case-sensitive", "keep the case of non-keyword symbols as written, as GGP-Base does")
  .option("--no-static-demand", "ground without the static-demand step (views only for the bound arguments their uses can ask about)")
  .option("--no-fixed-fluents", "ground without the fixed-fluents step (fluents only their frame axiom carries on as static relations)")
  .parse();

const opts = program.opts<{
  playouts: number;
  seed: number;
  maxSteps: number;
  timeout: number;
  groundTimeout: number;
  memory: number;
  jobs: number;
  filter?: RegExp;
  out?: string;
  update?: boolean;
  caseSensitive?: boolean;
  staticDemand?: boolean;
  fixedFluents?: boolean;
}>();
const dir = gamesFolder(program.args[0]);
const { out, update } = verifyOutput({
  out: opts.out,
  defaultOut: path.join(RESULTS, "verify.csv"),
  dir,
  defaultDir: BASE_GAMES,
  filter: opts.filter !== undefined,
  update: opts.update === true,
});
process.stdout.write(`verify: ${dir}, ${opts.playouts} playouts per game (seed ${opts.seed}), limit ${opts.timeout} s per game; ${machineLine()}\n`);

const summary = await runVerify(
  {
    dir,
    out: path.resolve(out),
    playouts: opts.playouts,
    seed: opts.seed,
    maxSteps: opts.maxSteps,
    timeoutSeconds: opts.timeout,
    groundTimeoutSeconds: Math.min(opts.groundTimeout, opts.timeout),
    memoryMb: opts.memory,
    jobs: Math.max(1, opts.jobs),
    filter: opts.filter,
    caseSensitive: opts.caseSensitive,
    translate: translateFlags(opts),
    keep: update && existsSync(out) ? parseVerifyCsv(readFileSync(out, "utf8")) : undefined,
  },
  {
    gameDone(row, done, total) {
      const width = String(total).length;
      const detail = row.status === "agree" ? (row.detail ? ` — ${row.detail}` : "") : ` — ${row.detail.length > 300 ? `${row.detail.slice(0, 300)}...` : row.detail}`;
      process.stdout.write(
        `[${String(done).padStart(width)}/${total}] ${row.game}: ${row.status} (${row.playouts} playouts, ${row.steps} states, ${row.seconds.toFixed(1)} s)${detail}\n`,
      );
    },
  },
);
process.stdout.write(`verify: ${summaryLine(summary.rows, summary.seconds)}; results in ${path.relative(process.cwd(), path.resolve(out)) || out}\n`);
process.exitCode = summary.counts.disagree > 0 ? 1 : 0;
