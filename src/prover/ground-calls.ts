/**
 * Which calls the evaluator may solve by a depth-first search instead of a table: a call of a
 * relation with every argument bound (a yes/no question), when the relation depends on the
 * state or the move (level 1 or 2) and its strongly connected component stays ground — every
 * literal of a member's clause that calls a member again is fully bound where the body order of
 * a fully bound call (plan.ts) reaches it.
 *
 * Why: chess's threat checks ask about 600 such questions per state (`clear_diagonal_ne_ig`
 * with its six arguments bound, recursive along a ray), almost none of them twice; a table each
 * (an object, its answers, its place on the stacks of the SCC algorithm) was most of the prover's
 * time and garbage there. A depth-first search stops at the first proof; a loop back to a call
 * still being searched fails that branch, and a "no" that relied on such a loop is not kept
 * (evaluator.ts). Within such a component no call has free arguments, so no table of the
 * component is ever half built beside the search.
 */
import { stronglyConnectedComponents } from "../analysis/dependency-graph.js";
import { planFor } from "./plan.js";
import type { Program, Relation } from "./program.js";
import { patternVars } from "./program.js";

/** Widest relation whose calls are told bound by a bit mask (as the evaluator's plans). */
const MAX_ARITY = 30;

/**
 * Per relation index: the id of its component when its fully bound calls may be searched
 * depth-first, else -1.
 */
export function groundCallComponents(program: Program): Int32Array {
  const result = new Int32Array(program.relations.length).fill(-1);
  const derived = program.relations.filter((r) => r.kind === "derived" && r.clauses.length > 0);
  const callees = (r: Relation): Relation[] => {
    const out: Relation[] = [];
    for (const clause of r.clauses) {
      for (const l of clause.body) if ((l.kind === "pos" || l.kind === "neg") && l.relation.kind === "derived" && l.relation.clauses.length > 0) out.push(l.relation);
    }
    return out;
  };
  stronglyConnectedComponents(derived, callees).forEach((component, id) => {
    if (component.some((r) => r.level === 0 || r.arity > MAX_ARITY)) return;
    const members = new Set(component);
    if (component.every((r) => staysGround(r, members))) for (const r of component) result[r.index] = id;
  });
  return result;
}

/** Whether every call of a member in `relation`'s clauses is fully bound when a fully bound call reaches it. */
function staysGround(relation: Relation, members: ReadonlySet<Relation>): boolean {
  const all = relation.arity === 0 ? 0 : 2 ** relation.arity - 1;
  for (const clause of relation.clauses) {
    const bound = new Set(patternVars(clause.head));
    for (const literal of planFor(clause, all)) {
      if ((literal.kind === "pos" || literal.kind === "neg") && members.has(literal.relation)) {
        if (!literal.vars.every((v) => bound.has(v))) return false;
      }
      // What a literal binds when it holds: a positive one all its variables, `not distinct` one side.
      if (literal.kind === "pos" || literal.kind === "equal") for (const v of literal.vars) bound.add(v);
    }
  }
  return true;
}
