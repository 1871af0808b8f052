/**
 * The corpus runner: grounds every game of a folder, each in a child process with a time limit
 * and a memory limit, `jobs` at a time, and writes the results (CSV and JSON) after every game,
 * atomically, so that an interrupted run leaves a whole file and `resume` can go on from it.
 *
 * A game that does not ground within the limit keeps its status (timeout, out-of-memory); P^base
 * is then ground alone, and with relations lifted where the probe names them (measure.ts), and the row
 * says how the game is played: on a hybrid propnet or on the prover.
 *
 * A child measures many games in a row with one warm clingo-wasm module; a child that runs over
 * the time limit is killed, one that crashes (a JavaScript heap out of memory, say) is reported
 * in one line and replaced, its crash dump appended to a log beside the results: one game never
 * stops the run. A lock file beside the results keeps a second run off them (lock.ts).
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import { forEachInChildren, type ChildWorker } from "../child-worker.js";
import { writeFileAtomic } from "../output-file.js";
import { emptyResultRow, formatResultsCsv, formatResultsJson, parseResults, type ResultRow } from "../report/results-file.js";
import type { GrounderKind } from "../ground/index.js";
import { translateFlags, type TranslateFlags } from "../translate/flags.js";
import type { LoadOptions } from "../pipeline.js";
import type { ChildConfig, ChildReply, ChildRequest } from "./child.js";
import type { MeasureOptions } from "./measure.js";
import { findGames, gameName } from "./find-games.js";
import { lockResults } from "./lock.js";

/** A corpus run: where and how, and the translate stage's flags (left out: their defaults). */
export interface CorpusOptions extends TranslateFlags, LoadOptions {
  /** The folder of games (searched recursively for .kif files). */
  readonly dir: string;
  /** Results file (.csv or .json); the other format is written beside it. */
  readonly out: string;
  readonly timeoutSeconds: number;
  /** Memory limit of each child in MiB (JavaScript heap; clingo-wasm gets at most 2048 of it). */
  readonly memoryMb: number;
  readonly jobs: number;
  /** Skip the games already in the results file. */
  readonly resume?: boolean;
  readonly grounder: GrounderKind;
  /** Build the propnet of every game that grounds (default true). */
  readonly propnet?: boolean;
  /** Only the games whose name matches. */
  readonly filter?: RegExp;
  /**
   * After a grounding that failed for its size, ground what a player gets instead (the `partial_*`
   * columns: P^base, a hybrid grounding; default: with the propnet). Its time is not in the
   * grounding's columns.
   */
  readonly partial?: boolean;
}

export interface CorpusProgress {
  start(total: number, skipped: number): void;
  gameDone(row: ResultRow, done: number, total: number): void;
  finish(): void;
}

export interface CorpusSummary {
  /** The games of this run: below the folder, and matching the filter. */
  readonly matched: number;
  /** Every row of the results file (with --resume, games of earlier runs that this one did not match too). */
  readonly rows: readonly ResultRow[];
  readonly measured: number;
  readonly skipped: number;
  readonly outFiles: readonly string[];
  readonly seconds: number;
}

function stemOf(out: string): string {
  const ext = path.extname(out).toLowerCase();
  return ext === ".csv" || ext === ".json" ? out.slice(0, -ext.length) : out;
}

/** The two result files of a run: the one asked for and its CSV/JSON twin. */
export function resultFiles(out: string): { csv: string; json: string } {
  const stem = stemOf(out);
  return { csv: `${stem}.csv`, json: `${stem}.json` };
}

/** The files a run keeps beside its results: its lock, and the log of children's crash dumps. */
export function runFiles(out: string): { lock: string; log: string } {
  const stem = stemOf(out);
  return { lock: `${stem}.lock`, log: `${stem}.log` };
}

/** Runs the corpus; throws CorpusLockError (lock.ts) when another run writes the same results. */
export async function runCorpus(options: CorpusOptions, progress?: CorpusProgress): Promise<CorpusSummary> {
  const release = lockResults(runFiles(options.out).lock);
  try {
    return await runLocked(options, progress);
  } finally {
    release();
  }
}

async function runLocked(options: CorpusOptions, progress?: CorpusProgress): Promise<CorpusSummary> {
  const started = performance.now();
  const files = resultFiles(options.out);
  const log = runFiles(options.out).log;
  const games = findGames(options.dir)
    .map((file) => ({ file, game: gameName(options.dir, file) }))
    .filter((g) => !options.filter || options.filter.test(g.game));

  const rows = new Map<string, ResultRow>();
  if (options.resume) {
    for (const existing of [files.csv, files.json]) {
      if (!existsSync(existing)) continue;
      const parsed = parseResults(readFileSync(existing, "utf8"), existing);
      for (const row of parsed.rows) rows.set(row.game, row);
      break;
    }
  }
  const todo = games.filter((g) => !rows.has(g.game));
  const skipped = games.length - todo.length;
  progress?.start(games.length, skipped);

  const order = new Map(games.map((g, i) => [g.game, i]));
  const save = () => {
    const sorted = [...rows.values()].sort((a, b) => (order.get(a.game) ?? 1e9) - (order.get(b.game) ?? 1e9));
    writeFileAtomic(files.csv, formatResultsCsv(sorted));
    writeFileAtomic(files.json, formatResultsJson(sorted));
    return sorted;
  };

  const config: ChildConfig = { grounder: options.grounder, maxMemoryMb: Math.min(2048, options.memoryMb) };
  const measureOptions: MeasureOptions = {
    timeoutSeconds: options.timeoutSeconds,
    translate: translateFlags(options),
    propnet: options.propnet,
    partial: options.partial ?? options.propnet !== false,
    caseSensitive: options.caseSensitive,
  };
  let done = skipped;
  const script = path.join(packageRoot(), "dist", "src", "corpus", "child.js");
  await forEachInChildren<{ file: string; game: string }, ChildRequest, ChildReply>(
    todo,
    // --expose-gc: each game's heap peaks are its own (child.ts)
    { script, args: [JSON.stringify(config)], memoryMb: options.memoryMb, jobs: options.jobs, nodeOptions: ["--expose-gc"] },
    async ({ file, game }, worker) => {
      const row = await measureInChild(worker, { type: "measure", file, game, options: measureOptions }, options.timeoutSeconds, measureOptions.partial ? 2 * options.timeoutSeconds : options.timeoutSeconds, log);
      rows.set(game, row);
      save();
      done++;
      progress?.gameDone(row, done, games.length);
    },
  );
  const sorted = save();
  progress?.finish();
  return {
    matched: games.length,
    rows: sorted,
    measured: todo.length,
    skipped,
    outFiles: [files.csv, files.json],
    seconds: (performance.now() - started) / 1000,
  };
}

/** Measures one game in a child process; a child that runs over time or dies gives a failed row. */
async function measureInChild(
  worker: ChildWorker<ChildRequest, ChildReply>,
  request: ChildRequest,
  timeoutSeconds: number,
  atMostSeconds: number,
  log: string,
): Promise<ResultRow> {
  const started = performance.now();
  // the grounder stops itself at the limit; this is the backstop for the other phases
  let where = "";
  const outcome = await worker.request(
    request,
    atMostSeconds * 1000 + 2000,
    (reply) => reply.type === "row" || reply.type === "failed",
    (reply) => {
      if (reply.type === "phase") where = `: stopped in ${reply.phase}${reply.detail ? ` (${reply.detail})` : ""}`;
    },
  );
  const failed = (status: ResultRow["status"], reason: string) => {
    const row = emptyResultRow(request.game, status, reason);
    row.total_s = Math.round(performance.now() - started) / 1000;
    return row;
  };
  switch (outcome.kind) {
    case "reply":
      return outcome.reply.type === "row" ? outcome.reply.row : failed("error", outcome.reply.type === "failed" ? outcome.reply.message : "unexpected reply");
    case "timeout":
      return failed("timeout", `the pipeline did not finish within ${timeoutSeconds} s${where}`);
    case "died": {
      const dump = keepDump(log, request.game, outcome.stderr);
      return outcome.outOfMemory
        ? failed("out-of-memory", `the child process ran out of memory (limit ${worker.memoryMb} MiB)${dump}`)
        : failed("error", `the child process died (${outcome.message})${dump}`);
    }
    case "start-failed":
      return failed("error", `cannot start a child process: ${outcome.message}${keepDump(log, request.game, outcome.stderr)}`);
  }
}

/** Appends a child's last output (a crash dump) to the run's log; says where it is, or nothing when there was none. */
function keepDump(log: string, game: string, stderr: string): string {
  if (stderr.trim() === "") return "";
  try {
    appendFileSync(log, `== ${game} (${new Date().toISOString()}): the child process's last output\n${stderr.trimEnd()}\n\n`);
    return `; its output is in ${log}`;
  } catch {
    return "";
  }
}
