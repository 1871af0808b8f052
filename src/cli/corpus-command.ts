/** `gdl-ground corpus DIR`: ground every game of a folder with limits; results as CSV and JSON. */
import { SingleBar, Presets } from "cli-progress";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { cpus } from "node:os";
import { resultFiles, runCorpus, type CorpusProgress, type CorpusSummary } from "../corpus/runner.js";
import { CorpusLockError } from "../corpus/lock.js";
import { findGames, gameName } from "../corpus/find-games.js";
import { resolveOutput } from "../output-file.js";
import { formatDiagnostic } from "../diagnostics.js";
import { isCorpusResultsFile, isPartial } from "../report/results-file.js";
import type { ResultRow } from "../report/results-file.js";
import { summarizeRun } from "../report/summary.js";
import type { GrounderKind } from "../ground/index.js";
import { findNativeGrounder } from "../ground/clingo/index.js";
import { translateFlags, type TranslateFlags } from "../translate/flags.js";
import type { Output } from "./output.js";

/** The parsed options of `gdl-ground corpus DIR`; the translate stage's flags among them. */
export interface CorpusCommandOptions extends TranslateFlags {
  /** Results file; by default `<DIR>.corpus.csv` beside the folder. */
  readonly out?: string;
  /** Overwrite an existing file that is not a results file of this command. */
  readonly force?: boolean;
  readonly timeout: number;
  readonly memory: number;
  readonly jobs?: number;
  readonly resume?: boolean;
  readonly propnet: boolean;
  /** After a game that did not ground, ground P^base for the partial_* columns (default true). */
  readonly partial?: boolean;
  readonly grounder: GrounderKind;
  readonly filter?: string;
  readonly progress?: boolean;
  readonly caseSensitive?: boolean;
}

export async function runCorpusCommand(dir: string, options: CorpusCommandOptions, io: Output): Promise<number> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    io.err(`${dir}: error[io]: not a folder of games\n`);
    return 2;
  }
  if (options.grounder === "native" && !(await findNativeGrounder())) {
    io.err("gdl-ground: error[usage]: --grounder native needs a gringo or clingo executable on PATH (e.g. apt-get install gringo)\n");
    return 2;
  }
  let filter: RegExp | undefined;
  try {
    filter = options.filter ? new RegExp(options.filter) : undefined;
  } catch (error) {
    io.err(`gdl-ground: error[usage]: --filter is not a regular expression: ${(error as Error).message}\n`);
    return 2;
  }
  const games = findGames(dir).filter((file) => !filter || filter.test(gameName(dir, file)));
  if (games.length === 0) {
    io.err(`${dir}: error[io]: ${filter ? `no .kif game below this folder matches --filter ${options.filter}` : "no .kif games below this folder"}\n`);
    return 2;
  }
  const out = options.out ?? `${path.resolve(dir)}.corpus.csv`;
  const bad = badResultsPath(out);
  if (bad) {
    io.err(`${out}: error[usage]: ${bad}\n`);
    return 2;
  }
  for (const file of Object.values(resultFiles(out))) {
    const target = resolveOutput(file);
    if (!target.ok) {
      io.err(formatDiagnostic(target.diagnostic) + "\n");
      return 2;
    }
    if (target.target.kind === "regular" && existsSync(target.target.path) && !options.force) {
      const content = readFileSync(target.target.path, "utf8");
      if (!isCorpusResultsFile(content)) {
        io.err(`${file}: error[io]: the file exists and is not a results file of gdl-ground corpus: use --force to overwrite it, or --out to write elsewhere\n`);
        return 2;
      }
    }
  }
  let summary: CorpusSummary;
  try {
    summary = await runCorpus(
      {
        dir,
        out,
        timeoutSeconds: options.timeout,
        memoryMb: options.memory,
        jobs: options.jobs ?? Math.max(1, cpus().length),
        resume: options.resume,
        grounder: options.grounder,
        ...translateFlags(options),
        propnet: options.propnet,
        partial: options.propnet && options.partial !== false,
        caseSensitive: options.caseSensitive,
        filter,
      },
      progressReporter(io, options.progress ?? Boolean(process.stderr.isTTY)),
    );
  } catch (error) {
    if (!(error instanceof CorpusLockError)) throw error;
    io.err(`${error.message}\n`);
    return 2;
  }
  const run = summarizeRun(summary.rows, "gdl-ground");
  const tally = Object.entries(run.byStatus)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ");
  // games that did not ground but are played all the same: counted apart ("309 ok, 5 timeout; 5 partial (3 hybrid, 2 on the prover)")
  const partial = run.partial > 0 ? `; ${run.partial} partial (${run.hybrid} hybrid, ${run.partial - run.hybrid} on the prover)` : "";
  const grounded = run.medianSeconds === null ? "" : `; grounded: median ${run.medianSeconds.toFixed(3)} s, mean ${(run.meanSeconds ?? 0).toFixed(3)} s`;
  io.out(
    `${summary.matched} game${summary.matched === 1 ? "" : "s"} in ${summary.seconds.toFixed(1)} s: ${summary.measured} measured now` +
      (summary.skipped > 0 ? `, ${summary.skipped} kept from the earlier run` : "") +
      `\nresults file: ${summary.rows.length} game${summary.rows.length === 1 ? "" : "s"}: ${tally}${partial}${grounded}\n` +
      `written: ${summary.outFiles.join(", ")}\n`,
  );
  return 0;
}

/**
 * Why `--out` cannot name the results, or undefined: the results are two regular files
 * (FILE.csv and FILE.json) rewritten after every game, so a folder, a device or standard
 * output cannot take them, and a name without .csv or .json would say neither.
 */
function badResultsPath(out: string): string | undefined {
  const target = resolveOutput(out);
  if (!target.ok) return target.diagnostic.message.replace(/^cannot write the file: /, "--out: ");
  if (target.target.kind !== "regular") {
    return "--out must name a results file (.csv or .json), not a device or a stream: the results are rewritten after every game";
  }
  if (!/\.(csv|json)$/i.test(out)) return "--out must name a .csv or .json file (the other format is written beside it)";
  return undefined;
}

function progressReporter(io: Output, bar: boolean): CorpusProgress {
  if (bar) {
    const progress = new SingleBar(
      { format: "{bar} {value}/{total} games | {eta_formatted} left | {last}", hideCursor: true, clearOnComplete: false },
      Presets.shades_classic,
    );
    return {
      start: (total, skipped) => progress.start(total, skipped, { last: "" }),
      gameDone: (row, done) => progress.update(done, { last: `${row.game}: ${row.status}` }),
      finish: () => progress.stop(),
    };
  }
  return {
    start: (total, skipped) => io.err(`grounding ${total - skipped} of ${total} games\n`),
    gameDone: (row: ResultRow, done, total) =>
      io.err(`[${done}/${total}] ${row.game}: ${row.status}${isPartial(row) ? (row.partial_lifted !== "" ? ` (partial: a hybrid propnet, ${row.partial_lifted} lifted)` : " (partial: played on the prover)") : ""}${row.total_s !== null ? ` ${row.total_s.toFixed(2)} s` : ""}${row.reason ? ` (${row.reason.slice(0, 120)})` : ""}\n`),
    finish: () => undefined,
  };
}
