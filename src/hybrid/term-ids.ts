/**
 * KIF names of a partial propnet (its base fluents, its moves) as the prover's term ids, both
 * ways. The prover's machine (prover-machine.ts) and the hybrid machine (hybrid-machine.ts) hand
 * states and moves to the prover this way (`FluentIds`, term ids) instead of as text, and read
 * the fluents and moves it derives back as indices: no string per name, no string compare, no
 * parse. Term ids are found when first needed (interning every name up front would parse them
 * all); an id met first in an answer is found through its KIF once, then by id.
 *
 * `KifTermIds` is the mechanism, over a list of names in groups (moves: one group per role, as
 * one KIF may be an input of two roles), a term id found back by a dense array per group;
 * `BaseFluentIds` adds the order a state goes over in: its fluents as their KIF sorts
 * (`Array.prototype.sort` on the strings), the order the prover's layer was built in when states
 * went over as sorted KIF, so the prover evaluates as it did then. A state goes over either as
 * term ids in that order or as a bitset over the base fluents in that order (the prover's
 * universe of fluents, `Prover.fluentUniverse`).
 * Pure computation: no Node imports.
 */
import type { FluentBits, FluentIds, FluentUniverse, Prover } from "../prover/prover.js";

/**
 * Fluents that are no part of a state but derived from it outside the prover, handed to it with
 * the state's own (below-machine.ts: the atoms ground below the prover). Their positions are
 * indices into `fluents`.
 */
export interface DerivedFluents {
  /** Their KIF, each once, none a base fluent. */
  readonly fluents: readonly string[];
  /** Calls `hold` with the position of each derived fluent that holds in the state (a bitset over base indices). */
  forEachHolding(state: ArrayLike<number>, hold: (position: number) => void): void;
}

/** Names (by index) and the prover's term ids, both ways, within groups of the indices. */
export class KifTermIds {
  /** Per index: the prover's term id of its name, or -1 until it is needed. */
  private readonly termIds: Int32Array;
  /**
   * Per group, by term id: its index + 1, -1 when the group has no such name, 0 while not known;
   * filled as ids are met (grown as needed); name → index for the ids met first in an answer.
   */
  private readonly byId: Int32Array[];
  private byKif: Map<string, number>[] | undefined;

  /**
   * `groupOf`: the group of each index (all in group 0 when absent), below `groupCount`; a name
   * is found only within its index's group.
   */
  constructor(
    private readonly prover: Prover,
    private readonly names: readonly string[],
    private readonly groupOf?: ArrayLike<number>,
    groupCount = 1,
  ) {
    this.termIds = new Int32Array(names.length).fill(-1);
    this.byId = Array.from({ length: groupCount }, () => new Int32Array(0));
  }

  /** The prover's term id of name i. */
  idOf(i: number): number {
    let id = this.termIds[i];
    if (id < 0) {
      id = this.termIds[i] = this.prover.termIdOf(this.names[i]);
      this.setIndex(this.groupOf === undefined ? 0 : this.groupOf[i], id, i);
    }
    return id;
  }

  /** The index of the name given as the prover's term id within a group, or -1 when the group has no such name. */
  indexOf(id: number, group = 0): number {
    const byId = this.byId[group];
    const known = id < byId.length ? byId[id] : 0;
    if (known !== 0) return known > 0 ? known - 1 : -1;
    const i = this.kifIndex(group).get(this.prover.kifOf(id));
    this.setIndex(group, id, i ?? -1);
    if (i === undefined) return -1;
    this.termIds[i] = id;
    return i;
  }

  /** Records the index of term id `id` in `group` (-1: none). */
  private setIndex(group: number, id: number, i: number): void {
    let byId = this.byId[group];
    if (id >= byId.length) {
      const grown = new Int32Array(Math.max(id + 1, byId.length * 2, 64));
      grown.set(byId);
      this.byId[group] = byId = grown;
    }
    byId[id] = i < 0 ? -1 : i + 1;
  }

  /** The group's names → their indices (the last index of a name that repeats). */
  private kifIndex(group: number): Map<string, number> {
    if (this.byKif === undefined) {
      const byKif = (this.byKif = this.byId.map(() => new Map<string, number>()));
      this.names.forEach((name, i) => byKif[this.groupOf === undefined ? 0 : this.groupOf[i]].set(name, i));
    }
    return this.byKif[group];
  }
}

/** The base fluents (by base index) as term ids, a state's in the order their KIF sorts. */
export class BaseFluentIds extends KifTermIds {
  /** Per base index: its place among the base fluents sorted as KIF; and the base indices in that order. */
  private readonly kifRank: Int32Array;
  private readonly kifOrder: Int32Array;
  /**
   * The base fluents in KIF order, then the derived fluents, as the prover's universe of fluents
   * (null when two parse alike: states then go as term ids).
   */
  private readonly universe: FluentUniverse | null;
  /** The derived fluents' term ids, by position. */
  private readonly derivedIds: readonly number[];

  constructor(
    prover: Prover,
    baseFluents: readonly string[],
    private readonly derived?: DerivedFluents,
  ) {
    super(prover, baseFluents);
    const names = baseFluents;
    this.kifOrder = Int32Array.from(names.keys()).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
    this.kifRank = new Int32Array(names.length);
    this.kifOrder.forEach((b, rank) => (this.kifRank[b] = rank));
    this.derivedIds = (derived?.fluents ?? []).map((f) => prover.termIdOf(f));
    const ids = [...this.kifOrderedIds(), ...this.derivedIds];
    this.universe = new Set(ids).size === ids.length ? prover.fluentUniverse(ids) : null;
  }

  /**
   * A state (a bitset over base indices) as the prover reads it: bits over its universe of fluents,
   * read by bit tests, else (no universe) its fluents' term ids in KIF order. A new object each
   * time: the prover keeps a state's tables by it, so a machine makes it once per state.
   */
  proverState(state: ArrayLike<number>): FluentBits | FluentIds {
    const { derived } = this;
    if (this.universe !== null) {
      const bits = this.kifBits(state);
      const n = this.kifRank.length;
      derived?.forEachHolding(state, (position) => {
        const p = n + position;
        bits[p >>> 5] |= 1 << (p & 31);
      });
      return { universe: this.universe, bits };
    }
    const baseIndices: number[] = [];
    for (let b = 0; b < this.kifRank.length; b++) if ((state[b >>> 5] >>> (b & 31)) & 1) baseIndices.push(b);
    const ids = this.sortedIds(baseIndices);
    derived?.forEachHolding(state, (position) => ids.push(this.derivedIds[position]));
    return { ids };
  }

  /** The base indices given, ordered as their fluents' KIF sorts. */
  sortedByKif(baseIndices: readonly number[]): Int32Array {
    const ranks = Int32Array.from(baseIndices, (b) => this.kifRank[b]).sort();
    for (let k = 0; k < ranks.length; k++) ranks[k] = this.kifOrder[ranks[k]];
    return ranks;
  }

  /** The term ids of every base fluent, in the order their KIF sorts: the prover's universe of fluents for `kifBits`. */
  kifOrderedIds(): number[] {
    return Array.from(this.kifOrder, (b) => this.idOf(b));
  }

  /** A state (a bitset over base indices) as a bitset over the base fluents in the order their KIF sorts. */
  kifBits(state: ArrayLike<number>): Uint32Array {
    const n = this.kifRank.length;
    const bits = new Uint32Array((n + this.derivedIds.length + 31) >>> 5);
    const { kifRank } = this;
    for (let w = 0; w < bits.length; w++) {
      let word = state[w];
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const b = (w << 5) + 31 - Math.clz32(low);
        if (b >= n) break;
        const rank = kifRank[b];
        bits[rank >>> 5] |= 1 << (rank & 31);
      }
    }
    return bits;
  }

  /** The term ids of the fluents of these base indices, in the order their KIF sorts. */
  sortedIds(baseIndices: readonly number[]): number[] {
    const sorted = this.sortedByKif(baseIndices);
    const ids = new Array<number>(sorted.length);
    for (let k = 0; k < sorted.length; k++) ids[k] = this.idOf(sorted[k]);
    return ids;
  }

  /** The base index of a fluent given as the prover's term id, or -1 when it is no base fluent. */
  baseOf(id: number): number {
    return this.indexOf(id);
  }
}
