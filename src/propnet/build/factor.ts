/**
 * Factoring: an input common to all the ANDs of an OR, when only that OR reads them, is taken out:
 * or(and(c, x1), and(c, x2)) = and(c, or(x1, x2)); or(and(c), and(c, x)) = and(c) (absorption).
 * Why: in tictactoe the 16 clauses that keep a cell blank become one AND over one OR of moves.
 * Measured on 309 base games (all that ground but alexChess): 150 k of 6.94 M components fewer, in
 * 145 games (tictactoe 247 to 222).
 */
import { IntList } from "../../int-list.js";
import type { Draft } from "./draft.js";
import { AND, OR } from "./kinds.js";
import type { Representatives } from "./representatives.js";

/** Marks by stamp over component ids, grown as the draft grows: `mark(x)` is true once per stamp. */
export class Stamps {
  private at: Int32Array;
  private stamp = 0;
  constructor(size: number) {
    this.at = new Int32Array(Math.max(1024, size));
  }
  next(): number {
    return ++this.stamp;
  }
  /** Whether x has the current stamp; gives it the stamp. */
  mark(x: number): boolean {
    if (x >= this.at.length) {
      const bigger = new Int32Array(Math.max(x + 1, this.at.length * 2));
      bigger.set(this.at);
      this.at = bigger;
    }
    if (this.at[x] === this.stamp) return true;
    this.at[x] = this.stamp;
    return false;
  }
  has(x: number, stamp: number): boolean {
    return x < this.at.length && this.at[x] === stamp;
  }
}

/**
 * What `factorCommonInputs` works in, by component id, kept from one call to the next (amazonsTorus
 * drafts 2.0 M components: a new set per call was 32 MB more for the garbage collector each time).
 */
export class FactorBuffers {
  readers: Int32Array;
  hits: Int32Array;
  readonly seen: Stamps;
  readonly inCommon: Stamps;
  constructor(size: number) {
    this.readers = new Int32Array(size);
    this.hits = new Int32Array(size);
    this.seen = new Stamps(size);
    this.inCommon = new Stamps(size);
  }
}

/**
 * Factors a common input out of an OR of ANDs: or(and(c, x1), and(c, x2)) = and(c, or(x1, x2)),
 * when those ANDs are read by nothing else; or(and(c), and(c, x)) = and(c) (absorption). Returns
 * whether it changed anything.
 */
export function factorCommonInputs(d: Draft, reps: Representatives, buffers = new FactorBuffers(d.size)): boolean {
  if (buffers.readers.length < d.size) buffers.readers = new Int32Array(Math.max(d.size, Math.ceil(buffers.readers.length * 1.5)));
  const readers = buffers.readers;
  /** The components whose readers are counted: those made before this call. */
  const counted = d.size;
  readers.fill(0, 0, counted);
  // the readers of each representative among what the walk reaches, counted as it goes
  const order = reps.postorder(readers);
  let changed = false;
  const { seen, inCommon } = buffers;
  /** hits[y], long enough for y (gates made by earlier factorings can be inputs too). */
  const hitsFor = (y: number): Int32Array => {
    if (y >= buffers.hits.length) {
      const bigger = new Int32Array(Math.max(y + 1, buffers.hits.length * 2));
      bigger.set(buffers.hits);
      buffers.hits = bigger;
    }
    return buffers.hits;
  };
  const ins = new IntList(64);
  // the sets: one per input of the OR, its elements in `items` from `setStart[i]`
  const items = new IntList(256);
  const setStart = new IntList(64);
  const common = new IntList(64);
  const rest = new IntList(64);
  const restGates = new IntList(64);
  /** Appends the distinct representatives of v's inputs to `into`, in order. */
  const distinctInputs = (v: number, into: IntList) => {
    seen.next();
    for (let k = 0; k < d.count[v]; k++) {
      const x = reps.find(d.input(v, k));
      if (!seen.mark(x)) into.push(x);
    }
  };
  for (let o = 0; o < order.length; o++) {
    const v = order[o];
    if (d.kind[v] !== OR || !reps.isOwn(v)) continue;
    ins.length = 0;
    distinctInputs(v, ins);
    if (ins.length < 2) continue;
    items.length = 0;
    setStart.length = 0;
    for (let i = 0; i < ins.length; i++) {
      const x = ins.data[i];
      setStart.push(items.length);
      if (d.kind[x] === AND && x < counted && readers[x] === 1) distinctInputs(x, items);
      else items.push(x);
    }
    setStart.push(items.length);
    // common: the first set's elements that are in every other set, in the first set's order
    const sets = ins.length;
    const first = inCommon.next();
    for (let k = setStart.data[0]; k < setStart.data[1]; k++) {
      inCommon.mark(items.data[k]);
      hitsFor(items.data[k])[items.data[k]] = 0;
    }
    for (let k = setStart.data[1]; k < setStart.data[sets]; k++) {
      const y = items.data[k];
      if (inCommon.has(y, first)) buffers.hits[y]++;
    }
    common.length = 0;
    for (let k = setStart.data[0]; k < setStart.data[1]; k++) if (buffers.hits[items.data[k]] === sets - 1) common.push(items.data[k]);
    if (common.length === 0) continue;
    const isCommon = inCommon.next();
    for (let k = 0; k < common.length; k++) inCommon.mark(common.data[k]);
    // the rests: each set without the common inputs; an AND of each, unless one is empty
    let someEmpty = false;
    for (let i = 0; i < sets && !someEmpty; i++) {
      let left = 0;
      for (let k = setStart.data[i]; k < setStart.data[i + 1]; k++) if (!inCommon.has(items.data[k], isCommon)) left++;
      someEmpty = left === 0;
    }
    if (!someEmpty) {
      restGates.length = 0;
      for (let i = 0; i < sets; i++) {
        rest.length = 0;
        for (let k = setStart.data[i]; k < setStart.data[i + 1]; k++) if (!inCommon.has(items.data[k], isCommon)) rest.push(items.data[k]);
        restGates.push(d.gate(AND, rest));
      }
      common.push(d.gate(OR, restGates));
    }
    const result = d.gate(AND, common);
    reps.grow();
    if (reps.find(result) === v) continue;
    reps.replace(v, result);
    changed = true;
  }
  return changed;
}
