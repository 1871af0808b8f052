/**
 * clingo-wasm in a browser: the Web Worker host of WorkerGrounder (ground/clingo/worker-grounder.ts),
 * which does the queueing, the time limit that really stops clingo (the worker is terminated),
 * cancelling through an AbortSignal and streaming. This module only says how a browser starts
 * a worker and where clingo lives:
 *
 *   spawn()              a module Web Worker running BROWSER_WORKER_SCRIPT from a Blob URL
 *   moduleUrl()          clingo-wasm's `dist/clingo.js`, served with the page (the caller's URL)
 *   compiledModule(mb)   `dist/clingo.wasm` fetched once, its memory maximum lowered to `mb`
 *                        (withMemoryLimit), compiled once per limit and shared by every worker
 *
 * It works in a page and inside a worker (nested workers), and imports nothing from Node.
 * The URLs come from the caller because only the bundler of the page knows where it put the
 * files (Vite: `import url from "…/clingo.js?url"`; see web/).
 */
import { BROWSER_WORKER_SCRIPT } from "../ground/clingo/worker-script.js";
import { CLINGO_WASM_MAX_MEMORY_MB, WorkerGrounder, type ClingoWorkerHost, type CompiledWasmModule, type WorkerGrounderOptions, type WorkerPort, type WorkerReply } from "../ground/clingo/worker-grounder.js";
import { withMemoryLimit } from "../ground/clingo/wasm-memory.js";

/** The parts of a browser's global scope used here (the library is compiled without the DOM lib). */
interface BrowserWorker {
  postMessage(message: unknown, transfer?: unknown[]): void;
  addEventListener(type: "message", listener: (event: { data: WorkerReply }) => void): void;
  addEventListener(type: "error", listener: (event: { message?: string; preventDefault?(): void }) => void): void;
  addEventListener(type: "messageerror", listener: (event: unknown) => void): void;
  terminate(): void;
}
interface BrowserGlobals {
  Worker: new (url: string, options: { type: "module"; name?: string }) => BrowserWorker;
  Blob: new (parts: string[], options: { type: string }) => unknown;
  URL: { createObjectURL(blob: unknown): string; new (url: string, base?: string): { href: string } };
  fetch(url: string): Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>;
  WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasmModule> };
  location?: { href: string };
}

const browser = globalThis as unknown as BrowserGlobals;

/**
 * Longest string the ground program may be when returned whole (streamed output has no such
 * limit). V8's limit is about 512 MiB of one-byte characters.
 */
export const BROWSER_MAX_STRING_BYTES = 512 * 1024 * 1024 - 64;

export interface BrowserClingoOptions {
  /** URL of clingo-wasm's `dist/clingo.js` (absolute, or relative to the page or worker). */
  readonly clingoJsUrl: string;
  /** URL of clingo-wasm's `dist/clingo.wasm`. */
  readonly clingoWasmUrl: string;
  /**
   * clingo's module already compiled with the built-in memory limit (e.g. by a page that hands
   * it to its own worker), used instead of fetching and compiling again.
   */
  readonly wasmModule?: CompiledWasmModule;
}

function absolute(url: string): string {
  return new browser.URL(url, browser.location?.href).href;
}

let scriptUrl: string | undefined;

/** One Blob URL of the worker program per page or worker. */
function workerScriptUrl(): string {
  scriptUrl ??= browser.URL.createObjectURL(new browser.Blob([BROWSER_WORKER_SCRIPT], { type: "text/javascript" }));
  return scriptUrl;
}

function browserWorker(): WorkerPort {
  const worker = new browser.Worker(workerScriptUrl(), { type: "module", name: "clingo" });
  return {
    postMessage: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : []),
    listen(handlers) {
      worker.addEventListener("message", (event) => handlers.message(event.data));
      worker.addEventListener("error", (event) => {
        event.preventDefault?.();
        const message = event.message ?? "the clingo worker failed";
        handlers.error(`clingo worker crashed: ${message}`, /out of memory|allocation failed|Array buffer allocation/i.test(message));
      });
      worker.addEventListener("messageerror", () => handlers.error("clingo worker sent a message that cannot be read", false));
    },
    terminate: () => worker.terminate(),
  };
}

const compiled = new Map<string, Promise<CompiledWasmModule>>();

/** clingo's module for a memory limit, fetched and compiled once per URL and limit. */
export function compiledBrowserClingo(wasmUrl: string, maxMemoryMb: number = CLINGO_WASM_MAX_MEMORY_MB): Promise<CompiledWasmModule> {
  const mb = Math.min(maxMemoryMb, CLINGO_WASM_MAX_MEMORY_MB);
  const key = `${mb} ${absolute(wasmUrl)}`;
  let module = compiled.get(key);
  if (module === undefined) {
    module = (async () => {
      const response = await browser.fetch(absolute(wasmUrl));
      if (!response.ok) throw new Error(`cannot load clingo.wasm (HTTP ${response.status})`);
      const binary = new Uint8Array(await response.arrayBuffer());
      return browser.WebAssembly.compile(withMemoryLimit(binary, mb, CLINGO_WASM_MAX_MEMORY_MB));
    })();
    module.catch(() => compiled.delete(key));
    compiled.set(key, module);
  }
  return module;
}

/** The browser host of WorkerGrounder: Web Workers from a Blob URL, clingo from the page's URLs. */
export function browserClingoHost(options: BrowserClingoOptions): ClingoWorkerHost {
  return {
    spawn: browserWorker,
    moduleUrl: () => absolute(options.clingoJsUrl),
    compiledModule: (maxMemoryMb) =>
      options.wasmModule !== undefined && maxMemoryMb >= CLINGO_WASM_MAX_MEMORY_MB
        ? Promise.resolve(options.wasmModule)
        : compiledBrowserClingo(options.clingoWasmUrl, maxMemoryMb),
    maxStringBytes: BROWSER_MAX_STRING_BYTES,
  };
}

/** clingo-wasm in a Web Worker; one warm worker for a batch of programs (see WorkerGrounder). */
export class BrowserGrounder extends WorkerGrounder {
  constructor(options: BrowserClingoOptions & WorkerGrounderOptions) {
    super(browserClingoHost(options), options);
  }
}
