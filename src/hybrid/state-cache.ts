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

  constructor(private readonly capacity: number) {}

  /** The value kept under `key` or, when there is none, `make()`'s; either way now the most recently used. */
  get(key: string, make: () => T): T {
    let value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
    } else {
      value = make();
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, value);
    return value;
  }
}
