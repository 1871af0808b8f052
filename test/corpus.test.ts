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
import { ChildWorker } from "../src/child-worker.js";
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

describe("the corpus's children", () => {
  it("get the options of Node they are started with (--expose-gc: a child collects the last game's garbage before the next)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-child-"));
    const script = path.join(dir, "child.cjs");
    writeFileSync(
      script,
      'process.on("message", () => process.send({ type: "row", row: typeof globalThis.gc }));\n' +
        'process.on("disconnect", () => process.exit(0));\nprocess.send({ type: "ready" });\n',
    );
    const gcIn = async (nodeOptions: string[]) => {
      const worker = new ChildWorker<object, { type: string; row?: string }>(script, [], 64, nodeOptions);
      const outcome = await worker.request({}, 20_000, (r) => r.type === "row");
      worker.stop();
      return outcome.kind === "reply" ? outcome.reply.row : outcome.kind;
    };
    expect(await gcIn(["--expose-gc"])).toBe("function");
    expect(await gcIn([])).toBe("undefined");
  });
});

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
    // the heap's peaks of extraction and of the build (heap-peak.ts), in the child that measured it
    expect(byGame["step-counter"].extract_peak_mb).toBeGreaterThan(0);
    expect(byGame["step-counter"].propnet_peak_mb).toBeGreaterThan(0);
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
