/**
 * clingo-wasm in a Node worker thread: the Node host of WorkerGrounder (worker-grounder.ts),
 * which does the queueing, time limits, cancelling and streaming. A time limit really stops
 * clingo: the worker is terminated. The idle worker does not keep the process alive.
 *
 * `groundAsp` is the one-shot form: a Grounder for a single program.
 */
import { createRequire } from "node:module";
import { constants as bufferConstants } from "node:buffer";
import { clingoWasmFiles, compiledClingoModule, tuneWasmCompile } from "./wasm-binary.js";
import { NODE_WORKER_SCRIPT } from "./worker-script.js";
import { WorkerGrounder, type ClingoWorkerHost, type WorkerGrounderOptions, type WorkerPort, type WorkerReply } from "./worker-grounder.js";
import type { GroundOptions, GroundOutcome } from "../asp-grounder.js";

export interface GrounderOptions extends WorkerGrounderOptions {
  /**
   * Compile clingo with V8's baseline compiler only (`--liftoff-only`): first runs start
   * sooner, long runs are slower. This sets a V8 flag for the whole process.
   */
  readonly liftoffOnly?: boolean;
}

/** Built-in modules this host loads only when it needs them (see `workerThreads`). */
const nodeRequire = createRequire(import.meta.url);

/**
 * `node:worker_threads`, loaded when the first worker starts: a command that grounds with a
 * native gringo never needs it, and loading it costs about 2 ms of a 0.15-s process.
 */
function workerThreads(): typeof import("node:worker_threads") {
  return nodeRequire("node:worker_threads") as typeof import("node:worker_threads");
}

function nodeWorker(liftoffOnly: boolean): WorkerPort {
  const { Worker } = workerThreads();
  const worker = new Worker(NODE_WORKER_SCRIPT, {
    eval: true,
    // V8 flags are per process: Node refuses `--liftoff-only` in a worker's execArgv
    // (ERR_WORKER_INVALID_EXEC_ARGV); the worker sets it with v8.setFlagsFromString.
    execArgv: [],
    workerData: { liftoffOnly },
    stdout: false,
    stderr: false,
  });
  return {
    postMessage: (message, transfer) => worker.postMessage(message, transfer as ArrayBuffer[] | undefined),
    listen(handlers) {
      worker.on("message", (reply: WorkerReply) => handlers.message(reply));
      worker.on("error", (e: Error & { code?: string }) =>
        handlers.error(
          e.code === "ERR_WORKER_OUT_OF_MEMORY" ? e.message : `clingo worker crashed: ${e.stack ?? e.message}`,
          e.code === "ERR_WORKER_OUT_OF_MEMORY",
        ),
      );
      worker.on("exit", (code) => handlers.error(`clingo worker exited with code ${code}`, false));
    },
    terminate: () => worker.terminate(),
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}

/** The Node host: worker_threads, clingo-wasm's files from node_modules, compiled once per process. */
export function nodeClingoHost(options: { liftoffOnly?: boolean } = {}): ClingoWorkerHost {
  return {
    spawn: () => nodeWorker(options.liftoffOnly ?? false),
    moduleUrl: () => clingoWasmFiles().moduleUrl,
    async compiledModule(maxMemoryMb) {
      tuneWasmCompile(options.liftoffOnly ?? false);
      return compiledClingoModule(maxMemoryMb);
    },
    maxStringBytes: bufferConstants.MAX_STRING_LENGTH,
  };
}

/** clingo-wasm in a worker thread of this process; one warm worker for a batch of programs. */
export class Grounder extends WorkerGrounder {
  constructor(options: GrounderOptions = {}) {
    super(nodeClingoHost(options), options);
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
