/**
 * Results files: our per-game corpus results (CSV with a header, or JSON = an array of the same
 * objects) and an anchor grounder's results (GGP-Base's propnet factory, see
 * shared/anchors/README.md).
 *
 * Our columns, one row per game:
 *   game,status,reason,parse_s,check_s,translate_s,ground_s,extract_s,propnet_s,total_s,
 *   ground_clauses,base_atoms,input_atoms,components_paper,components_optimized,gdl_literals,
 *   peak_memory_mb,extract_peak_mb,propnet_peak_mb,partial_s,partial_base_atoms,partial_input_atoms,
 *   partial_probe,partial_lifted,partial_below
 * `peak_memory_mb` is clingo-wasm's heap after the game (empty for a native gringo); a corpus child
 * reuses its worker and a wasm heap never shrinks, so it is an upper bound of the game's own peak.
 * `extract_peak_mb` and `propnet_peak_mb` are the JavaScript heap's peak (V8's heap and array
 * buffers, sampled after each pass: heap-peak.ts) during extraction and the propnet build; files
 * written before these columns read them as unknown.
 * An ok row's `reason` says when the auto grounder fell back to native gringo.
 * `status` is ok / timeout / out-of-memory / invalid / error; numeric fields are empty (null) when
 * unknown, e.g. for failed games.
 * A game whose grounding timed out or ran out of memory keeps that status and its times (the
 * paper's columns); when P^base ground after it, the game is playable all the same (src/hybrid/)
 * and the `partial_*` columns say how, as `play` and `loadGame` get it: the time of what followed
 * the failed grounding (P^base, and the hybrid grounding when relations were lifted), the base and
 * input propositions of the propnet played on, what the grounder probe saw explode
 * (`partial_probe`), and the relations kept lifted (`partial_lifted`: `pinned/2 (192 atoms)`;
 * empty: the game is played on the prover over P^base), and for a game on the prover the relations
 * ground below it (`partial_below`: `legal2/2 (7660 atoms)`, src/hybrid/below.ts). Such a row is
 * `isPartial` and counted apart: "309 ground, 5 partial (3 hybrid, 2 on the prover)". Files
 * written before `partial_lifted` or `partial_below` read them as empty.
 * (`status` partial is read, for rows of a pipeline that asked for `tooLarge` itself.)
 *
 * An anchor file needs at least `game`, and `seconds`, `components`, `status` when known; other
 * columns are ignored. `status` may be `error:<reason>`; without a status column a row with seconds
 * counts as ok.
 *
 * Reading never throws: problems (an unreadable file, a row without a game, a number that is not
 * one, an unknown status) are diagnostics, and the rows that could be read are returned.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { diagnostic, type Diagnostic, NO_POSITION, type Position } from "../diagnostics.js";

/** `partial`: the game did not ground, P^base did (pipeline.ts, `tooLarge`): counted apart from the ground games. */
export const RESULT_STATUSES = ["ok", "partial", "timeout", "out-of-memory", "invalid", "error"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The numeric columns of our format, in file order. */
export const RESULT_NUMBER_COLUMNS = [
  "parse_s",
  "check_s",
  "translate_s",
  "ground_s",
  "extract_s",
  "propnet_s",
  "total_s",
  "ground_clauses",
  "base_atoms",
  "input_atoms",
  "components_paper",
  "components_optimized",
  "gdl_literals",
  "peak_memory_mb",
  "extract_peak_mb",
  "propnet_peak_mb",
  "partial_s",
  "partial_base_atoms",
  "partial_input_atoms",
] as const;
export type ResultNumberColumn = (typeof RESULT_NUMBER_COLUMNS)[number];

/** All columns of our format, in file order (columns added later come last). */
export const RESULT_COLUMNS = ["game", "status", "reason", ...RESULT_NUMBER_COLUMNS, "partial_probe", "partial_lifted", "partial_below"] as const;

/** One game of one corpus run (field names are the column names). */
export type ResultRow = {
  game: string;
  status: ResultStatus;
  /** Why a game failed (empty when ok). */
  reason: string;
  /** A game that did not ground: the relations the grounder probe saw explode (empty otherwise). */
  partial_probe: string;
  /** A game played on a hybrid propnet: its lifted relations with their atoms (empty otherwise). */
  partial_lifted: string;
  /** A game on the prover: the relations ground below it with their atoms that can hold (empty otherwise). */
  partial_below: string;
} & { [K in ResultNumberColumn]: number | null };

/** A game that did not ground and is played on the prover or a hybrid propnet (the `partial_*` columns). */
export function isPartial(row: ResultRow): boolean {
  return row.status === "partial" || (row.status !== "ok" && row.partial_base_atoms !== null);
}

/** One game of the anchor grounder. */
export interface AnchorRow {
  game: string;
  /** `ok`, `timeout`, `out-of-memory` or `error` (the anchor file's `error:<reason>` is split). */
  status: "ok" | "timeout" | "out-of-memory" | "error";
  reason: string;
  /** Time the anchor grounder took (null when unknown). */
  seconds: number | null;
  /** Components of its propnet (null when unknown). */
  components: number | null;
}

export interface ReadResult<Row> {
  readonly rows: Row[];
  readonly diagnostics: readonly Diagnostic[];
}

/** A row with every number unknown, for building rows field by field. */
export function emptyResultRow(game: string, status: ResultStatus = "ok", reason = ""): ResultRow {
  const row = { game, status, reason, partial_probe: "", partial_lifted: "", partial_below: "" } as ResultRow;
  for (const column of RESULT_NUMBER_COLUMNS) row[column] = null;
  return row;
}

/** The name games are matched by: without directories and without a `.kif` suffix. */
export function gameKey(game: string): string {
  const base = game.trim().split(/[\\/]/).pop() ?? "";
  return base.replace(/\.kif$/i, "");
}

/** The time of a whole run of our pipeline for one game. */
export function oursSeconds(row: ResultRow): number | null {
  return row.total_s;
}

/**
 * The propnet size of our row compared with the anchor: the optimized count when present
 * (GGP-Base counts its propnet after its own optimizations), else the paper's count.
 */
export function oursComponents(row: ResultRow): number | null {
  return row.components_optimized ?? row.components_paper;
}

// ---------------------------------------------------------------------------------------------
// Reading

type Raw = Record<string, unknown>;

function at(line: number): Position {
  return line > 0 ? { line, col: 1, offset: -1 } : NO_POSITION;
}

function parseNumber(
  value: unknown,
  column: string,
  file: string,
  line: number,
  diagnostics: Diagnostic[],
): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = String(value).trim();
  if (text === "" || /^(na|nan|null|-)$/i.test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n)) {
    diagnostics.push(
      diagnostic("warning", "io", file, at(line), `column ${column}: '${text}' is not a number; read as unknown`),
    );
    return null;
  }
  return n;
}

function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

/** CSV (with a header) or JSON (an array of objects), told apart by the first character. */
function parseTable(content: string, file: string, diagnostics: Diagnostic[]): { rows: Raw[]; lineOf: (i: number) => number } {
  const trimmed = content.replace(/^\uFEFF/, "").trimStart();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      const value: unknown = JSON.parse(trimmed);
      const array = Array.isArray(value) ? value : [value];
      const rows = array.filter((r): r is Raw => typeof r === "object" && r !== null && !Array.isArray(r));
      if (rows.length !== array.length) {
        diagnostics.push(diagnostic("warning", "io", file, NO_POSITION, "JSON entries that are not objects were skipped"));
      }
      return { rows, lineOf: () => 0 };
    } catch (e) {
      diagnostics.push(diagnostic("error", "io", file, NO_POSITION, `not valid JSON: ${(e as Error).message}`));
      return { rows: [], lineOf: () => 0 };
    }
  }
  if (trimmed === "") return { rows: [], lineOf: () => 0 };
  try {
    const records = parseCsv(content, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      bom: true,
      relax_column_count: true,
      info: true,
    }) as { record: Raw; info: { lines: number } }[];
    return { rows: records.map((r) => r.record), lineOf: (i) => records[i]?.info.lines ?? 0 };
  } catch (e) {
    diagnostics.push(diagnostic("error", "io", file, NO_POSITION, `not valid CSV: ${(e as Error).message}`));
    return { rows: [], lineOf: () => 0 };
  }
}

function isResultStatus(s: string): s is ResultStatus {
  return (RESULT_STATUSES as readonly string[]).includes(s);
}

/** Parses our results (CSV or JSON text). `file` names the source in diagnostics. */
export function parseResults(content: string, file = "<results>"): ReadResult<ResultRow> {
  const diagnostics: Diagnostic[] = [];
  const table = parseTable(content, file, diagnostics);
  const rows: ResultRow[] = [];
  table.rows.forEach((raw, i) => {
    const line = table.lineOf(i);
    const game = text(raw["game"]);
    if (game === "") {
      diagnostics.push(diagnostic("warning", "io", file, at(line), "row without a game name skipped"));
      return;
    }
    let status = text(raw["status"]).toLowerCase();
    let reason = text(raw["reason"]);
    if (!isResultStatus(status)) {
      diagnostics.push(
        diagnostic("warning", "io", file, at(line), `game ${game}: unknown status '${status}', read as error`),
      );
      reason = reason || `status '${status}'`;
      status = "error";
    }
    const row = emptyResultRow(game, status as ResultStatus, reason);
    for (const column of RESULT_NUMBER_COLUMNS) {
      row[column] = parseNumber(raw[column], column, file, line, diagnostics);
    }
    row.partial_probe = text(raw["partial_probe"]);
    row.partial_lifted = text(raw["partial_lifted"]);
    row.partial_below = text(raw["partial_below"]);
    rows.push(row);
  });
  return { rows, diagnostics };
}

function normalizeAnchorStatus(raw: string, seconds: number | null): { status: AnchorRow["status"]; reason: string } {
  const s = raw.trim();
  if (s === "") return seconds !== null ? { status: "ok", reason: "" } : { status: "error", reason: "no status and no time" };
  const colon = s.indexOf(":");
  const head = (colon >= 0 ? s.slice(0, colon) : s).trim().toLowerCase();
  const rest = colon >= 0 ? s.slice(colon + 1).trim() : "";
  if (head === "ok" || head === "success") return { status: "ok", reason: rest };
  if (head === "timeout" || head === "time-out" || head === "time") return { status: "timeout", reason: rest };
  if (head === "out-of-memory" || head === "oom" || head === "memory") return { status: "out-of-memory", reason: rest };
  return { status: "error", reason: head === "error" ? rest : s };
}

/** Parses an anchor grounder's results (CSV or JSON text); extra columns are ignored. */
export function parseAnchor(content: string, file = "<anchor>"): ReadResult<AnchorRow> {
  const diagnostics: Diagnostic[] = [];
  const table = parseTable(content, file, diagnostics);
  const rows: AnchorRow[] = [];
  table.rows.forEach((raw, i) => {
    const line = table.lineOf(i);
    const game = gameKey(text(raw["game"]));
    if (game === "") {
      diagnostics.push(diagnostic("warning", "io", file, at(line), "row without a game name skipped"));
      return;
    }
    const seconds = parseNumber(raw["seconds"], "seconds", file, line, diagnostics);
    const components = parseNumber(raw["components"], "components", file, line, diagnostics);
    const { status, reason } = normalizeAnchorStatus(text(raw["status"]), seconds);
    rows.push({ game, status, reason, seconds, components });
  });
  return { rows, diagnostics };
}

async function readText(file: string, diagnostics: Diagnostic[]): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (e) {
    diagnostics.push(diagnostic("error", "io", file, NO_POSITION, `cannot read: ${(e as Error).message}`));
    return null;
  }
}

export async function readResultsFile(file: string): Promise<ReadResult<ResultRow>> {
  const diagnostics: Diagnostic[] = [];
  const content = await readText(file, diagnostics);
  if (content === null) return { rows: [], diagnostics };
  return parseResults(content, file);
}

export async function readAnchorFile(file: string): Promise<ReadResult<AnchorRow>> {
  const diagnostics: Diagnostic[] = [];
  const content = await readText(file, diagnostics);
  if (content === null) return { rows: [], diagnostics };
  return parseAnchor(content, file);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Our results as CSV text (header included; unknown numbers as empty fields). */
export function formatResultsCsv(rows: readonly ResultRow[]): string {
  const records = rows.map((row) => RESULT_COLUMNS.map((c) => {
    const v = row[c];
    return v === null || v === undefined ? "" : String(v);
  }));
  return stringifyCsv(records, { header: true, columns: [...RESULT_COLUMNS] });
}

/** Our results as JSON text: an array of objects with every column (unknown numbers as null). */
export function formatResultsJson(rows: readonly ResultRow[]): string {
  const ordered = rows.map((row) => Object.fromEntries(RESULT_COLUMNS.map((c) => [c, row[c] ?? null])));
  return JSON.stringify(ordered, null, 2) + "\n";
}

/** Writes CSV, or JSON when the file name ends in `.json`; creates the folder. */
export async function writeResultsFile(file: string, rows: readonly ResultRow[]): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const content = /\.json$/i.test(file) ? formatResultsJson(rows) : formatResultsCsv(rows);
  await writeFile(file, content, "utf8");
}

// ---------------------------------------------------------------------------------------------
// Matching

export interface MatchedGame {
  game: string;
  ours: ResultRow;
  anchor: AnchorRow;
}

/**
 * Pairs our rows with anchor rows by game name (a `.kif` suffix stripped on either side; an
 * exact match first, then one that differs only in case).
 */
export function matchGames(ours: readonly ResultRow[], anchor: readonly AnchorRow[]): MatchedGame[] {
  const exact = new Map<string, AnchorRow>();
  const folded = new Map<string, AnchorRow>();
  for (const r of anchor) {
    const key = gameKey(r.game);
    if (!exact.has(key)) exact.set(key, r);
    if (!folded.has(key.toLowerCase())) folded.set(key.toLowerCase(), r);
  }
  const matched: MatchedGame[] = [];
  for (const o of ours) {
    const key = gameKey(o.game);
    const r = exact.get(key) ?? folded.get(key.toLowerCase());
    if (r) matched.push({ game: key, ours: o, anchor: r });
  }
  return matched;
}

/** Another run of ours over the same corpus (an ablation such as `--no-split`), with its label. */
export interface ExtraRun {
  label: string;
  rows: ResultRow[];
  /**
   * The label of another extra run to compare this one with instead of the default run (an
   * ablation made with clingo-wasm against `clingo-wasm alone` when the default run used another
   * grounder).
   */
  against?: string;
}

/** What the plots and the results page are drawn from: our run, an anchor, more runs. */
export interface RunsToReport {
  ours: ResultRow[];
  oursLabel: string;
  anchor?: AnchorRow[];
  anchorLabel: string;
  /** More runs of ours (ablations such as `--no-split`, another backend). */
  extraRuns?: ExtraRun[];
  /** The time limit of the runs: games that failed on one side are drawn there (seconds). */
  timeLimitSeconds: number;
}

/**
 * True when `content` is a results file that `gdl-ground corpus` writes (CSV with our header,
 * or our JSON array; columns added by later versions are fine): such a file may be rewritten
 * by another run, any other file is not the corpus command's to overwrite.
 */
export function isCorpusResultsFile(content: string): boolean {
  const trimmed = content.trimStart();
  if (trimmed === "") return true;
  if (trimmed.startsWith("[")) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      return (
        Array.isArray(parsed) &&
        parsed.every((row) => typeof row === "object" && row !== null && "game" in row && "status" in row && "reason" in row)
      );
    } catch {
      return false;
    }
  }
  const header = trimmed.slice(0, trimmed.indexOf("\n") >= 0 ? trimmed.indexOf("\n") : undefined).trim();
  return header.startsWith(`${RESULT_COLUMNS.slice(0, 4).join(",")},`);
}
