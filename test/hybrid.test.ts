/**
 * Games that do not ground, played on the prover (issue 29, src/hybrid/): the prover's machine
 * over P^base answers as the propnet engines do where both can run, a game whose grounding times
 * out gets it (status `partial`) instead of a timeout, its playouts agree with GGP-Base's prover
 * (prover-trace; skipped with a message without Java), and a game that grounds is played as before.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild, groundDescription, loadText, MAX_GROUND_RULES } from "../src/pipeline.js";
import { playableDescription, type PlayableOptions } from "../src/playable.js";
import { translate } from "../src/translate/index.js";
import { anchorUnavailable, runAnchorTrace } from "../src/verify/anchor-runner.js";
import { describeTraceMismatch, replayAnchorTrace } from "../src/verify/anchor-trace.js";
import { propnetKifReasoner } from "../src/verify/reasoners.js";
import { compareRandomPlayouts, describeMismatch } from "../src/verify/compare.js";
import { describeProbe, gdlRelationName } from "../src/hybrid/relation-names.js";
import { probeGrounding } from "../src/hybrid/probe.js";
import { nativeGrounderOnPath } from "../src/ground/clingo/native.js";
import { verifyGame } from "../src/verify/verify-game.js";
import { withGrounder } from "./support/grounder.js";
import { runCorpus } from "../src/corpus/runner.js";
import { loadGame } from "../src/player.js";
import { isPartial, parseResults, RESULT_COLUMNS } from "../src/report/results-file.js";
import { summarizeRun } from "../src/report/summary.js";

const ROOT = path.resolve(__dirname, "..");
const TICTACTOE = path.join(ROOT, "corpus", "valid", "tictactoe.kif");
const BASE = path.resolve(ROOT, "..", "shared", "games", "base");
const GDL2 = path.resolve(ROOT, "..", "shared", "games", "gdl2");
const haveGames = existsSync(path.join(BASE, "chess.kif")) && existsSync(path.join(GDL2, "MontyHall.gdl"));

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

async function playable(file: string, options: Partial<PlayableOptions>) {
  const result = await playableDescription(loadFile(file), { grounder, timeoutSeconds: 60, tooLarge: "partial", ...options });
  if (!("game" in result)) throw new Error(`${file}: ${result.diagnostics.map(formatDiagnostic).join("; ")}`);
  return result.game;
}

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Output = { out: (s) => void (out += s), err: (s) => void (err += s) };
  const code = await main(args, io);
  return { code, out, err };
}

describe("P^base alone (translate's scope base)", () => {
  it("derives _base and _input without the game's rules and without the generators", () => {
    const loaded = loadText(
      "(role r) (init (s 0)) (succ 0 1) (succ 1 2) (<= (next (s ?y)) (true (s ?x)) (succ ?x ?y)) (<= (legal r go) (true (s ?x)))" +
        " (<= (big ?x) (true (s ?x)) (succ 1 ?x)) (<= terminal (big ?x)) (<= (goal r 100) terminal)",
      "t.kif",
    );
    const program = translate(loaded.description!, {}, "base").program!;
    expect(program.text).toContain("_base(");
    expect(program.text).toContain("_input(");
    expect(program.text).not.toContain("{ true(F)");
    expect(program.text).not.toMatch(/^terminal/m);
    expect(program.text).not.toMatch(/^goal\(/m);
    expect(program.text).not.toMatch(/^big\(/m);
    expect(translate(loaded.description!, {}).program!.text).toMatch(/^terminal/m);
  });
});

describe("naming what explodes", () => {
  it("reads the relations of P back as the description's", () => {
    const text =
      "(role r) (init (s 0)) (succ 0 1) (succ 1 2) (<= (next (s ?y)) (true (s ?x)) (succ ?x ?y)) (<= (legal r (go ?x)) (true (s ?x)) (reach ?x))" +
      " (<= (reach ?x) (true (s ?x))) (<= terminal (true (s 2))) (<= (goal r 100) terminal)";
    const program = translate(loadText(text, "t.kif").description!).program!;
    expect(gdlRelationName(program, program.symbols.name("succ"))).toBe("succ");
    const relaxed = /^(_static_reach)\(/m.exec(program.text);
    expect(relaxed).not.toBeNull();
    expect(gdlRelationName(program, relaxed![1])).toBe("reach^static (P^base)");
    expect(gdlRelationName(program, "_no_such_relation")).toBe("_no_such_relation");
  });

  it("says the relations that make up most of a probe", () => {
    const probe = { seconds: 2, relations: [{ relation: "exactlyfirst", groundRules: 1_900_000 }, { relation: "row", groundRules: 90_000 }, { relation: "tiny", groundRules: 10 }] };
    expect(describeProbe(probe)).toBe("exactlyfirst (1.9 M ground rules)");
  });

  const gringo = nativeGrounderOnPath();
  it.skipIf(!haveGames || gringo === undefined)("the probe names sudoku's exactlyfirst and laikLee_hex's islist (native gringo)", async () => {
    for (const [game, relation] of [
      ["sudoku", "exactlyfirst"],
      ["laikLee_hex", "islist"],
    ]) {
      const program = translate(loadFile(path.join(BASE, `${game}.kif`)).description!).program!;
      const probe = await probeGrounding(program, 3);
      expect(probe?.relations[0]?.relation, game).toBe(relation);
    }
  });
});

describe("the prover's machine against the propnet engines", () => {
  it("tictactoe: the same states, legal moves, terminal flags and goals along seeded playouts", async () => {
    const fast = await playable(TICTACTOE, {});
    const prover = await playable(TICTACTOE, { engine: "prover" });
    expect(fast.machine.engine).toBe("fast");
    expect(prover.machine.engine).toBe("prover");
    expect(prover.result.status).toBe("partial");
    const compared = compareRandomPlayouts(propnetKifReasoner(fast.machine), propnetKifReasoner(prover.machine), { playouts: 30, seed: 4 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
    expect(compared.stats.states).toBeGreaterThan(100);
  });

  it("play --engine prover prints what the fast engine prints", async () => {
    const fast = await run("play", TICTACTOE, "--random", "--seed", "9");
    const prover = await run("play", TICTACTOE, "--random", "--seed", "9", "--engine", "prover");
    expect(prover.code).toBe(0);
    expect(prover.out).toBe(fast.out);
  });

  it.skipIf(!haveGames)("MontyHall (GDL-II): the random role and every role's percepts", async () => {
    const file = path.join(GDL2, "MontyHall.gdl");
    const fast = await playable(file, {});
    const prover = await playable(file, { engine: "prover" });
    expect(prover.machine.randomRole).toBe(fast.machine.randomRole);
    expect(prover.machine.randomRole).toBe("random");
    const compared = compareRandomPlayouts(propnetKifReasoner(fast.machine), propnetKifReasoner(prover.machine), { playouts: 20, seed: 2 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
  });

  it("answers a state by its content when one buffer holds the states of a playout in turn", async () => {
    // The machine remembers the last state it was asked about; a buffer written again in place is another state.
    const fast = (await playable(TICTACTOE, {})).machine;
    const prover = (await playable(TICTACTOE, { engine: "prover" })).machine;
    const moves = new Int32Array(Math.max(prover.maxLegalMoves(0), prover.maxLegalMoves(1)));
    for (let seed = 1; seed <= 5; seed++) {
      const buffer = prover.initialState();
      let state = fast.initialState();
      for (let step = 0; !prover.isTerminal(buffer); step++) {
        expect(prover.isTerminal(buffer)).toBe(fast.isTerminal(state));
        const joint = [0, 1].map((r) => {
          const n = prover.legalMovesInto(buffer, r, moves);
          expect(Array.from(moves.subarray(0, n))).toEqual(fast.legalMoves(state, r));
          return moves[(seed * 7 + step * 3 + r) % n];
        });
        prover.nextStateInto(buffer, joint, buffer);
        state = fast.nextState(state, joint);
        expect(prover.stateToKif(buffer)).toEqual(fast.stateToKif(state));
      }
      expect(fast.isTerminal(state)).toBe(true);
      expect(prover.goals(buffer)).toEqual(fast.goals(state));
    }
  });

  it("refuses a malformed joint move as the engines do", async () => {
    const prover = (await playable(TICTACTOE, { engine: "prover" })).machine;
    const s = prover.initialState();
    expect(() => prover.nextState(s, [0])).toThrow(RangeError);
    expect(() => prover.nextState(s, [0, 0])).toThrow(RangeError);
  });
});

describe("a game that grounds is played as before", () => {
  it("tictactoe: status ok, the fast engine, no partial", async () => {
    const game = await playable(TICTACTOE, {});
    expect(game.result.status).toBe("ok");
    expect(game.machine.engine).toBe("fast");
    const built = await groundAndBuild(loadFile(TICTACTOE), { grounder, timeoutSeconds: 60, tooLarge: "partial" });
    expect(built.status).toBe("ok");
    expect(built.partial).toBeUndefined();
  });
});

describe("the limit of ground rules (maxGroundRules, --max-ground-rules)", () => {
  it("a grounding that writes more is stopped there: status too-large, what it wrote, no ground game", async () => {
    const stopped = await groundDescription(loadFile(TICTACTOE), { grounder, timeoutSeconds: 60, maxGroundRules: 50 });
    expect(stopped.status).toBe("too-large");
    expect(stopped.game).toBeUndefined();
    expect(stopped.progress?.ruleStatements).toBeGreaterThan(50);
    const errors = stopped.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.code, d.message.replace(/: .*/, "")])).toEqual([["ground", "the grounding was stopped after 50 ground rules, the limit (--max-ground-rules)"]]);
    expect(errors[0].message).toMatch(/ground rules over \d+ atoms \(\d+ KiB of aspif\) written so far$/);
    // at the limit or under it: the game as ever
    const whole = await groundDescription(loadFile(TICTACTOE), { grounder, timeoutSeconds: 60 });
    const exact = await groundDescription(loadFile(TICTACTOE), { grounder, timeoutSeconds: 60, maxGroundRules: whole.progress!.ruleStatements });
    expect([whole.status, exact.status, exact.game?.clauses.length]).toEqual(["ok", "ok", whole.game?.clauses.length]);
  });

  it("a partial result follows it as it follows a timeout, and says which limit stopped the grounding", async () => {
    const partial = await groundAndBuild(loadFile(TICTACTOE), { grounder, timeoutSeconds: 60, tooLarge: "partial", maxGroundRules: 50 });
    expect(partial.status).toBe("partial");
    expect(partial.partial?.stoppedBy).toEqual({ limit: "ground-rules", groundRules: 50 });
    expect(partial.partial?.reason).toMatch(/^the grounding was stopped after 50 ground rules, the limit \(--max-ground-rules\)/);
    expect(partial.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // P^base's own grounding has no such limit: it writes more than 50 ground rules here
    expect([partial.propnet?.baseFluents.length, partial.propnet?.inputs.length]).toEqual([29, 20]);
    const timedOut = await groundAndBuild(loadFile(TICTACTOE), { grounder, timeoutSeconds: 0.001, tooLarge: "partial" });
    expect(timedOut.partial?.stoppedBy).toEqual({ limit: "time" });
    // tooLarge "partial" sets MAX_GROUND_RULES, which no game that grounds comes near; Infinity: no limit
    expect(MAX_GROUND_RULES).toBe(8_000_000);
    const none = await groundAndBuild(loadFile(TICTACTOE), { grounder, timeoutSeconds: 60, tooLarge: "partial", maxGroundRules: Infinity });
    expect([none.status, none.partial]).toEqual(["ok", undefined]);
  });

  it("play, bench and ground --propnet take --max-ground-rules; a bad value is a usage error", async () => {
    const played = await run("play", TICTACTOE, "--max-ground-rules", "50", "--grounder", "wasm", "--max-steps", "2");
    expect(played.code).toBe(0);
    expect(played.err).toMatch(/warning\[ground\]: the grounding was stopped after 50 ground rules, the limit \(--max-ground-rules\): .*; the game is played on the prover, over P\^base \(29 base fluents, 20 inputs\)/);
    expect(JSON.parse(played.out).steps).toHaveLength(3);
    const json = JSON.parse((await run(TICTACTOE, "--propnet", "--json", "--grounder", "wasm", "--max-ground-rules", "0.05k")).out);
    expect([json.status, json.partial.stoppedBy]).toEqual(["partial", { limit: "ground-rules", groundRules: 50 }]);
    const none = await run("bench", TICTACTOE, "--playouts", "1", "--min-time", "0.01", "--repeats", "1", "--grounder", "wasm", "--max-ground-rules", "none", "--json");
    expect([none.code, JSON.parse(none.out).engine, none.err]).toEqual([0, "fast", ""]);
    for (const bad of ["0", "-5", "8 M", "1e6", "lots", ""]) {
      const r = await run("play", TICTACTOE, "--max-ground-rules", bad);
      expect([bad, r.code, r.err]).toEqual([bad, 2, expect.stringMatching(/option '--max-ground-rules <n>' argument '.*' is invalid\. expected a whole number of ground rules of at least 1 \(8000000, 8M, 500k\) or none/)]);
    }
  });
});

describe.skipIf(!haveGames)("games that do not ground", () => {
  it("laikLee_hex: stopped at a limit of ground rules, played on the hybrid machine or the prover as after a timeout", async () => {
    const game = await loadGame(path.join(BASE, "laikLee_hex.kif"), { maxGroundRules: 200_000, grounder: "wasm" });
    expect(game.machine.engine === "prover" || game.machine.engine === "hybrid").toBe(true);
    expect(game.partial?.stoppedBy).toEqual({ limit: "ground-rules", groundRules: 200_000 });
    expect(game.partial?.reason).toMatch(/^the grounding was stopped after 200 k ground rules, the limit \(--max-ground-rules\): /);
  });

  it("laikLee_hex: a timeout without tooLarge, status partial with it", async () => {
    const file = path.join(BASE, "laikLee_hex.kif");
    const failed = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds: 2 });
    expect(failed.status).toBe("timeout");
    const partial = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds: 2, tooLarge: "partial", probe: async (_program, seconds) => ({ seconds, relations: [{ relation: "islist", groundRules: 5 }] }) });
    expect(partial.status).toBe("partial");
    expect(partial.partial?.reason).toMatch(/what explodes \(5 s of gringo --text\): islist \(5 ground rules\)/);
    expect(partial.partial?.probe?.relations[0].relation).toBe("islist");
    expect(partial.partial?.reason).toMatch(/grounding did not finish within 2 s/);
    expect(partial.partial?.baseFluents).toBe(partial.propnet?.baseFluents.length);
    expect(partial.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("loadGame: one time limit for the whole load; the game says why it is played on the prover", async () => {
    const game = await loadGame(path.join(BASE, "laikLee_hex.kif"), { timeoutSeconds: 4 });
    expect(game.machine.engine).toBe("prover");
    // the full grounding had its share of the limit (PARTIAL_GROUNDING_SHARE: 3 s of 4), the rest was P^base's
    // (what is left when the grounding starts: under load, parsing and the grounder's start take a tenth of a second or
    // more, at a load of 10 up to a second: the share is then 2.25 s, never the whole 4 s)
    expect(game.partial?.reason).toMatch(/^grounding did not finish within (3|2\.\d|1\.[5-9]) s: /);
    expect([game.partial?.baseFluents, game.partial?.inputs]).toEqual([77, 52]);
    const ground = await loadGame(TICTACTOE, { timeoutSeconds: 4 });
    expect([ground.machine.engine, ground.partial]).toEqual(["fast", undefined]);
  });

  it("play: a game that does not ground is played on the prover, and stderr says why", async () => {
    const r = await run("play", path.join(BASE, "laikLee_hex.kif"), "--random", "--seed", "3", "--timeout", "8");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning\[ground\]: grounding did not finish within [\d.]+ s.*; the game is played on the prover, over P\^base \(77 base fluents, 52 inputs\)/);
    // and how to skip the wait next time
    expect(r.err).toMatch(/\(77 base fluents, 52 inputs\); `--engine prover` plays it on the prover without trying the full grounding first\n/);
    const played = JSON.parse(r.out);
    expect(played.steps.at(-1).terminal).toBe(true);
  });

  it("corpus: laikLee_hex stays a timeout in the grounding's columns and is counted apart as partial", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-corpus-partial-"));
    const out = path.join(dir, "r.csv");
    const summary = await runCorpus({ dir: BASE, out, filter: /^laikLee_hex$/, timeoutSeconds: 3, memoryMb: 3072, jobs: 1, grounder: "wasm" });
    const [row] = summary.rows;
    expect(row.status).toBe("timeout");
    expect(row.reason).toMatch(/grounding did not finish within the time limit of 3 s/);
    // the grounding's time is recorded up to the limit (not a timed assertion: the limit counts from the game's start)
    expect(row.ground_s).toBeGreaterThan(0);
    expect(row.ground_s).toBeLessThanOrEqual(row.total_s!);
    expect([row.partial_base_atoms, row.partial_input_atoms]).toEqual([77, 52]);
    expect(row.partial_s).toBeGreaterThan(0);
    expect(isPartial(row)).toBe(true);
    // the CSV keeps its columns and appends the partial ones; read back, the row is the same
    const csv = readFileSync(out, "utf8");
    expect(csv.split("\n")[0]).toBe(`${RESULT_COLUMNS.slice(0, 19).join(",")},partial_s,partial_base_atoms,partial_input_atoms,partial_probe,partial_lifted,partial_below`);
    expect(row.partial_lifted).toBe("");
    expect(parseResults(csv).rows).toEqual(summary.rows);
    expect(summarizeRun(summary.rows, "ours")).toMatchObject({ grounded: 0, partial: 1 });
    const cli = await run("corpus", BASE, "--filter", "^laikLee_hex$", "--timeout", "3", "--grounder", "wasm", "--out", path.join(dir, "cli.csv"), "--no-progress");
    expect(cli.out).toMatch(/1 game: 1 timeout; 1 partial \(0 hybrid, 1 on the prover\)/);
    const without = await run("corpus", BASE, "--filter", "^laikLee_hex$", "--timeout", "3", "--grounder", "wasm", "--out", path.join(dir, "without.csv"), "--no-progress", "--no-partial");
    expect(without.out).toMatch(/1 game: 1 timeout\n/);
    expect(parseResults(readFileSync(path.join(dir, "without.csv"), "utf8")).rows[0].partial_base_atoms).toBeNull();
  });

  it.skipIf(nativeGrounderOnPath() === undefined)("corpus: laikLee_hex's partial columns are the hybrid game that play gets (a native gringo's probe names islist)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-corpus-hybrid-"));
    // 7 s: the partial step's probe gets 1.75 s (at least 1 s is needed, more on a loaded machine)
    const cli = await run("corpus", BASE, "--filter", "^laikLee_hex$", "--timeout", "7", "--grounder", "wasm", "--out", path.join(dir, "r.csv"), "--no-progress");
    expect(cli.err).toMatch(/laikLee_hex: timeout \(partial: a hybrid propnet, line\/1 \(2 atoms\) lifted\)/);
    expect(cli.out).toMatch(/1 game: 1 timeout; 1 partial \(1 hybrid, 0 on the prover\)/);
    const [row] = parseResults(readFileSync(path.join(dir, "r.csv"), "utf8")).rows;
    expect([row.status, row.partial_lifted, row.partial_base_atoms, row.partial_input_atoms]).toEqual(["timeout", "line/1 (2 atoms)", 79, 52]);
    expect(row.partial_probe).toMatch(/^islist/);
  });

  it("verify: sudoku on the hybrid machine (a native gringo's probe names exactlyfirst; else the prover's machine over P^base) against the prover, every step", async () => {
    const row = await verifyGame(path.join(BASE, "sudoku.kif"), "sudoku", { grounder, playouts: 2, groundTimeoutSeconds: 2 });
    expect(row.status, row.detail).toBe("agree");
    expect(row.detail).toMatch(/^partial: not ground \(grounding did not finish within 2 s/);
    expect(row.detail).toMatch(nativeGrounderOnPath() ? /played on the hybrid machine with goodsquare, goodcolumn, goodrow lifted$/ : /played on the prover over P\^base$/);
    expect(row.playouts).toBe(2);
    expect(row.steps).toBeGreaterThan(20);
  });

  it("ground --propnet --json: status partial, exit 0, the reason", async () => {
    const r = await run(path.join(BASE, "laikLee_hex.kif"), "--propnet", "--json", "--timeout", "8");
    const json = JSON.parse(r.out);
    expect(r.code).toBe(0);
    expect(json.status).toBe("partial");
    expect(json.partial.reason).toMatch(/grounding did not finish/);
    expect(json.propnet.propositions.base).toBeGreaterThan(0);
    const text = await run(path.join(BASE, "laikLee_hex.kif"), "--propnet", "--timeout", "8");
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/partial propnet/);
    const printed = await run(path.join(BASE, "laikLee_hex.kif"), "--json", "--timeout", "4");
    expect(JSON.parse(printed.out).status).toBe("timeout");
  });

  const unavailable = anchorUnavailable("prover-trace");
  if (unavailable) it.skip(`against GGP-Base's prover: skipped: ${unavailable}`, () => undefined);
  else {
    for (const [game, playouts] of [
      ["laikLee_hex", 2],
      ["sudoku", 2],
      ["chess", 1],
    ] as const) {
      it(`${game}: grounding times out, prover-trace's ${playouts} seeded playout(s) agree on every step`, async () => {
        const file = path.join(BASE, `${game}.kif`);
        const trace = runAnchorTrace("prover-trace", file, { playouts, seed: 1 });
        if ("error" in trace && !("playouts" in trace)) throw new Error(trace.error);
        expect(trace.error).toBeUndefined();
        const played = await playable(file, { timeoutSeconds: 3 });
        expect(played.result.status).toBe("partial");
        expect(played.machine.engine).toBe("prover");
        const replay = replayAnchorTrace(trace, propnetKifReasoner(played.machine));
        if ("mismatch" in replay) throw new Error(describeTraceMismatch(replay.mismatch));
        expect(replay.agreed.steps).toBeGreaterThan(playouts * 10);
      });
    }
  }
});
