/**
 * clingo-wasm on the calling thread, without a worker: a host of WorkerGrounder
 * (worker-grounder.ts) for a process that grounds one game and exits, the command line's
 * `gdl-ground GAME`. It runs the same grounding body as the workers (worker-script.ts), so
 * queueing, streaming and every outcome are WorkerGrounder's, unchanged.
 *
 * Why: a worker is a Node environment of its own. On ticTacToe `--propnet --grounder wasm` its
 * boot (40–50 ms) and the warm-up grounding it needs (14 ms) were a third of the whole process
 * (results/wasm-start.md); here clingo is instantiated while the game is read, and grounds where
 * the game is.
 *
 * The time limit. No timer fires while a run holds this thread, so the run is made inside
 * `vm`'s timeout: at the limit V8 terminates the execution, in clingo's wasm code as in
 * JavaScript, and the run ends without an answer. WorkerGrounder's own timer for the run, due by
 * then, ends the grounding as a timeout and drops this "worker", i.e. this instance of clingo
 * (its state after a terminated run is not to be trusted; the next grounding instantiates the
 * compiled module again).
 *
 * What it costs, and why only the command line's one-game command uses it: an AbortSignal is
 * looked at before and after a run, not during it; a process's own SIGINT handlers wait for the
 * run's end (the command line installs none while it grounds, so Ctrl-C ends it at once); the
 * ground program is read on the same thread after clingo wrote each piece, instead of beside it;
 * and when clingo's memory grows, its old buffer is detached in this isolate (V8's
 * ArrayBufferDetaching protector, see WorkerGrounder's `run`: typed-array code optimized later
 * checks for detachment), which a grounding small enough to fit clingo's initial memory never does.
 */
import { constants as bufferConstants } from "node:buffer";
import vm from "node:vm";
import { clingoWasmFiles, compiledClingoModule, tuneWasmCompile } from "./wasm-binary.js";
import { GROUNDING_BODY, START_UP_TIER_FLAGS } from "./worker-script.js";
import { setV8Flags } from "../../v8-flags.js";
import type { ClingoWorkerHost, CompiledWasmModule, WorkerPort, WorkerReply } from "./worker-grounder.js";

/**
 * clingo-wasm's start, begun by the caller ahead of the grounder (clingo-start.ts): its
 * emscripten factory module imported and its wasm module compiling.
 */
export interface ClingoStart {
  /** clingo's emscripten JavaScript (`dist/clingo.js`) as imported: its default export is the factory. */
  readonly emscripten: Promise<unknown>;
  /** clingo's wasm module, compiled for `maxMemoryMb` with `liftoffOnly`. */
  readonly module: Promise<CompiledWasmModule>;
  /** The memory limit the module was compiled with, MiB. */
  readonly maxMemoryMb: number;
  /** Whether V8 was told to compile with its baseline compiler only (`--wasm-tier baseline`). */
  readonly liftoffOnly: boolean;
}

/**
 * clingo's start-up code kept at V8's baseline tier, as the Node worker's prelude does (see
 * `startingUp` in worker-script.ts): the flags are process-wide either way.
 */
let startUpFiltered = false;
function filterStartUp(on: boolean): void {
  if (on === startUpFiltered) return;
  startUpFiltered = on;
  setV8Flags(on ? START_UP_TIER_FLAGS.on : START_UP_TIER_FLAGS.off);
}

/** Where `runWithin`'s script finds the function to run (a script sees only globals). */
const RUN_KEY = Symbol.for("gdl-ground.inline-clingo-run");
let runScript: vm.Script | undefined;

/** vm's timeout is a positive 32-bit count of milliseconds. */
const MAX_VM_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs `run` on this thread, stopped by V8 after `timeoutMs`: "timeout" then. */
function runWithin(timeoutMs: number, run: () => void): "done" | "timeout" {
  runScript ??= new vm.Script(`globalThis[Symbol.for("gdl-ground.inline-clingo-run")]()`, { filename: "inline-clingo-run" });
  const globals = globalThis as unknown as Record<symbol, unknown>;
  globals[RUN_KEY] = run;
  try {
    runScript.runInThisContext({ timeout: Math.min(MAX_VM_TIMEOUT_MS, Math.max(1, Math.ceil(timeoutMs))) });
    return "done";
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return "timeout";
    throw error;
  } finally {
    delete globals[RUN_KEY];
  }
}

/** The grounding body on this thread, behind the port a worker would have. */
class InlinePort implements WorkerPort {
  private handle: ((message: unknown) => void) | undefined;
  private handlers: Parameters<WorkerPort["listen"]>[0] | undefined;
  private stopped = false;

  constructor(emscripten: Promise<unknown>) {
    const host = {
      post: (reply: WorkerReply) => {
        if (!this.stopped) this.handlers?.message(reply);
      },
      onMessage: (handler: (message: unknown) => void) => (this.handle = handler),
      load: () => emscripten,
      startingUp: filterStartUp,
    };
    // a fresh instance of the body (its own clingo, buffers and state) per "worker"
    (new Function("host", GROUNDING_BODY) as (h: typeof host) => void)(host);
  }

  postMessage(message: unknown): void {
    const handle = this.handle;
    if (this.stopped || handle === undefined) return;
    const timeoutMs = (message as { type?: string; timeoutMs?: number }).type === "run" ? (message as { timeoutMs?: number }).timeoutMs : undefined;
    if (timeoutMs === undefined) return handle(message);
    try {
      if (runWithin(timeoutMs, () => handle(message)) === "timeout") {
        // no answer: WorkerGrounder's timer, due now, ends the grounding as a timeout
        filterStartUp(false);
        this.terminate();
      }
    } catch (error) {
      filterStartUp(false);
      this.handlers?.error(`clingo crashed: ${error instanceof Error ? error.message : String(error)}`, false);
      this.terminate();
    }
  }

  listen(handlers: Parameters<WorkerPort["listen"]>[0]): void {
    this.handlers = handlers;
  }

  /** Drops this instance of clingo (its memory is freed with the garbage). */
  terminate(): void {
    this.stopped = true;
    this.handle = undefined;
  }
}

/** The host of WorkerGrounder that grounds on this thread, from a start the caller began. */
export function inlineClingoHost(start: ClingoStart): ClingoWorkerHost {
  return {
    spawn: () => new InlinePort(start.emscripten),
    moduleUrl: () => clingoWasmFiles().moduleUrl,
    compiledModule(maxMemoryMb) {
      if (maxMemoryMb === start.maxMemoryMb) return start.module;
      tuneWasmCompile(start.liftoffOnly, true);
      return compiledClingoModule(maxMemoryMb);
    },
    maxStringBytes: bufferConstants.MAX_STRING_LENGTH,
    warmUpGrounding: false,
  };
}
