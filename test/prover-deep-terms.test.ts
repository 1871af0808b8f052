/**
 * Terms nested far deeper than a JavaScript stack holds calls, through the prover: interning and
 * printing a term by id (term-store.ts). Each walked with a call per level before and overflowed
 * the stack from a few thousand levels; the readers take terms 100,000 levels deep.
 */
import { describe, expect, it } from "vitest";
import { NO_POSITION, type Term } from "../src/syntax/ast.js";
import { parseGdl } from "../src/syntax/parse.js";
import { termToKif } from "../src/syntax/print.js";
import { TermStore } from "../src/prover/term-store.js";

/** `(f (f ... inner))`, `depth` levels of f. */
const nested = (depth: number, inner: string): string => `${"(f ".repeat(depth)}${inner}${")".repeat(depth)}`;

/** A term of `(g (f (f ... a)) b)` shape built without the reader, `depth` levels of f. */
function deepTerm(depth: number): Term {
  const pos = NO_POSITION;
  let t: Term = { kind: "constant", name: "a", pos };
  for (let k = 0; k < depth; k++) t = { kind: "compound", functor: "f", args: [t], pos };
  return { kind: "compound", functor: "g", args: [t, { kind: "constant", name: "b", pos }, { kind: "compound", functor: "h", args: [], pos }], pos };
}

describe("the term store on terms 100,000 levels deep", () => {
  it("interns them (ids as a call per level gave them) and prints them back as termToKif does", () => {
    const term = deepTerm(100_000);
    const store = new TermStore();
    const id = store.intern(term);
    expect(store.kif(id)).toBe(termToKif(term));
    expect(store.intern(term)).toBe(id);
    // the symbols in written order, each compound after its arguments
    expect(store.symbolNames).toEqual(["g", "f", "a", "b", "h"]);
    expect(store.kif(store.argsOf[id]![0])).toBe(nested(100_000, "a"));
    expect(store.symbolOf[0]).toBe(store.symbol("a"));
    expect(store.size).toBe(100_000 + 4);
  });

  it("prints a deep term made of compounds of ids, and its subterms from what it kept", () => {
    const store = new TermStore();
    const f = store.symbol("f");
    let id = store.constant("a");
    const ids = [id];
    for (let k = 0; k < 100_000; k++) ids.push((id = store.compound(f, [id, store.constant("b")])));
    expect(store.kif(id)).toBe(`${"(f ".repeat(100_000)}a${" b)".repeat(100_000)}`);
    expect(store.kif(ids[3])).toBe("(f (f (f a b) b) b)");
  });

  it("throws on a variable deep inside", () => {
    const { description } = parseGdl(`(p ${nested(50_000, "?x")})`);
    expect(() => new TermStore().intern(description.rules[0].head.args[0])).toThrow(/cannot intern the variable \?x/);
  });
});
