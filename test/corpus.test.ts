/**
 * The corpus runner: every game in its own child process with a time limit; statuses and reasons
 * in CSV and JSON; a slow game is stopped and the run goes on; --resume skips what is done.
 * (Children run the compiled dist/: `npm test` builds first.)
 */
import { describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCorpus } from "../src/corpus/runner.js";
import { parseResults } from "../src/report/results-file.js";

const ROOT = path.resolve(__dirname, "..");

function slowGame(): string {
  const numbers = Array.from({ length: 80 }, (_, i) => `(n ${i})`).join(" ");
  return `(role r) ${numbers} (init s)
(<= (big ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))
(<= (legal r (go ?a ?b ?c ?d)) (true s) (big ?a ?b ?c ?d))
(<= (next s) (true s))
(<= terminal (not (true s)))
(goal r 100)`;
}

describe("gdl-ground corpus", () => {
  it("grounds each game with limits, writes CSV and JSON, and resumes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-corpus-"));
    mkdirSync(path.join(dir, "sub"));
    copyFileSync(path.join(ROOT, "corpus/valid/step-counter.kif"), path.join(dir, "step-counter.kif"));
    copyFileSync(path.join(ROOT, "corpus/valid/simultaneous.kif"), path.join(dir, "sub", "simultaneous.kif"));
    copyFileSync(path.join(ROOT, "corpus/invalid/syntax-unbalanced.kif"), path.join(dir, "broken.kif"));
    writeFileSync(path.join(dir, "slow.kif"), slowGame());
    // The results folder must exist: a missing folder is an error, never created silently.
    mkdirSync(path.join(dir, "results"));
    const out = path.join(dir, "results", "run.csv");
    const summary = await runCorpus({ dir, out, timeoutSeconds: 2, memoryMb: 1024, jobs: 2, grounder: "wasm" });
    expect(summary.measured).toBe(4);
    const rows = parseResults(readFileSync(out, "utf8")).rows;
    const byGame = Object.fromEntries(rows.map((r) => [r.game, r]));
    expect(Object.keys(byGame).sort()).toEqual(["broken", "slow", "step-counter", "sub/simultaneous"]);
    expect(byGame["step-counter"].status).toBe("ok");
    expect(byGame["step-counter"].components_paper).toBeGreaterThan(0);
    expect(byGame["step-counter"].ground_clauses).toBeGreaterThan(0);
    expect(byGame["sub/simultaneous"].status).toBe("ok");
    expect(byGame.broken.status).toBe("invalid");
    expect(byGame.broken.reason).toMatch(/^syntax: /);
    expect(byGame.slow.status).toBe("timeout");
    const json = JSON.parse(readFileSync(path.join(dir, "results", "run.json"), "utf8"));
    expect(json).toHaveLength(4);

    const again = await runCorpus({ dir, out, timeoutSeconds: 2, memoryMb: 1024, jobs: 2, grounder: "wasm", resume: true });
    expect(again.measured).toBe(0);
    expect(again.skipped).toBe(4);
  });
});
