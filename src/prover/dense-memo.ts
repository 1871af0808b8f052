/**
 * A byte table of yes/no answers of fully bound calls, for answers that hold in every state: which
 * calls the relaxation rules out (relaxed.ts) and the answers of static relations (evaluator.ts).
 *
 * Why: chess asks hundreds of thousands of distinct 6-ary calls over a game (a threat check per
 * piece, target and square left empty); a Map of them cost about as much per lookup as the
 * searches it saved (its entries scattered over the heap), where a cell here is a few typed-array
 * reads. The values of one position of a relation are few (board coordinates, pieces).
 */

/** Cells of a dense table at most (one byte each): a 7-ary relation over the 8 files or ranks of a board fits. */
export const DENSE_CELLS = 1 << 21;
/** Values numbered per position at most (a relation of small arity needs no more). */
const MAX_RADIX = 256;
/** What a cell says of its call: not known yet, no, yes. */
export const UNKNOWN = 0;
export const IMPOSSIBLE = 1;
export const POSSIBLE = 2;

/**
 * Yes/no answers of a relation's fully bound calls in a byte table indexed by the call's values:
 * each position numbers the first values it meets 0, 1, ...; a call holding a value past a
 * position's radix has no cell (its caller keeps it another way).
 */
export class DenseMemo {
  /** Per position: term id → its number + 1 (0: not numbered yet). */
  private readonly codes: Int32Array[] = [];
  private readonly counts: number[] = [];
  private readonly radix: number;
  readonly cells: Uint8Array;

  constructor(arity: number) {
    let radix = 1;
    while ((radix + 1) ** arity <= DENSE_CELLS && radix < MAX_RADIX) radix++;
    this.radix = radix;
    this.cells = new Uint8Array(radix ** arity);
    for (let j = 0; j < arity; j++) {
      this.codes.push(new Int32Array(64));
      this.counts.push(0);
    }
  }

  /** The cell of a fully bound call, or -1 when one of its values has no number. */
  cellOf(call: readonly number[]): number {
    let cell = 0;
    for (let j = 0; j < call.length; j++) {
      const id = call[j];
      let codes = this.codes[j];
      if (id >= codes.length) {
        const grown = new Int32Array(Math.max(codes.length * 2, id + 1));
        grown.set(codes);
        this.codes[j] = codes = grown;
      }
      let code = codes[id] - 1;
      if (code < 0) {
        if (this.counts[j] === this.radix) return -1;
        code = this.counts[j]++;
        codes[id] = code + 1;
      }
      cell = cell * this.radix + code;
    }
    return cell;
  }
}

