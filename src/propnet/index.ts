/**
 * The propnet of a ground game and a state machine over it: build, optimize, check, export,
 * compile, play.
 */
export * from "./propnet.js";
export { buildPropnet, computeStats, paperComponentCount, type BuildPropnetOptions } from "./build.js";
export { checkPropnetInvariants } from "./invariants.js";
export { propnetToJson, propnetFromJson, PROPNET_JSON_FORMAT, PROPNET_JSON_VERSION, type PropnetJson } from "./export.js";
export { propnetJsonBytes, propnetDotBytes, propnetToDot } from "./export-bytes.js";
export { PropnetStateMachine, compileStateMachine, createStateMachine, type StateMachineStats, DEFAULT_EVALUATION } from "./reference-machine.js";
export { unplayableReason, type CompileOptions } from "./gate-order.js";
export { isCompileError, type StateHandle, type PropnetCompileError, type PerftResult } from "./machine.js";
export { flatMonteCarlo, perftRun, measureRepeated, type RepeatedSpeed, type RunSpeed } from "./bench.js";
export { mulberry32, randomInt, randomPlayout, perft, perftCounts, type Rng, type PlayoutResult } from "./search.js";
