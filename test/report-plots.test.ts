import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildPlotSpecs,
  cumulativeRuns,
  drawPlots,
  findPlotFont,
  runtimePoints,
} from "../src/report/plots.js";
import { parseAnchor, readResultsFile } from "../src/report/results-file.js";
import { writeResultsReport } from "../src/report/report.js";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const samplePath = path.join(root, "test/fixtures/results-sample.csv");
const { rows: sample } = await readResultsFile(samplePath);
const anchorText = [
  "set,game,status,seconds,components",
  "base,tictactoe,ok,0.4,380",
  "base,connectFour,ok,0.5,2600",
  "base,breakthrough,ok,6.0,6000",
  "base,chess,timeout,120.0,",
  "base,troublemaker01,ok,0.1,50",
  "base,amazons,timeout,,",
  "base,small_dominion,ok,10,30000",
].join("\n");
const anchor = parseAnchor(anchorText).rows;
const tmp = await mkdtemp(path.join(os.tmpdir(), "gdl-plots-"));
afterAll(() => rm(tmp, { recursive: true, force: true }));

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe("plot data", () => {
  it("draws games failed on one side at the time limit", () => {
    const { points, medianOurs, medianAnchor, neither } = runtimePoints(sample, anchor, 30);
    const at = (g: string) => points.find((p) => p.game === g)!;
    expect(at("chess")).toMatchObject({ ours: 40, anchor: 30 });
    expect(at("small_dominion")).toMatchObject({ ours: 30, anchor: 10 });
    expect(at("tictactoe")).toMatchObject({ ours: 0.2, anchor: 0.4 });
    expect(neither).toBe(1); // amazons
    expect(medianOurs).toBe(1); // 0.05, 0.2, 1, 3, 40
    expect(medianAnchor).toBe(0.5); // 0.1, 0.4, 0.5, 6, 10
  });

  it("compares the cumulative curves on our games", () => {
    const withOther = parseAnchor(anchorText + "\nbase,othergame,ok,1,10").rows;
    const { runs, anchorRestricted } = cumulativeRuns({
      ours: sample,
      oursLabel: "ours",
      anchor: withOther,
      anchorLabel: "ref",
      extraRuns: [{ label: "--no-split", rows: sample.slice(0, 3) }],
    });
    expect(anchorRestricted).toBe(true);
    expect(runs.map((r) => [r.label, r.seconds.length, r.games])).toEqual([
      ["ours", 5, 9],
      ["ref", 5, 7],
      ["--no-split", 3, 3],
    ]);
  });

  it("without an anchor only the plots of our own data", () => {
    const names = buildPlotSpecs({ ours: sample, oursLabel: "ours", anchorLabel: "ref", timeLimitSeconds: 60 }).map(
      (s) => s.name,
    );
    expect(names).toEqual(["components-vs-gdl-size", "cumulative-grounded"]);
  });
});

describe("drawing", () => {
  it("writes SVG and PNG for every plot", async () => {
    const outDir = path.join(tmp, "all");
    const written = await drawPlots({
      ours: sample,
      oursLabel: "gdl-ground",
      anchor,
      anchorLabel: "GGP-Base",
      extraRuns: [{ label: "--no-prune", rows: sample }],
      timeLimitSeconds: 30,
      outDir,
    });
    const names = ["runtime-scatter", "components-scatter", "components-vs-gdl-size", "cumulative-grounded"];
    expect(written.map((p) => path.basename(p))).toEqual(names.flatMap((n) => [`${n}.svg`, `${n}.png`]));
    for (const p of written) expect(existsSync(p)).toBe(true);
    for (const p of written.filter((p) => p.endsWith(".png"))) {
      expect((await readFile(p)).subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    }
    const svg = async (n: string) => readFile(path.join(outDir, `${n}.svg`), "utf8");

    const runtime = await svg("runtime-scatter");
    expect(runtime).toContain("Grounding time: gdl-ground vs GGP-Base");
    expect(runtime).toContain("30 s limit");
    expect(runtime).toContain("mark-symbol"); // the games
    expect(runtime).toContain("mark-rule"); // the medians
    expect(runtime).toContain("mark-line"); // the diagonal
    expect(runtime).toContain("only ours grounded (1)");
    expect(runtime).toContain("only anchor grounded (1)");
    expect(runtime).toContain("gdl-ground: seconds (log)");

    const components = await svg("components-scatter");
    expect(components).toContain("Propnet components: gdl-ground vs GGP-Base");
    expect(components).toContain("mark-rule");

    const size = await svg("components-vs-gdl-size");
    expect(size).toMatch(/Components ≈ [0-9.]+ · literals\^[0-9.]+/);
    expect(size).toContain("propnet &lt; rules (1, not fitted)");

    const cumulative = await svg("cumulative-grounded");
    expect(cumulative).toContain("Games grounded within a time budget");
    expect(cumulative).toContain("gdl-ground: 5/9 grounded");
    expect(cumulative).toContain("GGP-Base: 5/7 grounded");
    expect(cumulative).toContain("--no-prune: 5/9 grounded");
  });

  it("writes the results page with the plots", async () => {
    const refFile = path.join(tmp, "ref.csv");
    await import("node:fs/promises").then((fs) => fs.writeFile(refFile, anchorText));
    const outDir = path.join(tmp, "results");
    const report = await writeResultsReport({ oursFile: samplePath, anchorFile: refFile, outDir, timeLimitSeconds: 60 });
    expect(report.diagnostics).toEqual([]);
    expect(report.plotPaths).toHaveLength(8);
    const md = await readFile(report.readmePath, "utf8");
    expect(md).toContain("](plots/runtime-scatter.svg)");
    expect(md).toContain("](plots/cumulative-grounded.svg)");
  });

  it("finds a font for the PNGs (Debian's fonts-dejavu-core or similar)", () => {
    const font = findPlotFont();
    if (!font) {
      console.warn("no sans-serif font found in Debian's font folders: PNG text will be missing");
      return;
    }
    expect(existsSync(font.path)).toBe(true);
  });
});
