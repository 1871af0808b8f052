/**
 * Real games end to end: parse, ground with clingo-wasm, extract, build the propnet, check its
 * invariants, compile the state machine, and compare it with the non-ground reference
 * evaluator on the original rules (breadth-first a few levels, then seeded random playouts).
 * A representative slice by default; PROPNET_GAMES=a,b,c (names without .kif) or
 * PROPNET_GAMES=all runs others (slow: for exploration, not for CI).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { groundDescription } from "../src/pipeline.js";
import { loadFile } from "../src/node-pipeline.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { Prover } from "../src/prover/prover.js";
import { propnetKifReasoner, proverKifReasoner } from "../src/verify/reasoners.js";
import { compareBreadthFirst, compareRandomPlayouts, describeMismatch } from "../src/verify/compare.js";
import { buildPropnet } from "../src/propnet/build.js";
import { checkPropnetInvariants } from "../src/propnet/invariants.js";
import { compileStateMachine, type PropnetStateMachine } from "../src/propnet/reference-machine.js";
import { isCompileError } from "../src/propnet/machine.js";
import { mulberry32, randomPlayout } from "../src/propnet/search.js";
import { createdGrounder } from "./support/grounder.js";

const ROOT = path.resolve(__dirname, "..");
const GAMES = path.resolve(ROOT, "../shared/games");
const present = existsSync(path.join(GAMES, "base"));

const SLICE = [
  "base/ticTacToe",
  "base/connectFour",
  "base/nim1",
  "base/blocksWorld",
  "base/hanoi",
  "base/buttons",
  "base/roshambo2",
  "base/coins",
  "base/troublemaker01",
  "base/maze",
  "base/cubicup_3player", // recursive rules: cycles without a transition, evaluated as fixpoints
  "base/atariGoVariant_7x7", // the same
  "tests/test_case_3b",
  "tests/test_case_5a",
];

function selected(): string[] {
  const env = process.env.PROPNET_GAMES;
  if (!env) return SLICE;
  if (env === "all")
    return ["base", "tests"].flatMap((dir) =>
      readdirSync(path.join(GAMES, dir))
        .filter((f) => f.endsWith(".kif"))
        .map((f) => `${dir}/${f.slice(0, -4)}`),
    );
  return env.split(",").map((name) => (name.includes("/") ? name : `base/${name}`));
}



let grounder: ClosableGrounder;
beforeAll(async () => {
  if (!present) return;
  const g = await createdGrounder("wasm");
  grounder = g;
});
afterAll(async () => grounder?.close());

describe.skipIf(!present)("propnet state machine = prover on real games", () => {
  if (!present) console.warn(`skipped: ${GAMES} is absent`);
  for (const name of selected()) {
    it(name, { timeout: 120_000 }, async (context) => {
      const loaded = loadFile(path.join(GAMES, `${name}.kif`));
      if (!loaded.description) return context.skip("invalid game"); // the checker's business
      const grounded = await groundDescription(loaded, { grounder, timeoutSeconds: 60 });
      if (grounded.status !== "ok") return context.skip(`not grounded: ${grounded.status}`);
      const propnet = buildPropnet(grounded.game!);
      // cycles are allowed here (compiled as fixpoints below); they are named in propnet.cycles
      const problems = checkPropnetInvariants(propnet).filter((m) => !(propnet.cycles.length > 0 && m.startsWith("cycle without a transition")));
      expect(problems).toEqual([]);
      if (name.endsWith("atariGoVariant_7x7")) expect(propnet.cycles.length).toBeGreaterThan(0);
      const reference = proverKifReasoner(Prover.fromDescription(loaded.description));
      let sm: PropnetStateMachine | undefined;
      for (const evaluation of ["differential", "full"] as const) {
        const compiled = compileStateMachine(propnet, { cycles: "fixpoint", evaluation });
        if (isCompileError(compiled)) throw new Error(compiled.message);
        sm = compiled;
        const ours = propnetKifReasoner(compiled);
        // breadth-first expands every joint move of a state: only where there are few
        const s0 = compiled.initialState();
        const jointMoves = compiled.roles.reduce((product, _, r) => product * Math.max(1, compiled.legalMoves(s0, r).length), 1);
        if (jointMoves <= 10_000) {
          const bfs = compareBreadthFirst(reference, ours, { depth: 2, maxStates: 200 });
          expect(bfs.mismatch && describeMismatch(bfs.mismatch)).toBeUndefined();
        }
        const random = compareRandomPlayouts(reference, ours, { playouts: 2, seed: 5, maxSteps: 100 });
        expect(random.mismatch && describeMismatch(random.mismatch)).toBeUndefined();
      }
      if (!sm) return;
      // the fast path agrees with itself: deterministic for a seed
      const a = randomPlayout(sm, mulberry32(9), { maxSteps: 300 });
      const b = randomPlayout(sm, mulberry32(9), { maxSteps: 300 });
      expect(sm.stateToKif(a.state)).toEqual(sm.stateToKif(b.state));
    });
  }
});
