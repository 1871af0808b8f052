/**
 * Names that a plain KIF text cannot hold (infix's quoted names with a blank or a parenthesis:
 * `'(f x)'`, `'x y'`) are written in KIF as `|(f x)|`, `|x y|`, so that the KIF of a term is one
 * per term: the ground game's base and input, its atoms, the propnet's propositions and every state
 * machine's states and moves (all keyed by KIF text) keep `cell('(f x)')` apart from `cell(f(x))`,
 * and what is read back from that KIF (the prover's states, the command line's `--to infix`) is the
 * term as written. Before, both fluents were `(cell (f x))`: one base proposition, and a state that
 * held `cell('(f x)')` held `cell(f(x))` too; a move `'x y'` printed as `move(x, y)`.
 */
import { describe, expect, it } from "vitest";
import * as lib from "../src/index.js";
import type { ClosableGrounder, GameStateMachine, StateHandle } from "../src/index.js";
import { withGrounder } from "./support/grounder.js";

/** `cell('(f x)')` holds from the start; `cell(f(x))` only after the move `'x y'`, and ends the game. */
const GAME = [
  "role(white).",
  "init(cell('(f x)')).",
  "legal(white, move('x y')).",
  "legal(white, noop).",
  "next(cell('(f x)')) :- true(cell('(f x)')).",
  "next(cell(f(x))) :- does(white, move('x y')).",
  "terminal :- true(cell(f(x))).",
  "goal(white, 100) :- true(cell(f(x))).",
  "goal(white, 0) :- not true(cell(f(x))).",
].join("\n");

let grounder: ClosableGrounder;
withGrounder("wasm", (made) => (grounder = made));

function load(): lib.LoadResult {
  const loaded = lib.loadText(GAME, "names.gdl", { syntax: "infix" });
  expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return loaded;
}

const infixOf = (kif: string) => lib.termToInfix(lib.parseKifTerm(kif, { caseSensitive: true }));

describe("a quoted name with parentheses and a blank beside the compound term it reads like", () => {
  it("are two base fluents, two atoms and two lines of the ground game", async () => {
    const { game } = await lib.groundDescription(load(), { grounder, timeoutSeconds: 30 });
    expect(game!.base.map((f) => lib.termToInfix(lib.groundTerm(game!, f))).sort()).toEqual(["cell('(f x)')", "cell(f(x))"]);
    expect(new Set(game!.atoms.kif).size).toBe(game!.atoms.length);
    const lines = lib.groundGameToInfix(game!).split("\n");
    expect(lines).toContain("base(cell('(f x)')).");
    expect(lines).toContain("base(cell(f(x))).");
    expect(lines).toContain("input(white, move('x y')).");
    expect(lines).toContain("terminal :- true(cell(f(x))).");
  });

  for (const engine of ["fast", "reference", "prover"] as const) {
    it(`are two fluents of the ${engine} engine's states, its moves read back as written`, async () => {
      const playable = await lib.playableDescription(load(), { grounder, timeoutSeconds: 30, engine });
      if (!("game" in playable)) throw new Error(playable.diagnostics.map(lib.formatDiagnostic).join("\n"));
      const sm: GameStateMachine = playable.game.machine;
      const shown = (state: StateHandle) => sm.stateToKif(state).map(infixOf).sort();
      const initial = sm.initialState();
      expect(sm.isTerminal(initial)).toBe(false);
      expect(shown(initial)).toEqual(["cell('(f x)')"]);
      expect(sm.legalMoveKifs(initial, 0).map(infixOf).sort()).toEqual(["move('x y')", "noop"]);
      const noop = sm.moveIndex(0, "noop")!;
      expect(sm.isTerminal(sm.nextState(initial, [noop]))).toBe(false);
      const move = sm.moveIndex(0, lib.termToKif(lib.parseGdl("m(move('x y')).", "m.gdl", { syntax: "infix" }).description.rules[0].head.args[0]));
      expect(move).toBeDefined();
      const after = sm.nextState(initial, [move!]);
      expect(shown(after)).toEqual(["cell('(f x)')", "cell(f(x))"]);
      expect(sm.isTerminal(after)).toBe(true);
      expect(sm.goals(after)).toEqual([100]);
    });
  }
});

describe("a name's KIF (kifName) and reading it back (parseKifTerm)", () => {
  const constant = (name: string): lib.Term => ({ kind: "constant", name, pos: lib.NO_POSITION });
  const compound = (functor: string, ...args: lib.Term[]): lib.Term => ({ kind: "compound", functor, args, pos: lib.NO_POSITION });

  it("writes a name that KIF's tokens cannot hold between bars, every other name as it is", () => {
    expect(lib.termToKif(compound("cell", constant("(f x)")))).toBe("(cell |(f x)|)");
    expect(lib.termToKif(compound("cell", compound("f", constant("x"))))).toBe("(cell (f x))");
    expect(lib.termToKif(compound("x y", constant("?a"), constant("a|b"), constant("a \\b"), constant("a\\b"), constant("")))).toBe("(|x y| |?a| |a\\|b| |a \\\\b| |a\\\\b| ||)");
    // and a name with a character the KIF description reader refuses outside bars (' , \ ...), a ;, or <=
    expect(lib.termToKif(compound("mark", constant("1"), constant("a-b'"), constant("+"), constant("a;b"), constant("a,b"), constant("<="), constant("<=>")))).toBe("(mark 1 |a-b'| + |a;b| |a,b| |<=| <=>)");
  });

  it("reads every such text back as the term it was written from, a bar name never a parenthesis or a variable", () => {
    const terms = [
      compound("cell", constant("(f x)")),
      compound("cell", compound("f", constant("x"))),
      compound("x y", constant("?a"), constant("a|b"), constant("a \\b"), constant("a\\b"), constant(""), constant(")"), constant("(")),
      compound("(", compound(")")),
    ];
    for (const term of terms) expect(lib.termToKif(lib.parseKifTerm(lib.termToKif(term), { caseSensitive: true }))).toBe(lib.termToKif(term));
    expect(lib.parseKifTerm("(f |?a| ?b)").kind === "compound" && (lib.parseKifTerm("(f |?a| ?b)") as lib.Compound).args.map((a) => a.kind)).toEqual(["constant", "variable"]);
    expect(() => lib.parseKifTerm("(move |x y)")).toThrow(/unclosed '\|'/);
  });
});

describe("the written ground terms an unsafe variable ranges over", () => {
  // writtenGroundTerms keeps each term once by its KIF: the constant '(f x)' and the term f(x) were one
  const UNSAFE = ["role(r).", "p('(f x)').", "q(f(x)).", "init(s).", "legal(r, a(X)) :- ~p(X).", "next(t) :- does(r, a(s)).", "terminal :- true(t).", "goal(r, 100)."].join("\n");

  for (const engine of ["fast", "prover"] as const) {
    it(`keep '(f x)' and f(x) apart (${engine} engine)`, async () => {
      const loaded = lib.loadText(UNSAFE, "unsafe.gdl", { syntax: "infix" });
      expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const playable = await lib.playableDescription(loaded, { grounder, timeoutSeconds: 30, engine });
      if (!("game" in playable)) throw new Error(playable.diagnostics.map(lib.formatDiagnostic).join("\n"));
      const sm = playable.game.machine;
      const legal = sm.legalMoveKifs(sm.initialState(), 0).map(infixOf);
      expect(legal).toContain("a(f(x))");
      expect(legal).not.toContain("a('(f x)')");
    });
  }
});
