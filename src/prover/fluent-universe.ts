/**
 * The `true` inputs of a state given as a bitset over a universe of fluents fixed once (the base
 * fluents a machine's states are made of, src/hybrid/prover-machine.ts): each fluent is routed to
 * its input relations once for the game, and a state's layer is the bitset itself, read through
 * one index per input relation with TupleIndex's lookups (the evaluator reads either kind alike).
 *
 * Why: a state made of fluents hashed into a TupleIndex each (inputs.ts) cost chess a few percent of
 * its playouts, once per state and fluent. Here a fully bound lookup is a bit test: the values at
 * each argument position of a relation are numbered densely once, so a tuple's numbers give its
 * member of the relation; the other lookups index the state's members lazily, per mask used: in
 * dense buckets where the values at the mask's positions are numbered (`MaskBuckets`), else by hash.
 * Members are kept in universe order, so lookups answer in that order (the prover's machine gives
 * its universe as the fluents' KIF sorts, the order its layers were built in before).
 * Pure computation: no Node imports.
 */
import type { Program, Relation } from "./program.js";
import { Layer } from "./layer.js";
import { inputRoutes } from "./inputs.js";
import { lookupByCall, MaskIndex, MAX_MASK_POSITIONS } from "./tuple-index.js";

/** Widest range of term ids one argument position is numbered over densely, per value it holds (at least 1024). */
const DENSE_RANGE_PER_VALUE = 16;
/** Most codes a dense table of fully bound tuples has, per member (at least 4096); a mask index beyond. */
const DENSE_CODES_PER_MEMBER = 16;

const EMPTY: readonly number[][] = [];

/**
 * A state's tuples are put in a dense array of buckets (one slot per bucket, made per state and
 * mask) while the buckets are at most this many per tuple of the state (plus 64); beyond, a lookup
 * tests the bits of the members of its bucket, listed once for the universe (`membersIn`). chess's
 * `legal2`, read below the prover as fluents by the piece and its square, has 1,536 buckets for
 * about 76 tuples a state and 5 members a bucket on average: a state's dense array cost a
 * young-generation collection's worth of arrays, and sorting its tuples by bucket 4 % of a node.
 */
const SPARSE_BUCKETS_PER_TUPLE = 4;

/** The members of one `true` input relation in the universe, and how a fully bound tuple finds its member. */
class RelationMembers {
  /** Per member, in universe order: its position in the universe, its tuple, a list of its tuple alone. */
  readonly positions: number[] = [];
  readonly tuples: number[][] = [];
  readonly singles: (readonly number[][])[] = [];
  /** The mask of every argument position (-1 when too many to index). */
  readonly fullMask: number;
  /** Per universe position from `firstPosition` on: its member, or -1 when it is no member. */
  private memberAt = new Int32Array(0);
  firstPosition = 0;
  /** Per argument position: the dense number of each value (term id − valueBase), -1 for a value no member has there. */
  private valueNumbers: Int32Array[] = [];
  private valueBase: number[] = [];
  /** Per argument position: how many values it numbers. */
  private radices: number[] = [];
  /**
   * Per mask of a partial lookup: the members' buckets by their values there (null: too many to number densely), made on
   * first use. Caches by mask here are arrays indexed by the mask, not Maps: a state's lookups ask them hundreds of times.
   */
  private readonly bucketsByMask: (MaskBuckets | null | undefined)[] = [];
  /** Per mask: the members of each bucket (`membersIn`), made on first use. */
  private readonly membersByMask: ({ readonly start: Int32Array; readonly members: Int32Array } | undefined)[] = [];
  /** A fully bound tuple's member by its code (-1 none), or null when the codes are too many (a mask index then). */
  private byCode: Int32Array | null = null;
  /** The codes of fully bound tuples: the buckets of every position (null with `byCode`). */
  private allPositions: MaskBuckets | null = null;

  constructor(readonly relation: Relation) {
    this.fullMask = relation.arity >= MAX_MASK_POSITIONS ? -1 : (1 << relation.arity) - 1;
  }

  add(position: number, tuple: number[]): void {
    this.positions.push(position);
    this.tuples.push(tuple);
    this.singles.push([tuple]);
  }

  /** Numbers the values and codes the members, once every member is added. */
  finish(): void {
    const n = this.positions.length;
    const first = n === 0 ? 0 : this.positions[0];
    this.firstPosition = first;
    this.memberAt = new Int32Array(n === 0 ? 0 : this.positions[n - 1] - first + 1).fill(-1);
    this.positions.forEach((p, m) => (this.memberAt[p - first] = m));
    if (this.fullMask === -1 || this.relation.arity === 0) return;
    for (let i = 0; i < this.relation.arity; i++) {
      let min = Infinity;
      let max = -Infinity;
      for (const t of this.tuples) {
        min = Math.min(min, t[i]);
        max = Math.max(max, t[i]);
      }
      const values = new Set(this.tuples.map((t) => t[i])).size;
      if (max - min + 1 > Math.max(1024, DENSE_RANGE_PER_VALUE * values)) return;
      const numbers = new Int32Array(max - min + 1).fill(-1);
      let count = 0;
      for (const t of this.tuples) if (numbers[t[i] - min] < 0) numbers[t[i] - min] = count++;
      this.valueNumbers.push(numbers);
      this.valueBase.push(min);
      this.radices.push(count);
    }
    // a fully bound tuple's code is its bucket of every position
    const all = this.bucketsAt(this.fullMask);
    if (all === null) return;
    this.allPositions = all;
    const byCode = new Int32Array(all.count).fill(-1);
    this.byCode = byCode;
    // a tuple met twice (two fluents routed alike cannot be: their terms differ) would keep its first member
    all.memberBucket.forEach((code, m) => {
      if (byCode[code] < 0) byCode[code] = m;
    });
  }

  /** The members' buckets for a lookup bound at `mask`, or null when their values there are not numbered densely or the buckets are too many (a mask index then). */
  bucketsAt(mask: number): MaskBuckets | null {
    let buckets = this.bucketsByMask[mask];
    if (buckets === undefined) {
      buckets = null;
      if (this.valueNumbers.length === this.relation.arity) {
        const at: number[] = [];
        const strides: number[] = [];
        let count = 1;
        for (let i = 0; i < this.relation.arity; i++) {
          if (!(mask & (1 << i))) continue;
          at.push(i);
          strides.push(count);
          count *= this.radices[i];
        }
        if (count <= Math.max(4096, DENSE_CODES_PER_MEMBER * this.tuples.length)) {
          buckets = new MaskBuckets(at, strides, count, this.valueNumbers, this.valueBase);
          for (const t of this.tuples) buckets.memberBucket.push(buckets.bucketOf(t));
        }
      }
      this.bucketsByMask[mask] = buckets;
    }
    return buckets;
  }

  /**
   * The members in each bucket of `buckets` (for `mask`), in universe order, made on first use:
   * bucket b's are `members[start[b]]` up to `members[start[b + 1]]`.
   */
  membersIn(mask: number, buckets: MaskBuckets): { readonly start: Int32Array; readonly members: Int32Array } {
    let byBucket = this.membersByMask[mask];
    if (byBucket === undefined) {
      const start = new Int32Array(buckets.count + 1);
      for (const b of buckets.memberBucket) start[b + 1]++;
      for (let b = 0; b < buckets.count; b++) start[b + 1] += start[b];
      const members = new Int32Array(buckets.memberBucket.length);
      const next = start.slice(0, buckets.count);
      buckets.memberBucket.forEach((b, m) => (members[next[b]++] = m));
      this.membersByMask[mask] = byBucket = { start, members };
    }
    return byBucket;
  }

  /** Whether fully bound tuples find their member by code (else through a mask index). */
  get coded(): boolean {
    return this.byCode !== null;
  }

  /** The member of a fully bound tuple, or -1 when no member has it. */
  memberOf(call: readonly number[]): number {
    const code = this.codeOf(call);
    if (code < 0) return -1;
    return this.byCode![code];
  }

  /** The member at a universe position, or -1. */
  memberAtPosition(position: number): number {
    const k = position - this.firstPosition;
    return k >= 0 && k < this.memberAt.length ? this.memberAt[k] : -1;
  }

  private codeOf(tuple: readonly number[]): number {
    return this.allPositions === null ? -1 : this.allPositions.bucketOf(tuple);
  }
}

/**
 * A partial lookup's buckets: the values at the positions of its mask numbered densely (each
 * position's values as RelationMembers numbers them), so that a state's tuples are put in buckets
 * by a few array reads each, with no hashing (chess indexed its 64 cells three or four times a state).
 */
export class MaskBuckets {
  /** Per member: its bucket. */
  readonly memberBucket: number[] = [];
  constructor(
    private readonly at: readonly number[],
    private readonly strides: readonly number[],
    /** How many buckets there are. */
    readonly count: number,
    private readonly valueNumbers: readonly Int32Array[],
    private readonly valueBase: readonly number[],
  ) {}

  /** The bucket of a tuple or call by its values at the mask's positions, or -1 when a value there is no member's. */
  bucketOf(tuple: readonly number[]): number {
    let bucket = 0;
    for (let k = 0; k < this.at.length; k++) {
      const i = this.at[k];
      const numbers = this.valueNumbers[i];
      const v = tuple[i] - this.valueBase[i];
      if (!(v >= 0 && v < numbers.length)) return -1;
      const number = numbers[v];
      if (number < 0) return -1;
      bucket += number * this.strides[k];
    }
    return bucket;
  }
}

/**
 * One state's tuples of one `true` input relation: the relation's members whose universe positions
 * are set in the state's bits. TupleIndex's lookups, without building anything up front.
 */
export class StateFluentIndex {
  /** The members whose positions are set in the state's bits, in universe order. */
  private presentMembers: number[] | undefined;
  private present: number[][] | undefined;
  private byMask: (MaskIndex | undefined)[] | undefined;
  /** Per mask with dense buckets (`RelationMembers.bucketsAt`): the state's tuples in each bucket. */
  private bucketed: ((number[][] | undefined)[] | undefined)[] | undefined;

  constructor(
    private readonly members: RelationMembers,
    private readonly bits: Uint32Array,
  ) {}

  /** The state's tuples of the relation, in universe order. */
  get tuples(): readonly number[][] {
    if (this.present === undefined) {
      const memberTuples = this.members.tuples;
      this.present = this.presentOf().map((m) => memberTuples[m]);
    }
    return this.present;
  }

  /** The members whose positions are set in the state's bits, in universe order (found once). */
  private presentOf(): readonly number[] {
    if (this.presentMembers === undefined) {
      const present: number[] = [];
      const { members, bits } = this;
      const positions = members.positions;
      if (positions.length > 0) {
        const end = Math.min(bits.length - 1, positions[positions.length - 1] >>> 5);
        for (let w = members.firstPosition >>> 5; w <= end; w++) {
          let word = bits[w];
          while (word !== 0) {
            const low = word & -word;
            word ^= low;
            const m = members.memberAtPosition((w << 5) + 31 - Math.clz32(low));
            if (m >= 0) present.push(m);
          }
        }
      }
      this.presentMembers = present;
    }
    return this.presentMembers;
  }

  /** As TupleIndex.lookup: the tuples that agree with `call` where it holds a term id (>= 0). */
  lookup(call: readonly number[]): readonly number[][] {
    return lookupByCall(this, call);
  }

  /** As TupleIndex.lookupAt: `mask` has a bit set exactly where `call` holds a term id. */
  lookupAt(call: readonly number[], mask: number): readonly number[][] {
    if (mask === 0) return this.tuples;
    const members = this.members;
    if (mask === members.fullMask && members.coded) {
      const m = members.memberOf(call);
      if (m < 0) return EMPTY;
      const p = members.positions[m];
      return (this.bits[p >>> 5] >>> (p & 31)) & 1 ? members.singles[m] : EMPTY;
    }
    const buckets = members.bucketsAt(mask);
    if (buckets !== null) {
      const bucket = buckets.bucketOf(call);
      if (bucket < 0) return EMPTY;
      if (buckets.count <= SPARSE_BUCKETS_PER_TUPLE * this.presentOf().length + 64) return this.bucketedAt(mask, buckets)[bucket] ?? EMPTY;
      return this.presentIn(members.membersIn(mask, buckets), bucket);
    }
    const byMask = (this.byMask ??= []);
    let index = byMask[mask];
    if (index === undefined) {
      index = new MaskIndex(mask);
      for (const t of this.tuples) index.add(t);
      byMask[mask] = index;
    }
    return index.get(call) ?? EMPTY;
  }

  /** The tuples of the members of a bucket (`membersIn`) whose bits are set in the state, in universe order. */
  private presentIn(byBucket: { readonly start: Int32Array; readonly members: Int32Array }, bucket: number): readonly number[][] {
    const { positions, tuples, singles } = this.members;
    const bits = this.bits;
    const candidates = byBucket.members;
    let first = -1;
    let found: number[][] | undefined;
    for (let k = byBucket.start[bucket], end = byBucket.start[bucket + 1]; k < end; k++) {
      const m = candidates[k];
      const p = positions[m];
      if (!((bits[p >>> 5] >>> (p & 31)) & 1)) continue;
      if (first < 0) first = m;
      else (found ??= [tuples[first]]).push(tuples[m]);
    }
    // one tuple: the member's shared list of itself
    return found ?? (first < 0 ? EMPTY : singles[first]);
  }

  /** The state's tuples by bucket of `buckets` (made on first use). */
  private bucketedAt(mask: number, buckets: MaskBuckets): readonly (number[][] | undefined)[] {
    const bucketed = (this.bucketed ??= []);
    let byBucket = bucketed[mask];
    if (byBucket === undefined) {
      byBucket = new Array<number[][] | undefined>(buckets.count);
      const present = this.presentOf();
      const { tuples: memberTuples, singles } = this.members;
      // a bucket of one tuple is the member's shared list of itself (chess's cells by square: one each)
      for (let k = 0; k < present.length; k++) {
        const m = present[k];
        const b = buckets.memberBucket[m];
        const list = byBucket[b];
        if (list === undefined) byBucket[b] = singles[m] as number[][];
        else if (list.length === 1) byBucket[b] = [list[0], memberTuples[m]];
        else list.push(memberTuples[m]);
      }
      bucketed[mask] = byBucket;
    }
    return byBucket;
  }
}

/** A universe of fluents (term ids, each once) and each one's routes to the `true` input relations. */
export class FluentUniverse {
  private readonly members: RelationMembers[] = [];

  /** Throws when a fluent is given twice (its bits would tell two answers). */
  constructor(
    /** The program whose input relations the fluents are routed to. */
    readonly program: Program,
    fluents: readonly number[],
  ) {
    const byRelation = new Map<Relation, RelationMembers>();
    const seen = new Set<number>();
    fluents.forEach((f, position) => {
      if (seen.has(f)) throw new Error(`the fluent ${program.store.kif(f)} is twice in the universe`);
      seen.add(f);
      const routes = inputRoutes(program, "true", [], f);
      for (let k = 0; k < routes.length; k += 2) {
        const r = routes[k] as Relation;
        let members = byRelation.get(r);
        if (members === undefined) byRelation.set(r, (members = new RelationMembers(r)));
        members.add(position, routes[k + 1] as number[]);
      }
    });
    for (const members of byRelation.values()) {
      members.finish();
      this.members.push(members);
    }
  }

  /** A layer whose `true` inputs are the fluents at the positions set in `bits` (kept, not copied: never change them). */
  stateLayer(bits: Uint32Array): Layer {
    const layer = new Layer();
    for (const members of this.members) layer.inputs[members.relation.index] = new StateFluentIndex(members, bits);
    return layer;
  }
}
