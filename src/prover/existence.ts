/**
 * Which relations the generated bodies (plan-code.ts) may ask "has this call an answer?" by a
 * depth-first search stopped at the first (`Evaluator.exists`) instead of a table of all its
 * answers: those with rules that no cycle of the dependency graph goes through (a search of
 * one never meets itself, so it needs neither a loop check nor the SCC algorithm, and every call
 * it makes completes), whose every head variable is bound by a positive literal of the body (a
 * search stopped at the first solution would not meet the "unsafe rule" error a table throws).
 *
 * Why: chess's `threatened` asks `bishop_threatens`, `rook_threatens` and `queen_threatens` with
 * the attacker's square free, a value used nowhere after: about 40 tables a node (an object, the
 * call copied, its answers, a Map entry in the layer) that only told whether one answer exists.
 */
import type { Relation } from "./program.js";
import { patternVars } from "./program.js";
import { stronglyConnectedComponents } from "../analysis/dependency-graph.js";

const known = new WeakMap<Relation, boolean>();

/** Whether `relation`'s calls may be asked for an answer's existence by a depth-first search (see above). */
export function existenceSearchable(relation: Relation): boolean {
  let answer = known.get(relation);
  if (answer === undefined) known.set(relation, (answer = relation.kind === "derived" && relation.clauses.length > 0 && safe(relation) && !reachesItself(relation)));
  return answer;
}

const leaves = new WeakMap<Relation, boolean>();

/**
 * Whether `relation` is a leaf: state-dependent, existence-searchable, and its clauses read only inputs, facts and
 * static relations (whose fully bound answers the evaluator keeps for the game). A fully bound call
 * of a leaf is asked by `exists` too (plan-code.ts): its body is a few lookups, cheaper than the
 * kept answer, the loop check and the relaxation check of `holds` (chess's `occupied_by_opponent`,
 * `king_threatens` and `knight_threatens`, about 60 calls a node).
 */
export function leafRelation(relation: Relation): boolean {
  let answer = leaves.get(relation);
  if (answer === undefined) {
    answer =
      relation.level > 0 &&
      existenceSearchable(relation) &&
      relation.clauses.every((clause) =>
        clause.body.every((l) => (l.kind !== "pos" && l.kind !== "neg") || l.relation.kind !== "derived" || l.relation.clauses.length === 0 || l.relation.level === 0),
      );
    leaves.set(relation, answer);
  }
  return answer;
}

function safe(relation: Relation): boolean {
  return relation.clauses.every((clause) => {
    const bound = new Set<number>();
    for (const l of clause.body) if (l.kind === "pos") for (const v of l.vars) bound.add(v);
    return patternVars(clause.head).every((v) => bound.has(v));
  });
}

/** Per relation: whether a chain of calls from its clauses (positive or negated) leads back to it; filled per strongly connected set. */
const recursive = new WeakMap<Relation, boolean>();

/**
 * Whether a chain of calls from `relation`'s clauses (positive or negated) leads back to it: its strongly
 * connected set of relations has another member or a call of itself. One pass over what it reaches marks
 * every relation met (a walk per relation was quadratic in a chain of relations: 20,000 took minutes).
 */
export function reachesItself(relation: Relation): boolean {
  let answer = recursive.get(relation);
  if (answer === undefined) {
    const callees = (r: Relation): Relation[] => r.clauses.flatMap((c) => c.body.flatMap((l) => (l.kind === "pos" || l.kind === "neg" ? [l.relation] : [])));
    // a relation marked before is a leaf here: its strongly connected set is complete, and holds no relation not marked
    const unmarked = (r: Relation): Relation[] => (recursive.has(r) ? [] : callees(r));
    for (const component of stronglyConnectedComponents([relation], unmarked)) {
      if (recursive.has(component[0])) continue;
      const cyclic = component.length > 1 || callees(component[0]).includes(component[0]);
      for (const r of component) recursive.set(r, cyclic);
    }
    answer = recursive.get(relation)!;
  }
  return answer;
}
