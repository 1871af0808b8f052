/**
 * Interned ground terms for the prover.
 *
 * Every ground term gets a small integer id, so that two ground terms are equal exactly when
 * their ids are equal. A constant `a` and a compound `(f t1 ... tn)` (including the 0-ary
 * compound `(f)`, which is not the constant `f`) are kept apart. Ids print back to normalized
 * KIF exactly as `termToKif` (src/syntax/print.ts) prints the same term.
 * Interning and printing take no JavaScript call per level of a term (terms nest up to
 * MAX_TERM_NESTING deep, ast.ts, far more levels than a stack holds calls): the compound terms
 * they are inside are kept on arrays of their own, made only at the first term inside a term.
 */
import type { Compound, Term } from "../syntax/ast.js";
import { hashIds, sameIds } from "./id-hash.js";
import { kifName } from "../syntax/kif-name.js";

export class TermStore {
  /** Symbol names (constants and functors share one table). */
  private readonly symbolIds = new Map<string, number>();
  readonly symbolNames: string[] = [];
  /** Each symbol's name as KIF writes it (`kifName`: `|x y|` for a name KIF's tokens cannot hold). */
  private readonly symbolKif: string[] = [];

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
      this.symbolKif.push(kifName(name));
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

  /**
   * Interns a ground term of the syntax tree; throws on a variable (a programmer error). The symbols
   * are made in written order and the compounds after their arguments, as a call per level made them.
   */
  intern(term: Term): number {
    if (term.kind !== "compound") return this.leaf(term);
    let outer: Compound[] | undefined; // the compound terms the cursor is inside,
    let outerSyms: number[] | undefined; // their symbols,
    let outerIds: number[][] | undefined; // and the ids of their arguments done
    let t = term;
    let sym = this.symbol(t.functor);
    let ids: number[] = [];
    for (;;) {
      const args = t.args;
      let inner: Compound | undefined;
      while (ids.length < args.length) {
        const a = args[ids.length];
        if (a.kind === "compound") {
          inner = a;
          break;
        }
        ids.push(this.leaf(a));
      }
      if (inner !== undefined) {
        (outer ??= []).push(t);
        (outerSyms ??= []).push(sym);
        (outerIds ??= []).push(ids);
        t = inner;
        sym = this.symbol(t.functor);
        ids = [];
        continue;
      }
      const id = this.compound(sym, ids);
      if (outer === undefined || outer.length === 0) return id;
      t = outer.pop()!;
      sym = outerSyms!.pop()!;
      ids = outerIds!.pop()!;
      ids.push(id);
    }
  }

  /** The id of a constant; throws on a variable. */
  private leaf(term: Exclude<Term, Compound>): number {
    if (term.kind === "constant") return this.constant(term.name);
    throw new Error(`cannot intern the variable ?${term.name}: not a ground term`);
  }

  isConstant(id: number): boolean {
    return this.argsOf[id] === null;
  }

  /**
   * Normalized KIF, as `termToKif` prints it; kept for every subterm printed. A term whose arguments
   * are constants or printed already is printed at once; a deeper one from a stack of the terms
   * waiting for their arguments' texts.
   */
  kif(id: number): string {
    const text = this.kifCache[id];
    if (text !== undefined) return text;
    if (this.argsReady(id)) return this.printed(id);
    const waiting = [id];
    while (waiting.length > 0) {
      const t = waiting[waiting.length - 1];
      if (this.kifCache[t] !== undefined) waiting.pop();
      else if (this.argsReady(t)) {
        waiting.pop();
        this.printed(t);
      } else {
        const args = this.argsOf[t]!;
        for (let j = args.length - 1; j >= 0; j--) if (this.kifCache[args[j]] === undefined && this.argsOf[args[j]] !== null) waiting.push(args[j]);
      }
    }
    return this.kifCache[id]!;
  }

  /** Whether each argument of term `id` is a constant or printed already (a constant: true). */
  private argsReady(id: number): boolean {
    const args = this.argsOf[id];
    if (args === null) return true;
    for (let j = 0; j < args.length; j++) if (this.kifCache[args[j]] === undefined && this.argsOf[args[j]] !== null) return false;
    return true;
  }

  /** Prints and keeps the KIF of term `id`, whose arguments are constants or printed already. */
  private printed(id: number): string {
    const args = this.argsOf[id];
    const name = this.symbolKif[this.symbolOf[id]];
    let text: string;
    if (args === null) text = name;
    else if (args.length === 0) text = `(${name})`;
    else {
      text = `(${name}`;
      for (let j = 0; j < args.length; j++) text += ` ${this.kifCache[args[j]] ?? this.symbolKif[this.symbolOf[args[j]]]}`;
      text += ")";
    }
    this.kifCache[id] = text;
    return text;
  }
}

/** The hash of a compound by its symbol and argument ids (see id-hash.ts). */
export function compoundHash(sym: number, args: readonly number[]): number {
  return hashIds(sym, args);
}
