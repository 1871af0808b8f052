/**
 * Grounding ASP text with clingo-wasm (gringo only, no solving) in a worker, for any host
 * that can start one: Node's worker_threads (grounder.ts) or a browser's Web Worker (the web
 * page). The host hands in how to start a worker and where clingo lives; everything else —
 * queueing, the time limit that really stops clingo (the worker is terminated), cancelling
 * through an AbortSignal, streaming the ground program out while clingo writes it, and
 * turning clingo's exit into a GroundOutcome — is here, once.
 *
 * One warm worker serves a batch of programs; after a timeout, cancel, out-of-memory or crash
 * it is dropped and the next call starts a fresh one (cheap: the compiled wasm module is
 * shared).
 */
import type { AspGrounder, GroundOptions, GroundOutcome } from "../asp-grounder.js";
import { parseClingoMessages, renameInput } from "./messages.js";
import { GROUND_ONLY_ARGS, checkExtraArgs, errorOutcome, groundOnlyArgs, outcomeOfRun } from "./outcome.js";

/** A compiled WebAssembly.Module, opaque here (the project's TypeScript libs have no WebAssembly types). */
export type CompiledWasmModule = object;

/** The memory limit clingo-wasm is built with (emscripten's heap maximum). */
export const CLINGO_WASM_MAX_MEMORY_MB = 2048;

/** What a grounding worker sends back (see worker-script.ts). */
export type WorkerReply =
  | { readonly type: "ready" }
  | { readonly type: "init-error"; readonly message: string }
  | { readonly type: "output"; readonly bytes: Uint8Array }
  | RunReply;

export interface RunReply {
  readonly type: "result";
  readonly status: number | undefined;
  readonly exception: string | undefined;
  readonly stdout: Uint8Array;
  readonly overflow: boolean;
  readonly stderr: string[];
  readonly stderrDropped: number;
  readonly seconds: number;
  readonly memoryBytes: number;
}

/** A started worker, as the host's worker API offers it. */
export interface WorkerPort {
  postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  /** Replies, errors and the worker's end; `error` is called once at most, for a crash. */
  listen(handlers: {
    message(reply: WorkerReply): void;
    error(message: string, outOfMemory: boolean): void;
  }): void;
  terminate(): Promise<unknown> | void;
  /** Node only: let the process exit while the worker idles (and keep it alive while it works). */
  ref?(): void;
  unref?(): void;
}

/** What a host provides: the worker, clingo's code and its compiled module. */
export interface ClingoWorkerHost {
  /** Starts a worker running the host's worker script (worker-script.ts). */
  spawn(): WorkerPort;
  /** URL of clingo-wasm's emscripten factory (`dist/clingo.js`), importable from the worker. */
  moduleUrl(): string;
  /** clingo's wasm module, compiled once per memory limit (MiB) and shared by every worker. */
  compiledModule(maxMemoryMb: number): Promise<CompiledWasmModule>;
  /** Largest ground program text accepted when not streaming (the host's longest string). */
  readonly maxStringBytes: number;
  /**
   * Whether `warmUp` runs a one-fact grounding once the worker is ready (default true): it
   * compiles clingo's functions in the worker while the caller still reads the game. A host that
   * runs clingo on the caller's own thread (inline-host.ts) says false: there the compile would
   * only move, not overlap.
   */
  readonly warmUpGrounding?: boolean;
}

export interface WorkerGrounderOptions {
  /**
   * Memory limit of clingo in MiB (default and upper bound: clingo-wasm's 2048). A grounding
   * that needs more ends as `out-of-memory`.
   */
  readonly maxMemoryMb?: number;
  /**
   * Largest ground program text accepted when it is returned whole, in bytes (default: the
   * longest string the host can hold). A larger one ends as `out-of-memory`. Streamed output
   * (`onOutput`) has no such limit.
   */
  readonly maxOutputBytes?: number;
  /** How many lines of clingo's messages to keep (default 2000). */
  readonly maxMessageLines?: number;
  /** Size of the pieces of a streamed ground program (default 1 MiB). */
  readonly chunkBytes?: number;
}

/** clingo reads the ASP text from this file of the emscripten file system. */
const INPUT_FILE = "/dev/stdin";
const STARTUP_TIMEOUT_MS = 60_000;
const DEFAULT_CHUNK_BYTES = 1 << 20;

type RunEnd = RunReply | { readonly type: "died"; readonly message: string };

/** One live worker and the run it is doing. */
class GroundingWorker {
  readonly ready: Promise<void>;
  private pending: ((end: RunEnd) => void) | undefined;
  private onOutput: ((bytes: Uint8Array) => void) | undefined;
  private dead = false;
  /** Rejects `ready`: a worker stopped while it starts must not leave its starter waiting. */
  private failReady: (error: Error) => void = () => undefined;
  private deathMessage = "";

  /**
   * `wasmModule` may still be compiling: the worker boots meanwhile (a thread with a JavaScript
   * environment of its own, the longest part of clingo's start) and is sent the module when it is
   * there; a module that fails to compile fails `ready` with its own error.
   */
  constructor(
    readonly port: WorkerPort,
    moduleUrl: string,
    wasmModule: Promise<CompiledWasmModule>,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("clingo worker did not start")), STARTUP_TIMEOUT_MS);
      (timer as { unref?: () => void }).unref?.();
      this.failReady = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      const die = (message: string): void => {
        clearTimeout(timer);
        if (this.dead) return;
        this.dead = true;
        this.deathMessage = message;
        reject(new Error(message));
        this.settle({ type: "died", message });
      };
      port.listen({
        message: (reply) => {
          switch (reply.type) {
            case "ready":
              clearTimeout(timer);
              resolve();
              break;
            case "init-error":
              clearTimeout(timer);
              die(`clingo worker failed to start: ${reply.message}`);
              break;
            case "output":
              this.onOutput?.(reply.bytes);
              break;
            case "result":
              this.settle(reply);
              break;
          }
        },
        error: (message, outOfMemory) => die(outOfMemory ? `out of memory: ${message}` : message),
      });
    });
    this.ready.catch(() => undefined);
    wasmModule.then(
      (module) => {
        if (!this.dead) port.postMessage({ type: "init", moduleUrl, wasmModule: module });
      },
      (error: unknown) => {
        if (this.dead) return;
        this.dead = true;
        this.deathMessage = error instanceof Error ? error.message : String(error);
        this.failReady(error instanceof Error ? error : new Error(this.deathMessage));
      },
    );
  }

  get alive(): boolean {
    return !this.dead;
  }

  private settle(end: RunEnd): void {
    const pending = this.pending;
    this.pending = undefined;
    this.onOutput = undefined;
    pending?.(end);
  }

  run(
    message: { input: Uint8Array; args: string; maxOutputBytes: number; maxStderrLines: number; chunkBytes: number; timeoutMs?: number },
    onOutput: ((bytes: Uint8Array) => void) | undefined,
  ): Promise<RunEnd> {
    if (this.dead) return Promise.resolve({ type: "died", message: this.deathMessage });
    return new Promise((resolve) => {
      this.pending = resolve;
      this.onOutput = onOutput;
      // copied, not transferred: a transfer detaches the buffer here, and the first ArrayBuffer
      // detached in an isolate makes V8 check for detachment at every typed-array access of
      // optimized code from then on (its ArrayBufferDetaching protector): the fast propnet
      // engine then ran 0.8x as fast for the rest of the process (connect four perft 7.4M ->
      // 6.0M nodes/s). The program is small next to its grounding.
      this.port.postMessage({ type: "run", ...message });
    });
  }

  /** Stop the worker; a run in progress ends as "died". */
  async terminate(): Promise<void> {
    if (!this.dead) {
      this.dead = true;
      this.deathMessage = "the clingo worker was stopped";
    }
    this.failReady(new Error(this.deathMessage));
    this.settle({ type: "died", message: this.deathMessage });
    await this.port.terminate();
  }
}

/** clingo-wasm in a worker of the host's, one run at a time. */
export class WorkerGrounder implements AspGrounder {
  private worker: GroundingWorker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private busy = 0;
  /** How many workers this grounder has started (one, unless runs timed out or failed). */
  workersStarted = 0;

  constructor(
    private readonly host: ClingoWorkerHost,
    private readonly options: WorkerGrounderOptions = {},
  ) {}

  /** Ground one ASP program. Calls are queued: one run at a time per grounder. */
  ground(program: string, options: GroundOptions): Promise<GroundOutcome> {
    this.busy++;
    this.worker?.port.ref?.();
    const result = this.queue
      .then(() => this.groundNow(program, options))
      .finally(() => {
        // An idle worker must not keep the process alive.
        if (--this.busy === 0) this.worker?.port.unref?.();
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
      if (this.closed) return;
      const worker = await this.startedWorker();
      if (this.host.warmUpGrounding === false) return;
      // One tiny grounding: V8 compiles clingo's functions lazily, on their first call, so this
      // moves that compilation off the first real grounding, into the time the game is still
      // being read and translated.
      await worker.run(
        { input: new TextEncoder().encode("warm."), args: [...GROUND_ONLY_ARGS, INPUT_FILE].join(" "), maxOutputBytes: 1 << 16, maxStderrLines: 10, chunkBytes: 0 },
        undefined,
      );
    });
    this.queue = ready.catch(() => undefined);
    return ready.then(
      () => {
        if (this.busy === 0) this.worker?.port.unref?.();
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

  private memoryLimitMb(): number {
    return Math.min(this.options.maxMemoryMb ?? CLINGO_WASM_MAX_MEMORY_MB, CLINGO_WASM_MAX_MEMORY_MB);
  }

  private async startedWorker(): Promise<GroundingWorker> {
    if (this.worker?.alive) return this.worker;
    const worker = new GroundingWorker(this.host.spawn(), this.host.moduleUrl(), this.host.compiledModule(this.memoryLimitMb()));
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

  private async dropWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private async groundNow(program: string, options: GroundOptions): Promise<GroundOutcome> {
    if (this.closed) return { status: "error", message: "the grounder is closed" };
    if (options.signal?.aborted) return { status: "cancelled" };
    const badArgs = checkExtraArgs(options.extraArgs);
    if (badArgs !== undefined) return { status: "error", message: badArgs };
    const started = performance.now();
    let worker: GroundingWorker;
    try {
      worker = await this.startedWorker();
    } catch (e) {
      return { status: "error", message: e instanceof Error ? e.message : String(e) };
    }
    // The signal may have fired while the worker started (no listener was there to hear it).
    if (options.signal?.aborted) return { status: "cancelled" };
    const args = [...groundOnlyArgs(options.extraArgs), INPUT_FILE].join(" ");
    const maxOutputBytes = Math.min(this.options.maxOutputBytes ?? this.host.maxStringBytes, this.host.maxStringBytes);
    const streaming = options.onOutput !== undefined;
    let outputError: unknown;
    const onOutput = options.onOutput
      ? (bytes: Uint8Array) => {
          if (outputError !== undefined) return;
          try {
            options.onOutput!(bytes);
          } catch (e) {
            outputError = e;
          }
        }
      : undefined;

    // The run ends by itself, or by the time limit, or by the caller's signal: the first wins.
    let stop: ((why: "timeout" | "cancelled") => void) | undefined;
    const stopped = new Promise<"timeout" | "cancelled">((resolve) => (stop = resolve));
    const timer = setTimeout(() => stop!("timeout"), Math.max(0, options.timeoutMs));
    const onAbort = () => stop!("cancelled");
    options.signal?.addEventListener("abort", onAbort);
    const reply = await Promise.race([
      worker.run(
        {
          input: new TextEncoder().encode(program),
          args,
          maxOutputBytes,
          maxStderrLines: this.options.maxMessageLines ?? 2000,
          chunkBytes: streaming ? (this.options.chunkBytes ?? DEFAULT_CHUNK_BYTES) : 0,
          // for a host that runs clingo on this thread, where the timer above cannot fire
          // during the run: it stops the run itself and does not answer (inline-host.ts)
          timeoutMs: Math.max(0, options.timeoutMs),
        },
        onOutput,
      ),
      stopped,
    ]);
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    if (reply === "timeout" || reply === "cancelled") {
      await this.dropWorker();
      return reply === "timeout"
        ? { status: "timeout", seconds: (performance.now() - started) / 1000 }
        : { status: "cancelled" };
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
        ? { status: "out-of-memory", message: `${text} (memory limit ${this.memoryLimitMb()} MiB)` }
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
    if (outputError !== undefined) {
      return { status: "error", message: `reading the ground program failed: ${outputError instanceof Error ? outputError.message : String(outputError)}` };
    }
    const outcome = outcomeOfRun(
      {
        exitStatus: reply.status,
        stdout: reply.status === 0 && !streaming ? new TextDecoder().decode(reply.stdout) : "",
        stderr,
        seconds: reply.seconds,
        memoryBytes: reply.memoryBytes,
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
