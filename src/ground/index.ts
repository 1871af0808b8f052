/**
 * The grounding stage's entry in Node: picks a backend behind the one small interface of
 * grounder.ts, clingo-wasm in a worker thread (the default; one warm worker is reused for
 * every program of a batch) or a native gringo/clingo found on PATH.
 */
import { findNativeGrounder, groundAspNative, Grounder } from "./clingo/index.js";
import type { ClosableGrounder, GrounderKind } from "./grounder.js";

export type { AspGrounder, ClosableGrounder, GrounderKind, GroundOptions, GroundOutcome } from "./grounder.js";

export interface CreateGrounderOptions {
  /** Memory limit of clingo-wasm in MiB (at most 2048). */
  readonly maxMemoryMb?: number;
  /**
   * How V8 compiles clingo-wasm: `baseline` (Liftoff only) starts fastest and never spends time
   * optimizing, `optimizing` (V8's default) tiers hot code up to TurboFan in background threads,
   * which pays off only when one process grounds many games. The choice is process-wide.
   */
  readonly wasmTier?: WasmTier;
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
  return {
    kind,
    description: "clingo-wasm",
    ground: (program, groundOptions) => grounder.ground(program, groundOptions),
    warmUp: () => grounder.warmUp(),
    close: () => grounder.close(),
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
