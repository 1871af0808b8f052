/**
 * Cycles among rule atoms that no transition breaks, named by the atoms' KIF (`Propnet.cycles`),
 * and among draft components when the atoms show none. A state machine evaluates such a cycle as a
 * least fixpoint or refuses it; the build itself always ends.
 * Why by atom: a name from the game is what a user can look up. Measured: 4 of 309 base games (all
 * that ground but alexChess) have one (amazonsTorus_10x10, atariGoVariant_7x7, cubicup_3player,
 * linesOfAction).
 */
import { cyclicComponents } from "../graph.js";
import { type PropnetCycle } from "../propnet.js";
import { rows, RULE_ATOM, type Normalized } from "./normalize.js";
import { isLiveClause, VARIABLE } from "./constants.js";
import type { Draft } from "./draft.js";
import { COMPONENT_KIND, isPropositionCode } from "./kinds.js";

/**
 * Cycles among rule atoms, named by atom KIF: through every clause (`value` absent: the
 * unoptimized propnet), or through the clauses that can fire among atoms that are not constant
 * (`value` from `foldConstants`: the optimized one).
 */
export function atomCycles(g: Normalized, value?: Uint8Array): PropnetCycle[] {
  const live = (a: number): boolean => g.cls[a] === RULE_ATOM && (value === undefined || value[a] === VARIABLE);
  const n = g.kifs.length;
  const { start, items } = g.clausesOf;
  const { bodyStart, literals } = g.clauses;
  // each atom's successors: the live atoms in the bodies of its live clauses, in compressed rows
  const successors = rows(n, (emit) => {
    for (let a = 0; a < n; a++) {
      if (!live(a)) continue;
      for (let k = start[a]; k < start[a + 1]; k++) {
        const ci = items[k];
        if (value !== undefined && !isLiveClause(g, value, ci)) continue;
        for (let j = bodyStart[ci]; j < bodyStart[ci + 1]; j++) if (live(literals[j])) emit(a, literals[j]);
      }
    }
  });
  const count = new Int32Array(n);
  for (let a = 0; a < n; a++) count[a] = successors.start[a + 1] - successors.start[a];
  return cyclicComponents(n, { start: successors.start, count, items: successors.items }, live)
    .map((members) => ({ kind: "propnet-cycle" as const, propositions: members.map((a) => g.kifs[a]).sort() }))
    .sort((x, y) => (x.propositions[0] < y.propositions[0] ? -1 : 1));
}

/**
 * Cycles among the draft's components that `include` takes part (when the atoms have none, the
 * gates may: a view computed from itself through a merged gate), named by proposition, or by
 * gate kind and final id (`newId`).
 */
export function draftCycles(d: Draft, include: (v: number) => boolean, newId: Int32Array): PropnetCycle[] {
  return cyclicComponents(d.size, d.rows(), include).map((members) => ({
    kind: "propnet-cycle" as const,
    propositions: members.map((v) => (isPropositionCode(d.kind[v]) ? d.label[v] : `${COMPONENT_KIND[d.kind[v]]}#${newId[v]}`)).sort(),
  }));
}
