/**
 * The whole pipeline, stage by stage, with the wall time of each:
 *
 *   text ──parse──▶ Description ──check──▶ Diagnostic[]
 *        ──translate──▶ AspProgram ──ground (clingo-wasm | native)──▶ aspif
 *        ──extract──▶ GroundGame ──build──▶ Propnet
 *
 * Every function here returns diagnostics as values; none throws on bad input. The pipeline is
 * pure computation and runs in any host: reading files (io.ts), the grounder's worker or
 * process (ground/asp-grounder.ts) and writing outputs (output-file.ts) are edges handed in or
 * called around it.
 */
import { checkDescription } from "./check/index.js";
import { capErrors, hasErrors, sortDiagnostics, type Diagnostic, diagnostic, NO_POSITION } from "./diagnostics.js";
import type { Description } from "./syntax/ast.js";
import { parseGdl, type ParseOptions } from "./syntax/parse.js";
import type { SourceComment } from "./syntax/comments.js";
import type { GdlSyntax } from "./syntax/sniff.js";
import { termToKif } from "./syntax/print.js";
import { translate, type AspProgram, type TranslateFlags } from "./translate/index.js";
import type { AspGrounder } from "./ground/asp-grounder.js";
import { CompactAspifReader, type AspifProgress, type CompactGroundProgram } from "./ground/aspif-compact.js";
import { extractGroundGame } from "./ground/extract.js";
import type { GroundGame } from "./ground/ground-game.js";
import { buildPropnet, isCompileError, type Propnet } from "./propnet/index.js";
import { compileMachine } from "./propnet/fast-machine.js";
import type { EngineName, GameStateMachine } from "./propnet/machine.js";

export interface PhaseTimes {
  parse?: number;
  check?: number;
  translate?: number;
  ground?: number;
  extract?: number;
  propnet?: number;
}

/** How to read a description: the notation and the case of symbols (see ParseOptions), and how messages quote GDL. */
export interface LoadOptions extends ParseOptions {
  /** The notation of GDL quoted in check messages (default: the input's). */
  readonly messageSyntax?: GdlSyntax;
}

export interface LoadResult {
  readonly file: string;
  readonly description?: Description;
  /** The notation the text was read in (absent when the file could not be read). */
  readonly syntax?: GdlSyntax;
  /** The comments of the source (for `convert`). */
  readonly comments?: readonly SourceComment[];
  readonly diagnostics: readonly Diagnostic[];
  readonly times: PhaseTimes;
}

/** Seconds taken by `f`, with its result. */
export function timed<T>(f: () => T): [T, number] {
  const start = performance.now();
  const result = f();
  return [result, (performance.now() - start) / 1000];
}

export async function timedAsync<T>(f: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await f();
  return [result, (performance.now() - start) / 1000];
}

/** Parses and checks GDL text. The description is returned only when it has no errors. */
export function loadText(text: string, file: string, options: LoadOptions = {}): LoadResult {
  const times: PhaseTimes = {};
  const [parsed, parseSeconds] = timed(() => parseGdl(text, file, { syntax: options.syntax, caseSensitive: options.caseSensitive }));
  times.parse = parseSeconds;
  const { syntax, comments } = parsed;
  if (hasErrors(parsed.diagnostics)) return { file, syntax, comments, diagnostics: capErrors(sortDiagnostics(parsed.diagnostics)), times };
  const [checked, checkSeconds] = timed(() =>
    checkDescription(parsed.description, undefined, { syntax: options.messageSyntax ?? syntax }),
  );
  times.check = checkSeconds;
  const diagnostics = capErrors(sortDiagnostics([...parsed.diagnostics, ...checked]));
  return hasErrors(diagnostics)
    ? { file, syntax, comments, diagnostics, times }
    : { file, syntax, comments, description: parsed.description, diagnostics, times };
}

export interface GroundStageOptions extends TranslateFlags {
  /** The grounder to use (clingo-wasm in a worker by default; reuse one across games in batch work). */
  readonly grounder: AspGrounder;
  /** Wall-clock limit of the grounding itself, in seconds. */
  readonly timeoutSeconds: number;
  /**
   * Told when a stage starts, with what is known of the earlier ones (e.g. "12.3 s grounding,
   * 4.1 M ground rules"): a caller that must stop the pipeline from outside can say where it was.
   */
  readonly onPhase?: (phase: keyof PhaseTimes, detail: string) => void;
}

export type { AspGrounder } from "./ground/asp-grounder.js";

export type GroundStatus = "ok" | "invalid" | "timeout" | "out-of-memory" | "cancelled" | "error";

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
  /** How much of the ground program had been read when the grounding ended (also when it failed). */
  readonly progress?: AspifProgress;
  /** What grounded the program: `clingo-wasm`, or the path of a native gringo/clingo (see GroundOk.grounder). */
  readonly grounder?: string;
  /** Set when the first backend failed and another grounded the program (see GroundOk.fallback). */
  readonly fallback?: string;
}

/** Translates, grounds and extracts a checked description. */
export async function groundDescription(
  loaded: LoadResult,
  options: GroundStageOptions,
): Promise<GroundResult> {
  const times: PhaseTimes = { ...loaded.times };
  const file = loaded.file;
  const description = loaded.description;
  if (!description) return { file, status: "invalid", diagnostics: loaded.diagnostics, times };
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const fail = (status: GroundStatus, d: Diagnostic, program?: AspProgram): GroundResult => ({
    file,
    status,
    diagnostics: [...diagnostics, d],
    times,
    description,
    program,
  });

  options.onPhase?.("translate", "");
  const [translated, translateSeconds] = timed(() => translate(description, options));
  times.translate = translateSeconds;
  for (const d of translated.diagnostics) diagnostics.push(d);
  const program = translated.program;
  if (!program) return { file, status: "error", diagnostics, times, description };

  // The ground program is read while clingo writes it (in chunks, never one string), so that
  // extraction overlaps grounding and its size is bounded by the heap.
  let reader = new CompactAspifReader();
  options.onPhase?.("ground", `${program.stats.aspRules} ASP rules`);
  const [outcome, groundSeconds] = await timedAsync(() =>
    options.grounder.ground(program.text, {
      timeoutMs: Math.round(options.timeoutSeconds * 1000),
      onOutput: (chunk) => reader.push(chunk),
      // a backend that starts over (the auto grounder's fallback) delivers the program again
      onRestart: () => (reader = new CompactAspifReader()),
    }),
  );
  times.ground = groundSeconds;
  const progress = reader.progress;
  const grew = () => sizeSoFar(progress);
  const failed = (status: GroundStatus, d: Diagnostic): GroundResult => ({ ...fail(status, d, program), progress });
  switch (outcome.status) {
    case "timeout":
      return failed(
        "timeout",
        diagnostic("error", "timeout", file, NO_POSITION, `grounding did not finish within ${options.timeoutSeconds} s${grew()}${outcome.fallback !== undefined ? ` (${outcome.fallback})` : ""}`),
      );
    case "out-of-memory":
      return failed(
        "out-of-memory",
        diagnostic("error", "out-of-memory", file, NO_POSITION, `the grounder ran out of memory: ${firstLine(outcome.message)}${grew()}`),
      );
    case "error": {
      const origin = outcome.aspLine !== undefined ? program.lineOrigins[outcome.aspLine - 1] : undefined;
      const where = outcome.aspLine !== undefined ? ` (ASP line ${outcome.aspLine}: ${outcome.aspLineText ?? ""})` : "";
      return failed(
        "error",
        diagnostic("error", "ground", file, origin ?? NO_POSITION, `clingo failed: ${firstLine(outcome.message)}${where}`),
      );
    }
    case "cancelled":
      return failed("cancelled", diagnostic("error", "cancelled", file, NO_POSITION, "grounding was cancelled"));
    case "ok":
      break;
  }
  if (outcome.fallback !== undefined) diagnostics.push(diagnostic("note", "ground", file, NO_POSITION, outcome.fallback));

  options.onPhase?.("extract", `after ${groundSeconds.toFixed(1)} s grounding: ${formatCount(progress.ruleStatements)} ground rules, ${formatBytes(progress.bytes)} of aspif`);
  const [extracted, extractSeconds] = timed(() => {
    try {
      // a backend that could not stream hands the program back whole
      const compact: CompactGroundProgram = outcome.aspif !== "" ? readWhole(outcome.aspif) : reader.finish();
      const game = extractGroundGame(compact, program.symbols, { roles: roleOrder(description) });
      return { game, groundRules: compact.ruleStatements };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  times.extract = extractSeconds;
  if ("error" in extracted) {
    return fail("error", diagnostic("error", "ground", file, NO_POSITION, `cannot read the ground program: ${extracted.error}`), program);
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
  return `: ${formatCount(progress.ruleStatements)} ground rules over ${formatCount(progress.maxAtom)} atoms (${formatBytes(progress.bytes)} of aspif) written so far`;
}

export function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(0)} k`;
  return String(Math.round(n));
}

export function formatBytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GiB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(0)} MiB`;
  return `${(n / 1024).toFixed(0)} KiB`;
}

/** The roles in the order of the description's role facts (the order of joint moves). */
export function roleOrder(description: Description): string[] {
  const roles: string[] = [];
  for (const rule of description.rules) {
    if (rule.head.relation === "role" && rule.body.length === 0 && rule.head.args.length === 1) {
      const role = termToKif(rule.head.args[0]);
      if (!roles.includes(role)) roles.push(role);
    }
  }
  return roles;
}

function firstLine(text: string): string {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  return lines.length <= 1 ? (lines[0] ?? "") : `${lines[0]} (${lines.length - 1} more lines)`;
}

export interface PropnetStageResult {
  readonly propnet: Propnet;
  readonly seconds: number;
}

/** Builds the propnet of a ground game (optimized; both component counts are in its stats). */
export function buildPropnetStage(game: GroundGame): PropnetStageResult {
  const [propnet, seconds] = timed(() => buildPropnet(game));
  return { propnet, seconds };
}

/** The size of a description the way the paper's Figure 4 measures it: literals of all rules but base/input. */
export function gdlSizeInLiterals(description: Description): number {
  let literals = 0;
  const count = (l: import("./syntax/ast.js").Literal): number => {
    switch (l.kind) {
      case "atom":
      case "distinct":
        return 1;
      case "not":
        return count(l.body);
      case "or":
        return l.disjuncts.reduce((sum, d) => sum + count(d), 0);
    }
  };
  for (const rule of description.rules) {
    if (rule.head.relation === "base" || rule.head.relation === "input") continue;
    literals += 1 + rule.body.reduce((sum, l) => sum + count(l), 0);
  }
  return literals;
}

export interface PlayableGame {
  readonly result: GroundResult;
  readonly propnet: Propnet;
  /** The state machine of the engine asked for (`PlayableOptions.engine`, default "fast"). */
  readonly machine: GameStateMachine;
  /** The notation the game file was read in. */
  readonly syntax?: GdlSyntax;
}

export interface PlayableOptions extends GroundStageOptions {
  /** "fast" (default) or "reference" (see src/propnet/machine.ts). */
  readonly engine?: EngineName;
  /**
   * Whether `result.game` keeps the ground game (default true). A player that needs only the
   * state machine leaves it out, before the machine is compiled: amazons' ground game is 600 MB
   * of heap that every full garbage collection of the compile and of the play goes over (its
   * fast compile took 2.4 s with it, 1.4 s without).
   */
  readonly keepGroundGame?: boolean;
}

/**
 * Everything up to a propnet state machine, for playing: positive cycles among views are
 * evaluated as least fixpoints; a cycle through negation is an error.
 */
export async function playableDescription(
  loaded: LoadResult,
  options: PlayableOptions,
): Promise<{ game: PlayableGame } | { diagnostics: readonly Diagnostic[]; status: GroundStatus }> {
  const path = loaded.file;
  const built = await groundAndBuild(loaded, options);
  if (!("propnet" in built)) return built;
  const { result, propnet } = built;
  const machine = compileMachine(propnet, { engine: options.engine ?? "fast" });
  if (isCompileError(machine)) {
    const cycle = machine.cycles?.[0]?.propositions.slice(0, 6).join(" ") ?? "";
    return {
      status: "error",
      diagnostics: [...result.diagnostics, diagnostic("error", "ground", path, NO_POSITION, `cannot play the propnet: ${machine.message}${cycle ? `: ${cycle}` : ""}`)],
    };
  }
  return { game: { result, propnet, machine, syntax: loaded.syntax } };
}

/**
 * Grounds and builds the propnet (`playableDescription` without the compile); the ground game
 * stays in the result only when `keepGroundGame` is not false (in its own function, so that
 * nothing else holds it).
 */
export async function groundAndBuild(
  loaded: LoadResult,
  options: PlayableOptions,
): Promise<{ result: GroundResult; propnet: Propnet } | { diagnostics: readonly Diagnostic[]; status: GroundStatus }> {
  const result = await groundDescription(loaded, options);
  if (!result.game) return { diagnostics: result.diagnostics, status: result.status };
  const { propnet, seconds } = buildPropnetStage(result.game);
  result.times.propnet = seconds;
  if (options.keepGroundGame !== false) return { result, propnet };
  const { game: _left, ...withoutGame } = result;
  return { result: withoutGame, propnet };
}
