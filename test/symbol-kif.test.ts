/**
 * clingo's symbols written straight to KIF (src/ground/symbol-kif.ts): terms as deep as the reader
 * takes are written there, not left to the caller's tree path (it stopped at 500 levels, and a game
 * with terms 1,900 deep then spent 12.6 s extracting, most of it the trees' garbage); deeper than
 * its limit it still says false.
 */
import { describe, expect, it } from "vitest";
import { KifWriter } from "../src/ground/symbol-kif.js";
import { SymbolTable } from "../src/translate/symbols.js";

/** `c(f(f(...f(0)...)))` with `depth` f's, as clingo prints it, and its KIF. */
function nested(depth: number): { asp: string; kif: string } {
  return { asp: `c(${"f(".repeat(depth)}0${")".repeat(depth)})`, kif: `(c ${"(f ".repeat(depth)}0${")".repeat(depth)})` };
}

function written(asp: string): string | false {
  const symbols = new SymbolTable();
  const relation = symbols.name("c");
  symbols.name("f");
  const bytes = new TextEncoder().encode(asp);
  const writer = new KifWriter(bytes, symbols);
  writer.begin();
  if (!writer.writeAtom(0, bytes.length, writer.nameOf(symbols.gdlName(relation)!))) return false;
  const r = writer.end();
  writer.finish();
  return writer.text(r);
}

describe("symbols written as KIF", () => {
  it("writes a term 1,999 levels deep (the reader's limit is 2,000)", () => {
    for (const depth of [1, 499, 501, 1999]) {
      const { asp, kif } = nested(depth);
      expect(written(asp)).toBe(kif);
    }
  });

  it("leaves a term deeper than its limit to the tree path", () => {
    expect(written(nested(6000).asp)).toBe(false);
  });
});
