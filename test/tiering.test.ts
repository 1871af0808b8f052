/**
 * The command line's start-up tiering (src/cli/tiering.ts): TurboFan off for a window at start,
 * on again by a timer, at the first stage that starts after the window, or when long work starts.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { setTurbofan, startupTiering, turbofanOn } from "../src/cli/tiering.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
afterEach(() => setTurbofan(true));

describe("startupTiering", () => {
  it("turns TurboFan off, and on at the first checkpoint after the window (a timer cannot fire during synchronous work)", () => {
    let clock = 10;
    const tiering = startupTiering(300, () => clock);
    expect(turbofanOn()).toBe(false);
    clock = 250;
    tiering.checkpoint();
    expect(turbofanOn()).toBe(false);
    clock = 301;
    tiering.checkpoint();
    expect(turbofanOn()).toBe(true);
  });

  it("turns it on at once when long work starts", () => {
    const tiering = startupTiering(300, () => 0);
    expect(turbofanOn()).toBe(false);
    tiering.optimizeNow();
    expect(turbofanOn()).toBe(true);
  });

  it("turns it on by its timer when the event loop is free", async () => {
    let clock = 0;
    startupTiering(20, () => clock);
    clock = 5;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(turbofanOn()).toBe(true);
  });
});

describe("gdl-ground bench", () => {
  it("runs optimized code: its playouts are long synchronous work that starts inside the window", () => {
    // Before tiering.ts the window ended by a timer only, which never fired during the measuring
    // loop: V8 optimized no function at all, and connect four ran at 0.26 M nodes/s instead of 3 M.
    const run = spawnSync(
      process.execPath,
      ["--trace-opt", path.join(root, "bin", "gdl-ground.js"), "bench", path.join(root, "corpus", "valid", "tictactoe.kif"), "--playouts", "100", "--min-time", "0.3", "--warmup", "0.1", "--repeats", "1"],
      { encoding: "utf8", env: { ...process.env, GDL_GROUND_CODE_CACHE: "off" } },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/completed (compiling|optimizing) .*TURBOFAN/);
  }, 60_000);
});

describe("a large input", () => {
  it("is optimized from the start by check, fmt, convert and the ground command; a small one waits for the window", async () => {
    const { main } = await import("../src/cli/main.js");
    const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-tiering-"));
    try {
      const small = path.join(root, "corpus", "valid", "tictactoe.kif");
      const large = path.join(dir, "large.kif");
      // tictactoe and 60,000 facts: 1.3 MB (a synchronous parse of it gave the window's timer no turn: it ran unoptimized)
      writeFileSync(large, `${readFileSync(small, "utf8")}\n${Array.from({ length: 60_000 }, (_, i) => `(filler ${i} ${i + 1})`).join("\n")}\n`);
      const io = { out: () => undefined, err: () => undefined };
      const asked = async (argv: string[]): Promise<boolean> => {
        let now = false;
        await main(argv, io, { optimizeNow: () => void (now = true), checkpoint: () => undefined });
        return now;
      };
      expect(await asked(["check", large])).toBe(true);
      expect(await asked(["fmt", large])).toBe(true);
      expect(await asked(["convert", large, "--to", "infix", "-o", path.join(dir, "large.hrf")])).toBe(true);
      expect(await asked([large, "--asp", "-o", path.join(dir, "large.lp")])).toBe(true);
      expect(await asked(["check", small])).toBe(false);
      expect(await asked(["fmt", small])).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
