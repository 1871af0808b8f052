/**
 * Ground instance counts for hovers: after a document is grounded, how many ground atoms each
 * view and keyword relation has, how many base propositions each fluent, how many input moves
 * each action. The ground game itself is let go at once (amazons' is 461 MB); only the counts are
 * kept, with the version they were taken of. The server grounds documents itself
 * (grounding-scheduler.ts), or a host that grounds them anyway (the playground page, whose Ground
 * button runs the whole pipeline in a worker of its own) sends the counts of its grounding, as
 * the notification GROUND_COUNTS_NOTIFICATION: grounding the same text twice on two cores would
 * slow both down. No runtime import of the pipeline here: the page's main thread takes the
 * notification's helpers from this module, and with them it loaded the parser and the checker
 * (96 kB) that it no longer runs.
 */
import type { GroundGame } from "../ground/ground-game.js";
import type { GroundStatus } from "../pipeline.js";

export interface GroundCounts {
  /** The version of the document that was grounded. */
  readonly version: number;
  readonly status: GroundStatus;
  /** Wall time of the whole grounding (translate, ground, extract). */
  readonly seconds: number;
  /** Ground atoms by relation (views and keywords; static relations are evaluated away). */
  readonly relations: ReadonlyMap<string, number>;
  /** Base propositions by the name of the fluent (`cell` for `(cell 1 1 b)`). */
  readonly fluents: ReadonlyMap<string, number>;
  /** Input moves by the name of the move (`mark` for `(mark 1 1)`), all roles together. */
  readonly actions: ReadonlyMap<string, number>;
}

/** The name of a ground term written in KIF: `cell` for `(cell 1 1 b)`, `noop` for `noop`. */
function functorOf(kif: string): string {
  if (!kif.startsWith("(")) return kif;
  const m = /^\(\s*([^\s()]+)/.exec(kif);
  return m ? m[1] : kif;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** How many ground instances each relation, fluent and move of a ground game has. */
export type GroundInstanceCounts = Pick<GroundCounts, "relations" | "fluents" | "actions">;

export function countGroundInstances(game: GroundGame): GroundInstanceCounts {
  const relations = new Map<string, number>();
  const fluents = new Map<string, number>();
  const actions = new Map<string, number>();
  for (const relation of game.atoms.relation) count(relations, relation);
  for (const fluent of game.base) count(fluents, functorOf(fluent));
  for (const move of game.input) count(actions, functorOf(move.move));
  return { relations, fluents, actions };
}

export function countGroundGame(game: GroundGame, version: number, seconds: number): GroundCounts {
  return { version, status: "ok", seconds, ...countGroundInstances(game) };
}

/** The notification (client to server) with the counts of a grounding the host made: GroundCountsParams. */
export const GROUND_COUNTS_NOTIFICATION = "gdl-ground/groundCounts";

/** GroundCounts as JSON, for one document: the maps as [name, count] pairs. */
export interface GroundCountsParams {
  readonly uri: string;
  readonly version: number;
  readonly status: GroundStatus;
  readonly seconds: number;
  readonly relations: readonly (readonly [string, number])[];
  readonly fluents: readonly (readonly [string, number])[];
  readonly actions: readonly (readonly [string, number])[];
}

export function groundCountsParams(uri: string, counts: GroundCounts): GroundCountsParams {
  const { version, status, seconds } = counts;
  return { uri, version, status, seconds, relations: [...counts.relations], fluents: [...counts.fluents], actions: [...counts.actions] };
}

const STATUSES: ReadonlySet<string> = new Set(["ok", "invalid", "timeout", "too-large", "out-of-memory", "cancelled", "error"] satisfies GroundStatus[]);

/** The counts in GroundCountsParams, or undefined when they are not well formed. */
export function groundCountsOf(params: GroundCountsParams): GroundCounts | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  const pairs = (list: unknown): Map<string, number> | undefined =>
    Array.isArray(list) && list.every((p) => Array.isArray(p) && typeof p[0] === "string" && Number.isInteger(p[1]))
      ? new Map(list as [string, number][])
      : undefined;
  const relations = pairs(params.relations), fluents = pairs(params.fluents), actions = pairs(params.actions);
  if (!relations || !fluents || !actions || !Number.isInteger(params.version) || !STATUSES.has(params.status) || typeof params.seconds !== "number") return undefined;
  return { version: params.version, status: params.status, seconds: params.seconds, relations, fluents, actions };
}

/**
 * The counts of each open document: its latest grounding's, except that a failed grounding does
 * not hide the counts of an earlier version that grounded.
 */
export class GroundCountsByDocument {
  private readonly byUri = new Map<string, GroundCounts>();

  get(uri: string): GroundCounts | undefined {
    return this.byUri.get(uri);
  }

  /** Keeps `counts` for the document (see the class comment); false when they were not kept. */
  set(uri: string, counts: GroundCounts): boolean {
    if (counts.status !== "ok" && this.byUri.get(uri)?.status === "ok") return false;
    this.byUri.set(uri, counts);
    return true;
  }

  delete(uri: string): void {
    this.byUri.delete(uri);
  }
}
