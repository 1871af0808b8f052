/**
 * GDL-II (Thielscher 2010): `random` and `sees` read as keywords, checked by GDL-II's rules,
 * kept by the translation and the ground game, answered by the prover; and the prover replayed
 * against the Dresden GameController's own prover (../shared/anchors/dresden-gc/gc-trace) on
 * every game of ../shared/games/gdl2, percepts included (skipped with a message without Java).
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { createGrounder, type ClosableGrounder } from "../src/ground/index.js";
import { printGroundGame } from "../src/ground/print-ground.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { Prover } from "../src/prover/prover.js";
import { dialectOf } from "../src/syntax/description.js";
import { parseGdl } from "../src/syntax/parse.js";
import { anchorUnavailable, runAnchorTrace } from "../src/verify/anchor-runner.js";
import { describeTraceMismatch, replayAnchorTrace } from "../src/verify/anchor-trace.js";
import { proverKifReasoner } from "../src/verify/reasoners.js";

const ROOT = path.resolve(__dirname, "..");
const GDL2 = path.resolve(ROOT, "../shared/games/gdl2");
const haveGames = existsSync(GDL2);
const games = haveGames ? readdirSync(GDL2).filter((f) => f.endsWith(".gdl")).sort() : [];
const COIN = path.join(ROOT, "corpus/valid/gdl2-coin-guess.kif");
/**
 * The GDL-II games that are not valid GDL, with the error they get (the README names them):
 * mastermind.gdl uses the function symbol set with 4 arguments (a move) and with 2 (a fluent),
 * which GDL does not allow (as GGP-Base's validator test case test_invalid_function_arities_differ
 * says).
 */
const INVALID: Readonly<Record<string, RegExp>> = {
  "mastermind.gdl": /mastermind\.gdl:65:11: error\[arity\]: the function symbol 'set' is used here with 2 arguments, but with 4 arguments before/,
};
const validGames = games.filter((g) => !(g in INVALID));

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Output = { out: (t) => (out += t), err: (t) => (err += t) };
  const code = await main(args, io);
  return { code, out, err };
}

describe("reading GDL-II", () => {
  it("knows the dialect: sees or a random role make a description GDL-II", () => {
    const dialect = (text: string) => dialectOf(parseGdl(text, "t.kif").description);
    expect(dialect("(role a) (init p) (<= terminal (true p))")).toBe("gdl1");
    expect(dialect("(role random) (role a)")).toBe("gdl2");
    expect(dialect("(role a) (<= (sees a x) (does a m))")).toBe("gdl2");
    expect(loadFile(COIN).dialect).toBe("gdl2");
  });

  it("reads sees and random as keywords in both notations and both readings of case", () => {
    const kif = parseGdl("(ROLE Random) (<= (SEES Random x) (does Random m))", "t.kif", { caseSensitive: true }).description;
    expect(kif.rules.map((r) => r.head.relation)).toEqual(["role", "sees"]);
    expect(dialectOf(kif)).toBe("gdl2");
    const infix = parseGdl("role(random).\nsees(random, x) :- does(random, m).", "t.gdl", { syntax: "infix" }).description;
    expect(dialectOf(infix)).toBe("gdl2");
  });

  it("accepts a random role without goals, and gives sees its arity", () => {
    expect(loadFile(COIN).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const wrong = loadText("(role a) (init p) (<= (legal a m) (true p)) (<= (sees a) (does a m)) (<= terminal (true p)) (goal a 0)", "t.kif");
    expect(wrong.diagnostics.map(formatDiagnostic).join("\n")).toMatch(/'sees' takes 2 arguments, here it has 1/);
  });

  it("reports sees in a body, sees for an undeclared role and a random role without legal moves, with positions", () => {
    const inBody = loadFile(path.join(ROOT, "corpus/invalid/gdl2-sees-in-body.kif"));
    expect(inBody.diagnostics.map(formatDiagnostic)).toContainEqual(expect.stringMatching(/gdl2-sees-in-body\.kif:9:17: error\[keywords\]: 'sees' cannot be used in a rule body/));
    const unknown = loadFile(path.join(ROOT, "corpus/invalid/gdl2-sees-unknown-role.kif"));
    expect(unknown.diagnostics.map(formatDiagnostic)).toContainEqual(expect.stringMatching(/:6:11: error\[keywords\]: 'sees' names plaer, which is not a role/));
    const noLegal = loadFile(path.join(ROOT, "corpus/invalid/gdl2-random-without-legal.kif"));
    expect(noLegal.diagnostics.map(formatDiagnostic)).toContainEqual(expect.stringMatching(/:3:1: error\[missing\]: role random has no legal rule/));
  });

  it("check says GDL-II in its summary and its JSON", async () => {
    const text = await run("check", COIN);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/1 valid, 0 invalid .*; GDL-II/);
    const json = JSON.parse((await run("check", "--json", COIN, path.join(ROOT, "corpus/valid/tictactoe.kif"))).out);
    expect(json.files.map((f: { dialect: string }) => f.dialect)).toEqual(["gdl2", "gdl1"]);
    expect(json.summary.gdl2).toBe(1);
  });
});

describe("grounding GDL-II", () => {
  let grounder: ClosableGrounder;
  beforeAll(async () => {
    const g = await createGrounder("auto");
    if ("error" in g) throw new Error(g.error);
    grounder = g;
  });
  afterAll(() => grounder?.close());

  it("keeps every sees rule (also without relevance pruning) and prints it", async () => {
    for (const prune of [true, false]) {
      const result = await groundAndBuild(loadFile(COIN), { grounder, timeoutSeconds: 30, prune, propnet: false });
      expect(result.status).toBe("ok");
      const printed = printGroundGame(result.game!);
      expect(printed).toContain("(<= (sees guesser right) (true (coin heads)) (does guesser (call heads)))");
      expect(printed).toContain("(<= (sees guesser (shows tails)) (true (coin tails)) (true (phase call)))");
      expect(printed.split("\n").filter((l) => l.startsWith("(<= (sees ")).length).toBe(6);
    }
  });

  it("counts sees atoms in --json and --stats, and says the dialect", async () => {
    const json = JSON.parse((await run(COIN, "--json")).out);
    expect(json.dialect).toBe("gdl2");
    expect(json.sizes.sees).toBe(4); // right, wrong, (shows heads), (shows tails)
    const gdl1 = JSON.parse((await run(path.join(ROOT, "corpus/valid/tictactoe.kif"), "--json")).out);
    expect(gdl1.dialect).toBe("gdl1");
    expect(gdl1.sizes.sees).toBe(0);
    const stats = await run(COIN, "--stats", "-o", "/dev/null");
    expect(stats.out).toMatch(/base \d+, input \d+, sees 4/);
  });

  it.skipIf(!haveGames)("rejects the GDL-II games that are not valid GDL, with the error and its position", () => {
    for (const [game, error] of Object.entries(INVALID)) {
      const loaded = loadFile(path.join(GDL2, game));
      expect(loaded.description, game).toBeUndefined();
      expect(loaded.diagnostics.map(formatDiagnostic).join("\n")).toMatch(error);
    }
  });

  it.skipIf(!haveGames)("grounds every valid GDL-II game of ../shared/games/gdl2 with its sees rules", async () => {
    for (const game of validGames) {
      const loaded = loadFile(path.join(GDL2, game));
      expect(loaded.dialect, game).toBe("gdl2");
      const result = await groundAndBuild(loaded, { grounder, timeoutSeconds: 60, propnet: false });
      expect(result.status, `${game}: ${result.diagnostics.map(formatDiagnostic).join("; ")}`).toBe("ok");
      expect(result.game!.atoms.relation.includes("sees"), game).toBe(true);
    }
  });
});

describe("the prover against the Dresden GameController (gc-trace)", () => {
  const unavailable = haveGames ? anchorUnavailable("gc-trace") : "no ../shared/games/gdl2";
  if (unavailable) it.skip(`skipped: ${unavailable}`, () => undefined);
  else
    for (const game of validGames) {
      it(`${game}: 2 seeded playouts, every state, legal move, goal and percept`, () => {
        const file = path.join(GDL2, game);
        const trace = runAnchorTrace("gc-trace", file, { playouts: 2, seed: 7, timeoutSeconds: 120 });
        if ("error" in trace && !("playouts" in trace)) throw new Error(trace.error);
        expect(trace.error).toBeUndefined();
        const prover = Prover.fromDescription(loadFile(file).description!);
        const replay = replayAnchorTrace(trace, proverKifReasoner(prover));
        if ("mismatch" in replay) throw new Error(describeTraceMismatch(replay.mismatch));
        expect(replay.agreed.perceptSteps).toBeGreaterThan(0);
      });
    }
});
