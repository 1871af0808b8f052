/**
 * Finalize: the kept components numbered in evaluation order (constants, base, input, then gates
 * and propositions inputs before readers, then transitions), the outputs by final id (legals by
 * input, goals by role and value, inits by base), warnings about goal values that are not numbers,
 * component cycles when the atoms had none, and the stats.
 * Why this order: the reference engine takes the gate ids as its evaluation order when the propnet
 * has no cycle, as on all but 4 of 309 base games (all that ground but alexChess; cycles.ts), so
 * the order is made once, here.
 */
import { topologicalOrder } from "../graph.js";
import type { Propnet, PropnetComponent, PropnetCycle, PropnetGoal, PropnetInit, PropnetInput, PropnetLegal, PropnetSees } from "../propnet.js";
import type { Draft, DraftOutputs } from "./draft.js";
import type { Normalized } from "./normalize.js";
import { computeStats } from "./stats.js";
import { BASE, COMPONENT_KIND, FALSE, INPUT, TRANSITION, TRUE } from "./kinds.js";
import { draftCycles } from "./cycles.js";

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
  const order: number[] = [];
  const place = (v: number) => {
    if (v >= 0 && keep[v] && newId[v] < 0) {
      newId[v] = order.length;
      order.push(v);
    }
  };
  for (let v = 0; v < size; v++) if (d.kind[v] === TRUE || d.kind[v] === FALSE) place(v);
  out.baseIds.forEach(place);
  out.inputIds.forEach(place);
  const middle = (v: number) => {
    const k = d.kind[v];
    return keep[v] === 1 && k !== TRUE && k !== FALSE && k !== BASE && k !== INPUT && k !== TRANSITION;
  };
  const topo = topologicalOrder(size, d.rows(), middle);
  topo.order.forEach(place);
  topo.leftOver.forEach(place);
  out.transitionIds.forEach(place);

  const components: PropnetComponent[] = order.map((v, id) => {
    const inputs: number[] = new Array(d.count[v]);
    for (let k = 0; k < inputs.length; k++) inputs[k] = newId[d.input(v, k)];
    return { id, kind: COMPONENT_KIND[d.kind[v]], label: d.label[v], inputs };
  });

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

  const stats = computeStats(components, paperComponents);
  return {
    roles: g.roles,
    components,
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
}
