/**
 * The grounding stage's entry in Node: picks a backend behind the one small interface of
 * asp-grounder.ts: clingo-wasm in a worker thread (one warm worker is reused for every program of a
 * batch), a native gringo/clingo found on PATH, or `auto` (the default): a native gringo when
 * there is one on PATH, since it grounds the same program without WebAssembly's start-up and
 * 2–8× faster on big programs; clingo-wasm otherwise, or when the native run cannot be used.
 */
import { findNativeGrounder, groundAspNative, Grounder, nativeGrounderOnPath, startNativeGrounder, WorkerGrounder, type NativeGrounderProcess } from "./clingo/index.js";
import { inlineClingoHost, type ClingoStart } from "./clingo/inline-host.js";
import { CLINGO_WASM_MAX_MEMORY_MB } from "./clingo/worker-grounder.js";
import type { AspGrounder, ClosableGrounder, GrounderKind, GroundOptions, GroundOutcome } from "./asp-grounder.js";
import { firstLine } from "../text.js";

export type { AspGrounder, ClosableGrounder, GrounderKind, GroundOptions, GroundOutcome } from "./asp-grounder.js";
export { GROUNDER_KINDS } from "./asp-grounder.js";

export interface CreateGrounderOptions {
  /** Memory limit of clingo-wasm in MiB (at most 2048). */
  readonly maxMemoryMb?: number;
  /**
   * How V8 compiles clingo-wasm: `baseline` (Liftoff only) never spends time optimizing,
   * `optimizing` (the default) tiers hot code up to TurboFan in background threads, which pays
   * off on programs that take longer than about a second to ground (clingo's start-up code is
   * kept baseline, and a function tiers up after ten times V8's default budget: see
   * clingo/node-host.ts). The choice is process-wide.
   */
  readonly wasmTier?: WasmTier;
  /** `auto` only: the native executable to use (default: found on PATH; null: none, clingo-wasm alone). */
  readonly nativeExecutable?: string | null;
  /**
   * clingo-wasm on this thread instead of a worker, from a start the caller began
   * (clingo/clingo-start.ts): for a process that grounds one game and exits, such as the
   * command line's `gdl-ground GAME`; clingo/inline-host.ts says what it saves and what it
   * costs. Used when its memory limit and tier are these options' (else the worker).
   */
  readonly inline?: ClingoStart;
}

/** See `CreateGrounderOptions.wasmTier`. */
export type WasmTier = "baseline" | "optimizing";

/** What grounded a program: `clingo-wasm`, or the path of a native gringo/clingo. */
function tagged(grounder: AspGrounder, name: string): AspGrounder {
  return {
    ground: async (program, options) => {
      const outcome = await grounder.ground(program, options);
      return outcome.status === "ok" && outcome.grounder === undefined ? { ...outcome, grounder: name } : outcome;
    },
  };
}

export async function createGrounder(
  kind: GrounderKind,
  options: CreateGrounderOptions = {},
): Promise<ClosableGrounder | { error: string }> {
  if (kind === "native") {
    const executable = await findNativeGrounder();
    if (!executable) return { error: "--grounder native needs a gringo or clingo executable on PATH (e.g. apt-get install gringo)" };
    return {
      kind,
      description: executable,
      ground: tagged({ ground: (program, groundOptions) => groundAspNative(program, { ...groundOptions, executable }) }, executable).ground,
      warmUp: async () => undefined,
      close: async () => undefined,
    };
  }
  // The worker starts (and clingo-wasm compiles) only on warmUp or the first grounding.
  const liftoffOnly = options.wasmTier === "baseline";
  const maxMemoryMb = Math.min(options.maxMemoryMb ?? CLINGO_WASM_MAX_MEMORY_MB, CLINGO_WASM_MAX_MEMORY_MB);
  const inline = options.inline?.liftoffOnly === liftoffOnly && options.inline.maxMemoryMb === maxMemoryMb ? options.inline : undefined;
  const grounder = inline ? new WorkerGrounder(inlineClingoHost(inline), { maxMemoryMb }) : new Grounder({ maxMemoryMb, liftoffOnly });
  const wasm: ClosableGrounder = {
    kind,
    description: "clingo-wasm",
    ground: tagged(grounder, "clingo-wasm").ground,
    warmUp: () => grounder.warmUp(),
    close: () => grounder.close(),
  };
  if (kind === "wasm") return wasm;
  // Found by name on PATH, without asking its version (a process start): one that is not a
  // clingo 5 fails its grounding without pointing into the program, and clingo-wasm grounds
  // instead (preferNative).
  const executable = options.nativeExecutable === null ? undefined : (options.nativeExecutable ?? nativeGrounderOnPath());
  let ahead: NativeGrounderProcess | undefined;
  return {
    kind,
    description: executable !== undefined ? `${executable} (clingo-wasm if it cannot run)` : "clingo-wasm (no native gringo on PATH)",
    // The backend that will ground is started ahead, while the game is read: gringo's process
    // (waiting for the program on its standard input; its start overlaps parsing, checking and
    // translating), or clingo-wasm's worker.
    warmUp: async () => {
      if (executable === undefined) return wasm.warmUp();
      ahead ??= startNativeGrounder(executable);
    },
    ground: preferNative(grounder, async () => executable, () => ahead).ground,
    close: async () => {
      ahead?.kill();
      await wasm.close();
    },
  };
}

/**
 * The `auto` grounder: a native gringo when there is one, clingo-wasm otherwise. Native gringo
 * grounds the same program as clingo-wasm (the same counts on all 305 base games both ground)
 * with no WebAssembly to compile (about 0.1 s of every process) and 2–8× faster on programs
 * that take longer than a second. When the native executable cannot be used (it fails to start,
 * crashes, or is not the clingo it claims to be: an error that does not point into the program),
 * clingo-wasm grounds the program in the time left and the outcome says so (`fallback`); a
 * timeout, running out of memory, a cancel or an error in the program are the answer, since
 * clingo-wasm would meet them too.
 */
export function preferNative(
  wasm: AspGrounder,
  nativeExecutable: () => Promise<string | undefined>,
  startedAhead: () => NativeGrounderProcess | undefined = () => undefined,
): AspGrounder {
  return {
    async ground(program: string, options: GroundOptions): Promise<GroundOutcome> {
      const started = performance.now();
      const executable = await nativeExecutable();
      if (executable === undefined) return tagged(wasm, "clingo-wasm").ground(program, options);
      const first = await groundAspNative(program, { ...options, executable, started: startedAhead() });
      if (first.status === "ok") return { ...first, grounder: executable };
      if (first.status !== "error" || first.aspLine !== undefined) return first;
      const left = options.timeoutMs - (performance.now() - started);
      const why = `${executable} could not be used (${firstLine(first.message)})`;
      if (left <= 0) return { ...first, message: `${first.message}; no time left to try clingo-wasm` };
      if (options.signal?.aborted) return { status: "cancelled" };
      options.onRestart?.();
      const second = await wasm.ground(program, { ...options, timeoutMs: left });
      if (second.status === "ok") return { ...second, grounder: "clingo-wasm", fallback: `${why}; grounded by clingo-wasm instead` };
      if (second.status === "timeout") return { ...second, fallback: `${why}; clingo-wasm did not finish in the ${(left / 1000).toFixed(0)} s left` };
      if (second.status === "out-of-memory" || second.status === "error") return { ...second, message: `${why}; then clingo-wasm: ${second.message}` };
      return second;
    },
  };
}

/** `createGrounder`, with its warm-up started at once (see `ClosableGrounder.warmUp`). */
export async function startGrounder(
  kind: GrounderKind,
  options: CreateGrounderOptions = {},
): Promise<ClosableGrounder | { error: string }> {
  const grounder = await createGrounder(kind, options);
  if (!("error" in grounder)) void grounder.warmUp();
  return grounder;
}
