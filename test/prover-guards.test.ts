/**
 * Guards (src/prover/possible-guards.ts): the calls a relation searched depth-first may hold for in
 * some state, as facts computed once; plans enumerate them where they would try every candidate
 * (src/prover/plan.ts), and the prover answers as it does without them.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import { guardOf, type Program, type Relation } from "../src/prover/program.js";
import { planFor } from "../src/prover/plan.js";
import { GUARD_TUPLES } from "../src/prover/possible-guards.js";
import { parseGdl } from "../src/syntax/parse.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const base = path.resolve(root, "../shared/games/base");

/**
 * A ray along a line of five squares: (clear ?a ?b) when every square strictly between is empty;
 * `near` reads a square only the state binds, so its relaxation leaves a variable bound nowhere.
 */
const RAY = `
  (role w)
  (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
  (init (empty 2)) (init (empty 3)) (init (empty 4)) (init (piece 1))
  (<= (clear ?a ?b) (succ ?a ?b))
  (<= (clear ?a ?b) (succ ?a ?c) (true (empty ?c)) (clear ?c ?b))
  (<= (near ?a ?b) (true (piece ?b)) (succ ?a ?c))
  (<= (legal w (look ?b)) (true (piece ?a)) (succ ?x ?b) (clear ?a ?b))
  (<= (legal w (wait ?a)) (succ ?a ?c) (near ?a ?b) (succ ?b ?d))
  (<= (next (piece ?b)) (does w (look ?b)))
  (<= (next (piece ?a)) (does w (wait ?a)))
  (<= (next (empty ?c)) (true (empty ?c)))
  (<= terminal (true (piece 5)))
  (goal w 100)
`;

/** The prover's own program (private in TypeScript): its plans are the ones the prover reads. */
const programOf = (prover: Prover): Program => (prover as unknown as { program: Program }).program;

function proverOf(text: string, guards = true): { prover: Prover; program: Program; relation: (key: string) => Relation; kif: (id: number) => string } {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics).toEqual([]);
  const prover = Prover.fromDescription(description, { guards });
  const program = programOf(prover);
  return { prover, program, relation: (key) => program.relation(key)!, kif: (id) => program.store.kif(id) };
}

const keys = (literals: ReturnType<typeof planFor>) => literals.map((l) => ("relation" in l ? l.relation.key : l.kind));

describe("guards of relations searched depth-first", () => {
  it("hold every call the relaxation allows, to a fixpoint through the recursion", () => {
    const { relation, kif } = proverOf(RAY);
    const guard = guardOf(relation("clear/2"))!;
    expect(guard.key).toBe("clear/2~possible");
    expect(guard.level).toBe(0);
    const pairs = guard.facts.tuples.map((t) => t.map(kif).join("-")).sort();
    // Every square before another on the line: the squares between may all be empty in some state.
    expect(pairs).toEqual(["1-2", "1-3", "1-4", "1-5", "2-3", "2-4", "2-5", "3-4", "3-5", "4-5"]);
  });

  it("come before the call they guard where they enumerate, and are left out where they would only test", () => {
    const { relation } = proverOf(RAY);
    const recursive = relation("clear/2").clauses[1];
    // The target bound, the start free: the squares before the target, not every `succ` pair.
    expect(keys(planFor(recursive, 0b10))).toEqual(["clear/2~possible", "true(empty/1)", "succ/2", "clear/2"]);
    // Both bound: `succ` binds the next square at once, after which the guard would only test.
    expect(keys(planFor(recursive, 0b11))).not.toContain("clear/2~possible");
  });

  it("are not made where a literal that reads the state binds a variable, nor without asking for them", () => {
    const { relation, prover } = proverOf(RAY);
    expect(guardOf(relation("near/2"))).toBeUndefined();
    expect(prover.legalMoves(prover.initialState(), "w")).toEqual(["(look 2)", "(look 3)", "(look 4)", "(look 5)", "(wait 1)", "(wait 2)", "(wait 3)", "(wait 4)"]);
    const without = proverOf(RAY, false);
    expect(guardOf(without.relation("clear/2"))).toBeUndefined();
    expect(without.program.relations.some((r) => r.key.endsWith("~possible"))).toBe(false);
  });

  it("hold the facts of a relation with rules too (found by test/random-games.test.ts, seed 11306)", () => {
    // (v14 x) is a fact; the rule of v14 never holds (piece has no facts): the guard held nothing, (v14 x) was "no"
    const text = `
      (role red) (dom a) (s5 a) (v14 x) (init (f1 x red))
      (<= (v14 ?v0) (true f0) (piece ?v0) (true (f5 ?v0 ?v1)))
      (<= (next (f6 ?v0 ?v0)) (s5 ?v0) (true (f1 ?v1 red)) (v14 ?v1) (dom ?v0))
      (legal red go) (<= terminal (true (f6 a a))) (goal red 100)
    `;
    const { prover, relation, kif } = proverOf(text);
    const guard = guardOf(relation("v14/1"));
    expect(guard?.facts.tuples.map((t) => t.map(kif).join(" "))).toEqual(["x"]);
    expect(prover.nextState(prover.initialState(), ["go"])).toEqual(["(f6 a a)"]);
    const plain = proverOf(text, false).prover;
    expect(plain.nextState(plain.initialState(), ["go"])).toEqual(["(f6 a a)"]);
  });

  it("are not made past GUARD_TUPLES", () => {
    // (quad ?a ?b ?c ?d) may hold for any four of 13 values: 28,561 calls.
    const values = Array.from({ length: 13 }, (_, k) => `(v ${k})`).join(" ");
    const { relation } = proverOf(`
      (role w) ${values} (init (x 0))
      (<= (quad ?a ?b ?c ?d) (v ?a) (v ?b) (v ?c) (v ?d) (true (x ?a)))
      (<= (legal w (go ?a)) (v ?a) (v ?b) (quad ?a ?b ?b ?b))
      (<= (next (x ?a)) (does w (go ?a)))
      (<= terminal (true (x 12)))
      (goal w 100)
    `);
    expect(13 ** 4).toBeGreaterThan(GUARD_TUPLES);
    expect(guardOf(relation("quad/4"))).toBeUndefined();
  });

  it("answer as the prover without them along seeded random playouts", () => {
    const guarded = proverOf(RAY).prover;
    const plain = proverOf(RAY, false).prover;
    expectSameAlongPlayouts(guarded, plain, "ray", { seed: 7, playouts: 4, steps: 6 });
  });

  it.skipIf(!existsSync(base))("answer as the prover without them on real games, along seeded random playouts", () => {
    for (const game of ["chess", "amazonsTorus", "nonogram_10x10_1", "crisscross", "dotsAndBoxesSuicide"]) {
      const file = path.join(base, `${game}.kif`);
      const description = parseGdl(readFileSync(file, "utf8"), file).description;
      const guarded = Prover.fromDescription(description);
      expect(programOf(guarded).relations.some((r) => r.key.endsWith("~possible")), game).toBe(true);
      expectSameAlongPlayouts(guarded, Prover.fromDescription(description, { guards: false }), game, { seed: 4242, playouts: 1, steps: 25 });
    }
  });
});
