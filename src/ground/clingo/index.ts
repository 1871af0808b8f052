/**
 * The grounding backend: ASP text in, ground program (aspif text) out, with clingo-wasm in a
 * worker thread (`Grounder`, `groundAsp`) or a native gringo/clingo (`groundAspNative`).
 */
export { Grounder, groundAsp, nodeClingoHost, type GrounderOptions } from "./node-host.js";
export {
  WorkerGrounder,
  CLINGO_WASM_MAX_MEMORY_MB,
  type ClingoWorkerHost,
  type CompiledWasmModule,
  type RunReply,
  type WorkerGrounderOptions,
  type WorkerPort,
  type WorkerReply,
} from "./worker-grounder.js";
export { BROWSER_WORKER_SCRIPT, NODE_WORKER_SCRIPT } from "./worker-script.js";
export { limitWasmMemory, withMemoryLimit, WASM_PAGE_BYTES } from "./wasm-memory.js";
export { findNativeGrounder, groundAspNative, nativeGrounderOnPath, NativeGrounderProcess, startNativeGrounder, type NativeGroundOptions } from "./native.js";
export { GROUND_ONLY_ARGS } from "./outcome.js";
export { ASP_INPUT_NAME, parseClingoMessages, type ClingoMessage, type ClingoSeverity } from "./messages.js";
export { clingoWasmFiles } from "./wasm-binary.js";
