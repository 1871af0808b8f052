/**
 * clingo's symbols written straight to KIF (src/ground/symbol-kif.ts): terms of any depth are
 * written there, not left to the caller's tree path (it stopped at 500 levels, and a game with
 * terms 1,900 deep then spent 12.6 s extracting, most of it the trees' garbage; then at 5,000,
 * a call per level).
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
  it("writes terms at any depth (it took 5,000 levels, a call per level, and left deeper ones to the tree path)", () => {
    for (const depth of [1, 499, 501, 1999, 5001, 100_000]) {
      const { asp, kif } = nested(depth);
      expect(written(asp) === kif).toBe(true);
    }
  });

  it("leaves a term it cannot write to the tree path, at any depth", () => {
    expect(written(nested(100_000).asp.replace("0", '"s"'))).toBe(false);
    expect(written(nested(100_000).asp.replace("0", "(a,b)"))).toBe(false);
  });
});
