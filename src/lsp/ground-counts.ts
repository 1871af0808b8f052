/**
 * Ground instance counts for hovers: after a document is grounded (on open and on save, in the
 * background, with a time limit), how many ground atoms each view and keyword relation has, how
 * many base propositions each fluent, how many input moves each action. The ground game itself
 * is let go at once (amazons' is 461 MB); only the counts are kept, with the version they were
 * taken of. Host-neutral: the grounder is handed in (a worker or gringo in Node, a Web Worker
 * in a page).
 */
import type { AspGrounder } from "../ground/asp-grounder.js";
import type { GroundGame } from "../ground/ground-game.js";
import { groundDescription, loadText, type GroundStatus } from "../pipeline.js";
import type { GdlSyntax } from "../syntax/sniff.js";

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

export function countGroundGame(game: GroundGame, version: number, seconds: number): GroundCounts {
  const relations = new Map<string, number>();
  const fluents = new Map<string, number>();
  const actions = new Map<string, number>();
  for (const relation of game.atoms.relation) count(relations, relation);
  for (const fluent of game.base) count(fluents, functorOf(fluent));
  for (const move of game.input) count(actions, functorOf(move.move));
  return { version, status: "ok", seconds, relations, fluents, actions };
}

export interface GroundingRequest {
  readonly uri: string;
  readonly version: number;
  readonly text: string;
  readonly file: string;
  readonly syntax?: GdlSyntax | "auto";
  readonly caseSensitive?: boolean;
}

/**
 * Grounds documents one at a time, the latest version of each: a new request for a document
 * cancels the one under way or waiting for it.
 */
export class GroundingScheduler {
  private readonly counts = new Map<string, GroundCounts>();
  private readonly waiting = new Map<string, GroundingRequest>();
  private current?: { readonly uri: string; readonly abort: AbortController };
  private running = false;

  constructor(
    private readonly grounder: AspGrounder,
    private readonly timeoutSeconds: number,
    /** Told when the counts of a document are new (to refresh what shows them). */
    private readonly onCounts: (uri: string, counts: GroundCounts) => void = () => {},
  ) {}

  request(request: GroundingRequest): void {
    if (this.current?.uri === request.uri) this.current.abort.abort();
    this.waiting.set(request.uri, request);
    void this.run();
  }

  countsOf(uri: string): GroundCounts | undefined {
    return this.counts.get(uri);
  }

  forget(uri: string): void {
    this.waiting.delete(uri);
    this.counts.delete(uri);
    if (this.current?.uri === uri) this.current.abort.abort();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.waiting.values().next(); !next.done; next = this.waiting.values().next()) {
        const request = next.value;
        this.waiting.delete(request.uri);
        const abort = new AbortController();
        this.current = { uri: request.uri, abort };
        const started = performance.now();
        const loaded = loadText(request.text, request.file, { syntax: request.syntax, caseSensitive: request.caseSensitive });
        const result = await groundDescription(loaded, { grounder: this.grounder, timeoutSeconds: this.timeoutSeconds, signal: abort.signal });
        this.current = undefined;
        if (result.status === "cancelled") continue;
        const seconds = (performance.now() - started) / 1000;
        const counts: GroundCounts = result.game
          ? countGroundGame(result.game, request.version, seconds)
          : { version: request.version, status: result.status, seconds, relations: new Map(), fluents: new Map(), actions: new Map() };
        // a failed grounding does not hide the counts of an earlier version that grounded
        if (counts.status !== "ok" && this.counts.get(request.uri)?.status === "ok") continue;
        this.counts.set(request.uri, counts);
        this.onCounts(request.uri, counts);
      }
    } finally {
      this.running = false;
      this.current = undefined;
    }
  }
}
