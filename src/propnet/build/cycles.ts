/**
 * Cycles among rule atoms that no transition breaks, named by the atoms' KIF (`Propnet.cycles`),
 * and among draft components when the atoms show none. A state machine evaluates such a cycle as a
 * least fixpoint or refuses it; the build itself always ends.
 * Why by atom: a name from the game is what a user can look up. Measured: 4 of 309 base games (all
 * that ground but alexChess) have one (amazonsTorus_10x10, atariGoVariant_7x7, cubicup_3player,
 * linesOfAction).
 */
import { cyclicComponents } from "../graph.js";
import { isProposition, type PropnetCycle } from "../propnet.js";
import type { Normalized } from "./normalize.js";
import { isLiveClause, VARIABLE } from "./constants.js";
import type { Draft } from "./draft.js";

/**
 * Cycles among rule atoms, named by atom KIF: through every clause (`value` absent: the
 * unoptimized propnet), or through the clauses that can fire among atoms that are not constant
 * (`value` from `foldConstants`: the optimized one).
 */
export function atomCycles(g: Normalized, value?: Uint8Array): PropnetCycle[] {
  const bodyOf = (ci: number): readonly number[] =>
    value === undefined || isLiveClause(g, value, ci) ? [...g.clauses[ci].positive, ...g.clauses[ci].negative] : [];
  const live = (a: number): boolean => value === undefined || value[a] === VARIABLE;
  const n = g.kifs.length;
  const successors = (a: number): number[] => {
    const out: number[] = [];
    const { start, items } = g.clausesOf;
    for (let k = start[a]; k < start[a + 1]; k++) for (const b of bodyOf(items[k])) if (g.cls[b] === "rule" && live(b)) out.push(b);
    return out;
  };
  const cache: (number[] | undefined)[] = new Array(n);
  const cached = (a: number) => (cache[a] ??= successors(a));
  return cyclicComponents(n, cached, (a) => g.cls[a] === "rule" && live(a))
    .map((members) => ({ kind: "propnet-cycle" as const, propositions: members.map((a) => g.kifs[a]).sort() }))
    .sort((x, y) => (x.propositions[0] < y.propositions[0] ? -1 : 1));
}

/**
 * Cycles among the draft's components that `include` takes part (when the atoms have none, the
 * gates may: a view computed from itself through a merged gate), named by proposition, or by
 * gate kind and final id (`newId`).
 */
export function draftCycles(d: Draft, include: (v: number) => boolean, newId: Int32Array): PropnetCycle[] {
  return cyclicComponents(d.size, (v) => d.inputs[v], include).map((members) => ({
    kind: "propnet-cycle" as const,
    propositions: members.map((v) => (isProposition(d.kind[v]) ? d.label[v] : `${d.kind[v]}#${newId[v]}`)).sort(),
  }));
}
