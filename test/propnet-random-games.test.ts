/**
 * Random small ground games (acyclic, with negation, facts, constants that never hold,
 * duplicate clauses, does in next rules only): every build and evaluation agrees with a direct
 * evaluation of the ground clauses. This exercises constant folding, gate merging, factoring
 * and both evaluations on shapes no hand-made game has.
 */
import { describe, expect, it } from "vitest";
import { buildPropnet } from "../src/propnet/build.js";
import { FastStateMachine } from "../src/propnet/fast/machine.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { compareWithGroundClauses } from "./support/ground-clause-evaluator.js";
import { checkPropnetInvariants } from "../src/propnet/invariants.js";
import { mulberry32, randomInt, type Rng } from "../src/propnet/search.js";
import { compileStateMachine } from "../src/propnet/reference-machine.js";
import { isCompileError } from "../src/propnet/machine.js";

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[randomInt(rng, items.length)];
}

/** KIF of a random ground game: 2 roles, 6 fluents, 3 moves each, layered views. */
function randomGameKif(seed: number): string {
  const rng = mulberry32(seed);
  const roles = ["r", "s"];
  const fluents = ["f0", "f1", "f2", "f3", "f4", "f5"];
  const moves = ["m0", "m1", "m2"];
  const out: string[] = roles.map((r) => `(role ${r})`);
  for (const f of fluents) if (rng() < 0.5) out.push(`(init ${f})`);
  out.push("(fact1)");
  if (rng() < 0.5) out.push("(<= (init f5) (fact1))");
  const stateViews: string[] = [];
  const literal = (pool: string[]) => (rng() < 0.3 ? `(not ${pick(rng, pool)})` : pick(rng, pool));
  const body = (pool: string[], max: number) => Array.from({ length: randomInt(rng, max + 1) }, () => literal(pool)).join(" ");
  const statePool = () => [...fluents.map((f) => `(true ${f})`), ...stateViews, "(fact1)", "(never1)"];
  for (let i = 0; i < 8; i++) {
    const view = `(v${i})`;
    const pool = statePool();
    for (let c = 1 + randomInt(rng, 3); c > 0; c--) out.push(`(<= ${view} ${body(pool, 3)})`);
    stateViews.push(view);
  }
  const movePool = [...statePool(), ...roles.flatMap((r) => moves.map((m) => `(does ${r} ${m})`))];
  for (const f of fluents) for (let c = randomInt(rng, 4); c > 0; c--) out.push(`(<= (next ${f}) ${body(movePool, 3)})`);
  if (rng() < 0.2) out.push("(next f0)");
  for (const r of roles) {
    out.push(`(legal ${r} m0)`);
    for (const m of moves.slice(1)) out.push(`(<= (legal ${r} ${m}) ${body(statePool(), 2)})`);
    out.push(`(<= (goal ${r} 100) ${body(statePool(), 2)})`, `(<= (goal ${r} 0) ${body(statePool(), 2)})`);
  }
  out.push(`(<= terminal ${body(statePool(), 2)})`);
  return out.join("\n");
}

describe("random ground games: propnet state machines = direct evaluation", () => {
  it("200 games, optimized and not, differential, full and the fast engine", () => {
    let compared = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { game, diagnostics } = groundGameFromRules(randomGameKif(seed));
      expect(diagnostics).toEqual([]);
      for (const optimize of [true, false]) {
        const p = buildPropnet(game, { optimize });
        expect(checkPropnetInvariants(p), `seed ${seed}`).toEqual([]);
        for (const evaluation of ["differential", "full"] as const) {
          const sm = compileStateMachine(p, { evaluation });
          if (isCompileError(sm)) throw new Error(`seed ${seed}: ${sm.message}`);
          const mismatch = compareWithGroundClauses(game, sm, { seed, games: 3, maxSteps: 12 });
          expect(mismatch, `seed ${seed}, optimize ${optimize}, ${evaluation}`).toBeUndefined();
          compared++;
        }
        const fast = new FastStateMachine(p);
        const mismatch = compareWithGroundClauses(game, fast, { seed, games: 3, maxSteps: 12 });
        expect(mismatch, `seed ${seed}, optimize ${optimize}, fast engine`).toBeUndefined();
        compared++;
      }
    }
    expect(compared).toBe(1200);
  });
});
