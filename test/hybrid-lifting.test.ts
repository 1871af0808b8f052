/**
 * The hybrid machine (issue 29, step 2): which relations are lifted (src/hybrid/lifting.ts), the
 * machine that asks the prover for them per state (src/hybrid/hybrid-machine.ts) against the
 * fully ground game on small hand-written games, and sudoku and laikLee_hex, which do not ground,
 * played on it and agreeing with the prover on every step.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../src/diagnostics.js";
import type { ClosableGrounder } from "../src/ground/index.js";
import { chooseLifting, probedRelations, type Lifting } from "../src/hybrid/lifting.js";
import { HybridStateMachine } from "../src/hybrid/hybrid-machine.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { playableDescription } from "../src/playable.js";
import { compileMachine } from "../src/propnet/compile-machine.js";
import { flatMonteCarlo } from "../src/propnet/bench.js";
import { isCompileError, type GameStateMachine } from "../src/propnet/machine.js";
import { Prover } from "../src/prover/prover.js";
import { compareRandomPlayouts, describeMismatch } from "../src/verify/compare.js";
import { propnetKifReasoner, proverKifReasoner } from "../src/verify/reasoners.js";
import { anchorUnavailable, runAnchorTrace } from "../src/verify/anchor-runner.js";
import { describeTraceMismatch, replayAnchorTrace } from "../src/verify/anchor-trace.js";
import type { Description } from "../src/syntax/ast.js";
import { withGrounder } from "./support/grounder.js";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { nativeGrounderOnPath } from "../src/ground/clingo/native.js";

const ROOT = path.resolve(__dirname, "..");
const BASE = path.resolve(ROOT, "..", "shared", "games", "base");
const haveGames = existsSync(path.join(BASE, "sudoku.kif")) && existsSync(path.join(BASE, "laikLee_hex.kif"));

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

/**
 * A counter from 0 to 3 whose `big` (read by legal, next, terminal and goal) is defined through
 * `perm`, a static relation of 4^4 tuples: with a limit of 16 atoms `perm` cannot be lifted, `big`
 * (3 atoms: 1, 2, 3) can.
 */
const COUNTER = `
  (role r) (init (s 0)) (init (t 0))
  (num 0) (num 1) (num 2) (num 3) (succ 0 1) (succ 1 2) (succ 2 3)
  (<= (perm ?x ?a ?b ?c) (num ?x) (num ?a) (num ?b) (num ?c) (distinct ?x ?a) (distinct ?x ?b) (distinct ?x ?c) (distinct ?a ?b) (distinct ?a ?c) (distinct ?b ?c))
  (<= (big ?x) (true (s ?x)) (perm ?x ?a ?b ?c) (succ 1 ?x))
  (<= (big ?x) (true (s ?x)) (perm ?x ?a ?b ?c) (succ 2 ?x))
  (<= (legal r inc) (true (s ?x)) (not (big ?x)))
  (<= (legal r stay) (true (s ?x)) (or (big ?x) (true (t 1))))
  (<= (next (s ?y)) (true (s ?x)) (succ ?x ?y) (does r inc))
  (<= (next (s ?x)) (true (s ?x)) (does r stay))
  (<= (next (t ?y)) (true (t ?x)) (succ ?x ?y) (true (s ?z)) (big ?z))
  (<= (next (t ?x)) (true (t ?x)) (true (s ?z)) (not (big ?z)))
  (<= terminal (true (t 2)))
  (<= (goal r 100) (true (s ?x)) (big ?x))
  (<= (goal r 0) (true (s ?x)) (not (big ?x)))
`;

/** `won` (no arguments) reads the exploding `perm` through `big`, which only `won` reads. */
const WON = `
  (role r) (init (s 0))
  (num 0) (num 1) (num 2) (succ 0 1) (succ 1 2)
  (<= (perm ?x ?a ?b) (num ?x) (num ?a) (num ?b) (distinct ?x ?a) (distinct ?x ?b) (distinct ?a ?b))
  (<= (big ?x) (true (s ?x)) (perm ?x ?a ?b) (succ 1 ?x))
  (<= won (big ?x))
  (<= (legal r inc) (not won))
  (<= (legal r wait) won)
  (<= (next (s ?y)) (true (s ?x)) (succ ?x ?y) (does r inc))
  (<= (next (s ?x)) (true (s ?x)) (does r wait))
  (<= terminal (true (s 2)))
  (<= (goal r 100) won) (<= (goal r 50) (not won))
`;

/**
 * laikLee_hex's shape: `line` (read by terminal and goal alone) reads the exploding `perm`; the
 * legal moves and the successor read no lifted relation. `LINE_LEGAL` has the legal moves read it
 * too (alexChess's shape: `pinned` is read by legal, and so by terminal).
 */
const LINE = `
  (role r) (init (s 0))
  (num 0) (num 1) (num 2) (num 3) (succ 0 1) (succ 1 2) (succ 2 3)
  (<= (perm ?x ?a ?b) (num ?x) (num ?a) (num ?b) (distinct ?x ?a) (distinct ?x ?b) (distinct ?a ?b))
  (<= (line ?x) (true (s ?x)) (perm ?x ?a ?b) (succ 1 ?x))
  (<= (legal r inc) (true (s ?x)))
  (<= (legal r wait) (true (s ?x)) (succ 1 ?x))
  (<= (next (s ?y)) (true (s ?x)) (succ ?x ?y) (does r inc))
  (<= (next (s ?x)) (true (s ?x)) (does r wait))
  (<= terminal (line ?x))
  (<= (goal r 100) (line 3)) (<= (goal r 50) (line 2)) (<= (goal r 0) (true (s ?x)) (not (line ?x)))
`;
const LINE_LEGAL = LINE.replace("(<= (legal r wait) (true (s ?x)) (succ 1 ?x))", "(<= (legal r wait) (true (s ?x)) (succ 1 ?x) (not (line 2)))");

function described(text: string): Description {
  const loaded = loadText(text, "t.kif");
  if (!loaded.description) throw new Error(loaded.diagnostics.map(formatDiagnostic).join("; "));
  return loaded.description;
}

function lifted(description: Description, exploding: string[], limit: number): Lifting {
  const lifting = chooseLifting(description, exploding, limit);
  if ("reason" in lifting) throw new Error(lifting.reason);
  return lifting;
}

/** The hybrid machine of `description` with `lifting`, over the engine `engine`. */
async function hybridMachine(description: Description, lifting: Lifting, engine: "fast" | "reference", prover = Prover.fromDescription(description)): Promise<HybridStateMachine> {
  const built = await groundAndBuild({ file: "t.kif", description: lifting.description, diagnostics: [], times: {} }, { grounder, timeoutSeconds: 30 });
  if (!built.propnet) throw new Error(built.diagnostics.map(formatDiagnostic).join("; "));
  const inner = compileMachine(built.propnet, { engine });
  if (isCompileError(inner)) throw new Error(inner.message);
  return new HybridStateMachine(inner, prover, lifting.lifted);
}

async function groundMachine(description: Description): Promise<GameStateMachine> {
  const built = await groundAndBuild({ file: "t.kif", description, diagnostics: [], times: {} }, { grounder, timeoutSeconds: 30 });
  const machine = compileMachine(built.propnet!);
  if (isCompileError(machine)) throw new Error(machine.message);
  return machine;
}

describe("which relations are lifted", () => {
  it("walks up from the exploding relation to the readers with small domains, and drops what only they read", () => {
    const lifting = lifted(described(COUNTER), ["perm"], 16);
    expect(lifting.lifted.map((r) => [r.relation, r.arity, r.fluent, r.atoms.length])).toEqual([["big", 1, "lifted_big", 3]]); // ?x: (s ?x) ∩ (succ _ ?x)
    expect(lifting.dropped).toEqual(["num", "perm"]);
    const heads = new Set(lifting.description.rules.map((r) => r.head.relation));
    expect(heads.has("perm") || heads.has("big") || heads.has("num")).toBe(false);
    // each atom of big is a possible fluent (a next fact), read through true
    expect(lifting.description.rules.filter((r) => r.head.relation === "next" && r.body.length === 0)).toHaveLength(3);
    // with room for perm's 256 atoms, perm itself is lifted
    expect(lifted(described(COUNTER), ["perm"], 256).lifted.map((r) => r.relation)).toEqual(["perm"]);
    // who reads it: the machine asks the prover only for those questions
    expect(lifting.lifted[0].readBy).toEqual(["next", "legal", "goal"]);
    expect(lifted(described(WON), ["perm"], 1).lifted[0].readBy).toEqual(["legal", "goal"]);
  });

  it("picks a fluent name no term of the game uses, one 100,000 levels deep too (its names read from a stack, not a call per level)", () => {
    const depth = 99_990;
    const lifting = lifted(described(`${COUNTER} (init (u ${"(f ".repeat(depth)}lifted_big${")".repeat(depth)}))`), ["perm"], 16);
    expect(lifting.lifted.map((r) => r.fluent)).toEqual(["lifted_big_"]);
  });

  it("lifts a relation without arguments, and picks a fluent name the game does not use", () => {
    const lifting = lifted(described(WON.replace("(role r)", "(role r) (init (lifted_won))")), ["perm"], 1);
    expect(lifting.lifted.map((r) => [r.relation, r.arity, r.fluent, r.atoms])).toEqual([["won", 0, "lifted_won_", [[]]]]);
  });

  it("refuses where a keyword or a relation that depends on does would have to be lifted", () => {
    const legal = chooseLifting(described(COUNTER), ["perm"], 2);
    expect("reason" in legal && legal.reason).toMatch(/^(legal|next|goal) would have to be lifted/);
    const onDoes = described(`${COUNTER} (<= (moved ?a) (does r inc) (perm ?a ?b ?c ?d)) (<= (next (u ?a)) (moved ?a))`);
    const refused = chooseLifting(onDoes, ["perm"], 16);
    expect("reason" in refused && refused.reason).toBe("moved would have to be lifted, but it depends on does");
    const inInit = chooseLifting(described(`${COUNTER} (<= (init (u ?x)) (perm ?x ?a ?b ?c))`), ["perm"], 256);
    expect("reason" in inInit && inInit.reason).toBe("perm would have to be lifted, but init reads it");
    const unknown = chooseLifting(described(COUNTER), ["nosuch"], 16);
    expect("reason" in unknown && unknown.reason).toMatch(/none of the exploding relations/);
  });

  it("reads the probe's names as relations of the game", () => {
    expect(probedRelations(["exactlyfirst", "the demand of clear_col_ig (P^base)", "goodrow^static (P^base)", "a part cut off by existential splitting"])).toEqual([
      "exactlyfirst",
      "clear_col_ig",
      "goodrow",
    ]);
  });
});

describe("the hybrid machine against the fully ground game", () => {
  for (const engine of ["fast", "reference"] as const) {
    it(`counter (big lifted, read by legal, next, terminal and goal), over the ${engine} engine`, async () => {
      const description = described(COUNTER);
      const hybrid = await hybridMachine(description, lifted(description, ["perm"], 16), engine);
      const ground = await groundMachine(description);
      expect(hybrid.engine).toBe("hybrid");
      const compared = compareRandomPlayouts(propnetKifReasoner(ground), propnetKifReasoner(hybrid), { playouts: 30, seed: 5 });
      if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
      expect(compared.stats.states).toBeGreaterThan(60);
      expect(hybrid.proverCalls).toBeGreaterThan(0);
      // a lifted atom never shows in a state handed out
      const [inc, stay] = [hybrid.moveIndex(0, "inc")!, hybrid.moveIndex(0, "stay")!];
      const s = hybrid.nextState(hybrid.nextState(hybrid.initialState(), [inc]), [inc]);
      expect(hybrid.legalMoveKifs(s, 0)).toEqual(["stay"]);
      expect(hybrid.goals(s)).toEqual([100]);
      expect(hybrid.stateToKif(hybrid.nextState(s, [stay]))).toEqual(["(s 2)", "(t 1)"]);
      expect(hybrid.stateToBaseIndices(s).some((b) => hybrid.isLiftedBase(b))).toBe(false);
    });
  }

  it("an unsafe variable ranges over the game's written terms, not the lifted fluents (random game 40381's defect)", async () => {
    // (pick ?m) has no binder: it ranges over the ground terms written in the game; the lifting's
    // fluents (lifted_big ...) were among them, and its dropped rules' terms were not
    const description = described(`${COUNTER} (<= (legal r (pick ?m)) (true (s 2)) (not (true (t ?m))))`);
    const lifting = lifted(description, ["perm"], 16);
    const { writtenGroundTerms } = await import("../src/syntax/terms.js");
    const { termToKif } = await import("../src/syntax/print.js");
    expect(writtenGroundTerms(lifting.description).map(termToKif)).toEqual(writtenGroundTerms(description).map(termToKif));
    const hybrid = await hybridMachine(description, lifting, "fast");
    const compared = compareRandomPlayouts(proverKifReasoner(Prover.fromDescription(description)), propnetKifReasoner(hybrid), { playouts: 20, seed: 3 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
  });

  it("line (read by terminal and goal alone, as laikLee_hex's): the terminal check and the goals are asked of the prover, no state is filled", async () => {
    const description = described(LINE);
    const lifting = lifted(description, ["perm"], 16);
    expect(lifting.lifted.map((r) => [r.relation, r.readBy])).toEqual([["line", ["goal", "terminal"]]]);
    const prover = Prover.fromDescription(description);
    const asked: unknown[] = [];
    const [isTerminal, goalValues] = [prover.isTerminal.bind(prover), prover.goalValues.bind(prover)];
    prover.isTerminal = (state) => (asked.push(state), isTerminal(state));
    prover.goalValues = (state) => (asked.push(state), goalValues(state));
    const hybrid = await hybridMachine(description, lifting, "fast", prover);
    expect(hybrid.terminalOnProver).toBe(true);
    // one terminal check of a state, then its goals: two questions, on one object (the prover's tables of the state shared)
    const inc = hybrid.moveIndex(0, "inc")!;
    const two = hybrid.nextState(hybrid.nextState(hybrid.initialState(), [inc]), [inc]);
    expect(hybrid.isTerminal(two)).toBe(true);
    expect(hybrid.goals(two)).toEqual([50]);
    expect(hybrid.goals(two)).toEqual([50]);
    expect(hybrid.isTerminal(two)).toBe(true);
    expect(hybrid.proverCalls).toBe(2);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBe(asked[0]);
    // each state goes to the prover as bits over its universe of fluents, as in the prover's machine
    expect(typeof asked[0] === "object" && asked[0] !== null && "bits" in asked[0]).toBe(true);
    expect(hybrid.isTerminal(hybrid.nextState(hybrid.initialState(), [inc]))).toBe(false);
    expect(hybrid.legalMoveKifs(two, 0).sort()).toEqual(["inc", "wait"]);
    // a flat Monte-Carlo: at most one question of the prover per state, nothing filled
    const calls = hybrid.proverCalls;
    const { nodes } = flatMonteCarlo(hybrid, 20, 3);
    expect(hybrid.proverCalls - calls).toBeLessThanOrEqual(nodes);
    const compared = compareRandomPlayouts(propnetKifReasoner(await groundMachine(description)), propnetKifReasoner(hybrid), { playouts: 20, seed: 7 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
    expect(hybrid.filledStates).toBe(0);
  });

  it("line read by legal too (alexChess's shape): every state is filled, the terminal check read off the propagation", async () => {
    const description = described(LINE_LEGAL);
    const lifting = lifted(description, ["perm"], 16);
    expect(lifting.lifted.map((r) => [r.relation, r.readBy])).toEqual([["line", ["legal", "goal", "terminal"]]]);
    const hybrid = await hybridMachine(description, lifting, "fast");
    expect(hybrid.terminalOnProver).toBe(false);
    flatMonteCarlo(hybrid, 20, 3);
    expect(hybrid.filledStates).toBeGreaterThan(0);
    expect(hybrid.proverCalls).toBe(hybrid.filledStates);
    const compared = compareRandomPlayouts(propnetKifReasoner(await groundMachine(description)), propnetKifReasoner(hybrid), { playouts: 20, seed: 7 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
  });

  it("won (a lifted relation without arguments)", async () => {
    const description = described(WON);
    const hybrid = await hybridMachine(description, lifted(description, ["perm"], 1), "fast");
    const compared = compareRandomPlayouts(propnetKifReasoner(await groundMachine(description)), propnetKifReasoner(hybrid), { playouts: 10, seed: 1 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
    expect(hybrid.goals(hybrid.initialState())).toEqual([50]);
  });
});

describe.skipIf(!haveGames)("games that do not ground, on the hybrid machine", () => {
  for (const [game, exploding, liftedNames, terminalOnProver] of [
    ["sudoku", "exactlyfirst", ["goodsquare", "goodcolumn", "goodrow"], false],
    ["laikLee_hex", "islist", ["line"], true],
  ] as const) {
    it(`${game}: the probe's ${exploding} lifts ${liftedNames.join(", ")}; seeded playouts agree with the prover on every step`, async () => {
      const file = path.join(BASE, `${game}.kif`);
      const probe = async (_p: unknown, seconds: number) => ({ seconds, relations: [{ relation: exploding, groundRules: 5 }] });
      const played = await playableDescription(loadFile(file), { grounder, timeoutSeconds: 2, tooLarge: "partial", probe });
      if (!("game" in played)) throw new Error(played.diagnostics.map(formatDiagnostic).join("; "));
      const { machine, partial, result } = played.game;
      expect(result.status).toBe("partial");
      expect(machine.engine).toBe("hybrid");
      expect(partial?.lifted?.map((r) => r.relation)).toEqual(liftedNames);
      // laikLee_hex's line is read by terminal and goal alone: its terminal check goes to the prover itself
      expect(machine instanceof HybridStateMachine && machine.terminalOnProver).toBe(terminalOnProver);
      expect(result.diagnostics.map(formatDiagnostic).join("\n")).toMatch(/the game is played on a hybrid propnet \(\d+ base fluents, \d+ inputs, \d+ components\) with .* lifted/);
      const compared = compareRandomPlayouts(proverKifReasoner(Prover.fromDescription(result.description!)), propnetKifReasoner(machine), { playouts: 3, seed: 11 });
      if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
      expect(compared.stats.states).toBeGreaterThan(30);
    });
  }

  it("without a probe or `lift`, the game stays on the prover; `lift` alone is enough", async () => {
    const file = path.join(BASE, "laikLee_hex.kif");
    const plain = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds: 2, tooLarge: "partial" });
    expect(plain.partial?.lifted).toBeUndefined();
    const lifting = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds: 2, tooLarge: "partial", lift: ["islist"] });
    expect(lifting.status).toBe("partial");
    expect(lifting.partial?.lifted?.map((r) => `${r.relation}/${r.arity} ${r.atoms.length}`)).toEqual(["line/1 2"]);
    expect(lifting.partial?.baseFluents).toBe(lifting.propnet?.baseFluents.length);
  });

  it.skipIf(nativeGrounderOnPath() === undefined)("ground --propnet (--json): the lifted relations with their sizes, exit 0 (a native gringo's probe)", async () => {
    let out = "";
    const io: Output = { out: (s) => void (out += s), err: () => undefined };
    // the full grounding stopped at 1 M ground rules (a few seconds, not the time limit's share); the probe's
    // time follows from the limit (at least 1 s is needed: below 16 s there is no probe)
    const args = ["--propnet", "--timeout", "20", "--max-ground-rules", "1M"];
    expect(await main([path.join(BASE, "laikLee_hex.kif"), ...args, "--json"], io)).toBe(0);
    const json = JSON.parse(out);
    expect(json.status).toBe("partial");
    expect(json.partial.lifted).toEqual([{ relation: "line", arity: 1, fluent: "lifted_line", atoms: 2 }]);
    expect(json.propnet.propositions.base).toBe(json.partial.baseFluents);
    out = "";
    expect(await main([path.join(BASE, "laikLee_hex.kif"), ...args], io)).toBe(0);
    expect(out).toMatch(/partial propnet \(the game did not ground; a hybrid propnet.*\n.*\n  lifted: line\/1 \(2 atoms\)\n  propositions: base 79 \(2 at most for lifted atoms\), input 52; 584 components/);
  });

  const unavailable = anchorUnavailable("prover-trace");
  if (unavailable) it.skip(`against GGP-Base's prover: skipped: ${unavailable}`, () => undefined);
  else {
    for (const [game, exploding] of [
      ["laikLee_hex", "islist"],
      ["sudoku", "exactlyfirst"],
    ] as const) {
      it(`${game}: prover-trace's 2 seeded playouts agree with the hybrid machine on every step`, async () => {
        const file = path.join(BASE, `${game}.kif`);
        const trace = runAnchorTrace("prover-trace", file, { playouts: 2, seed: 1 });
        if ("error" in trace && !("playouts" in trace)) throw new Error(trace.error);
        expect(trace.error).toBeUndefined();
        const played = await playableDescription(loadFile(file), { grounder, timeoutSeconds: 2, tooLarge: "partial", lift: [exploding] });
        if (!("game" in played)) throw new Error(played.diagnostics.map(formatDiagnostic).join("; "));
        expect(played.game.machine.engine).toBe("hybrid");
        const replay = replayAnchorTrace(trace, propnetKifReasoner(played.game.machine));
        if ("mismatch" in replay) throw new Error(describeTraceMismatch(replay.mismatch));
        expect(replay.agreed.steps).toBeGreaterThan(20);
      });
    }
  }
});
