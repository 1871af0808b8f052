/**
 * Verifying a folder of games: each game in a child process (child.ts) with a time limit
 * (grounding included) and a memory limit, `jobs` at a time, so that a slow or crashing game
 * never stops the run. The results file (CSV: game,status,detail,playouts,steps,seconds) is
 * written atomically after every game.
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { parse as parseCsv } from "csv-parse/sync";
import { writeFileAtomic } from "../io.js";
import { findGames, gameName } from "../corpus/find-games.js";
import type { VerifyChildConfig, VerifyChildReply, VerifyChildRequest } from "./child.js";
import { VERIFY_STATUSES, type VerifyProgress, type VerifyRow, type VerifyStatus } from "./verify-game.js";

export interface VerifyRunOptions {
  /** The folder of games (searched recursively for .kif files). */
  readonly dir: string;
  /** The CSV file to write. */
  readonly out: string;
  readonly playouts: number;
  readonly seed: number;
  readonly maxSteps: number;
  /** Wall-clock limit per game, grounding included, in seconds. */
  readonly timeoutSeconds: number;
  /** Time limit of the grounding alone (a game that does not ground within it is not-grounded). */
  readonly groundTimeoutSeconds: number;
  /** JavaScript heap limit of each child, MiB. */
  readonly memoryMb: number;
  readonly jobs: number;
  /** Only the games whose name matches. */
  readonly filter?: RegExp;
  /** Rows of an earlier run: kept for the games of the folder that this run does not verify. */
  readonly keep?: readonly VerifyRow[];
}

export interface VerifyRunProgress {
  start?(total: number): void;
  gameDone?(row: VerifyRow, done: number, total: number): void;
}

export interface VerifyRunSummary {
  readonly rows: readonly VerifyRow[];
  readonly counts: Readonly<Record<VerifyStatus, number>>;
  readonly seconds: number;
}

export const VERIFY_COLUMNS = ["game", "status", "detail", "playouts", "steps", "seconds"] as const;

export function formatVerifyCsv(rows: readonly VerifyRow[]): string {
  return stringifyCsv(
    rows.map((r) => VERIFY_COLUMNS.map((c) => r[c])),
    { header: true, columns: [...VERIFY_COLUMNS] },
  );
}

/** Reads a results CSV written by `formatVerifyCsv`; rows that cannot be read are left out. */
export function parseVerifyCsv(text: string): VerifyRow[] {
  const records = parseCsv(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const rows: VerifyRow[] = [];
  for (const r of records) {
    const status = r.status as VerifyStatus;
    if (!r.game || !VERIFY_STATUSES.includes(status)) continue;
    rows.push({ game: r.game, status, detail: r.detail ?? "", playouts: Number(r.playouts) || 0, steps: Number(r.steps) || 0, seconds: Number(r.seconds) || 0 });
  }
  return rows;
}

export function countStatuses(rows: readonly VerifyRow[]): Record<VerifyStatus, number> {
  const counts = Object.fromEntries(VERIFY_STATUSES.map((s) => [s, 0])) as Record<VerifyStatus, number>;
  for (const r of rows) counts[r.status]++;
  return counts;
}

/** `N games: a agree, d disagree, ...` */
export function summaryLine(rows: readonly VerifyRow[], seconds?: number): string {
  const counts = countStatuses(rows);
  const steps = rows.reduce((s, r) => s + r.steps, 0);
  return (
    `${rows.length} games: ${VERIFY_STATUSES.map((s) => `${counts[s]} ${s}`).join(", ")}; ${steps} states compared` +
    (seconds !== undefined ? ` in ${seconds.toFixed(0)} s` : "")
  );
}

function childScript(): string {
  // beside this module: dist/src/verify/child.js when compiled; from sources (vitest), the compiled one
  const here = path.dirname(fileURLToPath(import.meta.url));
  const local = path.join(here, "child.js");
  if (existsSync(local)) return local;
  return path.resolve(here, "../../dist/src/verify/child.js");
}

export async function runVerify(options: VerifyRunOptions, progress?: VerifyRunProgress): Promise<VerifyRunSummary> {
  const started = performance.now();
  const games = findGames(options.dir)
    .map((file) => ({ file, game: gameName(options.dir, file) }))
    .filter((g) => !options.filter || options.filter.test(g.game));
  progress?.start?.(games.length);
  const all = findGames(options.dir).map((file) => gameName(options.dir, file));
  const order = new Map(all.map((g, i) => [g, i]));
  const rows = new Map<string, VerifyRow>();
  const running = new Set(games.map((g) => g.game));
  for (const row of options.keep ?? []) if (order.has(row.game) && !running.has(row.game)) rows.set(row.game, row);
  const save = () => {
    const sorted = [...rows.values()].sort((a, b) => (order.get(a.game) ?? 0) - (order.get(b.game) ?? 0));
    writeFileAtomic(options.out, formatVerifyCsv(sorted));
    return sorted;
  };

  const config: VerifyChildConfig = { grounderMemoryMb: Math.min(2048, options.memoryMb) };
  let next = 0;
  let done = 0;
  const slots = Array.from({ length: Math.max(1, Math.min(options.jobs, games.length)) }, () => new VerifySlot(config, options.memoryMb));
  await Promise.all(
    slots.map(async (slot) => {
      while (next < games.length) {
        const { file, game } = games[next++];
        const request: VerifyChildRequest = {
          type: "verify",
          file,
          game,
          playouts: options.playouts,
          seed: options.seed,
          maxSteps: options.maxSteps,
          groundTimeoutSeconds: options.groundTimeoutSeconds,
        };
        const row = await slot.verify(request, options.timeoutSeconds);
        rows.set(game, row);
        save();
        done++;
        progress?.gameDone?.(row, done, games.length);
      }
      slot.stop();
    }),
  );
  const sorted = save();
  return { rows: sorted, counts: countStatuses(sorted), seconds: (performance.now() - started) / 1000 };
}

/** One child process and the game it verifies. */
class VerifySlot {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private stderrTail = "";
  private onReply: ((reply: VerifyChildReply) => void) | undefined;
  private onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;

  constructor(
    private readonly config: VerifyChildConfig,
    private readonly memoryMb: number,
  ) {}

  private start(): Promise<void> {
    const child = fork(childScript(), [JSON.stringify(this.config)], {
      execArgv: [`--max-old-space-size=${this.memoryMb}`],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child = child;
    this.stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4000);
    });
    child.on("message", (reply: VerifyChildReply) => this.onReply?.(reply));
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.onExit?.(code, signal);
    });
    return new Promise<void>((resolve, reject) => {
      this.onReply = (reply) => (reply.type === "ready" ? resolve() : reject(new Error(reply.type === "failed" ? reply.message : "unexpected reply")));
      this.onExit = (code) => reject(new Error(`the child process exited (${code}) before it was ready: ${this.stderrTail.trim()}`));
    });
  }

  async verify(request: VerifyChildRequest, timeoutSeconds: number): Promise<VerifyRow> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started) / 1000;
    const failed = (status: VerifyStatus, detail: string, last?: VerifyProgress): VerifyRow => ({
      game: request.game,
      status,
      detail,
      playouts: last?.playouts ?? 0,
      steps: last?.steps ?? 0,
      seconds: elapsed(),
    });
    if (!this.child || !this.ready) this.ready = this.start();
    try {
      await this.ready;
    } catch (error) {
      this.kill();
      return failed("error", `cannot start a child process: ${(error as Error).message}`);
    }
    const child = this.child!;
    let last: VerifyProgress | undefined;
    return new Promise<VerifyRow>((resolve) => {
      const finish = (row: VerifyRow) => {
        clearTimeout(timer);
        this.onReply = undefined;
        this.onExit = undefined;
        resolve(row);
      };
      const where = () => {
        if (!last || last.phase === "ground") return "while grounding";
        if (last.phase === "propnet") return `grounded in ${last.groundSeconds} s; while building the propnet or before the first playout ended`;
        return `grounded in ${last.groundSeconds} s; ${last.playouts} playouts (${last.steps} states) agreed before`;
      };
      const timer = setTimeout(() => {
        this.kill();
        finish(failed("timeout", `no verdict within ${timeoutSeconds} s (${where()})`, last));
      }, timeoutSeconds * 1000);
      this.onReply = (reply) => {
        if (reply.type === "progress") last = reply.progress;
        else if (reply.type === "row") finish(reply.row);
        else if (reply.type === "failed") finish(failed("error", reply.message, last));
      };
      this.onExit = (code, signal) => {
        this.ready = undefined;
        const tail = this.stderrTail;
        const oom = /heap out of memory|Allocation failed|out of memory/i.test(tail);
        finish(
          oom
            ? failed("error", `the child process ran out of memory (limit ${this.memoryMb} MiB; ${where()})`, last)
            : failed("error", `the child process died (${signal ?? `exit ${code}`}): ${lastLine(tail)} (${where()})`, last),
        );
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
