/**
 * src/prover/fluent-universe.ts: a state given as bits over a universe of fluents reads as the same
 * `true` inputs as the state's fluents routed one by one (inputs.ts): every lookup of every input
 * relation, by every mask, answers the same tuples in the same order (the universe's), also for
 * values the dense numbering met first, values no member has and terms outside the universe; and
 * the prover answers a `FluentBits` state as it answers the state's KIF.
 */
import { describe, expect, it } from "vitest";
import { compileProgram, type Program, type Relation } from "../src/prover/program.js";
import { InputRouter } from "../src/prover/inputs.js";
import { FluentUniverse } from "../src/prover/fluent-universe.js";
import { Prover } from "../src/prover/prover.js";
import { parseKifTerm } from "../src/syntax/kif-term.js";
import { parseGdl } from "../src/syntax/parse.js";

// Rules read `true` fully bound, partly bound and free, by name (cell/3, f/1, f/2, the atom z) and
// as true/1; f/1 and f/2 share a name, their KIF interleaves.
const GAME = `(role a) (role b)
(init (cell 1 1 x)) (init (cell 2 1 o)) (init (f k)) (init z) (init (control a))
(<= (legal ?r (mark ?x ?y)) (role ?r) (true (control ?r)) (true (cell ?x ?y b)))
(<= (legal ?r noop) (role ?r) (not (true (control ?r))))
(<= (legal ?r (pick ?v)) (role ?r) (true (f ?v)) (true (f ?v ?w)))
(<= (next (cell ?x ?y ?p)) (true (cell ?x ?y ?p)) (not (marked ?x ?y)))
(<= (next (cell ?x ?y x)) (does a (mark ?x ?y)))
(<= (next (f ?v ?v)) (does ?r (pick ?v)))
(<= (next (control b)) (true (control a)))
(<= (next (control a)) (true (control b)))
(<= (marked ?x ?y) (does ?r (mark ?x ?y)))
(<= (next ?f) (true ?f) (true z))
(<= terminal (true (cell 1 1 o)) (true (cell 2 2 o)))
(<= terminal (not (true z)) (true (f k)))
(<= (goal ?r 100) (role ?r) (true (cell 1 2 ?p)) (true (f ?p)))
(<= (goal ?r 0) (role ?r) (not (true (cell 1 2 x))))`;

/** The universe, in an order no sort gives (the numbering meets (cell 2 2 b)'s values first). */
const UNIVERSE = [
  "(cell 2 2 b)", "(f k)", "(cell 1 1 x)", "(f k k)", "(control a)", "(cell 1 2 o)", "z", "(cell 1 1 b)",
  "(f x)", "(cell 2 1 o)", "(cell 1 2 x)", "(f x k)", "(control b)", "(cell 1 2 b)", "(cell 2 2 o)", "(cell 1 1 o)",
];

function program(): Program {
  return compileProgram(parseGdl(GAME, "u.kif").description);
}

function intern(p: Program, kif: string): number {
  return p.store.intern(parseKifTerm(kif));
}

function bitsOf(members: readonly number[]): Uint32Array {
  const bits = new Uint32Array(1);
  for (const m of members) bits[m >>> 5] |= 1 << (m & 31);
  return bits;
}

/** States by universe position: none, the first alone, all, and seeded subsets. */
function states(size = UNIVERSE.length): number[][] {
  const all = Array.from({ length: size }, (_, i) => i);
  const out = [[], [0], [size - 1], all];
  let s = 12345;
  for (let k = 0; k < 20; k++) {
    out.push(all.filter(() => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16) % 3 !== 0));
  }
  return out;
}

describe("FluentUniverse", () => {
  for (const spread of [false, true]) {
    // spread: values of cell/3 and f/2 interned thousands of ids apart, too far to number densely (hash indexes then)
    it(`answers every lookup of every input relation as the fluents routed one by one, in the same order${spread ? " (values too far apart to number)" : ""}`, () => {
      const p = program();
      const universeKif = [...UNIVERSE];
      if (spread) {
        for (let k = 0; k < 3000; k++) intern(p, `(filler ${k})`);
        universeKif.push("(cell 1 1 late)", "(f late k)");
      }
      const ids = universeKif.map((f) => intern(p, f));
      const universe = new FluentUniverse(p, ids);
      const router = new InputRouter(p);
      const relations = ["true/1", "true(cell/3)", "true(f/1)", "true(f/2)", "true(control/1)", "true(z)"].map((k) => p.relation(k)!);
      expect(relations.every((r) => r !== undefined)).toBe(true);
      // values at each position: the terms in the universe's tuples, a term outside it, one interned after it
      const outside = [intern(p, "(cell 3 3 q)"), intern(p, "q"), intern(p, "3")];
      const args = [...new Set(ids.flatMap((f) => p.store.argsOf[f] ?? []))];
      const later = intern(p, "(never seen before)");
      let compared = 0;
      for (const members of states(universeKif.length)) {
        const fromBits = universe.stateLayer(bitsOf(members));
        // the universe order: the fluents routed one by one in that order keep it
        const routed = router.stateLayer(members.map((m) => ids[m]));
        for (const r of relations) {
          const values = [...(r.key === "true/1" ? ids : args), ...outside, later];
          compared += compareLookups(r, fromBits.inputs[r.index], routed.inputs[r.index], values);
        }
      }
      expect(compared).toBeGreaterThan(5000);
    });
  }

  it("answers lookups whose buckets far outnumber the state's tuples from the members of the bucket, as the fluents routed one by one", () => {
    // g/3 over 12 values a position: 1,728 members, 144 buckets by two positions; a state of a few
    // tuples reads those lookups through the members of the bucket (chess's legal2 below the prover),
    // a state of many through the dense array of buckets
    const values = Array.from({ length: 12 }, (_, i) => `v${i}`);
    const p = compileProgram(parseGdl(`${GAME} (<= (legal ?r (go ?a ?b ?c)) (role ?r) (true (g ?a ?b ?c)))`, "g.kif").description);
    const ids = values.flatMap((a) => values.flatMap((b) => values.map((c) => intern(p, `(g ${a} ${b} ${c})`))));
    const universe = new FluentUniverse(p, ids);
    const router = new InputRouter(p);
    const r = p.relation("true(g/3)")!;
    const argValues = [...values.map((v) => intern(p, v)), intern(p, "q")];
    let s = 99;
    const draw = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16;
    const sparse = [0, 1, 2].map(() => ids.map((_, i) => i).filter(() => draw() % 300 === 0));
    const dense = ids.map((_, i) => i).filter(() => draw() % 2 === 0);
    let compared = 0;
    for (const members of [[], [ids.length - 1], [0, 1, 12, 144, 1727], ...sparse, dense]) {
      const bits = new Uint32Array((ids.length + 31) >>> 5);
      for (const m of members) bits[m >>> 5] |= 1 << (m & 31);
      compared += compareLookups(r, universe.stateLayer(bits).inputs[r.index], router.stateLayer(members.map((m) => ids[m])).inputs[r.index], argValues);
    }
    expect(compared).toBe(7 * 14 ** 3);
  });

  it("refuses a universe that holds a fluent twice", () => {
    const p = program();
    expect(() => new FluentUniverse(p, [intern(p, "z"), intern(p, "(f k)"), intern(p, "z")])).toThrow(/twice/);
  });
});

type Lookups = { lookup(call: readonly number[]): readonly number[][]; lookupAt(call: readonly number[], mask: number): readonly number[][] } | undefined;

/** Compares every call of `r` (each position bound to each value, or free) on both; returns how many. */
function compareLookups(r: Relation, bits: Lookups, routed: Lookups, values: readonly number[]): number {
  let count = 0;
  const call = new Array<number>(r.arity).fill(-1);
  const visit = (i: number): void => {
    if (i === r.arity) {
      let mask = 0;
      for (let j = 0; j < call.length; j++) if (call[j] >= 0) mask |= 1 << j;
      const expected = routed?.lookupAt(call, mask) ?? [];
      expect(bits?.lookupAt(call, mask) ?? [], `${r.key} ${call.join(" ")}`).toEqual(expected);
      expect(bits?.lookup(call) ?? []).toEqual(expected);
      count++;
      return;
    }
    for (const v of [-1, ...values]) {
      call[i] = v;
      visit(i + 1);
    }
    call[i] = -1;
  };
  visit(0);
  return count;
}

describe("the prover on FluentBits states", () => {
  it("answers legal, next, terminal and goals as for the state's KIF", () => {
    const prover = Prover.fromDescription(parseGdl(GAME, "u.kif").description);
    const kifProver = Prover.fromDescription(parseGdl(GAME, "u.kif").description);
    const universe = prover.fluentUniverse(UNIVERSE.map((f) => prover.termIdOf(f)));
    let nonEmpty = 0;
    for (const members of states()) {
      const state = { universe, bits: bitsOf(members) };
      const kif = members.map((m) => UNIVERSE[m]).sort();
      for (const role of ["a", "b"]) {
        const legal = prover.legalMoves(state, role);
        expect(legal).toEqual(kifProver.legalMoves(kif, role));
        nonEmpty += legal.length;
        for (const move of legal) {
          const joint = role === "a" ? [move, "noop"] : ["noop", move];
          expect(prover.nextState(state, joint)).toEqual(kifProver.nextState(kif, joint));
        }
      }
      expect(prover.isTerminal(state)).toBe(kifProver.isTerminal(kif));
      expect(prover.goalValues(state)).toEqual(kifProver.goalValues(kif));
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it("refuses bits over another prover's universe", () => {
    const one = Prover.fromDescription(parseGdl(GAME, "u.kif").description);
    const two = Prover.fromDescription(parseGdl(GAME, "u.kif").description);
    const universe = one.fluentUniverse([one.termIdOf("z")]);
    expect(() => two.isTerminal({ universe, bits: new Uint32Array([1]) })).toThrow(/another prover/);
  });
});
