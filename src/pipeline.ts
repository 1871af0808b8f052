/**
 * The whole pipeline, stage by stage, with the wall time of each (phases.ts):
 *
 *   text ──parse──▶ Description ──check──▶ Diagnostic[]
 *        ──translate──▶ AspProgram ──ground (clingo-wasm | native)──▶ aspif
 *        ──extract──▶ GroundGame ──build──▶ Propnet ──compile──▶ GameStateMachine
 *
 * Three entries, each the one way to do its part: `loadText` (parse and check; `checkParsed` is its
 * second half, for a caller that keeps the parse, as the language server does),
 * `groundAndBuild` (translate, ground, extract, build: what the CLI, the library's one-call
 * functions, the corpus, verify, the page and the scripts all call) and `playableDescription`
 * (that, then a state machine: playable.ts). `groundDescription` is the grounding alone, for
 * callers that never want a propnet.
 *
 * Every function here returns diagnostics as values; none throws on bad input. The pipeline is
 * pure computation and runs in any host: reading files (input-file.ts, node-pipeline.ts), the grounder's
 * worker or process (ground/asp-grounder.ts) and writing outputs (output-file.ts) are edges
 * handed in or called around it. A caller can follow it (`onPhase`) and stop it (`signal`).
 */
import { checkDescription, groundGoalValueErrors } from "./check/index.js";
import { capErrors, diagnostic, hasErrors, NO_POSITION, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { timed, timedAsync, type GroundingPhase, type PhaseTimes } from "./phases.js";
import { DeadlineExceeded, MAX_TIMER_MS, type Deadline } from "./deadline.js";
import { HeapPeak, type HeapPeaks, type HeapProbe } from "./heap-peak.js";
import { firstLine, formatBytes, formatMagnitude, quoteForMessage } from "./text.js";
import type { Description } from "./syntax/ast.js";
import { parseGdl, type ParseOptions, type ParseResult } from "./syntax/parse.js";
import type { SourceComment } from "./syntax/comments.js";
import type { GdlSyntax } from "./syntax/sniff.js";
import { dialectOf, roleOrder, type Dialect } from "./syntax/description.js";
import { translate, type AspProgram, type TranslateFlags, type TranslateScope } from "./translate/index.js";
import type { AspGrounder } from "./ground/asp-grounder.js";
import { CompactAspifReader, type AspifProgress, type CompactGroundProgram } from "./ground/aspif-compact.js";
import { extractGroundGame } from "./ground/extract.js";
import { undeclared, undeclaredWarning } from "./ground/declared.js";
import type { GroundGame } from "./ground/ground-game.js";
import { buildPropnet, type Propnet } from "./propnet/index.js";
import { describeProbe, describeProbeRun, type GroundingProbe } from "./hybrid/relation-names.js";
import { PROBE_GROUND_RULES, type GroundingProbeRun } from "./hybrid/grounder-probe.js";
import { chooseLifting, describeLifted, probedRelations } from "./hybrid/lifting.js";
import { describeExported, groundBelow } from "./hybrid/below.js";
import { MAX_GROUND_RULES, PARTIAL_GROUNDING_SHARE, type PartialGrounding } from "./partial-grounding.js";

export { MAX_GROUND_RULES, PARTIAL_GROUNDING_SHARE, type PartialGrounding } from "./partial-grounding.js";

/** How to read a description: the notation and the case of symbols (see ParseOptions), and how messages quote GDL. */
export interface LoadOptions extends ParseOptions {
  /** The notation of GDL quoted in check messages (default: the input's). */
  readonly messageSyntax?: GdlSyntax;
  /** A time limit for the whole run (see deadline.ts): the checks stop at it with `error[timeout]`. */
  readonly deadline?: Deadline;
}

export interface LoadResult {
  readonly file: string;
  readonly description?: Description;
  /** The notation the text was read in (absent when the file could not be read). */
  readonly syntax?: GdlSyntax;
  /** The comments of the source (for `convert`). */
  readonly comments?: readonly SourceComment[];
  /** GDL or GDL-II (absent when the text could not be parsed). */
  readonly dialect?: Dialect;
  readonly diagnostics: readonly Diagnostic[];
  readonly times: PhaseTimes;
}

/** Parses and checks GDL text. The description is returned only when it has no errors. */
export function loadText(text: string, file: string, options: LoadOptions = {}): LoadResult {
  const [parsed, parseSeconds] = timed(() => parseGdl(text, file, { syntax: options.syntax, caseSensitive: options.caseSensitive }));
  return checkParsed(parsed, file, options, { parse: parseSeconds });
}

/**
 * `loadText` after its parse: checks a text parsed already (the language server parses a version
 * once, for its diagnostics, its index and its background grounding). `times` holds the parse's.
 */
export function checkParsed(parsed: ParseResult, file: string, options: LoadOptions = {}, times: PhaseTimes = {}): LoadResult {
  times = { ...times };
  const { syntax, comments } = parsed;
  if (hasErrors(parsed.diagnostics)) return { file, syntax, comments, diagnostics: capErrors(sortDiagnostics(parsed.diagnostics)), times };
  const dialect = dialectOf(parsed.description);
  const [checked, checkSeconds] = timed(() =>
    checkDescription(parsed.description, undefined, { syntax: options.messageSyntax ?? syntax, deadline: options.deadline }),
  );
  times.check = checkSeconds;
  const diagnostics = capErrors(sortDiagnostics([...parsed.diagnostics, ...checked]));
  return hasErrors(diagnostics)
    ? { file, syntax, comments, dialect, diagnostics, times }
    : { file, syntax, comments, dialect, description: parsed.description, diagnostics, times };
}

export interface GroundStageOptions extends TranslateFlags {
  /** The grounder to use (clingo-wasm in a worker by default; reuse one across games in batch work). */
  readonly grounder: AspGrounder;
  /** Wall-clock limit of the grounding itself, in seconds. */
  readonly timeoutSeconds: number;
  /**
   * A time limit for the whole run (see deadline.ts): the grounding gets what is left of it (if
   * that is less than `timeoutSeconds`), the extraction polls it, and a stage does not start
   * once it has passed; the result is then `timeout`.
   */
  readonly deadline?: Deadline;
  /**
   * Told when a stage starts, with what is known of the earlier ones (e.g. "12.3 s grounding,
   * 4.1 M ground rules"): a caller that must stop the pipeline from outside can say where it was.
   * `scope` is "base" while P^base alone is translated and ground (`tooLarge: "partial"`, after
   * the full grounding failed), so that a caller can say what it waits for.
   */
  readonly onPhase?: (phase: GroundingPhase, detail: string, timesSoFar: Readonly<PhaseTimes>, scope: TranslateScope) => void;
  /**
   * Stops the pipeline (a Cancel button): a grounding under way is stopped, and a stage that has
   * not started does not start; the result is then `cancelled`.
   */
  readonly signal?: AbortSignal;
  /** How much the heap holds, where the host can tell (Node: node-heap.ts): the result then has `peakHeapBytes`. */
  readonly heapProbe?: HeapProbe;
  /**
   * The grounding is stopped once it has written more ground rules than this (aspif rule
   * statements, counted as they stream in): status `too-large`. Unset or `Infinity`: no limit
   * but the time. `groundAndBuild` sets `MAX_GROUND_RULES` where a partial result may follow.
   */
  readonly maxGroundRules?: number;
}

export type { AspGrounder } from "./ground/asp-grounder.js";

/**
 * `partial`: the game did not ground (`GroundAndBuildOptions.tooLarge`), P^base did: the result
 * has the partial propnet of P^base and is played on the prover (`GroundAndBuildResult.partial`).
 * `too-large`: the grounding was stopped at `GroundStageOptions.maxGroundRules`.
 */
export type GroundStatus = "ok" | "partial" | "invalid" | "timeout" | "too-large" | "out-of-memory" | "cancelled" | "error";

export interface GroundResult {
  readonly file: string;
  readonly status: GroundStatus;
  readonly diagnostics: readonly Diagnostic[];
  readonly times: PhaseTimes;
  readonly description?: Description;
  readonly program?: AspProgram;
  readonly game?: GroundGame;
  /** Number of rules (facts included) in clingo's ground program, before extraction. */
  readonly groundRules?: number;
  /** The grounder's peak memory in bytes, where the backend can tell (clingo-wasm's heap). */
  readonly peakMemoryBytes?: number;
  /** The heap's peak during extraction and the propnet build, sampled after each pass (with `heapProbe`). */
  readonly peakHeapBytes?: HeapPeaks;
  /** How much of the ground program had been read when the grounding ended (also when it failed). */
  readonly progress?: AspifProgress;
  /** What grounded the program: `clingo-wasm`, or the path of a native gringo/clingo (see GroundOk.grounder). */
  readonly grounder?: string;
  /** Set when the first backend failed and another grounded the program (see GroundOk.fallback). */
  readonly fallback?: string;
}

/** Translates, grounds and extracts a checked description (with `scope` "base": P^base alone, see `translate`). */
export async function groundDescription(
  loaded: LoadResult,
  options: GroundStageOptions,
  scope: TranslateScope = "game",
): Promise<GroundResult> {
  const times: PhaseTimes = { ...loaded.times };
  const file = loaded.file;
  const description = loaded.description;
  if (!description) return { file, status: loaded.diagnostics.some((d) => d.code === "timeout") ? "timeout" : "invalid", diagnostics: loaded.diagnostics, times };
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const fail = (status: GroundStatus, d: Diagnostic, program?: AspProgram): GroundResult => ({
    file,
    status,
    diagnostics: [...diagnostics, d],
    times,
    description,
    program,
  });

  if (options.signal?.aborted) return cancelled(file, diagnostics, times, { description });
  if (options.deadline?.expired()) return outOfTime(file, diagnostics, times, options.deadline, "translate", { description });
  options.onPhase?.("translate", "", times, scope);
  const [translated, translateSeconds] = timed(() => translate(description, options, scope));
  times.translate = translateSeconds;
  for (const d of translated.diagnostics) diagnostics.push(d);
  const program = translated.program;
  if (!program) return { file, status: "error", diagnostics, times, description };

  // The ground program is read while clingo writes it (in chunks, never one string), so that
  // extraction overlaps grounding and its size is bounded by the heap.
  let reader = new CompactAspifReader();
  if (options.deadline?.expired()) return outOfTime(file, diagnostics, times, options.deadline, "ground", { description, program });
  // the grounding's own limit, or what is left of the run's
  const limitSeconds = Math.min(options.timeoutSeconds, options.deadline ? options.deadline.remainingMs() / 1000 : Infinity);
  options.onPhase?.("ground", `${program.stats.aspRules} ASP rules`, times, scope);
  // the caller's signal, and the stop at `maxGroundRules`
  const maxGroundRules = options.maxGroundRules ?? Infinity;
  const stop = new AbortController();
  const forward = () => stop.abort();
  options.signal?.addEventListener("abort", forward);
  let overLimit = false;
  const [outcome, groundSeconds] = await timedAsync(() =>
    options.grounder.ground(program.text, {
      timeoutMs: Math.min(MAX_TIMER_MS, Math.max(1, Math.round(limitSeconds * 1000))),
      signal: stop.signal,
      onOutput: (chunk) => {
        if (overLimit) return;
        reader.push(chunk);
        if (reader.progress.ruleStatements > maxGroundRules) {
          overLimit = true;
          stop.abort();
        }
      },
      // a backend that starts over (the auto grounder's fallback) delivers the program again
      onRestart: () => (reader = new CompactAspifReader()),
    }),
  );
  options.signal?.removeEventListener("abort", forward);
  times.ground = groundSeconds;
  const progress = reader.progress;
  const grew = () => sizeSoFar(progress);
  const failed = (status: GroundStatus, d: Diagnostic): GroundResult => ({ ...fail(status, d, program), progress });
  if (overLimit && !options.signal?.aborted) {
    return failed(
      "too-large",
      diagnostic("error", "ground", file, NO_POSITION, `the grounding was stopped after ${formatMagnitude(maxGroundRules)} ground rules, the limit (--max-ground-rules)${grew()}`),
    );
  }
  switch (outcome.status) {
    case "timeout":
      return failed(
        "timeout",
        diagnostic("error", "timeout", file, NO_POSITION, `grounding did not finish within ${limitSeconds < options.timeoutSeconds ? `the time limit of ${options.deadline!.seconds} s (${round1(limitSeconds)} s were left for it)` : `${options.timeoutSeconds} s`}${grew()}${outcome.fallback !== undefined ? ` (${outcome.fallback})` : ""}`),
      );
    case "out-of-memory":
      return failed(
        "out-of-memory",
        diagnostic("error", "out-of-memory", file, NO_POSITION, `the grounder ran out of memory: ${firstLine(outcome.message, true)}${grew()}`),
      );
    case "error": {
      const origin = outcome.aspLine !== undefined ? program.lineOrigins[outcome.aspLine - 1] : undefined;
      const where = outcome.aspLine !== undefined ? ` (ASP line ${outcome.aspLine}: ${quoteForMessage(outcome.aspLineText ?? "")})` : "";
      return failed(
        "error",
        diagnostic("error", "ground", file, origin ?? NO_POSITION, `clingo failed: ${firstLine(outcome.message, true)}${where}`),
      );
    }
    case "cancelled":
      return { ...cancelled(file, diagnostics, times, { description, program }), progress };
    case "ok":
      break;
  }
  if (outcome.fallback !== undefined) diagnostics.push(diagnostic("note", "ground", file, NO_POSITION, outcome.fallback));

  options.onPhase?.("extract", `after ${groundSeconds.toFixed(1)} s grounding: ${formatMagnitude(progress.ruleStatements)} ground rules, ${formatBytes(progress.bytes)} of aspif`, times, scope);
  const heap = options.heapProbe ? new HeapPeak(options.heapProbe) : undefined;
  const [extracted, extractSeconds] = timed(() => {
    try {
      // a backend that could not stream hands the program back whole
      const compact: CompactGroundProgram = outcome.aspif !== "" ? readWhole(outcome.aspif) : reader.finish();
      heap?.sample();
      const game = extractGroundGame(compact, program.symbols, { roles: roleOrder(description), deadline: options.deadline, sampleHeap: heap?.sample });
      return { game, groundRules: compact.ruleStatements };
    } catch (error) {
      if (error instanceof DeadlineExceeded) return { outOfTime: true as const };
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  times.extract = extractSeconds;
  if ("outOfTime" in extracted) return { ...outOfTime(file, diagnostics, times, options.deadline!, "extract", { description, program }), progress };
  if ("error" in extracted) {
    return fail("error", diagnostic("error", "ground", file, NO_POSITION, `cannot read the ground program: ${extracted.error}`), program);
  }
  // goal values that only grounding tells (a variable in the head): integers from 0 to 100
  const badGoals = groundGoalValueErrors(extracted.game, description);
  if (badGoals.length > 0) return { file, status: "invalid", diagnostics: [...diagnostics, ...badGoals], times, description, program, progress };
  // the game's own base and input, where they leave out what its ground rules derive: said
  if (program.usedDeclaredBaseInput && scope === "game") {
    const missing = undeclared(extracted.game);
    if (missing.fluents.length > 0 || missing.moves.length > 0) diagnostics.push(undeclaredWarning(file, description, missing));
  }
  return {
    file,
    status: "ok",
    diagnostics,
    times,
    description,
    program,
    ...extracted,
    progress,
    ...(heap ? { peakHeapBytes: { extract: heap.peak } } : {}),
    ...(outcome.peakMemoryBytes !== undefined ? { peakMemoryBytes: outcome.peakMemoryBytes } : {}),
    ...(outcome.grounder !== undefined ? { grounder: outcome.grounder } : {}),
    ...(outcome.fallback !== undefined ? { fallback: outcome.fallback } : {}),
  };
}

function readWhole(aspif: string): CompactGroundProgram {
  const reader = new CompactAspifReader();
  reader.push(new TextEncoder().encode(aspif));
  return reader.finish();
}

/**
 * `: 1.2 M ground rules over 0.9 M atoms (310 MiB of aspif) written so far`: how far a failed
 * grounding got. Which relation grew cannot be told from the stream: gringo names atoms (its
 * output statements) only at the end of the step.
 */
function sizeSoFar(progress: AspifProgress): string {
  if (progress.bytes === 0) return ": no ground rule written yet";
  return `: ${formatMagnitude(progress.ruleStatements)} ground rules over ${formatMagnitude(progress.maxAtom)} atoms (${formatBytes(progress.bytes)} of aspif) written so far`;
}

function round1(seconds: number): string {
  return seconds.toFixed(1);
}

/** The result of a run whose time limit (`GroundStageOptions.deadline`) passed before or during `stage`. */
function outOfTime(file: string, diagnostics: readonly Diagnostic[], times: PhaseTimes, deadline: Deadline, stage: GroundingPhase, reached: Partial<GroundResult>): GroundResult {
  return {
    ...reached,
    file,
    status: "timeout",
    diagnostics: [...diagnostics, diagnostic("error", "timeout", file, NO_POSITION, `the time limit of ${deadline.seconds} s was reached ${stage === "extract" ? "during" : "before"} the ${stage === "propnet" ? "propnet build" : stage === "extract" ? "extraction" : stage === "ground" ? "grounding" : "translation"}`)],
    times,
  };
}

/** The result of a run stopped by the caller's signal. */
/** The result of a grounding stopped by its signal: what was reached, and why it stopped. */
export function cancelled(file: string, diagnostics: readonly Diagnostic[], times: PhaseTimes, reached: Partial<GroundResult>): GroundResult {
  return {
    ...reached,
    file,
    status: "cancelled",
    diagnostics: [...diagnostics, diagnostic("error", "cancelled", file, NO_POSITION, "the grounding was cancelled")],
    times,
  };
}

export interface GroundAndBuildOptions extends GroundStageOptions {
  /** Build the propnet (default true); without it this is `groundDescription`. */
  readonly propnet?: boolean;
  /**
   * Whether the result keeps the ground game (default true). A player that needs only the
   * state machine leaves it out, before the machine is compiled: amazons' ground game is 600 MB
   * of heap that every full garbage collection of the compile and of the play goes over (its
   * fast compile took 2.4 s with it, 1.4 s without).
   */
  readonly keepGroundGame?: boolean;
  /**
   * A game whose grounding does not finish (it times out, writes more than `maxGroundRules`
   * ground rules or runs out of memory): "fail" (the default: that status), or "partial": P^base
   * alone is ground, and the result has status `partial`, the partial propnet of its base and
   * input propositions and `partial`, for the prover to play the game on (src/hybrid/). The full
   * grounding then stops after `MAX_GROUND_RULES` unless `maxGroundRules` says otherwise, and with
   * a `deadline` it gets at most `PARTIAL_GROUNDING_SHARE` of what is left of it.
   */
  readonly tooLarge?: "fail" | "partial";
  /**
   * With `tooLarge` "partial": names what exploded in a grounding that did not finish (the
   * relations the grounder wrote most rules of in its first `groundRules`, or in `seconds`:
   * src/hybrid/probe.ts, a Node edge; src/hybrid/grounder-probe.ts on any grounder).
   */
  readonly probe?: GroundingProbeRun;
  /**
   * How long the probe may run at most (default `PROBE_SECONDS`; less when a deadline leaves less):
   * the outer limit of a probe that stops after `probeGroundRules`. It runs beside P^base's
   * grounding, so a player that waits for the game asks for less; a probe with a grounder of its
   * own (a native gringo) may go on until that grounding ends (`ProbeBeside`, grounder-probe.ts).
   */
  readonly probeSeconds?: number;
  /**
   * The ground rules after which the probe stops (default `PROBE_GROUND_RULES`): what it names, and
   * so what is lifted, is then the same on every run, whatever the machine's load (unless
   * `probeSeconds` runs out first). `Infinity`: time alone stops it.
   */
  readonly probeGroundRules?: number;
  /**
   * With `tooLarge` "partial": relations known to explode, lifted (src/hybrid/lifting.ts) besides
   * those the probe names; the probe's are enough where a native gringo is on PATH.
   */
  readonly lift?: readonly string[];
}

/** Seconds of the grounder probe at most (less when a deadline leaves less). */
const PROBE_SECONDS = 5;

/** A grounding and, when it succeeded and was asked for, its propnet (its build time in `times.propnet`). */
export interface GroundAndBuildResult extends GroundResult {
  readonly propnet?: Propnet;
  /** Set with status `partial`: the propnet is P^base's alone. */
  readonly partial?: PartialGrounding;
}

/** The options of P^base's grounding: the cheapest relaxation (an over-approximation is all the prover machine needs). */
const BASE_FLAGS: TranslateFlags = { leanBase: true, staticDemand: false, freeArguments: false };

/**
 * P^base's grounding gets at least this many seconds (within the deadline), however short the
 * full grounding's limit: chess's takes 1-4 s on a loaded machine, when the full one was cut at 3 s.
 */
const BASE_MIN_SECONDS = 30;

/** At most this many of the propnet builder's warnings become diagnostics. */
const MAX_PROPNET_WARNINGS = 20;

/**
 * Translates, grounds, extracts and builds the propnet: the one ground-and-build path. The
 * builder's warnings are in `diagnostics` (as `propnet: …` warnings); a failure of the build
 * is an `error` result, never an exception.
 */
export async function groundAndBuild(loaded: LoadResult, options: GroundAndBuildOptions): Promise<GroundAndBuildResult> {
  const partial = options.tooLarge === "partial";
  const share = partial && options.deadline ? Math.min(options.timeoutSeconds, Math.round((options.deadline.remainingMs() / 100) * PARTIAL_GROUNDING_SHARE) / 10) : options.timeoutSeconds;
  const maxGroundRules = options.maxGroundRules ?? (partial ? MAX_GROUND_RULES : undefined);
  const result = await groundDescription(loaded, { ...options, timeoutSeconds: share, maxGroundRules });
  if (partial && options.propnet !== false && result.program && (result.status === "timeout" || result.status === "too-large" || result.status === "out-of-memory")) {
    return groundPartial(loaded, result, options, result.diagnostics.find((d) => d.severity === "error")?.message ?? result.status);
  }
  if (!result.game || options.propnet === false) return withoutGameUnlessKept(result, options);
  const game = result.game;
  const times = result.times;
  if (options.signal?.aborted) return cancelled(result.file, result.diagnostics, times, withoutGameUnlessKept(result, options));
  if (options.deadline?.expired()) return outOfTime(result.file, result.diagnostics, times, options.deadline, "propnet", withoutGameUnlessKept(result, options));
  options.onPhase?.("propnet", `${game.clauses.length} ground clauses over ${game.atoms.length} atoms (ground ${(times.ground ?? 0).toFixed(1)} s, extract ${(times.extract ?? 0).toFixed(1)} s)`, times, "game");
  const heap = options.heapProbe ? new HeapPeak(options.heapProbe) : undefined;
  const [built, seconds] = timed((): Propnet | { error: string } => {
    try {
      return buildPropnet(game, { sampleHeap: heap?.sample });
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  times.propnet = seconds;
  if ("error" in built) {
    return {
      ...withoutGameUnlessKept(result, options),
      status: "error",
      diagnostics: [...result.diagnostics, diagnostic("error", "ground", result.file, NO_POSITION, `cannot build the propnet: ${built.error}`)],
    };
  }
  const warnings = built.warnings.slice(0, MAX_PROPNET_WARNINGS).map((w) => diagnostic("warning", "ground", result.file, NO_POSITION, `propnet: ${w}`));
  const peakHeapBytes = heap ? { ...result.peakHeapBytes, propnet: heap.peak } : result.peakHeapBytes;
  return { ...withoutGameUnlessKept(result, options), diagnostics: [...result.diagnostics, ...warnings], propnet: built, ...(peakHeapBytes ? { peakHeapBytes } : {}) };
}

/**
 * What a player gets of a game that did not ground (`result`, failed for `failure`): P^base ground
 * alone (`groundBaseOnly`), then, when the probe or `options.lift` name relations that can be lifted,
 * the hybrid grounding (`partial.lifted` set); else the game on the prover over P^base. The one path
 * of `groundAndBuild` with `tooLarge: "partial"` and of the corpus's `partial_*` columns.
 */
export async function groundPartial(loaded: LoadResult, result: GroundResult, options: GroundAndBuildOptions, failure: string): Promise<GroundAndBuildResult> {
  const base = await groundBaseOnly(loaded, result, options, failure);
  return base.status === "partial" && base.partial ? groundLifted(loaded, base, base.partial, options) : base;
}

/**
 * The partial result of a game that did not ground (`result`): P^base ground and built alone. When
 * P^base does not ground either, `result` with a note saying so. The grounder probe runs beside
 * P^base's grounding (a process of its own): the fallback costs the longer of the two, not their sum.
 * The corpus calls it after its timed grounding (corpus/measure.ts), `groundAndBuild` when asked for.
 */
export async function groundBaseOnly(loaded: LoadResult, result: GroundResult, options: GroundAndBuildOptions, failure: string): Promise<GroundAndBuildResult> {
  // at most a quarter of what is left: under a short limit (10 s: 2.5 s left) P^base has the cores
  // alone (with a 1.25 s probe beside it, play --timeout 10 took alexChess and slaughter past 10 s)
  const probeSeconds = Math.min(options.probeSeconds ?? PROBE_SECONDS, options.deadline ? options.deadline.remainingMs() / 4000 : Infinity);
  const baseSeconds = Math.max(options.timeoutSeconds, BASE_MIN_SECONDS);
  // a probe with a grounder of its own may go on while P^base grounds (ProbeBeside): it stops at its budget, not at a load's clock
  let baseDone = (): void => undefined;
  const beside = { until: new Promise<void>((resolve) => (baseDone = resolve)), maxSeconds: Math.min(baseSeconds, options.deadline ? options.deadline.remainingMs() / 1000 : Infinity) };
  const probing = options.probe && result.program && probeSeconds >= 1 ? options.probe(result.program, probeSeconds, options.probeGroundRules ?? PROBE_GROUND_RULES, beside) : Promise.resolve(undefined);
  const started = performance.now();
  const grounding = groundDescription(loaded, { ...options, ...BASE_FLAGS, timeoutSeconds: baseSeconds, maxGroundRules: Infinity }, "base").then((base) => {
    if (base.game) options.onPhase?.("propnet", `${base.game.clauses.length} ground clauses of P^base`, base.times, "base");
    const built = base.game ? buildPropnet(base.game) : undefined;
    return { base, built, seconds: (performance.now() - started) / 1000 };
  });
  void grounding.then(baseDone, baseDone);
  const [probe, { base, built, seconds }] = await Promise.all([probing, grounding]);
  const exploded = probe && probe.relations.length > 0 ? `; what explodes (${describeProbeRun(probe)}): ${describeProbe(probe)}` : "";
  const reason = `${failure}${exploded}`;
  const times = { ...result.times, ground: (result.times.ground ?? 0) + (base.times.ground ?? 0), extract: base.times.extract };
  if (!built) {
    const errors = base.diagnostics.filter((d) => d.severity === "error");
    if (!result.diagnostics.some((d) => d.severity === "error")) {
      // nothing failed before (the prover engine asked for): P^base's failure is the error
      const why = errors.length > 0 ? errors : [diagnostic("error", "ground", result.file, NO_POSITION, `P^base did not ground (${base.status}), so the game cannot be played on the prover`)];
      return { ...result, status: base.status === "ok" || base.status === "partial" ? "error" : base.status, times, diagnostics: [...result.diagnostics, ...why] };
    }
    // a warning, not a note: the command line drops notes, and this says why there is no machine (a longer limit may give one)
    const why = errors[0]?.message ?? base.status;
    return { ...result, times, diagnostics: [...result.diagnostics, diagnostic("warning", "ground", result.file, NO_POSITION, `P^base alone did not ground either, so the game cannot be played on the prover: ${why}`)] };
  }
  const counts = `${built.baseFluents.length} base fluents, ${built.inputs.length} inputs`;
  const diagnostics = [
    ...result.diagnostics.filter((d) => d.severity !== "error"),
    diagnostic("warning", "ground", result.file, NO_POSITION, `${reason}; the game is played on the prover, over P^base (${counts})`),
  ];
  const stoppedBy: PartialGrounding["stoppedBy"] =
    result.status === "too-large" ? { limit: "ground-rules", groundRules: options.maxGroundRules ?? MAX_GROUND_RULES } : { limit: result.status === "out-of-memory" ? "memory" : "time" };
  const partial: PartialGrounding = { reason, stoppedBy, baseFluents: built.baseFluents.length, inputs: built.inputs.length, seconds, ...(probe ? { probe } : {}) };
  return { ...withoutGameUnlessKept({ ...result, game: base.game }, options), status: "partial", times, diagnostics, propnet: built, partial };
}

/**
 * The hybrid game, when the relations that explode (the probe's, and `options.lift`) can be
 * lifted and the rest grounds within what is left of the time: `base` with the hybrid grounding's
 * propnet and `partial.lifted`. Otherwise `base` (the game on the prover) with why in a note.
 */
async function groundLifted(loaded: LoadResult, base: GroundAndBuildResult, partial: PartialGrounding, options: GroundAndBuildOptions): Promise<GroundAndBuildResult> {
  const probed = partial.probe ? shareOfProbe(partial.probe, 0.05) : [];
  const exploding = [...new Set([...probed, ...(options.lift ?? [])])];
  if (exploding.length === 0 || !loaded.description) return base;
  const started = performance.now();
  const lifting = chooseLifting(loaded.description, exploding);
  const failed = (why: string): GroundAndBuildResult => ({
    ...base,
    partial: { ...partial, liftingFailed: why },
    diagnostics: [...base.diagnostics, diagnostic("note", "ground", base.file, NO_POSITION, `no hybrid propnet: ${why}`)],
  });
  if ("reason" in lifting) return withBelow(loaded, failed(lifting.reason), options);
  const names = describeLifted(lifting.lifted);
  if (options.deadline?.expired()) return failed(`the time limit was reached before grounding with ${names} lifted`);
  // a grounding of its own, smaller than the full one: the full one's limit was for the whole game
  // (the page's 10 ms stopped laikLee_hex's rest, 0.1 s), so it gets P^base's floor, within the deadline
  // the same limit of ground rules as the full grounding's: a rest that writes more is no propnet for a player either
  const hybrid = await groundAndBuild(
    { ...loaded, description: lifting.description },
    { ...options, timeoutSeconds: Math.max(options.timeoutSeconds, BASE_MIN_SECONDS), tooLarge: "fail", keepGroundGame: options.keepGroundGame, maxGroundRules: options.maxGroundRules ?? MAX_GROUND_RULES },
  );
  if (hybrid.status !== "ok" || !hybrid.propnet) return failed(`with ${names} lifted: ${hybrid.diagnostics.find((d) => d.severity === "error")?.message ?? hybrid.status}`);
  const built = hybrid.propnet;
  const counts = `${built.baseFluents.length} base fluents, ${built.inputs.length} inputs, ${built.components.length} components`;
  const diagnostics = [
    ...base.diagnostics.filter((d) => !(d.severity === "warning" && d.code === "ground")),
    diagnostic("warning", "ground", base.file, NO_POSITION, `${partial.reason}; the game is played on a hybrid propnet (${counts}) with ${names} lifted: asked of the prover per state`),
  ];
  const times = { ...base.times, ground: (base.times.ground ?? 0) + (hybrid.times.ground ?? 0), extract: hybrid.times.extract, propnet: hybrid.times.propnet };
  const seconds = partial.seconds + (performance.now() - started) / 1000;
  return {
    ...base,
    ...(hybrid.game ? { game: hybrid.game } : {}),
    program: hybrid.program,
    groundRules: hybrid.groundRules,
    times,
    diagnostics,
    propnet: built,
    partial: { ...partial, seconds, baseFluents: built.baseFluents.length, inputs: built.inputs.length, lifted: lifting.lifted },
  };
}

/**
 * The game on the prover (`onProver`) with the relations ground below it that can be (below.ts),
 * in a grounding of their own as the hybrid's rest; else `onProver` with why not in a note. A
 * relation the probe saw at least 2 % of the ground rules of counts as exploding here (5 % for
 * lifting): chess's `rook_move_ig` (7 %) and `queen_move_ig` (2.6 %) would go below otherwise.
 */
async function withBelow(loaded: LoadResult, onProver: GroundAndBuildResult, options: GroundAndBuildOptions): Promise<GroundAndBuildResult> {
  const partial = onProver.partial;
  if (!partial?.probe || !loaded.description || !onProver.propnet) return onProver;
  const exploding = [...new Set([...shareOfProbe(partial.probe, 0.02), ...(options.lift ?? [])])];
  const started = performance.now();
  let groundSeconds = 0;
  const below = await groundBelow(loaded.description, exploding, onProver.propnet.baseFluents, async (description) => {
    const r = await groundAndBuild({ ...loaded, description }, { ...options, timeoutSeconds: Math.max(options.timeoutSeconds, BASE_MIN_SECONDS), tooLarge: "fail", keepGroundGame: false, maxGroundRules: MAX_GROUND_RULES / 8, onPhase: undefined });
    groundSeconds = r.times.ground ?? 0;
    return { propnet: r.propnet, why: r.diagnostics.find((d) => d.severity === "error")?.message ?? r.status };
  });
  // what a player waits for: the below grounding's time counts in the partial result's, as the hybrid's rest does
  const seconds = partial.seconds + (performance.now() - started) / 1000;
  const times = { ...onProver.times, ground: (onProver.times.ground ?? 0) + groundSeconds };
  const note = "reason" in below ? `nothing ground below the prover: ${below.reason}` : `ground below the prover: ${describeExported(below.exported)} (${below.atoms} atoms that can hold; ${below.propnet.components.length} components), read by the prover per state`;
  return {
    ...onProver,
    times,
    partial: { ...partial, seconds, ...("reason" in below ? { belowFailed: below.reason } : { below }) },
    diagnostics: [...onProver.diagnostics, diagnostic("note", "ground", onProver.file, NO_POSITION, note)],
  };
}

/** The relations the probe saw at least `share` of the ground rules of (its `gdlRelationName`s, as relations of the game). */
function shareOfProbe(probe: GroundingProbe, share: number): string[] {
  const total = probe.relations.reduce((sum, r) => sum + r.groundRules, 0);
  return probedRelations(probe.relations.filter((r) => r.groundRules >= total * share).map((r) => r.relation));
}

/** The result without its ground game when the caller does not keep it (so that nothing here holds it). */
function withoutGameUnlessKept(result: GroundResult, options: GroundAndBuildOptions): GroundResult {
  if (options.keepGroundGame !== false || result.game === undefined) return result;
  const { game: _dropped, ...rest } = result;
  return rest;
}
