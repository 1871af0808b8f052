/**
 * A set of ground tuples (arrays of term ids) with hash indexes on bound argument positions,
 * built on first use for each set of bound positions and kept up to date as tuples are added.
 * Used for the facts of each relation and for the `true`/`does` inputs of a state and move.
 */

/** Most positions a bit mask indexes; wider lookups scan (no GDL game comes near). */
const MAX_MASK_POSITIONS = 30;

export class TupleIndex {
  readonly tuples: number[][] = [];
  private readonly keys = new Map<string, number[]>();
  private readonly byMask = new Map<number, Map<number | string, number[][]>>();

  constructor(readonly arity: number) {}

  get size(): number {
    return this.tuples.length;
  }

  /** Adds a tuple unless it is there already; returns whether it was new. */
  add(tuple: readonly number[]): boolean {
    const key = tuple.join(",");
    if (this.keys.has(key)) return false;
    const stored = tuple.slice();
    this.keys.set(key, stored);
    this.tuples.push(stored);
    for (const [mask, index] of this.byMask) addToIndex(index, mask, stored);
    return true;
  }

  has(tuple: readonly number[]): boolean {
    return this.keys.has(tuple.join(","));
  }

  /**
   * The tuples that agree with `call` on every position where `call` holds a term id (>= 0);
   * positions holding -1 are free. The result may hold tuples that a caller must still match
   * against the free positions' patterns; it must not be modified.
   */
  lookup(call: readonly number[]): readonly number[][] {
    let mask = 0;
    let bound = 0;
    for (let i = 0; i < call.length; i++) {
      if (call[i] >= 0) {
        if (i >= MAX_MASK_POSITIONS) return this.tuples.filter((t) => agrees(t, call));
        mask |= 1 << i;
        bound++;
      }
    }
    if (bound === 0) return this.tuples;
    if (bound === call.length) {
      const found = this.keys.get(call.join(","));
      return found === undefined ? EMPTY : [found];
    }
    let index = this.byMask.get(mask);
    if (index === undefined) {
      index = new Map();
      for (const t of this.tuples) addToIndex(index, mask, t);
      this.byMask.set(mask, index);
    }
    return index.get(keyOf(mask, call)) ?? EMPTY;
  }
}

const EMPTY: readonly number[][] = [];

function agrees(tuple: readonly number[], call: readonly number[]): boolean {
  for (let i = 0; i < call.length; i++) if (call[i] >= 0 && call[i] !== tuple[i]) return false;
  return true;
}

/** Packs two term ids into one safe integer key when the second is below 2^26. */
const PAIR = 2 ** 26;

function keyOf(mask: number, tuple: readonly number[]): number | string {
  const first = 31 - Math.clz32(mask & -mask);
  const rest = mask & (mask - 1);
  if (rest === 0) return tuple[first];
  if ((rest & (rest - 1)) === 0) {
    const second = tuple[31 - Math.clz32(rest)];
    if (second < PAIR) return tuple[first] * PAIR + second;
  }
  let key = "";
  for (let i = 0; i < tuple.length; i++) if (mask & (1 << i)) key += `${tuple[i]},`;
  return key;
}

function addToIndex(index: Map<number | string, number[][]>, mask: number, tuple: number[]): void {
  const key = keyOf(mask, tuple);
  const bucket = index.get(key);
  if (bucket === undefined) index.set(key, [tuple]);
  else bucket.push(tuple);
}
