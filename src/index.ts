/**
 * gdl-ground as a library: the pipeline stages, each usable on its own.
 *
 *   parseGdl ─▶ checkDescription ─▶ translate ─▶ createGrounder().ground ─▶ extractGroundGame
 *   ─▶ buildPropnet ─▶ compileStateMachine
 *
 * or all at once: loadFile / groundDescription / playableGame (src/pipeline.ts); for a player,
 * loadGame (src/player.ts): roles, initialState, legalMoves, nextState, isTerminal, goals.
 */
export * from "./syntax/ast.js";
export { parseGdl, type ParseResult } from "./syntax/parse.js";
export { parseKifTerm } from "./syntax/kif-term.js";
export { termToKif, atomToKif, literalToKif, ruleToKif } from "./syntax/print.js";
export { formatDiagnostic, type Diagnostic, type DiagnosticCode, type Severity } from "./diagnostics.js";
export { checkDescription } from "./check/index.js";
export { translate, type AspProgram, type TranslateOptions, type TranslationStats } from "./translate/index.js";
export { createGrounder, type ClosableGrounder, type GrounderKind } from "./ground/index.js";
export type { GroundOutcome } from "./ground/clingo/outcome.js";
export { readCompactAspif } from "./ground/aspif-compact.js";
export { extractGroundGame } from "./ground/extract.js";
export type { GroundAtom, GroundClause, GroundGame, InputMove } from "./ground/ground-game.js";
export { groundGameToKif } from "./ground/print-ground.js";
export {
  buildPropnet,
  compileStateMachine,
  isCompileError,
  propnetToDot,
  propnetToJson,
  checkPropnetInvariants,
  randomPlayout,
  perft,
  mulberry32,
  type Propnet,
  type PropnetStats,
  type PropnetStateMachine,
  type StateHandle,
} from "./propnet/index.js";
export { FastStateMachine, compileMachine, fastEngineFallbackReason, DEFAULT_CODEGEN_LIMIT, type FastCompileOptions, type FastMachineStats, type CompileMachineOptions } from "./propnet/fast-machine.js";
export { ENGINE_NAMES, type EngineName, type GameStateMachine } from "./propnet/machine.js";
export { perftCounts, perftCountsInPlace, type PerftResult, type PlayoutResult, type Rng } from "./propnet/search.js";
export { loadGame, gameOf, GameLoadError, type Game, type LoadGameOptions } from "./player.js";
export { ReferenceReasoner } from "./reference/reasoner.js";
export {
  loadFile,
  loadText,
  checkFiles,
  groundDescription,
  buildPropnetStage,
  playableGame,
  playableFromLoaded,
  gdlSizeInLiterals,
  type GroundResult,
  type GroundStatus,
  type LoadResult,
  type PhaseTimes,
  type PlayableGame,
  type PlayableOptions,
} from "./pipeline.js";
export { runCorpus, type CorpusOptions } from "./corpus/runner.js";
