/**
 * The plots of the results report, after the figures of the ASP-grounding paper:
 *   - runtime-scatter: our time vs the anchor grounder's, log–log, diagonal y = x, medians as a
 *     vertical (ours) and a horizontal (anchor) rule, games failed on one side drawn at the time
 *     limit with their own marker (paper Figure 2);
 *   - components-scatter: propnet components ours vs anchor, log–log, diagonal, medians (Figure 3);
 *   - components-vs-gdl-size: our components vs the GDL size in literals, log–log, with the power
 *     law y = a·x^b fitted on log–log axes; games whose propnet is smaller than their rules are
 *     marked apart and left out of the fit, as in the paper (Figure 4);
 *   - cumulative-grounded: share of games grounded within a time budget, one step curve per run
 *     (Figures 4 and 6 of the Prolog-tabling paper).
 *
 * Each plot is a Vega-Lite spec (built by a pure function), compiled to Vega, rendered headless to
 * SVG by a Vega View (renderer 'none'), and rasterized to PNG by resvg. resvg does not use
 * fontconfig: without a font it draws no text, and its own choice for `sans-serif` may be a math
 * font, so a sans-serif font file is looked up in Debian's font folders and handed to it.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TopLevelSpec } from "vega-lite";
import { Resvg } from "@resvg/resvg-js";
import { formatCount, formatPowerLaw, formatSeconds } from "./format.js";
import { sizeFit, sizePoints } from "./gdl-size.js";
import { matchGames, oursComponents, oursSeconds, type AnchorRow, type ResultRow, type RunsToReport } from "./results-file.js";
import { known, median } from "./stats.js";

export interface PlotOptions extends RunsToReport {
  outDir: string;
  /** A font for the PNGs; looked up with `findPlotFont()` when absent. */
  font?: PlotFont;
}

export interface PlotSpec {
  /** File name without extension. */
  name: string;
  spec: TopLevelSpec;
}

/** Times below this are drawn at it (log axes cannot show 0). */
const MIN_SECONDS = 0.001;
const SCATTER_SIZE = 420;

const BASE_CONFIG = {
  background: "white",
  config: {
    view: { stroke: "#888" },
    title: { fontSize: 14, subtitleFontSize: 11, subtitleColor: "#444", anchor: "start" as const },
    axis: { labelFontSize: 11, titleFontSize: 12, gridColor: "#e6e6e6" },
    legend: { labelFontSize: 11, titleFontSize: 11, labelLimit: 360 },
  },
};

function decadeBelow(v: number): number {
  return 10 ** Math.floor(Math.log10(v));
}
function decadeAbove(v: number): number {
  return 10 ** Math.ceil(Math.log10(v));
}

/** A log domain from the decade below the smallest to the decade above the largest value. */
function logDomain(values: readonly number[], floor: number): [number, number] {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return [floor, floor * 10];
  const lo = decadeBelow(Math.max(floor, positive.reduce((a, b) => Math.min(a, b))));
  let hi = decadeAbove(positive.reduce((a, b) => Math.max(a, b)));
  if (hi <= lo) hi = lo * 10;
  return [lo, hi];
}

// ---------------------------------------------------------------------------------------------
// Spec pieces

function diagonalLayer(domain: [number, number]) {
  return {
    data: { values: [{ v: domain[0] }, { v: domain[1] }] },
    mark: { type: "line" as const, color: "#999", strokeDash: [4, 4], strokeWidth: 1 },
    encoding: {
      x: { field: "v", type: "quantitative" as const },
      y: { field: "v", type: "quantitative" as const },
    },
  };
}

function medianRuleLayers(xMedian: number | null, yMedian: number | null, xColor: string, yColor: string) {
  const layers = [];
  if (xMedian !== null && xMedian > 0) {
    layers.push({
      data: { values: [{ m: xMedian }] },
      mark: { type: "rule" as const, color: xColor, strokeWidth: 1.2, strokeDash: [6, 3] },
      encoding: { x: { field: "m", type: "quantitative" as const } },
    });
  }
  if (yMedian !== null && yMedian > 0) {
    layers.push({
      data: { values: [{ m: yMedian }] },
      mark: { type: "rule" as const, color: yColor, strokeWidth: 1.2, strokeDash: [6, 3] },
      encoding: { y: { field: "m", type: "quantitative" as const } },
    });
  }
  return layers;
}

/** A log axis; counts get SI labels (10k, 1M), seconds plain ones (0.01, 0.1, 1). */
function logAxis(title: string, domain: [number, number], format: "~g" | "~s" = "~g") {
  return {
    type: "quantitative" as const,
    title,
    scale: { type: "log" as const, domain, nice: false, clamp: true },
    axis: { format, labelOverlap: "greedy" as const },
  };
}

/** Colour of the median rules (which is which is said in the subtitle). */
const MEDIAN_COLOR = "#444";

const CATEGORY_COLORS = ["#1f77b4", "#ff7f0e", "#d62728", "#7f7f7f"];
const CATEGORY_SHAPES = ["circle", "triangle-up", "square", "diamond"];

// ---------------------------------------------------------------------------------------------
// Figure 2: runtime scatter

export interface RuntimePoint {
  game: string;
  ours: number;
  anchor: number;
  category: string;
}

/** The points of the runtime scatter and the medians over the games each side grounds. */
export function runtimePoints(
  ours: readonly ResultRow[],
  anchor: readonly AnchorRow[],
  timeLimitSeconds: number,
): { points: RuntimePoint[]; categories: string[]; medianOurs: number | null; medianAnchor: number | null; neither: number } {
  const matched = matchGames(ours, anchor);
  const oursOk = (r: ResultRow) => r.status === "ok" && oursSeconds(r) !== null;
  const refOk = (r: AnchorRow) => r.status === "ok" && r.seconds !== null;
  const groups = { both: [] as RuntimePoint[], onlyOurs: [] as RuntimePoint[], onlyRef: [] as RuntimePoint[] };
  let neither = 0;
  for (const m of matched) {
    const o = oursOk(m.ours);
    const r = refOk(m.anchor);
    const x = o ? Math.max(MIN_SECONDS, oursSeconds(m.ours) as number) : timeLimitSeconds;
    const y = r ? Math.max(MIN_SECONDS, m.anchor.seconds as number) : timeLimitSeconds;
    const point = { game: m.game, ours: x, anchor: y, category: "" };
    if (o && r) groups.both.push(point);
    else if (o) groups.onlyOurs.push(point);
    else if (r) groups.onlyRef.push(point);
    else neither++;
  }
  const categories = [
    `both grounded (${groups.both.length})`,
    `only ours grounded (${groups.onlyOurs.length})`,
    `only anchor grounded (${groups.onlyRef.length})`,
  ];
  groups.both.forEach((p) => (p.category = categories[0]));
  groups.onlyOurs.forEach((p) => (p.category = categories[1]));
  groups.onlyRef.forEach((p) => (p.category = categories[2]));
  const medianOurs = median(known(matched.filter((m) => oursOk(m.ours)).map((m) => oursSeconds(m.ours))));
  const medianAnchor = median(known(matched.filter((m) => refOk(m.anchor)).map((m) => m.anchor.seconds)));
  return {
    points: [...groups.both, ...groups.onlyOurs, ...groups.onlyRef],
    categories,
    medianOurs,
    medianAnchor,
    neither,
  };
}

export function runtimeScatterSpec(
  ours: readonly ResultRow[],
  anchor: readonly AnchorRow[],
  labels: { ours: string; anchor: string },
  timeLimitSeconds: number,
): TopLevelSpec {
  const { points, categories, medianOurs, medianAnchor, neither } = runtimePoints(ours, anchor, timeLimitSeconds);
  const domain = logDomain([...points.flatMap((p) => [p.ours, p.anchor]), timeLimitSeconds], MIN_SECONDS);
  const subtitle = [
    `Above the diagonal: ${labels.anchor} slower.`,
    `Medians over grounded games (dashed):`,
    `  ${labels.ours} ${formatSeconds(medianOurs)} (vertical),`,
    `  ${labels.anchor} ${formatSeconds(medianAnchor)} (horizontal).`,
    `Failed side drawn at the ${formatSeconds(timeLimitSeconds)} limit.`,
    ...(neither > 0 ? [`${neither} game${neither === 1 ? "" : "s"} grounded by neither: not shown.`] : []),
    "Absolute times are machine-dependent.",
  ];
  return {
    ...BASE_CONFIG,
    width: SCATTER_SIZE,
    height: SCATTER_SIZE,
    title: { text: `Grounding time: ${labels.ours} vs ${labels.anchor}`, subtitle },
    layer: [
      diagonalLayer(domain),
      ...medianRuleLayers(medianOurs, medianAnchor, MEDIAN_COLOR, MEDIAN_COLOR),
      {
        data: { values: points },
        mark: { type: "point", filled: true, opacity: 0.75, size: 36 },
        encoding: {
          x: { field: "ours", ...logAxis(`${labels.ours}: seconds (log)`, domain) },
          y: { field: "anchor", ...logAxis(`${labels.anchor}: seconds (log)`, domain) },
          color: {
            field: "category",
            type: "nominal",
            title: null,
            scale: { domain: categories, range: CATEGORY_COLORS.slice(0, 3) },
            legend: { orient: "bottom", direction: "vertical" },
          },
          shape: {
            field: "category",
            type: "nominal",
            title: null,
            scale: { domain: categories, range: CATEGORY_SHAPES.slice(0, 3) },
            legend: { orient: "bottom", direction: "vertical" },
          },
          tooltip: [{ field: "game" }, { field: "ours" }, { field: "anchor" }],
        },
      },
    ],
  } as TopLevelSpec;
}

// ---------------------------------------------------------------------------------------------
// Figure 3: components scatter

export function componentPoints(
  ours: readonly ResultRow[],
  anchor: readonly AnchorRow[],
): { game: string; ours: number; anchor: number }[] {
  const points = [];
  for (const m of matchGames(ours, anchor)) {
    const o = m.ours.status === "ok" ? oursComponents(m.ours) : null;
    const r = m.anchor.status === "ok" ? m.anchor.components : null;
    if (o !== null && r !== null && o > 0 && r > 0) points.push({ game: m.game, ours: o, anchor: r });
  }
  return points;
}

export function componentsScatterSpec(
  ours: readonly ResultRow[],
  anchor: readonly AnchorRow[],
  labels: { ours: string; anchor: string },
): TopLevelSpec {
  const points = componentPoints(ours, anchor);
  const domain = logDomain(points.flatMap((p) => [p.ours, p.anchor]), 1);
  const medianOurs = median(points.map((p) => p.ours));
  const medianAnchor = median(points.map((p) => p.anchor));
  const larger = points.filter((p) => p.anchor > p.ours).length;
  return {
    ...BASE_CONFIG,
    width: SCATTER_SIZE,
    height: SCATTER_SIZE,
    title: {
      text: `Propnet components: ${labels.ours} vs ${labels.anchor}`,
      subtitle: [
        `${points.length} games grounded by both.`,
        `Above the diagonal (${larger}): ${labels.anchor} larger.`,
        `Medians (dashed): ${labels.ours} ${formatCount(medianOurs)} (vertical),`,
        `  ${labels.anchor} ${formatCount(medianAnchor)} (horizontal).`,
      ],
    },
    layer: [
      diagonalLayer(domain),
      ...medianRuleLayers(medianOurs, medianAnchor, MEDIAN_COLOR, MEDIAN_COLOR),
      {
        data: { values: points },
        mark: { type: "point", filled: true, opacity: 0.7, size: 36, color: CATEGORY_COLORS[0] },
        encoding: {
          x: { field: "ours", ...logAxis(`${labels.ours}: components (log)`, domain, "~s") },
          y: { field: "anchor", ...logAxis(`${labels.anchor}: components (log)`, domain, "~s") },
          tooltip: [{ field: "game" }, { field: "ours" }, { field: "anchor" }],
        },
      },
    ],
  } as TopLevelSpec;
}

// ---------------------------------------------------------------------------------------------
// Figure 4: components vs GDL size, with a power-law fit

export function sizeSpec(ours: readonly ResultRow[], oursLabel: string): TopLevelSpec {
  const points = sizePoints(ours);
  const fit = sizeFit(ours);
  const xDomain = logDomain(points.map((p) => p.literals), 1);
  const yDomain = logDomain(points.map((p) => p.components), 1);
  const normal = `propnet ≥ rules (${points.filter((p) => !p.abnormal).length}, fitted)`;
  const abnormal = `propnet < rules (${points.filter((p) => p.abnormal).length}, not fitted)`;
  const values = points.map((p) => ({ ...p, kind: p.abnormal ? abnormal : normal }));
  const layers: object[] = [
    {
      data: { values },
      mark: { type: "point", filled: true, opacity: 0.7, size: 36 },
      encoding: {
        x: { field: "literals", ...logAxis("GDL size: literals in the rules (log)", xDomain, "~s") },
        y: { field: "components", ...logAxis(`${oursLabel}: propnet components (log)`, yDomain, "~s") },
        color: {
          field: "kind",
          type: "nominal",
          title: null,
          scale: { domain: [normal, abnormal], range: [CATEGORY_COLORS[0], CATEGORY_COLORS[1]] },
          legend: { orient: "bottom", direction: "vertical" },
        },
        shape: {
          field: "kind",
          type: "nominal",
          title: null,
          scale: { domain: [normal, abnormal], range: ["circle", "square"] },
          legend: { orient: "bottom", direction: "vertical" },
        },
        tooltip: [{ field: "game" }, { field: "literals" }, { field: "components" }],
      },
    },
  ];
  if (fit) {
    const fitted = points.filter((p) => !p.abnormal).map((p) => p.literals);
    const lo = fitted.reduce((a, b) => Math.min(a, b), Infinity);
    const hi = fitted.reduce((a, b) => Math.max(a, b), -Infinity);
    const steps = 20;
    const line = Array.from({ length: steps + 1 }, (_, i) => {
      const x = lo * (hi / lo) ** (i / steps);
      return { x, y: fit.a * x ** fit.b };
    }).filter((p) => p.y >= yDomain[0] && p.y <= yDomain[1]);
    layers.push({
      data: { values: line },
      mark: { type: "line", color: CATEGORY_COLORS[2], strokeWidth: 2 },
      encoding: { x: { field: "x", type: "quantitative" }, y: { field: "y", type: "quantitative" } },
    });
  }
  const title = fit ? `Components ≈ ${formatPowerLaw(fit, "literals")}` : "Components vs GDL size";
  const fitLine = fit
    ? `Red line: a = ${Number(fit.a.toPrecision(3))}, b = ${Number(fit.b.toPrecision(3))}, R² = ${fit.r2.toFixed(2)}, n = ${fit.n}`
    : "Too few games for a power-law fit.";
  return {
    ...BASE_CONFIG,
    width: SCATTER_SIZE,
    height: SCATTER_SIZE,
    title: {
      text: title,
      subtitle: [
        `${oursLabel}: propnet components vs size of the`,
        `GDL rules, ${points.length} grounded games.`,
        fitLine,
        "(least squares on log–log axes).",
      ],
    },
    layer: layers,
  } as TopLevelSpec;
}

// ---------------------------------------------------------------------------------------------
// Cumulative share of games grounded within a time budget

export interface CumulativeRun {
  label: string;
  /** Times of the games grounded. */
  seconds: number[];
  /** All games of the run (the denominator). */
  games: number;
}

export function cumulativeRuns(options: Pick<PlotOptions, "ours" | "oursLabel" | "anchor" | "anchorLabel" | "extraRuns">): {
  runs: CumulativeRun[];
  anchorRestricted: boolean;
} {
  const ofOurs = (label: string, rows: readonly ResultRow[]): CumulativeRun => ({
    label,
    seconds: known(rows.filter((r) => r.status === "ok").map(oursSeconds)),
    games: rows.length,
  });
  const runs = [ofOurs(options.oursLabel, options.ours)];
  let anchorRestricted = false;
  if (options.anchor) {
    // Compared on our games: an anchor run over a larger corpus would not be comparable.
    const matched = matchGames(options.ours, options.anchor);
    const rows = options.ours.length > 0 ? matched.map((m) => m.anchor) : options.anchor;
    anchorRestricted = options.ours.length > 0 && rows.length < options.anchor.length;
    runs.push({
      label: options.anchorLabel,
      seconds: known(rows.filter((r) => r.status === "ok").map((r) => r.seconds)),
      games: rows.length,
    });
  }
  for (const extra of options.extraRuns ?? []) runs.push(ofOurs(extra.label, extra.rows));
  return { runs, anchorRestricted };
}

export function cumulativeSpec(
  options: Pick<PlotOptions, "ours" | "oursLabel" | "anchor" | "anchorLabel" | "extraRuns" | "timeLimitSeconds">,
): TopLevelSpec {
  const { runs, anchorRestricted } = cumulativeRuns(options);
  const all = runs.flatMap((r) => r.seconds.map((s) => Math.max(MIN_SECONDS, s)));
  const domain = logDomain([...all, options.timeLimitSeconds], MIN_SECONDS);
  const values: { run: string; seconds: number; share: number; order: number }[] = [];
  const legend: string[] = [];
  for (const run of runs) {
    const label = `${run.label}: ${run.seconds.length}/${run.games} grounded`;
    legend.push(label);
    const sorted = run.seconds.map((s) => Math.max(MIN_SECONDS, s)).sort((a, b) => a - b);
    let order = 0;
    values.push({ run: label, seconds: domain[0], share: 0, order: order++ });
    sorted.forEach((s, i) => {
      values.push({ run: label, seconds: s, share: i / run.games, order: order++ });
      values.push({ run: label, seconds: s, share: (i + 1) / run.games, order: order++ });
    });
    const final = run.games > 0 ? sorted.length / run.games : 0;
    values.push({ run: label, seconds: domain[1], share: final, order: order++ });
  }
  const subtitle = [
    "Share of all games of each run grounded within the time budget.",
    "Absolute times are machine-dependent.",
  ];
  if (anchorRestricted) subtitle.push(`${options.anchorLabel} restricted to the games of ${options.oursLabel}.`);
  return {
    ...BASE_CONFIG,
    width: 560,
    height: 320,
    title: { text: "Games grounded within a time budget", subtitle },
    data: { values },
    mark: { type: "line", strokeWidth: 2, interpolate: "linear" },
    encoding: {
      x: { field: "seconds", ...logAxis("time budget: seconds (log)", domain) },
      y: {
        field: "share",
        type: "quantitative",
        title: "share of games grounded",
        scale: { domain: [0, 1] },
        axis: { format: ".0%" },
      },
      color: {
        field: "run",
        type: "nominal",
        title: null,
        scale: { domain: legend, range: ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf"] },
        legend: { orient: "bottom", direction: "vertical" },
      },
      strokeDash: {
        field: "run",
        type: "nominal",
        title: null,
        legend: { orient: "bottom", direction: "vertical" },
        scale: { domain: legend, range: legend.map((_, i) => (i === 0 ? [1, 0] : i === 1 ? [6, 3] : [2, 2 + i])) },
      },
      order: { field: "order", type: "quantitative" },
    },
  } as TopLevelSpec;
}

// ---------------------------------------------------------------------------------------------
// Rendering

export interface PlotFont {
  /** A folder with the font files (regular and bold) or a single file. */
  path: string;
  /** Its family name, used for the generic `sans-serif` of the SVG. */
  family: string;
}

const FONT_CANDIDATES: PlotFont[] = [
  { path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", family: "DejaVu Sans" },
  { path: "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", family: "Liberation Sans" },
  { path: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", family: "Liberation Sans" },
  { path: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", family: "Noto Sans" },
  { path: "/usr/share/fonts/opentype/noto/NotoSans-Regular.ttf", family: "Noto Sans" },
  { path: "/usr/share/fonts/truetype/freefont/FreeSans.ttf", family: "FreeSans" },
  { path: "/usr/share/fonts/truetype/msttcorefonts/Arial.ttf", family: "Arial" },
];

/** A sans-serif font file of Debian's font packages, or null (then PNGs may lack text). */
export function findPlotFont(): PlotFont | null {
  return FONT_CANDIDATES.find((f) => existsSync(f.path)) ?? null;
}

function resvgFontOptions(font: PlotFont | null) {
  if (!font) return { loadSystemFonts: true };
  // The whole folder, for the bold face of titles.
  const dir = path.dirname(font.path);
  return {
    loadSystemFonts: false,
    fontDirs: [dir],
    fontFiles: [font.path],
    defaultFontFamily: font.family,
    sansSerifFamily: font.family,
  };
}

/**
 * Vega and Vega-Lite, imported when the first plot is drawn. They are ES modules only, and Vega's
 * graph has a top-level await (vega-canvas looks for the optional `canvas` package), so they
 * cannot be `require`d: the command line's CommonJS chunk that draws plots imports them
 * (src/cli/chunk-loader.ts loads such a chunk with Node's own loader).
 */
let plotStack: Promise<[typeof import("vega"), typeof import("vega-lite")]> | undefined;

/** Compiles a Vega-Lite spec and renders it headless to SVG text. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  plotStack ??= Promise.all([import("vega"), import("vega-lite")]);
  const [vega, { compile }] = await plotStack;
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Rasterizes SVG text to PNG (twice the SVG's size, for sharp text). */
export function svgToPng(svg: string, font: PlotFont | null = findPlotFont()): Buffer {
  const resvg = new Resvg(svg, { font: resvgFontOptions(font), fitTo: { mode: "zoom", value: 2 }, logLevel: "off" });
  return resvg.render().asPng();
}

/** The specs of the plots the data allows: the anchor plots only with an anchor. */
export function buildPlotSpecs(options: Omit<PlotOptions, "outDir" | "font">): PlotSpec[] {
  const specs: PlotSpec[] = [];
  const labels = { ours: options.oursLabel, anchor: options.anchorLabel };
  if (options.anchor) {
    if (runtimePoints(options.ours, options.anchor, options.timeLimitSeconds).points.length > 0) {
      specs.push({
        name: "runtime-scatter",
        spec: runtimeScatterSpec(options.ours, options.anchor, labels, options.timeLimitSeconds),
      });
    }
    if (componentPoints(options.ours, options.anchor).length > 0) {
      specs.push({ name: "components-scatter", spec: componentsScatterSpec(options.ours, options.anchor, labels) });
    }
  }
  if (sizePoints(options.ours).length > 0) {
    specs.push({ name: "components-vs-gdl-size", spec: sizeSpec(options.ours, options.oursLabel) });
  }
  if (options.ours.length > 0 || (options.extraRuns ?? []).length > 0) {
    specs.push({ name: "cumulative-grounded", spec: cumulativeSpec(options) });
  }
  return specs;
}

/**
 * Draws every plot the data allows as `<name>.svg` and `<name>.png` in `outDir` (created) and
 * returns the paths written. A plot without any point is left out.
 */
export async function drawPlots(options: PlotOptions): Promise<string[]> {
  await mkdir(options.outDir, { recursive: true });
  const font = options.font ?? findPlotFont();
  const written: string[] = [];
  for (const { name, spec } of buildPlotSpecs(options)) {
    const svg = await renderSvg(spec);
    const svgPath = path.join(options.outDir, `${name}.svg`);
    const pngPath = path.join(options.outDir, `${name}.png`);
    await writeFile(svgPath, svg, "utf8");
    await writeFile(pngPath, svgToPng(svg, font));
    written.push(svgPath, pngPath);
  }
  return written;
}
