/**
 * The grounding stage's entry in Node: picks a backend behind the one small interface of
 * grounder.ts: clingo-wasm in a worker thread (one warm worker is reused for every program of a
 * batch), a native gringo/clingo found on PATH, or `auto` (the default): clingo-wasm, and when
 * it runs out of memory the same program again with a native gringo if there is one, within
 * what is left of the time limit.
 */
import { findNativeGrounder, groundAspNative, Grounder } from "./clingo/index.js";
import type { AspGrounder, ClosableGrounder, GrounderKind, GroundOptions, GroundOutcome } from "./grounder.js";

export type { AspGrounder, ClosableGrounder, GrounderKind, GroundOptions, GroundOutcome } from "./grounder.js";
export { GROUNDER_KINDS } from "./grounder.js";

export interface CreateGrounderOptions {
  /** Memory limit of clingo-wasm in MiB (at most 2048). */
  readonly maxMemoryMb?: number;
  /**
   * How V8 compiles clingo-wasm: `baseline` (Liftoff only) starts fastest and never spends time
   * optimizing, `optimizing` (V8's default) tiers hot code up to TurboFan in background threads,
   * which pays off only when one process grounds many games. The choice is process-wide.
   */
  readonly wasmTier?: WasmTier;
  /** `auto` only: the native executable to fall back to (default: found on PATH; null: none). */
  readonly nativeExecutable?: string | null;
}

/** See `CreateGrounderOptions.wasmTier`. */
export type WasmTier = "baseline" | "optimizing";

export async function createGrounder(
  kind: GrounderKind,
  options: CreateGrounderOptions = {},
): Promise<ClosableGrounder | { error: string }> {
  if (kind === "native") {
    const executable = findNativeGrounder();
    if (!executable) return { error: "--grounder native needs a gringo or clingo executable on PATH (e.g. apt-get install gringo)" };
    return {
      kind,
      description: executable,
      ground: (program, groundOptions) => groundAspNative(program, { ...groundOptions, executable }),
      warmUp: async () => undefined,
      close: async () => undefined,
    };
  }
  const grounder = new Grounder({ maxMemoryMb: options.maxMemoryMb, liftoffOnly: options.wasmTier === "baseline" });
  const wasm: ClosableGrounder = {
    kind,
    description: "clingo-wasm",
    ground: (program, groundOptions) => grounder.ground(program, groundOptions),
    warmUp: () => grounder.warmUp(),
    close: () => grounder.close(),
  };
  if (kind === "wasm") return wasm;
  // Looked up only when first needed: asking gringo its version costs a process start, which a
  // game that grounds in clingo-wasm should not pay.
  const native = (): string | undefined => (options.nativeExecutable === null ? undefined : (options.nativeExecutable ?? findNativeGrounder()));
  return {
    ...wasm,
    kind,
    get description() {
      const executable = native();
      return executable !== undefined ? `clingo-wasm, then ${executable} when out of memory` : "clingo-wasm (no native gringo on PATH to fall back to)";
    },
    ground: (program, groundOptions) => groundWithFallback(program, groundOptions, wasm, native),
  };
}

/** clingo-wasm first; on out-of-memory, a native gringo with the rest of the time. */
async function groundWithFallback(
  program: string,
  options: GroundOptions,
  wasm: AspGrounder,
  nativeExecutable: () => string | undefined,
): Promise<GroundOutcome> {
  const started = performance.now();
  const first = await wasm.ground(program, options);
  if (first.status !== "out-of-memory") return first;
  const native = nativeExecutable();
  if (native === undefined) return first;
  const left = options.timeoutMs - (performance.now() - started);
  const why = `clingo-wasm ran out of memory (${firstLine(first.message)})`;
  if (left <= 0) return { ...first, message: `${first.message}; no time left to try ${native}` };
  options.onRestart?.();
  const second = await groundAspNative(program, { ...options, timeoutMs: left, executable: native });
  if (second.status === "ok") return { ...second, fallback: `${why}; grounded by ${native} instead` };
  if (second.status === "timeout") return { ...second, fallback: `${why}; ${native} did not finish in the ${(left / 1000).toFixed(0)} s left` };
  if (second.status === "out-of-memory" || second.status === "error") return { ...second, message: `${why}; then ${native}: ${second.message}` };
  return second;
}

function firstLine(text: string): string {
  return text.split("\n").find((l) => l.trim() !== "")?.trim() ?? text;
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
