/**
 * Grounding ASP text with clingo-wasm (gringo only, no solving) in a worker thread, so that a
 * time limit really stops it: on timeout the worker is terminated. A `Grounder` keeps one
 * warm worker for a batch of programs; after a timeout, out-of-memory or crash the worker is
 * dropped and the next call starts a fresh one (cheap: the compiled wasm module is shared).
 * The idle worker does not keep the process alive.
 *
 * `groundAsp` is the one-shot form: a Grounder for a single program.
 */
import { Worker } from "node:worker_threads";
import { constants as bufferConstants } from "node:buffer";
import {
  CLINGO_WASM_MAX_MEMORY_MB,
  clingoWasmFiles,
  compiledClingoModule,
  type CompiledWasmModule,
} from "./wasm-binary.js";
import { WORKER_SCRIPT } from "./worker-script.js";
import { parseClingoMessages, renameInput } from "./messages.js";
import {
  GROUND_ONLY_ARGS,
  checkExtraArgs,
  errorOutcome,
  outcomeOfRun,
  type GroundOptions,
  type GroundOutcome,
} from "./outcome.js";

export interface GrounderOptions {
  /**
   * Memory limit of clingo in MiB (default and upper bound: clingo-wasm's 2048). A grounding
   * that needs more ends as `out-of-memory`.
   */
  readonly maxMemoryMb?: number;
  /**
   * Compile clingo with V8's baseline compiler only (`--liftoff-only`): first runs start
   * sooner, long runs are slower. This sets a V8 flag for the whole process.
   */
  readonly liftoffOnly?: boolean;
  /**
   * Largest ground program text accepted, in bytes (default: the longest string V8 can hold).
   * A larger one ends as `out-of-memory`.
   */
  readonly maxOutputBytes?: number;
  /** How many lines of clingo's messages to keep (default 2000). */
  readonly maxMessageLines?: number;
}

/** clingo reads the ASP text from this file of the emscripten file system. */
const INPUT_FILE = "/dev/stdin";
const STARTUP_TIMEOUT_MS = 60_000;

interface RunReply {
  readonly type: "result";
  readonly id: number;
  readonly status: number | undefined;
  readonly exception: string | undefined;
  readonly stdout: Uint8Array;
  readonly overflow: boolean;
  readonly stderr: string[];
  readonly stderrDropped: number;
  readonly seconds: number;
}
type WorkerReply = { readonly type: "ready" } | { readonly type: "init-error"; readonly message: string } | RunReply;

/** One live worker and the run it is doing. */
class GroundingWorker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  private pending: ((reply: RunReply | { type: "died"; message: string }) => void) | undefined;
  private dead = false;
  private deathMessage = "";

  constructor(wasmModule: CompiledWasmModule, liftoffOnly: boolean) {
    this.worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      // V8 flags are per process: Node refuses `--liftoff-only` in a worker's execArgv
      // (ERR_WORKER_INVALID_EXEC_ARGV); the worker sets it with v8.setFlagsFromString.
      execArgv: [],
      workerData: { moduleUrl: clingoWasmFiles().moduleUrl, wasmModule, liftoffOnly },
      stdout: false,
      stderr: false,
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("clingo worker did not start")), STARTUP_TIMEOUT_MS);
      timer.unref();
      this.worker.on("message", (msg: WorkerReply) => {
        if (msg.type === "ready") {
          clearTimeout(timer);
          resolve();
        } else if (msg.type === "init-error") {
          clearTimeout(timer);
          reject(new Error(`clingo worker failed to start: ${msg.message}`));
        } else {
          const pending = this.pending;
          this.pending = undefined;
          pending?.(msg);
        }
      });
      const die = (message: string): void => {
        clearTimeout(timer);
        if (this.dead) return;
        this.dead = true;
        this.deathMessage = message;
        reject(new Error(message));
        const pending = this.pending;
        this.pending = undefined;
        pending?.({ type: "died", message });
      };
      this.worker.on("error", (e: Error & { code?: string }) =>
        die(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? `out of memory: ${e.message}` : `clingo worker crashed: ${e.stack ?? e.message}`),
      );
      this.worker.on("exit", (code) => die(`clingo worker exited with code ${code}`));
    });
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return !this.dead;
  }

  run(
    input: Uint8Array,
    args: string,
    maxOutputBytes: number,
    maxStderrLines: number,
  ): Promise<RunReply | { type: "died"; message: string }> {
    if (this.dead) return Promise.resolve({ type: "died", message: this.deathMessage });
    return new Promise((resolve) => {
      this.pending = resolve;
      this.worker.postMessage(
        { type: "run", id: 0, input, args, maxOutputBytes, maxStderrLines },
        [input.buffer as ArrayBuffer],
      );
    });
  }

  /** Stop the worker; a run in progress ends as "died". */
  terminate(): Promise<number> {
    if (!this.dead) {
      this.dead = true;
      this.deathMessage = "the clingo worker was stopped";
    }
    const pending = this.pending;
    this.pending = undefined;
    pending?.({ type: "died", message: this.deathMessage });
    return this.worker.terminate();
  }
}

export class Grounder {
  private readonly options: GrounderOptions;
  private worker: GroundingWorker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private busy = 0;
  /** How many workers this grounder has started (one, unless runs timed out or failed). */
  workersStarted = 0;

  constructor(options: GrounderOptions = {}) {
    this.options = options;
  }

  /** Ground one ASP program. Calls are queued: one run at a time per Grounder. */
  ground(program: string, options: GroundOptions): Promise<GroundOutcome> {
    this.busy++;
    this.worker?.worker.ref();
    const result = this.queue
      .then(() => this.groundNow(program, options))
      .finally(() => {
        // An idle worker must not keep the process alive.
        if (--this.busy === 0) this.worker?.worker.unref();
      });
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Start the worker (compile clingo, load it) ahead of the first `ground` call, e.g. while
   * the game is still being parsed and translated. Resolves when it is ready; never rejects
   * (a failure shows again in the next `ground`).
   */
  warmUp(): Promise<void> {
    const ready = this.queue.then(async () => {
      if (!this.closed) await this.startedWorker();
    });
    this.queue = ready.catch(() => undefined);
    return ready.then(
      () => {
        if (this.busy === 0) this.worker?.worker.unref();
      },
      () => undefined,
    );
  }

  /** Stop the worker, also in the middle of a run (which then ends as an error). Later calls to `ground` fail. */
  async close(): Promise<void> {
    this.closed = true;
    await this.dropWorker();
    await this.queue;
    await this.dropWorker(); // in case a queued warm-up started one meanwhile
  }

  private async startedWorker(): Promise<GroundingWorker> {
    if (this.worker?.alive) return this.worker;
    if (this.options.liftoffOnly) {
      const v8 = await import("node:v8");
      v8.setFlagsFromString("--liftoff-only");
    }
    const wasmModule = await compiledClingoModule(this.options.maxMemoryMb);
    if (this.closed) throw new Error("the grounder is closed");
    const worker = new GroundingWorker(wasmModule, this.options.liftoffOnly ?? false);
    this.workersStarted++;
    this.worker = worker;
    try {
      await worker.ready;
      if (this.closed) throw new Error("the grounder is closed");
    } catch (e) {
      await this.dropWorker();
      throw e;
    }
    return worker;
  }

  private memoryLimitMb(): number {
    return Math.min(this.options.maxMemoryMb ?? CLINGO_WASM_MAX_MEMORY_MB, CLINGO_WASM_MAX_MEMORY_MB);
  }

  private async dropWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private async groundNow(program: string, options: GroundOptions): Promise<GroundOutcome> {
    if (this.closed) return { status: "error", message: "the grounder is closed" };
    const badArgs = checkExtraArgs(options.extraArgs);
    if (badArgs !== undefined) return { status: "error", message: badArgs };
    let worker: GroundingWorker;
    try {
      worker = await this.startedWorker();
    } catch (e) {
      return { status: "error", message: e instanceof Error ? e.message : String(e) };
    }
    const args = [...GROUND_ONLY_ARGS, ...(options.extraArgs ?? []), INPUT_FILE].join(" ");
    const maxOutputBytes = Math.min(
      this.options.maxOutputBytes ?? bufferConstants.MAX_STRING_LENGTH,
      bufferConstants.MAX_STRING_LENGTH,
    );
    const input = new TextEncoder().encode(program);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), Math.max(0, options.timeoutMs));
    });
    const reply = await Promise.race([
      worker.run(input, args, maxOutputBytes, this.options.maxMessageLines ?? 2000),
      timeout,
    ]);
    clearTimeout(timer);
    if (reply === "timeout") {
      await this.dropWorker();
      return { status: "timeout", seconds: (performance.now() - started) / 1000 };
    }
    if (reply.type === "died") {
      await this.dropWorker();
      return /out of memory/i.test(reply.message)
        ? { status: "out-of-memory", message: reply.message }
        : { status: "error", message: reply.message };
    }
    const stderr = reply.stderr.map((line) => renameInput(line, INPUT_FILE));
    if (reply.stderrDropped > 0) stderr.push("", `(${reply.stderrDropped} more lines of clingo messages left out)`);
    if (reply.exception !== undefined || reply.status === undefined) {
      // A trap or abort inside clingo: its state is not to be trusted any more.
      await this.dropWorker();
      const text = reply.exception ?? "clingo returned no status";
      const oom = /out of memory|OOM|bad_alloc|Cannot enlarge memory/i.test(text);
      return oom
        ? { status: "out-of-memory", message: text }
        : errorOutcome(
            [stderr.join("\n"), `clingo crashed: ${text}`].filter((s) => s !== "").join("\n"),
            parseClingoMessages(stderr),
            program,
          );
    }
    if (reply.overflow) {
      await this.dropWorker();
      return {
        status: "out-of-memory",
        message: `the ground program is larger than ${maxOutputBytes} bytes of text`,
      };
    }
    const outcome = outcomeOfRun(
      {
        exitStatus: reply.status,
        stdout: reply.status === 0 ? new TextDecoder().decode(reply.stdout) : "",
        stderr,
        seconds: reply.seconds,
      },
      program,
    );
    if (outcome.status === "out-of-memory") {
      await this.dropWorker();
      return { status: "out-of-memory", message: `${outcome.message} (memory limit ${this.memoryLimitMb()} MiB)` };
    }
    return outcome;
  }
}

/** Ground one ASP program in a worker of its own (see `Grounder` for batches). */
export async function groundAsp(
  program: string,
  options: GroundOptions & GrounderOptions,
): Promise<GroundOutcome> {
  const grounder = new Grounder(options);
  try {
    return await grounder.ground(program, options);
  } finally {
    await grounder.close();
  }
}
