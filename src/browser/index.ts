/**
 * gdl-ground in a browser: the pure pipeline (text in, stages out) and the Web Worker grounder.
 * Nothing here, nor anything it imports, touches Node (test/browser-entry.test.ts walks the
 * import graph to keep it so); the Node entry is src/index.ts.
 *
 *   const grounder = new BrowserGrounder({ clingoJsUrl, clingoWasmUrl });
 *   grounder.warmUp();                                   // compile clingo while the user types
 *   const loaded = loadText(text, "game.kif");           // parse + check: diagnostics
 *   const result = await groundDescription(loaded, { grounder, timeoutSeconds: 60 });
 *   const { propnet } = buildPropnetStage(result.game!); // or playableDescription(...)
 */
export * from "../syntax/ast.js";
export { parseGdl, type ParseResult } from "../syntax/parse.js";
export { parseKifTerm } from "../syntax/kif-term.js";
export { termToKif, atomToKif, literalToKif, ruleToKif } from "../syntax/print.js";
export { formatDiagnostic, sortDiagnostics, hasErrors, type Diagnostic, type DiagnosticCode, type Severity } from "../diagnostics.js";
export { checkDescription } from "../check/index.js";
export { translate, type AspProgram, type TranslateOptions, type TranslationStats } from "../translate/index.js";
export type { AspGrounder, GroundOptions, GroundOutcome } from "../ground/grounder.js";
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
export { BrowserGrounder, browserClingoHost, compiledBrowserClingo, BROWSER_MAX_STRING_BYTES, type BrowserClingoOptions } from "./grounder.js";
export { readCompactAspif } from "../ground/aspif-compact.js";
export { extractGroundGame } from "../ground/extract.js";
export type { GroundAtom, GroundClause, GroundGame, InputMove } from "../ground/ground-game.js";
export { groundGameToKif } from "../ground/print-ground.js";
export {
  buildPropnet,
  compileStateMachine,
  isCompileError,
  propnetToDot,
  propnetToJson,
  randomPlayout,
  mulberry32,
  type Propnet,
  type PropnetStats,
  type PropnetStateMachine,
  type StateHandle,
} from "../propnet/index.js";
export {
  loadText,
  groundDescription,
  buildPropnetStage,
  playableDescription,
  gdlSizeInLiterals,
  roleOrder,
  timed,
  type GroundResult,
  type GroundStageOptions,
  type GroundStatus,
  type LoadOptions,
  type LoadResult,
  type PhaseTimes,
  type PlayableGame,
  type PropnetStageResult,
} from "../pipeline.js";
