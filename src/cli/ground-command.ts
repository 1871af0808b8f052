/**
 * `gdl-ground GAME`: ground a game and print it as variable-free GDL (or P with --asp, or the
 * propnet summary with --propnet), with per-phase times and sizes on request.
 */
import { formatDiagnostic } from "../diagnostics.js";
import { groundDescription, type GroundResult, type PhaseTimes } from "../pipeline.js";
import { loadFile } from "../io.js";
import { groundGameToKif } from "../ground/print-ground.js";
import { writeOutput } from "../output-file.js";
import type { Output } from "./io.js";
import { createGrounder, type GrounderKind } from "../ground/index.js";
import { buildPropnetStage } from "../pipeline.js";
import { propnetToDot, propnetToJson, type Propnet } from "../propnet/index.js";

export interface GroundCommandOptions {
  readonly output?: string;
  readonly propnet?: boolean;
  readonly propnetOut?: string;
  readonly asp?: boolean;
  readonly stats?: boolean;
  readonly json?: boolean;
  readonly timeout: number;
  readonly split: boolean;
  readonly prune: boolean;
  readonly declaredBaseInput?: boolean;
  readonly leanBase?: boolean;
  readonly demand?: boolean;
  readonly baseInput: boolean;
  readonly grounder: GrounderKind;
}

export const PHASES: readonly (keyof PhaseTimes)[] = ["parse", "check", "translate", "ground", "extract", "propnet"];

export async function runGround(file: string, options: GroundCommandOptions, io: Output): Promise<number> {
  const loaded = loadFile(file);
  for (const d of loaded.diagnostics) if (d.severity !== "note") io.err(formatDiagnostic(d) + "\n");
  if (!loaded.description) return loaded.diagnostics.some((d) => d.code === "io") ? 2 : 1;

  if (options.asp) {
    const { translate } = await import("../translate/index.js");
    const { program, diagnostics } = translate(loaded.description, options);
    for (const d of diagnostics) io.err(formatDiagnostic(d) + "\n");
    if (!program) return 1;
    return emit(program.text, options.output, io);
  }

  const grounder = await createGrounder(options.grounder);
  if ("error" in grounder) {
    io.err(`gdl-ground: error[usage]: ${grounder.error}\n`);
    return 2;
  }
  let result: GroundResult;
  try {
    result = await groundDescription(loaded, { ...options, grounder, timeoutSeconds: options.timeout });
  } finally {
    await grounder.close();
  }
  for (const d of result.diagnostics.slice(loaded.diagnostics.length)) io.err(formatDiagnostic(d) + "\n");
  let propnet: Propnet | undefined;
  if (result.game && (options.propnet || options.propnetOut)) {
    const built = buildPropnetStage(result.game);
    propnet = built.propnet;
    result.times.propnet = built.seconds;
    for (const w of propnet.warnings.slice(0, 20)) io.err(`${file}: warning[propnet]: ${w}\n`);
    if (options.propnetOut) {
      const text = options.propnetOut.endsWith(".dot") ? propnetToDot(propnet) : JSON.stringify(propnetToJson(propnet));
      if (emit(text, options.propnetOut, io) !== 0) return 2;
    }
  }
  if (options.json) {
    io.out(JSON.stringify({ ...groundReport(result), propnet: propnet ? propnetReport(propnet) : null }, null, 2) + "\n");
    if (!result.game) return 1;
    if (options.output && emit(groundGameToKif(result.game, { baseAndInput: options.baseInput }), options.output, io) !== 0) return 2;
    return 0;
  }
  if (!result.game) return 1;
  if (options.propnet && propnet) {
    if (options.output && emit(groundGameToKif(result.game, { baseAndInput: options.baseInput }), options.output, io) !== 0) return 2;
    io.out(formatPropnetSummary(result, propnet));
    return 0;
  }
  const kif = groundGameToKif(result.game, {
    baseAndInput: options.baseInput,
    header: `ground by gdl-ground from ${file}`,
  });
  const code = emit(kif, options.output, io);
  if (options.stats) {
    const text = formatStats(result);
    if (options.output) io.out(text);
    else io.err(text);
  }
  return code;
}

function emit(text: string, output: string | undefined, io: Output): number {
  if (!output) {
    io.out(text);
    return 0;
  }
  const written = writeOutput(output, text, io.out);
  if (written.ok) return 0;
  io.err(formatDiagnostic(written.diagnostic) + "\n");
  return 2;
}

/** Sizes and times of one grounding, for --stats and --json. */
export function groundReport(result: GroundResult) {
  const stats = result.program?.stats;
  const total = totalSeconds(result.times);
  return {
    file: result.file,
    status: result.status,
    seconds: { ...Object.fromEntries(PHASES.filter((p) => result.times[p] !== undefined).map((p) => [p, round(result.times[p]!)])), total: round(total) },
    gdlRules: stats?.gdlRules ?? null,
    aspRules: stats?.aspRules ?? null,
    splits: stats?.splits ?? null,
    prunedRules: stats?.prunedRules ?? null,
    groundRules: result.groundRules ?? null,
    groundClauses: result.game?.clauses.length ?? null,
    groundAtoms: result.game?.atoms.length ?? null,
    base: result.game?.base.length ?? null,
    input: result.game?.input.length ?? null,
    /** clingo-wasm's heap at the end of the run (it only grows); null for a native grounder. */
    peakMemoryMb: result.peakMemoryBytes !== undefined ? Math.round(result.peakMemoryBytes / 2 ** 20) : null,
    aspifBytes: result.progress?.bytes ?? null,
    fallback: result.fallback ?? null,
    diagnostics: result.diagnostics
      .filter((d) => d.severity !== "note")
      .map((d) => ({ severity: d.severity, code: d.code, message: d.message, line: d.pos.line, col: d.pos.col })),
  };
}

function totalSeconds(times: PhaseTimes): number {
  return PHASES.reduce((sum, phase) => sum + (times[phase] ?? 0), 0);
}

/** `parse 0.005, check 0.006, ...; total 0.206` */
function formatPhaseTimes(times: PhaseTimes): string {
  const phases = PHASES.filter((phase) => times[phase] !== undefined).map((phase) => `${phase} ${times[phase]!.toFixed(3)}`);
  return `${phases.join(", ")}; total ${totalSeconds(times).toFixed(3)}`;
}

function round(seconds: number): number {
  return Math.round(seconds * 10000) / 10000;
}

export function formatStats(result: GroundResult): string {
  const r = groundReport(result);
  return [
    `${r.file}: ${r.status}`,
    `  time (s):     ${formatPhaseTimes(result.times)}`,
    `  GDL rules:    ${r.gdlRules ?? "-"}    ASP rules: ${r.aspRules ?? "-"} (splits ${r.splits ?? "-"}, pruned ${r.prunedRules ?? "-"})`,
    `  ground:       ${r.groundRules ?? "-"} rules from clingo -> ${r.groundClauses ?? "-"} clauses over ${r.groundAtoms ?? "-"} atoms`,
    `  base ${r.base ?? "-"}, input ${r.input ?? "-"}`,
    `  memory:       grounder peak ${r.peakMemoryMb !== null ? `${r.peakMemoryMb} MiB (clingo-wasm heap)` : "- (native: not measured)"}, aspif ${r.aspifBytes !== null ? `${(r.aspifBytes / 2 ** 20).toFixed(1)} MiB streamed` : "-"}`,
    ...(r.fallback !== null ? [`  grounder:     ${r.fallback}`] : []),
    "",
  ].join("\n");
}

/** The propnet's sizes, for --json. */
export function propnetReport(propnet: Propnet) {
  const st = propnet.stats;
  return {
    propositions: st.propositions,
    ands: st.ands,
    ors: st.ors,
    nots: st.nots,
    transitions: st.transitions,
    constants: st.constants,
    links: st.links,
    components: st.components,
    paperComponents: st.paperComponents,
    optimizedComponents: st.optimizedComponents,
    cycles: propnet.cycles.length,
  };
}

export function formatPropnetSummary(result: GroundResult, propnet: Propnet): string {
  const st = propnet.stats;
  const p = st.propositions;
  const propositions = Object.values(p).reduce((a, b) => a + b, 0);
  return [
    `${result.file}: propnet`,
    `  components (the paper's count, no optimization): ${st.paperComponents}`,
    `  components (after our optimizations):            ${st.optimizedComponents}`,
    `  propositions ${propositions}: base ${p.base}, input ${p.input}, legal ${p.legal}, goal ${p.goal}, terminal ${p.terminal}, init ${p.init}, next ${p.next}, view ${p.view}`,
    `  gates: and ${st.ands}, or ${st.ors}, not ${st.nots}; transitions ${st.transitions}; constants ${st.constants}; links ${st.links}`,
    ...(propnet.cycles.length > 0 ? [`  cycles of gates (positive recursion, evaluated as least fixpoints): ${propnet.cycles.length}`] : []),
    `  time (s): ${formatPhaseTimes(result.times)}`,
    "",
  ].join("\n");
}
