/**
 * The tables and inputs of one level of the prover's evaluator (evaluator.ts): a state (level 1),
 * a state with a joint move (level 2), or the static relations (level 0); and the answers of the
 * fully bound calls it searched depth-first in that level, kept in `BoundAnswers` (also the memo of
 * relaxed.ts's checks).
 */
import type { Relation } from "./program.js";
import { hashIds, sameIds } from "./id-hash.js";
import type { TupleIndex } from "./tuple-index.js";
import type { Table } from "./table.js";

/** A hash of a call of a relation (see id-hash.ts). */
export function callHash(relation: number, call: readonly number[]): number {
  return hashIds(relation, call);
}

/** Slots of a table of kept answers at its first answer (a power of two); a state layer keeps about 50 on chess. */
const FIRST_SLOTS = 64;
/** Ints of the pool of kept calls at the first answer. */
const FIRST_POOL = 512;
/** The arrays of a table that keeps nothing yet (most layers: a move layer, a query's empty inputs). */
const NONE = new Int32Array(0);

/**
 * Yes/no answers of fully bound calls, by the hash of relation and call: open addressing over typed
 * arrays, each kept call's relation, answer and ids copied into one pool of ints (an entry: relation
 * index, 0 or 1, then the ids; its length is the relation's arity). Why not a Map of objects: a
 * state layer kept about 50 answers a chess node, each a Map entry, an object and a copy of its call,
 * a good part of the prover's garbage.
 */
export class BoundAnswers {
  /** Per slot: the entry's offset in `pool` + 1, or 0 when the slot is empty. */
  private slots = NONE;
  /** Per slot: the hash of its entry. */
  private hashes = NONE;
  private pool = NONE;
  private top = 0;
  /** Answers kept. */
  size = 0;

  /** Whether a fully bound call holds, when its answer is kept: 1 yes, 0 no, -1 not known. */
  answer(relation: Relation, call: readonly number[]): number {
    if (this.size === 0) return -1;
    const hash = callHash(relation.index, call);
    const last = this.slots.length - 1;
    for (let i = hash & last; ; i = (i + 1) & last) {
      const at = this.slots[i] - 1;
      if (at < 0) return -1;
      if (this.hashes[i] === hash && this.holds(at, relation.index, call)) return this.pool[at + 1];
    }
  }

  /** Keeps the answer of a fully bound call (not kept yet). */
  keep(relation: Relation, call: readonly number[], holds: boolean): void {
    if (2 * (this.size + 1) > this.slots.length) this.rehash(Math.max(FIRST_SLOTS, this.slots.length * 2));
    const n = call.length;
    if (this.top + n + 2 > this.pool.length) {
      const pool = new Int32Array(Math.max(FIRST_POOL, this.pool.length * 2, this.top + n + 2));
      pool.set(this.pool);
      this.pool = pool;
    }
    const at = this.top;
    this.pool[at] = relation.index;
    this.pool[at + 1] = holds ? 1 : 0;
    for (let j = 0; j < n; j++) this.pool[at + 2 + j] = call[j];
    this.top = at + n + 2;
    this.place(callHash(relation.index, call), at);
    this.size++;
  }

  clear(): void {
    this.slots.fill(0);
    this.top = 0;
    this.size = 0;
  }

  /** Whether the entry at `at` is of `relation` (by index) and `call`. */
  private holds(at: number, relation: number, call: readonly number[]): boolean {
    const pool = this.pool;
    if (pool[at] !== relation) return false;
    for (let j = 0; j < call.length; j++) if (pool[at + 2 + j] !== call[j]) return false;
    return true;
  }

  private place(hash: number, at: number): void {
    const last = this.slots.length - 1;
    let i = hash & last;
    while (this.slots[i] !== 0) i = (i + 1) & last;
    this.slots[i] = at + 1;
    this.hashes[i] = hash;
  }

  private rehash(size: number): void {
    const slots = this.slots;
    const hashes = this.hashes;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
    for (let i = 0; i < slots.length; i++) if (slots[i] !== 0) this.place(hashes[i], slots[i] - 1);
  }
}

/** Tables and inputs of one level: a state (level 1) or a state with a joint move (level 2). */
export class Layer {
  /**
   * Every table of the layer, by the hash of its relation and call; tables whose calls hash
   * alike are chained through `Table.nextAlike`. One map per layer instead of a trie of maps per
   * relation: chess made about 2,400 maps a state, most of the prover's garbage.
   */
  readonly tables = new Map<number, Table>();
  readonly inputs: (Pick<TupleIndex, "lookup" | "lookupAt"> | undefined)[] = [];
  /** Answers of fully bound calls searched depth-first (see ground-calls.ts). */
  private readonly known = new BoundAnswers();

  /** Whether a fully bound call holds, when it was searched in this layer: 1 yes, 0 no, -1 not known. */
  knownAnswer(relation: Relation, call: readonly number[]): number {
    return this.known.answer(relation, call);
  }

  /** Keeps the answer of a fully bound call (not known yet). */
  keepAnswer(relation: Relation, call: readonly number[], holds: boolean): void {
    this.known.keep(relation, call, holds);
  }

  /** The table of a call of `relation`, made by `make` (and kept) when the layer has none. */
  tableOf(relation: Relation, call: readonly number[], make: (layer: Layer, relation: Relation, call: readonly number[]) => Table): Table {
    const hash = callHash(relation.index, call);
    const first = this.tables.get(hash);
    let table = first;
    while (table !== undefined && (table.relation !== relation || !sameIds(table.call, call))) table = table.nextAlike;
    if (table === undefined) {
      table = make(this, relation, call);
      table.nextAlike = first;
      this.tables.set(hash, table);
    }
    return table;
  }
}

