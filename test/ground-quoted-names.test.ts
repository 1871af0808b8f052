/**
 * The infix ground game keeps names that KIF text cannot hold: infix's quoted names with a blank
 * (`'a b'`, whose KIF is `a b`) and, read case-sensitively, names in upper case. The role, base
 * and input facts are printed from their terms (GroundGame.irregularTerms, or their KIF read back
 * as written), as the other atoms are: read again from KIF, `base(cell('a b'))` came out as
 * `base(cell(a, b))`, a role `'w x'` stopped the printer, and `'X-y'` came out as `'x-y'`.
 */
import { describe, expect, it } from "vitest";
import * as lib from "../src/index.js";
import type { ClosableGrounder } from "../src/index.js";
import { withGrounder } from "./support/grounder.js";

const GAME = [
  "role('w x').",
  "role(black).",
  "init(cell('a b')).",
  "init(step(0)).",
  "legal(R, move('x y')) :- role(R).",
  "legal(R, move('X-y')) :- role(R).",
  "next(cell('a b')) :- true(cell('a b')).",
  "next(cell('Ab')) :- does(black, move('X-y')).",
  "next(step(1)) :- true(step(0)).",
  "terminal :- true(step(1)).",
  "goal('w x', 100).",
  "goal(black, 0).",
].join("\n");

let grounder: ClosableGrounder;
withGrounder("wasm", (made) => (grounder = made));

async function groundInfix(text: string, caseSensitive: boolean): Promise<string> {
  const loaded = lib.loadText(text, "quoted.gdl", { syntax: "infix", caseSensitive });
  expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const { game } = await lib.groundDescription(loaded, { grounder, timeoutSeconds: 30 });
  return lib.groundGameToInfix(game!);
}

describe("the infix ground game's role, base and input facts", () => {
  it("keep names with a blank: printed from their terms, not read again from their KIF", async () => {
    const text = await groundInfix(GAME, false);
    const lines = text.split("\n");
    expect(lines).toContain("role('w x').");
    expect(lines).toContain("base(cell('a b')).");
    expect(lines).toContain("input('w x', move('x y')).");
    expect(lines).toContain("input(black, move('x y')).");
    expect(lines).toContain("init(cell('a b')).");
    expect(text).not.toMatch(/cell\(a, b\)|move\(x, y\)/);
    // what it prints reads back as the same terms: every base fluent is one init or next writes
    const read = lib.parseGdl(text, "ground.gdl", { syntax: "infix" });
    expect(read.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const argsOf = (relation: string) => read.description.rules.filter((r) => r.head.relation === relation).map((r) => lib.termToInfix(r.head.args.at(-1)!));
    expect(new Set(argsOf("base"))).toEqual(new Set([...argsOf("init"), ...argsOf("next")]));
    expect(new Set(argsOf("input"))).toEqual(new Set(argsOf("legal")));
  });

  it("keep the case of names read case-sensitively", async () => {
    const lines = (await groundInfix(GAME.replaceAll("'w x'", "white"), true)).split("\n");
    expect(lines).toContain("base(cell('Ab')).");
    expect(lines).toContain("input(black, move('X-y')).");
    expect(lines).toContain("legal(black, move('X-y')).");
  });
});
