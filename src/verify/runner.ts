/**
 * Verifying a folder of games: each game in a child process (child.ts) with a time limit
 * (grounding included) and a memory limit, `jobs` at a time, so that a slow or crashing game
 * never stops the run. The results file (CSV: game,status,detail,playouts,steps,seconds) is
 * written atomically after every game.
 */
import { forEachInChildren, type ChildWorker } from "../child-worker.js";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { parse as parseCsv } from "csv-parse/sync";
import { writeFileAtomic } from "../output-file.js";
import { findGames, gameName } from "../corpus/find-games.js";
import type { TranslateFlags } from "../translate/index.js";
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
  /** Read the games keeping the case of non-keyword symbols, as GGP-Base does. */
  readonly caseSensitive?: boolean;
  /** The translate stage's flags to ground with (default: TRANSLATE_DEFAULTS). */
  readonly translate?: TranslateFlags;
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

/** Where a run writes its rows: the file, and whether it keeps that file's rows of the games it does not run. */
export interface VerifyOutput {
  readonly out: string;
  readonly update: boolean;
}

/**
 * A run over a subset never writes over the corpus's results (`out` undefined: no --out was given): a
 * --filter over the default folder keeps the other games' rows, as --update does; another folder writes a
 * file of its own beside the default one, `verify-<folder>.csv`. An --out given is used as given.
 */
export function verifyOutput(o: { readonly out: string | undefined; readonly defaultOut: string; readonly dir: string; readonly defaultDir: string; readonly filter: boolean; readonly update: boolean }): VerifyOutput {
  if (o.out !== undefined) return { out: o.out, update: o.update };
  if (path.resolve(o.dir) !== path.resolve(o.defaultDir)) return { out: path.join(path.dirname(o.defaultOut), `verify-${path.basename(path.resolve(o.dir))}.csv`), update: o.update };
  return { out: o.defaultOut, update: o.update || o.filter };
}

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
  // the compiled child, whether this module runs from dist/src, from the CLI bundle or from sources (vitest)
  return path.join(packageRoot(), "dist", "src", "verify", "child.js");
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
  let done = 0;
  await forEachInChildren<{ file: string; game: string }, VerifyChildRequest, VerifyChildReply>(
    games,
    { script: childScript(), args: [JSON.stringify(config)], memoryMb: options.memoryMb, jobs: options.jobs },
    async ({ file, game }, worker) => {
      const request: VerifyChildRequest = {
        type: "verify",
        file,
        game,
        playouts: options.playouts,
        seed: options.seed,
        maxSteps: options.maxSteps,
        groundTimeoutSeconds: options.groundTimeoutSeconds,
        caseSensitive: options.caseSensitive,
        translate: options.translate,
      };
      const row = await verifyInChild(worker, request, options.timeoutSeconds);
      rows.set(game, row);
      save();
      done++;
      progress?.gameDone?.(row, done, games.length);
    },
  );
  const sorted = save();
  return { rows: sorted, counts: countStatuses(sorted), seconds: (performance.now() - started) / 1000 };
}

/** Verifies one game in a child process; a child that runs over time or dies gives a failed row. */
async function verifyInChild(
  worker: ChildWorker<VerifyChildRequest, VerifyChildReply>,
  request: VerifyChildRequest,
  timeoutSeconds: number,
): Promise<VerifyRow> {
  const started = performance.now();
  let last: VerifyProgress | undefined;
  const outcome = await worker.request(
    request,
    timeoutSeconds * 1000,
    (reply) => reply.type === "row" || reply.type === "failed",
    (reply) => {
      if (reply.type === "progress") last = reply.progress;
    },
  );
  const failed = (status: VerifyStatus, detail: string): VerifyRow => ({
    game: request.game,
    status,
    detail,
    playouts: last?.playouts ?? 0,
    steps: last?.steps ?? 0,
    seconds: Math.round(performance.now() - started) / 1000,
  });
  const where = () => {
    if (!last || last.phase === "ground") return "while grounding";
    if (last.phase === "propnet") return `grounded in ${last.groundSeconds} s; while building the propnet or before the first playout ended`;
    return `grounded in ${last.groundSeconds} s; ${last.playouts} playouts (${last.steps} states) agreed before`;
  };
  switch (outcome.kind) {
    case "reply":
      return outcome.reply.type === "row" ? outcome.reply.row : failed("error", outcome.reply.type === "failed" ? outcome.reply.message : "unexpected reply");
    case "timeout":
      return failed("timeout", `no verdict within ${timeoutSeconds} s (${where()})`);
    case "died":
      return outcome.outOfMemory
        ? failed("error", `the child process ran out of memory (limit ${worker.memoryMb} MiB; ${where()})`)
        : failed("error", `the child process died (${outcome.message}) (${where()})`);
    case "start-failed":
      return failed("error", `cannot start a child process: ${outcome.message}`);
  }
}
