/**
 * The prover's body order by estimated cost (src/prover/literal-cost.ts, plan.ts `bodyOrder`): the
 * cheap literal goes first (chess's `threatened` pawn clause, and a small game of ours shaped as
 * it), a state-dependent call keeps its written mode, a relation that needs a caller's binding is
 * not called before it, a static call keeps its mode when its key would be wide (sudoku), a lookup of a
 * fluent `init` never holds keeps its mode unless it becomes a test (connectFour, pentago), and the
 * prover answers as with the written order, on small cases and along
 * seeded playouts of real games; the calls searched depth-first (ground-calls.ts) stay those of the
 * written order.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import { orderBodiesByCost } from "../src/prover/literal-cost.js";
import { groundCallComponents } from "../src/prover/ground-calls.js";
import { planFor } from "../src/prover/plan.js";
import { compileProgram, type BodyLiteral, type Program } from "../src/prover/program.js";
import { parseGdl } from "../src/syntax/parse.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const base = path.resolve(root, "../shared/games/base");

/**
 * `threat`: an enemy pawn on (u, v) that captures towards (x, y), the pawns read from the state
 * first as written. `reach` reads the state; `twin` binds nothing it is not given.
 */
const PAWNS = `
  (role w) (role b)
  (opponent w b) (opponent b w)
  (owner wp w pawn) (owner bp b pawn) (owner wk w king) (owner bk b king)
  (coord 1) (coord 2) (coord 3) (coord 4)
  (next_rank 1 2) (next_rank 2 3) (next_rank 3 4)
  (next_file 1 2) (next_file 2 3) (next_file 3 4)
  (init (cell 1 1 wk)) (init (cell 4 4 bk))
  (init (cell 1 3 bp)) (init (cell 2 3 bp)) (init (cell 3 3 bp)) (init (cell 4 3 bp))
  (init (cell 1 2 wp)) (init (cell 2 2 wp)) (init (cell 3 2 wp)) (init (cell 4 2 wp))
  (init (control w))
  (<= (capture ?u ?v ?x ?y w) (next_rank ?v ?y) (next_file ?u ?x))
  (<= (capture ?u ?v ?x ?y w) (next_rank ?v ?y) (next_file ?x ?u))
  (<= (capture ?u ?v ?x ?y b) (next_rank ?y ?v) (next_file ?u ?x))
  (<= (capture ?u ?v ?x ?y b) (next_rank ?y ?v) (next_file ?x ?u))
  (<= (threat ?owner ?x ?y)
      (opponent ?owner ?opp) (owner ?piece ?opp pawn) (true (cell ?u ?v ?piece)) (capture ?u ?v ?x ?y ?opp))
  (<= (reach ?x) (true (cell ?x ?y ?p)) (owner ?p ?o pawn))
  (<= (twin ?x ?x))
  (<= (pair ?x ?y) (coord ?x) (twin ?x ?y))
  (<= (legal ?r (go ?x)) (true (control ?r)) (reach ?x) (coord ?x))
  (<= (legal ?r (mark ?x ?y))
      (true (control ?r)) (reach ?x) (coord ?y) (true (cell ?kx ?ky wk)) (not (threat ?r ?kx ?ky)) (pair ?x ?y))
  (<= (legal w castle)
      (true (control w)) (true (cell 1 1 wk)) (true (cell 2 1 b)) (not (threat w 2 1)) (not (threat w 1 1)))
  (<= (legal ?r (hop ?x)) (true (control ?r)) (coord ?x) (not (threat ?r 1 1)))
  (<= (next (control b)) (true (control w)))
  (<= (next (control w)) (true (control b)))
  (<= (next (cell ?x ?y ?p)) (true (cell ?x ?y ?p)))
  (<= terminal (true (control b)))
  (<= (goal ?r 50) (role ?r))
`;

function compiled(text: string, byCost: boolean): Program {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics).toEqual([]);
  const program = compileProgram(description);
  if (byCost) orderBodiesByCost(program);
  return program;
}

/** The literals as `relation` keys (`not ...` for a negation, `distinct`/`eq` for the others). */
function keys(literals: readonly BodyLiteral[]): string[] {
  return literals.map((l) => (l.kind === "pos" ? l.relation.key : l.kind === "neg" ? `not ${l.relation.key}` : l.kind));
}

describe("body order by cost", () => {
  it("asks the static capture before the state's pawns when the target square is bound", () => {
    // (threat ?owner ?x ?y) with all three bound: written, every enemy pawn is read and tested;
    // by cost, `capture` with the square bound (two answers) binds the pawn's square first.
    const written = compiled(PAWNS, false).relation("threat/3")!.clauses[0];
    expect(keys(planFor(written, 0b111))).toEqual(["opponent/2", "owner/3", "true(cell/3)", "capture/5"]);
    const byCost = compiled(PAWNS, true).relation("threat/3")!.clauses[0];
    expect(keys(planFor(byCost, 0b111))).toEqual(["opponent/2", "owner/3", "capture/5", "true(cell/3)"]);
  });

  it("keeps a state-dependent call in its written mode and a relation needing its caller's binding after it", () => {
    const p = compiled(PAWNS, true);
    // `reach ?x` reads the state: `coord ?x` (one of four) is not moved before it to make it a test.
    expect(keys(planFor(p.relation("legal/2")!.clauses[0], 0b01))).toEqual(["true(control/1)", "reach/1", "coord/1"]);
    // `twin` binds nothing it is not given: it stays after `coord ?x`, though `coord` has more answers.
    expect(keys(planFor(p.relation("pair/2")!.clauses[0], 0))).toEqual(["coord/1", "twin/2"]);
    // The king's square (one answer) is read first, but the `not` of a state-dependent relation
    // it binds waits for the positive literals written before it.
    const mark = keys(planFor(p.relation("legal/2")!.clauses[1], 0b01));
    expect(mark.slice(0, 2)).toEqual(["true(control/1)", "true(cell/3)"]);
    expect(mark.indexOf("not threat/3")).toBeGreaterThan(mark.indexOf("reach/1"));
    expect(mark.indexOf("not threat/3")).toBeGreaterThan(mark.indexOf("coord/1"));
  });

  it("asks a `not` of a state-dependent relation after the positive literals written before it, even when bound from the start", () => {
    // castling: the threats to fixed squares wait for the control and the cells (before, bound from
    // the start, they came first: chess asked its castling threats in every state, and of the role
    // not in control)
    const castle = keys(planFor(compiled(PAWNS, true).relation("legal/2")!.clauses[2], 0b11));
    expect(castle.slice(3)).toEqual(["not threat/3", "not threat/3"]);
    expect(castle.slice(0, 3).sort()).toEqual(["true(cell/3)", "true(cell/3)", "true(control/1)"]);
    // but not for a literal written before it that has answers to walk (`coord ?x`, four): it would be asked per answer
    expect(keys(planFor(compiled(PAWNS, true).relation("legal/2")!.clauses[3], 0b01))).toEqual(["true(control/1)", "not threat/3", "coord/1"]);
  });

  it("answers as the written order on the small game", () => {
    const { description } = parseGdl(PAWNS, "inline.kif");
    const byCost = Prover.fromDescription(description);
    const written = Prover.fromDescription(description, { bodyOrder: "written" });
    const state = byCost.initialState();
    expect(byCost.legalMoves(state, "w")).toEqual(written.legalMoves(state, "w"));
    expect(byCost.instances(state, "threat", 3)).toEqual(written.instances(state, "threat", 3));
    // bp on row 3 captures towards row 2: (1 3) covers (2 2); (2 3) covers (1 2), (3 2); ...
    expect(byCost.instances(state, "threat", 3).filter(([owner]) => owner === "w").sort()).toEqual([
      ["w", "1", "2"],
      ["w", "2", "2"],
      ["w", "3", "2"],
      ["w", "4", "2"],
    ]);
    expect(byCost.instances(state, "pair", 2)).toEqual(written.instances(state, "pair", 2));
  });
});

const GAMES = ["chess", "alexChess", "slaughter", "checkers", "breakthrough", "othello-comp2007", "connectFour", "pentago", "sudoku", "laikLee_hex", "amazons"];
describe("body order by cost on real games", () => {
  it.skipIf(!existsSync(base))("keeps the chess pawn clause's capture before the pawns", () => {
    const file = path.join(base, "chess.kif");
    const program = compileProgram(parseGdl(readFileSync(file, "utf8"), file).description);
    orderBodiesByCost(program);
    const pawn = program.relation("threatened/5")!.clauses[0];
    const order = keys(planFor(pawn, 0b11111));
    expect(order.indexOf("pawn_capture/5")).toBeLessThan(order.indexOf("true(cell/3)"));
  });

  it.skipIf(!existsSync(base))("leaves the same components to depth-first searches (ground-calls.ts)", () => {
    for (const game of ["chess", "alexChess", "slaughter"]) {
      const file = path.join(base, `${game}.kif`);
      const { description } = parseGdl(readFileSync(file, "utf8"), file);
      const byCost = compileProgram(description);
      orderBodiesByCost(byCost);
      const components = groundCallComponents(byCost);
      expect([...components].some((c) => c >= 0), game).toBe(true);
      expect([...components], game).toEqual([...groundCallComponents(compileProgram(description))]);
    }
  });

  it.skipIf(!existsSync(base))("keeps a static call with more than three positions bound by variables in its written mode", () => {
    // sudoku's goodrow reads a row's nine marks, then asks (exactlyone k m1 ... m9) fully bound; asked
    // with seven marks bound, each set of seven values would be a static table of its own.
    const file = path.join(base, "sudoku.kif");
    const program = compileProgram(parseGdl(readFileSync(file, "utf8"), file).description);
    orderBodiesByCost(program);
    const order = keys(planFor(program.relation("goodrow/1")!.clauses[0], 0b1));
    expect(order.indexOf("exactlyone/10")).toBe(order.lastIndexOf("true(mark/3)") + 1);
  });

  it.skipIf(!existsSync(base))("keeps a lookup of a fluent init never holds in its written mode unless it becomes a test", () => {
    // connectFour's `line`: no cell is in the initial state, so the count of the player's stones is a
    // guess; the written order reads them first and walks `succ` from each, which stays (walking the
    // `succ` chain first and reading the stones of one column was slower).
    const programOf = (game: string) => {
      const file = path.join(base, `${game}.kif`);
      const program = compileProgram(parseGdl(readFileSync(file, "utf8"), file).description);
      orderBodiesByCost(program);
      return program;
    };
    const connectFour = programOf("connectFour");
    for (const clause of connectFour.relation("line/1")!.clauses) expect(keys(planFor(clause, 0b1))[0]).toBe("true(cell/3)");
    // pentago's `row`: static literals bind a cell's whole position, so the lookup becomes a test: allowed.
    const pentago = programOf("pentago");
    const row = keys(planFor(pentago.relation("row/1")!.clauses[0], 0b1));
    expect(row.indexOf("globalindex/5")).toBeLessThan(row.indexOf("true(cellholds/4)"));
  });

  it.skipIf(!existsSync(base))("answers as the written order along seeded random playouts", () => {
    for (const game of GAMES) {
      const file = path.join(base, `${game}.kif`);
      const description = parseGdl(readFileSync(file, "utf8"), file).description;
      const byCost = Prover.fromDescription(description);
      const written = Prover.fromDescription(description, { bodyOrder: "written" });
      expectSameAlongPlayouts(byCost, written, game, { seed: 2911, playouts: 2, steps: 20 });
    }
  });
});
