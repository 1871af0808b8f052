import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  AspSymbolSyntaxError,
  aspSignature,
  aspSymbolToString,
  parseAspSymbol,
  type AspSymbol,
} from "../src/ground/asp-symbol.js";

const fn = (name: string, ...args: AspSymbol[]): AspSymbol => ({ kind: "function", name, args, negated: false });
const num = (value: number): AspSymbol => ({ kind: "number", value });
const str = (value: string): AspSymbol => ({ kind: "string", value });
const tuple = (...args: AspSymbol[]): AspSymbol => ({ kind: "tuple", args });

describe("parseAspSymbol", () => {
  it("reads constants, numbers and nested functions", () => {
    expect(parseAspSymbol("p")).toEqual(fn("p"));
    expect(parseAspSymbol("-3")).toEqual(num(-3));
    expect(parseAspSymbol("0")).toEqual(num(0));
    expect(parseAspSymbol("2147483647")).toEqual(num(2147483647));
    expect(parseAspSymbol("true(cell(1,1,b))")).toEqual(fn("true", fn("cell", num(1), num(1), fn("b"))));
    expect(parseAspSymbol("f(-1,g(-2))")).toEqual(fn("f", num(-1), fn("g", num(-2))));
  });

  it("reads identifiers with primes and underscores", () => {
    expect(parseAspSymbol("__x'y")).toEqual(fn("__x'y"));
    expect(parseAspSymbol("a_B'9(c'')")).toEqual(fn("a_B'9", fn("c''")));
  });

  it("reads strings with escapes", () => {
    expect(parseAspSymbol('"str"')).toEqual(str("str"));
    expect(parseAspSymbol('""')).toEqual(str(""));
    expect(parseAspSymbol('"a\\\\b"')).toEqual(str("a\\b"));
    expect(parseAspSymbol('"x\\ny"')).toEqual(str("x\ny"));
    expect(parseAspSymbol('"q\\"q"')).toEqual(str('q"q'));
    expect(parseAspSymbol('p("a,b)","(")')).toEqual(fn("p", str("a,b)"), str("(")));
    expect(parseAspSymbol('"é 😀"')).toEqual(str("é 😀"));
  });

  it("reads tuples, classical negation and #inf/#sup", () => {
    expect(parseAspSymbol("(a,b)")).toEqual(tuple(fn("a"), fn("b")));
    expect(parseAspSymbol("(1,)")).toEqual(tuple(num(1)));
    expect(parseAspSymbol("()")).toEqual(tuple());
    expect(parseAspSymbol("f(a,(b,c))")).toEqual(fn("f", fn("a"), tuple(fn("b"), fn("c"))));
    expect(parseAspSymbol("f((a,b),(c,))")).toEqual(fn("f", tuple(fn("a"), fn("b")), tuple(fn("c"))));
    // a nested 1-tuple's comma is its own, not the parentheses' around it
    expect(parseAspSymbol("((a,))")).toEqual(tuple(fn("a")));
    expect(parseAspSymbol("((a,),)")).toEqual(tuple(tuple(fn("a"))));
    expect(parseAspSymbol("((a,),b)")).toEqual(tuple(tuple(fn("a")), fn("b")));
    expect(parseAspSymbol("-r(1)")).toEqual({ kind: "function", name: "r", args: [num(1)], negated: true });
    expect(parseAspSymbol("-q")).toEqual({ kind: "function", name: "q", args: [], negated: true });
    expect(parseAspSymbol("p(#inf,#sup)")).toEqual(fn("p", { kind: "infimum" }, { kind: "supremum" }));
    expect(parseAspSymbol("f()")).toEqual(fn("f"));
  });

  it("rejects what is not a symbol", () => {
    for (const bad of ["", "f(", "f(a", "f(a,)", "f(a))", '"open', "(a", "#foo", "f(a b)", ",", "p q"]) {
      expect(() => parseAspSymbol(bad), bad).toThrow(AspSymbolSyntaxError);
    }
  });

  it("prints symbols back as clingo does", () => {
    for (const s of ["true(cell(1,1,b))", "-3", '"a\\"b\\\\c\\nd"', "f(a,(b,c))", "(1,)", "()", "-p(1)", "p(#inf)", "__x'y"]) {
      expect(aspSymbolToString(parseAspSymbol(s))).toBe(s);
    }
    expect(aspSignature(parseAspSymbol("true(cell(1,1,b))"))).toBe("true/1");
    expect(aspSignature(parseAspSymbol("-p"))).toBe("-p/0");
    expect(aspSignature(parseAspSymbol("(1,2)"))).toBeUndefined();
  });

  it("reads and prints symbols 50,000 deep (the tree path of extraction: a call per level overflowed the stack)", () => {
    const n = 50_000;
    const text = `p(${"f(1,".repeat(n)}(-g(a),"s (t)",#inf)${")".repeat(n)})`;
    let symbol = parseAspSymbol(text);
    expect(aspSymbolToString(symbol) === text).toBe(true);
    symbol = (symbol as Extract<AspSymbol, { kind: "function" }>).args[0];
    for (let level = 0; level < n; level++) {
      expect(symbol.kind === "function" && symbol.name === "f" && symbol.args.length === 2).toBe(true);
      symbol = (symbol as Extract<AspSymbol, { kind: "function" }>).args[1];
    }
    expect(symbol).toEqual(tuple({ kind: "function", name: "g", args: [fn("a")], negated: true }, str("s (t)"), { kind: "infimum" }));
    const tuples = `${"(".repeat(n)}a${",)".repeat(n)}`;
    expect(aspSymbolToString(parseAspSymbol(tuples)) === tuples).toBe(true);
  });

  it("round-trips random symbols (print, parse, print)", () => {
    const identifier = fc.stringMatching(/^_{0,2}[a-z][A-Za-z0-9_']{0,6}$/);
    const { symbol } = fc.letrec<{ symbol: AspSymbol }>((tie) => ({
      symbol: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map(num),
        fc.string({ unit: "grapheme", maxLength: 6 }).map(str),
        fc.record({
          kind: fc.constant("function" as const),
          name: identifier,
          args: fc.array(tie("symbol"), { maxLength: 3 }),
          negated: fc.boolean(),
        }),
        fc.array(tie("symbol"), { maxLength: 3 }).map((args): AspSymbol => ({ kind: "tuple", args })),
      ),
    }));
    fc.assert(
      fc.property(symbol, (s) => {
        const printed = aspSymbolToString(s);
        expect(aspSymbolToString(parseAspSymbol(printed))).toBe(printed);
        expect(parseAspSymbol(printed)).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });
});
