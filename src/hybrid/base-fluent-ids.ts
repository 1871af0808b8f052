/**
 * The base fluents of a partial propnet as the prover's term ids, both ways: a state (its base
 * indices) as the term ids of its fluents in the order their KIF sorts (`Array.prototype.sort`
 * on the strings), and a fluent the prover derived back to its base index. The prover's machine
 * (prover-machine.ts) and the hybrid machine (hybrid-machine.ts) hand states to the prover this
 * way (`FluentIds`) instead of as text: no string per fluent, no string compare, no parse. The
 * order is the one the prover's layer was built in when states went over as sorted KIF, so the
 * prover evaluates as it did then. Term ids are found when first needed (interning every base
 * fluent up front would parse them all).
 * Pure computation: no Node imports.
 */
import type { Prover } from "../prover/prover.js";

export class BaseFluentIds {
  /** Per base index: its place among the base fluents sorted as KIF; and the base indices in that order. */
  private readonly kifRank: Int32Array;
  private readonly byKif: Int32Array;
  /** Per base index: the prover's term id of its fluent, or -1 until it is needed. */
  private readonly termIds: Int32Array;
  /** Term id → base index, filled as ids are met; fluent KIF → base index for the ids met first in an answer. */
  private readonly baseById = new Map<number, number>();
  private baseByKif: Map<string, number> | undefined;

  constructor(
    private readonly prover: Prover,
    private readonly baseFluents: readonly string[],
  ) {
    const names = baseFluents;
    this.byKif = Int32Array.from(names.keys()).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
    this.kifRank = new Int32Array(names.length);
    this.byKif.forEach((b, rank) => (this.kifRank[b] = rank));
    this.termIds = new Int32Array(names.length).fill(-1);
  }

  /** The base indices given, ordered as their fluents' KIF sorts. */
  sortedByKif(baseIndices: readonly number[]): Int32Array {
    const ranks = Int32Array.from(baseIndices, (b) => this.kifRank[b]).sort();
    for (let k = 0; k < ranks.length; k++) ranks[k] = this.byKif[ranks[k]];
    return ranks;
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
    let b = this.baseById.get(id);
    if (b === undefined) {
      this.baseByKif ??= new Map(this.baseFluents.map((f, i) => [f, i]));
      b = this.baseByKif.get(this.prover.kifOf(id));
      if (b === undefined) return -1;
      this.baseById.set(id, b);
      this.termIds[b] = id;
    }
    return b;
  }

  private idOf(b: number): number {
    let id = this.termIds[b];
    if (id < 0) {
      id = this.termIds[b] = this.prover.termIdOf(this.baseFluents[b]);
      this.baseById.set(id, b);
    }
    return id;
  }
}
