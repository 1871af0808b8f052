/**
 * Calls of relations wider than a plan's bit mask (32 positions and more): the prover keyed a clause's
 * plan by the bound positions' mask, position j at bit j & 31, so a 33-ary call binding position 0 and
 * leaving 32 free took the plan of both bound and stopped with a false "unsafe rule" error.
 */
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import { parseGdl } from "../src/syntax/parse.js";

/** A game whose legal moves read an n-ary relation called with its first and last positions free or bound. */
function wideGame(n: number): string {
  const vars = Array.from({ length: n }, (_, i) => `?a${i}`).join(" ");
  const middle = Array.from({ length: n - 2 }, () => "z").join(" ");
  return `
    (role w)
    (init (s 1))
    (legal w go)
    (<= (legal w (m ?x ?y)) (found ?x ?y))
    (<= (legal w (n ?y)) (bound0 ?y))
    (<= (legal w (o ?x)) (bound32 ?x))
    (<= (next (s 1)) (true (s 1)))
    (f p ${middle} q)
    (f p ${middle} p)
    (f q ${middle} q)
    (<= (r ${vars}) (f ${vars}))
    (<= (found ?x ?y) (r ?x ${middle} ?y))
    (<= (bound0 ?y) (r p ${middle} ?y))
    (<= (bound32 ?x) (r ?x ${middle} q))
    (<= terminal (true (s 2)))
    (<= (goal w 100) (true (s 1)))`;
}

describe("calls wider than a plan's mask", () => {
  for (const n of [5, 31, 32, 33, 40]) {
    it(`answer a ${n}-ary relation called with either end bound or free`, () => {
      const { description, diagnostics } = parseGdl(wideGame(n), "wide.kif");
      expect(diagnostics).toEqual([]);
      const expected = ["(m p p)", "(m p q)", "(m q q)", "(n p)", "(n q)", "(o p)", "(o q)", "go"];
      for (const compiledPlans of [true, false]) {
        const prover = Prover.fromDescription(description, { compiledPlans });
        expect([...prover.legalMoves(prover.initialState(), "w")].sort()).toEqual(expected);
      }
    });
  }
});

/**
 * A relation of facts, a `true` input and a `does` input of n positions, each looked up with its first
 * positions bound and the rest free: the indexes hashed and compared the bound positions by `1 << i`,
 * which wraps past 31 (`1 << 32` is 1), so position 32 was compared where position 0 was bound and a
 * 40-ary relation lost its answers (no legal move; after a 41-ary move, none either).
 */
function lookupGame(n: number): string {
  const vars = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => `?v${f(i)}`).join(" ");
  return [
    "(role p)",
    "(init (at 0))",
    `(init (big ${Array.from({ length: n }, (_, i) => i % 3).join(" ")}))`,
    `(wide 0 ${Array.from({ length: n - 1 }, (_, i) => (i + 1) % 3).join(" ")})`,
    `(<= (legal p (mv ?x ${vars((i) => i)})) (true (at ?x)) (true (big ${vars((i) => i)})) (wide ?x ${vars((i) => i).split(" ").slice(1).join(" ")}))`,
    `(<= (legal p (mv ?x ${vars((i) => (i + 1) % n)})) (true (at ?x)) (true (big ${vars((i) => i)})))`,
    `(<= (next (big ${vars((i) => i)})) (does p (mv ?x ${vars((i) => i)})))`,
    "(<= (next (at ?y)) (true (at ?x)) (succ ?x ?y))",
    "(<= terminal (true (at 4)))",
    "(<= (goal p 100) (true (at 4)))",
    "(succ 0 1)",
    "(succ 1 2)",
    "(succ 2 3)",
    "(succ 3 4)",
  ].join("\n");
}

describe("lookups of tuples wider than 32 positions", () => {
  for (const n of [30, 33, 40]) {
    it(`find facts, fluents and moves of ${n} positions by their first positions`, () => {
      const { description, diagnostics } = parseGdl(lookupGame(n), "lookup.kif");
      expect(diagnostics).toEqual([]);
      for (const compiledPlans of [true, false]) {
        const prover = Prover.fromDescription(description, { compiledPlans });
        let state = prover.initialState();
        // the first state: the move the `wide` fact allows and the rotated one; then the rotated one alone
        const counts: number[] = [];
        for (let step = 0; step < 4; step++) {
          const legal = prover.legalMoves(state, "p");
          counts.push(legal.length);
          state = prover.nextState(state, [legal[legal.length - 1]]);
        }
        expect(counts).toEqual([2, 1, 1, 1]);
        expect(prover.goals(state)).toEqual({ p: 100 });
      }
    });
  }
});
