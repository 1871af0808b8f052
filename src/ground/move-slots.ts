/**
 * The move numbers' table of the aspif reader (aspif-compact.ts, `CompactSymbols.move`): byte
 * strings numbered by their content as they come.
 */
import { IntList } from "../int-list.js";
import { hashBytes } from "./symbol-kif.js";

/** Whether data[from, to) equals other[at, at + to - from). */
function sameBytes(data: Uint8Array, from: number, to: number, other: Uint8Array, at: number): boolean {
  for (let k = from; k < to; k++) if (data[k] !== other[at + k - from]) return false;
  return true;
}

/**
 * Byte strings numbered by content, 0, 1, ... in first-seen order: an open-addressing table of
 * (number + 1, hash) pairs, kept at most half full, over a copy of each new string's bytes (a
 * few MB on the largest games, where the reader's pool is 100 MB). Measured on amazonsTorus's
 * 777 k `legal`, `does` and `_input` symbols (259 k moves), alone: ~0.25 s, ~0.3 µs a string,
 * nearly all of it the cache misses of probes that come in no order.
 */
export class MoveSlots {
  /** Slot i: slots[2i] the number plus one (0: free), slots[2i + 1] the hash. */
  private slots = new Int32Array(2 * 4096);
  /** String n is bytes[start[n], start[n + 1]). */
  private bytes = new Uint8Array(1 << 16);
  private readonly start = new IntList(1024);
  count = 0;

  constructor() {
    this.start.push(0);
  }

  /** The number of the bytes data[from, to), a new one when they are new. */
  number(data: Uint8Array, from: number, to: number): number {
    // FNV-1a's low bits, the slot's, depend on the bytes' low bits only: mixed (murmur3's finalizer)
    let h = hashBytes(data, from, to);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    const length = to - from;
    let slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const start = this.start.data;
    const bytes = this.bytes;
    let i = h & mask;
    for (let e = slots[2 * i]; e !== 0; i = (i + 1) & mask, e = slots[2 * i]) {
      if (slots[2 * i + 1] !== h) continue;
      const at = start[e - 1];
      if (start[e] - at === length && sameBytes(data, from, to, bytes, at)) return e - 1;
    }
    const n = this.count++;
    slots[2 * i] = n + 1;
    slots[2 * i + 1] = h;
    const end = start[n] + length;
    if (end > bytes.length) {
      const bigger = new Uint8Array(Math.max(end, 2 * bytes.length));
      bigger.set(bytes);
      this.bytes = bigger;
    }
    const into = this.bytes;
    for (let k = from, j = start[n]; k < to; k++, j++) into[j] = data[k];
    this.start.push(end);
    if (2 * this.count > slots.length >> 1) {
      const old = slots;
      this.slots = slots = new Int32Array(2 * old.length);
      const bigger = (slots.length >> 1) - 1;
      for (let j = 0; j < old.length; j += 2) {
        if (old[j] === 0) continue;
        let k = old[j + 1] & bigger;
        while (slots[2 * k] !== 0) k = (k + 1) & bigger;
        slots[2 * k] = old[j];
        slots[2 * k + 1] = old[j + 1];
      }
    }
    return n;
  }
}
