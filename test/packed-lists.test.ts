/**
 * The language server's packed lists (src/format/token-list.ts, src/lsp/occurrence-list.ts): what
 * goes in comes out, through growth and trimming, in text order, and the tokenizers' packed
 * output reads as their objects.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TokenList } from "../src/format/token-list.js";
import { tokenListOf, tokensOf, type Token, type TokenKind } from "../src/format/tokens.js";
import { OccurrenceList } from "../src/lsp/occurrence-list.js";
import type { Occurrence } from "../src/lsp/analysis.js";
import { DocumentAnalysis } from "../src/lsp/analysis.js";

const KINDS: TokenKind[] = ["(", ")", "symbol", "variable", "name", "quoted", ",", "&", "~", ".", ":-", "comment", "error"];

/** Tokens one after another over a made-up source: kinds, lengths, gaps and flags at random. */
const tokenRuns = fc.array(fc.record({ kind: fc.constantFrom(...KINDS), length: fc.integer({ min: 1, max: 5 }), gap: fc.integer({ min: 0, max: 3 }), lineStart: fc.boolean(), blankBefore: fc.boolean() }), { maxLength: 300 });

function filled(runs: { kind: TokenKind; length: number; gap: number; lineStart: boolean; blankBefore: boolean }[], capacity: number): { list: TokenList; expected: Token[] } {
  const source = runs.map((r, i) => " ".repeat(r.gap) + String.fromCharCode(97 + (i % 26)).repeat(r.length)).join("");
  const list = new TokenList(source, capacity);
  const expected: Token[] = [];
  let at = 0;
  for (const r of runs) {
    const start = at + r.gap;
    const end = start + r.length;
    list.push(r.kind, start, end, r.lineStart, r.blankBefore);
    expected.push({ kind: r.kind, text: source.slice(start, end), start, end, lineStart: r.lineStart, blankBefore: r.blankBefore });
    at = end;
  }
  return { list, expected };
}

describe("TokenList", () => {
  it("gives back every token as pushed, from any capacity, after trimming too", () => {
    fc.assert(
      fc.property(tokenRuns, fc.integer({ min: 0, max: 40 }), (runs, capacity) => {
        const { list, expected } = filled(runs, capacity);
        expect(list.length).toBe(expected.length);
        expect(list.toArray()).toEqual(expected);
        expect(list.trim().toArray()).toEqual(expected);
        expected.forEach((t, i) => {
          expect([list.kind(i), list.text(i), list.start(i), list.end(i), list.lineStart(i), list.blankBefore(i)]).toEqual([t.kind, t.text, t.start, t.end, t.lineStart, t.blankBefore]);
        });
        expect(list.at(-1)).toBeUndefined();
        expect(list.at(expected.length)).toBeUndefined();
        expect(list.slice(2, 5)).toEqual(expected.slice(2, 5));
      }),
    );
  });

  it("finds the first token starting at or after an offset", () => {
    fc.assert(
      fc.property(tokenRuns, fc.integer({ min: -2, max: 2000 }), (runs, offset) => {
        const { list, expected } = filled(runs, 16);
        const linear = expected.findIndex((t) => t.start >= offset);
        expect(list.indexAtOrAfter(offset)).toBe(linear < 0 ? expected.length : linear);
        const ending = expected.findIndex((t) => t.end >= offset);
        expect(list.indexEndingAtOrAfter(offset)).toBe(ending < 0 ? expected.length : ending);
      }),
    );
  });

  it("holds what the tokenizers cut, in both notations", () => {
    const kif = "; a game\n(role white)\n\n(<= (legal ?p (mark ?x)) (true (cell ?x b)) |a b|)\n(p 'q)";
    const infix = "% a game\nrole(white).\n\nlegal(P, mark(X)) :- true(cell(X, b)) & ~p('a b').";
    for (const [text, syntax] of [[kif, "kif"], [infix, "infix"]] as const) {
      const list = tokenListOf(text, syntax);
      const tokens = tokensOf(text, syntax);
      expect(list.toArray()).toEqual(tokens);
      expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(tokens.map((t) => t.text));
      expect(tokens.some((t) => t.blankBefore)).toBe(true);
    }
  });
});

const occurrences = fc.array(
  fc.record({
    name: fc.constantFrom("cell", "true", "?x", "1", "w x", "<="),
    kind: fc.constantFrom<Occurrence["kind"]>("relation", "function", "constant", "variable", "connective"),
    start: fc.integer({ min: 0, max: 200 }),
    length: fc.integer({ min: 1, max: 4 }),
    rule: fc.integer({ min: 0, max: 50 }),
    arity: fc.integer({ min: 0, max: 40 }),
    definition: fc.boolean(),
    context: fc.constantFrom<Occurrence["context"]>("fluent", "action", "role", "term"),
  }),
  { maxLength: 200 },
);

describe("OccurrenceList", () => {
  it("gives back the occurrences in text order, those starting alike as added", () => {
    fc.assert(
      fc.property(occurrences, (records) => {
        const list = new OccurrenceList();
        const given: Occurrence[] = records.map(({ length, ...o }) => ({ ...o, end: o.start + length }));
        for (const o of given) list.push(o);
        list.sortByStart();
        const expected = [...given].sort((a, b) => a.start - b.start);
        expect(list.toArray()).toEqual(expected);
        expect(list.length).toBe(expected.length);
        expected.forEach((o, i) => {
          expect(list.name(i)).toBe(o.name);
          expect(list.nameId(i)).toBeLessThan(list.nameCount);
          expect([list.kind(i), list.start(i), list.end(i), list.rule(i), list.arity(i), list.definition(i), list.context(i)]).toEqual([o.kind, o.start, o.end, o.rule, o.arity, o.definition, o.context]);
        });
        for (let i = 0; i < expected.length; i++) for (let j = 0; j < expected.length; j++) expect(list.nameId(i) === list.nameId(j)).toBe(expected[i].name === expected[j].name);
        const offset = expected.length > 0 ? expected[expected.length >> 1].start : 0;
        const linear = expected.findIndex((o) => o.start >= offset);
        expect(list.indexAtOrAfter(offset)).toBe(linear < 0 ? expected.length : linear);
      }),
    );
  });

  it("keeps a document's symbols with their occurrences and counts", () => {
    const text = "(role white)\n(<= (next (cell ?x white)) (true (cell ?x b)) (role white))\n(init (cell 1 b))";
    const a = new DocumentAnalysis(text, "t.kif");
    const white = a.symbols.get("white")!;
    expect(white.occurrenceCount).toBe(3);
    const at = [...text.matchAll(/white/g)].map((m) => m.index);
    expect(white.occurrences.map((o) => [o.start, o.context, o.definition])).toEqual([
      [at[0], "role", true],
      [at[1], "term", false],
      [at[2], "role", false],
    ]);
    expect(a.symbols.get("cell")!.occurrences.map((o) => o.kind)).toEqual(["function", "function", "function"]);
    expect(a.occurrences.toArray().filter((o) => o.kind === "variable").map((o) => o.definition)).toEqual([true, false]);
  });
});
