/**
 * De Morgan: ANDs and ORs whose inputs are all NOTs count the NOTs' inputs instead.
 *
 * Why: a change of such an input then reaches the gate in one event instead of two (the NOT's
 * and the gate's), with no change to the event loop.
 * Measured: connect four's open cell (not red and not black; 49 gates): flat MC 1.03-1.05×,
 * perft 1.07× with the leaf loop; breakthrough (64 gates) perft 1.09×.
 * Pure computation: no Node imports.
 */
import { G_AND, G_NOT, G_OR, type Wiring } from "./wiring.js";

/**
 * ANDs and ORs of NOTs, by De Morgan: an AND whose inputs are all NOTs is the NOT of the OR of
 * the NOTs' inputs (an OR of NOTs, the NOT of their AND), so it counts those inputs (threshold
 * 1, or all of them for an OR, output negated), and the NOTs, when nothing else reads them, are
 * not propagated (left to `goals`): a change reaches the gate in one event instead of two.
 * Connect four: a cell is open when it is not red and not black. Such a gate gets no guard.
 */
export function deMorgan(wiring: Wiring): Map<number, number[]> {
  const { gate, inStart, inSlots } = wiring;
  const inverted = new Map<number, number[]>();
  for (let c = 0; c < gate.length; c++) {
    if ((gate[c] !== G_AND && gate[c] !== G_OR) || inStart[c + 1] === inStart[c]) continue;
    let allNots = true;
    for (let j = inStart[c]; j < inStart[c + 1] && allNots; j++) allNots = gate[inSlots[j]] === G_NOT;
    if (!allNots) continue;
    const inner: number[] = [];
    for (let j = inStart[c]; j < inStart[c + 1]; j++) inner.push(inSlots[inStart[inSlots[j]]]);
    inverted.set(c, inner);
  }
  return inverted;
}
