/**
 * A dense table of yes/no answers of fully bound calls, for answers that hold in every state: which
 * calls the relaxation rules out (relaxed.ts) and the answers of static relations (evaluator.ts).
 *
 * Why: chess asks hundreds of thousands of distinct 6-ary calls over a game (a threat check per
 * piece, target and square left empty); a Map of them cost about as much per lookup as the
 * searches it saved (its entries scattered over the heap), where a cell here is a few typed-array
 * reads. The values of one position of a relation are few (board coordinates, pieces).
 */

/** Cells of a dense table at most (two bits each, four to a byte): a 7-ary relation over the 8 files or ranks of a board fits. */
export const DENSE_CELLS = 1 << 21;
/** Values numbered per position at most (a relation of small arity needs no more). */
const MAX_RADIX = 256;
/** The radix a table starts with (when its arity allows): it grows to the values met, up to its largest. */
const FIRST_RADIX = 4;
/** What a cell says of its call: not known yet, no, yes. */
export const UNKNOWN = 0;
export const IMPOSSIBLE = 1;
export const POSSIBLE = 2;

/**
 * Yes/no answers of a relation's fully bound calls in a table of two-bit cells indexed by the call's values:
 * each position numbers the first values it meets 0, 1, ...; the radix (values per position) starts
 * small and doubles, the cells laid out again, when a position meets more values, up to the largest
 * that keeps the table within DENSE_CELLS. A call holding a value past that has no cell (its caller
 * keeps it another way). The table is sized to the values met: every static relation of arity 3 or
 * more had one of up to 2 MiB from its arity alone, however few values it saw. Cells are two bits
 * (a byte each made chess's six-ary tables up to 1.8 MB, read at random: cache misses) and the
 * numbers of values 16-bit.
 */
export class DenseMemo {
  /** Per position: term id → its number + 1 (0: not numbered yet; at most MAX_RADIX). */
  private readonly codes: Uint16Array[] = [];
  private readonly counts: number[] = [];
  /** The largest radix the arity allows. */
  private readonly maxRadix: number;
  private radix: number;
  private cells: Uint8Array;

  constructor(private readonly arity: number) {
    let radix = 1;
    while ((radix + 1) ** arity <= DENSE_CELLS && radix < MAX_RADIX) radix++;
    this.maxRadix = radix;
    this.radix = Math.min(radix, FIRST_RADIX);
    this.cells = new Uint8Array(bytesOf(this.radix ** arity));
    for (let j = 0; j < arity; j++) {
      this.codes.push(new Uint16Array(64));
      this.counts.push(0);
    }
  }

  /** Cells of the table now. */
  get size(): number {
    return this.radix ** this.arity;
  }

  /** What is known of a fully bound call (UNKNOWN, IMPOSSIBLE, POSSIBLE), or -1 when it has no cell. */
  get(call: readonly number[]): number {
    const at = this.cellOf(call);
    return at < 0 ? -1 : (this.cells[at >> 2] >> ((at & 3) << 1)) & 3;
  }

  /** Keeps what is known of a fully bound call (IMPOSSIBLE or POSSIBLE); false when it has no cell. */
  set(call: readonly number[], known: number): boolean {
    const at = this.cellOf(call);
    if (at >= 0) {
      const shift = (at & 3) << 1;
      this.cells[at >> 2] = (this.cells[at >> 2] & ~(3 << shift)) | (known << shift);
    }
    return at >= 0;
  }

  /** The cell of a fully bound call, or -1 when one of its values has no number. */
  private cellOf(call: readonly number[]): number {
    let cell = 0;
    for (let j = 0; j < call.length; j++) {
      const id = call[j];
      let codes = this.codes[j];
      if (id >= codes.length) {
        const grown = new Uint16Array(Math.max(codes.length * 2, id + 1));
        grown.set(codes);
        this.codes[j] = codes = grown;
      }
      let code = codes[id] - 1;
      if (code < 0) {
        if (this.counts[j] === this.radix) {
          if (this.radix === this.maxRadix) return -1;
          this.grow();
          return this.cellOf(call);
        }
        code = this.counts[j]++;
        codes[id] = code + 1;
      }
      cell = cell * this.radix + code;
    }
    return cell;
  }

  /** Doubles the radix (up to the largest) and lays the known cells out again. */
  private grow(): void {
    const old = this.radix;
    const radix = Math.min(this.maxRadix, old * 2);
    const cells = new Uint8Array(bytesOf(radix ** this.arity));
    const from = this.cells;
    const count = old ** this.arity;
    for (let at = 0; at < count; at++) {
      const known = (from[at >> 2] >> ((at & 3) << 1)) & 3;
      if (known === UNKNOWN) continue;
      // The digits of `at` in the old radix, read again in the new one.
      let rest = at;
      let to = 0;
      let scale = 1;
      for (let j = 0; j < this.arity; j++) {
        to += (rest % old) * scale;
        rest = Math.floor(rest / old);
        scale *= radix;
      }
      cells[to >> 2] |= known << ((to & 3) << 1);
    }
    this.radix = radix;
    this.cells = cells;
  }
}

/** Bytes of a table of `cells` two-bit cells. */
function bytesOf(cells: number): number {
  return (cells + 3) >> 2;
}
