/**
 * The order in which the evaluator (evaluator.ts) solves a clause's body, per set of head
 * positions a call binds; shared with the analysis of which calls stay ground (ground-calls.ts).
 */
import type { BodyLiteral, Clause } from "./program.js";
import { patternVars } from "./program.js";

/**
 * The order in which a clause's body is solved when a call binds the head positions in
 * `mask`: positive literals in the written order (an input or fact lookup whose variables
 * are all bound goes first, as a cheap test), each `not`, `distinct` and `not distinct` as
 * soon as its variables are bound; those never bound go last.
 */
export function planFor(clause: Clause, mask: number): readonly BodyLiteral[] {
  // The lookup apart from the build: a function with closures allocates their context on every call.
  return clause.plans.get(mask) ?? buildPlan(clause, mask);
}

function buildPlan(clause: Clause, mask: number): readonly BodyLiteral[] {
  let plan: readonly BodyLiteral[];
  const bound = new Set<number>();
  clause.head.forEach((p, j) => {
    if (mask & (1 << (j & 31))) patternVars([p]).forEach((v) => bound.add(v));
  });
  const allBound = (vars: readonly number[]) => vars.every((v) => bound.has(v));
  const remaining = [...clause.body];
  const ordered: BodyLiteral[] = [];
  const take = (k: number) => {
    const [literal] = remaining.splice(k, 1);
    ordered.push(literal);
    literal.vars.forEach((v) => bound.add(v));
  };
  while (remaining.length > 0) {
    let progress = true;
    while (progress) {
      progress = false;
      for (let k = 0; k < remaining.length; k++) {
        const l = remaining[k];
        const ready =
          l.kind === "neg" || l.kind === "distinct"
            ? allBound(l.vars)
            : l.kind === "eq"
              ? allBound(patternVars([l.left])) || allBound(patternVars([l.right]))
              : false;
        if (ready) {
          take(k);
          progress = true;
          break;
        }
      }
    }
    if (remaining.length === 0) break;
    let k = remaining.findIndex(
      (l) => l.kind === "pos" && (l.relation.kind !== "derived" || l.relation.clauses.length === 0) && allBound(l.vars),
    );
    if (k < 0) k = remaining.findIndex((l) => l.kind === "pos");
    if (k < 0) {
      while (remaining.length > 0) take(0);
      break;
    }
    take(k);
  }
  plan = ordered;
  clause.plans.set(mask, plan);
  return plan;
}
