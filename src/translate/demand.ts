/**
 * Demand restriction (a non-recursive case of magic sets): a view is grounded only for the
 * argument tuples that some rule can ask about, instead of for every tuple its own rules allow.
 *
 * In chess, `threatened_with_capture(Owner,Cx,Cy,X,Y,Ignorex,Ignorey)` has rules where the last
 * two (or four) arguments are only `coordinate(...)`: 7 million ground instances, of which the
 * `legal` rules that use it (`not threatened_with_capture(Player,X,Y,Kx,Ky,U,V)` with every
 * argument bound by the move and the king's cell) ask about a few thousand. The rewrite adds
 *
 *   _demand1(Player,X,Y,Kx,Ky,U,V) :- <the positive literals of that legal rule>.
 *
 * for each use, and `_demand1(head arguments)` to the body of each rule of the view. Every use
 * binds all of its arguments by its other positive literals, so wherever a use is evaluated its
 * tuple is demanded: the view holds there exactly when it held before, and the game is the same.
 *
 * A view qualifies when it is not an output or keyword relation, not static (gringo evaluates
 * those away), not recursive, some rule of it has a head variable bound only by unary static
 * atoms (the pattern that blows up), and at every use the other positive literals bind all the
 * use's variables without depending on the view themselves (so no new cycle appears), nor on
 * `does` where `legal`, `terminal` or `goal` read the view: its demand would make them depend on
 * the joint move (a view that `legal` reads and a rule of `next` asks about with the move's arguments).
 */
import type { Atom, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { atomVariables, forEachSubterm } from "../syntax/terms.js";
import { positivelyBound, rulesByHead, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";
import { reachable } from "../analysis/dependency-graph.js";

export interface DemandResult {
  readonly rules: FlatRule[];
  /** The views restricted to their demand. */
  readonly restricted: readonly string[];
}

export interface DemandOptions {
  /** Relations never restricted: the outputs, the keywords, what the generators use. */
  readonly keep: ReadonlySet<string>;
  readonly isStatic: (relation: string) => boolean;
}

/** The keywords a state alone decides: what they read may not depend on `does` (GDL's restriction). */
const MOVE_FREE = ["legal", "terminal", "goal"];

export function restrictToDemand(rules: readonly FlatRule[], options: DemandOptions): DemandResult {
  const byHead = rulesByHead(rules);
  // relation -> the relations its rules' bodies use
  const uses = new Map<string, Set<string>>();
  for (const rule of rules) {
    if (!uses.has(rule.head.relation)) uses.set(rule.head.relation, new Set());
    for (const l of rule.body) if (l.kind === "pos" || l.kind === "neg") uses.get(rule.head.relation)!.add(l.atom.relation);
  }
  // relation -> the relations it depends on in one step or more
  const reachCache = new Map<string, Set<string>>();
  const usedBy = (r: string): Iterable<string> => uses.get(r) ?? [];
  const reaches = (from: string): Set<string> => {
    let seen = reachCache.get(from);
    if (!seen) reachCache.set(from, (seen = reachable(usedBy(from), usedBy)));
    return seen;
  };

  // whether legal, terminal or goal read p: a state alone decides them
  const readWithoutMove = (p: string): boolean => MOVE_FREE.some((k) => k === p || reaches(k).has(p));
  const qualifies = (p: string): boolean => {
    if (options.keep.has(p) || options.isStatic(p) || p.startsWith(INTERNAL_PREFIX)) return false;
    const own = byHead.get(p) ?? [];
    if (own.length === 0 || reaches(p).has(p)) return false;
    if (!own.some((r) => hasDontCareVariable(r, options.isStatic))) return false;
    const readByState = readWithoutMove(p);
    for (const rule of rules) {
      for (let i = 0; i < rule.body.length; i++) {
        const l = rule.body[i];
        if ((l.kind !== "pos" && l.kind !== "neg") || l.atom.relation !== p) continue;
        const others = demandBody(rule.body, i, p);
        const bound = positivelyBound(others);
        if (![...atomVariables(l.atom)].every((v) => bound.has(v))) return false;
        if (others.some((o) => o.kind === "pos" && (o.atom.relation === rule.head.relation || reaches(o.atom.relation).has(p)))) return false;
        // a use whose other literals read the joint move would make p, and what reads p, depend on it:
        // not where legal, terminal or goal read p, which a state alone decides
        if (readByState && others.some((o) => o.kind === "pos" && (o.atom.relation === "does" || reaches(o.atom.relation).has("does")))) return false;
      }
    }
    return true;
  };
  const restricted: string[] = [];
  for (const p of byHead.keys()) if (qualifies(p)) restricted.push(p);
  if (restricted.length === 0) return { rules: [...rules], restricted };

  const demandOf = new Map<string, string>();
  restricted.forEach((p, k) => demandOf.set(p, `${INTERNAL_PREFIX}demand${k + 1}`));
  const out: FlatRule[] = [];
  for (const rule of rules) {
    const demand = demandOf.get(rule.head.relation);
    out.push(demand === undefined ? rule : { ...rule, body: [...rule.body, { kind: "pos", atom: { ...rule.head, relation: demand } }] });
    rule.body.forEach((l, i) => {
      if (l.kind !== "pos" && l.kind !== "neg") return;
      const d = demandOf.get(l.atom.relation);
      if (d === undefined) return;
      const head: Atom = { kind: "atom", relation: d, args: l.atom.args, pos: l.atom.pos ?? NO_POSITION };
      out.push({ head, body: demandBody(rule.body, i, l.atom.relation), origin: rule.origin, part: rule.part });
    });
  }
  return { rules: out, restricted };
}

/** The positive literals of a body but the i-th and every other use of p (and the comparisons they bind). */
function demandBody(body: readonly FlatLiteral[], i: number, p: string): FlatLiteral[] {
  const positive = body.filter((l, k) => k !== i && l.kind === "pos" && l.atom.relation !== p);
  const bound = positivelyBound(positive);
  const comparisons = body.filter(
    (l) => (l.kind === "distinct" || l.kind === "equal") && [...termVars(l.left), ...termVars(l.right)].every((v) => bound.has(v)),
  );
  return [...positive, ...comparisons];
}

/** The variables of a term, each occurrence, in written order. */
function termVars(t: Term, into: string[] = []): string[] {
  forEachSubterm(t, (s) => {
    if (s.kind === "variable") into.push(s.name);
  });
  return into;
}

/** A head variable that the body binds only through unary static atoms (`coordinate(Ignorex)`). */
function hasDontCareVariable(rule: FlatRule, isStatic: (relation: string) => boolean): boolean {
  for (const v of atomVariables(rule.head)) {
    const binders = rule.body.filter((l) => l.kind === "pos" && atomVariables(l.atom).has(v));
    if (binders.length > 0 && binders.every((l) => l.kind === "pos" && isStatic(l.atom.relation) && l.atom.args.length === 1)) return true;
  }
  return false;
}
