/**
 * The tuples of one `does` input relation in a joint move's layer (inputs.ts): one per role at
 * most, so a lookup scans them instead of hashing them.
 *
 * Why: a joint move's layer is made for every successor asked (a node of a playout), and a
 * TupleIndex made a hash map for each of its input relations, then another for each set of bound
 * positions a body looked it up with (chess's `next` asks `does(move/5)` with a pawn's rank, a
 * castling king's squares, ...): about 2 % of chess's time on the prover went to those maps.
 */
import { agreesAt, lookupByCall } from "./tuple-index.js";

const EMPTY: readonly number[][] = [];

export class MoveTuples {
  readonly tuples: number[][] = [];
  /** Per tuple: the list of it alone (the answer of a lookup that only it matches, without an allocation). */
  private readonly alone: (readonly number[][])[] = [];

  /** Adds a tuple (kept as it is: its owner never changes it) unless it is there already; returns whether it was new. */
  add(tuple: readonly number[]): boolean {
    for (const t of this.tuples) if (agreesAt(t, tuple, -1)) return false;
    this.tuples.push(tuple as number[]);
    this.alone.push([tuple as number[]]);
    return true;
  }

  /** The tuples that agree with `call` where it holds a term id (>= 0). */
  lookup(call: readonly number[]): readonly number[][] {
    return lookupByCall(this, call);
  }

  /** The tuples that agree with `call` at the positions of `mask` (see TupleIndex.lookupAt). */
  lookupAt(call: readonly number[], mask: number): readonly number[][] {
    const tuples = this.tuples;
    if (mask === 0) return tuples;
    let count = 0;
    let last = -1;
    for (let k = 0; k < tuples.length; k++) {
      if (agreesAt(tuples[k], call, mask)) {
        count++;
        last = k;
      }
    }
    if (count === tuples.length) return tuples;
    if (count === 0) return EMPTY;
    if (count === 1) return this.alone[last];
    return tuples.filter((t) => agreesAt(t, call, mask));
  }
}
