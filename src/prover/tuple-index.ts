/**
 * A set of ground tuples (arrays of term ids) with hash indexes on bound argument positions,
 * built on first use for each set of bound positions and kept up to date as tuples are added.
 * Used for the facts of each relation and for the `true`/`does` inputs of a state and move.
 *
 * An index maps the hash of a tuple's bound positions (a small integer) to the bucket of the
 * tuples that agree on those positions; the rare buckets whose hashes collide are chained apart.
 * No key is built as text or as an array: a lookup allocates nothing, where the keys joined as
 * text were most of the prover's garbage on chess (one state's `true` inputs looked up hundreds
 * of times).
 */

import { finishHash, hashSeed, mixId } from "./id-hash.js";

/** Most positions a bit mask indexes; wider lookups scan (no GDL game comes near). */
export const MAX_MASK_POSITIONS = 30;

/** Buckets of tuples agreeing on a mask's positions, by the hash of those positions. */
export class MaskIndex {
  private readonly buckets = new Map<number, number[][]>();
  /** Further buckets whose hash equals a bucket's above, with other values. */
  private readonly collided = new Map<number, number[][][]>();

  constructor(private readonly mask: number) {}

  /** The bucket of the tuples agreeing with `key` on the mask's positions, or undefined. */
  get(key: readonly number[]): readonly number[][] | undefined {
    const h = hashAt(key, this.mask);
    const bucket = this.buckets.get(h);
    if (bucket === undefined) return undefined;
    if (agreesAt(bucket[0], key, this.mask)) return bucket;
    const more = this.collided.get(h);
    if (more !== undefined) for (const b of more) if (agreesAt(b[0], key, this.mask)) return b;
    return undefined;
  }

  add(tuple: number[]): void {
    const h = hashAt(tuple, this.mask);
    const bucket = this.buckets.get(h);
    if (bucket === undefined) {
      this.buckets.set(h, [tuple]);
      return;
    }
    if (agreesAt(bucket[0], tuple, this.mask)) {
      bucket.push(tuple);
      return;
    }
    let more = this.collided.get(h);
    if (more === undefined) this.collided.set(h, (more = []));
    for (const b of more) {
      if (agreesAt(b[0], tuple, this.mask)) {
        b.push(tuple);
        return;
      }
    }
    more.push([tuple]);
  }
}

export class TupleIndex {
  readonly tuples: number[][] = [];
  /** Every position bound: each bucket is one tuple (the set's own dedupe). */
  private readonly whole: MaskIndex;
  private readonly byMask = new Map<number, MaskIndex>();
  private readonly fullMask: number;

  constructor(readonly arity: number) {
    this.fullMask = arity >= MAX_MASK_POSITIONS ? -1 : (1 << arity) - 1;
    this.whole = new MaskIndex(this.fullMask);
  }

  get size(): number {
    return this.tuples.length;
  }

  /**
   * Adds a tuple unless it is there already; returns whether it was new. `shared`: the tuple is kept
   * as it is, not copied (its owner never changes it; the prover's fluents share theirs by all states).
   */
  add(tuple: readonly number[], shared = false): boolean {
    if (this.has(tuple)) return false;
    const stored = shared ? (tuple as number[]) : tuple.slice();
    this.whole.add(stored);
    this.tuples.push(stored);
    for (const index of this.byMask.values()) index.add(stored);
    return true;
  }

  has(tuple: readonly number[]): boolean {
    if (this.fullMask === -1) return this.tuples.some((t) => agrees(t, tuple));
    return this.whole.get(tuple) !== undefined;
  }

  /**
   * The tuples that agree with `call` on every position where `call` holds a term id (>= 0);
   * positions holding -1 are free. The result may hold tuples that a caller must still match
   * against the free positions' patterns; it must not be modified.
   */
  lookup(call: readonly number[]): readonly number[][] {
    return lookupByCall(this, call);
  }

  /**
   * `lookup` when the caller knows the bound positions: `mask` has a bit set exactly where `call`
   * holds a term id (a compiled plan fixes them, plan.ts); the arity is below MAX_MASK_POSITIONS.
   */
  lookupAt(call: readonly number[], mask: number): readonly number[][] {
    if (mask === 0) return this.tuples;
    if (mask === this.fullMask) return this.whole.get(call) ?? EMPTY;
    let index = this.byMask.get(mask);
    if (index === undefined) {
      index = new MaskIndex(mask);
      for (const t of this.tuples) index.add(t);
      this.byMask.set(mask, index);
    }
    return index.get(call) ?? EMPTY;
  }
}

const EMPTY: readonly number[][] = [];

/** What `lookupByCall` reads: a set of tuples with lookups by the mask of bound positions. */
export interface MaskLookup {
  readonly tuples: readonly number[][];
  lookupAt(call: readonly number[], mask: number): readonly number[][];
}

/**
 * `lookup` of an index that has `lookupAt` (this one, fluent-universe.ts's state bits): the mask of the
 * positions where `call` holds a term id, or a scan when one lies past MAX_MASK_POSITIONS.
 */
export function lookupByCall(index: MaskLookup, call: readonly number[]): readonly number[][] {
  let mask = 0;
  for (let i = 0; i < call.length; i++) {
    if (call[i] >= 0) {
      if (i >= MAX_MASK_POSITIONS) return index.tuples.filter((t) => agrees(t, call));
      mask |= 1 << i;
    }
  }
  return index.lookupAt(call, mask);
}

function agrees(tuple: readonly number[], call: readonly number[]): boolean {
  for (let i = 0; i < call.length; i++) if (call[i] >= 0 && call[i] !== tuple[i]) return false;
  return true;
}

/**
 * Whether `a` and `b` agree at the positions of `mask` (-1: all). A mask holds positions below
 * MAX_MASK_POSITIONS: `1 << i` wraps past 31 (`1 << 32` is 1), and a tuple of 33 positions or more was
 * compared at position 32 where the mask had position 0 (a 40-ary relation of facts lost its answers).
 */
export function agreesAt(a: readonly number[], b: readonly number[], mask: number): boolean {
  const n = mask === -1 ? a.length : Math.min(a.length, MAX_MASK_POSITIONS);
  for (let i = 0; i < n; i++) if (mask & (1 << i) && a[i] !== b[i]) return false;
  return true;
}

/** A hash of the positions in `mask` (see id-hash.ts; -1: all, else positions below MAX_MASK_POSITIONS, as `agreesAt`). */
export function hashAt(tuple: readonly number[], mask: number): number {
  let h = hashSeed(0);
  const n = mask === -1 ? tuple.length : Math.min(tuple.length, MAX_MASK_POSITIONS);
  for (let i = 0; i < n; i++) if (mask & (1 << i)) h = mixId(h, tuple[i]);
  return finishHash(h);
}
