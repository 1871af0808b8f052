/**
 * A growable list of 32-bit integers: what the aspif reader, extraction and the propnet build
 * collect into instead of JavaScript arrays, so that millions of numbers are one typed array the
 * garbage collector never walks.
 */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(Math.max(1, capacity));
  }
  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }
  /** Room for `needed` elements in all. */
  grow(needed: number): void {
    if (needed <= this.data.length) return;
    const bigger = new Int32Array(Math.max(needed, this.data.length * 2));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
  /** A copy of exactly the elements pushed. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
  /**
   * The elements pushed, in the list's own storage (no copy): for a list that is done, since a
   * push may move the storage and the view then no longer sees it.
   */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Sorts a[from .. to) ascending in place: insertion sort for the short rows most gates have, the typed array's sort beyond. */
export function sortRange(a: Int32Array, from: number, to: number): void {
  if (to - from > 24) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= from && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}

/** A typed array of `n` elements (of the same kind as `from`) holding `from`'s first ones: a packed list grown or trimmed. */
export function resized<T extends Uint8Array | Int32Array>(from: T, n: number): T {
  const to = (from instanceof Uint8Array ? new Uint8Array(n) : new Int32Array(n)) as T;
  to.set(from.subarray(0, Math.min(from.length, n)));
  return to;
}

/** The first index below `count` whose value in `ascending` is at least `value` (`count` when none is): a binary search. */
export function firstAtLeast(ascending: Int32Array, count: number, value: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ascending[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
