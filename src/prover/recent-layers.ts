/**
 * The layers (inputs and tables) of the last few states the prover was asked about, most recently
 * used first, in fixed slots (prover.ts keeps two: a machine asks each state several questions in a
 * row, and the next state's query reads the state before it).
 *
 * Why not a Map with `delete` and `set`: V8 rebuilds such a Map's table every few states, and the
 * tables it leaves behind still point at the layers deleted from them; a young-generation
 * collection counts those as live until a full collection. On chess on the prover a quarter of
 * everything a state allocated (its tables and their answers) was copied and promoted that way: 2.5
 * MB surviving each scavenge, against 0.7 MB with slots that are overwritten in place.
 * Pure computation: no Node imports.
 */
import type { Layer } from "./layer.js";

export class RecentLayers<K> {
  private readonly keys: (K | undefined)[];
  private readonly layers: (Layer | undefined)[];
  private count = 0;

  constructor(private readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError("RecentLayers keeps at least one layer");
    this.keys = new Array<K | undefined>(capacity).fill(undefined);
    this.layers = new Array<Layer | undefined>(capacity).fill(undefined);
  }

  /** How many layers are kept. */
  get size(): number {
    return this.count;
  }

  /** The layer kept for `key` (compared with ===), now the most recently used; undefined when none is. */
  use(key: K): Layer | undefined {
    for (let i = 0; i < this.count; i++) {
      if (this.keys[i] === key) {
        const layer = this.layers[i]!;
        this.moveToFront(i, key, layer);
        return layer;
      }
    }
    return undefined;
  }

  /** Keeps `layer` for `key` (not kept yet) as the most recently used, dropping the least recently used when full. */
  add(key: K, layer: Layer): void {
    if (this.count < this.capacity) this.count++;
    this.moveToFront(this.count - 1, key, layer);
  }

  /** Drops every layer. */
  clear(): void {
    this.keys.fill(undefined);
    this.layers.fill(undefined);
    this.count = 0;
  }

  /** Shifts slots 0..at-1 down by one (overwriting slot `at`) and puts the entry in slot 0. */
  private moveToFront(at: number, key: K, layer: Layer): void {
    for (let i = at; i > 0; i--) {
      this.keys[i] = this.keys[i - 1];
      this.layers[i] = this.layers[i - 1];
    }
    this.keys[0] = key;
    this.layers[0] = layer;
  }
}
