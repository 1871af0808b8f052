/**
 * Fixed fluents: a fluent whose only `next` rule is its own frame axiom,
 *
 *   (<= (next (wall ?x ?y ?z)) (true (wall ?x ?y ?z)))
 *
 * holds in every reachable state exactly for the instances that hold initially: nothing adds an
 * instance and every instance persists. Its `true` literals in the other rules are replaced by a
 * static relation that says the same,
 *
 *   _fixed_wall(X, Y, Z) :- init(wall(X, Y, Z)).
 *
 * and the static relaxation P^base keeps the static literals, negated ones included, where it had
 * to drop `not true(wall(...))`. In mummymaze1p the walls then stop the relaxed moves at the
 * border: the possible locations are the 8 x 8 cells instead of every pair of the 60 numbers of
 * `succ`. The fluent itself stays (its init facts and frame rule are unchanged), so the states of
 * the ground game are the same; its rules are equivalent on every reachable state, the states a
 * propnet is run on.
 *
 * A fluent qualifies when it is a function or constant `f` such that every `next` rule whose head
 * can be an `f` term is `(<= (next T) (true T))` with T = f(distinct variables), there is such a
 * rule, and no `next` or `init` head is a variable (which could make any fluent).
 * Fluents are told apart by a key that no name can forge (`keyOf`): a constant named `f/1` (KIF
 * reads it as a constant) or `g/2` was keyed as the function f(_) or g(_, _) was, and `fixed g`
 * made of the constant `g/2` was the relation of the constant `g` too.
 */
import type { Atom, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import type { FlatLiteral, FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";

export interface FixedFluentsResult {
  readonly rules: FlatRule[];
  /** The static relations made here (one per fixed fluent). */
  readonly staticAux: readonly string[];
  /** The fixed fluents, as name/arity. */
  readonly fixed: readonly string[];
}

/**
 * The key of a fluent term's constant or function: `c f` for the constant f, `n f` for a function
 * f of n arguments (the text before the first blank, `c` or digits, says which; a name may hold
 * any character, so no text after it can make one key another's).
 */
const keyOf = (t: Term): string | undefined =>
  t.kind === "compound" ? `${t.args.length} ${t.functor}` : t.kind === "constant" ? `c ${t.name}` : undefined;

/** How `fixed` lists a fluent: name/arity; a constant `f` is `f`, kept apart from the function `(f)`, `f/0`. */
const shownAs = (t: Term): string => (t.kind === "compound" ? `${t.functor}/${t.args.length}` : t.kind === "constant" ? t.name : "");

/**
 * The static relation of a fixed fluent: `fixed f` for the constant f and for f(X, ...) (gringo
 * tells arities apart), `fixed0 f` for (f); from the name itself, so the constant `g/2` is
 * `fixed g/2`, not the constant g's `fixed g`.
 */
const relationFor = (t: Term): string =>
  `${INTERNAL_PREFIX}${t.kind === "compound" && t.args.length === 0 ? "fixed0" : "fixed"} ${t.kind === "compound" ? t.functor : t.kind === "constant" ? t.name : ""}`;

export function fixFluents(rules: readonly FlatRule[]): FixedFluentsResult {
  const none = { rules: [...rules], staticAux: [], fixed: [] };
  const frames = new Map<string, Term>(); // by key, a fluent term of each
  const spoiled = new Set<string>();
  for (const rule of rules) {
    const head = rule.head;
    if ((head.relation !== "next" && head.relation !== "init") || head.args.length !== 1) continue;
    const key = keyOf(head.args[0]);
    if (key === undefined) return none; // a variable head: any fluent
    if (head.relation === "init") continue;
    if (isFrame(rule)) {
      if (!frames.has(key)) frames.set(key, head.args[0]);
    } else spoiled.add(key);
  }
  // in the order of their name/arity (as they were listed and defined), the key after it
  const fixedKeys = [...frames.keys()]
    .filter((k) => !spoiled.has(k))
    .map((k) => ({ key: k, shown: shownAs(frames.get(k)!) }))
    .sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (fixedKeys.length === 0) return none;
  const fixed = fixedKeys.map((k) => k.shown);

  const relationOf = new Map(fixedKeys.map(({ key }) => [key, relationFor(frames.get(key)!)]));
  const replace = (literal: FlatLiteral): FlatLiteral => {
    if ((literal.kind !== "pos" && literal.kind !== "neg") || literal.atom.relation !== "true" || literal.atom.args.length !== 1) return literal;
    const fluent = literal.atom.args[0];
    const relation = relationOf.get(keyOf(fluent) ?? "");
    if (relation === undefined) return literal;
    const args = fluent.kind === "compound" ? fluent.args : [];
    return { kind: literal.kind, atom: { kind: "atom", relation, args, pos: literal.atom.pos ?? NO_POSITION } };
  };
  const out: FlatRule[] = [];
  const origins = new Map<string, FlatRule>();
  for (const rule of rules) {
    if (rule.head.relation === "next" && isFrame(rule)) {
      const key = keyOf(rule.head.args[0])!;
      if (relationOf.has(key)) {
        out.push(rule); // the fluent stays in the states
        if (!origins.has(key)) origins.set(key, rule);
        continue;
      }
    }
    out.push({ ...rule, body: rule.body.map(replace) });
  }
  for (const [key, relation] of relationOf) {
    const frame = origins.get(key)!;
    const fluent = frame.head.args[0];
    const args = fluent.kind === "compound" ? fluent.args : [];
    const head: Atom = { kind: "atom", relation, args, pos: NO_POSITION };
    const init: Atom = { kind: "atom", relation: "init", args: [fluent], pos: NO_POSITION };
    out.push({ head, body: [{ kind: "pos", atom: init }], origin: frame.origin, part: "game" });
  }
  return { rules: out, staticAux: [...relationOf.values()], fixed };
}

/** `(<= (next T) (true T))` with T a constant or a function of distinct variables. */
function isFrame(rule: FlatRule): boolean {
  if (rule.body.length !== 1) return false;
  const [literal] = rule.body;
  if (literal.kind !== "pos" || literal.atom.relation !== "true" || literal.atom.args.length !== 1) return false;
  const head = rule.head.args[0];
  const body = literal.atom.args[0];
  if (head.kind === "constant") return body.kind === "constant" && body.name === head.name;
  if (head.kind !== "compound" || body.kind !== "compound" || head.functor !== body.functor || head.args.length !== body.args.length) return false;
  const seen = new Set<string>();
  for (let i = 0; i < head.args.length; i++) {
    const h = head.args[i];
    const b = body.args[i];
    if (h.kind !== "variable" || b.kind !== "variable" || h.name !== b.name || seen.has(h.name)) return false;
    seen.add(h.name);
  }
  return true;
}
