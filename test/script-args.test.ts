/**
 * The `npm run` scripts' command lines (scripts/script-args.ts): each script writes results files
 * after a run of minutes, so `--help` prints its usage and exits 0, and an unknown option, a bad
 * number or a stray argument stops it with the usage and exit 2, before anything runs or is
 * written. Before, these scripts read process.argv by hand: `--help` and a misspelt option were
 * ignored and started the full run (bench:scaling overwrote results/scaling.*, bench:web
 * results/web/speed.*).
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

const SCRIPTS: readonly { file: string; npm: string; results: string; bad: readonly string[] }[] = [
  { file: "bench.js", npm: "bench", results: "results/ground.csv", bad: ["--bogus", "a b"] },
  { file: "bench-web.js", npm: "bench:web", results: "results/web/speed.md", bad: ["--rounds x", "--games ,", "--rounds"] },
  { file: "scaling.js", npm: "bench:scaling", results: "results/scaling.md", bad: ["--sizes 10,x", "--shapes copies,squares", "somewhere"] },
  { file: "board-survey.js", npm: "survey:boards", results: "results/web/boards.md", bad: ["--playouts 0", "--timeout -1", "--timeout=-1"] },
  { file: "bench-lsp.js", npm: "bench:lsp", results: "results/lsp.md", bad: ["--rounds 0", "--round 3"] },
  { file: "fmt-check.js", npm: "check:fmt", results: "results/fmt-check.md", bad: ["--timeout x", "--ground"] },
  { file: "infix-roundtrip.js", npm: "bench:infix", results: "results/infix-roundtrip.md", bad: ["--timeout", "a b"] },
  { file: "prover-relations.js", npm: "bench:prover-relations", results: "results/prover-relations.md", bad: ["--playouts 0", "--seeds x", "--free", "a b"] },
];

function run(file: string, args: readonly string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, "dist", "scripts", file), ...args], { cwd: ROOT, encoding: "utf8", timeout: 30_000 });
}

const mtime = (file: string) => (existsSync(path.join(ROOT, file)) ? statSync(path.join(ROOT, file)).mtimeMs : undefined);

describe.each(SCRIPTS)("npm run $npm's command line", ({ file, npm, results, bad }) => {
  const usage = new RegExp(`usage: npm run ${npm.replace(":", "\\:")}`);

  it("--help prints the usage and exits 0 without running", () => {
    const before = mtime(results);
    const r = run(file, ["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${usage.source}`));
    expect(mtime(results)).toBe(before);
  });

  it.each(["--bogus", ...bad])("%s: usage on stderr, exit 2, nothing run", (line) => {
    const before = mtime(results);
    const r = run(file, line.split(" "));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^${npm}: [\\s\\S]+\\n${usage.source}`));
    expect(r.stdout).toBe("");
    expect(mtime(results)).toBe(before);
  });
});
