/**
 * The grounding stage's interface: ASP text in, ground program (aspif) out. It is the one
 * edge between the pure pipeline and whatever runs clingo — a worker thread in Node, a Web
 * Worker in a browser, a native gringo process — so the pipeline never knows which host it
 * runs in. Implementations: clingo/worker-grounder.ts (hosted by clingo/grounder.ts in Node
 * and by the web page), clingo/native.ts.
 */
import type { GroundOptions, GroundOutcome } from "./clingo/outcome.js";

export type { GroundOptions, GroundOutcome } from "./clingo/outcome.js";

/** A grounder backend: clingo-wasm in a worker, or a native gringo/clingo process. */
export interface AspGrounder {
  ground(program: string, options: GroundOptions): Promise<GroundOutcome>;
}

/**
 * Which backend grounds: clingo-wasm (in a worker), a native gringo/clingo from PATH, or `auto`
 * (the default): a native gringo if one is on PATH, else clingo-wasm (see ground/index.ts).
 */
export type GrounderKind = "auto" | "wasm" | "native";

export const GROUNDER_KINDS: readonly GrounderKind[] = ["auto", "wasm", "native"];

/** A grounder that holds resources (a warm worker) until closed. */
export interface ClosableGrounder extends AspGrounder {
  readonly kind: GrounderKind;
  /** What runs the grounding: `clingo-wasm` or the path of the native executable. */
  readonly description: string;
  /** Start the backend ahead of the first `ground` (e.g. while the game is parsed); never rejects. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}
