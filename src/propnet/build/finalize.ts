/**
 * Finalize: the kept components numbered in evaluation order (constants, base, input, then gates
 * and propositions inputs before readers, then transitions), the outputs by final id (legals by
 * input, goals by role and value, inits by base), warnings about goal values that are not numbers,
 * component cycles when the atoms had none, and the stats. The components are kept as typed
 * arrays, made into `Propnet.components` objects only when read (arrays.ts).
 * Why this order: the reference engine takes the gate ids as its evaluation order when the propnet
 * has no cycle, as on all but 4 of 309 base games (all that ground but alexChess; cycles.ts), so
 * the order is made once, here.
 */
import type { Propnet, PropnetCycle, PropnetGoal, PropnetInit, PropnetInput, PropnetLegal, PropnetSees } from "../propnet.js";
import type { Draft, DraftOutputs } from "./draft.js";
import type { Normalized } from "./normalize.js";
import { statsOfCodes } from "./stats.js";
import { BASE, FALSE, INPUT, TRANSITION, TRUE } from "./kinds.js";
import { propnetOfArrays } from "./arrays.js";
import { draftCycles } from "./cycles.js";
import { kahnOrder } from "../graph.js";

export function finalize(
  g: Normalized,
  d: Draft,
  out: DraftOutputs,
  keep: Uint8Array,
  atomLevelCycles: PropnetCycle[],
  paperComponents: number,
  optimized: boolean,
): Propnet {
  const size = d.size;
  const newId = new Int32Array(size).fill(-1);
  const order = new Int32Array(size);
  let placed = 0;
  const place = (v: number) => {
    if (v >= 0 && keep[v] && newId[v] < 0) {
      newId[v] = placed;
      order[placed++] = v;
    }
  };
  for (let v = 0; v < size; v++) if (d.kind[v] === TRUE || d.kind[v] === FALSE) place(v);
  out.baseIds.forEach(place);
  out.inputIds.forEach(place);
  const middle = (v: number) => {
    const k = d.kind[v];
    return keep[v] === 1 && k !== TRUE && k !== FALSE && k !== BASE && k !== INPUT && k !== TRANSITION;
  };
  const topo = middleOrder(d, keep);
  for (let k = 0; k < topo.order.length; k++) place(topo.order[k]);
  for (let k = 0; k < topo.leftOver.length; k++) place(topo.leftOver[k]);
  out.transitionIds.forEach(place);

  // the components as arrays; `Propnet.components` is made from them if it is read (arrays.ts)
  const { pool, start, count, kind } = d;
  const kindOut = new Uint8Array(placed);
  const inputStart = new Int32Array(placed + 1);
  for (let id = 0; id < placed; id++) inputStart[id + 1] = inputStart[id] + count[order[id]];
  const inputsOut = new Int32Array(inputStart[placed]);
  const labels: string[] = new Array(placed);
  for (let id = 0; id < placed; id++) {
    const v = order[id];
    const s = start[v];
    const n = count[v];
    const at = inputStart[id];
    for (let k = 0; k < n; k++) inputsOut[at + k] = newId[pool[s + k]];
    kindOut[id] = kind[v];
    labels[id] = d.labelOf(v);
  }

  let cycles = atomLevelCycles;
  if (topo.leftOver.length > 0 && cycles.length === 0) {
    cycles = draftCycles(d, middle, newId);
  }

  const warnings = [...g.warnings];
  const goals: PropnetGoal[] = out.goals.map((x) => {
    const value = /^-?\d+(\.\d+)?$/.test(x.valueKif) ? Number(x.valueKif) : null;
    if (value === null) warnings.push(`goal value is not a number: (goal ${g.roles[x.role]} ${x.valueKif})`);
    return { role: x.role, value, valueKif: x.valueKif, id: newId[x.id] };
  });
  goals.sort((a, b) => a.role - b.role || (a.value ?? -Infinity) - (b.value ?? -Infinity) || a.id - b.id);
  const inputs: PropnetInput[] = g.inputs.map((m, i) => ({ role: m.role, move: m.move, id: newId[out.inputIds[i]] }));
  const legals: PropnetLegal[] = out.legals
    .map((l) => ({ role: l.role, move: l.move, id: newId[l.id], input: l.input }))
    .sort((a, b) => a.input - b.input);
  const inits: PropnetInit[] = out.inits.map((x) => ({ base: x.base, id: newId[x.id] })).sort((a, b) => a.base - b.base);
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sees: PropnetSees[] = out.sees
    .map((x) => ({ role: x.role, percept: x.percept, id: newId[x.id] }))
    .sort((a, b) => a.role - b.role || byCodeUnits(a.percept, b.percept));

  const stats = statsOfCodes(kindOut, inputsOut.length, paperComponents);
  const fields = {
    roles: g.roles,
    baseFluents: g.baseFluents,
    baseIds: Array.from(out.baseIds, (v) => newId[v]),
    transitionIds: Array.from(out.transitionIds, (v) => (v >= 0 ? newId[v] : -1)),
    inputs,
    legals,
    goals,
    terminal: out.terminal >= 0 ? newId[out.terminal] : -1,
    inits,
    sees,
    cycles,
    warnings,
    optimized,
    stats,
  };
  return propnetOfArrays(fields, { kind: kindOut, inputStart, inputs: inputsOut, labels });
}

/**
 * The kept gates and propositions between the inputs and the transitions (what `middle` in
 * `finalize` takes) in a topological order, inputs before readers (graph.ts's `kahnOrder`: sources
 * in id order, first in first out); what a cycle holds back comes after (`leftOver`), in id order.
 * On typed arrays: on the draft's millions of components the generic `topologicalOrder`'s closure
 * call per component and its growing arrays were most of finalize's order (amazonsTorus, CPU profile).
 */
export function middleOrder(d: Draft, keep: Uint8Array): { order: Int32Array; leftOver: Int32Array } {
  const n = d.size;
  const kind = d.kind;
  const included = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    const k = kind[v];
    included[v] = keep[v] === 1 && k !== TRUE && k !== FALSE && k !== BASE && k !== INPUT && k !== TRANSITION ? 1 : 0;
  }
  return kahnOrder(n, d.rows(), included);
}
