/**
 * The corpus runner: grounds every game of a folder, each in a child process with a time limit
 * and a memory limit, `jobs` at a time, and writes the results (CSV and JSON) after every game,
 * atomically, so that an interrupted run leaves a whole file and `resume` can go on from it.
 *
 * A child measures many games in a row with one warm clingo-wasm module; a child that runs over
 * the time limit is killed, one that crashes (a JavaScript heap out of memory, say) is reported
 * and replaced: one game never stops the run.
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import { writeFileAtomic } from "../io.js";
import { emptyResultRow, formatResultsCsv, formatResultsJson, parseResults, type ResultRow } from "../report/results-file.js";
import type { GrounderKind } from "../ground/index.js";
import type { TranslateOptions } from "../translate/index.js";
import type { ChildConfig, ChildReply, ChildRequest } from "./child.js";
import { findGames, gameName } from "./find-games.js";

export interface CorpusOptions extends TranslateOptions {
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
}

export interface CorpusProgress {
  start(total: number, skipped: number): void;
  gameDone(row: ResultRow, done: number, total: number): void;
  finish(): void;
}

export interface CorpusSummary {
  readonly rows: readonly ResultRow[];
  readonly measured: number;
  readonly skipped: number;
  readonly outFiles: readonly string[];
  readonly seconds: number;
}

/** The two result files of a run: the one asked for and its CSV/JSON twin. */
export function resultFiles(out: string): { csv: string; json: string } {
  const ext = path.extname(out).toLowerCase();
  const stem = ext === ".csv" || ext === ".json" ? out.slice(0, -ext.length) : out;
  return { csv: `${stem}.csv`, json: `${stem}.json` };
}

export async function runCorpus(options: CorpusOptions, progress?: CorpusProgress): Promise<CorpusSummary> {
  const started = performance.now();
  const files = resultFiles(options.out);
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
  const measureOptions = {
    timeoutSeconds: options.timeoutSeconds,
    split: options.split,
    prune: options.prune,
    declaredBaseInput: options.declaredBaseInput,
    propnet: options.propnet,
  };
  let next = 0;
  let done = skipped;
  const slots = Array.from({ length: Math.max(1, Math.min(options.jobs, todo.length)) }, () => new ChildSlot(config, options.memoryMb));
  await Promise.all(
    slots.map(async (slot) => {
      while (next < todo.length) {
        const { file, game } = todo[next++];
        const row = await slot.measure({ type: "measure", file, game, options: measureOptions }, options.timeoutSeconds);
        rows.set(game, row);
        save();
        done++;
        progress?.gameDone(row, done, games.length);
      }
      slot.stop();
    }),
  );
  const sorted = save();
  progress?.finish();
  return {
    rows: sorted,
    measured: todo.length,
    skipped,
    outFiles: [files.csv, files.json],
    seconds: (performance.now() - started) / 1000,
  };
}

/** One child process and the game it measures. */
class ChildSlot {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private stderrTail = "";
  private onReply: ((reply: ChildReply) => void) | undefined;
  private onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;

  constructor(
    private readonly config: ChildConfig,
    private readonly memoryMb: number,
  ) {}

  private start(): Promise<void> {
    const script = path.join(packageRoot(), "dist", "src", "corpus", "child.js");
    const child = fork(script, [JSON.stringify(this.config)], {
      execArgv: [`--max-old-space-size=${this.memoryMb}`],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child = child;
    this.stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4000);
    });
    child.on("message", (reply: ChildReply) => this.onReply?.(reply));
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.onExit?.(code, signal);
    });
    return new Promise<void>((resolve, reject) => {
      this.onReply = (reply) => (reply.type === "ready" ? resolve() : reject(new Error(reply.type === "failed" ? reply.message : "unexpected reply")));
      this.onExit = (code) => reject(new Error(`the child process exited (${code}) before it was ready: ${this.stderrTail.trim()}`));
    });
  }

  async measure(request: ChildRequest, timeoutSeconds: number): Promise<ResultRow> {
    const started = performance.now();
    if (!this.child || !this.ready) this.ready = this.start();
    try {
      await this.ready;
    } catch (error) {
      this.kill();
      return emptyResultRow(request.game, "error", `cannot start a child process: ${(error as Error).message}`);
    }
    const child = this.child!;
    return new Promise<ResultRow>((resolve) => {
      const finish = (row: ResultRow) => {
        clearTimeout(timer);
        this.onReply = undefined;
        this.onExit = undefined;
        resolve(row);
      };
      const elapsed = () => Math.round(performance.now() - started) / 1000;
      // the grounder stops itself at the limit; this is the backstop for the other phases
      const timer = setTimeout(() => {
        this.kill();
        const row = emptyResultRow(request.game, "timeout", `the pipeline did not finish within ${timeoutSeconds} s`);
        row.total_s = elapsed();
        finish(row);
      }, timeoutSeconds * 1000 + 2000);
      this.onReply = (reply) => {
        if (reply.type === "row") finish(reply.row);
        else if (reply.type === "failed") finish(emptyResultRow(request.game, "error", reply.message));
      };
      this.onExit = (code, signal) => {
        this.ready = undefined;
        const tail = this.stderrTail;
        const oom = /heap out of memory|Allocation failed|out of memory/i.test(tail);
        const row = oom
          ? emptyResultRow(request.game, "out-of-memory", `the child process ran out of memory (limit ${this.memoryMb} MiB)`)
          : emptyResultRow(request.game, "error", `the child process died (${signal ?? `exit ${code}`}): ${lastLine(tail)}`);
        row.total_s = elapsed();
        finish(row);
      };
      child.send(request);
    });
  }

  private kill(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    child?.removeAllListeners("exit");
    child?.kill("SIGKILL");
  }

  stop(): void {
    const child = this.child;
    this.child = undefined;
    child?.disconnect();
  }
}

function lastLine(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  return lines[lines.length - 1] ?? "no message";
}
