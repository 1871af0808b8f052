/**
 * The optimized draft's clause layout (`bodiesByHead`): every live clause of each head, in the
 * clauses' order, with its positive and negative literals as in the clause; the dead ones left out.
 */
import { describe, expect, it } from "vitest";
import { normalize, type Normalized } from "../src/propnet/build/normalize.js";
import { foldConstants, liveClauses } from "../src/propnet/build/constants.js";
import { bodiesByHead } from "../src/propnet/build/optimized.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";

/** Each atom's live clauses read through `clausesOf` and the clause arrays: [positive, negative] per clause. */
function byClausesOf(g: Normalized, live: Uint8Array): number[][][][] {
  const { bodyStart, negativeStart, literals } = g.clauses;
  return g.kifs.map((_, a) => {
    const list: number[][][] = [];
    for (let k = g.clausesOf.start[a]; k < g.clausesOf.start[a + 1]; k++) {
      const c = g.clausesOf.items[k];
      if (!live[c]) continue;
      list.push([Array.from(literals.subarray(bodyStart[c], negativeStart[c])), Array.from(literals.subarray(negativeStart[c], bodyStart[c + 1]))]);
    }
    return list;
  });
}

/** The same read from the layout. */
function byLayout(g: Normalized, live: Uint8Array): number[][][][] {
  const { bodies, start } = bodiesByHead(g, live);
  return g.kifs.map((_, a) => {
    const list: number[][][] = [];
    for (let p = start[a]; p < start[a + 1]; ) {
      const positives = p + 2 + bodies[p];
      const negatives = positives + bodies[p + 1];
      list.push([Array.from(bodies.subarray(p + 2, positives)), Array.from(bodies.subarray(positives, negatives))]);
      p = negatives;
    }
    return list;
  });
}

describe("bodiesByHead", () => {
  it("lays out each head's live clauses in order, literals as in the clause, dead clauses left out", () => {
    // `m` can never hold (its one clause reads `k` negated, and `k` always holds): the clauses
    // reading `m` positively cannot fire; heads with several clauses, facts, and negative literals
    const { game, diagnostics } = groundGameFromRules(`
      (role r) (init a) k
      (<= m (not k))
      (<= v (true a) (not (true b)) (does r go))
      (<= v m (true b))
      (<= v (true b) (not m))
      (<= w v (not v) (true a))
      (<= w)
      (<= (legal r go) (true a))
      (<= (legal r go) m)
      (<= (next a) v (not w))
      (<= (next b) w)
      (<= terminal (true b) (not (true a)))
      (<= (goal r 0) (true a))
      (<= (goal r 100) (true b))
    `);
    expect(diagnostics).toEqual([]);
    const g = normalize(game);
    const live = liveClauses(g, foldConstants(g));
    expect(live.some((x) => x === 0)).toBe(true);
    const expected = byClausesOf(g, live);
    expect(expected.some((list) => list.length >= 2)).toBe(true);
    expect(byLayout(g, live)).toEqual(expected);
    // with every clause live, the layout holds every clause
    const all = new Uint8Array(g.clauses.length).fill(1);
    expect(byLayout(g, all)).toEqual(byClausesOf(g, all));
  });
});
