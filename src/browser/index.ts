/**
 * gdl-ground in a browser: the host-neutral core (src/core.ts: the pure pipeline, text in, stages
 * out) and the Web Worker grounder. Nothing here, nor anything it imports, touches Node
 * (test/browser-entry.test.ts walks the import graph to keep it so); the Node entry is
 * src/index.ts.
 *
 *   const grounder = new BrowserGrounder({ clingoJsUrl, clingoWasmUrl });
 *   grounder.warmUp();                                   // compile clingo while the user types
 *   const loaded = loadText(text, "game.kif");           // parse + check: diagnostics
 *   const { propnet } = await groundAndBuild(loaded, { grounder, timeoutSeconds: 60 });
 *   // or playableDescription(loaded, { grounder, ... }) for a state machine too
 */
export * from "../core.js";
export {
  WorkerGrounder,
  CLINGO_WASM_MAX_MEMORY_MB,
  type ClingoWorkerHost,
  type CompiledWasmModule,
  type WorkerGrounderOptions,
  type WorkerPort,
  type WorkerReply,
} from "../ground/clingo/worker-grounder.js";
export { BROWSER_WORKER_SCRIPT } from "../ground/clingo/worker-script.js";
export { withMemoryLimit } from "../ground/clingo/wasm-memory.js";
export { BrowserGrounder, browserClingoHost, compiledBrowserClingo, BROWSER_MAX_STRING_BYTES, type BrowserClingoOptions } from "./web-worker-host.js";
