/**
 * The prover's most-recently-used state layers in fixed slots (src/prover/recent-layers.ts): the
 * same answers as the Map it replaces (found by ===, the least recently used dropped first), and a
 * prover that keeps two layers answers a walk back and forth between three states as one that
 * keeps none would.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Layer } from "../src/prover/layer.js";
import { RecentLayers } from "../src/prover/recent-layers.js";
import { Prover } from "../src/prover/prover.js";
import { parseGdl } from "../src/syntax/parse.js";

describe("RecentLayers", () => {
  it("finds a layer by its key, moves it to the front and drops the least recently used", () => {
    const recent = new RecentLayers<string>(2);
    const [a, b, c] = [new Layer(), new Layer(), new Layer()];
    recent.add("a", a);
    recent.add("b", b);
    expect(recent.use("a")).toBe(a); // a is now the most recent: b goes first
    recent.add("c", c);
    expect(recent.size).toBe(2);
    expect(recent.use("b")).toBeUndefined();
    expect(recent.use("a")).toBe(a);
    expect(recent.use("c")).toBe(c);
    recent.clear();
    expect(recent.size).toBe(0);
    expect(recent.use("c")).toBeUndefined();
  });

  it("compares keys with ===: an object key is found by identity, a string by value", () => {
    const recent = new RecentLayers<object | string>(3);
    const key = { bits: 1 };
    const layer = new Layer();
    recent.add(key, layer);
    recent.add(["x", "y"].join("\n"), layer);
    expect(recent.use({ bits: 1 })).toBeUndefined();
    expect(recent.use(key)).toBe(layer);
    expect(recent.use("x\ny")).toBe(layer);
  });

  it("refuses a capacity below one", () => {
    expect(() => new RecentLayers<string>(0)).toThrow(RangeError);
  });

  it("answers as a Map used as a most-recently-used cache does, over any sequence of uses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }), (capacity, asked) => {
        const recent = new RecentLayers<number>(capacity);
        const model = new Map<number, Layer>();
        for (const key of asked) {
          const expected = model.get(key);
          if (expected !== undefined) {
            model.delete(key);
            model.set(key, expected);
          }
          expect(recent.use(key)).toBe(expected);
          if (expected === undefined) {
            const layer = new Layer();
            if (model.size >= capacity) model.delete(model.keys().next().value!);
            model.set(key, layer);
            recent.add(key, layer);
          }
          expect(recent.size).toBe(model.size);
        }
      }),
    );
  });
});

describe("the prover's state layers", () => {
  it("answers a walk back and forth between three states alike, whatever it kept of them", () => {
    const game = parseGdl(
      `(role r)
       (init (at 1))
       (succ 1 2) (succ 2 3) (succ 3 1)
       (<= (legal r (go ?y)) (true (at ?x)) (succ ?x ?y))
       (<= (next (at ?y)) (does r (go ?y)))
       (<= (reach ?x) (true (at ?x)))
       (<= (reach ?y) (reach ?x) (succ ?x ?y))
       (<= (goal r 100) (true (at 3)))
       (<= (goal r 0) (not (true (at 3))))
       (<= terminal (true (at 3)) (reach 1))`,
      "walk.kif",
    ).description;
    const prover = Prover.fromDescription(game);
    const states = [["(at 1)"], ["(at 2)"], ["(at 3)"]];
    const expected = states.map((s) => ({ legal: prover.legalMoves(s, "r"), terminal: prover.isTerminal(s), goals: prover.goals(s) }));
    for (const k of [0, 1, 2, 0, 2, 1, 1, 0, 2, 2, 0]) {
      const fresh = Prover.fromDescription(game);
      const s = states[k];
      expect({ legal: prover.legalMoves(s, "r"), terminal: prover.isTerminal(s), goals: prover.goals(s) }).toEqual(expected[k]);
      expect(prover.nextState(s, [`(go ${(k + 1) % 3 + 1})`])).toEqual(fresh.nextState(s, [`(go ${(k + 1) % 3 + 1})`]));
    }
  });
});
