/**
 * GDL-II (Thielscher 2010): `random` and `sees` read as keywords, checked by GDL-II's rules,
 * kept by the translation and the ground game, answered by the prover; and the prover replayed
 * against the Dresden GameController's own prover (../shared/anchors/dresden-gc/gc-trace) on
 * every game of ../shared/games/gdl2, percepts included (skipped with a message without Java).
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { printGroundGame } from "../src/ground/print-ground.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { playableDescription } from "../src/playable.js";
import { Prover } from "../src/prover/prover.js";
import { dialectOf } from "../src/syntax/description.js";
import { parseGdl } from "../src/syntax/parse.js";
import { anchorUnavailable, runAnchorTrace } from "../src/verify/anchor-runner.js";
import { describeTraceMismatch, replayAnchorTrace } from "../src/verify/anchor-trace.js";
import { propnetKifReasoner, proverKifReasoner } from "../src/verify/reasoners.js";
import { compareBreadthFirst, describeMismatch, type KifReasoner } from "../src/verify/compare.js";
import { FastStateMachine } from "../src/propnet/fast/machine.js";
import { compileStateMachine } from "../src/propnet/reference-machine.js";
import { isCompileError } from "../src/propnet/machine.js";
import { ENGINE_NAMES } from "../src/propnet/machine.js";
import { withGrounder, createdGrounder } from "./support/grounder.js";

const ROOT = path.resolve(__dirname, "..");
const GDL2 = path.resolve(ROOT, "../shared/games/gdl2");
const haveGames = existsSync(GDL2);
const games = haveGames ? readdirSync(GDL2).filter((f) => f.endsWith(".gdl")).sort() : [];
const COIN = path.join(ROOT, "corpus/valid/gdl2-coin-guess.kif");
/**
 * The GDL-II games that are not valid GDL, with the error they get (the README names them):
 *   - mastermind.gdl uses the function symbol set with 4 arguments (a move) and with 2 (a
 *     fluent), which GDL does not allow (as GGP-Base's validator test case
 *     test_invalid_function_arities_differ says), found by the checks;
 *   - vacuumcleaner_random_big.gdl's goal is the agent's points, which start at 50 and gain 15
 *     for each dirt sucked: goal values above 100 (up to 175 over the states the grounding
 *     considers), found after grounding.
 */
const INVALID: Readonly<Record<string, { readonly error: RegExp; readonly found: "check" | "grounding" }>> = {
  "mastermind.gdl": { error: /mastermind\.gdl:65:11: error\[arity\]: the function symbol 'set' is used here with 2 arguments, but with 4 arguments before/, found: "check" },
  "vacuumcleaner_random_big.gdl": { error: /vacuumcleaner_random_big\.gdl:218:17: error\[goal\]: this goal rule derives \(goal agent \d+\): \d+ is not a goal value: it is above 100/, found: "grounding" },
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
  let grounder!: ClosableGrounder;
  withGrounder("auto", (g) => (grounder = g));

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

  it.skipIf(!haveGames)("rejects the GDL-II games that are not valid GDL, with the error and its position", async () => {
    for (const [game, { error, found }] of Object.entries(INVALID)) {
      const loaded = loadFile(path.join(GDL2, game));
      expect(loaded.description === undefined, game).toBe(found === "check");
      const result = await groundAndBuild(loaded, { grounder, timeoutSeconds: 60, propnet: false });
      expect(result.status, game).toBe("invalid");
      expect(result.diagnostics.map(formatDiagnostic).join("\n")).toMatch(error);
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

describe("percepts of both engines and both evaluations against the prover", () => {
  it("agree on every joint move of every state to depth 3 of our own GDL-II game", async () => {
    const g = await createdGrounder("auto");
    const loaded = loadFile(COIN);
    const built = await groundAndBuild(loaded, { grounder: g, timeoutSeconds: 30 }).finally(() => g.close());
    const propnet = built.propnet!;
    expect(propnet.sees.map((x) => `${propnet.roles[x.role]} ${x.percept}`)).toEqual(["guesser (shows heads)", "guesser (shows tails)", "guesser right", "guesser wrong"]);
    const prover = proverKifReasoner(Prover.fromDescription(loaded.description!));
    const machines = [
      new FastStateMachine(propnet),
      compileStateMachine(propnet, { evaluation: "differential" }),
      compileStateMachine(propnet, { evaluation: "full" }),
    ];
    for (const sm of machines) {
      if (isCompileError(sm)) throw new Error(sm.message);
      expect(sm.randomRole).toBe("random");
      const result = compareBreadthFirst(prover, propnetKifReasoner(sm), { depth: 3 });
      expect(result.mismatch && describeMismatch(result.mismatch)).toBeUndefined();
      expect(result.stats.jointMoves).toBeGreaterThan(4);
      // a malformed joint move is a RangeError, as in nextState
      expect(() => sm.percepts(sm.initialState(), [0])).toThrow(RangeError);
    }
  });

  it("tell every role of a GDL game nothing, and know no random role", async () => {
    const g = await createdGrounder("auto");
    const playable = await playableDescription(loadFile(path.join(ROOT, "corpus/valid/tictactoe.kif")), { grounder: g, timeoutSeconds: 30 }).finally(() => g.close());
    if (!("game" in playable)) throw new Error("tictactoe did not ground");
    const sm = playable.game.machine;
    const state = sm.initialState();
    const joint = sm.roles.map((_, r) => sm.legalMoves(state, r)[0]);
    expect(sm.percepts(state, joint)).toEqual(Object.fromEntries(sm.roles.map((r) => [r, []])));
    expect(sm.randomRole).toBeUndefined();
  });
});

describe("the prover and both engines against the Dresden GameController (gc-trace)", () => {
  const unavailable = haveGames ? anchorUnavailable("gc-trace") : "no ../shared/games/gdl2";
  if (unavailable) it.skip(`skipped: ${unavailable}`, () => undefined);
  else {
    let grounder!: ClosableGrounder;
    withGrounder("auto", (g) => (grounder = g));
    for (const game of validGames) {
      it(`${game}: 2 seeded playouts, every state, legal move, goal and percept`, async () => {
        const file = path.join(GDL2, game);
        const trace = runAnchorTrace("gc-trace", file, { playouts: 2, seed: 7, timeoutSeconds: 120 });
        if ("error" in trace && !("playouts" in trace)) throw new Error(trace.error);
        expect(trace.error).toBeUndefined();
        const loaded = loadFile(file);
        const prover = Prover.fromDescription(loaded.description!);
        const reasoners: [string, KifReasoner<unknown>][] = [["the prover", proverKifReasoner(prover) as KifReasoner<unknown>]];
        for (const engine of ENGINE_NAMES) {
          const playable = await playableDescription(loaded, { grounder, timeoutSeconds: 60, engine });
          if (!("game" in playable)) throw new Error(`${game}: ${playable.diagnostics.map(formatDiagnostic).join("; ")}`);
          expect(playable.game.machine.engine).toBe(engine);
          expect(playable.game.machine.randomRole).toBe(prover.randomRole);
          reasoners.push([`the ${engine} engine`, propnetKifReasoner(playable.game.machine) as KifReasoner<unknown>]);
        }
        for (const [name, reasoner] of reasoners) {
          const replay = replayAnchorTrace(trace, reasoner);
          if ("mismatch" in replay) throw new Error(`${name}: ${describeTraceMismatch(replay.mismatch)}`);
          expect(replay.agreed.perceptSteps, name).toBeGreaterThan(0);
        }
      });
    }
  }
});

describe("replay and play on a GDL-II game", () => {
  const parse = (r: { out: string }) => JSON.parse(r.out);

  it("replay prints what each role was told of every joint move", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl2-replay-"));
    const moves = path.join(dir, "moves.json");
    writeFileSync(moves, JSON.stringify([["(toss tails)", "wait"], ["wait", "(call heads)"]]));
    const r = await run("replay", COIN, "--moves", moves);
    expect(r.code).toBe(0);
    const steps = parse(r).steps;
    expect(steps.map((s: { sees: Record<string, string[]> }) => s.sees)).toEqual([
      { random: [], guesser: [] },
      { random: [], guesser: [] },
      { random: [], guesser: ["(shows tails)", "wrong"] },
    ]);
    expect(steps[2].goals).toEqual({ random: null, guesser: 0 });
  });

  it("play draws chance's moves from the seed also when the players' moves are given, uniformly", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl2-play-"));
    const moves = path.join(dir, "moves.json");
    writeFileSync(moves, JSON.stringify([["wait"], ["(call heads)"]])); // the guesser only: random is chance
    const tosses = new Map<string, number>();
    for (let seed = 1; seed <= 40; seed++) {
      const r = await run("play", COIN, "--moves", moves, "--seed", String(seed));
      expect(r.code).toBe(0);
      const game = parse(r);
      expect(game.moves.map((j: string[]) => j[1])).toEqual(["wait", "(call heads)"]);
      tosses.set(game.moves[0][0], (tosses.get(game.moves[0][0]) ?? 0) + 1);
      // the same seed, the same game
      if (seed === 1) expect((await run("play", COIN, "--moves", moves, "--seed", "1")).out).toBe(r.out);
    }
    expect([...tosses.keys()].sort()).toEqual(["(toss heads)", "(toss tails)"]);
    for (const n of tosses.values()) expect(n).toBeGreaterThan(10); // 40 tosses of a fair coin
  });

  it("play --as ROLE prints only what that role is told", async () => {
    const r = await run("play", COIN, "--as", "guesser", "--seed", "5");
    expect(r.code).toBe(0);
    const view = parse(r);
    expect(view.role).toBe("guesser");
    expect(JSON.stringify(view)).not.toMatch(/coin|toss|phase/); // no state, no chance moves
    expect(view.steps[0]).toEqual({ legal: ["wait"], sees: [], move: "wait", terminal: false });
    expect(view.steps[2].sees).toContain(view.steps[2].goal === 100 ? "right" : "wrong");
    expect((await run("play", COIN, "--as", "random")).err).toMatch(/error\[usage\]: --as random: the random role is chance, not a player/);
    expect((await run("play", COIN, "--as", "nobody")).code).toBe(2);
  });

  it("a GDL game's replay and play have no sees, and --as shows the joint moves", async () => {
    const tictactoe = path.join(ROOT, "corpus/valid/tictactoe.kif");
    const game = parse(await run("play", tictactoe, "--seed", "3"));
    expect(game.steps.every((s: object) => !("sees" in s))).toBe(true);
    const view = parse(await run("play", tictactoe, "--seed", "3", "--as", "x"));
    expect(view.steps[1].moves).toEqual(game.moves[0]);
    expect(view.steps[1].move).toBe(game.moves[1][0]);
  });
});
