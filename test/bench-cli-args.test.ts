/**
 * `npm run bench:cli`'s command line: it writes results/cli-speed.* after a run of tens of minutes,
 * so an option it does not know (`--help` once started a full run and overwrote the results) or a
 * bad number must stop it at once with its usage and exit 2, and `--help` must print the usage.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SCRIPT = path.join(ROOT, "dist", "scripts", "bench-cli.js");
const RESULTS = path.join(ROOT, "results", "cli-speed.md");

function run(...args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: "utf8", timeout: 30_000 });
}

describe("bench:cli's command line", () => {
  it("--help prints the usage and exits 0 without running", () => {
    const before = statSync(RESULTS).mtimeMs;
    const r = run("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run bench:cli/);
    expect(statSync(RESULTS).mtimeMs).toBe(before);
  });

  it.each(["--bogus", "--rounds x", "--every 0", "--timeout"])("%s: usage on stderr, exit 2, nothing run", (line) => {
    const r = run(...line.split(" "));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^bench:cli: .+\nusage: npm run bench:cli/);
    expect(r.stdout).toBe("");
  });
});
