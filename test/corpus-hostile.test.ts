/**
 * `corpus` on hostile outputs (issue 25): `--out` naming a device or a folder wrote
 * `/dev/null.csv` or `FOLDER.csv`; two runs on one `--out` both said they succeeded and one
 * run's rows were lost; a child's crash pasted V8's dump into the CSV. Each case failed before.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCorpus } from "../src/corpus/runner.js";
import { runCli } from "./support/run-cli.js";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const GAME = path.join(ROOT, "corpus", "valid", "step-counter.kif");

const run = runCli;

/** A folder of `n` copies of the step counter. */
function games(n: number): { dir: string; games: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-corpus-"));
  const folder = path.join(dir, "games");
  mkdirSync(folder);
  for (let i = 0; i < n; i++) copyFileSync(GAME, path.join(folder, `g${String(i).padStart(2, "0")}.kif`));
  return { dir, games: folder };
}

describe("corpus --out", () => {
  it("a device, standard output, a folder or a name that is neither .csv nor .json is a usage error, and nothing is written", async () => {
    const { dir, games: folder } = games(1);
    for (const [out, message] of [
      ["/dev/null", /--out must name a results file \(\.csv or \.json\), not a device or a stream/],
      ["-", /--out must name a results file/],
      [dir, /--out: it is a folder/],
      [path.join(dir, "results"), /--out must name a \.csv or \.json file/],
    ] as const) {
      const r = await run("corpus", folder, "--out", out, "--no-progress");
      expect(r.code, out).toBe(2);
      expect(r.err, out).toMatch(message);
      expect(r.err.trim().split("\n"), out).toHaveLength(1);
    }
    expect(existsSync("/dev/null.csv")).toBe(false);
    expect(readdirSync(dir)).toEqual(["games"]);
  });

  it("a second run on the same results refuses with one line while the first runs; the first keeps every row", async () => {
    const { dir, games: folder } = games(60);
    const first = spawn(process.execPath, [BIN, "corpus", folder, "--out", path.join(dir, "r.csv"), "--jobs", "1", "--no-progress"], { stdio: "ignore" });
    const firstDone = new Promise<number | null>((resolve) => first.on("exit", (code) => resolve(code)));
    try {
      for (let i = 0; i < 3000 && !existsSync(path.join(dir, "r.lock")); i++) await new Promise((r) => setTimeout(r, 10));
      expect(existsSync(path.join(dir, "r.lock"))).toBe(true);
      // the same results by their other name
      const second = await run("corpus", folder, "--out", path.join(dir, "r.json"), "--no-progress");
      expect(second.code).toBe(2);
      expect(second.err).toMatch(new RegExp(`r\\.lock: error\\[io\\]: another gdl-ground corpus run \\(process ${first.pid}\\) is writing these results`));
      expect(second.err.trim().split("\n")).toHaveLength(1);
      expect(await firstDone).toBe(0);
      const rows = readFileSync(path.join(dir, "r.csv"), "utf8").trim().split("\n");
      expect(rows).toHaveLength(61); // the header and 60 games
      expect(readdirSync(dir).sort()).toEqual(["games", "r.csv", "r.json"]); // the lock is gone
    } finally {
      if (first.exitCode === null) first.kill("SIGKILL");
    }
  });

  it("a lock left by a run that is gone is taken over", async () => {
    const { dir, games: folder } = games(1);
    // a process id that is not running: the largest a process can have, plus one
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(dir, "r.lock"), "4194305\n");
    const r = await run("corpus", folder, "--out", path.join(dir, "r.csv"), "--no-progress");
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["games", "r.csv", "r.json"]);
  });
});

describe("a child that crashes", () => {
  it("is one line in the results; its dump is kept in a log beside them", async () => {
    const { dir, games: folder } = games(1);
    const out = path.join(dir, "r.csv");
    // a heap too small for the child to start (the command refuses --memory below 64; the library does not)
    const summary = await runCorpus({ dir: folder, out, timeoutSeconds: 30, memoryMb: 1, jobs: 1, grounder: "auto" });
    const row = summary.rows[0];
    expect(row.status).toBe("error");
    expect(row.reason).toMatch(/^cannot start a child process: the child process exited \(.+\) before it was ready: .*OOM.*; its output is in .*r\.log$/);
    expect(row.reason).not.toContain("\n");
    expect(row.reason!.length).toBeLessThan(400);
    const log = readFileSync(path.join(dir, "r.log"), "utf8");
    expect(log).toMatch(/^== g00 \(.+\): the child process's last output\n/);
    expect(log).toMatch(/Fatal javascript OOM/);
    expect(readFileSync(out, "utf8")).not.toMatch(/Native stack trace|<--- Last few GCs --->/);
  });
});
