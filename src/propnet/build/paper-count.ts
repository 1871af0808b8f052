/**
 * The paper's count: the propnet's size as Schiffel (2016, after GGP-Base) counts it, before any
 * optimization, so that our figures can stand next to the paper's and GGP-Base's.
 * Why it is counted, not built: `--propnet` and the corpus report it for every game, and the
 * unoptimized propnet is not built for that. Measured: on all 310 base games that ground, it equals
 * the propositions and gates of the propnet built with `optimize: false` (compare-outputs'
 * digests).
 */
import type { Normalized } from "./normalize.js";

/**
 * The atoms that occur in a clause (head or body), with every base fluent's `(true f)` and every
 * input's `(does r m)`: the atoms that are propositions of the unoptimized propnet.
 */
export function usedAtoms(g: Normalized): Uint8Array {
  const used = new Uint8Array(g.kifs.length);
  for (const a of g.baseAtom) used[a] = 1;
  for (const a of g.inputAtom) used[a] = 1;
  const { head, literals } = g.clauses;
  for (let c = 0; c < g.clauses.length; c++) used[head[c]] = 1;
  for (let k = 0; k < literals.length; k++) used[literals[k]] = 1;
  return used;
}

/**
 * The paper's component count of the ground rules, without optimization:
 *   - one proposition per distinct atom that occurs in a clause (head or body), plus `(true f)`
 *     for each base fluent and `(does r m)` for each input (and legal move) not occurring;
 *   - one AND per clause with a non-empty body (even a body of one literal);
 *   - one OR per atom that heads two or more clauses (facts included);
 *   - one NOT per negative literal occurrence.
 * Transitions and the constants TRUE/FALSE are not counted.
 */
export function countPaperComponents(g: Normalized): number {
  const used = usedAtoms(g);
  const { bodyStart, negativeStart } = g.clauses;
  let ands = 0;
  let nots = 0;
  for (let c = 0; c < g.clauses.length; c++) {
    if (bodyStart[c + 1] > bodyStart[c]) ands++;
    nots += bodyStart[c + 1] - negativeStart[c];
  }
  let propositions = 0;
  for (let i = 0; i < used.length; i++) propositions += used[i];
  let ors = 0;
  const { start } = g.clausesOf;
  for (let a = 0; a < g.kifs.length; a++) if (start[a + 1] - start[a] >= 2) ors++;
  return propositions + ands + ors + nots;
}
