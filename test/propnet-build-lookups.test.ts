/**
 * Normalize's lookups by text range (the move table, `argumentPair`) and constant folding's early
 * stop: the same answers as the string maps and the full fixpoint they replaced.
 */
import { describe, expect, it } from "vitest";
import { MoveTable } from "../src/propnet/build/move-table.js";
import { argumentPair, atomArguments, type ArgumentPair, type GroundAtoms } from "../src/ground/ground-game.js";
import { normalize } from "../src/propnet/build/normalize.js";
import { ALWAYS, foldConstants, NEVER, VARIABLE } from "../src/propnet/build/constants.js";
import { BASE_ATOM, INPUT_ATOM, type Normalized } from "../src/propnet/build/normalize.js";
import type { Term } from "../src/syntax/ast.js";
import { NO_POSITION } from "../src/diagnostics.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";

describe("MoveTable", () => {
  it("finds a role's move by a range of any text, and tells roles apart", () => {
    const table = new MoveTable();
    table.add(0, "(move 1 2)", 7);
    table.add(1, "(move 1 2)", 8);
    table.add(0, "noop", 9);
    const kif = "(does white (move 1 2))";
    expect(table.get(0, kif, 12, 22)).toBe(7);
    expect(table.get(1, kif, 12, 22)).toBe(8);
    expect(table.get(2, kif, 12, 22)).toBe(-1);
    expect(table.get(0, kif, 12, 21)).toBe(-1);
    expect(table.get(0, "x noop y", 2, 6)).toBe(9);
    expect(table.get(1, "noop", 0, 4)).toBe(-1);
  });

  it("keeps finding every move through its growth", () => {
    const table = new MoveTable();
    const n = 5000;
    for (let k = 0; k < n; k++) table.add(k % 3, `(m ${k})`, k);
    for (let k = 0; k < n; k++) {
      const text = `[(m ${k})]`;
      expect(table.get(k % 3, text, 1, text.length - 1)).toBe(k);
      expect(table.get((k + 1) % 3, text, 1, text.length - 1)).toBe(-1);
    }
  });
});

describe("argumentPair", () => {
  const atoms = (kif: string[], irregular = new Map<number, readonly Term[]>()): GroundAtoms => ({
    length: kif.length,
    kif,
    relation: kif.map((k) => (k.startsWith("(") ? k.slice(1).split(" ")[0] : k)),
    irregular,
  });
  const pairOf = (a: GroundAtoms, i: number): string[] | undefined => {
    const pair: ArgumentPair = { text: "", firstFrom: 0, firstTo: 0, secondFrom: 0, secondTo: 0 };
    if (!argumentPair(a, i, pair)) return undefined;
    return [pair.text.slice(pair.firstFrom, pair.firstTo), pair.text.slice(pair.secondFrom, pair.secondTo)];
  };

  it("finds the same two arguments as atomArguments, and none where it has another number", () => {
    const a = atoms(["(legal r (move (a b) c))", "(does (f x) y)", "terminal", "(next (p 1))", "(goal r 1 2)", "(legal r  )"]);
    for (let i = 0; i < a.length; i++) {
      const args = atomArguments(a, i);
      expect(pairOf(a, i)).toEqual(args.length === 2 ? args : undefined);
    }
    expect(pairOf(a, 0)).toEqual(["r", "(move (a b) c)"]);
  });

  it("splits at the blanks outside parentheses, as written (one scanner for both)", () => {
    const a = atoms(["(r a (f b) c)", "(r)", "terminal", "(legal r  )", "(r (a (b c)) (d) e)", "(r a b c)", "(r a)", "(does (f (g x)) (h y))"]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => atomArguments(a, i))).toEqual([
      ["a", "(f b)", "c"],
      [],
      [],
      ["r", "", ""],
      ["(a (b c))", "(d)", "e"],
      ["a", "b", "c"],
      ["a"],
      ["(f (g x))", "(h y)"],
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => pairOf(a, i))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      ["(f (g x))", "(h y)"],
    ]);
  });

  it("reads an irregular atom's arguments from its terms", () => {
    const constant = (name: string): Term => ({ kind: "constant", name, pos: NO_POSITION });
    const args: Term[] = [constant("r"), { kind: "compound", functor: "m", args: [constant("x y")], pos: NO_POSITION }];
    const a = atoms(["(does r (m x y))"], new Map([[0, args]]));
    expect(pairOf(a, 0)).toEqual(atomArguments(a, 0));
  });
});

describe("normalize's does atoms", () => {
  it("gives each does atom its input, by role and move, nested moves included", () => {
    const { game, diagnostics } = groundGameFromRules(`
      (role white) (role black)
      (init a)
      (<= (legal white (move (p 1) 2)) (true a))
      (<= (legal black (move (p 1) 2)) (true a))
      (<= (legal black noop) (true a))
      (<= (next a) (does white (move (p 1) 2)) (does black noop))
      (<= (next b) (does black (move (p 1) 2)))
      (<= terminal (true b))
      (<= (goal white 100) (true a))
      (<= (goal black 0) (true a))
    `);
    expect(diagnostics).toEqual([]);
    const g = normalize(game);
    const does = g.inputs.map((m, i) => [g.roles[m.role], m.move, g.kifs[g.inputAtom[i]]]);
    expect(does).toContainEqual(["white", "(move (p 1) 2)", "(does white (move (p 1) 2))"]);
    expect(does).toContainEqual(["black", "(move (p 1) 2)", "(does black (move (p 1) 2))"]);
    expect(does).toContainEqual(["black", "noop", "(does black noop)"]);
  });
});

describe("foldConstants", () => {
  /** The joint fixpoint without the early stop: rounds until both models repeat (the code before). */
  const reference = (g: Normalized): Uint8Array => {
    const n = g.kifs.length;
    const { head, bodyStart, negativeStart, literals } = g.clauses;
    const model = (base: (a: number) => boolean, blocks: (a: number) => boolean, positiveHolds: (h: Uint8Array, a: number) => boolean) => {
      const h = new Uint8Array(n);
      for (let a = 0; a < n; a++) if (base(a)) h[a] = 1;
      for (let changed = true; changed; ) {
        changed = false;
        for (let c = 0; c < g.clauses.length; c++) {
          if (h[head[c]]) continue;
          let fires = true;
          for (let k = bodyStart[c]; k < negativeStart[c] && fires; k++) fires = positiveHolds(h, literals[k]);
          for (let k = negativeStart[c]; k < bodyStart[c + 1] && fires; k++) fires = !blocks(literals[k]);
          if (!fires) continue;
          h[head[c]] = 1;
          changed = true;
        }
      }
      return h;
    };
    let always = new Uint8Array(n);
    let possible = new Uint8Array(n);
    for (let round = 0; ; round++) {
      const was = always;
      const p = model((a) => g.cls[a] === BASE_ATOM || g.cls[a] === INPUT_ATOM, (a) => was[a] === 1, (h, a) => h[a] === 1);
      const t = model(() => false, (a) => p[a] === 1, (h, a) => h[a] === 1);
      const same = t.every((x, a) => x === always[a]) && p.every((x, a) => x === possible[a]);
      always = t;
      possible = p;
      if (same && round > 0) break;
    }
    return Uint8Array.from({ length: n }, (_, a) => (always[a] ? ALWAYS : possible[a] ? VARIABLE : NEVER));
  };

  it("is the full fixpoint, when an atom that always holds is read negated and when none is", () => {
    const games = [
      // no negative literal on a constant: one round settles it
      `(role r) (init a) (<= (legal r go) (true a)) (<= (next a) (true a) (not (true b))) (<= terminal (true b)) (<= (goal r 0) (true a))`,
      // `k` always holds and is read negated: `m` can never hold, which the next round needs
      `(role r) (init a) k (<= m (not k)) (<= n m) (<= o (not n)) (<= (legal r go) (not m)) (<= (next a) o) (<= terminal (true b)) (<= (goal r 0) o)`,
      // a chain of negations over constants, several rounds deep
      `(role r) (init a) k (<= m1 (not k)) (<= m2 (not m1)) (<= m3 (not m2)) (<= m4 (not m3)) (<= (legal r go) m4) (<= (next a) m3 (true a)) (<= terminal (true b)) (<= (goal r 0) m2)`,
    ];
    for (const text of games) {
      const { game, diagnostics } = groundGameFromRules(text);
      expect(diagnostics).toEqual([]);
      const g = normalize(game);
      const value = foldConstants(g);
      expect(Array.from(value)).toEqual(Array.from(reference(g)));
    }
  });
});
