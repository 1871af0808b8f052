/**
 * The order in which the evaluator (evaluator.ts) solves a clause's body, per set of head
 * positions a call binds; shared with the analysis of which calls stay ground (ground-calls.ts).
 * The evaluator reads it compiled: how each argument of a positive literal is built and matched,
 * and the lookup mask of each literal of an input or of facts alone, fixed once per plan instead
 * of decided per call (`compiledPlanFor`).
 */
import type { BodyLiteral, Clause, CompiledPlan, Pattern } from "./program.js";
import { patternVars } from "./program.js";

/**
 * The order in which a clause's body is solved when a call binds the head positions in
 * `mask`: positive literals in the written order (an input or fact lookup whose variables
 * are all bound goes first, as a cheap test), each `not`, `distinct` and `not distinct` as
 * soon as its variables are bound; those never bound go last.
 */
export function planFor(clause: Clause, mask: number): readonly BodyLiteral[] {
  // The lookup apart from the build: a function with closures allocates their context on every call.
  return (clause.plans.get(mask) ?? compilePlan(clause, mask, false, mask)).literals;
}

/** The body order of `planFor`, computed (the compiled plan keeps it). */
function bodyOrder(clause: Clause, mask: number): readonly BodyLiteral[] {
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
  return ordered;
}

/*
 * The argument modes: how the evaluator builds the call of one argument of a positive literal and
 * matches an answer there, fixed when the plan is compiled (which variables are bound at each
 * literal follows from the call's mask and the order: a positive literal binds all its variables,
 * `not distinct` the side that was not ground, `not` and `distinct` none).
 */

/** A ground term: its id is the call's argument. */
export const ARG_CONST = 0;
/** A variable bound before the literal: the call reads its slot. */
export const ARG_READ = 1;
/** A compound whose variables are all bound before the literal: the call interns it. */
export const ARG_GROUND = 2;
/** A variable free in the call and met first here: an answer binds it without a test. */
export const ARG_BIND = 3;
/** Free in the call, matched as a pattern (a compound with free variables, or a variable bound by an earlier position). */
export const ARG_MATCH = 4;
/** Decided when the call is made, as the interpretive evaluation does (`not` literals, and every literal of a generic plan). */
export const ARG_GENERIC = 5;

/**
 * The compiled plan of a clause for the head positions bound in `mask`; `generic`: every argument
 * decided when the call is made (the interpretive evaluation, which the tests compare against).
 */
export function compiledPlanFor(clause: Clause, mask: number, generic: boolean): CompiledPlan {
  const key = generic ? -1 - mask : mask;
  return clause.plans.get(key) ?? compilePlan(clause, mask, generic, key);
}

/** Compiles and keeps the plan for `mask` (a generic one shares the literal order of the plan for the mask). */
function compilePlan(clause: Clause, mask: number, generic: boolean, key: number): CompiledPlan {
  const literals = generic ? planFor(clause, mask) : bodyOrder(clause, mask);
  const bound = new Set<number>();
  clause.head.forEach((p, j) => {
    if (mask & (1 << (j & 31))) patternVars([p]).forEach((v) => bound.add(v));
  });
  const allBound = (p: Pattern) => patternVars([p]).every((v) => bound.has(v));
  const masks = new Int32Array(literals.length).fill(-1);
  const slots: Int32Array[] = [];
  const modes = literals.map((literal, i) => {
    if (literal.kind !== "pos" && literal.kind !== "neg") {
      if (literal.kind === "eq" && (allBound(literal.left) || allBound(literal.right))) literal.vars.forEach((v) => bound.add(v));
      slots.push(new Int32Array(0));
      return new Uint8Array(0);
    }
    const args = literal.args;
    const out = new Uint8Array(args.length);
    slots.push(Int32Array.from(args, (p) => (p.k === 0 ? p.id : p.k === 1 ? p.slot : -1)));
    if (generic || literal.kind === "neg") return out.fill(ARG_GENERIC); // a `not` binds nothing
    const bindsHere = new Set<number>();
    args.forEach((p, j) => {
      if (p.k === 0) out[j] = ARG_CONST;
      else if (allBound(p)) out[j] = p.k === 1 ? ARG_READ : ARG_GROUND;
      else if (p.k === 1 && !bindsHere.has(p.slot)) out[j] = ARG_BIND;
      else out[j] = ARG_MATCH;
      patternVars([p]).forEach((v) => bindsHere.add(v));
    });
    literal.vars.forEach((v) => bound.add(v));
    const r = literal.relation;
    if ((r.kind !== "derived" || r.clauses.length === 0) && args.length < 30) {
      masks[i] = 0;
      out.forEach((mode, j) => {
        if (mode < ARG_BIND) masks[i] |= 1 << j;
      });
    }
    return out;
  });
  const plan: CompiledPlan = { literals, modes, slots, masks, code: undefined };
  clause.plans.set(key, plan);
  return plan;
}
