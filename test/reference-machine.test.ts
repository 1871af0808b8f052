import { describe, expect, it } from "vitest";
import type { GroundGame } from "../src/ground/ground-game.js";
import { buildPropnet } from "../src/propnet/build.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { checkPropnetInvariants } from "../src/propnet/invariants.js";
import { mulberry32, perft, perftCounts, randomPlayout } from "../src/propnet/search.js";
import { compileStateMachine, createStateMachine, type PropnetStateMachine } from "../src/propnet/reference-machine.js";
import { unplayableReason } from "../src/propnet/gate-order.js";
import { isCompileError } from "../src/propnet/machine.js";
import { compareWithGroundClauses } from "./support/ground-clause-evaluator.js";

function compareWithReference(g: GroundGame, sm: PropnetStateMachine, seed: number, games: number, maxSteps = 50, recursive?: ReadonlySet<string>): void {
  expect(compareWithGroundClauses(g, sm, { seed, games, maxSteps, recursive })).toBeUndefined();
}

function game(text: string): GroundGame {
  const { game, diagnostics } = groundGameFromRules(text);
  expect(diagnostics).toEqual([]);
  return game;
}

function machine(g: GroundGame, optimize = true, evaluation: "full" | "differential" = "differential"): PropnetStateMachine {
  const p = buildPropnet(g, { optimize });
  expect(checkPropnetInvariants(p)).toEqual([]);
  const sm = compileStateMachine(p, { evaluation });
  if (isCompileError(sm)) throw new Error(sm.message);
  return sm;
}

describe("PropnetStateMachine on ground tictactoe", () => {
  const g = game(groundTictactoeKif());
  const sm = machine(g);

  it("starts empty with xplayer to move", () => {
    const s0 = sm.initialState();
    expect(sm.roles).toEqual(["xplayer", "oplayer"]);
    expect(sm.stateToKif(s0)).toHaveLength(10);
    expect(sm.stateToKif(s0)).toContain("(control xplayer)");
    expect(sm.legalMoveKifs(s0, "xplayer")).toHaveLength(9);
    expect(sm.legalMoveKifs(s0, "oplayer")).toEqual(["noop"]);
    expect(sm.isTerminal(s0)).toBe(false);
    expect(sm.goals(s0)).toEqual([null, null]); // no line, and goal 50 needs (not open)
  });

  it("plays a game to a win for xplayer", () => {
    let s = sm.initialState();
    const play = (x: string, o: string) => {
      s = sm.nextState(s, [sm.moveIndex("xplayer", x)!, sm.moveIndex("oplayer", o)!]);
    };
    play("(mark 1 1)", "noop");
    play("noop", "(mark 2 1)");
    play("(mark 1 2)", "noop");
    play("noop", "(mark 2 2)");
    expect(sm.isTerminal(s)).toBe(false);
    play("(mark 1 3)", "noop");
    expect(sm.isTerminal(s)).toBe(true);
    expect(sm.goals(s)).toEqual([100, 0]);
    expect(sm.stateToKif(s)).toContain("(cell 1 3 x)");
    expect(sm.stateFromKif(sm.stateToKif(s))).toEqual(s);
    expect(sm.stateFromBaseIndices(sm.stateToBaseIndices(s))).toEqual(s);
  });

  it("perft: 1, 9, 72, 504, 3024, 15120, 54720", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => perft(sm, d))).toEqual([1, 9, 72, 504, 3024, 15120, 54720]);
    const counts = perftCounts(sm, 6);
    expect(counts.terminals).toBe(1440); // wins after 5 plies: 8 lines * 3! * (6 choose 2) * 2!
    expect(counts.nodes).toBe(1 + 9 + 72 + 504 + 3024 + 15120 + 54720);
  });

  it("random playouts are deterministic for a seed", () => {
    const run = (seed: number) => {
      const rng = mulberry32(seed);
      return Array.from({ length: 20 }, () => {
        const r = randomPlayout(sm, rng);
        return [r.steps, r.end, r.goals, sm.stateToKif(r.state).join(" ")];
      });
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    for (const [steps, end, goals] of run(7)) {
      expect(end).toBe("terminal");
      expect(steps).toBeGreaterThanOrEqual(5);
      expect(steps).toBeLessThanOrEqual(9);
      expect([[100, 0], [0, 100], [50, 50]]).toContainEqual(goals);
    }
  });

  it("agrees with a direct evaluation of the ground clauses, optimized and not, full and differential", () => {
    expect(sm.stats.evaluation).toBe("differential");
    compareWithReference(g, sm, 1, 30);
    compareWithReference(g, machine(g, false), 2, 10);
    const full = machine(g, true, "full");
    expect(full.stats.evaluation).toBe("full");
    compareWithReference(g, full, 3, 20);
    compareWithReference(g, machine(g, false, "full"), 4, 10);
  });

  it("full and differential evaluation play the same playouts", () => {
    const full = machine(g, true, "full");
    const play = (m: PropnetStateMachine) => {
      const rng = mulberry32(99);
      return Array.from({ length: 50 }, () => {
        const r = randomPlayout(m, rng);
        return [r.steps, r.goals, m.stateToKif(r.state).join(" ")];
      });
    };
    expect(play(full)).toEqual(play(sm));
    expect(perft(full, 4)).toBe(3024);
  });

  it("the optimized propnet is smaller than the paper count", () => {
    const p = sm.propnet;
    expect(p.stats.optimizedComponents).toBeLessThan(p.stats.paperComponents);
    expect(p.stats.propositions).toMatchObject({ base: 29, input: 20, legal: 20, goal: 6, terminal: 1, view: 0 });
  });
});

const MODES: [boolean, "full" | "differential"][] = [
  [true, "differential"],
  [false, "differential"],
  [true, "full"],
  [false, "full"],
];

describe("PropnetStateMachine on special games", () => {
  it("an always-true next (GGP-Base #75)", () => {
    const g = game(`
      (role robot) (init start) (next done) (legal robot go)
      (<= terminal (true done))
      (<= (goal robot 100) (true done))
      (<= (goal robot 0) (not (true done)))
    `);
    for (const [optimize, evaluation] of MODES) {
      const sm = machine(g, optimize, evaluation);
      const s0 = sm.initialState();
      expect(sm.stateToKif(s0)).toEqual(["start"]);
      expect(sm.goals(s0)).toEqual([0]);
      const s1 = sm.nextState(s0, [sm.moveIndex("robot", "go")!]);
      expect(sm.stateToKif(s1)).toEqual(["done"]);
      expect(sm.isTerminal(s1)).toBe(true);
      expect(sm.goals(s1)).toEqual([100]);
      compareWithReference(g, sm, 3, 3);
    }
  });

  it("a 0-ary relation under not (GGP-Base #46)", () => {
    const g = game(`
      (role r) (init p) (legal r a)
      (<= (legal r b) (not terminal))
      (<= flag (true p))
      (<= (next p) (not flag))
      (<= (next q) flag)
      (<= terminal (true q))
      (<= (goal r 100) (not flag) (not never))
      (<= (goal r 0) flag)
    `);
    for (const [optimize, evaluation] of MODES) {
      const sm = machine(g, optimize, evaluation);
      const s0 = sm.initialState();
      expect(sm.legalMoveKifs(s0, "r")).toEqual(["a", "b"]);
      expect(sm.goals(s0)).toEqual([0]);
      const s1 = sm.nextState(s0, [sm.moveIndex("r", "b")!]);
      expect(sm.stateToKif(s1)).toEqual(["q"]);
      expect(sm.isTerminal(s1)).toBe(true);
      expect(sm.legalMoveKifs(s1, "r")).toEqual(["a"]);
      expect(sm.goals(s1)).toEqual([100]);
      const s2 = sm.nextState(s1, [sm.moveIndex("r", "a")!]);
      expect(sm.stateToKif(s2)).toEqual(["p"]);
      compareWithReference(g, sm, 4, 5, 6);
    }
  });

  it("an init derived by rules (GGP-Base #68)", () => {
    const g = game(`
      (role r) (legal r a) (size 3) (init (cell 0))
      (<= (init (cell 3)) (size 3))
      (<= (init (cell 4)) (size 4))
      (<= (init off) (not (size 4)))
      (<= (init both) (size 3) (not (size 4)))
      (<= (next (cell 1)) (true (cell 0)))
      (<= terminal (true (cell 1)))
    `);
    for (const [optimize, evaluation] of MODES) {
      const sm = machine(g, optimize, evaluation);
      expect(sm.stateToKif(sm.initialState())).toEqual(["(cell 0)", "(cell 3)", "both", "off"]);
      compareWithReference(g, sm, 5, 2);
    }
  });

  it("a role without legal moves ends a playout", () => {
    const g = game(`(role r) (init s) (<= (legal r a) (true t))`);
    const sm = machine(g);
    const r = randomPlayout(sm, mulberry32(1));
    expect(r).toMatchObject({ steps: 0, end: "no-legal-move", goals: [null] });
    expect(perft(sm, 3)).toBe(0);
  });

  it("a game that never ends stops at maxSteps", () => {
    const sm = machine(game(`(role r) (init s) (legal r a) (<= (next s) (true s))`));
    expect(randomPlayout(sm, mulberry32(1), { maxSteps: 25 })).toMatchObject({ steps: 25, end: "max-steps" });
  });

  it("nextState rejects a joint move with a move of the wrong role", () => {
    const sm = machine(game(groundTictactoeKif()));
    const s0 = sm.initialState();
    expect(() => sm.nextState(s0, [sm.moveIndex("oplayer", "noop")!, sm.moveIndex("oplayer", "noop")!])).toThrow(RangeError);
  });
});

/** Reachability over edges that the player toggles: a recursion through the state, so a ground cycle. */
function reachabilityKif(): string {
  const nodes = ["a", "b", "c", "d"];
  const out = ["(role r)", "(legal r noop)", "(init (edge a b))", "(init (edge b c))", "(init (edge c b))"];
  for (const x of nodes)
    for (const y of nodes) {
      if (x === y) continue;
      out.push(`(legal r (toggle ${x} ${y}))`);
      out.push(`(<= (next (edge ${x} ${y})) (true (edge ${x} ${y})) (not (does r (toggle ${x} ${y}))))`);
      out.push(`(<= (next (edge ${x} ${y})) (not (true (edge ${x} ${y}))) (does r (toggle ${x} ${y})))`);
      out.push(`(<= (reach ${x} ${y}) (true (edge ${x} ${y})))`);
      for (const z of nodes) out.push(`(<= (reach ${x} ${z}) (true (edge ${x} ${y})) (reach ${y} ${z}))`);
    }
  out.push("(<= terminal (reach a d))", "(<= (goal r 100) (reach a d))", "(<= (goal r 0) (not (reach a d)))");
  return out.join("\n");
}

describe("cycles without a transition", () => {
  it("are an error by default, and evaluated as a least fixpoint with cycles: fixpoint", () => {
    const g = game(reachabilityKif());
    for (const optimize of [true, false]) {
      const p = buildPropnet(g, { optimize });
      expect(p.cycles.length).toBeGreaterThan(0);
      expect(p.cycles.flatMap((c) => c.propositions)).toContain("(reach b c)");
      const failed = compileStateMachine(p);
      expect(isCompileError(failed) && failed.cycles).toBe(p.cycles);
      const sm = compileStateMachine(p, { cycles: "fixpoint" });
      if (isCompileError(sm)) throw new Error(sm.message);
      const s0 = sm.initialState();
      expect(sm.goals(s0)).toEqual([0]);
      const s1 = sm.nextState(s0, [sm.moveIndex("r", "(toggle c d)")!]);
      expect(sm.isTerminal(s1)).toBe(true);
      expect(sm.goals(s1)).toEqual([100]);
      compareWithReference(g, sm, 11, 20, 12, new Set(["reach"]));
    }
  });

  it("through a NOT stays an error", () => {
    const g = game(`(role r) (init a) (legal r go) (<= p (true a) (not q)) (<= q p) (<= terminal q)`);
    const sm = createStateMachine(g, { cycles: "fixpoint" });
    expect(isCompileError(sm)).toBe(true);
    if (isCompileError(sm)) expect(sm.message).toContain("through a NOT");
  });

  it("unplayableReason says the same as compile without compiling (the corpus runner's check)", () => {
    const negative = buildPropnet(game(`(role r) (init a) (legal r go) (<= p (true a) (not q)) (<= q p) (<= terminal q)`));
    expect(unplayableReason(negative)?.message).toContain("through a NOT");
    const positive = buildPropnet(game(reachabilityKif()));
    expect(positive.cycles.length).toBeGreaterThan(0);
    expect(unplayableReason(positive)).toBeUndefined();
    expect(unplayableReason(positive, { cycles: "error" })?.cycles).toBe(positive.cycles);
  });
});
