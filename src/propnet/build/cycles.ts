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
import { RULE_ATOM, type Normalized } from "./normalize.js";
import { VARIABLE } from "./constants.js";
import { IntList } from "../../int-list.js";
import type { Draft } from "./draft.js";
import { COMPONENT_KIND, isPropositionCode } from "./kinds.js";

/**
 * Cycles among rule atoms, named by atom KIF: through every clause (`constants` absent: the
 * unoptimized propnet), or through the clauses that can fire among atoms that are not constant
 * (`value` from `foldConstants`, `live` from `liveClauses`: the optimized one).
 */
export function atomCycles(g: Normalized, constants?: { readonly value: Uint8Array; readonly live: Uint8Array }): PropnetCycle[] {
  const n = g.kifs.length;
  const isLive = new Uint8Array(n);
  for (let a = 0; a < n; a++) if (g.cls[a] === RULE_ATOM && (constants === undefined || constants.value[a] === VARIABLE)) isLive[a] = 1;
  const live = (a: number): boolean => isLive[a] === 1;
  const { start, items } = g.clausesOf;
  const { bodyStart, literals } = g.clauses;
  // each atom's successors: the live atoms in the bodies of its live clauses, in rows filled in atom order
  const rowStart = new Int32Array(n);
  const count = new Int32Array(n);
  const successors = new IntList(bodyStart[g.clauses.length]);
  for (let a = 0; a < n; a++) {
    rowStart[a] = successors.length;
    if (!isLive[a]) continue;
    for (let k = start[a]; k < start[a + 1]; k++) {
      const ci = items[k];
      if (constants !== undefined && !constants.live[ci]) continue;
      for (let j = bodyStart[ci]; j < bodyStart[ci + 1]; j++) if (isLive[literals[j]]) successors.push(literals[j]);
    }
    count[a] = successors.length - rowStart[a];
  }
  return cyclicComponents(n, { start: rowStart, count, items: successors.data }, live)
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
    propositions: members.map((v) => (isPropositionCode(d.kind[v]) ? d.labelOf(v) : `${COMPONENT_KIND[d.kind[v]]}#${newId[v]}`)).sort(),
  }));
}
