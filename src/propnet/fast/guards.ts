/**
 * Guards: which AND gates get a guard, an input left out of the gate's count. The count then
 * gives the gate's potential (the AND of its other inputs), its value is potential AND guard,
 * and the guard's event visits only the gates it guards whose potential is true. A guarded gate
 * whose value nothing reads but legal moves is silent: its value is never computed, its legal
 * move follows its potential, masked by its guards when legal moves are asked for.
 *
 * Why: in most games `control` flips every turn and is an input of every legal gate
 * (speedChess: 1,740 AND gates read each of the two control bases; 96 % of the links visited per
 * step went to them, and both roles' legal sets were emptied and refilled every turn). Which
 * gates get one is measured (probe.ts): an AND gate is guarded by an input that flips at least
 * GUARD_RATIO times as often as its other inputs together; a silent gate can have further
 * guards when at least GUARD_MIN_SHARED silent gates share them, so that legal groups stay few.
 * Measured, against the engine before guards (CPU time, alternating processes): flat MC
 * speedChess 5.6-7.8×, breakthrough 1.7×, checkers 1.5×, connect four 1.3×, hex 1.3×; perft
 * speedChess 3.7-4.1×, connect four 1.4×, hex 1.4×, checkers and breakthrough 1.1×.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "../propnet.js";
import { G_AND, firstInput, type Wiring } from "./wiring.js";
import type { CountedInputs } from "./counted.js";

/** An input becomes a gate's guard when it flips at least this many times as often as the gate's other inputs together. */
export const GUARD_RATIO = 2;

/** A silent gate's second guard must be one of at least this many silent gates (checkers: `control` and "no capture available"). */
const GUARD_MIN_SHARED = 16;

export interface Guards {
  /** Per gate: its guards, [start[g], start[g + 1]) of `list`: one, or (silent gates) any number, most often flipping first. */
  readonly start: Int32Array;
  readonly list: Int32Array;
  /** Per slot: its first guard, or -1. */
  readonly guardOf: Int32Array;
  /** Per slot: 1 for a guarded gate whose value nothing reads but legal moves. */
  readonly silent: Uint8Array;
  readonly guardedGates: number;
  readonly silentGates: number;
}

/**
 * The guards of every AND gate: "none"; "all" (every AND gate of two counted inputs or more, by
 * its inputs read by the most AND gates; silent ones the two most); "auto" by `flips()`, how
 * often each slot flipped on the probe (asked for only then).
 */
export function chooseGuards(
  p: Propnet,
  wiring: Wiring,
  counted: CountedInputs,
  maintained: Uint8Array,
  choice: "auto" | "none" | "all",
  flips: () => Float64Array,
): Guards {
  const { slotOf, gate, inStart, inSlots } = wiring;
  const { start: cStart, slots: cSlots, inverted } = counted;
  const n = slotOf.length;
  // read by something other than a legal move (a gate that is not can be silent)
  const consumed = new Uint8Array(n);
  for (let c = 0; c < n; c++) if (gate[c] !== 0) for (let j = inStart[c], e = inStart[c + 1]; j < e; j++) consumed[inSlots[j]] = 1;
  for (const t of p.transitionIds) {
    const s = t < 0 ? -1 : firstInput(wiring, t);
    if (s >= 0) consumed[s] = 1;
  }
  if (p.terminal >= 0) consumed[slotOf[p.terminal]] = 1;
  for (const x of p.goals) consumed[slotOf[x.id]] = 1;
  for (const x of p.sees) consumed[slotOf[x.id]] = 1;

  const candidate = (c: number) => gate[c] === G_AND && maintained[c] === 1 && cStart[c + 1] - cStart[c] >= 2 && inverted[c] === 0;
  // the distinct slots gate c counts, into `scratch`, by `before` first
  const scratch: number[] = [];
  const distinctCounted = (c: number, before: (x: number, y: number) => number): number[] => {
    scratch.length = 0;
    for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) if (!scratch.includes(cSlots[j])) scratch.push(cSlots[j]);
    return scratch.sort(before);
  };
  const start = new Int32Array(n + 1);
  const list: number[] = [];
  if (choice === "all") {
    const andReaders = new Int32Array(n);
    for (let c = 0; c < n; c++) if (candidate(c)) for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) andReaders[cSlots[j]]++;
    for (let c = 0; c < n; c++) {
      start[c] = list.length;
      if (!candidate(c)) continue;
      const order = distinctCounted(c, (x, y) => andReaders[y] - andReaders[x] || x - y);
      for (let k = 0; k < Math.min(order.length, consumed[c] ? 1 : 2); k++) list.push(order[k]);
    }
    start[n] = list.length;
  } else if (choice === "auto") {
    const flipped = flips();
    // first every candidate's guards by flips alone, then (below) the second and further
    // guards of silent gates kept only where shared
    const shared = new Int32Array(n);
    const tStart = new Int32Array(n + 1);
    const tList: number[] = [];
    for (let c = 0; c < n; c++) {
      tStart[c] = tList.length;
      if (!candidate(c)) continue;
      let total = 0;
      let best = cSlots[cStart[c]];
      for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) {
        const x = cSlots[j];
        total += flipped[x];
        if (flipped[x] > flipped[best]) best = x;
      }
      if (flipped[best] === 0 || flipped[best] < GUARD_RATIO * (total - flipped[best])) continue;
      if (consumed[c]) {
        tList.push(best); // a gate whose value is read has one guard
        continue;
      }
      let rest = total;
      let kept = 0;
      for (const s of distinctCounted(c, (x, y) => flipped[y] - flipped[x] || x - y)) {
        rest -= flipped[s];
        if (flipped[s] === 0 || flipped[s] < GUARD_RATIO * rest) break;
        tList.push(s);
        if (++kept > 1) shared[s]++;
      }
    }
    tStart[n] = tList.length;
    for (let g = 0; g < n; g++) {
      start[g] = list.length;
      const s = tStart[g];
      const e = tStart[g + 1];
      let keep = s + 1;
      while (keep < e && shared[tList[keep]] >= GUARD_MIN_SHARED) keep++;
      for (let j = s; j < Math.min(keep, e); j++) list.push(tList[j]);
    }
    start[n] = list.length;
  }
  const guardOf = new Int32Array(n).fill(-1);
  const silent = new Uint8Array(n);
  let guardedGates = 0;
  let silentGates = 0;
  for (let g = 0; g < n; g++) {
    if (start[g + 1] === start[g]) continue;
    guardOf[g] = list[start[g]];
    guardedGates++;
    if (!consumed[g]) {
      silent[g] = 1;
      silentGates++;
    }
  }
  return { start, list: Int32Array.from(list), guardOf, silent, guardedGates, silentGates };
}
