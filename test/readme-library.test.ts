/**
 * The README's library example, run as written: the code block after "### As a library" is
 * taken from README.md, its `from "gdl-ground"` pointed at the built package entry (npm test
 * builds dist/ first), and run in a fresh Node process from the repository root.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(__dirname, "..");
const haveGames = existsSync(path.resolve(ROOT, "../shared/games/base/ticTacToe.kif"));

function example(): string {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### As a library"));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error("README.md has no js block under '### As a library'");
  return match[1];
}

describe("README: as a library", () => {
  it.skipIf(!haveGames)("runs as written and grounds ticTacToe", () => {
    const entry = pathToFileURL(path.join(ROOT, "dist", "src", "index.js")).href;
    const code = example().replace(/from "gdl-ground"/g, `from ${JSON.stringify(entry)}`);
    expect(code).not.toBe(example());
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gdl-readme-")), "example.mjs");
    writeFileSync(file, code);
    const run = spawnSync(process.execPath, [file], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+ ground clauses; components 364 -> 221\n$/);
  });
});
