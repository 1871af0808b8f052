/**
 * `gdl-ground bench` and `--engine`: the shape of the report (warm-up, minimum time, repeats,
 * both engines), and the same seeded game from `play` on either engine. No speed is asserted.
 */
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { runCli } from "./support/run-cli.js";

const GAME = path.resolve(__dirname, "../../shared/games/base/ticTacToe.kif");

const run = runCli;

describe.skipIf(!existsSync(GAME))("bench and --engine", () => {
  it("bench --json reports the median, lowest and highest of the repeats, per engine", async () => {
    for (const engine of ["fast", "reference"]) {
      const r = await run("bench", GAME, "--playouts", "3", "--perft", "2", "--min-time", "0.01", "--warmup", "0", "--repeats", "3", "--json", "--engine", engine);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      const report = JSON.parse(r.out);
      expect(report.engine).toBe(engine);
      expect(report.minTime).toBe(0.01);
      for (const figure of [report.flatMonteCarlo, report.perft]) {
        expect(figure.repeats).toHaveLength(3);
        expect(figure.min).toBeLessThanOrEqual(figure.nodesPerSecond);
        expect(figure.nodesPerSecond).toBeLessThanOrEqual(figure.max);
        expect(figure.seconds).toBeGreaterThanOrEqual(0.03);
      }
      // perft(2) of tictactoe visits 1 + 9 + 72 states per walk
      expect(report.perft.nodes % 82).toBe(0);
    }
  }, 60_000);

  it("play --seed gives the same game on both engines", async () => {
    const fast = await run("play", GAME, "--seed", "5", "--engine", "fast");
    const reference = await run("play", GAME, "--seed", "5", "--engine", "reference");
    expect(fast.code).toBe(0);
    expect(fast.out).toBe(reference.out);
  }, 60_000);

  it("an unknown engine is a usage error", async () => {
    expect((await run("bench", GAME, "--perft", "1", "--engine", "turbo")).code).toBe(2);
  });
});
