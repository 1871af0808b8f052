/**
 * Keys of constants and functions that a name could forge. KIF reads `f/1` and `g/2` as constants,
 * and keys written `name/arity` took them for the function f of one argument and g of two:
 * - fixed-fluents.ts keyed a constant by its name and a function as `name/arity`, and named the
 *   static relation of the constant `g/2` after `g`: the constant `g` held wherever `g/2` did, and a
 *   fixed constant `f/1` took the function f(_)'s relation (its `true (f a)` then never held);
 * - the prover's input relations were `true(f/1)` for both `(true f/1)` and `(true (f ?x))`.
 * Each game below is terminal with goal 100 in its initial state exactly when `won` says so.
 */
import { describe, expect, it } from "vitest";
import * as lib from "../src/index.js";
import type { ClosableGrounder } from "../src/index.js";
import { translate } from "../src/translate/index.js";
import { withGrounder } from "./support/grounder.js";

let grounder: ClosableGrounder;
withGrounder("wasm", (made) => (grounder = made));

/** A one-player game: `won` (or step 1) ends it, goal 100 when `won`; `init` and `rules` say when `won` holds. */
const game = (init: string, ...rules: string[]) =>
  [
    "(role r)",
    init,
    "(init (step 0))",
    "(<= (next (step 1)) (true (step 0)))",
    "(legal r noop)",
    "(<= terminal won)",
    "(<= terminal (true (step 1)))",
    "(<= (goal r 100) won)",
    "(<= (goal r 0) (not won))",
    ...rules,
  ].join("\n");

const GAMES = {
  // the constants g and g/2 are both fixed; only g/2 holds: g never does
  "fixed constants g and g/2": { text: game("(init g/2)", "(<= (next g) (true g))", "(<= (next g/2) (true g/2))", "(<= won (true g))"), won: false },
  // the constant f/1 and the function f(_) are both fixed; (f a) holds from the start
  "fixed constant f/1 and fixed function f(_)": { text: game("(init (f a))", "(<= (next f/1) (true f/1))", "(<= (next (f ?x)) (true (f ?x)))", "(<= won (true (f ?x)))"), won: true },
  // the constant f/1 holds, the function f(_) never does (the prover read f/1 as an f(_))
  "constant f/1 beside the function f(_)": { text: game("(init f/1)", "(<= (next f/1) (true f/1))", "(<= won (true (f ?x)))"), won: false },
  // the same with a move: after the move f/1, does(r, (f ?x)) did not hold
  "move f/1 beside the move f(_)": { text: game("(legal r f/1)", "(<= (next hit) (does r (f ?x)))", "(<= won (true hit))"), won: false, move: "f/1" },
} as const;

describe("a constant named like name/arity is not the function name/arity", () => {
  for (const [name, g] of Object.entries(GAMES)) {
    const { text, won } = g;
    for (const engine of ["fast", "reference", "prover"] as const) {
      it(`${name} (${engine} engine)`, async () => {
        const loaded = lib.loadText(text, `${name}.kif`, { syntax: "kif" });
        expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const playable = await lib.playableDescription(loaded, { grounder, timeoutSeconds: 30, engine });
        if (!("game" in playable)) throw new Error(playable.diagnostics.map(lib.formatDiagnostic).join("\n"));
        const sm = playable.game.machine;
        const initial = sm.initialState();
        expect(sm.isTerminal(initial)).toBe(won);
        if (won) expect(sm.goals(initial)).toEqual([100]);
        else {
          const move = "move" in g ? sm.moveIndex(0, g.move)! : sm.legalMoves(initial, 0)[0];
          expect(sm.legalMoves(initial, 0)).toContain(move);
          const next = sm.nextState(initial, [move]);
          expect(sm.isTerminal(next)).toBe(true);
          expect(sm.goals(next)).toEqual([0]);
        }
      });
    }
  }

  it("fixed fluents: the constant g's static relation is made of init(g) alone (init(g/2) made it too); both listed as name/arity as before", () => {
    const loaded = lib.loadText(GAMES["fixed constants g and g/2"].text, "g.kif", { syntax: "kif" });
    const program = translate(loaded.description!).program!;
    expect(program.stats.fixedFluents).toEqual(["g", "g/2"]);
    const lines = program.text.split("\n");
    const read = lines.find((l) => l.startsWith("won :- "))!.slice("won :- ".length, -1); // true g, as a static relation
    expect(lines.filter((l) => l.startsWith(`${read} :- `))).toEqual([`${read} :- init(g).`]);
  });
});
