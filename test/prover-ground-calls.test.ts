/**
 * The prover's depth-first search of fully bound calls (src/prover/ground-calls.ts and
 * `searchGround` in src/prover/evaluator.ts): a "no" that relied on a loop back to a call still
 * being searched is not kept, a cycle through negation is still reported, and on real games the
 * answers are those of the prover with every call tabled (`groundLoopLimit: 0`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";
import { compileProgram } from "../src/prover/program.js";
import { groundCallComponents } from "../src/prover/ground-calls.js";
import { parseGdl } from "../src/syntax/parse.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const base = path.resolve(root, "../shared/games/base");

function prover(text: string, groundLoopLimit?: number): Prover {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics).toEqual([]);
  return Prover.fromDescription(description, { groundLoopLimit });
}

/**
 * `path` is asked fully bound. From a, the links are tried b first: b's links lead back to a
 * (a loop) and to the dead end e (a search of its own), so (path b c) is "no" there, relying on
 * (path a c) being searched; then d, which reaches c. (path b c) is true — b, a, d, c — and must be when asked next in the same state.
 */
const LOOP = `
  (role w)
  (init (at a)) (init (link a b)) (init (link a d)) (init (link b a)) (init (link b e)) (init (link d c))
  (target c)
  (<= (path ?x ?y) (true (link ?x ?y)))
  (<= (path ?x ?y) (true (link ?x ?z)) (path ?z ?y))
  (<= (legal w (go ?y)) (true (at ?x)) (target ?y) (path ?x ?y))
  (<= terminal (path b c))
  (<= (next (at ?y)) (does w (go ?y)))
  (goal w 100)
`;

describe("fully bound calls searched depth-first", () => {
  it("searches the relations whose recursive calls stay bound, and only those", () => {
    const program = compileProgram(parseGdl(LOOP, "inline.kif").description);
    const components = groundCallComponents(program);
    const searched = (key: string) => components[program.relation(key)!.index] >= 0;
    expect(searched("path/2")).toBe(true);
    expect(searched("legal/2")).toBe(true);
    expect(searched("target/1")).toBe(false); // facts only
    const free = compileProgram(
      parseGdl(`(role w) (<= (reach ?x ?y) (true (e ?x ?y))) (<= (reach ?x ?z) (reach ?x ?y) (true (e ?y ?z))) (<= (legal w ?y) (reach a ?y))`, "i.kif").description,
    );
    // reach calls itself with ?y free (left recursion): its calls are tabled.
    expect(groundCallComponents(free)[free.relation("reach/2")!.index]).toBe(-1);
  });

  it("does not keep a no that relied on a loop back to a call being searched", () => {
    const r = prover(LOOP);
    const s = r.initialState();
    expect(r.legalMoves(s, "w")).toEqual(["(go c)"]);
    expect(r.isTerminal(s)).toBe(true);
    // The other order, and every call tabled, agree.
    const other = prover(LOOP);
    expect(other.isTerminal(s)).toBe(true);
    expect(other.legalMoves(s, "w")).toEqual(["(go c)"]);
    const tabled = prover(LOOP, 0);
    expect(tabled.legalMoves(s, "w")).toEqual(["(go c)"]);
    expect(tabled.isTerminal(s)).toBe(true);
    // Past the loop limit, the rest of the calls are tabled, mixed with the searches begun before.
    for (const limit of [1, 2]) {
      const mixed = prover(LOOP, limit);
      expect(mixed.legalMoves(s, "w"), `limit ${limit}`).toEqual(["(go c)"]);
      expect(mixed.isTerminal(s), `limit ${limit}`).toBe(true);
    }
  });

  it("still reports a cycle through negation met by a search", () => {
    const r = prover(`
      (role w) (init (s a))
      (<= (p ?x) (true (s ?x)) (not (q ?x)))
      (<= (q ?x) (true (s ?x)) (not (p ?x)))
      (<= (legal w ?x) (true (s ?x)) (p ?x))
      (next (s a)) (goal w 100) (<= terminal (true (s b)))
    `);
    expect(() => r.legalMoves(r.initialState(), "w")).toThrow(/not stratified/);
  });

  const GAMES = ["chess", "alexChess", "slaughter", "checkers", "breakthrough", "hex", "pentago", "connectFour"];
  it.skipIf(!existsSync(base))("answers as the prover with every call tabled, along seeded random playouts of real games", () => {
    for (const game of GAMES) {
      const file = path.join(base, `${game}.kif`);
      const description = parseGdl(readFileSync(file, "utf8"), file).description;
      const searched = Prover.fromDescription(description);
      const tabled = Prover.fromDescription(description, { groundLoopLimit: 0 });
      expectSameAlongPlayouts(searched, tabled, game, { seed: 12345, playouts: 1, steps: 12 });
    }
  });
});
