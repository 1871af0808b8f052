import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseAnchor, readResultsFile, type ResultRow } from "../src/report/results-file.js";
import { sizeFit, sizePoints } from "../src/report/gdl-size.js";
import { fitPowerLaw, geometricMean, mean, median } from "../src/report/stats.js";
import {
  compareRuns,
  compareWithAnchor,
  renderResultsReadme,
  summarizeAnchor,
  summarizeRun,
} from "../src/report/summary.js";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const { rows: sample } = await readResultsFile(path.join(root, "test/fixtures/results-sample.csv"));

/** An anchor in the anchors' format for the sample's games (badgame and crash are missing). */
const anchor = parseAnchor(
  [
    "set,game,status,seconds,components,wall_total",
    "base,tictactoe,ok,0.4,380,1",
    "base,connectFour,ok,0.5,2600,1",
    "base,breakthrough,ok,6.0,6000,7",
    "base,chess,timeout,120.0,,121",
    "base,troublemaker01,ok,0.1,50,0.5",
    "base,amazons,timeout,,,125",
    "base,small_dominion,ok,100,30000,101",
    "base,othergame,ok,1,10,2",
  ].join("\n"),
).rows;

describe("stats", () => {
  it("median, mean, geometric mean", () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(mean([1, 2, 6])).toBe(3);
    expect(geometricMean([1, 100])).toBeCloseTo(10, 10);
  });

  it("the power-law fit recovers a and b from exact data", () => {
    const points = [10, 30, 100, 300, 1000, 5000].map((x) => ({ x, y: 3 * x ** 1.7 }));
    const fit = fitPowerLaw(points)!;
    expect(fit.a).toBeCloseTo(3, 8);
    expect(fit.b).toBeCloseTo(1.7, 8);
    expect(fit.r2).toBeCloseTo(1, 10);
    expect(fit.n).toBe(6);
  });

  it("the power-law fit recovers a and b from noisy data", () => {
    // Multiplicative noise symmetric in log space (±20%, alternating) leaves the fit nearly unbiased.
    const points = Array.from({ length: 200 }, (_, i) => {
      const x = 10 ** (1 + (3 * i) / 199);
      const noise = i % 2 === 0 ? 1.2 : 1 / 1.2;
      return { x, y: 0.5 * x ** 2.1 * noise };
    });
    const fit = fitPowerLaw(points)!;
    expect(fit.a).toBeCloseTo(0.5, 1);
    expect(fit.b).toBeCloseTo(2.1, 2);
    expect(fit.r2).toBeGreaterThan(0.99);
  });

  it("the fit leaves out non-positive points and needs two distinct x", () => {
    expect(fitPowerLaw([{ x: 0, y: 1 }, { x: 1, y: 2 }])).toBeNull();
    expect(fitPowerLaw([{ x: 5, y: 1 }, { x: 5, y: 2 }])).toBeNull();
  });
});

describe("summary of a run", () => {
  it("counts and medians on the sample", () => {
    const s = summarizeRun(sample, "ours");
    expect(s.games).toBe(9);
    expect(s.grounded).toBe(5);
    expect(s.byStatus).toEqual({ ok: 5, partial: 0, timeout: 1, "out-of-memory": 1, invalid: 1, error: 1 });
    // Grounded times: 0.05, 0.2, 1, 3, 40.
    expect(s.medianSeconds).toBe(1);
    expect(s.meanSeconds).toBeCloseTo(44.25 / 5, 10);
    expect(s.medianClauses).toBe(2000);
    expect(s.medianComponents).toBe(2500);
    expect(s.medianComponentsPaper).toBe(2600);
    expect(s.slowest.map((g) => g.game)).toEqual(["chess", "breakthrough", "connectFour", "tictactoe", "troublemaker01"]);
    expect(s.failures.map((f) => [f.game, f.status])).toEqual([
      ["crash", "error"],
      ["badgame", "invalid"],
      ["small_dominion", "out-of-memory"],
      ["amazons", "timeout"],
    ]);
    const ground = s.stages.find((x) => x.stage === "ground_s")!;
    expect(ground.median).toBe(0.6);
    expect(ground.share).toBeCloseTo(32.73 / 44.25, 10);
  });

  it("the GDL-size fit leaves out games whose propnet is smaller than their rules", () => {
    const points = sizePoints(sample);
    expect(points.map((p) => p.game)).toEqual(["tictactoe", "connectFour", "breakthrough", "chess", "troublemaker01"]);
    expect(points.filter((p) => p.abnormal).map((p) => p.game)).toEqual(["troublemaker01"]);
    expect(sizeFit(sample)!.n).toBe(4);
  });

  it("summarizes the anchor", () => {
    const r = summarizeAnchor(anchor, "GGP-Base");
    expect(r.games).toBe(8);
    expect(r.grounded).toBe(6);
    expect(r.medianSeconds).toBe(0.75);
    expect(r.byStatus.timeout).toBe(2);
  });
});

describe("comparison with the anchor", () => {
  it("on the same games", () => {
    const c = compareWithAnchor(sample, anchor, { ours: "ours", anchor: "ref" }, 60);
    expect(c.matched).toBe(7);
    expect(c.missingFromAnchor).toEqual(["badgame", "crash"]);
    // Both ground: tictactoe 0.2/0.4, connectFour 1/0.5, breakthrough 3/6, troublemaker01 0.05/0.1.
    expect(c.bothGrounded).toBe(4);
    expect(c.oursFaster).toBe(3);
    expect(c.anchorFaster).toBe(1);
    expect(c.medianTimeRatio).toBeCloseTo(0.5, 10);
    expect(c.medianComponentsRatio).toBeCloseTo((2500 / 2600 + 1) / 2, 10);
    expect(c.componentsCompared).toBe(4);
    expect(c.onlyOurs).toEqual(["chess"]);
    expect(c.onlyAnchor).toEqual(["small_dominion"]);
    expect(c.neither).toEqual(["amazons"]);
    expect(c.anchorOverLimit).toEqual(["small_dominion"]);
  });
});

describe("ablation runs", () => {
  it("ratios to the default run on games both ground", () => {
    const slower: ResultRow[] = sample.map((r) =>
      r.game === "chess.kif"
        ? { ...r, status: "timeout", total_s: null }
        : { ...r, total_s: r.total_s === null ? null : r.total_s * 2, ground_clauses: r.ground_clauses === null ? null : r.ground_clauses * 3 },
    );
    const c = compareRuns(sample, { label: "--no-split", rows: slower });
    expect(c.bothGrounded).toBe(4);
    expect(c.medianTimeRatio).toBeCloseTo(2, 10);
    expect(c.medianClausesRatio).toBeCloseTo(3, 10);
    expect(c.medianComponentsRatio).toBeCloseTo(1, 10);
    expect(c.onlyDefault).toEqual(["chess"]);
    expect(c.onlyThis).toEqual([]);
    expect(c.summary.grounded).toBe(4);
  });
});

describe("results README", () => {
  it("without an anchor: summary, paper figures, failures", () => {
    const md = renderResultsReadme({
      ours: sample,
      oursLabel: "gdl-ground",
      anchorLabel: "GGP-Base",
      timeLimitSeconds: 60,
      readmeDir: "/r",
      plots: ["/r/plots/cumulative-grounded.svg", "/r/plots/cumulative-grounded.png"],
    });
    expect(md).toContain("| grounded (status ok) | 5/9 (55.6%) |");
    expect(md).toContain("| median time (grounded games) | 1 s |");
    expect(md).toContain("226/231");
    expect(md).toContain("218/231");
    expect(md).toContain("2,444");
    expect(md).toContain("2,518");
    expect(md).toContain("machine-dependent");
    expect(md).toContain("](plots/cumulative-grounded.svg)");
    expect(md).not.toContain(".png)");
    expect(md).not.toContain("on the same games");
    expect(md).not.toContain("## Ablations");
    // A reason with a pipe stays inside its table cell.
    expect(md).toContain('clingo: "atom undefined" \\| aborted');
  });

  it("counts a game that timed out but is played on the prover apart, its status kept", () => {
    const timedOut = sample.find((r) => r.status === "timeout")!;
    const partial = { ...timedOut, partial_s: 1.5, partial_base_atoms: 77, partial_input_atoms: 52, partial_probe: "islist (2.2 M ground rules)" };
    const rows = sample.map((r) => (r === timedOut ? partial : r));
    const md = renderResultsReadme({ ours: rows, oursLabel: "gdl-ground", anchorLabel: "GGP-Base", timeLimitSeconds: 60, readmeDir: "/r" });
    expect(md).toContain("| grounded (status ok) | 5/9 (55.6%) |");
    expect(md).toContain("| of those, played all the same (partial) | 1/9 (11.1%): 0 on a hybrid propnet (relations lifted), 1 on the prover over P^base |");
    expect(md).toContain("| `amazons` | timeout (partial: played on the prover) |");
    expect(renderResultsReadme({ ours: sample, oursLabel: "gdl-ground", anchorLabel: "GGP-Base", timeLimitSeconds: 60, readmeDir: "/r" })).not.toContain("played on the prover");
  });

  it("says which partial games are played on a hybrid propnet, with their lifted relations", () => {
    const timedOut = sample.find((r) => r.status === "timeout")!;
    const hybrid = { ...timedOut, partial_s: 2.5, partial_base_atoms: 79, partial_input_atoms: 52, partial_probe: "islist (2.2 M ground rules)", partial_lifted: "line/1 (2 atoms)" };
    const rows = sample.map((r) => (r === timedOut ? hybrid : r));
    expect(summarizeRun(rows, "ours")).toMatchObject({ partial: 1, hybrid: 1 });
    const md = renderResultsReadme({ ours: rows, oursLabel: "gdl-ground", anchorLabel: "GGP-Base", timeLimitSeconds: 60, readmeDir: "/r" });
    expect(md).toContain("| of those, played all the same (partial) | 1/9 (11.1%): 1 on a hybrid propnet (relations lifted), 0 on the prover over P^base |");
    expect(md).toContain("| `amazons` | timeout (partial: a hybrid propnet, line/1 (2 atoms) lifted) |");
    // a row that is not partial says nothing of lifted relations, whatever the column holds
    expect(summarizeRun([{ ...timedOut, partial_lifted: "line/1 (2 atoms)" }], "ours")).toMatchObject({ partial: 0, hybrid: 0 });
  });

  it("with an anchor and an ablation run", () => {
    const md = renderResultsReadme({
      ours: sample,
      oursLabel: "gdl-ground",
      anchor,
      anchorLabel: "GGP-Base",
      extraRuns: [{ label: "--no-prune", rows: sample }],
      timeLimitSeconds: 60,
      readmeDir: "/r",
    });
    expect(md).toContain("## gdl-ground vs GGP-Base on the same games");
    expect(md).toContain("| gdl-ground faster | 3 of 4 |");
    expect(md).toContain("| median time ratio (per game) | 0.50× |");
    expect(md).toContain("Only GGP-Base grounds: `small_dominion`");
    expect(md).toContain("## Ablations");
    expect(md).toMatch(/\| --no-prune \| 5\/9 \(55\.6%\) \| 1 s \| 8\.85 s \| 2,000 \| default \| 5 \| 1\.00× \| 1\.00× \| 1\.00× \|/);
  });

  it("compares an ablation with the run it names (`against`) instead of the default", () => {
    const slower = sample.map((r) => ({ ...r, total_s: r.total_s === null ? null : r.total_s * 2 }));
    const md = renderResultsReadme({
      ours: sample,
      oursLabel: "gdl-ground",
      anchorLabel: "GGP-Base",
      extraRuns: [
        { label: "clingo-wasm alone", rows: slower },
        { label: "--no-prune (clingo-wasm)", rows: slower, against: "clingo-wasm alone" },
      ],
      timeLimitSeconds: 60,
      readmeDir: "/r",
    });
    expect(md).toMatch(/\| clingo-wasm alone \| [^\n]* \| default \| 5 \| 2\.00× \|/);
    expect(md).toMatch(/\| --no-prune \(clingo-wasm\) \| [^\n]* \| clingo-wasm alone \| 5 \| 1\.00× \|/);
  });
});
