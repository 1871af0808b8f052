/**
 * A joint move's `does` tuples (src/prover/move-tuples.ts): every lookup answers the tuples a
 * TupleIndex of the same tuples answers, in the same order, over random tuples and masks; a
 * lookup that one tuple matches answers a list of it without making one per call.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MoveTuples } from "../src/prover/move-tuples.js";
import { TupleIndex } from "../src/prover/tuple-index.js";

describe("MoveTuples", () => {
  it("answers every lookup as a TupleIndex of the same tuples does", () => {
    const arity = 3;
    const tuple = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: arity, maxLength: arity });
    fc.assert(
      fc.property(fc.array(tuple, { maxLength: 4 }), fc.array(fc.array(fc.integer({ min: -1, max: 2 }), { minLength: arity, maxLength: arity }), { maxLength: 8 }), (tuples, calls) => {
        const moves = new MoveTuples();
        const index = new TupleIndex(arity);
        for (const t of tuples) expect(moves.add(t)).toBe(index.add(t));
        for (const call of calls) {
          let mask = 0;
          call.forEach((id, j) => {
            if (id >= 0) mask |= 1 << j;
          });
          expect(moves.lookupAt(call, mask)).toEqual(index.lookupAt(call, mask));
          expect(moves.lookup(call)).toEqual(index.lookup(call));
        }
      }),
    );
  });

  it("answers the same list each time one tuple matches, the tuples themselves when all do", () => {
    const moves = new MoveTuples();
    moves.add([0, 5]);
    moves.add([1, 6]);
    const white = moves.lookupAt([0, -1], 1);
    expect(white).toEqual([[0, 5]]);
    expect(moves.lookupAt([0, -1], 1)).toBe(white);
    expect(moves.lookupAt([-1, -1], 0)).toBe(moves.tuples);
    expect(moves.lookupAt([2, -1], 1)).toEqual([]);
  });
});
