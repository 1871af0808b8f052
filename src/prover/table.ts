/**
 * The table of one call of a relation in the prover's evaluator (evaluator.ts): the answers
 * found so far, told apart by the call's free positions, and the fields of the SCC-based
 * tabling that completes it; and the free positions of calls, shared by their tables.
 */
import type { Relation } from "./program.js";

/** Packs two term ids into one safe integer key when the second is below 2^26. */
const PAIR = 2 ** 26;

/** Answers a table keeps in a list before it indexes them by a set (see `Table.add`). */
const SCAN_LIMIT = 8;

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
  readonly answers: number[][] = [];
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
  ) {}

  /** Adds an answer unless it is there already; returns whether it was new. */
  add(tuple: number[]): boolean {
    const answers = this.answers;
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
