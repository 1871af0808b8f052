/**
 * A small most-recently-used cache of what was computed for a state (a bitset over base indices),
 * keyed by the state's words: the prover's machine keeps its answers per state
 * (prover-machine.ts), the hybrid machine its states filled with the lifted atoms
 * (hybrid-machine.ts). A playout asks several questions of the same few states in a row, so a few
 * tens of entries are enough; the least recently used is dropped first.
 * Pure computation: no Node imports.
 */

/** The key of `state`'s first `words` words, without the bits of `ignored` (when given). */
export function stateKey(state: ArrayLike<number>, words: number, ignored?: Uint32Array): string {
  let key = "";
  for (let w = 0; w < words; w++) key += `${ignored ? state[w] & ~ignored[w] : state[w]},`;
  return key;
}

export class StateCache<T> {
  private readonly entries = new Map<string, T>();
  /** The words of the state asked last (bits of `ignored` cleared) and its value. */
  private readonly lastWords: Uint32Array;
  private last: T | undefined;

  /** `words`: the words of a state; `ignored`: bits that do not tell states apart (the key leaves them out). */
  constructor(
    private readonly capacity: number,
    private readonly words: number,
    private readonly ignored?: Uint32Array,
  ) {
    this.lastWords = new Uint32Array(words);
  }

  /** The value kept for `state` or, when there is none, `make()`'s; either way now the most recently used. */
  get(state: ArrayLike<number>, make: () => T): T {
    const { words, ignored, lastWords } = this;
    if (this.last !== undefined) {
      let same = true;
      for (let w = 0; w < words && same; w++) same = (ignored ? state[w] & ~ignored[w] : state[w]) >>> 0 === lastWords[w];
      if (same) return this.last;
    }
    const key = stateKey(state, words, ignored);
    let value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
    } else {
      value = make();
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, value);
    for (let w = 0; w < words; w++) lastWords[w] = ignored ? state[w] & ~ignored[w] : state[w];
    this.last = value;
    return value;
  }
}
