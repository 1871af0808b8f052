/**
 * The unoptimized draft (`optimize: false`): one proposition per atom, one AND per clause with a
 * body, one OR per head with several clauses, one NOT per negative literal, a fact is TRUE and an
 * atom without clauses reads FALSE.
 * Why: it is the paper's propnet, to measure our optimizations against and to check the optimized
 * one with. Measured: its propositions and gates equal the paper's count on all 310 base games that
 * ground (paper-count.ts).
 */
import { collectOutputs, Draft, type DraftOutputs } from "./draft.js";
import type { Normalized } from "./normalize.js";

/** The unoptimized draft: one proposition per atom, one gate per clause, per head of several clauses and per negative literal. */
export function unoptimizedDraft(g: Normalized): { draft: Draft; out: DraftOutputs } {
  const d = new Draft();
  const n = g.kifs.length;
  const used = new Uint8Array(n);
  for (const a of g.baseAtom) used[a] = 1;
  for (const a of g.inputAtom) used[a] = 1;
  for (const c of g.clauses) {
    used[c.head] = 1;
    for (const a of c.positive) used[a] = 1;
    for (const a of c.negative) used[a] = 1;
  }
  const prop = new Int32Array(n).fill(-1);
  for (let a = 0; a < n; a++) if (used[a]) prop[a] = d.add(g.propKind[a], g.kifs[a], []);
  for (let a = 0; a < n; a++) {
    if (!used[a] || g.cls[a] === "base" || g.cls[a] === "input") continue;
    const list = Array.from(g.clausesOf.items.subarray(g.clausesOf.start[a], g.clausesOf.start[a + 1]));
    if (list.length === 0) {
      d.inputs[prop[a]] = [d.constant(false)];
      continue;
    }
    const bodies = list.map((ci) => {
      const c = g.clauses[ci];
      if (c.positive.length + c.negative.length === 0) return d.constant(true);
      const ins = [...c.positive.map((b) => prop[b]), ...c.negative.map((b) => d.add("not", "not", [prop[b]]))];
      return d.add("and", "and", ins);
    });
    d.inputs[prop[a]] = [bodies.length === 1 ? bodies[0] : d.add("or", "or", bodies)];
  }
  const baseIds = g.baseAtom.map((a) => prop[a]);
  const transitionIds = g.nextAtom.map((a, b) => {
    if (a < 0 || !used[a]) return -1;
    const t = d.add("transition", g.baseFluents[b], [prop[a]]);
    d.inputs[baseIds[b]] = [t];
    return t;
  });
  const out = collectOutputs(g, baseIds, transitionIds, g.inputAtom.map((a) => prop[a]), (a) => (used[a] ? prop[a] : -1));
  return { draft: d, out };
}
