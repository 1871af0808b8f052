/**
 * The table of one call of a relation in the prover's evaluator (evaluator.ts): the answers
 * found so far, told apart by the call's free positions, and the fields of the SCC-based
 * tabling that completes it; and the free positions of calls, shared by their tables.
 *
 * The table of a relation no cycle goes through is read by no one before it is complete (a call
 * met while it is computed would be a cycle): its answers are told apart once, when it completes
 * (`dedupe`), instead of at each answer (a Set per table of more than a few answers, grown answer by
 * answer: chess's `next`, `legal` and `legal2`, about 200 answers a node).
 */
import type { Relation } from "./program.js";
import { unsitedArray } from "./unsited-array.js";

/** Packs two term ids into one safe integer key when the second is below 2^26. */
const PAIR = 2 ** 26;

/** Answers a table keeps in a list before it indexes them by a set (see `Table.add`). */
const SCAN_LIMIT = 8;

/**
 * Answers a deferred table holds before it tells them apart as they come after all: a body that proves few
 * answers many times each would otherwise hold every proof until the table completes.
 */
const DEFER_LIMIT = 4096;

/** No positions free: shared by every fully bound call. */
const NONE_FREE: readonly number[] = [];

/** Per relation, the free positions of a call by the mask of them (shared by the relation's tables). */
export class FreePositions {
  /** Per relation, by the mask of free positions (an array indexed by the mask). */
  private readonly byRelation: ((readonly number[] | undefined)[] | undefined)[] = [];

  /** The positions `call` leaves free (-1), in order. */
  of(relation: Relation, call: readonly number[]): readonly number[] {
    let mask = 0;
    for (let j = 0; j < call.length; j++) if (call[j] < 0) mask |= 1 << j;
    if (call.length > 30) return freeOf(call);
    if (mask === 0) return NONE_FREE;
    const byMask = (this.byRelation[relation.index] ??= []);
    let free = byMask[mask];
    if (free === undefined) byMask[mask] = free = freeOf(call);
    return free;
  }
}

function freeOf(call: readonly number[]): number[] {
  const positions: number[] = [];
  for (let j = 0; j < call.length; j++) if (call[j] < 0) positions.push(j);
  return positions;
}

export class Table {
  /** The answers found so far. */
  readonly answers: number[][] = unsitedArray();
  /** The set that tells answers apart once there are more than SCAN_LIMIT of them. */
  private seen: Set<number | string> | null = null;
  complete = false;
  /** On the stack of tables whose SCC is not complete yet. */
  active = false;
  onCallStack = false;
  looped = false;
  index = -1;
  low = -1;
  pass = -1;
  /** The next table whose call hashes alike in the layer (see `Layer.tables`). */
  nextAlike: Table | undefined = undefined;
  constructor(
    readonly relation: Relation,
    readonly call: readonly number[],
    /** Positions the call leaves free; answers are told apart by them alone. */
    readonly free: readonly number[],
    /**
     * Whether answers are told apart once, when the table completes (`dedupe`), not as they come: a relation no cycle
     * goes through (until DEFER_LIMIT answers).
     */
    public deferred = false,
  ) {}

  /** Adds an answer unless it is there already (a deferred table: in any case); returns whether it was new. */
  add(tuple: number[]): boolean {
    const answers = this.answers;
    if (this.deferred) {
      answers.push(tuple);
      if (answers.length >= DEFER_LIMIT) this.undefer();
      return true;
    }
    const free = this.free;
    if (answers.length === 0) {
      answers.push(tuple);
      return true;
    }
    if (free.length === 0) return false;
    let seen = this.seen;
    if (seen === null) {
      if (answers.length < SCAN_LIMIT) {
        for (let a = 0; a < answers.length; a++) if (sameAt(answers[a], tuple, free)) return false;
        answers.push(tuple);
        return true;
      }
      seen = this.seen = new Set();
      for (const answer of answers) seen.add(answerKey(answer, free));
    }
    const key = answerKey(tuple, free);
    if (seen.has(key)) return false;
    seen.add(key);
    answers.push(tuple);
    return true;
  }

  /** Tells the answers so far apart, and the next ones as they come (`add`). */
  private undefer(): void {
    this.deferred = false;
    keepFirstByKey(this.answers, this.free, (this.seen = new Set()));
  }
}

/** Marks of term ids for `Table.dedupe`, shared by an evaluator's tables (a table's dedupe runs whole, between two answers of no other). */
export class SeenIds {
  private marks = new Int32Array(1024);
  private mark = 0;

  /** Starts a new set: no id is seen. */
  clear(): void {
    if (++this.mark === 0x7fffffff) {
      this.marks.fill(0);
      this.mark = 1;
    }
  }

  /** Whether `id` was seen since `clear`; sees it. */
  seen(id: number): boolean {
    if (id >= this.marks.length) {
      const grown = new Int32Array(Math.max(id + 1, this.marks.length * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    if (this.marks[id] === this.mark) return true;
    this.marks[id] = this.mark;
    return false;
  }
}

/**
 * Drops the answers of a deferred table that another answer before them has at its free positions,
 * keeping the first of each, in order (the answers `add` would have kept).
 */
export function dedupe(table: Table, seen: SeenIds): void {
  const answers = table.answers;
  const free = table.free;
  if (answers.length < 2) return;
  if (free.length !== 1) return keepFirstByKey(answers, free, new Set());
  const at = free[0];
  let kept = 0;
  seen.clear();
  for (let a = 0; a < answers.length; a++) if (!seen.seen(answers[a][at])) answers[kept++] = answers[a];
  answers.length = kept;
}

/** Keeps the first answer of each key at `free` (`answerKey`), in order, noting the keys in `keys`. */
function keepFirstByKey(answers: number[][], free: readonly number[], keys: Set<number | string>): void {
  let kept = 0;
  for (let a = 0; a < answers.length; a++) {
    const key = answerKey(answers[a], free);
    if (keys.has(key)) continue;
    keys.add(key);
    answers[kept++] = answers[a];
  }
  answers.length = kept;
}

function sameAt(a: readonly number[], b: readonly number[], positions: readonly number[]): boolean {
  for (let k = 0; k < positions.length; k++) if (a[positions[k]] !== b[positions[k]]) return false;
  return true;
}

/** An answer's key by its free positions: a number where one or two small ids tell it, else text. */
function answerKey(tuple: readonly number[], free: readonly number[]): number | string {
  if (free.length === 1) return tuple[free[0]];
  if (free.length === 2 && tuple[free[1]] < PAIR) return tuple[free[0]] * PAIR + tuple[free[1]];
  let key = "";
  for (const j of free) key += `${tuple[j]},`;
  return key;
}
