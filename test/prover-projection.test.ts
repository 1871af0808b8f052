/**
 * The relaxation's projected checks (src/prover/projection.ts, src/prover/relaxed.ts): which positions
 * a ground component's calls are checked without, that a projected check rules out only calls that
 * hold in no state, and that a `not` reading a projected variable leaves it undecided.
 */
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";
import { compileProgram } from "../src/prover/program.js";
import { groundCallComponents } from "../src/prover/ground-calls.js";
import { projectedPositions } from "../src/prover/projection.js";
import { Evaluator } from "../src/prover/evaluator.js";
import { RelaxedCheck } from "../src/prover/relaxed.js";
import { parseGdl } from "../src/syntax/parse.js";

/**
 * A line of five squares; (clear ?a ?b ?i): every square strictly between a and b is empty or is i,
 * the square a piece leaves (chess's `clear_*_ig`); `seen` passes i on, `near` reads it with a and
 * `guarded` with a `not`.
 */
const LINE = `
  (role w)
  (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
  (square 1) (square 2) (square 3) (square 4) (square 5)
  (bad 4)
  (init (empty 2)) (init (empty 3)) (init (piece 1))
  (<= (clear ?a ?b ?i) (succ ?a ?b) (square ?i))
  (<= (clear ?a ?b ?i) (succ ?a ?i) (clear ?i ?b ?i))
  (<= (clear ?a ?b ?i) (succ ?a ?c) (true (empty ?c)) (clear ?c ?b ?i))
  (<= (seen ?a ?b ?i) (true (piece ?a)) (clear ?a ?b ?i))
  (<= (near ?a ?i) (succ ?a ?i))
  (<= (near ?a ?i) (succ ?a ?c) (true (empty ?c)) (near ?c ?i))
  (<= (guarded ?a ?i) (succ ?a ?b) (bad ?b) (square ?i))
  (<= (guarded ?a ?i) (succ ?a ?c) (not (bad ?i)) (true (empty ?c)) (guarded ?c ?i))
  (<= (legal w (look ?b ?i)) (true (piece ?a)) (square ?b) (square ?i) (seen ?a ?b ?i) (near ?a ?i) (guarded ?a ?i))
  (<= (legal w wait) (true (piece ?a)))
  (<= (next (piece ?b)) (does w (look ?b ?i)))
  (<= (next (empty ?i)) (does w (look ?b ?i)))
  (<= (next (empty ?c)) (true (empty ?c)))
  (<= (next (piece ?a)) (does w wait) (true (piece ?a)))
  (<= terminal (true (piece 5)))
  (goal w 100)
`;

function compiled(text: string) {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics).toEqual([]);
  const program = compileProgram(description);
  const components = groundCallComponents(program);
  const statics = new Evaluator(program, undefined, 0, false);
  const check = new RelaxedCheck(program, components, (r, call) => statics.query(r, call, null, null));
  return { description, program, components, check, id: (name: string) => program.store.constant(name) };
}

describe("projected checks of the relaxation", () => {
  it("project the positions the base cases read alone, passed on to other components", () => {
    const { program, components } = compiled(LINE);
    const projected = projectedPositions(program, components);
    const mask = (key: string) => projected[program.relation(key)!.index];
    // clear's i: (square ?i) alone in its base case; seen passes it to clear's third position.
    expect(mask("clear/3")).toBe(0b100);
    expect(mask("seen/3")).toBe(0b100);
    // near's base case reads i with a; guarded's reads it alone, so it is projected (its `not` is in the recursive clause).
    expect(mask("near/2")).toBe(0);
    expect(mask("guarded/2")).toBe(0b10);
  });

  it("rules out the calls that hold in no state, whatever the projected value", () => {
    const { program, check, id } = compiled(LINE);
    const clear = program.relation("clear/3")!;
    // Backwards: no proof for any i.
    expect(check.possible(clear, [id("3"), id("1"), id("2")])).toBe(false);
    expect(check.possible(clear, [id("3"), id("1"), id("5")])).toBe(false);
    // Forwards: possible, the state decides.
    expect(check.possible(clear, [id("1"), id("4"), id("2")])).toBe(true);
    expect(check.possible(clear, [id("1"), id("4"), id("5")])).toBe(true);
  });

  it("leaves a projected check undecided at a `not` of a static relation reading the projected variable", () => {
    const { program, check, id } = compiled(LINE);
    const guarded = program.relation("guarded/2")!;
    // Read as "no bad square at all", the projected check of (guarded 1 _) would fail and rule out (guarded 1 2).
    expect(check.possible(guarded, [id("1"), id("2")])).toBe(true);
    expect(check.possible(guarded, [id("1"), id("4")])).toBe(false);
    expect(check.possible(guarded, [id("3"), id("4")])).toBe(true);
  });

  it("answers as the prover without the kept answers along playouts", () => {
    const { description } = compiled(LINE);
    const kept = Prover.fromDescription(description);
    const asked = Prover.fromDescription(description, { staticAnswers: false });
    expectSameAlongPlayouts(kept, asked, "line", { seed: 7, playouts: 6, steps: 8 });
    expect(kept.legalMoves(kept.initialState(), "w")).toContain("(look 4 2)");
  });
});
