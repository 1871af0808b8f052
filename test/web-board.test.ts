/**
 * Boards inferred from the ground game (src/report/board.ts): the axes, their order and
 * where row 1 goes, one board per fluent, hex layouts, and the games that get no board; then
 * the pieces of a state placed on them. Games written here, plus real games from
 * ../shared/games/base when that folder is there.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GroundGameBuilder } from "../src/ground/ground-game.js";
import { loadText, type AspGrounder } from "../src/pipeline.js";
import { playableDescription } from "../src/playable.js";
import { boardsOfGame, extent, inferBoards, placePieces, type Board } from "../src/report/board.js";
import { argumentWords } from "../src/report/board-evidence.js";
import { parseGdl } from "../src/syntax/parse.js";
import { createdGrounder } from "./support/grounder.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const base = path.resolve(root, "../shared/games/base");
let grounder: AspGrounder & { close(): Promise<void> };

beforeAll(async () => {
  const g = await createdGrounder("auto");
  grounder = g;
});
afterAll(() => grounder?.close());

async function boardsOf(text: string, name = "game.kif"): Promise<{ boards: Board[]; initial: string[] }> {
  const loaded = loadText(text, name);
  const outcome = await playableDescription(loaded, { grounder, timeoutSeconds: 60 });
  if (!("game" in outcome)) throw new Error(`${name}: ${outcome.status} ${outcome.diagnostics.map((d) => d.message).join("; ")}`);
  const { machine, result } = outcome.game;
  return { boards: boardsOfGame(result.game!, loaded.description, machine), initial: machine.stateToKif(machine.initialState()) };
}

const connectFour = readFileSync(path.join(root, "test/fixtures/connect-four-7x6.kif"), "utf8");

describe("boards inferred from the ground game", () => {
  it("draws connect four 7 columns × 6 rows, row 1 at the bottom (pieces land there)", async () => {
    const { boards } = await boardsOf(connectFour);
    expect(boards).toHaveLength(1);
    const [b] = boards;
    expect(b.relation).toBe("disc");
    expect(b.columns).toEqual([{ argument: 0, values: ["1", "2", "3", "4", "5", "6", "7"] }]);
    expect(b.rows).toEqual([{ argument: 1, values: ["6", "5", "4", "3", "2", "1"] }]);
    expect(b.holes).toEqual([]);
    expect(b.why).toMatch(/pieces land on 1/);
    // a piece in column 3, row 1 sits in the bottom row, third column
    const placed = placePieces(b, ["(control red)", "(disc 3 1 red)", "(disc 3 2 yellow)"]);
    expect(placed.cells).toEqual([
      { column: 2, row: 5, pieces: ["red"], fluents: ["(disc 3 1 red)"] },
      { column: 2, row: 4, pieces: ["yellow"], fluents: ["(disc 3 2 yellow)"] },
    ]);
    expect(placed.outside).toEqual([]);
  });

  it("finds the same orientation when the game writes the row first and names nothing", async () => {
    // (disc ROW COLUMN PLAYER) with neutral names: only where the pieces land tells
    const swapped = connectFour.replace(/\(disc \?c \?r/g, "(disc ?r ?c").replace(/\(disc \?c ([\w?]+)/g, "(disc $1 ?c").replace(/\?c/g, "?a").replace(/\?r/g, "?b");
    const { boards } = await boardsOf(swapped);
    expect(boards[0].columns[0]).toMatchObject({ argument: 1, values: ["1", "2", "3", "4", "5", "6", "7"] });
    expect(boards[0].rows[0]).toMatchObject({ argument: 0, values: ["6", "5", "4", "3", "2", "1"] });
  });

  it("draws tic-tac-toe with its blank as empty cells, rows in the order written", async () => {
    const { boards, initial } = await boardsOf(readFileSync(path.join(root, "corpus/valid/tictactoe.kif"), "utf8"), "tictactoe.kif");
    expect(boards).toHaveLength(1);
    const [b] = boards;
    expect([extent(b.columns), extent(b.rows)]).toEqual([3, 3]);
    expect(b.blank).toBe("empty");
    expect(placePieces(b, initial).cells).toEqual([]);
    expect(placePieces(b, [...initial.filter((f) => f !== "(cell 1 1 empty)"), "(cell 1 1 x)"]).cells).toMatchObject([{ pieces: ["x"] }]);
  });

  it("draws a hex board when the adjacency has one diagonal only", async () => {
    const hex = [
      "(role red) (role blue) (init (control red))",
      "(index 1) (index 2) (index 3) (index 4) (succ 1 2) (succ 2 3) (succ 3 4)",
      "(<= (base (cell ?i ?j ?p)) (index ?i) (index ?j) (role ?p)) (<= (base (control ?p)) (role ?p))",
      "(<= (input ?p (place ?i ?j)) (role ?p) (index ?i) (index ?j)) (<= (input ?p noop) (role ?p))",
      "(<= (free ?i ?j) (index ?i) (index ?j) (not (true (cell ?i ?j red))) (not (true (cell ?i ?j blue))))",
      "(<= (legal ?p (place ?i ?j)) (true (control ?p)) (free ?i ?j))",
      "(<= (legal red noop) (true (control blue))) (<= (legal blue noop) (true (control red)))",
      "(<= (next (cell ?i ?j ?p)) (does ?p (place ?i ?j))) (<= (next (cell ?i ?j ?p)) (true (cell ?i ?j ?p)))",
      "(<= (next (control red)) (true (control blue))) (<= (next (control blue)) (true (control red)))",
      // the six neighbours of a hex cell: along the row, along the column, and one diagonal
      "(<= (adj ?i ?j ?i ?k) (index ?i) (succ ?j ?k)) (<= (adj ?i ?j ?i ?k) (index ?i) (succ ?k ?j))",
      "(<= (adj ?i ?j ?k ?j) (index ?j) (succ ?i ?k)) (<= (adj ?i ?j ?k ?j) (index ?j) (succ ?k ?i))",
      "(<= (adj ?i ?j ?k ?l) (succ ?i ?k) (succ ?l ?j)) (<= (adj ?i ?j ?k ?l) (succ ?k ?i) (succ ?j ?l))",
      "(<= (pair ?p) (true (cell ?i ?j ?p)) (adj ?i ?j ?k ?l) (true (cell ?k ?l ?p)))",
      "(<= terminal (pair red)) (<= terminal (pair blue)) (<= (goal red 100) (pair red)) (<= (goal red 0) (not (pair red)))",
      "(<= (goal blue 100) (pair blue)) (<= (goal blue 0) (not (pair blue)))",
    ].join("\n");
    const { boards } = await boardsOf(hex, "hex.kif");
    expect(boards).toHaveLength(1);
    expect(boards[0].shape).toBe("hex");
    // and the same board with both diagonals is square
    const square = hex.replace("(<= (adj ?i ?j ?k ?l) (succ ?i ?k) (succ ?l ?j))", "(<= (adj ?i ?j ?k ?l) (succ ?i ?k) (succ ?l ?j)) (<= (adj ?i ?j ?k ?l) (succ ?i ?k) (succ ?j ?l)) (<= (adj ?i ?j ?k ?l) (succ ?k ?i) (succ ?l ?j))");
    expect((await boardsOf(square, "square.kif")).boards[0].shape).toBe("square");
  });

  it("gives no board for a relation between things of one kind (blocks world's on)", async () => {
    const blocks = [
      "(role robot) (block a) (block b) (block c)",
      "(init (on a b)) (init (clear a)) (init (clear c)) (init (table b)) (init (table c))",
      "(<= (base (on ?x ?y)) (block ?x) (block ?y) (distinct ?x ?y)) (<= (base (clear ?x)) (block ?x)) (<= (base (table ?x)) (block ?x))",
      "(<= (input robot (stack ?x ?y)) (block ?x) (block ?y) (distinct ?x ?y))",
      "(<= (legal robot (stack ?x ?y)) (true (clear ?x)) (true (clear ?y)) (true (table ?x)) (distinct ?x ?y))",
      "(<= (next (on ?x ?y)) (does robot (stack ?x ?y))) (<= (next (on ?x ?y)) (true (on ?x ?y)))",
      "(<= (covered ?y) (does robot (stack ?x ?y))) (<= (moved ?x) (does robot (stack ?x ?y)))",
      "(<= (next (clear ?x)) (true (clear ?x)) (not (covered ?x))) (<= (next (table ?x)) (true (table ?x)) (not (moved ?x)))",
      "(<= terminal (true (on c a))) (<= (goal robot 100) (true (on c a))) (<= (goal robot 0) (not (true (on c a))))",
    ].join("\n");
    expect((await boardsOf(blocks, "blocks.kif")).boards).toEqual([]);
  });

  it("says which fluents fall outside a board", () => {
    const boards = inferBoards({ game: new GroundGameBuilder().finish([], ["(p 1 1)", "(p 1 2)", "(p 2 1)", "(p 2 2)"], []) });
    expect(boards).toHaveLength(1);
    expect(placePieces(boards[0], ["(p 1 1)", "(p 3 1)"]).outside).toEqual(["(p 3 1)"]);
  });
});

describe.skipIf(!existsSync(base))("boards of real games", () => {
  const game = (name: string) => boardsOf(readFileSync(path.join(base, `${name}.kif`), "utf8"), `${name}.kif`);

  it("chess_200: files a–h across, rank 1 at the bottom", async () => {
    const [b] = (await game("chess_200")).boards;
    expect(b.columns[0].values.join("")).toBe("abcdefgh");
    expect(b.rows[0].values.join("")).toBe("87654321");
  });

  it("checkers: 8 × 8 from the first state, rank 1 at the bottom", async () => {
    const [b] = (await game("checkers")).boards;
    expect([extent(b.columns), extent(b.rows)]).toEqual([8, 8]);
    expect(b.rows[0].values[7]).toBe("1");
  });

  it("hex: a 9 × 9 hex board, row a at the top", async () => {
    const [b] = (await game("hex")).boards;
    expect(b.shape).toBe("hex");
    expect(b.rows[0].values[0]).toBe("a");
    expect(b.columns[0].values).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  });

  it("dualConnect4: one board per fluent, both drawn whole with row 1 at the bottom", async () => {
    const { boards } = await game("dualConnect4");
    expect(boards.map((b) => [b.relation, extent(b.columns), extent(b.rows), b.rows[0].values[5]]).sort()).toEqual([
      ["cell_normal", 8, 6, "1"],
      ["cell_suicide", 8, 6, "1"],
    ]);
  });
});

describe("the words of a fluent's arguments", () => {
  it("are found in a fluent written inside a term 100,000 levels deep (read from a stack, not a call per level)", () => {
    const depth = 99_990;
    const deep = `${"(f ".repeat(depth)}(cell ?col ?row)${")".repeat(depth)}`;
    const { description, diagnostics } = parseGdl(`(<= (seen ${deep}) (true (cell ?col ?row)) (file ?col)) (<= (legal p (put ?x ?y)) (true (cell ?x ?y)))`, "deep.kif");
    expect(diagnostics).toEqual([]);
    const words = argumentWords(description, "cell", 2);
    expect([...words[0].variables].sort()).toEqual(["col", "x"]);
    expect([...words[1].variables].sort()).toEqual(["row", "y"]);
    expect([...words[0].relations]).toEqual(["file"]);
  });
});
