/**
 * What a grounding run gives back, for both backends (clingo-wasm in a worker, a native
 * gringo/clingo process), and the pure step from a finished clingo run (exit status,
 * standard output and error) to that outcome.
 */
import { lineOf, parseClingoMessages, type ClingoMessage } from "./messages.js";

export interface GroundOk {
  readonly status: "ok";
  /** The ground program in aspif (see ../aspif.ts), or what `extraArgs` asked for instead. */
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
   * `--mode=gringo --output=intermediate`: ground only, print aspif, never solve.
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

/** The options every run gets: gringo mode (no solving) with aspif output. */
export const GROUND_ONLY_ARGS: readonly string[] = ["--mode=gringo", "--output=intermediate"];

/** clasp/clingo exit codes (clasp_app.h). */
export const CLINGO_EXIT = { ok: 0, interrupt: 1, memory: 33, error: 65, noRun: 128 } as const;

/** A finished clingo run as the backends see it. */
export interface ClingoRun {
  readonly exitStatus: number;
  readonly stdout: string;
  readonly stderr: readonly string[];
  readonly seconds: number;
  readonly memoryBytes?: number;
}

/** Arguments that clingo-wasm would split or that cannot be passed on, as an error message. */
export function checkExtraArgs(extraArgs: readonly string[] | undefined): string | undefined {
  for (const arg of extraArgs ?? []) {
    if (arg === "" || /\s/.test(arg)) return `clingo option ${JSON.stringify(arg)} is empty or contains blanks`;
  }
  return undefined;
}

export function outcomeOfRun(run: ClingoRun, program: string): GroundOutcome {
  const messages = parseClingoMessages(run.stderr);
  if (run.exitStatus === CLINGO_EXIT.ok) {
    return {
      status: "ok",
      aspif: run.stdout,
      seconds: run.seconds,
      ...(run.memoryBytes !== undefined ? { peakMemoryBytes: run.memoryBytes } : {}),
      warnings: messages.filter((m) => m.severity !== "error").map((m) => m.text),
    };
  }
  const errorText =
    messages
      .filter((m) => m.severity === "error")
      .map((m) => m.text)
      .join("\n\n") || run.stderr.join("\n");
  if (run.exitStatus === CLINGO_EXIT.memory || /bad_alloc|out of memory/i.test(errorText)) {
    return { status: "out-of-memory", message: errorText || `clingo exited with status ${run.exitStatus}` };
  }
  return errorOutcome(errorText || `clingo exited with status ${run.exitStatus}`, messages, program);
}

export function errorOutcome(message: string, messages: readonly ClingoMessage[], program: string): GroundError {
  const located = messages.find((m) => m.severity === "error" && m.line !== undefined);
  if (located?.line === undefined) return { status: "error", message };
  return {
    status: "error",
    message,
    aspLine: located.line,
    aspCol: located.column,
    aspLineText: lineOf(program, located.line),
  };
}
