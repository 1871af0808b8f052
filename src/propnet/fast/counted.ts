/**
 * Counted inputs: the slots each gate's count reads once the rewrites are applied (complement
 * moves, De Morgan, flattened chains, each optional), as CSR arrays, and which gates count by
 * De Morgan (their output negated).
 *
 * Why: the passes after the rewrites (lazy gates, guards, layout) read what a gate counts, not
 * what it was built with; one array for all of them, made here, instead of three maps asked at
 * every link. No measure of its own: the rewrites' files give theirs.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "../propnet.js";
import type { Wiring } from "./wiring.js";
import type { FastCompileOptions } from "./options.js";
import { NO_COMPLEMENTS, complementMoves, type ComplementedMoves } from "./complement-moves.js";
import { deMorgan } from "./de-morgan.js";
import { flattenChains } from "./flatten-chains.js";

export interface CountedInputs {
  /**
   * Per gate: the slots it counts, [start[g], start[g + 1]) of `slots`: its input slots, or
   * those of its rewrite (complements first, then De Morgan, then flattened).
   */
  readonly start: Int32Array;
  readonly slots: Int32Array;
  /** Per gate: 1 when it is an AND or OR of NOTs counting the NOTs' inputs (De Morgan). */
  readonly inverted: Uint8Array;
  /** The ORs of moves that count complements: what each counts against, and its offset. */
  readonly moves: ComplementedMoves;
  readonly deMorganGates: number;
  readonly flattenedGates: number;
}

/** The rewrites the options ask for, applied to the wiring. */
export function countedInputs(p: Propnet, wiring: Wiring, options: FastCompileOptions): CountedInputs {
  const { slotOf, inStart, inSlots } = wiring;
  const n = slotOf.length;
  const moves = options.complementMoves === false ? NO_COMPLEMENTS : complementMoves(p, wiring);
  const deMorganed = options.deMorgan === false ? new Map<number, number[]>() : deMorgan(wiring);
  const flattened = options.flatten === false ? new Map<number, number[]>() : flattenChains(p, wiring, (g) => moves.direct.has(g) || deMorganed.has(g));
  let start = inStart;
  let slots = inSlots;
  if (moves.direct.size + deMorganed.size + flattened.size > 0) {
    const rewritten = new Map<number, readonly number[]>(flattened);
    for (const [g, x] of deMorganed) rewritten.set(g, x);
    for (const [g, x] of moves.direct) rewritten.set(g, x);
    start = new Int32Array(n + 1);
    for (let c = 0; c < n; c++) start[c + 1] = start[c] + (rewritten.get(c)?.length ?? inStart[c + 1] - inStart[c]);
    slots = new Int32Array(start[n]);
    for (let c = 0; c < n; c++) {
      const x = rewritten.get(c);
      let at = start[c];
      if (x) for (const s of x) slots[at++] = s;
      else for (let j = inStart[c], e = inStart[c + 1]; j < e; j++) slots[at++] = inSlots[j];
    }
  }
  const inverted = new Uint8Array(n);
  for (const g of deMorganed.keys()) inverted[g] = 1;
  return { start, slots, inverted, moves, deMorganGates: deMorganed.size, flattenedGates: flattened.size };
}
