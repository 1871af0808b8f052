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
  /**
   * `auto` only: when clingo-wasm is still grounding after this many milliseconds, a native
   * gringo (if there is one) grounds the same program beside it and the first to finish is used
   * (default DEFAULT_NATIVE_RACE_AFTER_MS; Infinity: only after clingo-wasm runs out of memory).
   */
  readonly nativeRaceAfterMs?: number;
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
      return executable !== undefined
        ? `clingo-wasm, and ${executable} when clingo-wasm runs out of memory or is still grounding after ${((options.nativeRaceAfterMs ?? DEFAULT_NATIVE_RACE_AFTER_MS) / 1000).toFixed(1)} s`
        : "clingo-wasm (no native gringo on PATH to fall back to)";
    },
    ground: raceWithNative(wasm, native, options.nativeRaceAfterMs ?? DEFAULT_NATIVE_RACE_AFTER_MS).ground,
  };
}

/** Default of `CreateGrounderOptions.nativeRaceAfterMs`. */
export const DEFAULT_NATIVE_RACE_AFTER_MS = 1000;

/**
 * The `auto` grounder over a clingo-wasm grounder: clingo-wasm first. When it is still grounding after `raceAfterMs`, a native gringo (if there is
 * one) grounds the same program beside it and the first to finish well is used, the other one
 * stopped; native gringo grounds the same ground program (same counts on all 305 base games
 * both ground) 2–8× faster on the games that take longer than a second. When clingo-wasm runs out
 * of memory before that, the native gringo gets the rest of the time.
 *
 * The caller reads one stream at a time through `options.onOutput`: clingo-wasm's, and from the
 * start of a race the native run's (the likely winner; `onRestart` first). clingo-wasm's chunks
 * are kept meanwhile, and delivered again (after `onRestart`) if it wins after all.
 */
export function raceWithNative(wasm: AspGrounder, nativeExecutable: () => string | undefined, raceAfterMs: number): AspGrounder {
  return { ground: (program, options) => groundWithFallback(program, options, wasm, nativeExecutable, raceAfterMs) };
}

async function groundWithFallback(
  program: string,
  options: GroundOptions,
  wasm: AspGrounder,
  nativeExecutable: () => string | undefined,
  raceAfterMs: number,
): Promise<GroundOutcome> {
  const started = performance.now();
  const deadline = started + options.timeoutMs;
  const wasmStop = new AbortController();
  const nativeStop = new AbortController();
  const onAbort = () => {
    wasmStop.abort();
    nativeStop.abort();
  };
  if (options.signal?.aborted) return { status: "cancelled" };
  options.signal?.addEventListener("abort", onAbort);
  const output = options.onOutput;
  // The caller reads one run's stream at a time: clingo-wasm's, and from the start of a race the
  // native one's (the likely winner). clingo-wasm's chunks are kept until it cannot win any more,
  // so that they can be delivered again if it does.
  let reading: "wasm" | "native" = "wasm";
  let wasmKept: Uint8Array[] | undefined = output ? [] : undefined;
  const readFrom = (who: "wasm" | "native"): void => {
    if (reading === who) return;
    reading = who;
    if (!output) return;
    options.onRestart?.();
    if (who === "wasm") for (const chunk of wasmKept ?? []) output(chunk);
  };
  try {
    const wasmRun = wasm
      .ground(program, {
        ...options,
        signal: wasmStop.signal,
        onOutput:
          output &&
          ((chunk) => {
            wasmKept?.push(chunk);
            if (reading === "wasm") output(chunk);
          }),
      })
      .then((outcome) => ({ who: "wasm" as const, outcome }));
    let nativeRun: Promise<{ who: "native"; outcome: GroundOutcome }> | undefined;
    const startNative = (executable: string): Promise<{ who: "native"; outcome: GroundOutcome }> =>
      (nativeRun = groundAspNative(program, {
        ...options,
        timeoutMs: Math.max(0, deadline - performance.now()),
        executable,
        signal: nativeStop.signal,
        onOutput: output && ((chunk) => reading === "native" && output(chunk)),
      }).then((outcome) => ({ who: "native" as const, outcome })));
    const stopNative = async (): Promise<void> => {
      nativeStop.abort();
      await nativeRun;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // (setTimeout takes at most 2^31 - 1 ms: a longer wait, or Infinity, means no race)
    const raceStarted = new Promise<"race">((resolve) => {
      if (raceAfterMs < 2 ** 31 - 1) timer = setTimeout(() => resolve("race"), Math.max(0, raceAfterMs));
    });
    const first = await Promise.race([wasmRun, raceStarted]);
    clearTimeout(timer);
    if (first === "race") {
      const executable = nativeExecutable();
      if (executable === undefined) {
        wasmKept = undefined;
        return (await wasmRun).outcome;
      }
      const native = startNative(executable);
      readFrom("native");
      const winner = await Promise.race([wasmRun, native]);
      if (winner.who === "native") {
        if (winner.outcome.status === "ok") {
          wasmStop.abort();
          wasmKept = undefined;
          await wasmRun; // the worker is stopped before the caller goes on
          return {
            ...winner.outcome,
            fallback: `grounded by ${executable} in ${winner.outcome.seconds.toFixed(1)} s: clingo-wasm was still grounding after ${(raceAfterMs / 1000).toFixed(1)} s and was stopped`,
          };
        }
        // the native run failed (an old gringo, say): clingo-wasm's answer is the one
        readFrom("wasm");
        wasmKept = undefined;
        return (await wasmRun).outcome;
      }
      const wasmOutcome = winner.outcome;
      if (wasmOutcome.status === "out-of-memory") {
        // the native run, already under way and being read, is the answer
        wasmKept = undefined;
        const why = `clingo-wasm ran out of memory (${firstLine(wasmOutcome.message)})`;
        return describeFallback((await native).outcome, why, executable, Math.max(0, deadline - started - raceAfterMs));
      }
      // done, cancelled, out of time (the native run's deadline too) or an error in the program (the same in both)
      await stopNative();
      if (wasmOutcome.status === "ok") readFrom("wasm");
      wasmKept = undefined;
      if (wasmOutcome.status === "timeout")
        // the caller has been reading the native run: say so, since what it reports of the size is that run's
        return { ...wasmOutcome, fallback: `${executable} raced clingo-wasm from ${(raceAfterMs / 1000).toFixed(1)} s and did not finish either; the sizes are ${executable}'s` };
      return wasmOutcome;
    }
    wasmKept = undefined;
    const wasmOutcome = first.outcome;
    if (wasmOutcome.status !== "out-of-memory") return wasmOutcome;
    const native = nativeExecutable();
    if (native === undefined) return wasmOutcome;
    const left = deadline - performance.now();
    const why = `clingo-wasm ran out of memory (${firstLine(wasmOutcome.message)})`;
    if (left <= 0) return { ...wasmOutcome, message: `${wasmOutcome.message}; no time left to try ${native}` };
    readFrom("native");
    return describeFallback((await startNative(native)).outcome, why, native, left);
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** The native run's outcome after clingo-wasm failed (`why`), saying so. */
function describeFallback(second: GroundOutcome, why: string, native: string, leftMs: number): GroundOutcome {
  if (second.status === "ok") return { ...second, fallback: `${why}; grounded by ${native} instead` };
  if (second.status === "timeout") return { ...second, fallback: `${why}; ${native} did not finish in the ${(leftMs / 1000).toFixed(0)} s left` };
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
