/**
 * gdl-ground as a library in Node: the host-neutral stages (src/core.ts), each usable on its own,
 * and what needs Node: the grounders (createGrounder: clingo-wasm in a worker thread, native
 * gringo), files (src/input-file.ts, src/node-pipeline.ts), the player API and the corpus runner.
 *
 *   parseGdl ─▶ checkDescription ─▶ translate ─▶ createGrounder().ground ─▶ extractGroundGame
 *   ─▶ buildPropnet ─▶ compileStateMachine
 *
 * or all at once: groundFile(path) (src/node-pipeline.ts), or loadText / groundDescription /
 * groundAndBuild / playableDescription (src/pipeline.ts) with a grounder of your own; for a player, loadGame
 * (src/player.ts): roles, initialState, legalMoves, nextState, isTerminal, goals.
 */
export * from "./core.js";
export { createGrounder, type CreateGrounderOptions, type WasmTier } from "./ground/index.js";
export { startClingo, type ClingoStart, type ClingoStartOptions } from "./ground/clingo/clingo-start.js";
export { loadGame, gameOf, GameLoadError, type Game, type LoadGameOptions } from "./player.js";
export {
  loadFile,
  checkFiles,
  playableGame,
  groundFile,
  type GroundFileOptions,
  type GroundFileResult,
} from "./node-pipeline.js";
export { readTextFile, notText, type ReadResult } from "./input-file.js";
export { nodeHeapProbe } from "./node-heap.js";
export { runCorpus, type CorpusOptions } from "./corpus/runner.js";
export { CorpusLockError } from "./corpus/lock.js";
