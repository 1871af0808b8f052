/**
 * A cross-check of the prover (top-down with tabling) against a second, naive
 * evaluator (test/support/naive-evaluator.ts). Both must give the same initial state, legal
 * moves, next states, terminal flags and goal values on every state reached breadth-first a
 * few levels deep, on small games chosen for recursion, `or`, `not` and `distinct`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Term } from "../src/syntax/ast.js";
import { Prover, type State } from "../src/prover/prover.js";
import { parseGdl } from "../src/syntax/parse.js";
import { termToKif } from "../src/syntax/print.js";
import { NaiveEvaluator } from "./support/naive-evaluator.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const games = path.resolve(root, "../shared/games");

function sorted(terms: Iterable<Term>): string[] {
  return [...new Set([...terms].map(termToKif))].sort();
}

function crossCheck(file: string, depth: number, maxStates: number): number {
  const { description } = parseGdl(readFileSync(file, "utf8"), file);
  const ref = Prover.fromDescription(description);
  const naive = new NaiveEvaluator(description);
  const roles = naive.roles.map(termToKif);
  expect(ref.roles).toEqual(roles);
  const staticModel = naive.model([], []);
  const init = sorted(staticModel.get("init", 1).map((a) => a[0]));
  expect(ref.initialState()).toEqual(init);

  const parse = (kif: string) => parseGdl(`(x ${kif})`).description.rules[0].head.args[0];
  const seen = new Set<string>([init.join(" ")]);
  let layer: State[] = [init];
  let checked = 0;
  for (let level = 0; level <= depth && layer.length > 0 && checked < maxStates; level++) {
    const nextLayer: State[] = [];
    for (const state of layer) {
      if (checked++ >= maxStates) break;
      const trueFacts = state.map(parse);
      const m = naive.model(trueFacts, []);
      const terminal = m.get("terminal", 0).length > 0;
      expect(ref.isTerminal(state), `terminal in ${state.join(" ")}`).toBe(terminal);
      const goals: Record<string, number[]> = {};
      for (const role of roles) {
        goals[role] = [...new Set(m.get("goal", 2).filter((g) => termToKif(g[0]) === role).map((g) => Number(termToKif(g[1]))))].sort((a, b) => a - b);
      }
      expect(ref.goalValues(state), `goals in ${state.join(" ")}`).toEqual(goals);
      const legal = roles.map((role) => sorted(m.get("legal", 2).filter((l) => termToKif(l[0]) === role).map((l) => l[1])));
      roles.forEach((role, i) => expect(ref.legalMoves(state, role), `legal ${role} in ${state.join(" ")}`).toEqual(legal[i]));
      if (terminal || level === depth) continue;
      // Every joint move (product of the roles' legal moves).
      let joints: string[][] = [[]];
      for (const moves of legal) joints = joints.flatMap((j) => moves.map((mv) => [...j, mv]));
      for (const joint of joints) {
        const withMoves = naive.model(trueFacts, joint.map((mv, i) => [naive.roles[i], parse(mv)]));
        const next = sorted(withMoves.get("next", 1).map((a) => a[0]));
        expect(ref.nextState(state, joint), `next of ${joint.join(" ")} in ${state.join(" ")}`).toEqual(next);
        const k = next.join(" ");
        if (!seen.has(k)) {
          seen.add(k);
          nextLayer.push(next);
        }
      }
    }
    layer = nextLayer;
  }
  return checked;
}

const TESTS = path.join(games, "tests");
const BASE = path.join(games, "base");

describe.skipIf(!existsSync(TESTS))("prover agrees with a naive bottom-up evaluator: test cases", () => {
  if (!existsSync(TESTS)) console.warn(`skipped: ${TESTS} is absent`);
  // test_case_3b and 3e have rules that only a top-down reader can evaluate (unsafe heads).
  const names = [
    "test_case_1a", "test_case_1b", "test_case_2a", "test_case_2b", "test_case_2c", "test_case_3a",
    "test_case_3c", "test_case_3d", "test_case_4a", "test_case_5a", "test_case_5b", "test_case_5c",
    "test_case_5d", "test_case_5e", "test_clean_not_distinct", "test_distinct_beginning_rule", "simpleMutex",
  ];
  for (const name of names) {
    it(name, () => {
      expect(crossCheck(path.join(TESTS, `${name}.kif`), 6, 200)).toBeGreaterThan(0);
    });
  }
  it("ticTacToe, two levels", () => {
    expect(crossCheck(path.join(TESTS, "ticTacToe.kif"), 2, 100)).toBeGreaterThan(10);
  });
});

describe.skipIf(!existsSync(BASE))("prover agrees with a naive bottom-up evaluator: small real games", () => {
  if (!existsSync(BASE)) console.warn(`skipped: ${BASE} is absent`);
  const slice: [string, number, number][] = [
    ["buttons", 4, 60],
    ["nim1", 2, 40],
    ["hanoi", 3, 40],
    ["blocks", 3, 40],
    ["maze", 4, 40],
    ["tictactoe_3player", 1, 20],
    ["connectFourSimultaneous", 1, 12],
    ["gt_prisoner", 2, 10],
  ];
  for (const [name, depth, max] of slice) {
    it(`${name}, ${depth} levels`, () => {
      expect(crossCheck(path.join(BASE, `${name}.kif`), depth, max)).toBeGreaterThan(0);
    });
  }
});
