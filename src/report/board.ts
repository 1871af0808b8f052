/**
 * Boards inferred from a ground game, for a page or a report to draw states on: a fluent with
 * two coordinate arguments whose values form ranges (consecutive numbers, consecutive letters,
 * or a stretch of one of the game's succession relations), read from `base` so that the whole
 * board is known before the first move. Which argument is the column and where row 1 goes
 * come from the game (board-evidence.ts): a move that drops pieces onto a fixed row, then the
 * words it uses for each argument (x/y, file/rank, row/col, next_rank, ...), then the kind of
 * values (letters across, numbers up, as on a chess board), and last the order written (row,
 * column, as in `(cell ?m ?n)`). One board per such fluent; a hex layout when the cells that
 * occur together in ground clauses are neighbours along one diagonal only.
 * Pure data in, pure data out: no DOM, no Node (the page's worker and scripts/board-survey.ts
 * call it). Why: the page drew connect four transposed and only over its occupied cells, its
 * second board not at all, and hex as 81 move buttons.
 */
import type { Description, Term } from "../syntax/ast.js";
import type { GroundGame } from "../ground/ground-game.js";
import type { GameStateMachine } from "../propnet/machine.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { termToKif } from "../syntax/print.js";
import {
  argumentWords,
  directionVotes,
  gravityOf,
  neighbourOffsets,
  successionChains,
  type ArgumentWords,
  type AxisWord,
  type Chain,
} from "./board-evidence.js";

/** One coordinate of a board: an argument of the fluent and its values in drawing order. */
export interface BoardAxis {
  /** The argument's index in the fluent (0 for the first argument). */
  readonly argument: number;
  /** Columns: left to right. Rows: top to bottom. */
  readonly values: readonly string[];
}

export interface Board {
  /** The fluent's relation and arity: `cell`, 3. */
  readonly relation: string;
  readonly arity: number;
  /**
   * The coordinates across, outermost first: one axis for a plain board; two for boards of
   * boards (nine-board tic-tac-toe's `(mark i j k l x)`, sudoku) and for layers side by side
   * (3D tic-tac-toe's `z`). A cell's column index counts through them in mixed radix.
   */
  readonly columns: readonly BoardAxis[];
  /** The coordinates down, outermost first. */
  readonly rows: readonly BoardAxis[];
  /** `hex`: rows shifted by half a cell each, neighbours along one diagonal (`skew` says which way). */
  readonly shape: "square" | "hex";
  /** For hex boards: +1 when each row is shifted right of the one above it, −1 when left. */
  readonly skew: 1 | -1;
  /** Cells of the rectangle that no fluent of `base` names (`column,row` indices), not drawn. */
  readonly holes: readonly string[];
  /** The other arguments, whose values are the piece on a cell. */
  readonly pieceArguments: readonly number[];
  /** The piece that means an empty cell (most of the cells in the initial state), if there is one. */
  readonly blank?: string;
  /** How the orientation was decided, in words (for a tooltip and the survey). */
  readonly why: string;
}

/** A board's cells in a state. */
export interface BoardState {
  /** Occupied cells: column and row indices, the pieces (the other arguments as KIF, `""` without any) and the fluents. */
  readonly cells: readonly { readonly column: number; readonly row: number; readonly pieces: readonly string[]; readonly fluents: readonly string[] }[];
  /** Fluents of the board's relation that fall outside its cells (a board drawn wrong). */
  readonly outside: readonly string[];
}

export interface BoardInput {
  readonly game: Pick<GroundGame, "base" | "atoms" | "clauses">;
  readonly description?: Description;
  /** The initial state as KIF fluents (for the blank piece, and to tell a layer from a piece). */
  readonly initialState?: readonly string[];
  /** The states after the first joint moves (some or all), as KIF fluents: where pieces land (gravity). */
  readonly firstMoves?: readonly (readonly string[])[];
}

/** The number of cells across or down: the product of the axes' sizes. */
export function extent(axes: readonly BoardAxis[]): number {
  return axes.reduce((n, a) => n * a.values.length, 1);
}

/** The flat index of a cell along axes (outermost first), or undefined when a value is not on them. */
export function flatIndex(axes: readonly BoardAxis[], valueAt: (argument: number) => string): number | undefined {
  let index = 0;
  for (const axis of axes) {
    const i = axis.values.indexOf(valueAt(axis.argument));
    if (i < 0) return undefined;
    index = index * axis.values.length + i;
  }
  return index;
}

/** Bounds on what is drawn as a board. */
export const BOARD_LIMITS = {
  /** Values of one coordinate. */
  maxSide: 40,
  minSide: 2,
  /** Share of the rectangle's cells that base must name. */
  minCoverage: 0.4,
  /** Distinct pieces (values of the other arguments). */
  maxPieces: 64,
  /** Boards per game. */
  maxBoards: 6,
} as const;

interface Fluents {
  readonly relation: string;
  readonly arity: number;
  /** Each fluent's arguments as KIF. */
  readonly tuples: readonly (readonly string[])[];
}

type Coordinates = ReadonlyMap<number, readonly string[]>;

/** The boards of a game, largest first; empty when none is found. */
export function inferBoards(input: BoardInput): Board[] {
  const caseSensitive = input.description?.caseSensitive === true;
  const chains = input.description ? successionChains(input.description) : new Map<string, Chain>();
  const byRelation = new Map<string, { relation: string; arity: number; tuples: string[][] }>();
  for (const kif of input.game.base) {
    const args = fluentArguments(kif, caseSensitive);
    if (!args || args.args.length < 2) continue;
    const key = `${args.relation}/${args.args.length}`;
    let entry = byRelation.get(key);
    if (!entry) byRelation.set(key, (entry = { relation: args.relation, arity: args.args.length, tuples: [] }));
    entry.tuples.push(args.args);
  }
  const candidates: { fluents: Fluents; coordinates: Map<number, string[]> }[] = [];
  for (const fluents of byRelation.values()) {
    const coordinates = new Map<number, string[]>();
    for (let i = 0; i < fluents.arity; i++) {
      const values = orderedRange(new Set(fluents.tuples.map((t) => t[i])), chains);
      if (values) coordinates.set(i, values);
    }
    if (coordinates.size >= 2) candidates.push({ fluents, coordinates });
  }
  const boards: Board[] = [];
  for (const { fluents, coordinates } of candidates) {
    const board = boardOf(fluents, coordinates, input, candidates);
    if (board) boards.push(board);
  }
  const size = (b: Board) => extent(b.columns) * extent(b.rows) - b.holes.length;
  return boards.sort((a, b) => size(b) - size(a)).slice(0, BOARD_LIMITS.maxBoards);
}

/** At most this many first joint moves are played to see where pieces land. */
const FIRST_MOVES = 64;

/** The boards of a grounded game, with the initial state and the first moves played on its state machine. */
export function boardsOfGame(game: BoardInput["game"], description: Description | undefined, machine: GameStateMachine): Board[] {
  const initial = machine.initialState();
  const firstMoves: string[][] = [];
  if (!machine.isTerminal(initial)) {
    const legal = machine.roles.map((_, r) => machine.legalMoves(initial, r));
    const joint: number[] = [];
    const visit = (r: number) => {
      if (firstMoves.length >= FIRST_MOVES) return;
      if (r === legal.length) {
        firstMoves.push(machine.stateToKif(machine.nextState(initial, joint)));
        return;
      }
      for (const m of legal[r]) {
        joint[r] = m;
        visit(r + 1);
        if (firstMoves.length >= FIRST_MOVES) return;
      }
    };
    if (legal.every((l) => l.length > 0)) visit(0);
  }
  return inferBoards({ game, description, initialState: machine.stateToKif(initial), firstMoves });
}

/** A fluent's relation and its arguments as KIF (constants as their names). */
function fluentArguments(kif: string, caseSensitive: boolean): { relation: string; args: string[] } | undefined {
  const term = parseKifTerm(kif, { caseSensitive });
  return term.kind === "compound" ? { relation: term.functor, args: term.args.map(argumentText) } : undefined;
}

function argumentText(t: Term): string {
  return t.kind === "constant" ? t.name : termToKif(t);
}

/**
 * The values in order when they form a range: a stretch of a succession chain (its order),
 * consecutive integers, or consecutive single letters; undefined otherwise.
 */
function orderedRange(values: ReadonlySet<string>, chains: ReadonlyMap<string, Chain>): string[] | undefined {
  if (values.size < BOARD_LIMITS.minSide || values.size > BOARD_LIMITS.maxSide) return undefined;
  for (const chain of chains.values()) {
    const at = chain.findIndex((v) => values.has(v));
    if (at >= 0 && chain.length - at >= values.size && chain.slice(at, at + values.size).every((v) => values.has(v))) return chain.slice(at, at + values.size);
  }
  const list = [...values];
  if (list.every((v) => /^-?\d+$/.test(v))) {
    const numbers = list.map(Number).sort((a, b) => a - b);
    if (numbers[numbers.length - 1] - numbers[0] + 1 !== numbers.length) return undefined;
    const text = new Map(list.map((v) => [Number(v), v]));
    return numbers.map((n) => text.get(n)!);
  }
  if (list.every((v) => /^[a-z]$/i.test(v))) {
    const codes = list.map((v) => v.charCodeAt(0)).sort((a, b) => a - b);
    if (codes[codes.length - 1] - codes[0] + 1 !== codes.length) return undefined;
    return codes.map((c) => String.fromCharCode(c));
  }
  return undefined;
}

interface Orientation {
  readonly column: BoardAxis;
  readonly row: BoardAxis;
  readonly why: string;
}

const NO_VOTES: Record<AxisWord, number> = { column: 0, "row-up": 0, "row-down": 0 };

/**
 * Which of two coordinates runs across and where the other starts: the words the game uses
 * for them first, then the kind of values (letters across and numbers up, as on a chess
 * board), and last the order written (row, then column, as in tic-tac-toe's `(cell ?m ?n)`).
 */
function orient(first: number, second: number, coordinates: Coordinates, words: readonly ArgumentWords[] | undefined): Orientation {
  const votes = (i: number) => (words ? directionVotes(words[i]) : NO_VOTES);
  const describe = (i: number) => {
    const w = words?.[i];
    const names = w ? [...[...w.variables].slice(0, 2).map((v) => `?${v}`), ...[...w.relations].slice(0, 2)] : [];
    return `argument ${i + 1}${names.length ? ` (${names.join(", ")})` : ""}`;
  };
  const lean = (v: Record<AxisWord, number>) => v.column - v["row-up"] - v["row-down"];
  const letters = (i: number) => coordinates.get(i)!.every((v) => /^[a-z]$/i.test(v));
  const numbers = (i: number) => coordinates.get(i)!.every((v) => /^-?\d+$/.test(v));
  const axis = (argument: number, up: boolean): BoardAxis => ({ argument, values: up ? [...coordinates.get(argument)!].reverse() : coordinates.get(argument)! });
  const [f, s] = [votes(first), votes(second)];
  if (lean(f) !== lean(s)) {
    const [column, row] = lean(f) > lean(s) ? [first, second] : [second, first];
    const r = votes(row);
    const up = r["row-up"] > r["row-down"] || (r["row-up"] === r["row-down"] && letters(column) && numbers(row));
    return { column: axis(column, false), row: axis(row, up), why: `named: ${describe(column)} across, ${describe(row)} ${up ? "up" : "down"}` };
  }
  if (letters(first) !== letters(second) && (numbers(first) || numbers(second))) {
    const [column, row] = letters(first) ? [first, second] : [second, first];
    return { column: axis(column, false), row: axis(row, true), why: `letters across, numbers up (as on a chess board): ${describe(column)} across` };
  }
  return { column: axis(second, false), row: axis(first, false), why: `in the order written: ${describe(first)} down, ${describe(second)} across` };
}

function boardOf(
  fluents: Fluents,
  coordinates: Coordinates,
  input: BoardInput,
  candidates: readonly { fluents: Fluents; coordinates: Coordinates }[],
): Board | undefined {
  const { relation, arity, tuples } = fluents;
  const caseSensitive = input.description?.caseSensitive === true;
  const words = input.description ? argumentWords(input.description, relation, arity) : undefined;
  const named = (i: number) => (words ? Object.values(directionVotes(words[i])).some((v) => v > 0) : false);
  const initial = (input.initialState ?? []).map((k) => fluentArguments(k, caseSensitive)).filter((f) => f?.relation === relation && f.args.length === arity).map((f) => f!.args);
  const positions = [...coordinates.keys()];

  let columns: BoardAxis[];
  let rows: BoardAxis[];
  let why: string;
  const gravity = input.firstMoves ? gravityOf(addedFluents(input.firstMoves, input.initialState ?? [], relation, arity, caseSensitive), coordinates) : undefined;
  if (gravity) {
    const values = coordinates.get(gravity.rowArgument)!;
    const up = values.indexOf(gravity.floor) < values.length / 2;
    columns = [{ argument: gravity.columnArgument, values: coordinates.get(gravity.columnArgument)! }];
    rows = [{ argument: gravity.rowArgument, values: up ? [...values].reverse() : values }];
    why = `pieces land on ${gravity.floor} (the first moves): argument ${gravity.columnArgument + 1} across, argument ${gravity.rowArgument + 1} up from ${gravity.floor}`;
  } else if (positions.length >= 4) {
    // a board of boards: the first two coordinates choose the board, the next two the cell
    const outer = orient(positions[0], positions[1], coordinates, words);
    const inner = orient(positions[2], positions[3], coordinates, words);
    columns = [outer.column, inner.column];
    rows = [outer.row, inner.row];
    why = `a board of boards; boards ${outer.why}; cells ${inner.why}`;
  } else {
    const withNames = positions.filter(named);
    const [a, b] = positions.length === 3 && withNames.length >= 2 ? withNames : positions;
    const o = orient(a, b, coordinates, words);
    columns = [o.column];
    rows = [o.row];
    why = o.why;
    const third = positions.find((p) => p !== a && p !== b);
    if (third !== undefined && isLayer(third, a, b, initial, words)) {
      columns = [{ argument: third, values: coordinates.get(third)! }, o.column];
      why += `; one board per value of argument ${third + 1}, side by side`;
    }
  }
  const grid = [...columns, ...rows].map((a) => a.argument);
  const pieceArguments = Array.from({ length: arity }, (_, i) => i).filter((i) => !grid.includes(i));

  // Not a board: few of the rectangle's cells exist, too many different pieces, or the two
  // arguments relate things of one kind (blocks world's (on a b): the same values, never (on a a)).
  const cellKey = (t: readonly string[]) => grid.map((i) => t[i]).join(" ");
  if (extent(columns) > BOARD_LIMITS.maxSide || extent(rows) > BOARD_LIMITS.maxSide) return undefined;
  const cells = new Set(tuples.map(cellKey));
  if (cells.size < BOARD_LIMITS.minCoverage * extent(columns) * extent(rows)) return undefined;
  const pieces = new Set(tuples.map((t) => pieceArguments.map((i) => t[i]).join(" ")));
  if (pieces.size > BOARD_LIMITS.maxPieces) return undefined;
  if (grid.length === 2) {
    const [c, r] = [columns[0].values, rows[0].values];
    if (c.length === r.length && c.every((v) => r.includes(v)) && !c.some((v) => cells.has([v, v].join(" ")))) return undefined;
  }

  const width = extent(columns);
  const present = new Set(tuples.map((t) => `${flatIndex(columns, (i) => t[i])},${flatIndex(rows, (i) => t[i])}`));
  const holes: string[] = [];
  for (let r = 0; r < extent(rows); r++) for (let c = 0; c < width; c++) if (!present.has(`${c},${r}`)) holes.push(`${c},${r}`);

  let shape: Board["shape"] = "square";
  let skew: Board["skew"] = 1;
  if (grid.length === 2) {
    const offsets = neighbourOffsets(input.game as GroundGame, cellFinder(columns[0], rows[0]), sameCoordinates(fluents, columns[0], rows[0], candidates));
    const diagonal = offsets.falling + offsets.rising;
    // a hex cell has two diagonal neighbours to four straight ones; a square board's rules that
    // happen to walk one diagonal only (a line check) name far fewer diagonal pairs than that
    if (Math.min(offsets.falling, offsets.rising) === 0 && diagonal >= Math.max(6, 0.3 * offsets.straight) && diagonal >= extent(columns) * extent(rows)) {
      shape = "hex";
      skew = offsets.rising > 0 ? 1 : -1;
      why += `; hex: cells met together in ground clauses are neighbours along one diagonal (${diagonal} pairs, ${offsets.straight} straight), never the other`;
    }
  }
  const board = { relation, arity, columns, rows, shape, skew, holes, pieceArguments, why };
  const blank = blankPiece(board, initial);
  return blank === undefined ? board : { ...board, blank };
}

/** A third coordinate is a layer (boards side by side) when one cell holds several of its values at the start, or when rules name it by a variable and the start does not tell. */
function isLayer(third: number, a: number, b: number, initial: readonly (readonly string[])[], words: readonly ArgumentWords[] | undefined): boolean {
  if (initial.length === 0) return (words?.[third].variables.size ?? 0) > 0;
  const seen = new Map<string, string>();
  for (const t of initial) {
    const key = `${t[a]} ${t[b]}`;
    const before = seen.get(key);
    if (before !== undefined && before !== t[third]) return true;
    seen.set(key, t[third]);
  }
  return false;
}

/** For each first move, the fluents of the relation it added to the initial state (as argument lists). */
function addedFluents(firstMoves: readonly (readonly string[])[], initialState: readonly string[], relation: string, arity: number, caseSensitive: boolean): string[][] {
  const before = new Set(initialState);
  const added: string[][] = [];
  for (const state of firstMoves) {
    const mine = state.filter((k) => !before.has(k)).map((k) => fluentArguments(k, caseSensitive)).filter((f) => f?.relation === relation && f.args.length === arity);
    if (mine.length > 1) return [];
    if (mine.length === 1) added.push(mine[0]!.args);
  }
  return added;
}

/** (column index, row index) of two coordinate values given in the fluent's argument order. */
function cellFinder(column: BoardAxis, row: BoardAxis): (first: string, second: string) => readonly [number, number] | undefined {
  const columnFirst = column.argument < row.argument;
  const ci = new Map(column.values.map((v, i) => [v, i]));
  const ri = new Map(row.values.map((v, i) => [v, i]));
  return (first, second) => {
    const [cv, rv] = columnFirst ? [first, second] : [second, first];
    const c = ci.get(cv);
    const r = ri.get(rv);
    return c === undefined || r === undefined ? undefined : [c, r];
  };
}

/** The board's fluent and the fluents with two coordinates of the same values (hex's `(connected k a 1)`), with those two arguments in the board's argument order. */
function sameCoordinates(fluents: Fluents, column: BoardAxis, row: BoardAxis, candidates: readonly { fluents: Fluents; coordinates: Coordinates }[]): Map<string, readonly [number, number]> {
  const [lowAxis, highAxis] = column.argument < row.argument ? [column, row] : [row, column];
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
  const result = new Map<string, readonly [number, number]>();
  for (const other of candidates) {
    const keys = [...other.coordinates.keys()];
    for (const a of keys)
      for (const b of keys)
        if (a < b && same(other.coordinates.get(a)!, lowAxis.values) && same(other.coordinates.get(b)!, highAxis.values))
          result.set(`${other.fluents.relation}/${other.fluents.arity}`, [a, b]);
  }
  result.set(`${fluents.relation}/${fluents.arity}`, [lowAxis.argument, highAxis.argument]);
  return result;
}

/** The piece on most cells of the initial state, when it covers at least 40 % of them and twice any other. */
function blankPiece(board: Omit<Board, "blank">, initial: readonly (readonly string[])[]): string | undefined {
  if (board.pieceArguments.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const t of initial) {
    const piece = board.pieceArguments.map((i) => t[i]).join(" ");
    counts.set(piece, (counts.get(piece) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return undefined;
  const cells = extent(board.columns) * extent(board.rows) - board.holes.length;
  const [piece, count] = ranked[0];
  return count >= 0.4 * cells && count >= 2 * (ranked[1]?.[1] ?? 0) ? piece : undefined;
}

/** Where a state's fluents of the board's relation are, and which fall outside its cells. */
export function placePieces(board: Board, state: readonly string[], caseSensitive = false): BoardState {
  const holes = new Set(board.holes);
  const cells = new Map<string, { column: number; row: number; pieces: string[]; fluents: string[] }>();
  const outside: string[] = [];
  for (const kif of state) {
    if (!kif.startsWith(`(${board.relation} `)) continue;
    const f = fluentArguments(kif, caseSensitive);
    if (!f || f.relation !== board.relation || f.args.length !== board.arity) continue;
    const column = flatIndex(board.columns, (i) => f.args[i]);
    const row = flatIndex(board.rows, (i) => f.args[i]);
    if (column === undefined || row === undefined || holes.has(`${column},${row}`)) {
      outside.push(kif);
      continue;
    }
    const key = `${column},${row}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { column, row, pieces: [], fluents: [] }));
    cell.fluents.push(kif);
    const piece = board.pieceArguments.map((i) => f.args[i]).join(" ");
    if (piece !== board.blank) cell.pieces.push(piece);
  }
  return { cells: [...cells.values()].filter((c) => c.pieces.length > 0), outside };
}
