/**
 * The digest file of `compare-outputs` (JSON lines: a header, then one game a line, in the
 * order of the folder) and the comparison of two runs game by game. Statuses, digests and
 * counts are compared; a status's detail is not (a timeout's message says how far it got), so
 * a game that times out (or fails otherwise) alike in both runs counts as equal.
 */
import type { PropnetStats } from "../../src/propnet/propnet.js";
import type { GameDigest, GroundGameDigest } from "./game-digest.js";
import type { PropnetDigest } from "./propnet-digest.js";

export const DIGEST_FORMAT = "gdl-ground-compare-outputs";
export const DIGEST_VERSION = 1;

/** How a run was made (the header line). */
export interface DigestRunOptions {
  /** Wall-clock limit per game (grounding, builds and digests), seconds. */
  readonly timeoutSeconds: number;
  /** Time limit of the grounding, seconds. */
  readonly groundTimeoutSeconds: number;
  readonly unoptimized: boolean;
}

export interface DigestFile {
  readonly options: DigestRunOptions;
  readonly games: readonly GameDigest[];
}

export function formatDigestFile(file: DigestFile): string {
  const header = { format: DIGEST_FORMAT, version: DIGEST_VERSION, ...file.options };
  return [header, ...file.games].map((x) => JSON.stringify(x)).join("\n") + "\n";
}

/** Reads what `formatDigestFile` wrote; a string says what is wrong and on which line. */
export function parseDigestFile(text: string): DigestFile | { readonly error: string } {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const parsed: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    try {
      parsed.push(JSON.parse(line));
    } catch (error) {
      return { error: `line ${i + 1}: not JSON (${(error as Error).message})` };
    }
  }
  const header = parsed[0] as Record<string, unknown> | undefined;
  if (!header || header.format !== DIGEST_FORMAT) return { error: `line 1: not a ${DIGEST_FORMAT} file` };
  if (header.version !== DIGEST_VERSION) return { error: `line 1: unsupported version ${String(header.version)}` };
  const games = parsed.slice(1) as GameDigest[];
  const bad = games.findIndex((g) => typeof g !== "object" || g === null || typeof g.game !== "string" || typeof g.status !== "string");
  if (bad >= 0) return { error: `line ${bad + 2}: not a game's digest` };
  const options: DigestRunOptions = {
    timeoutSeconds: Number(header.timeoutSeconds),
    groundTimeoutSeconds: Number(header.groundTimeoutSeconds),
    unoptimized: header.unoptimized === true,
  };
  return { options, games };
}

/** `both-failed`: the same status other than ok on both sides (a timeout both times, say): nothing to compare, counted as equal. */
export type Verdict = "same" | "both-failed" | "differs";

export interface GameComparison {
  readonly game: string;
  readonly verdict: Verdict;
  /** What differs, one phrase each (empty unless `differs`). */
  readonly differences: readonly string[];
}

/**
 * How propnets are compared: `exact` (the JSON export, hashed) or `shape` (the renumbering-
 * invariant form and every count, a count absent on one side read as 0): for a change that
 * numbers components differently or adds a field to the export (GDL-II's `sees`, empty for GDL).
 */
export type PropnetComparison = "exact" | "shape";

/** Compares one game's digests, saved (before) and now (after); an absent side is a difference. */
export function compareGame(game: string, before: GameDigest | undefined, after: GameDigest | undefined, propnets: PropnetComparison = "exact"): GameComparison {
  const differs = (differences: string[]): GameComparison =>
    differences.length === 0 ? { game, verdict: "same", differences } : { game, verdict: "differs", differences };
  if (!before) return differs(["not in the saved digests"]);
  if (!after) return differs(["saved, but not run now (no longer in the folder?)"]);
  if (before.status !== after.status) return differs([`status ${before.status} -> ${after.status}${after.detail ? ` (${after.detail})` : ""}`]);
  if (before.status !== "ok") return { game, verdict: "both-failed", differences: [] };
  const differences: string[] = [];
  if (before.groundGame && after.groundGame) differences.push(...groundGameDifferences(before.groundGame, after.groundGame));
  else if (before.groundGame || after.groundGame) differences.push("ground game digested on one side only");
  differences.push(...propnetDifferences("propnet", before.propnet, after.propnet, propnets));
  // the unoptimized propnet is compared when both runs made it
  if (before.unoptimized && after.unoptimized) differences.push(...propnetDifferences("unoptimized propnet", before.unoptimized, after.unoptimized, propnets));
  return differs(differences);
}

function groundGameDifferences(before: GroundGameDigest, after: GroundGameDigest): string[] {
  if (before.digest === after.digest) return [];
  const sizes = (["atoms", "clauses", "base", "input"] as const).filter((k) => before[k] !== after[k]).map((k) => `${k} ${before[k]} -> ${after[k]}`);
  return [`printed ground game differs (${sizes.length > 0 ? sizes.join(", ") : "same sizes"})`];
}

function propnetDifferences(what: string, before: PropnetDigest | undefined, after: PropnetDigest | undefined, propnets: PropnetComparison): string[] {
  if (!before || !after) return before || after ? [`${what} digested on one side only`] : [];
  if (before.exact === after.exact) return [];
  const counts = statsDifferences(before.stats, after.stats);
  if (propnets === "shape" && before.shape === after.shape && counts.length === 0) return [];
  const form = before.shape === after.shape ? "numbered differently, same shape" : "different shape";
  return [`${what} differs: ${form}${counts.length > 0 ? `; ${counts.join(", ")}` : ""}`];
}

/** `components 979 -> 981`, ... for every count that changed. */
export function statsDifferences(before: PropnetStats, after: PropnetStats): string[] {
  const flat = (s: PropnetStats): Record<string, number> => {
    const { propositions, ...rest } = s;
    return { ...rest, ...Object.fromEntries(Object.entries(propositions).map(([k, v]) => [`${k} propositions`, v])) };
  };
  const b = flat(before);
  const a = flat(after);
  // a count one side does not have (a proposition kind added since) is 0 there
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => (b[k] ?? 0) !== (a[k] ?? 0)).map((k) => `${k} ${b[k] ?? "-"} -> ${a[k] ?? "-"}`);
}

/**
 * Compares every game run now with its saved digest. Saved games that were not run count only
 * when `complete` (the run covered the whole folder, no filter): then they are missing.
 */
export function compareRuns(saved: readonly GameDigest[], now: readonly GameDigest[], complete: boolean, propnets: PropnetComparison = "exact"): GameComparison[] {
  const before = new Map(saved.map((g) => [g.game, g]));
  const after = new Map(now.map((g) => [g.game, g]));
  const result = now.map((g) => compareGame(g.game, before.get(g.game), g, propnets));
  if (complete) for (const g of saved) if (!after.has(g.game)) result.push(compareGame(g.game, g, undefined, propnets));
  return result;
}
