// The prover's hashed indexes (tuple-index.ts, term-store.ts, the evaluator's tables) against
// plain references, hash collisions included: pairs that collide are searched for, not hoped for.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TupleIndex, hashAt } from "../src/prover/tuple-index.js";
import { TermStore, compoundHash } from "../src/prover/term-store.js";
import { Layer, Table, callHash } from "../src/prover/evaluator.js";
import { dedupe, SeenIds } from "../src/prover/table.js";
import { compileProgram, type Relation } from "../src/prover/program.js";
import { Prover } from "../src/prover/prover.js";
import { parseGdl } from "../src/syntax/parse.js";

/** Two different triples of small ids (the third below `thirds`) whose hash under `hash` is the same. */
function collidingTriples(hash: (t: number[]) => number, thirds = 4): [number[], number[]] {
  const seen = new Map<number, number[]>();
  for (let a = 0; ; a++) {
    for (let b = 0; b < 256; b++) {
      for (let c = 0; c < thirds; c++) {
        const t = [a, b, c];
        const h = hash(t);
        const other = seen.get(h);
        if (other !== undefined) return [other, t];
        seen.set(h, t);
      }
    }
  }
}

function reference(tuples: readonly number[][], call: readonly number[]): string[] {
  return tuples.filter((t) => call.every((c, i) => c < 0 || c === t[i])).map((t) => t.join(",")).sort();
}

describe("TupleIndex", () => {
  it("finds the same tuples as a scan, for any tuples and calls", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 3, maxLength: 3 }), { maxLength: 40 }),
        fc.array(fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 3, maxLength: 3 }), { maxLength: 10 }),
        (tuples, calls) => {
          const index = new TupleIndex(3);
          const unique = new Map<string, number[]>();
          for (const t of tuples) {
            expect(index.add(t)).toBe(!unique.has(t.join(",")));
            unique.set(t.join(","), t);
          }
          expect(index.size).toBe(unique.size);
          for (const call of calls) {
            expect(index.lookup(call).map((t) => t.join(",")).sort()).toEqual(reference([...unique.values()], call));
            expect(index.has(call)).toBe(call.every((c) => c >= 0) && unique.has(call.join(",")));
          }
        },
      ),
    );
  });

  it("keeps tuples apart whose hashes collide, bound wholly or in part", () => {
    const [a, b] = collidingTriples((t) => hashAt(t, 0b111));
    expect(hashAt(a, 0b111)).toBe(hashAt(b, 0b111));
    const index = new TupleIndex(3);
    expect(index.add(a)).toBe(true);
    expect(index.add(b)).toBe(true);
    expect(index.add([...b])).toBe(false);
    expect(index.lookup(a)).toEqual([a]);
    expect(index.lookup(b)).toEqual([b]);
    expect(index.lookup([a[0], a[1], a[2] === 0 ? 1 : 0])).toEqual(
      reference([a, b], [a[0], a[1], a[2] === 0 ? 1 : 0]).map((s) => s.split(",").map(Number)),
    );
    const [c, d] = collidingTriples((t) => hashAt(t, 0b011), 1);
    const partial = new TupleIndex(3);
    partial.add([c[0], c[1], 1]);
    partial.add([d[0], d[1], 2]);
    partial.add([c[0], c[1], 3]);
    expect(partial.lookup([c[0], c[1], -1]).map((t) => t[2])).toEqual([1, 3]);
    expect(partial.lookup([d[0], d[1], -1]).map((t) => t[2])).toEqual([2]);
  });
});

describe("TermStore", () => {
  it("gives compounds whose hashes collide different ids, and the same id again", () => {
    const store = new TermStore();
    const f = store.symbol("f");
    const [a, b] = collidingTriples((t) => compoundHash(f, t));
    const ia = store.compound(f, a);
    const ib = store.compound(f, b);
    expect(ia).not.toBe(ib);
    expect(store.compound(f, [...a])).toBe(ia);
    expect(store.compound(f, [...b])).toBe(ib);
    expect(store.argsOf[ib]).toEqual(b);
  });

  it("finds every compound again after its buckets doubled, many times over", () => {
    const store = new TermStore();
    const [f, g] = [store.symbol("f"), store.symbol("g")];
    const c = store.constant("c");
    const ids = new Map<string, number>();
    // 20,000 compounds: the buckets (1,024 at first) double five times
    for (let i = 0; i < 10_000; i++) {
      for (const [sym, args] of [[f, [i, c]], [g, [i]]] as const) {
        const id = store.compound(sym, args);
        expect(ids.has(`${sym}:${args.join(",")}`)).toBe(false);
        ids.set(`${sym}:${args.join(",")}`, id);
      }
    }
    expect(new Set(ids.values()).size).toBe(20_000);
    for (const [key, id] of ids) {
      const [sym, args] = key.split(":");
      expect(store.compound(Number(sym), args.split(",").map(Number))).toBe(id);
    }
    expect(store.size).toBe(20_001);
    expect(store.constant("c")).toBe(c);
  });
});

describe("the evaluator's tables", () => {
  it("keeps a table per call when the calls' hashes collide", () => {
    const program = compileProgram(parseGdl("(role r) (<= (legal r (m ?x ?y ?z)) (p ?x ?y ?z)) (p 1 2 3)", "t.kif").description);
    const p = program.relation("p/3")!;
    const [a, b] = collidingTriples((t) => callHash(p.index, t));
    const layer = new Layer();
    const make = (_: Layer, relation: Relation, call: readonly number[]) => new Table(relation, call.slice(), []);
    const ta = layer.tableOf(p, a, make);
    const tb = layer.tableOf(p, b, make);
    expect(ta).not.toBe(tb);
    expect(tb.call).toEqual(b);
    expect(layer.tableOf(p, [...a], make)).toBe(ta);
    expect(layer.tableOf(p, [...b], make)).toBe(tb);
    expect(layer.tables.size).toBe(1);
  });

  it("answers queries as before on a game with many calls of one relation", () => {
    const facts = Array.from({ length: 60 }, (_, i) => `(q c${i} d${i})`).join(" ");
    const description = parseGdl(
      `(role r) (init s) (<= (legal r (m ?y)) (p c0 ?y)) (<= (legal r (m ?y)) (p c7 ?y)) (<= (next s) (true s))
       (<= terminal (p c1 d1)) (<= (goal r 100) (p c59 ?y)) ${facts} (<= (p ?x ?y) (q ?x ?y))`,
      "t.kif",
    ).description;
    const prover = Prover.fromDescription(description);
    expect(prover.legalMoves(["s"], "r")).toEqual(["(m d0)", "(m d7)"]);
    expect(prover.isTerminal(["s"])).toBe(true);
    expect(prover.goals(["s"])).toEqual({ r: 100 });
  });
});

describe("a table deduplicated when complete (a relation no cycle goes through)", () => {
  it("keeps the answers a table told apart as they came would keep, in their order, for one free position and more", () => {
    const program = compileProgram(parseGdl("(role r) (<= (legal r (m ?x ?y ?z)) (p ?x ?y ?z)) (p 1 2 3)", "t.kif").description);
    const p = program.relation("p/3")!;
    const seen = new SeenIds();
    const tuple = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3000 }));
    const free = fc.constantFrom<number[]>([0], [2], [0, 1], [0, 2], [0, 1, 2]);
    fc.assert(
      fc.property(fc.array(tuple, { maxLength: 60 }), free, (tuples, positions) => {
        const call = [0, 1, 2].map((j) => (positions.includes(j) ? -1 : 5));
        const asTheyCome = new Table(p, call, positions);
        const deferred = new Table(p, call, positions, true);
        for (const t of tuples) {
          asTheyCome.add([...t]);
          expect(deferred.add([...t])).toBe(true);
        }
        dedupe(deferred, seen);
        expect(deferred.answers).toEqual(asTheyCome.answers);
      }),
      { numRuns: 500 },
    );
  });

  it("tells answers apart as they come once it holds 4,096 (a few answers proved many times each), with the same answers", () => {
    const program = compileProgram(parseGdl("(role r) (<= (legal r (m ?x ?y)) (p ?x ?y)) (p 1 2)", "t.kif").description);
    const p = program.relation("p/2")!;
    for (const positions of [[1], [0, 1]]) {
      const call = [0, 1].map((j) => (positions.includes(j) ? -1 : 5));
      const asTheyCome = new Table(p, call, positions);
      const deferred = new Table(p, call, positions, true);
      for (let k = 0; k < 10_000; k++) {
        const tuple = [k % 7, (k * 7919) % 97];
        asTheyCome.add([...tuple]);
        deferred.add([...tuple]);
      }
      expect(deferred.deferred).toBe(false);
      expect(deferred.answers.length).toBeLessThan(4096);
      if (deferred.deferred) dedupe(deferred, new SeenIds());
      expect(deferred.answers).toEqual(asTheyCome.answers);
    }
  });

  it("is what the evaluator makes for a relation no cycle goes through, and not for a recursive one", () => {
    const description = parseGdl(
      `(role r) (init (s 1)) (<= (next (s ?x)) (true (s ?x)))
       (<= (legal r (m ?y)) (p ?y)) (<= (p ?y) (q ?y ?z)) (<= (p ?y) (q ?z ?y)) (q 1 2) (q 2 1) (q 1 1)
       (<= (goal r 100) (reach 1 ?y)) (<= (reach ?x ?y) (q ?x ?y)) (<= (reach ?x ?y) (q ?x ?z) (reach ?z ?y))
       (<= terminal (true (s 2)))`,
      "t.kif",
    ).description;
    const prover = Prover.fromDescription(description);
    // p's answers come twice each from its two clauses: told apart once the table is complete
    expect(prover.legalMoves(["(s 1)"], "r")).toEqual(["(m 1)", "(m 2)"]);
    expect(prover.goals(["(s 1)"])).toEqual({ r: 100 });
  });
});
