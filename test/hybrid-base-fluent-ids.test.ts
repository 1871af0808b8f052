/**
 * BaseFluentIds (src/hybrid/base-fluent-ids.ts): a state's base indices go to the prover as the
 * term ids of their fluents in the order the fluents' KIF sorts as strings (the order the prover's
 * layer was built in from sorted KIF), and a fluent the prover names comes back to its base index,
 * or -1 when P^base has no such fluent.
 */
import { describe, expect, it } from "vitest";
import { BaseFluentIds } from "../src/hybrid/base-fluent-ids.js";
import { Prover } from "../src/prover/prover.js";
import { parseGdl } from "../src/syntax/parse.js";

const GAME = `(role a) (init (cell 10)) (init (cell 9)) (init (b 2)) (init z) (init (cell 1 (f x)))
(<= (legal a noop)) (<= (next (cell 10))) (<= terminal (true z)) (<= (goal a 100))`;

describe("BaseFluentIds", () => {
  const prover = Prover.fromDescription(parseGdl(GAME, "t.kif").description);
  // not in KIF order on purpose: the base indices of a propnet follow the build, not the text
  const base = ["z", "(cell 9)", "(cell 10)", "(cell 1 (f x))", "(b 2)"];

  it("orders a state's fluents as their KIF sorts as strings, and gives their term ids", () => {
    const ids = new BaseFluentIds(prover, base);
    const all = [0, 1, 2, 3, 4];
    const expected = [...base].sort();
    expect(Array.from(ids.sortedByKif(all), (b) => base[b])).toEqual(expected);
    expect(ids.sortedIds(all).map((id) => prover.kifOf(id))).toEqual(expected);
    expect(Array.from(ids.sortedByKif([2, 0]), (b) => base[b])).toEqual(["(cell 10)", "z"]);
    expect(ids.sortedIds([])).toEqual([]);
  });

  it("maps the prover's term ids back to base indices, -1 for a fluent outside P^base", () => {
    const ids = new BaseFluentIds(prover, base);
    // ids met first in an answer (never handed over in a state) are found through their KIF
    expect(ids.baseOf(prover.termIdOf("(cell 10)"))).toBe(2);
    expect(ids.baseOf(prover.termIdOf("(cell 11)"))).toBe(-1);
    const [first] = ids.sortedIds([3]);
    expect(ids.baseOf(first)).toBe(3);
    expect(ids.baseOf(prover.termIdOf("z"))).toBe(0);
  });
});
