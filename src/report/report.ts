/**
 * The results report in one call, for the CLI: read our results file, the reference file and the
 * ablation runs, draw the plots into `<outDir>/plots/`, and write `<outDir>/README.md`.
 * Problems reading the files come back as diagnostics; a file that cannot be read is left out.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { drawPlots } from "./plots.js";
import {
  readReferenceFile,
  readResultsFile,
  type ExtraRun,
  type ReferenceRow,
} from "./results-file.js";
import { renderResultsReadme } from "./summary.js";

export interface ResultsReportOptions {
  oursFile: string;
  oursLabel?: string;
  referenceFile?: string;
  referenceLabel?: string;
  extraFiles?: { label: string; file: string }[];
  /** Folder of README.md; plots go to its `plots/` subfolder. */
  outDir: string;
  timeLimitSeconds?: number;
  /** Free lines about how the run was made, listed at the top of the page. */
  context?: string[];
  /** Skip drawing (the page then has no plots). */
  noPlots?: boolean;
}

export interface ResultsReport {
  readmePath: string;
  plotPaths: string[];
  diagnostics: Diagnostic[];
}

export async function writeResultsReport(options: ResultsReportOptions): Promise<ResultsReport> {
  const diagnostics: Diagnostic[] = [];
  const ours = await readResultsFile(options.oursFile);
  for (const d of ours.diagnostics) diagnostics.push(d);
  let reference: ReferenceRow[] | undefined;
  if (options.referenceFile) {
    const read = await readReferenceFile(options.referenceFile);
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.rows.length > 0) reference = read.rows;
  }
  const extraRuns: ExtraRun[] = [];
  for (const extra of options.extraFiles ?? []) {
    const read = await readResultsFile(extra.file);
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.rows.length > 0) extraRuns.push({ label: extra.label, rows: read.rows });
  }
  const common = {
    ours: ours.rows,
    oursLabel: options.oursLabel ?? "gdl-ground",
    reference,
    referenceLabel: options.referenceLabel ?? "GGP-Base",
    extraRuns,
    timeLimitSeconds: options.timeLimitSeconds ?? 60,
  };
  await mkdir(options.outDir, { recursive: true });
  const plotPaths = options.noPlots ? [] : await drawPlots({ ...common, outDir: path.join(options.outDir, "plots") });
  const readmePath = path.join(options.outDir, "README.md");
  const markdown = renderResultsReadme({
    ...common,
    plots: plotPaths,
    readmeDir: options.outDir,
    context: options.context,
  });
  await writeFile(readmePath, markdown, "utf8");
  return { readmePath, plotPaths, diagnostics };
}
