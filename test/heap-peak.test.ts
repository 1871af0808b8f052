/**
 * The peak heap of extraction and of the propnet build (heap-peak.ts): sampled after each pass
 * through the probe a host hands the pipeline, reported by `--stats`, `--json` (sizes) and the
 * corpus rows (extract_peak_mb, propnet_peak_mb; results written before them read as unknown).
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createGrounder } from "../src/ground/index.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { parseResults } from "../src/report/results-file.js";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const TICTACTOE = path.join(ROOT, "corpus", "valid", "tictactoe.kif");
const GAME = "(role r) (init p) (<= (legal r go) (true p)) (<= (next q) (does r go)) (<= terminal (true q)) (goal r 100)";

describe("the peak heap of extraction and the propnet build", () => {
  it("is the largest sample of each stage, taken after each of its passes, and absent without a probe", async () => {
    const grounder = await createGrounder("auto");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      // each sample is larger than the one before: a stage's peak is its last sample
      let samples = 0;
      let samplesBeforeBuild = -1;
      const result = await groundAndBuild(loadText(GAME, "tiny.kif"), {
        grounder,
        timeoutSeconds: 30,
        heapProbe: () => ++samples * 1000,
        onPhase: (phase) => {
          if (phase === "propnet") samplesBeforeBuild = samples;
        },
      });
      expect(result.status).toBe("ok");
      expect(samplesBeforeBuild).toBeGreaterThan(1);
      expect(samples - samplesBeforeBuild).toBeGreaterThan(1);
      expect(result.peakHeapBytes).toEqual({ extract: samplesBeforeBuild * 1000, propnet: samples * 1000 });

      const groundOnly = await groundAndBuild(loadText(GAME, "tiny.kif"), { grounder, timeoutSeconds: 30, propnet: false, heapProbe: () => 7 });
      expect(groundOnly.peakHeapBytes).toEqual({ extract: 7 });
      const unprobed = await groundAndBuild(loadText(GAME, "tiny.kif"), { grounder, timeoutSeconds: 30 });
      expect(unprobed.peakHeapBytes).toBeUndefined();
    } finally {
      await grounder.close();
    }
  });

  it("is in --json's sizes and in --stats, also beside --propnet's summary", () => {
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, TICTACTOE, ...args], { encoding: "utf8" });
    const withPropnet = JSON.parse(run(["--propnet", "--json"]).stdout) as { sizes: Record<string, number | null> };
    expect(withPropnet.sizes.extractPeakHeapMb).toBeGreaterThan(0);
    expect(withPropnet.sizes.propnetPeakHeapMb).toBeGreaterThan(0);
    const groundOnly = JSON.parse(run(["--json"]).stdout) as { sizes: Record<string, number | null> };
    expect(groundOnly.sizes.extractPeakHeapMb).toBeGreaterThan(0);
    expect(groundOnly.sizes.propnetPeakHeapMb).toBeNull();

    const stats = run(["--propnet", "--stats"]);
    expect(stats.status).toBe(0);
    expect(stats.stdout).toMatch(/components \(after our optimizations\)/);
    expect(stats.stderr).toMatch(/heap peak: +extract \d+ MiB, propnet \d+ MiB/);
    const out = path.join(mkdtempSync(path.join(tmpdir(), "gdl-heap-")), "ground.kif");
    expect(run(["--stats", "-o", out]).stdout).toMatch(/heap peak: +extract \d+ MiB \(/);
  }, 60_000);

  it("is read as unknown from results written before its columns", () => {
    const old = "game,status,reason,total_s,peak_memory_mb\na,ok,,1.5,12\n";
    const { rows, diagnostics } = parseResults(old, "old.csv");
    expect(diagnostics).toEqual([]);
    expect(rows[0].peak_memory_mb).toBe(12);
    expect(rows[0].extract_peak_mb).toBeNull();
    expect(rows[0].propnet_peak_mb).toBeNull();
  });
});
