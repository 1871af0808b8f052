/**
 * Existential-variable splitting (the paper's `qr` rewrite, after Haufe et al. 2012, 6.2).
 *
 * A body variable that is not in the head is existential. The body literals that share
 * existential variables form a group; a group that is not the whole body is moved into a rule of
 * its own whose head keeps only the group's other variables:
 *
 *   p(X, Z) :- q(X, Y), r(Y), s(Z).
 * becomes
 *   p(X, Z) :- _split1(X), s(Z).
 *   _split1(X) :- q(X, Y), r(Y).
 *
 * so the grounder enumerates X*Y and then X*Z instead of X*Y*Z. Groups are built from the
 * positive atoms; a negative literal or comparison joins a group only when the group binds all its
 * variables, otherwise it stays in the rule and its variables are kept in the split atom:
 *
 *   next(cell(M,N,b)) :- does(W,mark(J,K)), true(cell(M,N,b)), M != J.
 * becomes
 *   next(cell(M,N,b)) :- _split2(J), true(cell(M,N,b)), M != J.
 *   _split2(J) :- does(W,mark(J,K)).
 *
 * Both rules are safe by construction. A group is left alone when it is the whole body or when
 * its split atom would keep all of its variables (nothing projected away).
 */
import type { Atom, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../syntax/ast.js";
import { atomVariables } from "../syntax/terms.js";
import { flatLiteralVariables, positivelyBound, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";

export interface SplitResult {
  readonly rules: FlatRule[];
  /** How many groups were split off. */
  readonly splits: number;
}

export function splitExistentialVariables(rules: readonly FlatRule[]): SplitResult {
  const out: FlatRule[] = [];
  let counter = 0;
  for (const rule of rules) {
    const groups = existentialGroups(rule);
    if (groups.length === 0) {
      out.push(rule);
      continue;
    }
    const moved = new Set<number>();
    const replacements: FlatLiteral[] = [];
    for (const group of groups) {
      counter++;
      const literals = group.members.map((i) => rule.body[i]);
      const interfaceVars = [...group.interfaceVariables].sort();
      const head: Atom = {
        kind: "atom",
        relation: `${INTERNAL_PREFIX}split${counter}`,
        args: interfaceVars.map((name): Term => ({ kind: "variable", name, pos: NO_POSITION })),
        pos: rule.head.pos,
      };
      out.push({ head, body: literals, origin: rule.origin, part: "split" });
      group.members.forEach((i) => moved.add(i));
      replacements.push({ kind: "pos", atom: head });
    }
    const body = [...replacements, ...rule.body.filter((_, i) => !moved.has(i))];
    out.push({ ...rule, body });
  }
  return { rules: out, splits: counter };
}

interface Group {
  readonly members: number[];
  readonly interfaceVariables: Set<string>;
}

function existentialGroups(rule: FlatRule): Group[] {
  const headVars = atomVariables(rule.head);
  const literalVars = rule.body.map((l) => flatLiteralVariables(l));
  const isExistential = (v: string) => !headVars.has(v);
  // union-find over the positive atoms joined by shared existential variables
  const parent = rule.body.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const owner = new Map<string, number>();
  rule.body.forEach((literal, i) => {
    if (literal.kind !== "pos") return;
    for (const v of literalVars[i]) {
      if (!isExistential(v)) continue;
      const first = owner.get(v);
      if (first === undefined) owner.set(v, i);
      else parent[find(i)] = find(first);
    }
  });
  const byRoot = new Map<number, number[]>();
  rule.body.forEach((literal, i) => {
    if (literal.kind !== "pos" || ![...literalVars[i]].some(isExistential)) return;
    const root = find(i);
    if (!byRoot.has(root)) byRoot.set(root, []);
    byRoot.get(root)!.push(i);
  });
  // a negative literal or comparison joins a group when the group's atoms bind all its variables
  const components = [...byRoot.values()];
  const bound = components.map((members) => positivelyBound(members.map((i) => rule.body[i])));
  rule.body.forEach((literal, i) => {
    if (literal.kind === "pos" || ![...literalVars[i]].some(isExistential)) return;
    const home = bound.findIndex((b) => [...literalVars[i]].every((v) => b.has(v)));
    if (home >= 0) components[home].push(i);
  });

  const groups: Group[] = [];
  for (const members of components) {
    if (members.length === rule.body.length) continue; // the whole body: nothing to gain
    const memberSet = new Set(members);
    const groupVars = new Set<string>();
    members.forEach((i) => literalVars[i].forEach((v) => groupVars.add(v)));
    const outsideVars = new Set<string>(headVars);
    literalVars.forEach((vars, i) => {
      if (!memberSet.has(i)) vars.forEach((v) => outsideVars.add(v));
    });
    const interfaceVariables = new Set([...groupVars].filter((v) => outsideVars.has(v)));
    if (interfaceVariables.size === groupVars.size) continue; // nothing is projected away
    groups.push({ members: members.sort((a, b) => a - b), interfaceVariables });
  }
  return groups;
}
