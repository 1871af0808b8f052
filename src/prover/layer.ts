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

/** The answer of a fully bound call, chained with those whose calls hash alike. */
class Known {
  constructor(
    readonly relation: Relation,
    readonly call: readonly number[],
    readonly holds: boolean,
    readonly next: Known | undefined,
  ) {}
}

/** Yes/no answers of fully bound calls, by the hash of relation and call (chained when they hash alike). */
export class BoundAnswers {
  private readonly known = new Map<number, Known>();
  /** Answers kept. */
  size = 0;

  /** Whether a fully bound call holds, when its answer is kept: 1 yes, 0 no, -1 not known. */
  answer(relation: Relation, call: readonly number[]): number {
    return this.answerAt(callHash(relation.index, call), relation, call);
  }

  /** `answer`, given the call's hash (`callHash`), which a search computes once for its lookup and its keep. */
  answerAt(hash: number, relation: Relation, call: readonly number[]): number {
    for (let k = this.known.get(hash); k !== undefined; k = k.next) {
      if (k.relation === relation && sameIds(k.call, call)) return k.holds ? 1 : 0;
    }
    return -1;
  }

  /** Keeps the answer of a fully bound call (not kept yet). */
  keep(relation: Relation, call: readonly number[], holds: boolean): void {
    this.keepAt(callHash(relation.index, call), relation, call, holds);
  }

  /** `keep`, given the call's hash. */
  keepAt(hash: number, relation: Relation, call: readonly number[], holds: boolean): void {
    this.known.set(hash, new Known(relation, call.slice(), holds, this.known.get(hash)));
    this.size++;
  }

  clear(): void {
    this.known.clear();
    this.size = 0;
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

  /** Whether the layer holds no table, kept answer or input. */
  get empty(): boolean {
    return this.tables.size === 0 && this.known.size === 0 && this.inputs.length === 0;
  }

  /** Whether a fully bound call holds, when it was searched in this layer: 1 yes, 0 no, -1 not known; `hash`: its `callHash`. */
  knownAnswer(hash: number, relation: Relation, call: readonly number[]): number {
    return this.known.answerAt(hash, relation, call);
  }

  /** Keeps the answer of a fully bound call (not known yet); `hash`: its `callHash`. */
  keepAnswer(hash: number, relation: Relation, call: readonly number[], holds: boolean): void {
    this.known.keepAt(hash, relation, call, holds);
  }

  /** Drops the tables not complete (a query that failed may have left them half built); returns how many are left. */
  dropIncomplete(): number {
    let left = 0;
    for (const [hash, first] of this.tables) {
      let head: Table | undefined;
      let tail: Table | undefined;
      for (let t: Table | undefined = first; t !== undefined; t = t.nextAlike) {
        if (!t.complete) continue;
        if (tail === undefined) head = t;
        else tail.nextAlike = t;
        tail = t;
        left++;
      }
      if (tail === undefined) this.tables.delete(hash);
      else {
        tail.nextAlike = undefined;
        this.tables.set(hash, head!);
      }
    }
    return left;
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

