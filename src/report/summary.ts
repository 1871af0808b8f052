/**
 * Summary statistics of corpus runs and the generated results page (results/README.md).
 *
 * - `summarizeRun`: games, grounded, median and mean time over the grounded games, median ground
 *   clauses and components, where time went by stage, the slowest games, failures with reasons.
 * - `compareWithAnchor`: the same games side by side with the anchor grounder (GGP-Base):
 *   both grounded, who is faster, median ratios of times and of components, games only one side
 *   grounds.
 * - `compareRuns`: an ablation run (e.g. `--no-split`) against the default run on the games both
 *   ground.
 * - `renderResultsReadme`: all of it as Markdown, with the plots and the paper's published
 *   numbers. Absolute times depend on the machine, so comparisons are given as ratios.
 */
import path from "node:path";
import { RESULT_STATUSES, gameKey, isPartial, matchGames, oursComponents, oursSeconds, type ExtraRun, type AnchorRow, type ResultRow, type RunsToReport, type ResultStatus } from "./results-file.js";
import { formatCount, formatPowerLaw, formatSeconds } from "./format.js";
import { sizeFit } from "./gdl-size.js";
import { geometricMean, known, mean, median } from "./stats.js";

/** Pipeline stages timed per game, in order. */
export const STAGES = ["parse_s", "check_s", "translate_s", "ground_s", "extract_s", "propnet_s"] as const;
export type Stage = (typeof STAGES)[number];

/** Ratios of times below this many seconds are taken at it (timers round to 0). */
const MIN_SECONDS = 0.001;

export interface GameTime {
  game: string;
  seconds: number;
}

export interface GameFailure {
  game: string;
  status: ResultStatus;
  reason: string;
  /** Played all the same (`isPartial`): on a hybrid propnet or on the prover over P^base. */
  partial: boolean;
  /** A hybrid game's lifted relations (`partial_lifted`); empty when it is played on the prover or not at all. */
  lifted: string;
}

export interface RunSummary {
  label: string;
  games: number;
  grounded: number;
  /** Games that did not ground and are played all the same (`isPartial`): counted apart from `grounded`. */
  partial: number;
  /** Of `partial`, those played on a hybrid propnet (relations lifted); the others are played on the prover over P^base. */
  hybrid: number;
  byStatus: Record<ResultStatus, number>;
  /** Over the grounded games (`total_s`). */
  medianSeconds: number | null;
  meanSeconds: number | null;
  /** Over the grounded games where known. */
  medianClauses: number | null;
  /** `components_optimized`, else `components_paper`. */
  medianComponents: number | null;
  medianComponentsPaper: number | null;
  medianComponentsOptimized: number | null;
  /** Per stage over the grounded games: the median, and its share of the summed total time. */
  stages: { stage: Stage; median: number | null; share: number | null }[];
  /** The ten slowest grounded games, slowest first. */
  slowest: GameTime[];
  failures: GameFailure[];
}

/** The head of a run's summary: how many games, how many grounded, by status, and their median and mean time. */
function countsAndTimes<S extends string>(label: string, games: number, grounded: number, byStatus: Record<S, number>, times: readonly number[]) {
  return { label, games, grounded, byStatus, medianSeconds: median(times), meanSeconds: mean(times) };
}

export function summarizeRun(rows: readonly ResultRow[], label: string): RunSummary {
  const byStatus = Object.fromEntries(RESULT_STATUSES.map((s) => [s, 0])) as Record<ResultStatus, number>;
  for (const r of rows) byStatus[r.status]++;
  const grounded = rows.filter((r) => r.status === "ok");
  const times = known(grounded.map(oursSeconds));
  const totalSum = times.reduce((s, v) => s + v, 0);
  const stages = STAGES.map((stage) => {
    const values = known(grounded.map((r) => r[stage]));
    const sum = values.reduce((s, v) => s + v, 0);
    return { stage, median: median(values), share: totalSum > 0 && values.length > 0 ? sum / totalSum : null };
  });
  const slowest = grounded
    .filter((r) => oursSeconds(r) !== null)
    .map((r) => ({ game: gameKey(r.game), seconds: oursSeconds(r) as number }))
    .sort((a, b) => b.seconds - a.seconds || a.game.localeCompare(b.game))
    .slice(0, 10);
  const failures = rows
    .filter((r) => r.status !== "ok")
    .map((r) => ({ game: gameKey(r.game), status: r.status, reason: r.reason, partial: isPartial(r), lifted: isPartial(r) ? r.partial_lifted : "" }))
    .sort((a, b) => a.status.localeCompare(b.status) || a.game.localeCompare(b.game));
  return {
    ...countsAndTimes(label, rows.length, grounded.length, byStatus, times),
    partial: rows.filter(isPartial).length,
    hybrid: rows.filter((r) => isPartial(r) && r.partial_lifted !== "").length,
    medianClauses: median(known(grounded.map((r) => r.ground_clauses))),
    medianComponents: median(known(grounded.map(oursComponents))),
    medianComponentsPaper: median(known(grounded.map((r) => r.components_paper))),
    medianComponentsOptimized: median(known(grounded.map((r) => r.components_optimized))),
    stages,
    slowest,
    failures,
  };
}

export interface AnchorSummary {
  label: string;
  games: number;
  grounded: number;
  byStatus: Record<AnchorRow["status"], number>;
  medianSeconds: number | null;
  meanSeconds: number | null;
  medianComponents: number | null;
}

export function summarizeAnchor(rows: readonly AnchorRow[], label: string): AnchorSummary {
  const byStatus: Record<AnchorRow["status"], number> = { ok: 0, timeout: 0, "out-of-memory": 0, error: 0 };
  for (const r of rows) byStatus[r.status]++;
  const grounded = rows.filter((r) => r.status === "ok");
  const times = known(grounded.map((r) => r.seconds));
  return {
    ...countsAndTimes(label, rows.length, grounded.length, byStatus, times),
    medianComponents: median(known(grounded.map((r) => r.components))),
  };
}

export interface AnchorComparison {
  /** Games of ours found in the anchor file. */
  matched: number;
  /** Games of ours missing from the anchor file. */
  missingFromAnchor: string[];
  bothGrounded: number;
  /** Among the games both ground. */
  oursFaster: number;
  anchorFaster: number;
  /** Median and geometric mean of ours/anchor time over the games both ground. */
  medianTimeRatio: number | null;
  geometricMeanTimeRatio: number | null;
  /** Medians of each side's time over the games both ground. */
  medianOursSeconds: number | null;
  medianAnchorSeconds: number | null;
  /** Median of ours/anchor components over the games both ground with both counts known. */
  medianComponentsRatio: number | null;
  componentsCompared: number;
  onlyOurs: string[];
  onlyAnchor: string[];
  neither: string[];
  /** Games the anchor grounded in more time than our limit (a fairness note when limits differ). */
  anchorOverLimit: string[];
  /** The matched games as summaries, for counts on the same set. */
  oursOnMatched: RunSummary;
  anchorOnMatched: AnchorSummary;
}

export function compareWithAnchor(
  ours: readonly ResultRow[],
  anchor: readonly AnchorRow[],
  labels: { ours: string; anchor: string } = { ours: "ours", anchor: "anchor" },
  timeLimitSeconds = Number.POSITIVE_INFINITY,
): AnchorComparison {
  const matched = matchGames(ours, anchor);
  const matchedKeys = new Set(matched.map((m) => gameKey(m.ours.game)));
  const missingFromAnchor = ours.map((r) => gameKey(r.game)).filter((g) => !matchedKeys.has(g));
  const oursOk = (r: ResultRow) => r.status === "ok" && oursSeconds(r) !== null;
  const refOk = (r: AnchorRow) => r.status === "ok" && r.seconds !== null;
  const both = matched.filter((m) => oursOk(m.ours) && refOk(m.anchor));
  const timeRatios = both.map(
    (m) => Math.max(MIN_SECONDS, oursSeconds(m.ours) as number) / Math.max(MIN_SECONDS, m.anchor.seconds as number),
  );
  const componentRatios: number[] = [];
  for (const m of both) {
    const o = oursComponents(m.ours);
    const r = m.anchor.components;
    if (o !== null && r !== null && o > 0 && r > 0) componentRatios.push(o / r);
  }
  return {
    matched: matched.length,
    missingFromAnchor,
    bothGrounded: both.length,
    oursFaster: timeRatios.filter((r) => r < 1).length,
    anchorFaster: timeRatios.filter((r) => r > 1).length,
    medianTimeRatio: median(timeRatios),
    geometricMeanTimeRatio: geometricMean(timeRatios),
    medianOursSeconds: median(both.map((m) => oursSeconds(m.ours) as number)),
    medianAnchorSeconds: median(both.map((m) => m.anchor.seconds as number)),
    medianComponentsRatio: median(componentRatios),
    componentsCompared: componentRatios.length,
    onlyOurs: matched.filter((m) => oursOk(m.ours) && !refOk(m.anchor)).map((m) => m.game),
    onlyAnchor: matched.filter((m) => !oursOk(m.ours) && refOk(m.anchor)).map((m) => m.game),
    neither: matched.filter((m) => !oursOk(m.ours) && !refOk(m.anchor)).map((m) => m.game),
    anchorOverLimit: matched
      .filter((m) => refOk(m.anchor) && (m.anchor.seconds as number) > timeLimitSeconds)
      .map((m) => m.game),
    oursOnMatched: summarizeRun(
      matched.map((m) => m.ours),
      labels.ours,
    ),
    anchorOnMatched: summarizeAnchor(
      matched.map((m) => m.anchor),
      labels.anchor,
    ),
  };
}

export interface RunComparison {
  label: string;
  summary: RunSummary;
  /** Games both this run and the default run ground. */
  bothGrounded: number;
  /** Medians of this run / the default run over the games both ground. */
  medianTimeRatio: number | null;
  medianClausesRatio: number | null;
  medianComponentsRatio: number | null;
  /** Games only the default run grounds, and only this run grounds. */
  onlyDefault: string[];
  onlyThis: string[];
}

function medianRatio(pairs: { a: number | null; b: number | null }[], floor = 0): number | null {
  const ratios: number[] = [];
  for (const { a, b } of pairs) {
    if (a === null || b === null) continue;
    const x = Math.max(floor, a);
    const y = Math.max(floor, b);
    if (y > 0) ratios.push(x / y);
  }
  return median(ratios);
}

/** An ablation run against the default run, matched by game. */
export function compareRuns(base: readonly ResultRow[], run: ExtraRun): RunComparison {
  const baseByGame = new Map(base.map((r) => [gameKey(r.game), r]));
  const pairs: { d: ResultRow; x: ResultRow }[] = [];
  const onlyDefault: string[] = [];
  const onlyThis: string[] = [];
  for (const x of run.rows) {
    const d = baseByGame.get(gameKey(x.game));
    if (!d) continue;
    const dOk = d.status === "ok";
    const xOk = x.status === "ok";
    if (dOk && xOk) pairs.push({ d, x });
    else if (dOk) onlyDefault.push(gameKey(d.game));
    else if (xOk) onlyThis.push(gameKey(x.game));
  }
  return {
    label: run.label,
    summary: summarizeRun(run.rows, run.label),
    bothGrounded: pairs.length,
    medianTimeRatio: medianRatio(
      pairs.map((p) => ({ a: oursSeconds(p.x), b: oursSeconds(p.d) })),
      MIN_SECONDS,
    ),
    medianClausesRatio: medianRatio(pairs.map((p) => ({ a: p.x.ground_clauses, b: p.d.ground_clauses }))),
    medianComponentsRatio: medianRatio(pairs.map((p) => ({ a: oursComponents(p.x), b: oursComponents(p.d) }))),
    onlyDefault,
    onlyThis,
  };
}

// ---------------------------------------------------------------------------------------------
// The paper's published figures (Schiffel, Grounding GDL with ASP, Section 6)

export const PAPER = {
  games: 231,
  timeLimit: "1 h, 4 GB",
  asp: { grounded: 226, medianSeconds: 1.4, meanSeconds: 4.5, medianClauses: 2444, medianComponents: 2455 },
  ggpBase: { grounded: 218, medianSeconds: 2.4, meanSeconds: 5.9, medianComponents: 2518 },
  /** "In 173 cases the ASP-based grounder is faster"; "on average ... 20.4% faster". */
  aspFaster: 173,
  averageFasterPercent: 20.4,
} as const;

// ---------------------------------------------------------------------------------------------
// Markdown

export interface ReadmeOptions extends RunsToReport {
  /** Paths of the plots written (as returned by `drawPlots`); SVGs are embedded. */
  plots?: string[];
  /** The folder the README is written to, for relative links to the plots. */
  readmeDir: string;
  /** Free lines about how the run was made (machine, command, date, commit). */
  context?: string[];
}

const PLOT_CAPTIONS: Record<string, string> = {
  "runtime-scatter": "Grounding time, ours vs the anchor (paper Figure 2)",
  "components-scatter": "Propnet components, ours vs the anchor (paper Figure 3)",
  "components-vs-gdl-size": "Propnet components vs GDL size with a power-law fit (paper Figure 4)",
  "cumulative-grounded": "Share of games grounded within a time budget",
};

function cell(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();
}

function shorten(text: string, max = 140): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function table(header: string[], rows: string[][], align?: ("l" | "r")[]): string {
  const sep = header.map((_, i) => ((align?.[i] ?? "l") === "r" ? "---:" : "---"));
  return [header, sep, ...rows].map((r) => `| ${r.map(cell).join(" | ")} |`).join("\n");
}

function share(n: number, of: number): string {
  return of > 0 ? `${n}/${of} (${((100 * n) / of).toFixed(1)}%)` : `${n}/${of}`;
}

function ratio(r: number | null): string {
  return r === null ? "–" : `${r.toFixed(2)}×`;
}

function gameList(games: readonly string[], max = 40): string {
  if (games.length === 0) return "none";
  const shown = games.slice(0, max).map((g) => `\`${g}\``).join(", ");
  return games.length > max ? `${shown}, … (${games.length - max} more)` : shown;
}

function statusCounts(byStatus: Record<string, number>): string {
  return Object.entries(byStatus)
    .filter(([s, n]) => s !== "ok" && n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ") || "none";
}

export function renderResultsReadme(options: ReadmeOptions): string {
  const { oursLabel, anchorLabel } = options;
  const ours = summarizeRun(options.ours, oursLabel);
  const refSummary = options.anchor ? summarizeAnchor(options.anchor, anchorLabel) : null;
  const cmp = options.anchor
    ? compareWithAnchor(
        options.ours,
        options.anchor,
        { ours: oursLabel, anchor: anchorLabel },
        options.timeLimitSeconds,
      )
    : null;
  const out: string[] = [];

  out.push("# Results", "");
  out.push(
    "Generated from the corpus results file; do not edit by hand. " +
      `Time limit per game: ${formatSeconds(options.timeLimitSeconds)}. ` +
      "**Absolute times are machine-dependent**: compare runs through the ratios below, not the seconds.",
    "",
  );
  for (const line of options.context ?? []) out.push(`- ${line}`);
  if ((options.context ?? []).length > 0) out.push("");

  // Summary
  out.push("## Summary", "");
  const summaryRows: string[][] = [
    ["games", String(ours.games)],
    ["grounded (status ok)", share(ours.grounded, ours.games)],
    ["failed", statusCounts(ours.byStatus)],
    ...(ours.partial > 0 ? [["of those, played all the same (partial)", `${share(ours.partial, ours.games)}: ${ours.hybrid} on a hybrid propnet (relations lifted), ${ours.partial - ours.hybrid} on the prover over P^base`]] : []),
    ["median time (grounded games)", formatSeconds(ours.medianSeconds)],
    ["mean time (grounded games)", formatSeconds(ours.meanSeconds)],
    ["median ground clauses", formatCount(ours.medianClauses)],
    ["median propnet components (paper build)", formatCount(ours.medianComponentsPaper)],
    ["median propnet components (optimized)", formatCount(ours.medianComponentsOptimized)],
  ];
  const fit = sizeFit(options.ours);
  if (fit) {
    summaryRows.push([
      "components vs GDL literals (power law)",
      `${formatPowerLaw(fit, "literals")} (R² ${fit.r2.toFixed(2)}, ${fit.n} games)`,
    ]);
  }
  out.push(table(["", oursLabel], summaryRows, ["l", "r"]), "");

  // Stages
  if (ours.stages.some((s) => s.median !== null)) {
    out.push("### Where the time goes", "", "Over the grounded games: median per stage, and the stage's share of the summed total time.", "");
    out.push(
      table(
        ["stage", "median", "share of total"],
        ours.stages.map((s) => [
          s.stage.replace(/_s$/, ""),
          formatSeconds(s.median),
          s.share === null ? "–" : `${(100 * s.share).toFixed(1)}%`,
        ]),
        ["l", "r", "r"],
      ),
      "",
    );
  }

  // Paper
  out.push("## Next to the paper's published figures", "");
  out.push(
    `The paper grounded ${PAPER.games} games with a limit of ${PAPER.timeLimit} on its own machine; this run has ` +
      `${ours.games} games and a ${formatSeconds(options.timeLimitSeconds)} limit, so counts are not the same corpus ` +
      "and seconds are not the same machine. The ratio of medians (ours / GGP-Base) is the comparable number.",
    "",
  );
  const paperRows: string[][] = [
    ["games", String(ours.games), String(PAPER.games), refSummary ? String(refSummary.games) : "–", String(PAPER.games)],
    [
      "grounded",
      share(ours.grounded, ours.games),
      share(PAPER.asp.grounded, PAPER.games),
      refSummary ? share(refSummary.grounded, refSummary.games) : "–",
      share(PAPER.ggpBase.grounded, PAPER.games),
    ],
    [
      "median time",
      formatSeconds(ours.medianSeconds),
      formatSeconds(PAPER.asp.medianSeconds),
      refSummary ? formatSeconds(refSummary.medianSeconds) : "–",
      formatSeconds(PAPER.ggpBase.medianSeconds),
    ],
    [
      "mean time",
      formatSeconds(ours.meanSeconds),
      formatSeconds(PAPER.asp.meanSeconds),
      refSummary ? formatSeconds(refSummary.meanSeconds) : "–",
      formatSeconds(PAPER.ggpBase.meanSeconds),
    ],
    ["median ground clauses", formatCount(ours.medianClauses), formatCount(PAPER.asp.medianClauses), "–", "–"],
    [
      "median components",
      formatCount(ours.medianComponents),
      formatCount(PAPER.asp.medianComponents),
      refSummary ? formatCount(refSummary.medianComponents) : "–",
      formatCount(PAPER.ggpBase.medianComponents),
    ],
  ];
  if (refSummary && ours.medianSeconds !== null && refSummary.medianSeconds !== null) {
    paperRows.push([
      "ratio of median times, ours / GGP-Base",
      ratio(ours.medianSeconds / refSummary.medianSeconds),
      ratio(PAPER.asp.medianSeconds / PAPER.ggpBase.medianSeconds),
      "",
      "",
    ]);
  }
  out.push(
    table(
      ["", `${oursLabel} (this run)`, "paper: ASP", refSummary ? `${anchorLabel} (this run)` : "anchor", "paper: GGP-Base"],
      paperRows,
      ["l", "r", "r", "r", "r"],
    ),
    "",
  );
  out.push(
    `The paper also reports the ASP grounder faster on ${PAPER.aspFaster} of the games and ` +
      `${PAPER.averageFasterPercent}% faster on average than GGP-Base.`,
    "",
  );

  // Anchor comparison
  if (cmp && refSummary) {
    out.push(`## ${oursLabel} vs ${anchorLabel} on the same games`, "");
    out.push(
      `${cmp.matched} of our ${ours.games} games are in the ${anchorLabel} file` +
        (cmp.missingFromAnchor.length > 0 ? ` (missing there: ${gameList(cmp.missingFromAnchor, 20)})` : "") +
        ". Ratios are ours / anchor: below 1 means ours is faster or smaller.",
      "",
    );
    out.push(
      table(
        ["", "value"],
        [
          [`grounded by ${oursLabel}`, share(cmp.oursOnMatched.grounded, cmp.matched)],
          [`grounded by ${anchorLabel}`, share(cmp.anchorOnMatched.grounded, cmp.matched)],
          ["grounded by both", String(cmp.bothGrounded)],
          [`${oursLabel} faster`, `${cmp.oursFaster} of ${cmp.bothGrounded}`],
          [`${anchorLabel} faster`, `${cmp.anchorFaster} of ${cmp.bothGrounded}`],
          ["median time ratio (per game)", ratio(cmp.medianTimeRatio)],
          ["geometric mean time ratio", ratio(cmp.geometricMeanTimeRatio)],
          [
            "median times on games both ground",
            `${formatSeconds(cmp.medianOursSeconds)} vs ${formatSeconds(cmp.medianAnchorSeconds)}`,
          ],
          ["median components ratio (per game)", `${ratio(cmp.medianComponentsRatio)} (${cmp.componentsCompared} games)`],
          [`only ${oursLabel} grounds`, String(cmp.onlyOurs.length)],
          [`only ${anchorLabel} grounds`, String(cmp.onlyAnchor.length)],
          ["neither grounds", String(cmp.neither.length)],
        ],
        ["l", "r"],
      ),
      "",
    );
    out.push(`- Only ${oursLabel} grounds: ${gameList(cmp.onlyOurs)}`);
    out.push(`- Only ${anchorLabel} grounds: ${gameList(cmp.onlyAnchor)}`);
    out.push(`- Neither grounds: ${gameList(cmp.neither)}`);
    if (cmp.anchorOverLimit.length > 0) {
      out.push(
        `- ${anchorLabel} took longer than our ${formatSeconds(options.timeLimitSeconds)} limit on ` +
          `${cmp.anchorOverLimit.length} games (its own limit may differ): ${gameList(cmp.anchorOverLimit, 20)}`,
      );
    }
    out.push("");
    out.push(
      `Our components are \`components_optimized\` where present, else \`components_paper\`; ` +
        `${anchorLabel} counts its propnet after its own optimizations.`,
      "",
    );
  }

  // Ablations
  const extra = options.extraRuns ?? [];
  if (extra.length > 0) {
    out.push("## Ablations", "");
    out.push(
      `Each run against the default run (${oursLabel}), or against the run its \`against\` column names; ratios are run / that run, as medians over the games both ground.`,
      "",
    );
    const againstOf = (run: ExtraRun): ExtraRun | undefined => (run.against !== undefined ? extra.find((e) => e.label === run.against) : undefined);
    const comparisons = extra.map((run) => compareRuns(againstOf(run)?.rows ?? options.ours, run));
    out.push(
      table(
        ["run", "grounded", "median time", "mean time", "median clauses", "against", "both ground", "time ratio", "clauses ratio", "components ratio"],
        [
          [
            `${oursLabel} (default)`,
            share(ours.grounded, ours.games),
            formatSeconds(ours.medianSeconds),
            formatSeconds(ours.meanSeconds),
            formatCount(ours.medianClauses),
            "–",
            "–",
            "1.00×",
            "1.00×",
            "1.00×",
          ],
          ...comparisons.map((c, i) => [
            c.label,
            share(c.summary.grounded, c.summary.games),
            formatSeconds(c.summary.medianSeconds),
            formatSeconds(c.summary.meanSeconds),
            formatCount(c.summary.medianClauses),
            againstOf(extra[i])?.label ?? "default",
            String(c.bothGrounded),
            ratio(c.medianTimeRatio),
            ratio(c.medianClausesRatio),
            ratio(c.medianComponentsRatio),
          ]),
        ],
        ["l", "r", "r", "r", "r", "l", "r", "r", "r", "r"],
      ),
      "",
    );
    for (const [i, c] of comparisons.entries()) {
      const base = againstOf(extra[i])?.label ?? "the default run";
      if (c.onlyDefault.length > 0) out.push(`- Only ${base} grounds (vs ${c.label}): ${gameList(c.onlyDefault, 20)}`);
      if (c.onlyThis.length > 0) out.push(`- Only ${c.label} grounds: ${gameList(c.onlyThis, 20)}`);
    }
    out.push("");
  }

  // Plots
  const svgs = (options.plots ?? []).filter((p) => p.endsWith(".svg"));
  if (svgs.length > 0) {
    out.push("## Plots", "");
    for (const svg of svgs) {
      const name = path.basename(svg, ".svg");
      const rel = path.relative(options.readmeDir, svg).split(path.sep).join("/");
      const caption = PLOT_CAPTIONS[name] ?? name;
      out.push(`### ${caption}`, "", `![${caption}](${rel})`, "");
    }
  }

  // Slowest and failures
  if (ours.slowest.length > 0) {
    out.push("## Slowest grounded games", "");
    out.push(
      table(
        ["game", "time"],
        ours.slowest.map((g) => [`\`${g.game}\``, formatSeconds(g.seconds)]),
        ["l", "r"],
      ),
      "",
    );
  }
  out.push("## Failures", "");
  if (ours.failures.length === 0) {
    out.push("None.", "");
  } else {
    out.push(
      `By status: ${statusCounts(ours.byStatus)}.`,
      "",
      table(
        ["game", "status", "reason"],
        ours.failures.map((f) => [`\`${f.game}\``, partialStatus(f), shorten(f.reason) || "–"]),
      ),
      "",
    );
  }
  return out.join("\n");
}

/** A failure's status, with how it is played when it is partial. */
function partialStatus(f: GameFailure): string {
  if (!f.partial) return f.status;
  return f.lifted !== "" ? `${f.status} (partial: a hybrid propnet, ${f.lifted} lifted)` : `${f.status} (partial: played on the prover)`;
}
