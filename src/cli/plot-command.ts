/**
 * `gdl-ground plot RESULTS`: the paper's plots (SVG and PNG) and a results page from a corpus
 * results file, optionally next to an anchor grounder's file and ablation runs.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { formatDiagnostic } from "../diagnostics.js";
import { isOurReportFolder, writeResultsReport } from "../report/report.js";

/** Problems with the input files shown before they are summed up. */
const MAX_SHOWN = 20;
import type { Output } from "./output.js";

export interface PlotCommandOptions {
  readonly anchor?: string;
  readonly anchorLabel: string;
  readonly label: string;
  /** `label=file` pairs of more runs (ablations), repeatable. */
  readonly run?: string[];
  /** Folder of the page and plots; by default `<results>-report` beside the results file. */
  readonly outDir?: string;
  /** Rewrite a folder whose README.md is not a results page of ours. */
  readonly force?: boolean;
  readonly timeout: number;
  readonly context?: string[];
}

export async function runPlot(results: string, options: PlotCommandOptions, io: Output): Promise<number> {
  for (const file of [results, ...(options.anchor ? [options.anchor] : [])]) {
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
  const outDir = options.outDir ?? `${results.replace(/\.(csv|json)$/i, "")}-report`;
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    io.err(`${outDir}: error[io]: the output folder is a file\n`);
    return 2;
  }
  if (!existsSync(path.dirname(path.resolve(outDir)))) {
    io.err(`${outDir}: error[io]: the folder ${path.dirname(path.resolve(outDir))} does not exist\n`);
    return 2;
  }
  if (!options.force && !isOurReportFolder(outDir)) {
    io.err(`${outDir}: error[io]: README.md there is not a results page of gdl-ground plot: use --force to overwrite it, or --out-dir to write elsewhere\n`);
    return 2;
  }
  const report = await writeResultsReport({
    oursFile: results,
    oursLabel: options.label,
    anchorFile: options.anchor,
    anchorLabel: options.anchorLabel,
    extraFiles,
    outDir,
    timeLimitSeconds: options.timeout,
    context: options.context,
  });
  const shown = report.diagnostics.slice(0, MAX_SHOWN);
  for (const d of shown) io.err(formatDiagnostic(d) + "\n");
  if (report.diagnostics.length > MAX_SHOWN) io.err(`... and ${report.diagnostics.length - MAX_SHOWN} more problems with the input files\n`);
  io.out(`wrote ${report.readmePath} and ${report.plotPaths.length} plot files in ${path.join(outDir, "plots")}\n`);
  return report.diagnostics.some((d) => d.severity === "error") ? 1 : 0;
}
