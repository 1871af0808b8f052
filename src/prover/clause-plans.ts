/**
 * The plans of a relation's clauses for one set of bound head positions, gathered once per
 * (relation, mask) for the evaluator's passes over a table's clauses and its depth-first searches
 * of fully bound calls (evaluator.ts `evaluate`, `searchGround`): a pass walks an array instead of
 * looking each clause's plan up in its Map by the mask, and a clause whose head has a constant at
 * a bound position is skipped by one comparison before its body is entered (a generated body
 * matches the rest of the head itself).
 */
import type { Clause, CompiledPlan, Relation } from "./program.js";
import { compiledPlanFor } from "./plan.js";
import { planCode } from "./plan-code.js";
import type { PlanCode } from "./plan-code.js";

/** Per clause of a relation (in order): its plan for the mask, and what skips it early. */
export interface ClausePlans {
  readonly clauses: readonly Clause[];
  readonly plans: readonly CompiledPlan[];
  /** The generated body of each plan, or null where it is solved interpretively. */
  readonly codes: readonly (PlanCode | null)[];
  /** Per clause: a bound head position holding a constant, or -1 (a call with another id there cannot unify). */
  readonly constAt: Int32Array;
  /** Per clause: the constant at `constAt`. */
  readonly constId: Int32Array;
}

/**
 * The plans of `relation`'s clauses for a call binding the head positions in `mask` (below 31
 * positions); `generic`: the interpretive plans (compiledPlanFor), `generated`: with their
 * generated bodies (plan-code.ts).
 */
export function clausePlansOf(relation: Relation, mask: number, generic: boolean, generated: boolean): ClausePlans {
  const clauses = relation.clauses.slice();
  const plans = clauses.map((clause) => compiledPlanFor(clause, mask, generic));
  const codes = plans.map((plan, c) => (generated ? planCode(plan, clauses[c], mask) : null));
  const constAt = new Int32Array(clauses.length).fill(-1);
  const constId = new Int32Array(clauses.length);
  clauses.forEach((clause, c) => {
    const j = clause.head.findIndex((p, k) => p.k === 0 && (mask & (1 << k)) !== 0);
    if (j >= 0) {
      constAt[c] = j;
      constId[c] = (clause.head[j] as { id: number }).id;
    }
  });
  return { clauses, plans, codes, constAt, constId };
}
