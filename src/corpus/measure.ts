/**
 * One game of a corpus run: the whole pipeline (parse, check, translate, ground, extract,
 * propnet) with the time of each phase and the sizes, as one results row. A game whose grounding
 * times out or runs out of memory keeps that status and those times (they are the paper's
 * figures); after the timed run, what a player would get follows within a limit of its own
 * (`groundPartial`: P^base, the probe, the hybrid grounding when relations can be lifted), and the
 * row's `partial_*` columns say how the game is played: on a hybrid propnet or on the prover.
 */
import { groundAndBuild, groundPartial, type AspGrounder, type GroundResult, type LoadOptions, type LoadResult } from "../pipeline.js";
import { probeFor } from "../hybrid/probe.js";
import { gdlSizeInLiterals } from "../syntax/description.js";
import { loadFile } from "../node-pipeline.js";
import { emptyResultRow, type ResultRow } from "../report/results-file.js";
import type { TranslateFlags } from "../translate/index.js";
import { unplayableReason } from "../propnet/index.js";
import { Deadline } from "../deadline.js";
import { nodeHeapProbe } from "../node-heap.js";
import { describeProbe } from "../hybrid/relation-names.js";
import { describeLifted } from "../hybrid/lifting.js";
import { describeExported } from "../hybrid/below.js";

export interface MeasureOptions extends LoadOptions {
  readonly timeoutSeconds: number;
  /** The translate stage's flags (default: TRANSLATE_DEFAULTS). */
  readonly translate?: TranslateFlags;
  /** Build the propnet too (default true). */
  readonly propnet?: boolean;
  /**
   * After a grounding that timed out or ran out of memory, ground what a player gets instead
   * (P^base, and the hybrid grounding when relations can be lifted), within a time limit of its
   * own (`timeoutSeconds` again), for the `partial_*` columns (default false): the game may then
   * take twice `timeoutSeconds`.
   */
  readonly partial?: boolean;
}

const round = (x: number | undefined) => (x === undefined ? null : Math.round(x * 1e4) / 1e4);

/** Where a measurement is: the stage that started and what is known of the earlier ones. */
export type PhaseListener = (phase: string, detail: string) => void;

export async function measureGame(
  file: string,
  game: string,
  grounder: AspGrounder,
  options: MeasureOptions,
  onPhase: PhaseListener = () => undefined,
): Promise<ResultRow> {
  // the time limit covers the whole game: the checks and the stages after the grounding too
  const deadline = new Deadline(options.timeoutSeconds);
  const loaded = loadFile(file, { ...options, deadline });
  const row = emptyResultRow(game);
  row.parse_s = round(loaded.times.parse);
  row.check_s = round(loaded.times.check);
  if (loaded.description) row.gdl_literals = gdlSizeInLiterals(loaded.description);
  const firstError = (ds: readonly { severity: string; code: string; message: string; pos: { line: number; col: number } }[]) => {
    const d = ds.find((x) => x.severity === "error");
    if (!d) return "";
    // the status already says timeout / out-of-memory; other codes (syntax, bounded, ...) lead the reason
    const code = d.code === "timeout" || d.code === "out-of-memory" ? "" : `${d.code}: `;
    return `${code}${d.pos.line > 0 ? `${d.pos.line}:${d.pos.col}: ` : ""}${d.message}`;
  };
  if (!loaded.description) {
    row.status = loaded.diagnostics.some((d) => d.code === "timeout") ? "timeout" : "invalid";
    row.reason = firstError(loaded.diagnostics);
    row.total_s = round((loaded.times.parse ?? 0) + (loaded.times.check ?? 0));
    return row;
  }
  const result = await groundAndBuild(loaded, { ...options.translate, grounder, timeoutSeconds: options.timeoutSeconds, deadline, onPhase, propnet: options.propnet !== false, heapProbe: nodeHeapProbe });
  row.translate_s = round(result.times.translate);
  row.ground_s = round(result.times.ground);
  row.extract_s = round(result.times.extract);
  if (result.peakMemoryBytes !== undefined) row.peak_memory_mb = Math.round(result.peakMemoryBytes / 2 ** 20);
  if (result.peakHeapBytes?.extract !== undefined) row.extract_peak_mb = Math.round(result.peakHeapBytes.extract / 2 ** 20);
  if (result.peakHeapBytes?.propnet !== undefined) row.propnet_peak_mb = Math.round(result.peakHeapBytes.propnet / 2 ** 20);
  let total = ["parse", "check", "translate", "ground", "extract"].reduce(
    (sum, p) => sum + (result.times[p as keyof typeof result.times] ?? 0),
    0,
  );
  if (result.game) {
    row.ground_clauses = result.game.clauses.length;
    row.base_atoms = result.game.base.length;
    row.input_atoms = result.game.input.length;
  }
  if (result.status !== "ok" || !result.game) {
    // A corpus run has no Cancel button and no limit of ground rules (the paper's figure is the time
    // limit's): a cancelled or too-large grounding can only be an error here.
    row.status = result.status === "cancelled" || result.status === "too-large" ? "error" : result.status;
    row.reason = firstError(result.diagnostics);
    if (result.times.propnet !== undefined) row.propnet_s = round(result.times.propnet);
    row.total_s = round(total + (result.times.propnet ?? 0));
    if ((result.status === "timeout" || result.status === "out-of-memory") && result.program && options.partial === true && options.propnet !== false) {
      await measurePartial(row, loaded, result, grounder, options);
    }
    return row;
  }
  // an ok row's reason says what grounded it when that was not clingo-wasm, and why
  if (result.fallback !== undefined) row.reason = result.fallback;
  else if (result.grounder !== undefined && result.grounder !== "clingo-wasm") row.reason = `grounded by ${result.grounder}`;
  const propnet = result.propnet;
  if (propnet) {
    row.components_paper = propnet.stats.paperComponents;
    row.components_optimized = propnet.stats.optimizedComponents;
    // cycles of AND/OR gates (positive recursion among views) are evaluated as least fixpoints;
    // only a cycle through a NOT cannot be played. The check is part of the propnet phase's time.
    const checkStarted = performance.now();
    const unplayable = propnet.cycles.length > 0 ? unplayableReason(propnet) : undefined;
    const propnetSeconds = (result.times.propnet ?? 0) + (performance.now() - checkStarted) / 1000;
    row.propnet_s = round(propnetSeconds);
    total += propnetSeconds;
    if (unplayable) {
      row.status = "error";
      row.reason = `propnet: ${unplayable.message}, e.g. ${(unplayable.cycles?.[0]?.propositions ?? []).slice(0, 4).join(" ")}`;
    }
  }
  row.total_s = round(total);
  return row;
}

/**
 * The `partial_*` columns of a game that did not ground: what `play` and `loadGame` get after the
 * timed run (P^base with the probe beside it, then the hybrid grounding when the probe names
 * relations that can be lifted, else the grounding below the prover when one can be made). The base and input counts are those of the propnet played on.
 */
async function measurePartial(row: ResultRow, loaded: LoadResult, failed: GroundResult, grounder: AspGrounder, options: MeasureOptions): Promise<void> {
  const deadline = new Deadline(options.timeoutSeconds);
  const reason = failed.diagnostics.find((d) => d.severity === "error")?.message ?? failed.status;
  const partial = (await groundPartial(loaded, failed, { ...options.translate, grounder, timeoutSeconds: options.timeoutSeconds, deadline, probe: probeFor(grounder), keepGroundGame: false }, reason)).partial;
  if (!partial) return;
  row.partial_s = round(partial.seconds);
  row.partial_base_atoms = partial.baseFluents;
  row.partial_input_atoms = partial.inputs;
  row.partial_probe = partial.probe ? describeProbe(partial.probe) : "";
  row.partial_lifted = partial.lifted ? describeLifted(partial.lifted) : "";
  row.partial_below = partial.below ? describeExported(partial.below.exported) + ` (${partial.below.atoms} atoms)` : "";
}
