/**
 * The plans of a relation's clauses for a fully bound call (every head position bound), gathered
 * once per relation for the evaluator's depth-first searches (evaluator.ts `searchGround`): a
 * search walks an array instead of looking each clause's plan up in its Map by the mask, and a
 * clause whose head has a constant is skipped by one comparison before its body is entered.
 */
import type { Clause, CompiledPlan, Relation } from "./program.js";
import { compiledPlanFor } from "./plan.js";
import { planCode } from "./plan-code.js";
import type { PlanCode } from "./plan-code.js";

/** Per clause of a relation (in order): its plan for a fully bound call, and what skips it early. */
export interface GroundPlans {
  readonly clauses: readonly Clause[];
  readonly plans: readonly CompiledPlan[];
  /** The generated body of each plan, or null where it is solved interpretively. */
  readonly codes: readonly (PlanCode | null)[];
  /** Per clause: a head position holding a constant, or -1 (a call with another id there cannot unify). */
  readonly constAt: Int32Array;
  /** Per clause: the constant at `constAt`. */
  readonly constId: Int32Array;
}

/**
 * The plans of `relation`'s clauses for a fully bound call; `generic`: the interpretive plans
 * (compiledPlanFor), `generated`: with their generated bodies (plan-code.ts).
 */
export function groundPlansOf(relation: Relation, generic: boolean, generated: boolean): GroundPlans {
  const all = relation.arity === 0 ? 0 : 2 ** relation.arity - 1; // arity at most 30 (ground-calls.ts)
  const clauses = relation.clauses.slice();
  const plans = clauses.map((clause) => compiledPlanFor(clause, all, generic));
  const codes = plans.map((plan, c) => (generated ? planCode(plan, clauses[c], all) : null));
  const constAt = new Int32Array(clauses.length).fill(-1);
  const constId = new Int32Array(clauses.length);
  clauses.forEach((clause, c) => {
    const j = clause.head.findIndex((p) => p.k === 0);
    if (j >= 0) {
      constAt[c] = j;
      constId[c] = (clause.head[j] as { id: number }).id;
    }
  });
  return { clauses, plans, codes, constAt, constId };
}
