/**
 * The generated bodies' direct paths (src/prover/plan-code.ts): fully bound calls asked as yes/no
 * questions (`Evaluator.holds`: a depth-first search of a ground component with its clauses' plans
 * gathered per relation, clause-plans.ts; a static relation's kept answers; a table), positive and
 * negated; calls whose answers' values are used nowhere after, asked whether one exists
 * (`Evaluator.exists`, existence.ts); and lookups of relations of facts alone read from tries by
 * term id (fact-trie.ts). They
 * must answer as the compiled plans read by the interpretive loop ("modes") and as the interpretive
 * evaluation (false).
 */
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import type { ProverOptions } from "../src/prover/prover.js";
import { factTrie } from "../src/prover/fact-trie.js";
import { leafRelation } from "../src/prover/existence.js";
import { compileProgram } from "../src/prover/program.js";
import type { FactTrie } from "../src/prover/fact-trie.js";
import { TupleIndex } from "../src/prover/tuple-index.js";
import { parseGdl } from "../src/syntax/parse.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";

const MODES: readonly ProverOptions["compiledPlans"][] = [true, "modes", false];

/**
 * Every kind of fully bound call and of fact lookup with bound positions: `reachable` a ground
 * component (recursion bound, a clause with head constants), `conn` tabled (its left recursion
 * leaves a position free), `same_kind` static with rules; `cell` looked up with one position
 * bound, `piece` with two of three, `kind` with all, `succ` negated with one of two bound; `watch`
 * (facts and a rule, no cycle) asked whether an answer exists, its first position used nowhere
 * after, and fully bound, positive and negated (a leaf: searched at once, not through `holds`); `conn` and `lit` likewise but recursive (tables: a search of `lit` would call itself for ever).
 */
const GAME = `
  (role w)
  (num 1) (num 2) (num 3) (num 4) (num 5)
  (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
  (cell 1 a) (cell 2 b) (cell 3 c) (cell 4 d) (cell 5 a)
  (kind a x) (kind b y) (kind c x) (kind d y)
  (piece 1 a x) (piece 2 b y) (piece 3 c x) (piece 4 d y) (piece 5 a y)
  (init (at 1)) (init (link 1 2)) (init (link 2 3)) (init (blocked 4))
  (<= (same_kind ?p ?q) (kind ?p ?k) (kind ?q ?k))
  (<= (reachable ?x ?y) (succ ?x ?y))
  (<= (reachable ?x ?y) (succ ?x ?z) (not (true (blocked ?z))) (reachable ?z ?y))
  (<= (reachable 3 1) (true (link 2 3)))
  (<= (conn ?x ?y) (true (link ?x ?y)))
  (<= (conn ?x ?y) (conn ?x ?z) (true (link ?z ?y)))
  (watch a 2) (watch b 2)
  (<= (watch ?c ?n) (cell ?n ?c) (true (blocked ?n)))
  (<= (legal w (see ?n)) (num ?n) (cell ?n ?c) (watch ?c ?n))
  (<= (legal w (miss ?n)) (num ?n) (cell ?n ?c) (not (watch ?c ?n)))
  (<= (legal w (look ?n)) (num ?n) (watch ?c ?n))
  (<= (legal w (hop ?n)) (true (at ?n)) (conn ?n ?z))
  (<= (lit ?x) (true (lamp ?x)))
  (<= (lit ?x) (num ?x) (lit ?y) (true (blocked ?x)))
  (<= (legal w shine) (lit ?q))
  (<= (legal w (go ?m)) (true (at ?n)) (num ?m) (reachable ?n ?m) (cell ?m ?c) (not (same_kind ?c b)))
  (<= (legal w (follow ?m)) (true (at ?n)) (num ?m) (conn ?n ?m))
  (<= (legal w (pair ?m)) (true (at ?n)) (cell ?n ?d) (num ?m) (cell ?m ?c) (same_kind ?c ?d) (distinct ?m ?n))
  (<= (legal w (link ?n ?m)) (num ?n) (succ ?n ?m) (not (conn ?n ?m)) (cell ?n ?c) (piece ?n ?c ?k) (kind ?c x))
  (<= (legal w wait) (true (at ?n)) (not (succ ?n ?z)))
  (<= (legal w (skip ?n)) (true (at ?n)) (cell ?n ?c) (not (kind ?c y)))
  (<= (next (at ?m)) (does w (go ?m)))
  (<= (next (at ?m)) (does w (follow ?m)))
  (<= (next (at ?m)) (does w (pair ?m)))
  (<= moved (does w (go ?m)))
  (<= moved (does w (follow ?m)))
  (<= moved (does w (pair ?m)))
  (<= (next (at ?n)) (true (at ?n)) (not moved))
  (<= (next (link ?n ?m)) (does w (link ?n ?m)))
  (<= (next (link ?n ?m)) (true (link ?n ?m)))
  (<= (next (blocked ?n)) (true (blocked ?n)))
  (<= terminal (true (at 5)))
  (<= (goal w 100) (true (at 5)))
  (<= (goal w 0) (not (true (at 5))))
`;

function provers(text: string): Prover[] {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return MODES.map((compiledPlans) => Prover.fromDescription(description, { compiledPlans }));
}

describe("fully bound calls and fact lookups of the generated bodies", () => {
  it("answer as the compiled and the interpretive plans", () => {
    const [generated, ...others] = provers(GAME);
    const state = generated.initialState();
    // at 1: (go 1) round through (reachable 3 1); (go 2) and (go 4) reachable but of b's kind; 5 past the block at 4
    expect(generated.legalMoves(state, "w")).toEqual([
      "(follow 2)",
      "(follow 3)",
      "(go 1)",
      "(go 3)",
      "(hop 1)",
      "(link 3 4)",
      "(look 2)",
      "(look 4)",
      "(miss 1)",
      "(miss 3)",
      "(miss 5)",
      "(pair 3)",
      "(pair 5)",
      "(see 2)",
      "(see 4)",
      "(skip 1)",
    ]);
    // at 3, (reachable 3 1) by the clause with head constants
    const at3 = generated.nextState(state, ["(go 3)"]);
    expect(generated.legalMoves(at3, "w")).toContain("(go 1)");
    for (const other of others) {
      expect(other.legalMoves(state, "w")).toEqual(generated.legalMoves(state, "w"));
      expect(other.legalMoves(at3, "w")).toEqual(generated.legalMoves(at3, "w"));
      for (const [name, arity] of [["reachable", 2], ["conn", 2], ["same_kind", 2], ["watch", 2], ["lit", 1]] as const) {
        expect(other.instances(state, name, arity), name).toEqual(generated.instances(state, name, arity));
      }
      expectSameAlongPlayouts(generated, other, "direct calls", { seed: 34, playouts: 6, steps: 12 });
    }
  });
});

describe("existence searches", () => {
  it("ask the fully bound calls of leaves: state-dependent relations without cycles whose rules read inputs, facts and static relations", () => {
    const program = compileProgram(parseGdl(GAME, "inline.kif").description);
    const leaf = (key: string) => leafRelation(program.relation(key)!);
    expect(leaf("watch/2")).toBe(true);
    expect(leaf("moved/0")).toBe(true);
    expect(leaf("reachable/2")).toBe(false); // recursive
    expect(leaf("same_kind/2")).toBe(false); // static: its answers are kept for the game
    expect(leaf("legal/2")).toBe(false); // reads watch, conn, ...
    expect(leaf("lit/1")).toBe(false);
  });


  it("answer a relation with an unsafe rule as the translation grounds it, in every mode (its variable over the written terms)", () => {
    const text = `(role w) (num 1) (init s) (<= (u ?x ?y) (num ?x)) (<= (legal w (go ?x)) (num ?x) (u ?x ?z)) (next s) (goal w 0) (<= terminal (true t))`;
    const messages = provers(text).map((prover) => {
      try {
        return prover.legalMoves(prover.initialState(), "w").join(" ");
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(messages).toEqual(["(go 1)", "(go 1)", "(go 1)"]);
  });
});

/** The tuples of a trie agreeing with `call` at the positions of `mask`, read as the generated code reads it. */
function readTrie(trie: FactTrie, call: readonly number[], mask: number): readonly number[][] {
  let level: FactTrie | readonly number[][] | undefined = trie;
  for (let j = 0; j < call.length && level !== undefined; j++) if (mask & (1 << j)) level = (level as FactTrie)[call[j]];
  return (level as readonly number[][] | undefined) ?? [];
}

describe("fact tries", () => {
  it("hold the tuples the tuple index finds, for every mask and call, ids past the trie's arrays included", () => {
    const facts = new TupleIndex(3);
    let seed = 7;
    const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    for (let t = 0; t < 60; t++) facts.add([random(6), 10 + random(5), 100 + random(30)]);
    const values = [[0, 1, 2, 3, 4, 5, 6, 50], [10, 11, 12, 13, 14, 15, 2], [100, 110, 129, 130, 99, 1000]];
    for (let mask = 1; mask < 8; mask++) {
      const trie = factTrie(facts, mask)!;
      expect(trie).not.toBeNull();
      expect(factTrie(facts, mask)).toBe(trie); // kept with the facts
      for (const a of values[0]) {
        for (const b of values[1]) {
          for (const c of values[2]) {
            const call = [mask & 1 ? a : -1, mask & 2 ? b : -1, mask & 4 ? c : -1];
            expect(readTrie(trie, call, mask), `${mask} ${call}`).toEqual(facts.lookupAt(call, mask));
          }
        }
      }
    }
  });

  it("are refused where they would be sparse", () => {
    const facts = new TupleIndex(2);
    facts.add([3, 1 << 21]);
    expect(factTrie(facts, 0b10)).toBeNull();
    expect(factTrie(facts, 0b01)).not.toBeNull();
    const wide = new TupleIndex(2);
    for (let t = 0; t < 40; t++) wide.add([t, 500_000 + t]);
    expect(factTrie(wide, 0b11)).toBeNull(); // 40 levels of half a million cells
  });
});
