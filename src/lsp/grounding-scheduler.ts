/**
 * Grounding documents in the background for the hover's ground instance counts (on open and on
 * save, with a time limit), one at a time, the latest version of each. Host-neutral: the grounder
 * is handed in (a worker or gringo in Node, a Web Worker in a page).
 */
import type { AspGrounder } from "../ground/asp-grounder.js";
import { groundDescription, type LoadResult } from "../pipeline.js";
import { countGroundGame, GroundCountsByDocument, type GroundCounts } from "./ground-counts.js";

export interface GroundingRequest {
  readonly uri: string;
  readonly version: number;
  /** The version's text parsed and checked (the document's, document.ts: not parsed again here). */
  readonly loaded: LoadResult;
}

/**
 * Grounds documents one at a time, the latest version of each: a new request for a document
 * cancels the one under way or waiting for it.
 */
export class GroundingScheduler {
  private readonly waiting = new Map<string, GroundingRequest>();
  private current?: { readonly uri: string; readonly abort: AbortController };
  private running = false;

  constructor(
    private readonly grounder: AspGrounder,
    private readonly timeoutSeconds: number,
    /** Where the counts go (the server reads them from there for its hovers). */
    private readonly counts: GroundCountsByDocument = new GroundCountsByDocument(),
  ) {}

  request(request: GroundingRequest): void {
    if (this.current?.uri === request.uri) this.current.abort.abort();
    this.waiting.set(request.uri, request);
    void this.run();
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
        const result = await groundDescription(request.loaded, { grounder: this.grounder, timeoutSeconds: this.timeoutSeconds, signal: abort.signal });
        this.current = undefined;
        if (result.status === "cancelled") continue;
        const seconds = (performance.now() - started) / 1000;
        const counts: GroundCounts = result.game
          ? countGroundGame(result.game, request.version, seconds)
          : { version: request.version, status: result.status, seconds, relations: new Map(), fluents: new Map(), actions: new Map() };
        this.counts.set(request.uri, counts);
      }
    } finally {
      this.running = false;
      this.current = undefined;
    }
  }
}
