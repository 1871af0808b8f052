/**
 * The results report in one call, for the CLI: read our results file, the anchor file and the
 * ablation runs, draw the plots into `<outDir>/plots/`, and write `<outDir>/README.md`.
 * Problems reading the files come back as diagnostics; a file that cannot be read is left out.
 */
import { existsSync, readFileSync, unlinkSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { diagnostic, type Diagnostic, NO_POSITION } from "../diagnostics.js";
import { writeFileAtomic } from "../output-file.js";
import { drawPlots } from "./plots.js";
import {
  readAnchorFile,
  readResultsFile,
  type ExtraRun,
  type AnchorRow,
} from "./results-file.js";
import { renderResultsReadme } from "./summary.js";

export interface ResultsReportOptions {
  oursFile: string;
  oursLabel?: string;
  anchorFile?: string;
  anchorLabel?: string;
  extraFiles?: { label: string; file: string; against?: string }[];
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

/** The first line of every results page we write: what lets a later run rewrite it. */
export const REPORT_MARKER = "<!-- written by gdl-ground plot (or npm run bench:corpus): it rewrites this folder; do not edit by hand -->";

/** True when `<dir>/README.md` is missing or a results page of ours (which a new run may replace). */
export function isOurReportFolder(dir: string): boolean {
  const readme = path.join(dir, "README.md");
  if (!existsSync(readme)) return true;
  const text = readFileSync(readme, "utf8");
  return text.startsWith(REPORT_MARKER) || text.startsWith("# Results\n\nGenerated from the corpus results file; do not edit by hand.");
}

/** The plot files a results page links to (`plots/NAME`), so a new run can remove the ones it no longer draws. */
function linkedPlots(readme: string): string[] {
  return [...readme.matchAll(/\]\((?:\.\/)?plots\/([^)\s/]+)\)/g)].map((m) => m[1]);
}

export async function writeResultsReport(options: ResultsReportOptions): Promise<ResultsReport> {
  const diagnostics: Diagnostic[] = [];
  const ours = await readResultsFile(options.oursFile);
  for (const d of ours.diagnostics) diagnostics.push(d);
  let anchor: AnchorRow[] | undefined;
  if (options.anchorFile) {
    const read = await readAnchorFile(options.anchorFile);
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.rows.length > 0) anchor = read.rows;
    else {
      diagnostics.push(
        diagnostic("error", "io", options.anchorFile, NO_POSITION, "not a results file of a grounder: no row has a game and its seconds, components or status"),
      );
    }
  }
  const extraRuns: ExtraRun[] = [];
  for (const extra of options.extraFiles ?? []) {
    const read = await readResultsFile(extra.file);
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.rows.length > 0) extraRuns.push({ label: extra.label, rows: read.rows, ...(extra.against !== undefined ? { against: extra.against } : {}) });
  }
  const common = {
    ours: ours.rows,
    oursLabel: options.oursLabel ?? "gdl-ground",
    anchor,
    anchorLabel: options.anchorLabel ?? "GGP-Base",
    extraRuns,
    timeLimitSeconds: options.timeLimitSeconds ?? 60,
  };
  await mkdir(options.outDir, { recursive: true });
  const readmePath = path.join(options.outDir, "README.md");
  const earlierPlots = existsSync(readmePath) ? linkedPlots(readFileSync(readmePath, "utf8")) : [];
  const plotPaths = options.noPlots ? [] : await drawPlots({ ...common, outDir: path.join(options.outDir, "plots") });
  const markdown = REPORT_MARKER + "\n" + renderResultsReadme({
    ...common,
    plots: plotPaths,
    readmeDir: options.outDir,
    context: options.context,
  });
  writeFileAtomic(readmePath, markdown);
  // Plots of the earlier page that this one does not draw again would be stale: remove them.
  const drawn = new Set(plotPaths.map((p) => path.basename(p)));
  for (const name of earlierPlots) {
    if (drawn.has(name)) continue;
    try {
      unlinkSync(path.join(options.outDir, "plots", name));
    } catch {
      // already gone
    }
  }
  return { readmePath, plotPaths, diagnostics };
}
