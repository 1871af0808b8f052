/**
 * The propnet of a ground game and a state machine over it: build, optimize, check, export,
 * compile, play.
 */
export * from "./propnet.js";
export { buildPropnet, computeStats, paperComponentCount, type BuildPropnetOptions } from "./build.js";
export { checkPropnetInvariants } from "./invariants.js";
export { propnetToJson, propnetFromJson, propnetToDot, PROPNET_JSON_FORMAT, PROPNET_JSON_VERSION, type PropnetJson } from "./export.js";
export {
  PropnetStateMachine,
  compileStateMachine,
  createStateMachine,
  unplayableReason,
  isCompileError,
  type StateHandle,
  type PropnetCompileError,
  type StateMachineStats,
  type CompileOptions,
  DEFAULT_EVALUATION,
} from "./state-machine.js";
export { measureStateMachine, type StateMachineSpeed } from "./bench.js";
export { mulberry32, randomInt, randomPlayout, perft, perftCounts, type Rng, type PlayoutResult, type PerftResult } from "./search.js";
