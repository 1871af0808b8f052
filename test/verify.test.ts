/**
 * Verification (src/verify/) on a fast slice: our corpus/valid and a few small real games go
 * through `verifyGame`, the function the `verify` script runs in its child processes: random
 * playouts on the propnet state machine must agree with the prover, and the
 * propnet must keep its invariants. The runner itself (child processes, CSV) is run once on
 * corpus/valid when the compiled child module is there.
 */
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ClosableGrounder } from "../src/ground/index.js";
import { verifyGame, describeMismatchBriefly } from "../src/verify/verify-game.js";
import { formatVerifyCsv, parseVerifyCsv, runVerify, summaryLine, verifyOutput } from "../src/verify/runner.js";
import { verifyPropnetInvariants } from "../src/verify/invariants.js";
import { buildPropnet } from "../src/propnet/build.js";
import { groundDescription } from "../src/pipeline.js";
import { loadFile } from "../src/node-pipeline.js";
import { translate } from "../src/translate/index.js";
import { createdGrounder, withGrounder } from "./support/grounder.js";
import { findNativeGrounder } from "../src/ground/clingo/index.js";

const ROOT = path.resolve(__dirname, "..");
const VALID = path.join(ROOT, "corpus", "valid");
const GAMES = path.resolve(ROOT, "../shared/games");
const realGamesPresent = existsSync(path.join(GAMES, "base"));
const nativeGringo = (await findNativeGrounder()) !== undefined;


let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

async function expectAgreement(file: string, game: string, playouts = 3) {
  const row = await verifyGame(file, game, { grounder, playouts, seed: 11, maxSteps: 200 });
  expect(row.status, row.detail).toBe("agree");
  expect(row.playouts).toBe(playouts);
  expect(row.steps).toBeGreaterThan(0);
}

describe("verify: our corpus", () => {
  for (const name of readdirSync(VALID).filter((f) => f.endsWith(".kif"))) {
    it(name, async () => expectAgreement(path.join(VALID, name), name.slice(0, -4)));
  }
});

const REAL = ["base/ticTacToe", "base/connectFour", "base/nim1", "base/buttons", "base/breakthroughSmall", "base/blocksWorld", "tests/test_case_3b", "tests/test_case_5a"];

describe.skipIf(!realGamesPresent)("verify: real games (a slice)", () => {
  if (!realGamesPresent) console.warn(`skipped: ${GAMES} is absent`);
  for (const name of REAL) {
    it(name, { timeout: 60_000 }, async () => expectAgreement(path.join(GAMES, `${name}.kif`), name, 2));
  }
});

describe.skipIf(!nativeGringo)("verify: a term and patterns 20,000 levels deep (gringo grounds them; clingo-wasm takes about 10,000)", () => {
  it("agrees with the prover, which walks them from stacks of its own", async () => {
    const deep = (inner: string) => `${"(f ".repeat(20_000)}${inner}${")".repeat(20_000)}`;
    const text = [
      "(role p)", `(init (s ${deep("a")}))`, "(init (step 0))",
      `(<= (legal p (go ?x)) (true (s ${deep("?x")})))`, `(<= (legal p stay) (true (s ?t)) (distinct ?t ${deep("b")}))`,
      `(<= (next (s ${deep("?y")})) (does p (go ?x)) (true (s ${deep("?x")})) (flip ?x ?y))`, "(<= (next (s ?t)) (does p stay) (true (s ?t)))",
      "(flip a b) (flip b a)", "(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))", "(succ 0 1) (succ 1 2) (succ 2 3)", "(<= terminal (true (step 3)))",
      `(<= (goal p 100) (true (s ${deep("b")})))`, `(<= (goal p 0) (not (true (s ${deep("b")}))))`,
    ].join("\n");
    const dir = mkdtempSync(path.join(os.tmpdir(), "verify-deep-"));
    try {
      const file = path.join(dir, "deep.kif");
      writeFileSync(file, text);
      const native = await createdGrounder("native");
      try {
        const row = await verifyGame(file, "deep", { grounder: native, playouts: 2, seed: 11, maxSteps: 200 });
        expect(row.status, row.detail).toBe("agree");
        expect(row.steps).toBe(8); // each playout: three moves, four states
      } finally {
        await native.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("verify: a body of 600 literals, cut into a chain of rules (translate/long-bodies.ts)", () => {
  it("agrees with the prover", async () => {
    const lamps = Array.from({ length: 4 }, (_, i) => i + 1);
    const body = Array.from({ length: 300 }, (_, k) => `(true (lamp ${(k % 4) + 1} ?v${k})) (distinct ?v${k} off) (not (true (jam ${(k % 4) + 1})))`).join(" ");
    const text = [
      "(role w)",
      ...lamps.map((i) => `(init (lamp ${i} off))`),
      "(init (tick 0))",
      ...Array.from({ length: 15 }, (_, n) => `(succ ${n} ${n + 1})`),
      "(<= (legal w (flip ?i)) (true (lamp ?i off)))",
      "(legal w wait)",
      "(<= (next (lamp ?i on)) (does w (flip ?i)))",
      "(<= (next (lamp ?i ?s)) (true (lamp ?i ?s)) (not (does w (flip ?i))))",
      "(<= (next (tick ?m)) (true (tick ?n)) (succ ?n ?m))",
      `(<= bright ${body})`,
      "(<= terminal bright)",
      "(<= terminal (true (tick 15)))",
      "(<= (goal w 100) bright)",
      "(<= (goal w 0) (not bright))",
    ].join("\n");
    const dir = mkdtempSync(path.join(os.tmpdir(), "verify-"));
    try {
      const file = path.join(dir, "lamps.kif");
      writeFileSync(file, text);
      expect(translate(loadFile(file).description!, { split: false }).program!.text).toContain("_chunk1");
      await expectAgreement(file, "lamps", 6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("verify: --demand where a view is asked about with the joint move (translate/demand.ts)", () => {
  // v is read by legal and asked about by a rule of next with the move's arguments: its demand from
  // that rule made legal depend on does (othello-comp2007 with --demand --no-static-demand too)
  const text = [
    "(role r) (coord 1) (coord 2) (init (at 1))",
    "(<= (v ?x ?y) (true (at ?x)) (coord ?y))",
    "(<= (legal r (go ?x ?y)) (true (at ?x)) (coord ?y) (v ?x ?y))",
    "(<= (next (at ?y)) (does r (go ?x ?y)) (v ?x ?y))",
    "(<= terminal (true (at 2))) (goal r 100)",
  ].join("\n");

  it("legal does not depend on does: v is not restricted to its demand", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verify-demand-"));
    try {
      const file = path.join(dir, "demand.kif");
      writeFileSync(file, text);
      const translateFlags = { demand: true, staticDemand: false, freeArguments: false };
      expect(translate(loadFile(file).description!, translateFlags).program!.text).not.toContain("_demand");
      const row = await verifyGame(file, "demand", { grounder, playouts: 3, seed: 11, maxSteps: 50, translate: translateFlags });
      expect(row.status, row.detail).toBe("agree");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("verify: verdicts that are not agreement", () => {
  it("an invalid game is not-grounded, with the checker's first error", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verify-"));
    try {
      const file = path.join(dir, "bad.kif");
      writeFileSync(file, "(role a) (init p) (legal a (f 1)) (legal a (f 1 2))");
      const row = await verifyGame(file, "bad", { grounder, playouts: 1 });
      expect(row.status).toBe("not-grounded");
      expect(row.detail).toMatch(/^invalid: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a mismatch is described by what differs only", () => {
    const text = describeMismatchBriefly({ path: [["a"]], what: "state", expected: ["p", "q", "r"], actual: ["p", "r", "s"] });
    expect(text).toBe('state differ after [a]: expected {"only":["q"]}, got {"only":["s"]}');
    const legal = describeMismatchBriefly({ path: [], what: "legal", expected: { x: ["m1", "m2"] }, actual: { x: ["m1"] } });
    expect(legal).toBe('legal differ at the initial state: expected {"x":{"only":["m2"]}}, got {"x":{"only":[]}}');
  });

  it("the invariants hold on a propnet with a positive cycle (fixpoint) and name none", async () => {
    const loaded = loadFile(path.join(VALID, "recursion.kif"));
    const grounded = await groundDescription(loaded, { grounder, timeoutSeconds: 30 });
    expect(grounded.status).toBe("ok");
    expect(verifyPropnetInvariants(buildPropnet(grounded.game!), grounded.game)).toEqual([]);
  });
});

const compiledChild = existsSync(path.join(ROOT, "dist", "src", "verify", "child.js"));

describe.skipIf(!compiledChild)("verify runner (child processes, CSV)", () => {
  it("verifies corpus/valid and writes the CSV", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verify-run-"));
    try {
      const out = path.join(dir, "verify.csv");
      const seen: string[] = [];
      const summary = await runVerify(
        { dir: VALID, out, playouts: 2, seed: 3, maxSteps: 100, timeoutSeconds: 60, groundTimeoutSeconds: 30, memoryMb: 1024, jobs: 2, filter: /^(nim|nested-or|recursion|simultaneous|step-counter)$/ },
        { gameDone: (row) => seen.push(row.game) },
      );
      expect(seen.sort()).toEqual(["nested-or", "recursion", "simultaneous", "step-counter"]);
      expect(summary.counts.agree).toBe(4);
      const csv = readFileSync(out, "utf8");
      expect(csv).toBe(formatVerifyCsv(summary.rows));
      expect(parseVerifyCsv(csv)).toEqual(summary.rows);
      expect(csv.split("\n")[0]).toBe("game,status,detail,playouts,steps,seconds");
      expect(summaryLine(summary.rows)).toMatch(/^4 games: 4 agree, 0 disagree, 0 not-grounded, 0 timeout, 0 error; \d+ states compared$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("verify's results file", () => {
  const base = { defaultOut: "/p/results/verify.csv", defaultDir: "/shared/games/base", filter: false, update: false };
  it("a run over a subset does not write over the corpus's results (a run on one folder replaced them with its rows)", () => {
    // the whole corpus: the default file, rewritten
    expect(verifyOutput({ ...base, out: undefined, dir: "/shared/games/base/" })).toEqual({ out: "/p/results/verify.csv", update: false });
    // --filter: the other games' rows are kept
    expect(verifyOutput({ ...base, out: undefined, dir: "/shared/games/base", filter: true })).toEqual({ out: "/p/results/verify.csv", update: true });
    // another folder: a file of its own
    expect(verifyOutput({ ...base, out: undefined, dir: "/tmp/amz" })).toEqual({ out: "/p/results/verify-amz.csv", update: false });
    // --out and --update as given
    expect(verifyOutput({ ...base, out: "x.csv", dir: "/tmp/amz", filter: true })).toEqual({ out: "x.csv", update: false });
    expect(verifyOutput({ ...base, out: "x.csv", dir: "/shared/games/base", update: true })).toEqual({ out: "x.csv", update: true });
  });
});
