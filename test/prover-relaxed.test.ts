/**
 * Answers of fully bound calls kept for the whole game: the relaxation that rules calls out in
 * every state (src/prover/relaxed.ts), the byte tables that keep them and the static relations'
 * answers (src/prover/dense-memo.ts); on real games the prover answers as it does without them
 * (`staticAnswers: false`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Prover, type State } from "../src/prover/prover.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";
import { compileProgram, type Program, type Relation } from "../src/prover/program.js";
import { groundCallComponents } from "../src/prover/ground-calls.js";
import { Evaluator } from "../src/prover/evaluator.js";
import { RELAXED_TRIAL_CHECKS, RelaxedCheck } from "../src/prover/relaxed.js";
import { DenseMemo, IMPOSSIBLE, POSSIBLE, UNKNOWN } from "../src/prover/dense-memo.js";
import { parseGdl } from "../src/syntax/parse.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const base = path.resolve(root, "../shared/games/base");

/** A ray along a line of five squares: (clear ?a ?b) when every square strictly between is empty. */
const RAY = `
  (role w)
  (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
  (init (empty 2)) (init (empty 3)) (init (piece 1))
  (<= (clear ?a ?b) (succ ?a ?b))
  (<= (clear ?a ?b) (succ ?a ?c) (true (empty ?c)) (clear ?c ?b))
  (<= (seen ?a ?b) (true (piece ?a)) (clear ?a ?b))
  (<= (guess ?a) (true (piece ?a)) (true (mark ?b)) (succ ?a ?b))
  (<= (reads ?a) (true (cell ?a ?x)))
  (<= (legal w (look ?b)) (true (piece ?a)) (succ ?x ?b) (clear ?a ?b))
  (<= (next (piece ?b)) (does w (look ?b)))
  (<= (next (empty ?c)) (true (empty ?c)))
  (<= terminal (true (piece 5)))
  (goal w 100)
  (<= (goal w 50) (guess 5) (reads 1))
`;

function compiled(text: string): { program: Program; relation: (key: string) => Relation; id: (name: string) => number; check: RelaxedCheck } {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics).toEqual([]);
  const program = compileProgram(description);
  const statics = new Evaluator(program, undefined, 0, false);
  const check = new RelaxedCheck(program, groundCallComponents(program), (r, call) => statics.query(r, call, null, null));
  return {
    program,
    relation: (key) => program.relation(key)!,
    id: (name) => program.store.constant(name),
    check,
  };
}

describe("the relaxation of fully bound calls", () => {
  it("rules out the calls that hold in no state and keeps those that may", () => {
    const { relation, id, check } = compiled(RAY);
    const clear = relation("clear/2");
    // Backwards along the ray: whatever the empty squares, no proof.
    expect(check.possible(clear, [id("3"), id("1")])).toBe(false);
    expect(check.possible(clear, [id("2"), id("2")])).toBe(false);
    // Forwards: possible when the squares between are empty (the state decides).
    expect(check.possible(clear, [id("1"), id("5")])).toBe(true);
    expect(check.possible(clear, [id("4"), id("5")])).toBe(true);
    // Asked again: the same answer, now from the byte table.
    expect(check.possible(clear, [id("3"), id("1")])).toBe(false);
    expect(check.possible(clear, [id("1"), id("5")])).toBe(true);
  });

  it("counts a state literal that would bind a variable as possible (it cannot decide there)", () => {
    const { relation, id, check } = compiled(RAY);
    // (true (mark ?b)) binds ?b before succ could rule the call out: undecided, so possible.
    expect(check.possible(relation("guess/1"), [id("5")])).toBe(true);
    expect(check.possible(relation("reads/1"), [id("1")])).toBe(true);
  });

  it("stops checking a relation whose first RELAXED_TRIAL_CHECKS checks ruled out fewer than one in a hundred", () => {
    const { relation, id, check } = compiled(RAY);
    const clear = relation("clear/2");
    const guess = relation("guess/1");
    // guess is never ruled out (undecided: possible); clear backwards always is
    for (let k = 0; k < RELAXED_TRIAL_CHECKS; k++) {
      expect(check.possible(guess, [id("5")])).toBe(true);
      expect(check.possible(clear, [id("3"), id("1")])).toBe(false);
    }
    expect(check.checking(guess)).toBe(false);
    expect(check.checking(clear)).toBe(true);
    expect(check.possible(clear, [id("3"), id("1")])).toBe(false);
    expect(check.possible(guess, [id("5")])).toBe(true);
  });

  it("answers as the prover that asks every call, along playouts of the ray game", () => {
    const { description } = parseGdl(RAY, "inline.kif");
    const kept = Prover.fromDescription(description);
    const asked = Prover.fromDescription(description, { staticAnswers: false });
    let state: State = kept.initialState();
    for (let step = 0; step < 6 && !kept.isTerminal(state); step++) {
      const moves = kept.legalMoves(state, "w");
      expect(asked.legalMoves(state, "w")).toEqual(moves);
      const next = kept.nextState(state, [moves[0]]);
      expect(asked.nextState(state, [moves[0]])).toEqual(next);
      state = next;
    }
  });
});

describe("DenseMemo", () => {
  it("keeps each call's answer apart and gives no cell past the largest radix", () => {
    const memo = new DenseMemo(2);
    expect(memo.set([7, 7], POSSIBLE)).toBe(true);
    expect(memo.set([7, 9], IMPOSSIBLE)).toBe(true);
    expect(memo.get([7, 7])).toBe(POSSIBLE);
    expect(memo.get([7, 9])).toBe(IMPOSSIBLE);
    expect(memo.get([9, 7])).toBe(UNKNOWN);
    // A term id beyond the first table of codes grows it.
    expect(memo.get([100_000, 7])).toBe(UNKNOWN);
    // A unary relation numbers at most 256 values; the 257th has no cell.
    const unary = new DenseMemo(1);
    for (let v = 0; v < 256; v++) expect(unary.set([v], v % 2 === 0 ? POSSIBLE : IMPOSSIBLE)).toBe(true);
    expect(unary.get([256])).toBe(-1);
    expect(unary.set([256], POSSIBLE)).toBe(false);
    for (let v = 0; v < 256; v++) expect(unary.get([v])).toBe(v % 2 === 0 ? POSSIBLE : IMPOSSIBLE);
  });

  it("sizes its table to the values met, keeping what it knew when it grows", () => {
    // Arity 3 allows 128 values per position (2 M two-bit cells, 512 KiB); a relation that meets a few has a small table.
    const memo = new DenseMemo(3);
    memo.set([1, 2, 3], POSSIBLE);
    expect(memo.size).toBeLessThanOrEqual(64);
    const answer = (a: number, b: number, c: number) => ((a * 7 + b * 3 + c) % 3 === 0 ? POSSIBLE : IMPOSSIBLE);
    for (let a = 10; a < 30; a++) for (let b = 40; b < 50; b++) for (let c = 60; c < 63; c++) memo.set([a, b, c], answer(a, b, c));
    expect(memo.size).toBe(32 ** 3);
    expect(memo.get([1, 2, 3])).toBe(POSSIBLE);
    for (let a = 10; a < 30; a++) for (let b = 40; b < 50; b++) for (let c = 60; c < 63; c++) expect(memo.get([a, b, c])).toBe(answer(a, b, c));
    expect(memo.get([10, 40, 3])).toBe(UNKNOWN);
    // Past the largest radix (128 values in a position): no cell, the rest kept.
    for (let a = 100; a < 300; a++) memo.get([a, 2, 3]);
    expect(memo.size).toBe(128 ** 3);
    expect(memo.get([500, 2, 3])).toBe(-1);
    expect(memo.get([1, 2, 3])).toBe(POSSIBLE);
    expect(memo.get([29, 49, 62])).toBe(answer(29, 49, 62));
  });

  it("answers static calls past the radix as the prover without the tables", () => {
    // 300 values of a unary static relation, asked fully bound from a state-dependent rule.
    const values = Array.from({ length: 300 }, (_, i) => `v${i}`);
    const text = `
      (role w) (init (at v0))
      ${values.map((v, i) => `(val ${v}) ${i % 3 === 0 ? `(odd ${v})` : ""}`).join(" ")}
      (<= (ok ?x) (val ?x) (not (odd ?x)))
      (<= (legal w (go ?x)) (true (at ?y)) (val ?x) (ok ?x) (distinct ?x ?y))
      (<= (next (at ?x)) (does w (go ?x)))
      (<= terminal (true (at v299)))
      (goal w 100)
    `;
    const { description } = parseGdl(text, "inline.kif");
    const kept = Prover.fromDescription(description);
    const asked = Prover.fromDescription(description, { staticAnswers: false });
    const state = kept.initialState();
    const moves = kept.legalMoves(state, "w");
    expect(moves).toEqual(asked.legalMoves(state, "w"));
    expect(moves.length).toBe(200);
    // Asked again in the next state: from the byte table (and past it, the tables) alike.
    const next = kept.nextState(state, ["(go v1)"]);
    expect(kept.legalMoves(next, "w")).toEqual(asked.legalMoves(next, "w"));
  });
});

const GAMES = ["chess", "alexChess", "slaughter", "checkers", "breakthrough", "hex", "pentago", "connectFour", "sudoku", "laikLee_hex"];
describe("on real games", () => {
  it.skipIf(!existsSync(base))("answers as the prover without the kept answers, along seeded random playouts", () => {
    for (const game of GAMES) {
      const file = path.join(base, `${game}.kif`);
      const description = parseGdl(readFileSync(file, "utf8"), file).description;
      const kept = Prover.fromDescription(description);
      const asked = Prover.fromDescription(description, { staticAnswers: false });
      expectSameAlongPlayouts(kept, asked, game, { seed: 4242, playouts: 2, steps: 15 });
    }
  });
});
