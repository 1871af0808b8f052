/**
 * `gdl-ground plot RESULTS`: the paper's plots (SVG and PNG) and a results page from a corpus
 * results file, optionally next to a reference grounder's file and ablation runs.
 */
import { existsSync } from "node:fs";
import { formatDiagnostic } from "../diagnostics.js";
import { writeResultsReport } from "../report/report.js";
import type { Output } from "./io.js";

export interface PlotCommandOptions {
  readonly reference?: string;
  readonly referenceLabel: string;
  readonly label: string;
  /** `label=file` pairs of more runs (ablations), repeatable. */
  readonly run?: string[];
  readonly outDir: string;
  readonly timeout: number;
  readonly context?: string[];
}

export async function runPlot(results: string, options: PlotCommandOptions, io: Output): Promise<number> {
  for (const file of [results, ...(options.reference ? [options.reference] : [])]) {
    if (!existsSync(file)) {
      io.err(`${file}: error[io]: cannot read the file: no such file\n`);
      return 2;
    }
  }
  const extraFiles: { label: string; file: string }[] = [];
  for (const spec of options.run ?? []) {
    const eq = spec.indexOf("=");
    if (eq <= 0) {
      io.err(`gdl-ground: error[usage]: --run takes LABEL=FILE, got '${spec}'\n`);
      return 2;
    }
    extraFiles.push({ label: spec.slice(0, eq), file: spec.slice(eq + 1) });
  }
  const report = await writeResultsReport({
    oursFile: results,
    oursLabel: options.label,
    referenceFile: options.reference,
    referenceLabel: options.referenceLabel,
    extraFiles,
    outDir: options.outDir,
    timeLimitSeconds: options.timeout,
    context: options.context,
  });
  for (const d of report.diagnostics) io.err(formatDiagnostic(d) + "\n");
  io.out(`wrote ${report.readmePath} and ${report.plotPaths.length} plot files in ${options.outDir}/plots\n`);
  return report.diagnostics.some((d) => d.severity === "error") ? 1 : 0;
}
