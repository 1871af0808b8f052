/**
 * The fast engine (src/propnet/fast/) against the reference engine
 * (src/propnet/reference-machine.ts) on real games: seeded random playouts compared step by step
 * (state, every role's legal moves, terminal, goals), the allocation-free calls against the
 * allocating ones, perft in place against perft with copies, with guards as measured, on every
 * AND gate, and none. No timing here: speed lives in `npm run bench:reasoning`.
 *
 * And the machine itself: every typed array, scalar and stat of the machines of a few corpus/
 * games, compiled and then played (flat MC and perft), equal test/fixtures/fast-machine-arrays.json,
 * which the engine before its split into passes (main at 6ffde40) wrote. A change meant to
 * change the machine regenerates it: `npm run build && npm run compare:fast -- --write-fixture
 * test/fixtures/fast-machine-arrays.json` (scripts/compare-fast-engine.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { groundAndBuild } from "../src/pipeline.js";
import { loadFile } from "../src/node-pipeline.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { compileStateMachine, type PropnetStateMachine } from "../src/propnet/reference-machine.js";
import { FastStateMachine } from "../src/propnet/fast/machine.js";
import { compileMachine, fastEngineFallbackReason } from "../src/propnet/compile-machine.js";
import { isCompileError, type GameStateMachine, type StateHandle } from "../src/propnet/machine.js";
import type { Propnet } from "../src/propnet/propnet.js";
import { mulberry32, perftCounts, perftCountsInPlace } from "../src/propnet/search.js";
import { propnetKifReasoner } from "../src/verify/reasoners.js";
import { compareRandomPlayouts, describeMismatch } from "../src/verify/compare.js";
import { buildPropnet } from "../src/propnet/build.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { compareWithGroundClauses } from "./support/ground-clause-evaluator.js";
import { fixtureOf } from "../scripts/compare-fast-engine.js";
import { createdGrounder } from "./support/grounder.js";

const BASE = path.resolve(__dirname, "../../shared/games/base");
const present = existsSync(BASE);

// tictactoe, connect four, breakthrough (Table 2 games), a simultaneous-move game, one with
// many roles, and cubicup_3player (cycles without a transition: the reference engine runs it)
const SLICE = ["ticTacToe", "connectFour", "breakthrough", "connectFourSimultaneous", "chickentictactoe", "blocksWorld", "pawnWhopping", "cubicup_3player"];

let grounder: ClosableGrounder;
beforeAll(async () => {
  const g = await createdGrounder("wasm");
  grounder = g;
});
afterAll(async () => {
  await grounder?.close();
});

async function propnetOf(name: string): Promise<Propnet> {
  const loaded = loadFile(path.join(BASE, `${name}.kif`));
  const result = await groundAndBuild(loaded, { grounder, timeoutSeconds: 120 });
  if (!result.propnet) throw new Error(`${name}: ${result.status}`);
  return result.propnet;
}

function reference(p: Propnet): PropnetStateMachine {
  const sm = compileStateMachine(p, { cycles: "fixpoint" });
  if (isCompileError(sm)) throw new Error(sm.message);
  return sm;
}

/** Random playouts on index level: states, sorted legal sets (allocating and into a buffer), terminal, goals. */
function compareIndexLevel(a: GameStateMachine, b: GameStateMachine, playouts: number, seed: number): number {
  const rng = mulberry32(seed);
  const buffer = new Int32Array(Math.max(1, ...a.roles.map((_, r) => b.maxLegalMoves(r))));
  const out = new Uint32Array(b.stateWords);
  let states = 0;
  for (let p = 0; p < playouts; p++) {
    let sa = a.initialState();
    let sb = b.initialState();
    for (let step = 0; step < 200; step++) {
      states++;
      expect(Array.from(sb)).toEqual(Array.from(sa));
      expect(b.isTerminal(sb)).toBe(a.isTerminal(sa));
      expect(b.goals(sb)).toEqual(a.goals(sa));
      if (a.isTerminal(sa)) break;
      const joint: number[] = [];
      for (let r = 0; r < a.roles.length; r++) {
        const legal = a.legalMoves(sa, r);
        expect(b.legalMoves(sb, r)).toEqual(legal);
        const n = b.legalMovesInto(sb, r, buffer);
        expect([...new Set(buffer.subarray(0, n))].sort((x, y) => x - y)).toEqual(legal);
        if (legal.length === 0) break;
        joint.push(legal[Math.floor(rng() * legal.length)]);
      }
      if (joint.length < a.roles.length) break;
      b.nextStateInto(sb, joint, out);
      sa = a.nextState(sa, joint);
      sb = b.nextState(sb, joint);
      expect(Array.from(out)).toEqual(Array.from(sb));
    }
  }
  return states;
}

/** Flat Monte-Carlo's states visited over the interface (the loop `randomPlayoutNodes` runs inside the engine). */
function genericPlayoutNodes(sm: GameStateMachine, playouts: number, rng: () => number, maxSteps: number): number {
  const legal = new Int32Array(Math.max(1, ...sm.roles.map((_, r) => sm.maxLegalMoves(r))));
  const joint = new Int32Array(sm.roles.length);
  let a = sm.initialState();
  let b: StateHandle = a.slice();
  let nodes = 0;
  for (let p = 0; p < playouts; p++) {
    a.set(sm.initialState());
    for (let step = 0; step < maxSteps; step++) {
      nodes++;
      if (sm.isTerminal(a)) break;
      let stuck = false;
      for (let r = 0; r < sm.roles.length && !stuck; r++) {
        const count = sm.legalMovesInto(a, r, legal);
        if (count === 0) stuck = true;
        else joint[r] = legal[Math.floor(rng() * count)];
      }
      if (stuck) break;
      sm.nextStateInto(a, joint, b);
      [a, b] = [b, a];
    }
  }
  return nodes;
}

describe("the fast engine's machines", () => {
  it("equal the fixture on corpus games: every array and stat, compiled and after playouts and perft, under four option sets", async () => {
    const expected = JSON.parse(readFileSync(path.resolve(__dirname, "fixtures/fast-machine-arrays.json"), "utf8")) as Record<string, unknown>;
    const actual = await fixtureOf({ FastStateMachine }, grounder);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    for (const game of Object.keys(expected)) expect(withoutGdl2Fields(actual[game], game), game).toEqual(expected[game]);
  });
});

/**
 * The fixture was written before the engine read GDL-II; the fields added for it (the random role, the
 * sees propositions' slots) are checked to hold nothing on these GDL games and then left out, so every
 * field the fixture has is still compared.
 */
const GDL2_FIELDS: Record<string, (value: unknown) => boolean> = {
  randomRole: (v) => v === "undefined",
  seesSlot: (v) => typeof v === "string" && v.startsWith("Int32Array 0 "),
  seesStart: (v) => typeof v === "string" && v.startsWith("Int32Array "),
};

function withoutGdl2Fields(value: unknown, where: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutGdl2Fields(v, where));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const holdsNothing = GDL2_FIELDS[key];
    if (holdsNothing) {
      expect(holdsNothing(v), `${where}: ${key} = ${String(v)}`).toBe(true);
      continue;
    }
    out[key] = withoutGdl2Fields(v, where);
  }
  return out;
}

describe("the fixture's GDL-II fields", () => {
  it("are told apart from the rest", () => {
    expect(() => withoutGdl2Fields({ randomRole: "3" }, "a GDL-II game")).toThrow(/randomRole/);
    expect(withoutGdl2Fields([{ seesSlot: "Int32Array 0 x", maxPush: "5" }], "g")).toEqual([{ maxPush: "5" }]);
  });
});

describe("the fast engine on a tictactoe propnet built from rules", () => {
  it("agrees with the reference engine, with guards and without", () => {
    const p = buildPropnet(groundGameFromRules(groundTictactoeKif()).game);
    const ref = reference(p);
    for (const guards of ["none", "all", "auto"] as const) {
      const fast = new FastStateMachine(p, { guards });
      expect(fast.stats.guards > 0).toBe(guards !== "none");
      expect(compareIndexLevel(ref, fast, 20, 3)).toBeGreaterThan(100);
      expect(perftCountsInPlace(fast, 4)).toEqual(perftCounts(ref, 4));
    }
  });
});

describe("ANDs and ORs of NOTs counting the NOTs' inputs (De Morgan)", () => {
  // an AND of NOTs, an OR of NOTs, a NOT that something else reads too (kept), NOTs of moves
  const kif = `
    (role r) (role s)
    (init f0) (init f2)
    (<= (legal r a) (true f0)) (<= (legal r b) (not (true f0))) (<= (legal r c) (v1))
    (legal s n) (<= (legal s m) (v2))
    (<= (v1) (not (true f1)) (not (true f2)))
    (<= (v2) (not (true f0))) (<= (v2) (not (true f3)))
    (<= (v3) (not (v1)) (not (v2)))
    (<= (next f0) (does r b)) (<= (next f0) (not (does r c)) (not (does s m)))
    (<= (next f1) (v3)) (<= (next f1) (not (true f1)) (true f0))
    (<= (next f2) (not (true f2))) (<= (next f3) (v1))
    (<= terminal (not (v3)) (true f1) (true f3))
    (<= (goal r 100) (v2)) (<= (goal r 0) (not (v2))) (goal s 50)`;

  it("agree with direct evaluation, with and without", () => {
    const { game, diagnostics } = groundGameFromRules(kif);
    expect(diagnostics).toEqual([]);
    for (const optimize of [true, false]) {
      const p = buildPropnet(game, { optimize });
      const rewritten = new FastStateMachine(p);
      expect(rewritten.stats.deMorganGates).toBeGreaterThan(1);
      const plain = new FastStateMachine(p, { deMorgan: false });
      expect(plain.stats.deMorganGates).toBe(0);
      for (const sm of [rewritten, plain, new FastStateMachine(p, { guards: "all" })])
        expect(compareWithGroundClauses(game, sm, { seed: 5, games: 20, maxSteps: 30 })).toBeUndefined();
      expect(perftCountsInPlace(rewritten, 5)).toEqual(perftCounts(reference(p), 5));
    }
  });
});

describe.skipIf(!present)("the fast engine against the reference engine on real games", () => {
  for (const name of SLICE)
    it(name, async () => {
      const p = await propnetOf(name);
      const ref = reference(p);
      const fallback = fastEngineFallbackReason(p);
      const machine = compileMachine(p, { engine: "fast" });
      if (isCompileError(machine)) throw new Error(machine.message);
      if (name === "cubicup_3player") {
        expect(fallback).toMatch(/cycles/);
        expect(machine.engine).toBe("reference");
        return;
      }
      expect(fallback).toBeUndefined();
      expect(machine.engine).toBe("fast");
      // breakthrough's frame rules read ORs of most moves: counted by their complements
      if (name === "breakthrough") expect((machine as FastStateMachine).stats.complementedOrs).toBeGreaterThan(32);
      // connect four's open cell is the AND of two NOTs of cells: it counts the cells
      if (name === "connectFour") expect((machine as FastStateMachine).stats.deMorganGates).toBeGreaterThan(40);
      // connect four's lines of four: ANDs of two cells and of an AND of two cells only they read
      if (name === "connectFour") expect((machine as FastStateMachine).stats.flattenedGates).toBeGreaterThan(100);
      // KIF level, with the comparison of `npm run verify`
      const result = compareRandomPlayouts(propnetKifReasoner(ref), propnetKifReasoner(machine), { playouts: 5, seed: 11, maxSteps: 150 });
      expect(result.mismatch ? describeMismatch(result.mismatch) : "").toBe("");
      // index level, reusing one machine across playouts (incremental state kept between them)
      expect(compareIndexLevel(ref, machine, 5, 5)).toBeGreaterThan(5);
      const depth = name === "breakthrough" || name === "pawnWhopping" ? 2 : 3;
      expect(perftCountsInPlace(machine, depth)).toEqual(perftCounts(ref, depth));
      // every AND gate guarded (guards on gates, inputs and bases), no guards, no De Morgan
      for (const options of [{ guards: "all" }, { guards: "none" }, { deMorgan: false }, { flatten: false }] as const) {
        const other = new FastStateMachine(p, options);
        expect(compareIndexLevel(ref, other, 3, 9)).toBeGreaterThan(5);
        expect(perftCountsInPlace(other, depth)).toEqual(perftCounts(ref, depth));
      }
      // the engine's own loops, moves unset before a state is loaded and left set
      for (const clearMoves of [true, false]) {
        // (legal moves come in an order that depends on the machine's history: two fresh machines)
        const own = new FastStateMachine(p, { clearMoves, restore: false });
        const generic = new FastStateMachine(p, { clearMoves, restore: false });
        for (const seed of [1, 2, 3]) expect(own.randomPlayoutNodes(4, mulberry32(seed), 300)).toBe(genericPlayoutNodes(generic, 4, mulberry32(seed), 300));
        expect(own.perftInPlace(depth)).toEqual(perftCounts(ref, depth));
        // playouts started from a snapshot of the initial state (the legal moves' order is the
        // snapshot's): the machine stays consistent through them, and after them
        const restored = new FastStateMachine(p, { clearMoves, restore: true });
        for (const seed of [1, 2, 3]) expect(restored.randomPlayoutNodes(4, mulberry32(seed), 300)).toBeGreaterThan(4);
        expect(compareIndexLevel(ref, restored, 2, 13)).toBeGreaterThan(5);
        expect(restored.perftInPlace(depth)).toEqual(perftCounts(ref, depth));
        restored.randomPlayoutNodes(2, mulberry32(4), 300);
        expect(compareIndexLevel(ref, restored, 2, 17)).toBeGreaterThan(5);
      }
    }, 120_000);
});
