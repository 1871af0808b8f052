import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CompactAspifError, CompactAspifReader, readCompactAspif, symbolText, type CompactGroundProgram } from "../src/ground/aspif-compact.js";
import { Grounder } from "../src/ground/clingo/index.js";
import { loadText } from "../src/pipeline.js";
import { translate } from "../src/translate/index.js";

const BASE = path.resolve(__dirname, "../../shared/games/base");
const TICTACTOE = `
(role xplayer) (role oplayer)
(init (cell 1 1 b)) (init (cell 1 2 b)) (init (cell 2 1 b)) (init (cell 2 2 b)) (init (control xplayer))
(<= (legal ?w (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?w)))
(<= (legal xplayer noop) (true (control oplayer)))
(<= (legal oplayer noop) (true (control xplayer)))
(<= (next (cell ?m ?n x)) (does xplayer (mark ?m ?n)) (true (cell ?m ?n b)))
(<= (next (cell ?m ?n o)) (does oplayer (mark ?m ?n)) (true (cell ?m ?n b)))
(<= (next (cell ?m ?n ?w)) (true (cell ?m ?n ?w)) (distinct ?w b))
(<= (next (cell ?m ?n b)) (does ?w (mark ?j ?k)) (true (cell ?m ?n b)) (distinct ?m ?j))
(<= (next (control xplayer)) (true (control oplayer)))
(<= (next (control oplayer)) (true (control xplayer)))
(<= terminal (not open)) (<= open (true (cell ?m ?n b)))
(<= (goal xplayer 50) terminal) (<= (goal oplayer 50) terminal)
`;

/** Feeds `bytes` to a reader cut at the given offsets. */
function streamed(bytes: Uint8Array, cuts: readonly number[]): CompactGroundProgram {
  const reader = new CompactAspifReader();
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    reader.push(bytes.subarray(from, cut));
    from = cut;
  }
  reader.push(bytes.subarray(from));
  return reader.finish();
}

/** The compact program as plain data, for toEqual. */
function plain(p: CompactGroundProgram) {
  return {
    maxAtom: p.maxAtom,
    atomSymbol: Array.from(p.atomSymbol, (k) => (k < 0 ? undefined : symbolText(p.symbols, k))),
    facts: Array.from(p.facts, (k) => symbolText(p.symbols, k)),
    atomRelation: Array.from(p.atomSymbol, (k) => (k < 0 ? undefined : p.symbols.relation[k])),
    factRelation: Array.from(p.facts, (k) => p.symbols.relation[k]),
    relationCount: p.symbols.relationCount,
    factAtoms: [...p.factAtoms],
    heads: [...p.rules.heads],
    bodyStart: [...p.rules.bodyStart],
    body: [...p.rules.body],
    ruleStatements: p.ruleStatements,
  };
}

const grounder = new Grounder();
afterAll(() => grounder.close());

async function aspifOf(text: string, file: string): Promise<string> {
  const loaded = loadText(text, file);
  const program = translate(loaded.description!).program!;
  const outcome = await grounder.ground(program.text, { timeoutMs: 60_000 });
  if (outcome.status !== "ok") throw new Error(`${file}: ${outcome.status}`);
  return outcome.aspif;
}

describe("CompactAspifReader: the compact reader over chunks", () => {
  let small = "";
  beforeAll(async () => {
    small = await aspifOf(TICTACTOE, "tictactoe.kif");
  });

  it("equals the whole-string reader when cut into two pieces at every offset", () => {
    const bytes = new TextEncoder().encode(small);
    const whole = plain(readCompactAspif(small));
    for (let cut = 0; cut <= bytes.length; cut++) expect(plain(streamed(bytes, [cut]))).toEqual(whole);
  });

  it("equals the whole-string reader for any cuts (property)", () => {
    const bytes = new TextEncoder().encode(small);
    const whole = plain(readCompactAspif(small));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 40 }), (cuts) => {
        expect(plain(streamed(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("equals the whole-string reader byte by byte, and counts its progress", () => {
    const bytes = new TextEncoder().encode(small);
    const reader = new CompactAspifReader();
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1));
    expect(reader.progress.bytes).toBe(bytes.length);
    const result = reader.finish();
    expect(plain(result)).toEqual(plain(readCompactAspif(small)));
    expect(reader.progress.ruleStatements).toBe(result.ruleStatements);
  });

  it("reads a last line without a newline, and refuses a missing header", () => {
    const text = "asp 1 0 0\n1 0 1 1 0 0\n4 1 a 1 1\n0";
    expect(plain(streamed(new TextEncoder().encode(text), [3, 12]))).toEqual(plain(readCompactAspif(text)));
    expect(() => streamed(new TextEncoder().encode("1 0 1 1 0 0\n"), [])).toThrow(CompactAspifError);
    expect(() => new CompactAspifReader().finish()).toThrow(CompactAspifError);
  });

  it("readCompactAspif (the whole text through the reader) refuses a symbol beyond ASCII, in any piece", () => {
    expect(() => readCompactAspif("asp 1 0 0\n4 1 \u00e9 0\n0\n")).toThrow(/non-ASCII/);
    const long = `asp 1 0 0\n${"4 1 a 0\n".repeat(200_000)}4 1 \u00e9 0\n0\n`; // past the first 1 MiB piece
    expect(() => readCompactAspif(long)).toThrow(/non-ASCII/);
    expect(readCompactAspif(long.replace("\u00e9", "b")).facts.length).toBe(200_001);
  });

  it("keeps an atom's text once, numbers relations by the bytes before '(', and interns facts when asked", () => {
    const text = ["asp 1 0 0", "1 0 1 3 0 1 1", "4 6 p(a,b) 1 1", "4 6 p(a,b) 1 2", "4 4 q(c) 1 3", "4 1 r 0", "4 4 q(c) 0", "4 4 q(d) 0", "4 4 q(d) 0", "4 6 p(a,c) 1 2", "0", ""].join("\n");
    const bytes = new TextEncoder().encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const p = streamed(bytes, [cut]);
      const { symbols } = p;
      // atoms 1 and 2 have the same text: one symbol; atom 2's second output statement is not its name
      expect(p.atomSymbol[1]).toBe(p.atomSymbol[2]);
      expect(symbolText(symbols, p.atomSymbol[3])).toBe("q(c)");
      expect(symbols.count).toBe(6); // p(a,b), q(c), and the four facts' own
      const [r, qc, qd1, qd2] = p.facts;
      expect([r, qc, qd1, qd2].map((k) => symbolText(symbols, k))).toEqual(["r", "q(c)", "q(d)", "q(d)"]);
      // relations: p, q, r in first-seen order, q(c) and q(d) one
      expect(symbols.relationCount).toBe(3);
      expect(symbols.relation[p.atomSymbol[1]]).toBe(0);
      expect([p.atomSymbol[3], qc, qd1, qd2].map((k) => symbols.relation[k])).toEqual([1, 1, 1, 1]);
      expect(symbols.relation[r]).toBe(2);
      // a fact with an atom's text stands for the atom's symbol; equal facts for the first asked about
      expect(symbols.intern(qc)).toBe(p.atomSymbol[3]);
      expect(symbols.intern(qd2)).toBe(qd2);
      expect(symbols.intern(qd1)).toBe(qd2);
      expect(symbols.intern(r)).toBe(r);
      expect(symbols.intern(p.atomSymbol[1])).toBe(p.atomSymbol[1]);
    }
  });

  const real = ["connectFour", "breakthrough", "sudokuGrade1"].filter((g) => existsSync(path.join(BASE, `${g}.kif`)));
  it.skipIf(real.length === 0)(`equals the whole-string reader on real games (${real.join(", ") || "absent: skipped"})`, async () => {
    for (const game of real) {
      const file = path.join(BASE, `${game}.kif`);
      const text = await aspifOf(readFileSync(file, "utf8"), file);
      const bytes = new TextEncoder().encode(text);
      const whole = plain(readCompactAspif(text));
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { minLength: 1, maxLength: 200 }), (cuts) => {
          expect(plain(streamed(bytes, cuts))).toEqual(whole);
        }),
        { numRuns: 5 },
      );
    }
  }, 120_000);
});
