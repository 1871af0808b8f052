/**
 * The grounding stage's interface: ASP text in, ground program (aspif) out. It is the one
 * edge between the pure pipeline and whatever runs clingo — a worker thread in Node, a Web
 * Worker in a browser, a native gringo process — so the pipeline never knows which host it
 * runs in. Implementations: clingo/worker-grounder.ts (hosted by clingo/node-host.ts in Node
 * and by the web page), clingo/native.ts.
 */
export interface GroundOk {
  readonly status: "ok";
  /** The ground program in aspif (see aspif-compact.ts), or what `extraArgs` asked for instead. */
  readonly aspif: string;
  /** Wall time of clingo's run itself (not worker start-up or transfer). */
  readonly seconds: number;
  /** clingo's warnings and infos, one string per message. */
  readonly warnings: readonly string[];
  /**
   * The grounder's peak memory in bytes, where the backend can tell: clingo-wasm's heap at the
   * end of the run (a wasm heap only grows).
   */
  readonly peakMemoryBytes?: number;
  /** What grounded the program: `clingo-wasm`, or the path of a native gringo/clingo. */
  readonly grounder?: string;
  /**
   * Set when the program was not grounded by the first backend tried: why, and by what (the
   * auto grounder's fallback from a native gringo that could not be used to clingo-wasm), as
   * one sentence.
   */
  readonly fallback?: string;
}
export interface GroundTimeout {
  readonly status: "timeout";
  readonly seconds: number;
  /** The first backend's failure when the time ran out in a fallback (see GroundOk.fallback). */
  readonly fallback?: string;
}
export interface GroundOutOfMemory {
  readonly status: "out-of-memory";
  readonly message: string;
}
export interface GroundError {
  readonly status: "error";
  /** clingo's error messages (or what went wrong around it), lines joined with `\n`. */
  readonly message: string;
  /** 1-based position in the ASP text of the first located error. */
  readonly aspLine?: number;
  readonly aspCol?: number;
  /** That line of the ASP text. */
  readonly aspLineText?: string;
}
/** The caller's AbortSignal stopped the run. */
export interface GroundCancelled {
  readonly status: "cancelled";
}
export type GroundOutcome = GroundOk | GroundTimeout | GroundOutOfMemory | GroundError | GroundCancelled;

export interface GroundOptions {
  /** Wall-clock limit of the grounding; the run is killed when it is reached. */
  readonly timeoutMs: number;
  /**
   * More clingo options, one per element, without blanks inside an element (e.g.
   * `--preserve-facts=symtab`, `-c`, `n=3`, `--warn=none`). The defaults are
   * `--mode=gringo --output=intermediate`: ground only, print aspif, never solve. An `--output=`
   * here replaces the default's (`--output=text`: the ground rules as text, as the grounder probe
   * reads them; such a run's output is not aspif).
   */
  readonly extraArgs?: readonly string[];
  /** Stops the run (which then ends as `cancelled`), e.g. a Cancel button. */
  readonly signal?: AbortSignal;
  /**
   * Receives the ground program in pieces (UTF-8 bytes, in order) while the grounder writes
   * it; `GroundOk.aspif` is then empty. Without it the program comes back whole as one string,
   * which limits it to the host's longest string (about 512 MiB in V8).
   */
  readonly onOutput?: (chunk: Uint8Array) => void;
  /**
   * Called when a backend starts the program over after delivering part of it through
   * `onOutput` (the auto grounder falls back to another backend): drop what was received.
   */
  readonly onRestart?: () => void;
}


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
