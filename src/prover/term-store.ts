/**
 * Interned ground terms for the prover.
 *
 * Every ground term gets a small integer id, so that two ground terms are equal exactly when
 * their ids are equal. A constant `a` and a compound `(f t1 ... tn)` (including the 0-ary
 * compound `(f)`, which is not the constant `f`) are kept apart. Ids print back to normalized
 * KIF exactly as `termToKif` (src/syntax/print.ts) prints the same term.
 */
import type { Term } from "../syntax/ast.js";
import { hashIds, sameIds } from "./id-hash.js";

export class TermStore {
  /** Symbol names (constants and functors share one table). */
  private readonly symbolIds = new Map<string, number>();
  readonly symbolNames: string[] = [];

  private readonly constantIds = new Map<number, number>();
  /**
   * Compounds by a hash of their symbol and arguments: the first of each bucket (the hash's low
   * bits), -1 for none; the others of a bucket are chained through `nextAlike`. No key is built as
   * text (interning was a good part of the prover's garbage: every move and fluent it derives is a
   * compound), and no Map is asked (a typed array read is cheaper: chess interns about 135 a node).
   * The table doubles when it holds as many terms as buckets.
   */
  private buckets = new Int32Array(1024).fill(-1);
  /** Per term: the next compound of its bucket, or -1. */
  private readonly nextAlike: number[] = [];
  /** Symbol of each term: the constant's name or the compound's functor. */
  readonly symbolOf: number[] = [];
  /** Arguments of each compound; `null` for a constant. */
  readonly argsOf: (readonly number[] | null)[] = [];
  private readonly kifCache: (string | undefined)[] = [];

  get size(): number {
    return this.symbolOf.length;
  }

  symbol(name: string): number {
    let id = this.symbolIds.get(name);
    if (id === undefined) {
      id = this.symbolNames.length;
      this.symbolNames.push(name);
      this.symbolIds.set(name, id);
    }
    return id;
  }

  constant(name: string): number {
    const sym = this.symbol(name);
    let id = this.constantIds.get(sym);
    if (id === undefined) {
      id = this.symbolOf.length;
      this.symbolOf.push(sym);
      this.argsOf.push(null);
      this.nextAlike[id] = -1;
      this.constantIds.set(sym, id);
    }
    return id;
  }

  /** The id of `(symbol args...)`; `args` is copied when the term is new. */
  compound(sym: number, args: readonly number[]): number {
    const buckets = this.buckets;
    const bucket = compoundHash(sym, args) & (buckets.length - 1);
    for (let id = buckets[bucket]; id >= 0; id = this.nextAlike[id]) {
      const stored = this.argsOf[id];
      if (this.symbolOf[id] === sym && stored !== null && stored.length === args.length && sameIds(stored, args)) return id;
    }
    // copied before anything is stored: a stack overflow in the copy leaves the store as it was (nesting.ts)
    const copy = args.slice();
    const id = this.symbolOf.length;
    this.symbolOf.push(sym);
    this.argsOf.push(copy);
    this.nextAlike[id] = buckets[bucket];
    buckets[bucket] = id;
    if (this.symbolOf.length > buckets.length) this.grow();
    return id;
  }

  /** Doubles the buckets and puts every compound in its new one. */
  private grow(): void {
    const buckets = new Int32Array(this.buckets.length * 2).fill(-1);
    const mask = buckets.length - 1;
    for (let id = 0; id < this.argsOf.length; id++) {
      const args = this.argsOf[id];
      if (args === null) continue;
      const bucket = compoundHash(this.symbolOf[id], args) & mask;
      this.nextAlike[id] = buckets[bucket];
      buckets[bucket] = id;
    }
    this.buckets = buckets;
  }

  /** Interns a ground term of the syntax tree; throws on a variable (a programmer error). */
  intern(term: Term): number {
    switch (term.kind) {
      case "constant":
        return this.constant(term.name);
      case "compound":
        return this.compound(
          this.symbol(term.functor),
          term.args.map((a) => this.intern(a)),
        );
      case "variable":
        throw new Error(`cannot intern the variable ?${term.name}: not a ground term`);
    }
  }

  isConstant(id: number): boolean {
    return this.argsOf[id] === null;
  }

  /** Normalized KIF, as `termToKif` prints it. */
  kif(id: number): string {
    let text = this.kifCache[id];
    if (text === undefined) {
      const args = this.argsOf[id];
      const name = this.symbolNames[this.symbolOf[id]];
      text = args === null ? name : args.length === 0 ? `(${name})` : `(${name} ${args.map((a) => this.kif(a)).join(" ")})`;
      this.kifCache[id] = text;
    }
    return text;
  }
}

/** The hash of a compound by its symbol and argument ids (see id-hash.ts). */
export function compoundHash(sym: number, args: readonly number[]): number {
  return hashIds(sym, args);
}
