/**
 * The grounding backend: ASP text in, ground program (aspif text) out, with clingo-wasm in a
 * worker thread (`Grounder`, `groundAsp`) or a native gringo/clingo (`groundAspNative`).
 */
export { Grounder, groundAsp, type GrounderOptions } from "./grounder.js";
export { findNativeGrounder, groundAspNative, type NativeGroundOptions } from "./native.js";
export {
  GROUND_ONLY_ARGS,
  type GroundError,
  type GroundOk,
  type GroundOptions,
  type GroundOutcome,
  type GroundOutOfMemory,
  type GroundTimeout,
} from "./outcome.js";
export { ASP_INPUT_NAME, parseClingoMessages, type ClingoMessage, type ClingoSeverity } from "./messages.js";
export { clingoWasmFiles } from "./wasm-binary.js";
