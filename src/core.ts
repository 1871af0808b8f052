/**
 * The host-neutral core of the library: every stage that is pure computation over text and
 * data (syntax, checks, translation, reading the ground program, the propnet and its engines,
 * the pipeline of src/pipeline.ts), and the grounder's interface without a grounder. Nothing
 * here, nor anything it imports, touches Node (test/browser-entry.test.ts walks the import
 * graph to keep it so). The two entries add a host: src/index.ts (Node: files, worker threads,
 * processes) and src/browser/index.ts (a Web Worker grounder).
 */
export * from "./syntax/ast.js";
export { parseGdl, parseKif, type ParseOptions, type ParseResult } from "./syntax/parse.js";
export { parseInfix, infixVariableToName, MAX_SYNTAX_ERRORS, type InfixParseResult } from "./syntax/infix-parse.js";
export { detectSyntax, notationHint, type GdlSyntax } from "./syntax/sniff.js";
export { normalizeSymbol, CASE_INSENSITIVE_KEYWORDS, type CaseOptions, type Spelling, type SymbolSpellings } from "./syntax/case.js";
export type { SourceComment } from "./syntax/comments.js";
export {
  termToInfix,
  atomToInfix,
  literalToInfix,
  ruleToInfix,
  infixName,
  infixVariable,
  infixVariableNames,
  type RuleLayout,
  type VariableNamer,
} from "./syntax/infix-print.js";
export { printGdl, printerFor, KIF_PRINTER, INFIX_PRINTER, type GdlPrinter, type PrintGdlOptions } from "./syntax/printer.js";
export { roundTripInfix, ruleKey, type RoundTrip } from "./syntax/roundtrip.js";
export { parseKifTerm } from "./syntax/kif-term.js";
export { termToKif, atomToKif, literalToKif, ruleToKif } from "./syntax/print.js";
export { formatDiagnostic, sortDiagnostics, hasErrors, type Diagnostic, type DiagnosticCode, type Severity } from "./diagnostics.js";
export { checkDescription, type CheckOptions } from "./check/index.js";
export { translate, translateFlags, TRANSLATE_DEFAULTS, type AspProgram, type TranslateFlags, type TranslateOptions, type TranslateScope, type TranslationStats } from "./translate/index.js";
export type { AspGrounder, ClosableGrounder, GrounderKind, GroundOptions, GroundOutcome } from "./ground/asp-grounder.js";
export { readCompactAspif } from "./ground/aspif-compact.js";
export { extractGroundGame } from "./ground/extract.js";
export {
  atomArguments,
  atomArity,
  groundAtom,
  groundTerm,
  groundClause,
  groundClauseList,
  GroundGameBuilder,
  isFact,
  type GroundAtom,
  type GroundAtoms,
  type GroundClause,
  type GroundClauses,
  type GroundGame,
  type InputMove,
} from "./ground/ground-game.js";
export { groundGameToKif, groundGameToInfix, printGroundGame, printGroundGameBytes, type PrintOptions as GroundGamePrintOptions } from "./ground/print-ground.js";
export {
  buildPropnet,
  compileStateMachine,
  isCompileError,
  propnetToDot,
  propnetToJson,
  propnetJsonBytes,
  propnetDotBytes,
  checkPropnetInvariants,
  randomPlayout,
  perft,
  mulberry32,
  type Propnet,
  type PropnetStats,
  type PropnetStateMachine,
  type StateHandle,
} from "./propnet/index.js";
export { FastStateMachine } from "./propnet/fast/machine.js";
export { GUARD_RATIO } from "./propnet/fast/guards.js";
export type { FastCompileOptions } from "./propnet/fast/options.js";
export type { FastMachineStats } from "./propnet/fast/layout.js";
export { compileMachine, fastEngineFallbackReason, type CompileMachineOptions } from "./propnet/compile-machine.js";
export { ENGINE_NAMES, type EngineName, type GameStateMachine, type PerftResult } from "./propnet/machine.js";
export { perftCounts, perftCountsInPlace, type PlayoutResult, type Rng } from "./propnet/search.js";
export { flatMonteCarlo, perftRun, measureRepeated, type RepeatedSpeed, type RunSpeed } from "./propnet/bench.js";
export { Prover, type ProverOptions } from "./prover/prover.js";
export {
  loadText,
  groundDescription,
  groundAndBuild,
  MAX_GROUND_RULES,
  PARTIAL_GROUNDING_SHARE,
  type GroundAndBuildOptions,
  type GroundAndBuildResult,
  type GroundResult,
  type GroundStageOptions,
  type GroundStatus,
  type LoadOptions,
  type LoadResult,
  type PartialGrounding,
} from "./pipeline.js";
export { playableDescription, type NotPlayable, type PlayableGame, type PlayableOptions } from "./playable.js";
export { grounderProbe, PLAYER_PROBE_SECONDS, PROBE_GROUND_RULES, type GroundingProbeRun } from "./hybrid/grounder-probe.js";
export { describeProbe, describeProbeRun, type GroundedRelation, type GroundingProbe } from "./hybrid/relation-names.js";
export type { LiftedRelation } from "./hybrid/lifting.js";
export { PHASES, totalSeconds, timed, type GroundingPhase, type Phase, type PhaseTimes } from "./phases.js";
export { Deadline, DeadlineExceeded, NO_DEADLINE, MAX_TIMER_MS } from "./deadline.js";
export { HeapPeak, type HeapPeaks, type HeapProbe } from "./heap-peak.js";
export { roleOrder, gdlSizeInLiterals } from "./syntax/description.js";
