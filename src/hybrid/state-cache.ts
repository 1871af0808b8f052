/**
 * A small most-recently-used cache of what was computed for a state (a bitset over base indices),
 * keyed by the state's words: the prover's machine keeps its answers per state
 * (prover-machine.ts), the hybrid machine its states filled with the lifted atoms
 * (hybrid-machine.ts). A playout asks several questions of the same few states in a row, so a few
 * tens of entries are enough; the least recently used is dropped first.
 *
 * The state asked last is found by comparing its words; another by a hash of its words compared
 * with each entry's, then its words: no key is built (a string per state was about 2 % of chess on
 * the prover).
 * Pure computation: no Node imports.
 */
import { finishHash, hashSeed, mixId } from "../prover/id-hash.js";

export class StateCache<T> {
  /** Per entry: its state's words (bits of `ignored` cleared), their hash, its value and when it was used last. */
  private readonly keys: Uint32Array;
  private readonly hashes: Int32Array;
  private readonly values: (T | undefined)[];
  private readonly used: Float64Array;
  private size = 0;
  private clock = 0;
  /** The entry asked last, or -1. */
  private last = -1;
  /** The state asked, its bits of `ignored` cleared. */
  private readonly asked: Uint32Array;

  /** `words`: the words of a state; `ignored`: bits that do not tell states apart (the key leaves them out). */
  constructor(
    private readonly capacity: number,
    private readonly words: number,
    private readonly ignored?: Uint32Array,
  ) {
    this.keys = new Uint32Array(capacity * words);
    this.hashes = new Int32Array(capacity);
    this.values = new Array<T | undefined>(capacity).fill(undefined);
    this.used = new Float64Array(capacity);
    this.asked = new Uint32Array(words);
  }

  /** The value kept for `state` or, when there is none, `make()`'s; either way now the most recently used. */
  get(state: ArrayLike<number>, make: () => T): T {
    const { words, ignored, asked, keys } = this;
    for (let w = 0; w < words; w++) asked[w] = ignored ? state[w] & ~ignored[w] : state[w];
    if (this.last >= 0 && this.sameAs(this.last)) return this.values[this.last]!;
    let h = hashSeed(words);
    for (let w = 0; w < words; w++) h = mixId(h, asked[w]);
    h = finishHash(h);
    let entry = -1;
    for (let e = 0; e < this.size; e++) {
      if (this.hashes[e] === h && this.sameAs(e)) {
        entry = e;
        break;
      }
    }
    if (entry < 0) {
      const value = make();
      if (this.size < this.capacity) {
        entry = this.size++;
      } else {
        entry = 0;
        for (let e = 1; e < this.size; e++) if (this.used[e] < this.used[entry]) entry = e;
      }
      keys.set(asked, entry * words);
      this.hashes[entry] = h;
      this.values[entry] = value;
    }
    this.used[entry] = ++this.clock;
    this.last = entry;
    return this.values[entry]!;
  }

  /** Whether entry `e` is of the state asked. */
  private sameAs(e: number): boolean {
    const { words, asked, keys } = this;
    const base = e * words;
    for (let w = 0; w < words; w++) if (keys[base + w] !== asked[w]) return false;
    return true;
  }
}
