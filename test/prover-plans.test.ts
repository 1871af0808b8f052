/**
 * Compiled plans of the prover (src/prover/plan.ts): each argument of a positive literal gets its
 * mode when the plan is compiled (read from a slot, interned, bound by an answer without a test,
 * matched as a pattern) and the literals of inputs and facts their lookup mask; the prover with them
 * answers as the interpretive evaluation (`compiledPlans: false`), on small cases and along seeded
 * playouts of real games.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";
import { compileProgram } from "../src/prover/program.js";
import { ARG_BIND, ARG_CONST, ARG_GENERIC, ARG_GROUND, ARG_MATCH, ARG_READ, compiledPlanFor, planFor } from "../src/prover/plan.js";
import { parseGdl } from "../src/syntax/parse.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const base = path.resolve(root, "../shared/games/base");

/** Repeated variables in one literal, compounds with bound and free variables, `not distinct` binding a side. */
const SHAPES = `
  (role w)
  (pair a a) (pair a b) (pair b b) (pair c a)
  (wrap (f a) a) (wrap (f b) a) (wrap (g c) c) (wrap (f c) c)
  (init (at a)) (init (at c))
  (<= (same ?x) (pair ?x ?x))
  (<= (inner ?y) (true (at ?y)) (wrap (f ?y) ?z))
  (<= (outer ?y ?z) (wrap (f ?y) ?z) (pair ?z ?y))
  (<= (linked ?x ?w) (true (at ?x)) (pair ?x ?y) (not (distinct ?w ?y)) (same ?w))
  (<= (legal w (go ?x ?z)) (true (at ?x)) (outer ?x ?z))
  (<= (legal w (go ?x ?x)) (linked ?x ?x))
  (<= (next (at ?z)) (does w (go ?x ?z)))
  (<= (next (at ?x)) (true (at ?x)) (same ?x))
  (<= terminal (true (at b)) (not (true (at c))) (inner b))
  (<= (froma ?y) (pair a ?y))
  (<= (goal w 100) (froma a))
`;

function program(text: string) {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics).toEqual([]);
  return { description, program: compileProgram(description) };
}

describe("compiled plans", () => {
  it("fix each argument's mode from the call's bound positions and the order of the body", () => {
    const { program: p } = program(SHAPES);
    const outer = p.relation("outer/2")!.clauses[0];
    // (outer ?y ?z) with ?y bound: (wrap (f ?y) ?z) interns (f ?y) and binds ?z; (pair ?z ?y) then reads both.
    const bound = compiledPlanFor(outer, 0b01, false);
    expect(bound.literals.map((l) => (l.kind === "pos" ? l.relation.key : l.kind))).toEqual(["wrap/2", "pair/2"]);
    expect([...bound.modes[0]]).toEqual([ARG_GROUND, ARG_BIND]);
    expect([...bound.modes[1]]).toEqual([ARG_READ, ARG_READ]);
    // Facts alone: looked up directly, by the positions bound.
    expect([...bound.masks]).toEqual([0b01, 0b11]);
    // Nothing bound: (f ?y) is matched as a pattern.
    const free = compiledPlanFor(outer, 0, false);
    expect([...free.modes[0]]).toEqual([ARG_MATCH, ARG_BIND]);
    expect([...free.masks]).toEqual([0, 0b11]);
    // A variable met twice in a literal: bound at its first place, matched at the second.
    const same = compiledPlanFor(p.relation("same/1")!.clauses[0], 0, false);
    expect([...same.modes[0]]).toEqual([ARG_BIND, ARG_MATCH]);
    // A constant argument, and a derived relation with clauses: asked through the evaluator (mask -1).
    const legal = p.relation("legal/2")!.clauses[0];
    const plan = compiledPlanFor(legal, 0b01, false);
    expect(plan.literals.map((l) => (l.kind === "pos" ? l.relation.key : l.kind))).toEqual(["true(at/1)", "outer/2"]);
    expect(plan.masks[1]).toBe(-1);
    const terminal = compiledPlanFor(p.relation("terminal/0")!.clauses[0], 0, false);
    const at = terminal.literals.findIndex((l) => l.kind === "pos" && l.relation.key === "true(at/1)");
    expect([...terminal.modes[at]]).toEqual([ARG_CONST]);
    expect(terminal.masks[at]).toBe(0b1);
    const inner = compiledPlanFor(p.relation("inner/1")!.clauses[0], 0, false);
    expect([...inner.modes[1]]).toEqual([ARG_GROUND, ARG_BIND]);
    expect([...compiledPlanFor(p.relation("froma/1")!.clauses[0], 0, false).modes[0]]).toEqual([ARG_CONST, ARG_BIND]);
  });

  it("leave every argument to the call in a generic plan and in a `not`", () => {
    const { program: p } = program(SHAPES);
    const outer = compiledPlanFor(p.relation("outer/2")!.clauses[0], 0b01, true);
    expect([...outer.modes[0], ...outer.modes[1]]).toEqual([ARG_GENERIC, ARG_GENERIC, ARG_GENERIC, ARG_GENERIC]);
    expect([...outer.masks]).toEqual([-1, -1]);
    // The compiled and the generic plan of one mask are kept apart.
    expect(compiledPlanFor(p.relation("outer/2")!.clauses[0], 0b01, false)).not.toBe(outer);
    const linked = compiledPlanFor(p.relation("linked/2")!.clauses[0], 0b11, false);
    const terminal = compiledPlanFor(p.relation("terminal/0")!.clauses[0], 0, false);
    const neg = terminal.literals.findIndex((l) => l.kind === "neg");
    expect([...terminal.modes[neg]]).toEqual([ARG_GENERIC]);
    expect(terminal.masks[neg]).toBe(-1);
    // `not distinct` has no arguments of its own: the comparison reads the frame.
    expect(linked.modes[linked.literals.findIndex((l) => l.kind === "equal")].length).toBe(0);
  });

  it("are kept once per clause and mask: the body order planFor gives is the compiled plan's", () => {
    const { program: p } = program(SHAPES);
    const clause = p.relation("legal/2")!.clauses[0];
    // asked first by its order alone (as ground-calls.ts and relaxed.ts do), then compiled
    const order = planFor(clause, 0b10);
    const plan = compiledPlanFor(clause, 0b10, false);
    expect(plan.literals).toBe(order);
    expect(compiledPlanFor(clause, 0b10, false)).toBe(plan);
    // the generic plan of the mask shares the order, kept under its own key
    expect(compiledPlanFor(clause, 0b10, true).literals).toBe(order);
    expect(compiledPlanFor(clause, 0b10, true)).toBe(compiledPlanFor(clause, 0b10, true));
    expect([...clause.plans.keys()].sort((x, y) => x - y)).toEqual([-1 - 0b10, 0b10]);
  });

  it("answer as the interpretive evaluation on repeated variables and compounds", () => {
    const { description } = program(SHAPES);
    const compiled = Prover.fromDescription(description);
    const generic = Prover.fromDescription(description, { compiledPlans: false });
    const state = compiled.initialState();
    const moves = compiled.legalMoves(state, "w");
    expect(moves).toEqual(generic.legalMoves(state, "w"));
    // (at a): outer a a (wrap (f a) a, pair a a); (at c): outer c c (wrap (f c) c, pair c c absent: no); linked a a.
    expect(moves).toEqual(["(go a a)"]);
    expect(compiled.instances(state, "same", 1)).toEqual([["a"], ["b"]]);
    expect(compiled.instances(state, "inner", 1)).toEqual(generic.instances(state, "inner", 1));
    expect(compiled.instances(state, "inner", 1)).toEqual([["a"], ["c"]]);
    expect(compiled.instances(state, "outer", 2)).toEqual(generic.instances(state, "outer", 2));
    const next = compiled.nextState(state, ["(go a a)"]);
    expect(next).toEqual(generic.nextState(state, ["(go a a)"]));
    expect(next).toEqual(["(at a)"]);
  });
});

const GAMES = ["chess", "alexChess", "slaughter", "checkers", "breakthrough", "pentago", "connectFour", "sudoku", "laikLee_hex", "ticTacToe"];
describe("compiled plans on real games", () => {
  it.skipIf(!existsSync(base))("answer as the interpretive evaluation along seeded random playouts", () => {
    for (const game of GAMES) {
      const file = path.join(base, `${game}.kif`);
      const description = parseGdl(readFileSync(file, "utf8"), file).description;
      const compiled = Prover.fromDescription(description);
      const generic = Prover.fromDescription(description, { compiledPlans: false });
      expectSameAlongPlayouts(compiled, generic, game, { seed: 2929, playouts: 2, steps: 20 });
    }
  });
});
