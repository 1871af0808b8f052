/**
 * `gdl-ground GAME`: ground a game and print it as variable-free GDL (or P with --asp, or the
 * propnet summary with --propnet), with per-phase times and sizes on request.
 *
 * The grounder is started first, so that clingo compiles and its worker starts while the game
 * is read, checked and translated; output paths are checked before any work, so a bad `-o`
 * fails at once. With `--json` stdout gets exactly one JSON document whatever happens (see
 * `GroundJson`), and stderr stays quiet.
 */
import { diagnostic, diagnosticToJson, formatDiagnostic, type Diagnostic, type DiagnosticJson, NO_POSITION } from "../diagnostics.js";
import type { Tiering } from "./tiering.js";
import { probeFor } from "../hybrid/probe.js";
import { describeLifted } from "../hybrid/lifting.js";
import { describeExported, type BelowGrounding } from "../hybrid/below.js";
import { groundAndBuild, type GroundAndBuildResult, type GroundResult, type GroundStatus, type PartialGrounding } from "../pipeline.js";
import { PHASES, totalSeconds, type PhaseTimes } from "../phases.js";
import { loadFile } from "../node-pipeline.js";
import { nodeHeapProbe } from "../node-heap.js";
import { checkOutputs, writeTarget, type NamedOutput, type OutputTarget } from "../output-file.js";
import { Deadline } from "../deadline.js";
import { printGroundGameBytes } from "../ground/print-ground.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import type { Dialect } from "../syntax/description.js";
import type { GroundGame } from "../ground/ground-game.js";
import { startGrounder, type WasmTier } from "../ground/index.js";
import type { AspGrounder, ClosableGrounder, GrounderKind } from "../ground/asp-grounder.js";
import { propnetDotBytes, propnetJsonBytes, type Propnet, type PropnetStats } from "../propnet/index.js";
import { translateFlags, type TranslateFlags } from "../translate/flags.js";
import type { Output } from "./output.js";

/** The parsed options of `gdl-ground GAME`; the translate stage's flags among them. */
export interface GroundCommandOptions extends TranslateFlags {
  readonly output?: string;
  readonly propnet?: boolean;
  readonly propnetOut?: string;
  readonly asp?: boolean;
  readonly stats?: boolean;
  readonly json?: boolean;
  /** The time limit of the whole run, in seconds. */
  readonly timeout: number;
  /** With --propnet: the full grounding stops after this many ground rules (default pipeline.ts's MAX_GROUND_RULES; Infinity: none). */
  readonly maxGroundRules?: number;
  readonly baseInput: boolean;
  readonly grounder: GrounderKind;
  /** How V8 compiles clingo-wasm (default baseline: one game per process). */
  readonly wasmTier?: WasmTier;
  /** The notation of the input (default: sniffed). */
  readonly syntax?: GdlSyntax | "auto";
  /** The notation of the printed ground game and of GDL quoted in messages (default: the input's). */
  readonly to?: GdlSyntax;
  /** Keep the case of non-keyword symbols, as GGP-Base does. */
  readonly caseSensitive?: boolean;
}

/** What `--json` prints: one document, whatever happened. */
export interface GroundJson {
  readonly file: string;
  /**
   * ok, or why not: partial (with --propnet: the game did not ground, P^base did; exit 0), invalid
   * (the checks failed), unreadable, usage, timeout, out-of-memory, error.
   */
  readonly status: GroundStatus | "unreadable" | "usage";
  /** The process's exit code: 0 ok, 1 invalid game or grounding failed, 2 usage or file error. */
  readonly exitCode: number;
  readonly diagnostics: readonly DiagnosticJson[];
  readonly seconds: Readonly<Record<string, number>>;
  readonly sizes: GroundSizes | null;
  readonly propnet: PropnetReport | null;
  /** `gdl1`, or `gdl2` for a GDL-II description (random, sees); null when the file could not be parsed. */
  readonly dialect: Dialect | null;
  /** With status partial: why the game did not ground, and what P^base (or the hybrid grounding) gave (null otherwise). */
  readonly partial: PartialGroundingJson | null;
}

/** Sizes of one grounding (null where the pipeline did not get that far). */
export interface GroundSizes {
  /** Rules and facts of the description. */
  readonly gdlRules: number | null;
  /** Rules and facts of P (the ASP program), generators included. */
  readonly aspRules: number | null;
  /** Rules split off by existential-variable splitting. */
  readonly splits: number | null;
  /** Rules removed by relevance pruning (nothing uses them). */
  readonly prunedRules: number | null;
  /** Rules replaced by versions specialized to the ground arguments their uses need (relevance pruning). */
  readonly specializedRules: number | null;
  /** Rules (facts included) of clingo's ground program, before extraction. */
  readonly groundRules: number | null;
  /** Clauses of the ground game after extraction (static relations evaluated away). */
  readonly groundClauses: number | null;
  readonly groundAtoms: number | null;
  readonly base: number | null;
  readonly input: number | null;
  /** Ground `sees` atoms (GDL-II's percepts) of the ground game: 0 for a GDL-I game. */
  readonly sees: number | null;
  /** clingo-wasm's heap at the end of the grounding, MiB (it only grows); null for a native grounder. */
  readonly peakMemoryMb: number | null;
  /** The heap's peak during extraction, MiB (V8's heap and array buffers, sampled after each pass: heap-peak.ts). */
  readonly extractPeakHeapMb: number | null;
  /** The heap's peak during the propnet build, MiB (as extractPeakHeapMb); null without a propnet. */
  readonly propnetPeakHeapMb: number | null;
  /** Bytes of the ground program (aspif) read from the grounder, streamed. */
  readonly aspifBytes: number | null;
  /** What grounded the program: `clingo-wasm`, or the path of a native gringo/clingo; null when nothing did. */
  readonly grounder: string | null;
  /** Set when `--grounder auto` fell back from a native gringo that could not be used to clingo-wasm: what happened. */
  readonly fallback: string | null;
}

/**
 * Component counts of a propnet, as `--json` names them (see the README: "What the counts
 * mean"): the propnet's own stats, with `graphComponents` (everything in the optimized graph:
 * optimizedComponents plus transitions and constants) and `cycles` (cycles of gates: positive
 * recursion among views, evaluated as least fixpoints).
 */
export interface PropnetReport
  extends Pick<PropnetStats, "paperComponents" | "optimizedComponents" | "propositions" | "ands" | "ors" | "nots" | "transitions" | "constants" | "links"> {
  readonly graphComponents: number;
  readonly cycles: number;
}

const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The outputs of one run, resolved before any work. */
interface Targets {
  readonly output?: OutputTarget;
  readonly propnetOut?: OutputTarget;
}

/**
 * `started` is a grounder the caller began to start already (main.ts does, before this module
 * loads); without it one is started here. `tiering` is told where each stage starts (tiering.ts).
 * `--timeout` is the time limit of the whole run: it starts now.
 */
export async function runGround(
  file: string,
  options: GroundCommandOptions,
  io: Output,
  started?: Promise<ClosableGrounder | { error: string }>,
  tiering?: Tiering,
): Promise<number> {
  const deadline = new Deadline(options.timeout);
  const report = new Reporter(file, options, io);
  // Start clingo now (if the caller has not): it compiles and its worker starts while the game
  // is read and checked.
  const starting = options.asp ? undefined : (started ?? startGrounder(options.grounder, { wasmTier: options.wasmTier }));
  try {
    // Options and output paths first: a typo in -o must not cost a grounding.
    const usage = (message: string) => report.end("usage", EXIT.usage, [diagnostic("error", "usage", file, NO_POSITION, message)]);
    if (options.asp && (options.propnet || options.propnetOut !== undefined)) {
      return usage(`--asp prints the program P without grounding it, so there is no propnet: leave out ${options.propnet ? "--propnet" : "--propnet-out"} or --asp`);
    }
    if (options.asp && options.json && options.output === undefined) return usage("with --json, stdout carries the JSON document: write P to a file with -o");
    const named: NamedOutput[] = [];
    if (options.output !== undefined) named.push({ option: "-o", path: options.output });
    if (options.propnetOut !== undefined) named.push({ option: "--propnet-out", path: options.propnetOut });
    const checked = checkOutputs({ outputs: named, inputs: [file], stdoutTaken: options.json ? "the JSON document (--json)" : undefined });
    if (!checked.ok) return report.end("usage", EXIT.usage, [checked.diagnostic]);
    const targets: Targets = {
      output: options.output !== undefined ? checked.targets[0] : undefined,
      propnetOut: options.propnetOut !== undefined ? checked.targets[named.length - 1] : undefined,
    };
    const grounder = await starting;
    if (grounder && "error" in grounder) return usage(grounder.error);
    return await groundWith(grounder, file, options, targets, deadline, io, report, tiering);
  } finally {
    const grounder = await starting;
    if (grounder && !("error" in grounder)) await grounder.close();
  }
}

/**
 * `grounder` with a tiering checkpoint at every piece of the ground program it streams: clingo-wasm
 * grounding on the main thread (started by bin/gdl-ground.js) holds the event loop, so the start-up
 * window's timer cannot end it, and the aspif reader ran unoptimized through a long grounding.
 */
function checkpointed(grounder: AspGrounder, tiering: Tiering): AspGrounder {
  return {
    ground: (program, options) => {
      const onOutput = options.onOutput;
      if (onOutput === undefined) return grounder.ground(program, options);
      return grounder.ground(program, {
        ...options,
        onOutput: (chunk) => {
          tiering.checkpoint();
          onOutput(chunk);
        },
      });
    },
  };
}

async function groundWith(
  grounder: ClosableGrounder | undefined,
  file: string,
  options: GroundCommandOptions,
  targets: Targets,
  deadline: Deadline,
  io: Output,
  report: Reporter,
  tiering: Tiering | undefined,
): Promise<number> {
  const loaded = loadFile(file, { syntax: options.syntax, messageSyntax: options.to, caseSensitive: options.caseSensitive, deadline });
  report.times = loaded.times;
  report.dialect = loaded.dialect;
  if (!loaded.description) {
    const unreadable = loaded.diagnostics.some((d) => d.code === "io");
    const outOfTime = loaded.diagnostics.some((d) => d.code === "timeout");
    return report.end(unreadable ? "unreadable" : outOfTime ? "timeout" : "invalid", unreadable ? EXIT.usage : EXIT.failed, loaded.diagnostics);
  }
  const stdoutTarget: OutputTarget = { kind: "stdout" };

  if (options.asp || !grounder) {
    const { translate } = await import("../translate/index.js");
    const { program, diagnostics } = translate(loaded.description, translateFlags(options));
    if (!program) return report.end("error", EXIT.failed, [...loaded.diagnostics, ...diagnostics]);
    report.note([...loaded.diagnostics, ...diagnostics]);
    if (!emit(program.text, targets.output ?? stdoutTarget, options.output ?? "-", io, report)) return report.end("error", EXIT.usage, []);
    return report.end("ok", EXIT.ok, []);
  }

  const result = await groundAndBuild(loaded, {
    ...translateFlags(options),
    grounder: tiering ? checkpointed(grounder, tiering) : grounder,
    timeoutSeconds: options.timeout,
    deadline,
    onPhase: () => tiering?.checkpoint(),
    heapProbe: nodeHeapProbe,
    propnet: Boolean(options.propnet || options.propnetOut),
    // a propnet is asked for: a game too large to ground gives the partial propnet of P^base
    tooLarge: options.propnet || options.propnetOut ? "partial" : "fail",
    maxGroundRules: options.maxGroundRules,
    probe: probeFor(grounder),
  });
  report.result = result;
  report.times = result.times;
  if (result.status === "partial" && result.propnet) {
    report.note(result.diagnostics);
    report.propnet = result.propnet;
    report.partial = result.partial;
    if (targets.propnetOut && options.propnetOut !== undefined) {
      const text = options.propnetOut.endsWith(".dot") ? propnetDotBytes(result.propnet) : propnetJsonBytes(result.propnet);
      if (!emit(text, targets.propnetOut, options.propnetOut, io, report)) return report.end("error", EXIT.usage, []);
    }
    if (!options.json && options.propnet) io.out(formatPartialSummary(result, result.propnet));
    return report.end("partial", EXIT.ok, []);
  }
  if (result.status !== "ok" || !result.game) return report.end(result.status, EXIT.failed, result.diagnostics);
  report.note(result.diagnostics);

  const propnet = result.propnet;
  report.propnet = propnet;
  if (propnet && targets.propnetOut && options.propnetOut !== undefined) {
    const text = options.propnetOut.endsWith(".dot") ? propnetDotBytes(propnet) : propnetJsonBytes(propnet);
    if (!emit(text, targets.propnetOut, options.propnetOut, io, report)) return report.end("error", EXIT.usage, []);
  }
  const groundKif = () =>
    printGroundGameBytes(result.game!, {
      baseAndInput: options.baseInput,
      header: `ground by gdl-ground from ${file}${options.caseSensitive ? " (read case-sensitively: read it back with --case-sensitive)" : ""}`,
      syntax: options.to ?? loaded.syntax ?? "kif",
    });
  if (options.json || (options.propnet && propnet)) {
    if (targets.output && options.output !== undefined && !emit(groundKif(), targets.output, options.output, io, report)) return report.end("error", EXIT.usage, []);
    if (!options.json && propnet) {
      io.out(formatPropnetSummary(result, propnet));
      if (options.stats) io.err(formatStats(result));
    }
    return report.end("ok", EXIT.ok, []);
  }
  const output = targets.output ?? stdoutTarget;
  if (!emit(groundKif(), output, options.output ?? "-", io, report)) return report.end("error", EXIT.usage, []);
  if (options.stats) {
    // beside the ground game on stdout the statistics go to stderr; beside a file, to stdout
    const text = formatStats(result);
    if (output.kind === "stdout" || output.kind === "descriptor") io.err(text);
    else io.out(text);
  }
  return report.end("ok", EXIT.ok, []);
}

/** Writes one output (a target resolved for `path`); a failure is reported and false returned. */
function emit(text: string | Uint8Array, target: OutputTarget, path: string, io: Output, report: Reporter): boolean {
  const written = writeTarget(target, path, text, io);
  if (!written.ok) report.note([written.diagnostic]);
  return written.ok;
}

/** Collects what a run says, and says it at the end: as text on stderr, or as one JSON document. */
class Reporter {
  times: PhaseTimes = {};
  dialect: Dialect | undefined;
  result: GroundResult | undefined;
  propnet: Propnet | undefined;
  partial: PartialGrounding | undefined;
  private readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly file: string,
    private readonly options: GroundCommandOptions,
    private readonly io: Output,
  ) {}

  /** Diagnostics to report (printed at once in text mode, so warnings come before the output). */
  note(diagnostics: readonly Diagnostic[]): void {
    for (const d of diagnostics) {
      if (d.severity === "note" || this.diagnostics.includes(d)) continue;
      this.diagnostics.push(d);
      if (!this.options.json) this.io.err(formatDiagnostic(d) + "\n");
    }
  }

  end(status: GroundJson["status"], exitCode: number, diagnostics: readonly Diagnostic[]): number {
    this.note(diagnostics);
    if (this.options.json) {
      const json: GroundJson = {
        file: this.file,
        status,
        exitCode,
        diagnostics: this.diagnostics.map(diagnosticToJson),
        seconds: phaseSeconds(this.times),
        sizes: this.result ? groundSizes(this.result) : null,
        dialect: this.dialect ?? null,
        propnet: this.propnet ? propnetReport(this.propnet) : null,
        // the lifted relations with their sizes (their atoms are many: sudoku's goodsquare has 64)
        partial: this.partial ? partialJson(this.partial) : null,
      };
      this.io.out(JSON.stringify(json, null, 2) + "\n");
    }
    return exitCode;
  }
}

function phaseSeconds(times: PhaseTimes): Record<string, number> {
  return {
    ...Object.fromEntries(PHASES.filter((p) => times[p] !== undefined).map((p) => [p, round(times[p]!)])),
    total: round(totalSeconds(times)),
  };
}

/** The ground `sees` atoms that some clause derives (GDL-II's percepts). */
function countSees(game: GroundGame): number {
  const heads = new Set<number>();
  const { head } = game.clauses;
  for (let c = 0; c < game.clauses.length; c++) if (game.atoms.relation[head[c]] === "sees") heads.add(head[c]);
  return heads.size;
}

/** Sizes of one grounding, for --stats and --json. */
export function groundSizes(result: GroundResult): GroundSizes {
  const stats = result.program?.stats;
  return {
    gdlRules: stats?.gdlRules ?? null,
    aspRules: stats?.aspRules ?? null,
    splits: stats?.splits ?? null,
    prunedRules: stats?.prunedRules ?? null,
    specializedRules: stats?.specializedRules ?? null,
    groundRules: result.groundRules ?? null,
    groundClauses: result.game?.clauses.length ?? null,
    groundAtoms: result.game?.atoms.length ?? null,
    base: result.game?.base.length ?? null,
    input: result.game?.input.length ?? null,
    sees: result.game ? countSees(result.game) : null,
    peakMemoryMb: result.peakMemoryBytes !== undefined ? Math.round(result.peakMemoryBytes / 2 ** 20) : null,
    extractPeakHeapMb: mebibytes(result.peakHeapBytes?.extract),
    propnetPeakHeapMb: mebibytes(result.peakHeapBytes?.propnet),
    aspifBytes: result.progress?.bytes ?? null,
    grounder: result.grounder ?? null,
    fallback: result.fallback ?? null,
  };
}

function mebibytes(bytes: number | undefined): number | null {
  return bytes !== undefined ? Math.round(bytes / 2 ** 20) : null;
}

/** `parse 0.005, check 0.006, ...; total 0.206` */
function formatPhaseTimes(times: PhaseTimes): string {
  const phases = PHASES.filter((phase) => times[phase] !== undefined).map((phase) => `${phase} ${times[phase]!.toFixed(3)}`);
  return `${phases.join(", ")}; total ${totalSeconds(times).toFixed(3)}`;
}

function round(seconds: number): number {
  return Math.round(seconds * 10000) / 10000;
}

/** `/usr/bin/gringo`, or `clingo-wasm (/usr/bin/gringo could not be used (...); grounded by clingo-wasm instead)`. */
function grounderLine(grounder: string, fallback: string | undefined): string {
  return fallback !== undefined ? `${grounder} (${fallback})` : grounder;
}

export function formatStats(result: GroundResult): string {
  const r = groundSizes(result);
  const show = (n: number | null) => (n === null ? "-" : String(n));
  return [
    `${result.file}: ${result.status}`,
    `  time (s):     ${formatPhaseTimes(result.times)}`,
    `  GDL rules:    ${show(r.gdlRules)}    ASP rules: ${show(r.aspRules)} (splits ${show(r.splits)}; relevance pruning: ${show(r.prunedRules)} removed, ${show(r.specializedRules)} specialized)`,
    `  ground:       ${show(r.groundRules)} rules from clingo -> ${show(r.groundClauses)} clauses over ${show(r.groundAtoms)} atoms`,
    `  base ${show(r.base)}, input ${show(r.input)}${r.sees ? `, sees ${r.sees}` : ""}`,
    `  memory:       grounder peak ${r.peakMemoryMb !== null ? `${r.peakMemoryMb} MiB (clingo-wasm heap)` : "- (native: not measured)"}, aspif ${r.aspifBytes !== null ? `${(r.aspifBytes / 2 ** 20).toFixed(1)} MiB streamed` : "-"}`,
    ...(r.extractPeakHeapMb !== null
      ? [`  heap peak:    extract ${r.extractPeakHeapMb} MiB${r.propnetPeakHeapMb !== null ? `, propnet ${r.propnetPeakHeapMb} MiB` : ""} (JavaScript heap and array buffers)`]
      : []),
    ...(r.grounder !== null ? [`  grounder:     ${grounderLine(r.grounder, r.fallback ?? undefined)}`] : []),
    "",
  ].join("\n");
}

/** The propnet's sizes, for --json. */
export function propnetReport(propnet: Propnet): PropnetReport {
  const st = propnet.stats;
  return {
    paperComponents: st.paperComponents,
    optimizedComponents: st.optimizedComponents,
    graphComponents: st.components,
    propositions: st.propositions,
    ands: st.ands,
    ors: st.ors,
    nots: st.nots,
    transitions: st.transitions,
    constants: st.constants,
    links: st.links,
    cycles: propnet.cycles.length,
  };
}

/** `PartialGrounding` in `--json`: each lifted relation with its number of atoms, not the atoms. */
export type PartialGroundingJson = Omit<PartialGrounding, "lifted" | "below"> & {
  readonly lifted?: readonly { readonly relation: string; readonly arity: number; readonly fluent: string; readonly atoms: number }[];
  /** What was ground below the prover: the relations, the exported ones, the size of the below propnet (not the propnet). */
  readonly below?: Omit<BelowGrounding, "propnet"> & { readonly components: number };
};

function partialJson(partial: PartialGrounding): PartialGroundingJson {
  const { lifted, below, ...rest } = partial;
  return {
    ...rest,
    ...(lifted ? { lifted: lifted.map((r) => ({ relation: r.relation, arity: r.arity, fluent: r.fluent, atoms: r.atoms.length })) } : {}),
    ...(below ? { below: { relations: below.relations, exported: below.exported, role: below.role, atoms: below.atoms, components: below.propnet.components.length } } : {}),
  };
}

/** `--propnet` on a game that did not ground: why, and the partial propnet (P^base's, or the hybrid grounding's) it is played over. */
export function formatPartialSummary(result: GroundAndBuildResult, propnet: Propnet): string {
  const p = propnet.stats.propositions;
  const lifted = result.partial?.lifted;
  if (lifted) {
    return [
      `${result.file}: partial propnet (the game did not ground; a hybrid propnet, its lifted relations asked of the prover per state)`,
      `  why: ${result.partial?.reason ?? result.status}`,
      `  lifted: ${describeLifted(lifted)}`,
      `  propositions: base ${p.base} (${lifted.reduce((n, r) => n + r.atoms.length, 0)} at most for lifted atoms), input ${p.input}; ${propnet.components.length} components`,
      `  time (s): ${formatPhaseTimes(result.times)}`,
      "",
    ].join("\n");
  }
  return [
    `${result.file}: partial propnet (the game did not ground; it is played on the prover)`,
    `  why: ${result.partial?.reason ?? result.status}`,
    `  P^base: base ${p.base}, input ${p.input} propositions; no gate (legal, next, terminal and goal are the prover's)`,
    ...belowLines(result.partial),
    `  time (s): ${formatPhaseTimes(result.times)}`,
    "",
  ].join("\n");
}

/** What was ground below the prover, or why nothing was, when that was tried. */
function belowLines(partial: PartialGrounding | undefined): string[] {
  const below = partial?.below;
  if (below) {
    const exported = describeExported(below.exported);
    return [`  ground below the prover: ${exported} (${below.atoms} atoms that can hold, read by the prover per state as fluents), over ${below.relations.length} relations: ${below.propnet.components.length} components`];
  }
  return partial?.belowFailed ? [`  nothing ground below the prover: ${partial.belowFailed}`] : [];
}

export function formatPropnetSummary(result: GroundResult, propnet: Propnet): string {
  const st = propnet.stats;
  const p = st.propositions;
  const propositions = Object.values(p).reduce((a, b) => a + b, 0);
  return [
    `${result.file}: propnet`,
    `  components (the paper's count, no optimization): ${st.paperComponents}`,
    `  components (after our optimizations):            ${st.optimizedComponents}`,
    `  propositions ${propositions}: base ${p.base}, input ${p.input}, legal ${p.legal}, goal ${p.goal}, terminal ${p.terminal}, init ${p.init}, next ${p.next}` +
      (p.sees > 0 ? `, sees ${p.sees}` : "") +
      (p.view > 0 ? `, view ${p.view}` : " (views are the gates that compute them)"),
    `  gates: and ${st.ands}, or ${st.ors}, not ${st.nots}; transitions ${st.transitions}; constants ${st.constants}; links ${st.links}`,
    ...(propnet.cycles.length > 0 ? [`  cycles of gates (positive recursion, evaluated as least fixpoints): ${propnet.cycles.length}`] : []),
    `  time (s): ${formatPhaseTimes(result.times)}`,
    ...(result.grounder !== undefined ? [`  grounder: ${grounderLine(result.grounder, result.fallback)}`] : []),
    "",
  ].join("\n");
}
