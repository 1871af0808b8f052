/**
 * A table's answer list is made by no array literal (src/prover/unsited-array.ts): V8 must not
 * decide, from the static relations' tables that live for the game, to allocate every table's
 * answers in old space, where a state's dead tables keep their answers alive through the young
 * collections (chess below the prover: 4 KB promoted a node, 7-9 K nodes/s instead of 12-13 K).
 * Run in a child process with the collections under its control.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(__dirname, "..");

describe("a table's answers and V8's pretenuring", () => {
  it("a state's dead tables keep no answers alive after long-lived tables were made, and their lists hold objects from birth", () => {
    const out = execFileSync(
      process.execPath,
      ["--expose-gc", "--allow-natives-syntax", path.join(ROOT, "test/fixtures/table-pretenuring-child.mjs"), pathToFileURL(path.join(ROOT, "dist/src/prover/table.js")).href],
      { encoding: "utf8" },
    );
    const result = JSON.parse(out) as { keptAliveMB: number; tablesKept: number; objectElements: boolean };
    expect(result.tablesKept).toBe(80_000);
    // With the lists made by a literal, 48-50 MB of the short-lived tables' answers stay (Node 20); with none, 0.
    expect(result.keptAliveMB).toBeLessThan(5);
    expect(result.objectElements).toBe(true);
  }, 60_000);
});
