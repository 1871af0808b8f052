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
