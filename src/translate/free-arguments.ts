/**
 * Free arguments: argument positions of a view that only carry a value of a static domain through,
 * without the value making any difference, are left out of the view.
 *
 * In ruleDepthExponential,
 *   prereq2(B1,B0) :- bit(B1), bit(B0), true(step(2)).
 *   prereq1(B0) :- bit(B0), not true(step(1)), prereq2(B0,0), prereq2(B0,1).
 * every argument of every `prereqK` is such a position: `prereqK(v...)` holds exactly when each v
 * is a `bit` and the argument-less view holds. The rewrite grounds that view once instead of 2^K
 * times (2^21 ground rules, about 2 million atoms in all, become 40):
 *   _proj_prereq2 :- _nonempty1, true(step(2)).
 *   _proj_prereq1 :- _nonempty1, not true(step(1)), _proj_prereq2, bit(0), _proj_prereq2, bit(1).
 *   _nonempty1 :- bit(X).
 *
 * Position i of a view p is free when p is not an output, keyword or static relation, p never
 * occurs negated, and in every rule for p the head's i-th argument is a variable X that occurs once
 * in the head and in the body only
 *   - as the argument of positive unary static atoms (its guards), the same set G(p,i), not empty,
 *     in every rule of p, and
 *   - directly as the j-th argument of positive atoms q(..X..) whose position j is free too, with
 *     G(q,j) ⊆ G(p,i).
 * (The largest such set of positions, found by removing positions that break a condition until none
 * does.) Then, by induction over the derivation, p(..v..) holds exactly when v is in every relation
 * of G(p,i) and the view without its free positions holds: every rule of p derives its instance for
 * every v in that same set or for none. So a use p(..t..) elsewhere becomes p'(..) plus the guards
 * g(t), and in p's own rules X disappears; its guards stay as one `_nonemptyN` atom (the rule fires
 * only if some value satisfies them).
 *
 * The ground game has p' in place of p, a view: states, legal moves, goals and terminal are the
 * same (the equivalence tests compare them).
 */
import type { Atom, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { collectTermVariables } from "../syntax/terms.js";
import { termToKif } from "../syntax/print.js";
import { flatLiteralVariables, rulesByHead, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";

export interface FreeArgumentOptions {
  /** Relations never rewritten: the outputs, the keywords, what the generators use. */
  readonly keep: ReadonlySet<string>;
  /** Static relations (Definition 6), including our own static auxiliaries. */
  readonly isStatic: (relation: string) => boolean;
}

export interface FreeArgumentResult {
  readonly rules: FlatRule[];
  /** Rewritten view -> its new (internal) relation, which keeps the non-free positions in order. */
  readonly renamed: ReadonlyMap<string, string>;
  /** The `_nonemptyN` relations added (static). */
  readonly staticAux: ReadonlySet<string>;
  /** Free positions left out, over all views. */
  readonly positions: number;
}

const setKey = (relations: Iterable<string>) => [...relations].sort().join("\u0000");

export function dropFreeArguments(rules: readonly FlatRule[], options: FreeArgumentOptions): FreeArgumentResult {
  const byHead = rulesByHead(rules);
  const negated = new Set<string>();
  for (const rule of rules) for (const l of rule.body) if (l.kind === "neg") negated.add(l.atom.relation);
  const isGuard = (l: FlatLiteral, name: string): boolean =>
    l.kind === "pos" &&
    l.atom.args.length === 1 &&
    l.atom.args[0].kind === "variable" &&
    l.atom.args[0].name === name &&
    options.isStatic(l.atom.relation);
  const guardsOf = (rule: FlatRule, name: string): Set<string> => {
    const guards = new Set<string>();
    for (const l of rule.body) if (isGuard(l, name) && l.kind === "pos") guards.add(l.atom.relation);
    return guards;
  };

  // candidate positions, with their guard sets
  const free = new Map<string, Map<number, ReadonlySet<string>>>();
  for (const [relation, own] of byHead) {
    if (options.keep.has(relation) || options.isStatic(relation) || negated.has(relation)) continue;
    const arity = own[0].head.args.length;
    const positions = new Map<number, ReadonlySet<string>>();
    for (let i = 0; i < arity; i++) {
      let guards: Set<string> | undefined;
      const ok = own.every((rule) => {
        const arg = rule.head.args[i];
        if (arg.kind !== "variable") return false;
        const inHead = rule.head.args.reduce((n, a) => n + (collectTermVariables(a, new Set()).has(arg.name) ? 1 : 0), 0);
        if (inHead !== 1) return false;
        const g = guardsOf(rule, arg.name);
        if (g.size === 0) return false;
        if (guards === undefined) guards = g;
        return setKey(guards) === setKey(g);
      });
      if (ok && guards !== undefined) positions.set(i, guards);
    }
    if (positions.size > 0) free.set(relation, positions);
  }

  // remove positions that break a condition until none does
  for (let changed = true; changed; ) {
    changed = false;
    for (const [relation, positions] of free) {
      for (const [i, guards] of positions) {
        const ok = byHead.get(relation)!.every((rule) => {
          const name = (rule.head.args[i] as Extract<Term, { kind: "variable" }>).name;
          return rule.body.every((l) => {
            if (isGuard(l, name)) return true;
            if (l.kind !== "pos") return !flatLiteralVariables(l).has(name);
            return l.atom.args.every((arg, j) => {
              if (arg.kind === "variable" && arg.name === name) {
                const other = free.get(l.atom.relation)?.get(j);
                return other !== undefined && [...other].every((g) => guards.has(g));
              }
              return !collectTermVariables(arg, new Set()).has(name);
            });
          });
        });
        if (!ok) {
          positions.delete(i);
          changed = true;
        }
      }
      if (positions.size === 0) free.delete(relation);
    }
  }
  if (free.size === 0) return { rules: [...rules], renamed: new Map(), staticAux: new Set(), positions: 0 };

  const renamed = new Map<string, string>();
  let positionsDropped = 0;
  for (const [relation, positions] of free) {
    renamed.set(relation, `${INTERNAL_PREFIX}proj ${relation}`);
    positionsDropped += positions.size;
  }
  const nonempty = new Map<string, { relation: string; guards: string[] }>();
  const auxRules: FlatRule[] = [];
  const nonemptyAtom = (guards: Iterable<string>, origin: FlatRule): Atom => {
    const sorted = [...guards].sort();
    const key = setKey(sorted);
    let entry = nonempty.get(key);
    if (!entry) {
      entry = { relation: `${INTERNAL_PREFIX}nonempty${nonempty.size + 1}`, guards: sorted };
      nonempty.set(key, entry);
      const x: Term = { kind: "variable", name: "X", pos: NO_POSITION };
      auxRules.push({
        head: { kind: "atom", relation: entry.relation, args: [], pos: origin.head.pos },
        body: sorted.map((g): FlatLiteral => ({ kind: "pos", atom: { kind: "atom", relation: g, args: [x], pos: origin.head.pos } })),
        origin: origin.origin,
        part: "game",
      });
    }
    return { kind: "atom", relation: entry.relation, args: [], pos: origin.head.pos };
  };
  const project = (atom: Atom): Atom => {
    const positions = free.get(atom.relation);
    if (!positions) return atom;
    return { ...atom, relation: renamed.get(atom.relation)!, args: atom.args.filter((_, i) => !positions.has(i)) };
  };

  const out: FlatRule[] = [];
  for (const rule of rules) {
    const headFree = free.get(rule.head.relation);
    const dropped = new Set<string>();
    if (headFree) for (const i of headFree.keys()) dropped.add((rule.head.args[i] as Extract<Term, { kind: "variable" }>).name);
    const touches = headFree !== undefined || rule.body.some((l) => (l.kind === "pos" || l.kind === "neg") && free.has(l.atom.relation));
    if (!touches) {
      out.push(rule);
      continue;
    }
    const body: FlatLiteral[] = [];
    const added = new Set<string>();
    const addGuard = (relation: string, term: Term) => {
      const key = `${relation} ${termToKif(term)}`;
      if (added.has(key)) return;
      added.add(key);
      body.push({ kind: "pos", atom: { kind: "atom", relation, args: [term], pos: rule.head.pos } });
    };
    for (const l of rule.body) {
      if (l.kind === "pos" && l.atom.args.length === 1 && l.atom.args[0].kind === "variable" && dropped.has(l.atom.args[0].name) && options.isStatic(l.atom.relation)) continue;
      if (l.kind !== "pos" || !free.has(l.atom.relation)) {
        body.push(l);
        continue;
      }
      body.push({ kind: "pos", atom: project(l.atom) });
      for (const [j, guards] of free.get(l.atom.relation)!) {
        const arg = l.atom.args[j];
        if (arg.kind === "variable" && dropped.has(arg.name)) continue;
        for (const g of guards) addGuard(g, arg);
      }
    }
    // a dropped head variable: some value must satisfy its guards
    const guardSets = new Map<string, ReadonlySet<string>>();
    if (headFree) for (const guards of headFree.values()) guardSets.set(setKey(guards), guards);
    // a variable that now occurs only in guards we added, nowhere else: the same
    const headVars = new Set<string>();
    for (const arg of project(rule.head).args) collectTermVariables(arg, headVars);
    const onlyGuards = new Map<string, Set<string>>();
    const elsewhere = new Set<string>(headVars);
    for (const l of body) {
      if (l.kind === "pos" && l.atom.args.length === 1 && l.atom.args[0].kind === "variable" && options.isStatic(l.atom.relation)) {
        const name = l.atom.args[0].name;
        if (!onlyGuards.has(name)) onlyGuards.set(name, new Set());
        onlyGuards.get(name)!.add(l.atom.relation);
      } else flatLiteralVariables(l, elsewhere);
    }
    const existential = new Set<string>();
    for (const [name, guards] of onlyGuards) {
      if (elsewhere.has(name) || dropped.has(name)) continue;
      // only rewrite variables that our guards introduced
      if (![...rule.body].some((l) => (l.kind === "pos" || l.kind === "neg") && free.has(l.atom.relation) && flatLiteralVariables(l).has(name))) continue;
      existential.add(name);
      guardSets.set(setKey(guards), guards);
    }
    const kept = body.filter((l) => !(l.kind === "pos" && l.atom.args.length === 1 && l.atom.args[0].kind === "variable" && existential.has(l.atom.args[0].name)));
    for (const guards of guardSets.values()) kept.push({ kind: "pos", atom: nonemptyAtom(guards, rule) });
    out.push({ ...rule, head: project(rule.head), body: kept });
  }
  for (const rule of auxRules) out.push(rule);
  return {
    rules: out,
    renamed,
    staticAux: new Set([...nonempty.values()].map((e) => e.relation)),
    positions: positionsDropped,
  };
}
