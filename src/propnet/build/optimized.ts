/**
 * The optimized draft: only the atoms that outputs read are defined, through the clauses that can
 * fire, with constants folded (constants.ts); a body of one literal or a head of one clause needs
 * no gate (Draft.gate); a view proposition is a placeholder that simplify skips, its gate named
 * after it; an output atom that is constant reads TRUE/FALSE through a proposition of its own.
 * Why: it is most of the shrinking before simplify. Measured on 309 base games (all that ground but
 * alexChess): 13.5 M draft components where the paper counts 23.7 M (breakthrough 6,922 for
 * 34,661).
 */
import { IntList } from "../../int-list.js";
import { ALWAYS, NEVER, VARIABLE } from "./constants.js";
import { collectOutputs, Draft, type DraftOutputs } from "./draft.js";
import { AND, BASE, GOAL, INIT, INPUT, LEGAL, OR, SEES, TERMINAL, TRANSITION, VIEW } from "./kinds.js";
import type { Normalized } from "./normalize.js";

/** The optimized draft of a game whose atoms' constant values (`foldConstants`) are `value` and whose clauses that can fire are `live` (`liveClauses`). */
export function optimizedDraft(g: Normalized, value: Uint8Array, live: Uint8Array): { draft: Draft; out: DraftOutputs } {
  const n = g.kifs.length;
  // measured on the 36 largest base games: 0.23 to 1.20 x (atoms + clauses) components, 0.26 to
  // 1.12 x (literals + clauses) inputs
  const clauses = g.clauses.length;
  const d = new Draft(n + clauses, g.clauses.bodyStart[clauses] + clauses);
  const baseIds = Int32Array.from(g.baseFluents, (f) => d.add(BASE, `(true ${f})`, 1));
  const inputIds = Int32Array.from(g.inputAtom, (a) => d.add(INPUT, g.kifs[a]));

  // what reads each atom: its base or input proposition, a constant, or its placeholder, made at the first read
  const prop = new Int32Array(n).fill(-1);
  g.baseAtom.forEach((a, b) => (prop[a] = baseIds[b]));
  g.inputAtom.forEach((a, i) => (prop[a] = inputIds[i]));
  const queue = new IntList();
  const valueOf = (a: number): number => {
    const known = prop[a];
    if (known >= 0) return known;
    if (value[a] === ALWAYS) return (prop[a] = d.constant(true));
    if (value[a] === NEVER) return (prop[a] = d.constant(false));
    queue.push(a);
    return (prop[a] = d.add(g.propKind[a], g.kifs[a], 1));
  };
  /** The proposition of an output atom (a constant one reads TRUE/FALSE through a proposition of its own). */
  const outputProp = (a: number): number => {
    if (value[a] === VARIABLE) return valueOf(a);
    const constant = valueOf(a);
    const p = d.add(g.propKind[a], g.kifs[a], 1);
    d.setInput(p, constant);
    return p;
  };
  const { bodies: laid, start: laidStart } = bodiesByHead(g, live);
  const bodies = new IntList(64);
  const literals = new IntList(64);
  const define = (a: number) => {
    bodies.length = 0;
    for (let p = laidStart[a], end = laidStart[a + 1]; p < end; ) {
      const positives = p + 2 + laid[p];
      const negatives = positives + laid[p + 1];
      literals.length = 0;
      for (p += 2; p < positives; p++) if (value[laid[p]] !== ALWAYS) literals.push(valueOf(laid[p]));
      for (; p < negatives; p++) if (value[laid[p]] !== NEVER) literals.push(d.not(valueOf(laid[p])));
      bodies.push(d.gate(AND, literals));
    }
    const definition = d.gate(OR, bodies);
    d.setInput(prop[a], definition);
    if (g.propKind[a] === VIEW) d.name(definition, g.kifs[a]);
  };

  const transitionIds = Int32Array.from(g.nextAtom, (a, b) => {
    if (a < 0 || value[a] === NEVER) return -1;
    const next = outputProp(a);
    const t = d.add(TRANSITION, g.baseFluents[b], 1);
    d.setInput(t, next);
    d.setInput(baseIds[b], t);
    return t;
  });
  const outProps = new Int32Array(n).fill(-1);
  for (let a = 0; a < n; a++) {
    const k = g.propKind[a];
    if ((k === LEGAL || k === GOAL || k === INIT || k === SEES) && value[a] !== NEVER) outProps[a] = outputProp(a);
    if (k === TERMINAL) outProps[a] = outputProp(a);
  }
  for (let qi = 0; qi < queue.length; qi++) define(queue.data[qi]);
  const out = collectOutputs(g, baseIds, transitionIds, inputIds, (a) => outProps[a]);
  return { draft: d, out };
}

/**
 * The live clauses' bodies laid out by head, in the order of the clauses: atom a's are in
 * `bodies[start[a] .. start[a + 1])`, each as its number of positive literals, its number of
 * negative ones, then its literals (positive first, as in the clause).
 * Why: `define` reads the clauses of the atoms in the order the outputs reach them; through
 * `clausesOf` that was a scattered read per clause into each of `live`, `bodyStart`,
 * `negativeStart` and `literals`, and here it is one per atom. The layout is written in the
 * clauses' order, its reads sequential.
 */
export function bodiesByHead(g: Normalized, live: Uint8Array): { bodies: Int32Array; start: Int32Array } {
  const n = g.kifs.length;
  const { head, bodyStart, negativeStart, literals } = g.clauses;
  const clauses = g.clauses.length;
  const start = new Int32Array(n + 1);
  for (let c = 0; c < clauses; c++) if (live[c]) start[head[c] + 1] += 2 + bodyStart[c + 1] - bodyStart[c];
  for (let a = 0; a < n; a++) start[a + 1] += start[a];
  const fill = start.slice(0, n);
  const bodies = new Int32Array(start[n]);
  for (let c = 0; c < clauses; c++) {
    if (!live[c]) continue;
    let p = fill[head[c]];
    bodies[p++] = negativeStart[c] - bodyStart[c];
    bodies[p++] = bodyStart[c + 1] - negativeStart[c];
    for (let k = bodyStart[c]; k < bodyStart[c + 1]; k++) bodies[p++] = literals[k];
    fill[head[c]] = p;
  }
  return { bodies, start };
}
