/**
 * A propnet's wiring as typed arrays: per component, the slot its value is read from, its gate
 * kind and its input slots (CSR), and why the fast engine cannot run it. Every compile pass of
 * the fast engine reads this instead of component objects and their arrays of inputs.
 *
 * Why: the compile walks the propnet several times (probe machine, rewrites, guards, layout);
 * made once per propnet (cached), the probe machine and the guarded one share it.
 * Measured: amazons (526,388 components, 1.65 M links): walking the objects, with closures and
 * an array per gate, was most of its 3 s compile, a third of it in the garbage collector.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "../propnet.js";
import { resolveSlots } from "../machine-base.js";
import { propnetArrays } from "../build/arrays.js";
import { AND, NOT, OR } from "../build/kinds.js";

/** `Wiring.gate` of an AND, an OR and a NOT gate (0: not a gate). */
export const G_AND = 1;
export const G_OR = 2;
export const G_NOT = 3;

export interface Wiring {
  /** Per component: the component its value is read from (pass-through components resolved). */
  readonly slotOf: Int32Array;
  /** Per component: G_AND, G_OR, G_NOT, or 0. */
  readonly gate: Uint8Array;
  /** Per component: its input slots, [inStart[c], inStart[c + 1]) of `inSlots`. */
  readonly inStart: Int32Array;
  readonly inSlots: Int32Array;
  /** Why the fast engine cannot run the propnet (cycles without a transition), or undefined. */
  readonly unsupported: string | undefined;
}

const wirings = new WeakMap<Propnet, Wiring>();

/** The slot of component c's first input (a transition's next proposition), or -1. */
export function firstInput(w: Wiring, c: number): number {
  return w.inStart[c + 1] > w.inStart[c] ? w.inSlots[w.inStart[c]] : -1;
}

/** The wiring of a propnet, made on first use. */
export function wiringOf(p: Propnet): Wiring {
  const known = wirings.get(p);
  if (known) return known;
  // the propnet's arrays, not its component objects (build/arrays.ts)
  const { kind, inputStart: inStart, inputs } = propnetArrays(p);
  const n = kind.length;
  const slotOf = resolveSlots(p);
  const gate = new Uint8Array(n);
  for (let c = 0; c < n; c++) {
    const k = kind[c];
    gate[c] = k === AND ? G_AND : k === OR ? G_OR : k === NOT ? G_NOT : 0;
  }
  const inSlots = new Int32Array(inStart[n]);
  for (let j = 0; j < inSlots.length; j++) inSlots[j] = slotOf[inputs[j]];
  let unsupported: string | undefined;
  for (let c = 0; c < n && !unsupported; c++) {
    if (gate[c] === 0) continue;
    if (gate[c] === G_NOT && inStart[c + 1] - inStart[c] !== 1) unsupported = `not gate #${c} has ${inStart[c + 1] - inStart[c]} inputs`;
    for (let j = inStart[c]; j < inStart[c + 1] && !unsupported; j++)
      if (gate[inSlots[j]] !== 0 && inSlots[j] >= c) unsupported = "the propnet has cycles without a transition (positive recursion): evaluated as least fixpoints by the reference engine";
  }
  const wiring: Wiring = { slotOf, gate, inStart, inSlots, unsupported };
  wirings.set(p, wiring);
  return wiring;
}
