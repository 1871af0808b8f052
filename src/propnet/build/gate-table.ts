/**
 * The gate table: gates by structure (kind and inputs) for the draft's sharing and merge's passes,
 * an open-addressing table of (gate id, 32-bit hash) pairs in one typed array, kept under half
 * full. A probe compares the stored hash before it reads the gate's kind, count and inputs, and
 * growing rehashes from the stored hashes without reading the gates again. Once gates' rows are
 * rewritten in place (`rowsRewritten`: merge), stored hashes may be stale: probes then compare
 * rows alone and growing hashes the rows again, as a table without stored hashes would.
 * Why the hash beside the id: without it every probe and every rehash read the gate's row in the
 * draft's pool, a cache miss each. Measured on amazonsTorus (CPU profile, load 9): the draft's
 * table growth 1.47 s of a 18.8 s build.
 */
import { AND, OR } from "./kinds.js";

/** A 32-bit hash of a gate's kind and (sorted) inputs `inputs[from .. from + count)`. */
export function gateHash(kind: number, inputs: Int32Array, from: number, count: number): number {
  let h = kind === AND ? 1 : kind === OR ? 2 : 3;
  for (let k = from; k < from + count; k++) h = Math.imul(h ^ inputs[k], 0x9e3779b1) ^ (h >>> 15);
  return h;
}

/** Where a gate table reads the gates: their kinds and their input rows in one pool. */
export interface GateRows {
  readonly kind: Uint8Array;
  readonly start: Int32Array;
  readonly count: Int32Array;
  readonly pool: Int32Array;
}

/** The smallest power of two that is at least 1024 and at least `n`. */
function powerOfTwo(n: number): number {
  let size = 1024;
  while (size < n) size *= 2;
  return size;
}

export class GateTable {
  /** Slot i is the pair `entries[2i]` (a gate id, -1 when empty) and `entries[2i + 1]` (its hash). */
  private entries: Int32Array;
  private mask: number;
  private size = 0;
  /** Whether gates' rows may have changed since their hashes were stored. */
  private stale = false;

  /** A table with room for `expected` gates before it grows. */
  constructor(expected = 0) {
    const slots = powerOfTwo(2 * expected + 2);
    this.entries = new Int32Array(2 * slots).fill(-1);
    this.mask = slots - 1;
  }

  /** From now on gates' rows may change after they are put in the table (see the header). */
  rowsRewritten(): void {
    this.stale = true;
  }

  /** Empties the table (its room stays). */
  clear(): void {
    this.entries.fill(-1);
    this.size = 0;
  }

  /**
   * The gate of `kind` over exactly `inputs[from .. from + count)` in the table; else `-1 - slot`
   * with `slot` where such a gate goes (`insertAt`), for the same `hash` (`gateHash` of them).
   */
  find(rows: GateRows, kind: number, inputs: Int32Array, from: number, count: number, hash: number): number {
    const { entries, mask } = this;
    const { pool } = rows;
    const checkHash = !this.stale;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const other = entries[2 * i];
      if (other < 0) return -1 - i;
      if ((checkHash && entries[2 * i + 1] !== hash) || rows.kind[other] !== kind || rows.count[other] !== count) continue;
      const theirs = rows.start[other];
      let same = true;
      for (let k = 0; k < count && same; k++) same = pool[theirs + k] === inputs[from + k];
      if (same) return other;
    }
  }

  /** Puts gate `id` with `hash` in the empty slot `find` named (its result r: slot `-1 - r`). */
  insertAt(rows: GateRows, found: number, id: number, hash: number): void {
    const i = -1 - found;
    this.entries[2 * i] = id;
    this.entries[2 * i + 1] = hash;
    if (++this.size * 2 > this.mask + 1) this.grow(rows);
  }

  /** Twice the slots, the gates put back in slot order (by their rows' hashes when stale). */
  private grow(rows: GateRows): void {
    const old = this.entries;
    const slots = 2 * (this.mask + 1);
    const entries = new Int32Array(2 * slots).fill(-1);
    const mask = slots - 1;
    for (let j = 0; j < old.length; j += 2) {
      const id = old[j];
      if (id < 0) continue;
      const hash = this.stale ? gateHash(rows.kind[id], rows.pool, rows.start[id], rows.count[id]) : old[j + 1];
      let i = hash & mask;
      while (entries[2 * i] >= 0) i = (i + 1) & mask;
      entries[2 * i] = id;
      entries[2 * i + 1] = hash;
    }
    this.entries = entries;
    this.mask = mask;
  }
}
