/**
 * The (role, move) pairs numbered once (`GroundGame.moves`): by the aspif reader from the bytes
 * of `legal`, `does` and `_input` symbols, carried by extraction to atoms and sorted inputs, and
 * read by normalize instead of looking every atom's move up by its text. The numbers must tell the
 * same pairs apart as the texts do, and normalize must give the same answer whatever the numbers
 * are (extraction's, the texts', or any other numbering of the same pairs).
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { CompactAspifReader, UNNUMBERED_MOVE, readCompactAspif } from "../src/ground/aspif-compact.js";
import { Grounder } from "../src/ground/clingo/index.js";
import { extractGroundGame } from "../src/ground/extract.js";
import { argumentPair, groundMoveNumbers, numberMovesByText, type ArgumentPair, type GroundGame, type GroundMoveNumbers } from "../src/ground/ground-game.js";
import { normalize } from "../src/propnet/build/normalize.js";
import { loadText } from "../src/pipeline.js";
import { roleOrder } from "../src/syntax/description.js";
import { translate } from "../src/translate/index.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";

/** An aspif text of output statements `4 length symbol 1 atom` (atom 0: a fact). */
function aspif(symbols: readonly (readonly [string, number])[]): string {
  const lines = ["asp 1 0 0"];
  for (const [s, a] of symbols) lines.push(a > 0 ? `4 ${s.length} ${s} 1 ${a}` : `4 ${s.length} ${s} 0`);
  lines.push("0", "");
  return lines.join("\n");
}

describe("the reader's move numbers", () => {
  it("number equal arguments of legal, does and _input alike, and nothing else", () => {
    const text = aspif([
      ["legal(r,m(1,2))", 1],
      ["does(r,m(1,2))", 2],
      ["_input(r,m(1,2))", 0],
      ["does(r,n)", 3],
      ["legal(s,m(1,2))", 4],
      ["legal(r,a,b)", 5],
      ['legal(r,"x,y")', 6],
      ["p(r,m(1,2))", 7],
      ["legal", 8],
      ["_input(r,n)", 0],
    ]);
    const bytes = new TextEncoder().encode(text);
    for (let cut = 0; cut <= bytes.length; cut += 7) {
      const reader = new CompactAspifReader();
      reader.push(bytes.subarray(0, cut));
      reader.push(bytes.subarray(cut));
      const p = reader.finish();
      const move = (a: number) => p.symbols.move[p.atomSymbol[a]];
      const facts = Array.from(p.facts, (k) => p.symbols.move[k]);
      expect([move(1), move(2), facts[0]]).toEqual([0, 0, 0]);
      expect(move(3)).toBe(1);
      expect(facts[1]).toBe(1);
      expect(move(4)).toBe(2);
      expect(move(5)).toBe(-1);
      expect(move(6)).toBe(UNNUMBERED_MOVE);
      expect(move(7)).toBe(-1);
      expect(move(8)).toBe(-1);
      expect(p.symbols.moveCount).toBe(3);
    }
  });

  it("give equal arguments one number and different ones different numbers, through the table's growth (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("legal", "does", "_input"), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3000 })), { minLength: 1, maxLength: 4000 }), (list) => {
        const p = readCompactAspif(aspif(list.map(([rel, role, move], k) => [`${rel}(r${role},m(${move},${move % 7}))`, k + 1] as const)));
        const byArguments = new Map<string, number>();
        list.forEach(([, role, move], k) => {
          const n = p.symbols.move[p.atomSymbol[k + 1]];
          const key = `${role} ${move}`;
          if (!byArguments.has(key)) byArguments.set(key, n);
          expect(n).toBe(byArguments.get(key));
        });
        expect(new Set(byArguments.values()).size).toBe(byArguments.size);
        expect(p.symbols.moveCount).toBe(byArguments.size);
      }),
      { numRuns: 30 },
    );
  });
});

/** Whether two numberings of the same atoms and inputs tell the same pairs apart. */
function samePartition(a: GroundMoveNumbers, b: GroundMoveNumbers): boolean {
  const there = new Map<number, number>();
  const back = new Map<number, number>();
  const agree = (x: number, y: number): boolean => {
    if ((x < 0) !== (y < 0)) return false;
    if (x < 0) return true;
    if (!there.has(x)) there.set(x, y);
    if (!back.has(y)) back.set(y, x);
    return there.get(x) === y && back.get(y) === x;
  };
  for (let i = 0; i < a.ofAtom.length; i++) if (!agree(a.ofAtom[i], b.ofAtom[i])) return false;
  for (let q = 0; q < a.ofInput.length; q++) if (!agree(a.ofInput[q], b.ofInput[q])) return false;
  return a.ofAtom.length === b.ofAtom.length && a.ofInput.length === b.ofInput.length;
}

/** The game with its pairs numbered anew: the text numbering, its numbers permuted by `seed`. */
function renumbered(game: GroundGame, seed: number): GroundGame {
  const text = numberMovesByText(game.atoms, game.input);
  const spare = 3;
  const order = Array.from({ length: text.count + spare }, (_, k) => k);
  let s = seed >>> 0;
  for (let k = order.length - 1; k > 0; k--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (k + 1);
    [order[k], order[j]] = [order[j], order[k]];
  }
  const map = (n: number) => (n < 0 ? n : order[n]);
  const moves: GroundMoveNumbers = { count: text.count + spare, ofAtom: text.ofAtom.map(map), ofInput: text.ofInput.map(map), atoms: game.atoms, input: game.input };
  return { ...game, moves };
}

const grounder = new Grounder();
afterAll(() => grounder.close());

async function extracted(text: string): Promise<GroundGame> {
  const loaded = loadText(text, "game.kif");
  const program = translate(loaded.description!).program!;
  const outcome = await grounder.ground(program.text, { timeoutMs: 60_000 });
  if (outcome.status !== "ok") throw new Error(outcome.status);
  return extractGroundGame(readCompactAspif(outcome.aspif), program.symbols, { roles: roleOrder(loaded.description!) });
}

const TWO_ROLES = `
(role white) (role black)
(init (cell 1)) (init (cell 2)) (init (control white))
(<= (legal ?r (mark ?x)) (true (cell ?x)) (true (control ?r)))
(<= (legal ?r (pair (mark ?x) noop)) (true (cell ?x)) (role ?r))
(<= (legal white noop) (true (control black)))
(<= (legal black noop) (true (control white)))
(<= (next (cell ?x)) (true (cell ?x)) (not (marked ?x)))
(<= (marked ?x) (does ?r (mark ?x)))
(<= (next (control white)) (true (control black)))
(<= (next (control black)) (true (control white)))
(<= (next (seen ?r)) (does ?r (pair (mark ?x) noop)))
(<= terminal (not (true (cell 1))))
(<= (goal ?r 50) (role ?r))
`;

describe("extraction's move numbers", () => {
  it("are the game's own, tell the same pairs apart as their texts, and sit beside the sorted inputs", async () => {
    const game = await extracted(TWO_ROLES);
    expect(game.moves).toBeDefined();
    const moves = game.moves!;
    expect(groundMoveNumbers(game)).toBe(moves);
    expect(samePartition(moves, numberMovesByText(game.atoms, game.input))).toBe(true);
    // every number below the count, every legal and does atom of two arguments numbered
    const pair: ArgumentPair = { text: "", firstFrom: 0, firstTo: 0, secondFrom: 0, secondTo: 0 };
    let numbered = 0;
    for (let i = 0; i < game.atoms.length; i++) {
      const relation = game.atoms.relation[i];
      const two = (relation === "legal" || relation === "does") && argumentPair(game.atoms, i, pair);
      expect(moves.ofAtom[i] >= 0).toBe(two);
      if (two) numbered++;
      expect(moves.ofAtom[i]).toBeLessThan(moves.count);
    }
    expect(numbered).toBeGreaterThan(8);
    expect(moves.ofInput.length).toBe(game.input.length);
    expect(game.input.map((m) => `${m.role} ${m.move}`)).toContain("black (pair (mark 2) noop)");
  });

  it("give normalize the answer of the texts' numbers; a game with other inputs is numbered anew", async () => {
    const game = await extracted(TWO_ROLES);
    const withText = { ...game, moves: undefined };
    expect(normalize(game)).toEqual(normalize(withText));
    const fewer = { ...game, input: game.input.filter((m) => m.role === "white") };
    expect(groundMoveNumbers(fewer)).not.toBe(game.moves);
    expect(normalize(fewer)).toEqual(normalize({ ...fewer, moves: undefined }));
  });
});

describe("normalize over move numbers", () => {
  const games = [
    // legal moves missing from input, a does atom of no input, a legal of an unknown role, equal roles' moves
    `(role r) (role s) (input r a) (input s a) (input x a) (legal r a) (<= (legal r b) (true p)) (<= (legal q c) (true p))
     (<= (next p) (does r b)) (<= (next q) (does s z)) (<= (next p) (does s a)) (init p) (<= terminal (true q)) (<= (goal r 0) (true p)) (<= (goal s 0) (true p))`,
    // no input given: every legal and does atom's move is one
    `(role r) (<= (legal r (m 1)) (true p)) (<= (legal r (m 2)) (true p)) (<= (next p) (does r (m 1))) (<= (next q) (does r (m 3))) (init p) (<= terminal (true q)) (<= (goal r 0) (true p))`,
  ];
  it("is the same whatever numbers the pairs have", () => {
    for (const text of games) {
      const { game, diagnostics } = groundGameFromRules(text);
      expect(diagnostics).toEqual([]);
      const expected = normalize(game);
      for (let seed = 1; seed <= 5; seed++) expect(normalize(renumbered(game, seed))).toEqual(expected);
    }
  });

  it("keeps the warnings of moves added and roles unknown", () => {
    const { game } = groundGameFromRules(games[0]);
    const g = normalize(renumbered(game, 9));
    expect(g.warnings.some((w) => w.includes("legal moves missing from input") && w.includes("(legal r b)"))).toBe(true);
    expect(g.warnings.some((w) => w.includes("unknown roles") && w.includes("(legal q c)"))).toBe(true);
    expect(g.warnings.some((w) => w.includes("input moves of unknown roles ignored: x"))).toBe(true);
    expect(g.inputs.map((m) => `${g.roles[m.role]} ${m.move}`)).toEqual(["r a", "r b", "s a"]);
    const doesS = g.kifs.indexOf("(does s z)");
    expect(doesS).toBeGreaterThanOrEqual(0);
    expect(g.moveInput[doesS]).toBe(-1);
  });
});

