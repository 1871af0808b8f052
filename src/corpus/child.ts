/**
 * A corpus child process: measures the games the runner sends it, one at a time, with one warm
 * grounder (clingo-wasm compiled once per process), and reports each row back over IPC. The
 * runner kills it when a game runs over its time, and starts a fresh one.
 */
import { createGrounder, type ClosableGrounder, type GrounderKind } from "../ground/index.js";
import { serveChild, type ServedReply } from "../child-worker.js";
import { measureGame, type MeasureOptions } from "./measure.js";
import type { ResultRow } from "../report/results-file.js";
import { nodeHeapProbe } from "../node-heap.js";

/** A child collects the garbage of earlier games when they left more than this (see serve). */
export const COLLECT_ABOVE_BYTES = 256 * 2 ** 20;

export interface ChildRequest {
  readonly type: "measure";
  readonly file: string;
  readonly game: string;
  readonly options: MeasureOptions;
}

export type ChildReply =
  | ServedReply<ResultRow>
  /** Progress: the stage that started, so that a run stopped from outside says where it was. */
  | { readonly type: "phase"; readonly phase: string; readonly detail: string };

export interface ChildConfig {
  readonly grounder: GrounderKind;
  readonly maxMemoryMb?: number;
}

async function serve(config: ChildConfig): Promise<void> {
  const grounder = await createGrounder(config.grounder, { maxMemoryMb: config.maxMemoryMb });
  // the runner starts children with --expose-gc: when the last games left more than
  // COLLECT_ABOVE_BYTES, their garbage is collected before the next game (outside its times), so
  // that a big game's garbage is not in the next rows' heap peaks. Not before every game: a forced
  // full collection made the next game's code run cold (ticTacToe's extraction 0.4 -> 3.2 ms,
  // snake_2009's 4.8 -> 14.4 ms; the corpus median 0.086 -> 0.12 s).
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  serveChild<ClosableGrounder, ChildRequest, ResultRow>(grounder, (request, warm, send) => {
    if (nodeHeapProbe() > COLLECT_ABOVE_BYTES) collect();
    return measureGame(request.file, request.game, warm, request.options, (phase, detail) => send({ type: "phase", phase, detail }));
  });
}

if (process.send) {
  const config = JSON.parse(process.argv[2] ?? "{}") as ChildConfig;
  void serve(config);
}
