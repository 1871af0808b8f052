/**
 * src/hybrid/term-ids.ts. KifTermIds: names by index to the prover's term ids and back, within
 * groups (the moves of each role), an id first met in an answer found through its KIF.
 * BaseFluentIds: a state's base indices go to the prover as the term ids of their fluents in the
 * order the fluents' KIF sorts as strings (the order the prover's layer was built in from sorted
 * KIF), and a fluent the prover names comes back to its base index, or -1 when P^base has no such
 * fluent.
 */
import { describe, expect, it } from "vitest";
import { BaseFluentIds, KifTermIds } from "../src/hybrid/term-ids.js";
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

  it("gives the universe of fluents in KIF order and a state as bits over it", () => {
    const ids = new BaseFluentIds(prover, base);
    const expected = [...base].sort();
    expect(ids.kifOrderedIds().map((id) => prover.kifOf(id))).toEqual(expected);
    // base indices 0 (z, last in KIF order) and 2 ((cell 10), third)
    expect(Array.from(ids.kifBits([0b101]))).toEqual([(1 << 4) | (1 << 2)]);
    expect(Array.from(ids.kifBits([0]))).toEqual([0]);
    // bits past the base fluents are not fluents
    expect(Array.from(ids.kifBits([0b10 | (1 << 7)]))).toEqual([1 << expected.indexOf("(cell 9)")]);
  });

  it("hands derived fluents over after the state's own: bits past the base fluents, or term ids after theirs", () => {
    // (d 1) holds where z does, (d 2) where (cell 10) does (below-machine.ts derives them so from a propnet)
    const derived = {
      fluents: ["(d 1)", "(d 2)"],
      forEachHolding: (state: ArrayLike<number>, hold: (position: number) => void) => {
        if (state[0] & 1) hold(0);
        if (state[0] & 0b100) hold(1);
      },
    };
    const ids = new BaseFluentIds(prover, base, derived);
    const expected = [...base].sort();
    const bits = ids.proverState([0b101]);
    if (!("bits" in bits)) throw new Error("no universe");
    expect(Array.from(bits.bits)).toEqual([(1 << 4) | (1 << 2) | (1 << 5) | (1 << 6)]);
    const other = ids.proverState([0b100]);
    expect("bits" in other && Array.from(other.bits)).toEqual([(1 << expected.indexOf("(cell 10)")) | (1 << 6)]);
    // two fluents that parse alike: no universe, the state as term ids in KIF order, then the derived ones'
    const twice = new BaseFluentIds(prover, [...base, "(b  2)"], derived);
    const state = twice.proverState([0b101]);
    if (!("ids" in state)) throw new Error("a universe");
    expect(state.ids.map((id) => prover.kifOf(id))).toEqual(["(cell 10)", "z", "(d 1)", "(d 2)"]);
  });

  it("maps the prover's term ids back to base indices, -1 for a fluent outside P^base", () => {
    const ids = new BaseFluentIds(prover, base);
    // ids met first in an answer (never handed over in a state) are found through their KIF
    expect(ids.baseOf(prover.termIdOf("(cell 10)"))).toBe(2);
    expect(ids.baseOf(prover.termIdOf("(cell 11)"))).toBe(-1);
    const [first] = ids.sortedIds([3]);
    expect(ids.baseOf(first)).toBe(3);
    expect(ids.baseOf(prover.termIdOf("z"))).toBe(0);
    // asked again, from the ids kept (a term id far past those met so far too)
    expect(ids.baseOf(prover.termIdOf("(cell 11)"))).toBe(-1);
    expect(ids.baseOf(prover.termIdOf("(cell 10)"))).toBe(2);
    expect(ids.baseOf(prover.termIdOf("(cell 1 (f (f (f (f y)))))"))).toBe(-1);
  });
});

describe("KifTermIds", () => {
  const prover = Prover.fromDescription(parseGdl(GAME, "t.kif").description);
  // moves of two roles, one KIF an input of both: a move is found only among its own role's
  const moves = ["noop", "(mark 1)", "noop", "(mark 2)"];
  const roleOf = [0, 0, 1, 1];

  it("gives each index its name's term id, and the same id for a name two groups share", () => {
    const ids = new KifTermIds(prover, moves, roleOf, 2);
    expect(moves.map((_, i) => prover.kifOf(ids.idOf(i)))).toEqual(moves);
    expect(ids.idOf(0)).toBe(ids.idOf(2));
  });

  it("maps a term id back to the index of its name within a group, -1 outside it", () => {
    const ids = new KifTermIds(prover, moves, roleOf, 2);
    // found through the KIF (an id the prover derived, never handed over) and then by id
    expect(ids.indexOf(prover.termIdOf("noop"), 1)).toBe(2);
    expect(ids.indexOf(prover.termIdOf("noop"), 0)).toBe(0);
    expect(ids.indexOf(prover.termIdOf("(mark 2)"), 0)).toBe(-1);
    expect(ids.indexOf(prover.termIdOf("(mark 2)"), 1)).toBe(3);
    // an id handed over first is known by id in its group
    const mark1 = ids.idOf(1);
    expect(ids.indexOf(mark1, 0)).toBe(1);
    expect(ids.indexOf(mark1, 1)).toBe(-1);
  });

  it("puts every name in group 0 without groups", () => {
    const ids = new KifTermIds(prover, ["a", "(b 1)"]);
    expect(ids.indexOf(prover.termIdOf("(b 1)"))).toBe(1);
    expect(ids.indexOf(ids.idOf(0))).toBe(0);
  });
});
