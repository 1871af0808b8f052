/**
 * Which argument positions the relaxation (relaxed.ts) leaves free in a projected check of a call
 * of a ground component (ground-calls.ts): "may the call hold in some state, for some values at
 * these positions?" A call ruled out so is ruled out; the answers are kept by the other positions.
 *
 * Any choice of positions is sound (a projected check only widens what holds); the choice decides
 * whether it rules anything out. A position is chosen when it holds a variable in every clause's
 * head, and in every clause that calls no member of its own component (a base case of the
 * recursion, or a clause of a relation that is not recursive) that variable is met once in the
 * head and read only by positive static literals of that variable alone (`(coordinate ?x)`) or
 * at chosen positions of calls of other ground components. Such a position constrains nothing the
 * base cases decide: chess's `clear_diagonal_ne_ig ?u ?v ?x ?y ?ignorex ?ignorey` (the square left
 * empty is passed along the ray and checked to be a coordinate), then `bishop_move_ig` and
 * `bishop_threatens`, which pass it on. Positions all chosen would rule nothing out: none then.
 */
import { patternVars, type Pattern, type Program, type Relation } from "./program.js";

/** Widest relation whose positions are told by a bit mask (as the evaluator's plans). */
const MAX_ARITY = 30;

/** Per relation index: the positions its projected checks leave free (bit mask), 0 for none. */
export function projectedPositions(program: Program, groundComponent: Int32Array): Int32Array {
  const chosen = new Int32Array(program.relations.length);
  const members = program.relations.filter((r) => groundComponent[r.index] >= 0 && r.arity <= MAX_ARITY);
  for (const relation of members) chosen[relation.index] = headVariablePositions(relation, groundComponent);
  // A worklist: a relation whose mask shrinks puts back the members that call it (masks only shrink; a pass over every
  // member until nothing changed took a pass per relation of a chain).
  const callers = new Map<Relation, Relation[]>();
  for (const relation of members) {
    for (const clause of relation.clauses) {
      for (const l of clause.body) {
        if ((l.kind !== "pos" && l.kind !== "neg") || groundComponent[l.relation.index] < 0) continue;
        const list = callers.get(l.relation) ?? [];
        if (!list.includes(relation)) list.push(relation);
        callers.set(l.relation, list);
      }
    }
  }
  const queue = [...members];
  const queued = new Set(members);
  while (queue.length > 0) {
    const relation = queue.pop()!;
    queued.delete(relation);
    const before = chosen[relation.index];
    const mask = shrunk(relation, before, chosen, groundComponent);
    if (mask === before) continue;
    chosen[relation.index] = mask;
    for (const caller of callers.get(relation) ?? []) {
      if (!queued.has(caller)) {
        queued.add(caller);
        queue.push(caller);
      }
    }
  }
  for (const relation of members) if (chosen[relation.index] === (1 << relation.arity) - 1) chosen[relation.index] = 0;
  return chosen;
}

/** The positions of `mask` that stay chosen for `relation` given the others' (`chosen`): see the header. */
function shrunk(relation: Relation, before: number, chosen: Int32Array, groundComponent: Int32Array): number {
  let mask = before;
  if (mask === 0) return mask;
  const component = groundComponent[relation.index];
  for (const clause of relation.clauses) {
    const calls = (l: (typeof clause.body)[number]) => (l.kind === "pos" || l.kind === "neg") && groundComponent[l.relation.index] === component;
    if (clause.body.some(calls)) continue;
    for (let j = 0; j < relation.arity; j++) {
      if (!(mask & (1 << j))) continue;
      const v = (clause.head[j] as { slot: number }).slot;
      for (const literal of clause.body) {
        if (!literal.vars.includes(v)) continue;
        if (literal.kind !== "pos") {
          mask &= ~(1 << j);
          break;
        }
        const callee = literal.relation;
        const unaryStatic = callee.level === 0 && literal.vars.length === 1;
        const passed =
          groundComponent[callee.index] >= 0 &&
          literal.args.every((p, k) => (p.k === 1 && p.slot === v ? (chosen[callee.index] & (1 << k)) !== 0 : !containsVar(p, v)));
        if (!unaryStatic && !passed) {
          mask &= ~(1 << j);
          break;
        }
      }
    }
  }
  return mask;
}

/** The positions holding a variable in every clause's head, met once in the heads of the clauses that call no member of the relation's component. */
function headVariablePositions(relation: Relation, groundComponent: Int32Array): number {
  let mask = relation.arity === 0 ? 0 : (1 << relation.arity) - 1;
  const component = groundComponent[relation.index];
  for (const clause of relation.clauses) {
    const base = !clause.body.some((l) => (l.kind === "pos" || l.kind === "neg") && groundComponent[l.relation.index] === component);
    clause.head.forEach((p, j) => {
      if (p.k !== 1 || (base && clause.head.some((q, k) => k !== j && containsVar(q, p.slot)))) mask &= ~(1 << j);
    });
  }
  return mask;
}

function containsVar(p: Pattern, slot: number): boolean {
  return patternVars([p]).includes(slot);
}
