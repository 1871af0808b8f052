/**
 * What a game says about its own board, read from the description and the ground game for
 * board.ts: the succession relations that order coordinate values (`(succ 1 2)`,
 * `(nextrow a b)`), the words it uses for each argument of a fluent (the variables, the
 * domain relations that bind them, the succession relations applied to them: x, row, rank,
 * file, ...), the rules where a move drops a piece onto a fixed row (gravity, as in connect
 * four), and the neighbour offsets of cells that occur together in ground clauses (a hex
 * board's adjacency has one diagonal, a square board's both or none).
 * Why: names alone drew connect four transposed (`(cell ?x ?y ?player)` read as row, column)
 * and hex not at all; each signal here is the game's own.
 */
import type { Atom, Description, Literal, Term } from "../syntax/ast.js";
import { groundAtom, type GroundGame } from "../ground/ground-game.js";
import { forEachSubterm } from "../syntax/terms.js";

/** The direction a word gives an argument: columns (left to right) or rows, and where rows start. */
export type AxisWord = "column" | "row-up" | "row-down";

/** A binary relation whose facts form one path, as `(succ 1 2) (succ 2 3) ...`: its nodes in order. */
export type Chain = readonly string[];

/** The succession chains of the description: binary relations whose constant facts form a single path or a single cycle. */
export function successionChains(description: Description): Map<string, Chain> {
  const edges = new Map<string, [string, string][]>();
  const ruled = new Set<string>();
  for (const rule of description.rules) {
    const head = rule.head;
    if (head.args.length !== 2) continue;
    if (rule.body.length > 0 || head.args.some((a) => a.kind !== "constant")) {
      ruled.add(head.relation);
      continue;
    }
    const list = edges.get(head.relation) ?? [];
    list.push([constantName(head.args[0]), constantName(head.args[1])]);
    edges.set(head.relation, list);
  }
  const chains = new Map<string, Chain>();
  for (const [relation, list] of edges) {
    if (ruled.has(relation) || list.length < 1) continue;
    const next = new Map<string, string>();
    const previous = new Map<string, string>();
    let path = true;
    for (const [a, b] of list) {
      if (a === b || (next.has(a) && next.get(a) !== b) || (previous.has(b) && previous.get(b) !== a)) {
        path = false;
        break;
      }
      next.set(a, b);
      previous.set(b, a);
    }
    if (!path) continue;
    const starts = [...next.keys()].filter((n) => !previous.has(n));
    if (starts.length === 1) {
      const order = [starts[0]];
      for (let n = next.get(starts[0]); n !== undefined && order.length <= next.size; n = next.get(n)) order.push(n);
      if (order.length === next.size + 1) chains.set(relation, order);
    } else if (starts.length === 0 && next.size >= 3) {
      // one cycle (a torus: (colinc c9 c1)), read from its first node in natural order
      const first = [...next.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true }))[0];
      const order = [first];
      for (let n = next.get(first); n !== undefined && n !== first && order.length <= next.size; n = next.get(n)) order.push(n);
      if (order.length === next.size) chains.set(relation, order);
    }
  }
  return chains;
}

function constantName(term: Term): string {
  return term.kind === "constant" ? term.name : "";
}

/** Every atom of a literal, under `not` and `or`. */
function atomsOf(literal: Literal, into: Atom[]): Atom[] {
  if (literal.kind === "atom") into.push(literal);
  else if (literal.kind === "not") atomsOf(literal.body, into);
  else if (literal.kind === "or") for (const d of literal.disjuncts) atomsOf(d, into);
  return into;
}

/** The terms `(relation ...)` of arity `arity` inside an atom's arguments (a fluent under true, next, init, base). */
function fluentTerms(atom: Atom, relation: string, arity: number, into: (readonly Term[])[]): void {
  // in written order, from a stack of its own: a term may nest far deeper than a stack holds calls (MAX_TERM_NESTING, ast.ts)
  const visit = (t: Term) => {
    if (t.kind === "compound" && t.functor === relation && t.args.length === arity) into.push(t.args);
  };
  if (atom.relation === relation && atom.args.length === arity) into.push(atom.args);
  for (const a of atom.args) forEachSubterm(a, visit);
}

/** Words the game uses for each argument of a fluent: variable names, and the relations applied to those variables. */
export interface ArgumentWords {
  /** Names of the variables written at this argument, without digits and `?`. */
  readonly variables: ReadonlySet<string>;
  /** Relations of one or two arguments applied in the same rule to a variable written at this argument. */
  readonly relations: ReadonlySet<string>;
}

export function argumentWords(description: Description, relation: string, arity: number): ArgumentWords[] {
  const words = Array.from({ length: arity }, () => ({ variables: new Set<string>(), relations: new Set<string>() }));
  for (const rule of description.rules) {
    const atoms = [rule.head, ...rule.body.flatMap((l) => atomsOf(l, []))];
    const fluents: (readonly Term[])[] = [];
    for (const atom of atoms) fluentTerms(atom, relation, arity, fluents);
    if (fluents.length === 0) continue;
    const at = new Map<string, number>();
    for (const args of fluents)
      args.forEach((t, i) => {
        if (t.kind !== "variable") return;
        at.set(t.name, i);
        words[i].variables.add(t.name.replace(/[\d_]+$/, ""));
      });
    for (const atom of atoms) {
      if (atom.args.length < 1 || atom.args.length > 2 || atom.relation === relation) continue;
      for (const a of atom.args) if (a.kind === "variable" && at.has(a.name)) words[at.get(a.name)!].relations.add(atom.relation);
    }
  }
  return words;
}

/**
 * The direction a name gives: x, col, column, file, c → columns; y, rank, height, h → rows
 * counted upwards (Cartesian, chess, a stack); row, r → rows counted downwards (a matrix).
 * Relation names are read by their parts (`next_rank`, `nextCol`, `succx`).
 */
export function wordDirection(word: string, isVariable: boolean): AxisWord | undefined {
  const w = word.toLowerCase();
  if (isVariable) {
    if (/^(x|c|col|cols|column|file|f|u|horiz\w*)$/.test(w)) return "column";
    if (/^(y|rank|h|height|v|level|vert\w*)$/.test(w)) return "row-up";
    if (/^(row|rows|r)$/.test(w)) return "row-down";
    return undefined;
  }
  const parts = w.split(/[^a-z]+/).filter(Boolean);
  if (/col(?![ol])|file|horiz/.test(w) || parts.some((p) => /^(next|succ|prev|pred|inc|plus)?x(coord\w*|pos|succ|next|inc|plus)?$/.test(p))) return "column";
  if (/rank|height|vert/.test(w) || parts.some((p) => /^(next|succ|prev|pred|inc|plus)?y(coord\w*|pos|succ|next|inc|plus)?$/.test(p))) return "row-up";
  if (/row/.test(w)) return "row-down";
  return undefined;
}

/** Votes for each direction from an argument's words: relations count twice, variables once. */
export function directionVotes(words: ArgumentWords): Record<AxisWord, number> {
  const votes: Record<AxisWord, number> = { column: 0, "row-up": 0, "row-down": 0 };
  for (const v of words.variables) {
    const d = wordDirection(v, true);
    if (d) votes[d] += 1;
  }
  for (const r of words.relations) {
    const d = wordDirection(r, false);
    if (d) votes[d] += 2;
  }
  return votes;
}

/**
 * Gravity, seen in play: every first move adds one fluent of the relation, all on the same row
 * at (or next to) one end of it, across at least three columns (connect four's pieces fall to
 * row 1, whatever the game calls its arguments). That row is the bottom.
 */
export interface Gravity {
  /** The argument that holds the row pieces land on. */
  readonly rowArgument: number;
  /** The argument the moves choose (the columns). */
  readonly columnArgument: number;
  /** The value pieces land on. */
  readonly floor: string;
}

export function gravityOf(
  added: readonly (readonly string[])[],
  coordinates: ReadonlyMap<number, readonly string[]>,
): Gravity | undefined {
  if (added.length < 3) return undefined;
  for (const [rowArgument, rowValues] of coordinates) {
    const floor = added[0][rowArgument];
    if (!added.every((a) => a[rowArgument] === floor)) continue;
    const at = rowValues.indexOf(floor);
    if (at < 0 || Math.min(at, rowValues.length - 1 - at) > 1) continue;
    let best: { argument: number; distinct: number } | undefined;
    for (const argument of coordinates.keys()) {
      if (argument === rowArgument) continue;
      const distinct = new Set(added.map((a) => a[argument])).size;
      if (distinct >= 3 && (!best || distinct > best.distinct)) best = { argument, distinct };
    }
    if (best) return { rowArgument, columnArgument: best.argument, floor };
  }
  return undefined;
}

/** Counts of unit offsets between coordinates that occur together in one ground clause. */
export interface NeighbourOffsets {
  /** (±1, 0) and (0, ±1). */
  readonly straight: number;
  /** (+1, +1) and (−1, −1), in (column, row) index steps. */
  readonly falling: number;
  /** (+1, −1) and (−1, +1). */
  readonly rising: number;
}

/** At most this many clauses are read for the offsets (the first ones: enough for any board seen). */
const MAX_CLAUSES_READ = 400_000;

/**
 * Offsets between the cells named in one ground clause: by the fluent itself (under true or
 * next), by another fluent whose two arguments have the same values (`(connected k a 1)` next
 * to `(cell a 1 red)`), by a move of exactly those two arguments (`(place a 1)`), and by a
 * view with one pair of neighbouring arguments that name a cell (`(split6 3 a 1)`).
 * `cellOf` maps the two coordinate values to (column index, row index) in drawing order.
 */
export function neighbourOffsets(
  game: GroundGame,
  cellOf: (first: string, second: string) => readonly [number, number] | undefined,
  fluentArguments: ReadonlyMap<string, readonly [number, number]>,
): NeighbourOffsets {
  const cache = new Map<number, readonly [number, number] | null>();
  const KEYWORDS = new Set(["true", "next", "does", "legal", "init", "base", "input", "goal", "role", "terminal"]);
  const pairIn = (args: readonly Term[], positions: readonly [number, number]) => {
    const [a, b] = [args[positions[0]], args[positions[1]]];
    return a?.kind === "constant" && b?.kind === "constant" ? (cellOf(a.name, b.name) ?? null) : null;
  };
  const coordinatesOf = (index: number): readonly [number, number] | null => {
    let c = cache.get(index);
    if (c !== undefined) return c;
    c = null;
    const atom = groundAtom(game.atoms, index);
    if (atom.relation === "true" || atom.relation === "next") {
      const fluent = atom.args[0];
      const positions = fluent?.kind === "compound" ? fluentArguments.get(`${fluent.functor}/${fluent.args.length}`) : undefined;
      if (fluent?.kind === "compound" && positions) c = pairIn(fluent.args, positions);
    } else if (atom.relation === "does" || atom.relation === "legal") {
      const move = atom.args[1];
      if (move?.kind === "compound" && move.args.length === 2) c = pairIn(move.args, [0, 1]);
    } else if (!KEYWORDS.has(atom.relation)) {
      // a view, as the splitting makes them ((split6 3 a 1): a step, then a cell): one pair of neighbouring arguments that name a cell
      const found: (readonly [number, number])[] = [];
      for (let i = 0; i + 1 < atom.args.length; i++) {
        const pair = pairIn(atom.args, [i, i + 1]);
        if (pair) found.push(pair);
      }
      if (found.length === 1) c = found[0];
    }
    cache.set(index, c);
    return c;
  };
  let straight = 0;
  let falling = 0;
  let rising = 0;
  const cells: (readonly [number, number])[] = [];
  const n = Math.min(game.clauses.length, MAX_CLAUSES_READ);
  for (let k = 0; k < n; k++) {
    cells.length = 0;
    const { head, bodyStart, literals } = game.clauses;
    for (let j = bodyStart[k] - 1; j < bodyStart[k + 1]; j++) {
      const c = coordinatesOf(j < bodyStart[k] ? head[k] : literals[j]);
      if (c) cells.push(c);
    }
    for (let i = 0; i < cells.length; i++)
      for (let j = i + 1; j < cells.length; j++) {
        const dc = cells[j][0] - cells[i][0];
        const dr = cells[j][1] - cells[i][1];
        if (Math.abs(dc) > 1 || Math.abs(dr) > 1 || (dc === 0 && dr === 0)) continue;
        if (dc === 0 || dr === 0) straight++;
        else if (dc === dr) falling++;
        else rising++;
      }
  }
  return { straight, falling, rising };
}
