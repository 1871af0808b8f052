/**
 * The build's passes on their own: the gate table (stored hashes, then rows rewritten in place),
 * gate merging's single pass over an acyclic walk, normalize's input moves in any order.
 */
import { describe, expect, it } from "vitest";
import { list } from "./support/draft-helpers.js";
import { Draft } from "../src/propnet/build/draft.js";
import { gateHash, GateTable, type GateRows } from "../src/propnet/build/gate-table.js";
import { AND, BASE, LEGAL, OR, VIEW } from "../src/propnet/build/kinds.js";
import { mergeGates } from "../src/propnet/build/merge.js";
import { normalize } from "../src/propnet/build/normalize.js";
import { Representatives } from "../src/propnet/build/representatives.js";
import type { GroundGame } from "../src/ground/ground-game.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";

describe("GateTable", () => {
  /** Rows of three gates in one pool: 0 = and(1, 2), 1 = or(1, 2), 2 = and(1, 3). */
  const rows = () => ({
    kind: Uint8Array.from([AND, OR, AND]),
    start: Int32Array.from([0, 2, 4]),
    count: Int32Array.from([2, 2, 2]),
    pool: Int32Array.from([1, 2, 1, 2, 1, 3]),
  });
  const put = (table: GateTable, r: GateRows, id: number) => {
    const hash = gateHash(r.kind[id], r.pool, r.start[id], r.count[id]);
    const found = table.find(r, r.kind[id], r.pool, r.start[id], r.count[id], hash);
    expect(found).toBeLessThan(0);
    table.insertAt(r, found, id, hash);
  };
  const lookup = (table: GateTable, r: GateRows, kind: number, inputs: number[]) => {
    const row = Int32Array.from(inputs);
    return table.find(r, kind, row, 0, row.length, gateHash(kind, row, 0, row.length));
  };

  /** n gates, gate i = and(i, second(i)). */
  const andRows = (n: number, second: (i: number) => number) => ({
    kind: new Uint8Array(n).fill(AND),
    start: Int32Array.from({ length: n }, (_, i) => 2 * i),
    count: new Int32Array(n).fill(2),
    pool: Int32Array.from({ length: 2 * n }, (_, k) => (k % 2 === 0 ? k / 2 : second((k - 1) / 2))),
  });

  it("finds a gate by kind and inputs, and tells an absent one", () => {
    const r = rows();
    const table = new GateTable();
    for (const id of [0, 1, 2]) put(table, r, id);
    expect(lookup(table, r, AND, [1, 2])).toBe(0);
    expect(lookup(table, r, OR, [1, 2])).toBe(1);
    expect(lookup(table, r, AND, [1, 3])).toBe(2);
    expect(lookup(table, r, AND, [2, 3])).toBeLessThan(0);
    expect(lookup(table, r, AND, [1])).toBeLessThan(0);
  });

  it("keeps finding every gate through its growth", () => {
    const n = 5000;
    const r = andRows(n, (i) => (2 * i + 1) * 7 + 1);
    const table = new GateTable();
    for (let id = 0; id < n; id++) put(table, r, id);
    for (let id = 0; id < n; id++) expect(lookup(table, r, AND, [id, (2 * id + 1) * 7 + 1])).toBe(id);
  });

  it("once rows are rewritten, puts a gate back by its row as it is now when it grows", () => {
    const n = 3000;
    const r = andRows(n, (i) => 10000 + i);
    const table = new GateTable();
    for (let id = 0; id < 3; id++) put(table, r, id);
    table.rowsRewritten();
    // gate 2 now reads (2, 20000): the growths below put it where that row belongs
    r.pool[5] = 20000;
    for (let id = 3; id < n; id++) put(table, r, id);
    expect(lookup(table, r, AND, [2, 20000])).toBe(2);
    expect(lookup(table, r, AND, [2, 10002])).toBeLessThan(0);
    expect(lookup(table, r, AND, [2999, 12999])).toBe(2999);
  });
});

describe("mergeGates", () => {
  /** Each component's representative, for every component of the draft. */
  const representatives = (d: Draft, reps: Representatives) => Array.from({ length: d.size }, (_, v) => reps.find(v));

  it("leaves nothing for a second call on an acyclic draft (one pass was enough)", () => {
    const d = new Draft();
    const a = d.add(BASE, "(true a)", 1);
    const b = d.add(BASE, "(true b)", 1);
    const c = d.add(BASE, "(true c)", 1);
    // two views of the same AND, then gates over the views that are equal once the views are seen through
    const and1 = d.gate(AND, list(a, b));
    const view1 = d.add(VIEW, "v1", 1);
    d.setInput(view1, and1);
    const view2 = d.add(VIEW, "v2", 1);
    const and2 = d.gate(AND, list(b, a, a));
    d.setInput(view2, and2);
    const or1 = d.gate(OR, list(view1, c));
    const or2 = d.gate(OR, list(c, view2));
    const top = d.gate(AND, list(or1, or2, d.not(d.not(c))));
    const legal = d.add(LEGAL, "(legal r x)", 1);
    d.setInput(legal, top);
    const reps = new Representatives(d, Int32Array.from([a, b, c, legal]));
    mergeGates(d, reps);
    expect(reps.acyclic).toBe(true);
    const once = representatives(d, reps);
    expect(once[or2]).toBe(once[or1]);
    expect(once[top]).toBe(top);
    // the AND now reads the OR once, and c itself rather than not(not(c))
    expect(Array.from(d.pool.subarray(d.start[top], d.start[top] + d.count[top])).sort()).toEqual([c, once[or1]].sort());
    mergeGates(d, reps);
    expect(representatives(d, reps)).toEqual(once);
  });

  it("takes more passes when a cycle runs through the gates, and ends canonical", () => {
    const d = new Draft();
    const a = d.add(BASE, "(true a)", 1);
    const view = d.add(VIEW, "v", 1);
    const or1 = d.gate(OR, list(a, view));
    const or2 = d.gate(OR, list(view, a));
    const and1 = d.gate(AND, list(or1, or2));
    d.setInput(view, and1);
    const legal = d.add(LEGAL, "(legal r x)", 1);
    d.setInput(legal, and1);
    const reps = new Representatives(d, Int32Array.from([a, legal]));
    mergeGates(d, reps);
    expect(reps.acyclic).toBe(false);
    const once = representatives(d, reps);
    mergeGates(d, reps);
    expect(representatives(d, reps)).toEqual(once);
  });
});

describe("normalize's input moves", () => {
  const TWO_MOVES = `
    (role r)
    (init a)
    (<= (legal r go) (true a))
    (<= (legal r stay) (true a))
    (<= (legal r wait) (true a))
    (<= (next a) (does r stay))
    (<= terminal (true a) (does r go))
    (<= (goal r 100) (true a))
  `;
  const withInput = (moves: string[]): GroundGame => {
    const { game, diagnostics } = groundGameFromRules(TWO_MOVES);
    expect(diagnostics).toEqual([]);
    return { ...game, input: moves.map((move) => ({ role: "r", move })) };
  };
  const legalMoves = (g: ReturnType<typeof normalize>) =>
    g.kifs.flatMap((kif, a) => (g.propKind[a] === LEGAL ? [[kif, g.inputs[g.moveInput[a]].move]] : []));

  it("keeps the moves in the order they come, each once, sorted or not", () => {
    expect(normalize(withInput(["go", "stay", "wait"])).inputs.map((m) => m.move)).toEqual(["go", "stay", "wait"]);
    expect(normalize(withInput(["wait", "go", "wait", "stay", "go"])).inputs.map((m) => m.move)).toEqual(["wait", "go", "stay"]);
    expect(normalize(withInput(["go", "wait", "stay", "wait"])).inputs.map((m) => m.move)).toEqual(["go", "wait", "stay"]);
  });

  it("gives each legal atom its own move's input, legal moves missing from input added after", () => {
    const g = normalize(withInput(["wait", "go"]));
    expect(g.inputs.map((m) => m.move)).toEqual(["wait", "go", "stay"]);
    expect(g.warnings.some((w) => w.startsWith("legal moves missing from input, added: (legal r stay)"))).toBe(true);
    expect(legalMoves(g).sort()).toEqual([
      ["(legal r go)", "go"],
      ["(legal r stay)", "stay"],
      ["(legal r wait)", "wait"],
    ]);
  });
});
