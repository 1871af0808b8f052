/**
 * The unoptimized draft (`optimize: false`): one proposition per atom, one AND per clause with a
 * body, one OR per head with several clauses, one NOT per negative literal, a fact is TRUE and an
 * atom without clauses reads FALSE.
 * Why: it is the paper's propnet, to measure our optimizations against and to check the optimized
 * one with. Measured: its propositions and gates equal the paper's count on all 310 base games that
 * ground (paper-count.ts).
 */
import { IntList } from "../../int-list.js";
import { collectOutputs, Draft, type DraftOutputs } from "./draft.js";
import { AND, NOT, OR, TRANSITION } from "./kinds.js";
import { BASE_ATOM, INPUT_ATOM, type Normalized } from "./normalize.js";
import { usedAtoms } from "./paper-count.js";

/** The unoptimized draft: one proposition per atom, one gate per clause, per head of several clauses and per negative literal. */
export function unoptimizedDraft(g: Normalized): { draft: Draft; out: DraftOutputs } {
  const d = new Draft();
  const n = g.kifs.length;
  const used = usedAtoms(g);
  const prop = new Int32Array(n).fill(-1);
  for (let a = 0; a < n; a++) if (used[a]) prop[a] = d.add(g.propKind[a], g.kifs[a], 1);
  const { bodyStart, negativeStart, literals } = g.clauses;
  const ins = new IntList(64);
  const bodies = new IntList(64);
  for (let a = 0; a < n; a++) {
    if (!used[a] || g.cls[a] === BASE_ATOM || g.cls[a] === INPUT_ATOM) continue;
    const { start, items } = g.clausesOf;
    if (start[a + 1] === start[a]) {
      d.setInput(prop[a], d.constant(false));
      continue;
    }
    bodies.length = 0;
    for (let k = start[a]; k < start[a + 1]; k++) {
      const ci = items[k];
      if (bodyStart[ci + 1] === bodyStart[ci]) {
        bodies.push(d.constant(true));
        continue;
      }
      ins.length = 0;
      for (let j = bodyStart[ci]; j < negativeStart[ci]; j++) ins.push(prop[literals[j]]);
      for (let j = negativeStart[ci]; j < bodyStart[ci + 1]; j++) {
        const not = d.add(NOT, "not", 1);
        d.setInput(not, prop[literals[j]]);
        ins.push(not);
      }
      bodies.push(d.addWith(AND, "and", ins.data, 0, ins.length));
    }
    d.setInput(prop[a], bodies.length === 1 ? bodies.data[0] : d.addWith(OR, "or", bodies.data, 0, bodies.length));
  }
  const baseIds = Int32Array.from(g.baseAtom, (a) => prop[a]);
  const transitionIds = Int32Array.from(g.nextAtom, (a, b) => {
    if (a < 0 || !used[a]) return -1;
    const t = d.add(TRANSITION, g.baseFluents[b], 1);
    d.setInput(t, prop[a]);
    d.setInput(baseIds[b], t);
    return t;
  });
  const out = collectOutputs(g, baseIds, transitionIds, Int32Array.from(g.inputAtom, (a) => prop[a]), (a) => (used[a] ? prop[a] : -1));
  return { draft: d, out };
}
