/**
 * Which relations a hybrid game keeps lifted, and the description that is ground without them.
 *
 * A relation that explodes when ground (sudoku's `exactlyfirst`: 9! permutations; laikLee_hex's
 * `islist`: simple paths) is usually read by a relation with a small ground domain (sudoku's
 * `goodrow ?i`, laikLee_hex's `line ?color`). Those readers are lifted: the prover evaluates them
 * per state (hybrid-machine.ts), and the description handed to the grounder reads each of their
 * atoms as a fluent, `(true (lifted_goodrow 3))`, whose truth the machine sets in the state
 * before each propagation. What only the lifted relations read (the exploding part) is then no
 * longer reachable from the game's keywords and is dropped, so the grounder never sees it.
 *
 * The choice, upward from the exploding relations: a relation whose arguments' domains
 * (analysis/argument-domains.ts) are all known, without function terms, and whose cross product is
 * at most `LIFTED_ATOM_LIMIT`, is lifted; otherwise its readers are tried in its place. A keyword
 * (legal, next, goal, terminal, ...) cannot be lifted, nor a relation that depends on `does` (its
 * truth is not a function of the state): where the walk reaches one, there is no hybrid game.
 *
 * The lifted atoms are made possible fluents of the static relaxation by `next` facts over their
 * domain (the machine clears them from every successor: they are never part of a state). The
 * measured reason: sudoku and laikLee_hex ground in under a second this way (see results/hybrid.md),
 * where the full grounding does not finish within 60 s.
 * Pure computation: no Node imports.
 */
import { NO_POSITION, type Atom, type Description, type Literal, type Rule, type Term } from "../syntax/ast.js";
import { KEYWORD_ARITY } from "../syntax/ast.js";
import { argumentDomains } from "../analysis/argument-domains.js";
import { buildDependencyGraph, readersOf } from "../analysis/dependency-graph.js";
import { atomsOf, forEachSubterm, writtenGroundTerms } from "../syntax/terms.js";

/** A lifted relation has at most this many ground atoms (the cross product of its argument domains). */
export const LIFTED_ATOM_LIMIT = 4096;

/** One lifted relation: its name in the game, and the fluent its atoms are read as in the ground game. */
export interface LiftedRelation {
  readonly relation: string;
  readonly arity: number;
  /** The functor of the fluent that stands for its atoms (`lifted_goodrow`), fresh in the game. */
  readonly fluent: string;
  /** Its ground atoms (the cross product of its argument domains), as argument lists. */
  readonly atoms: readonly (readonly string[])[];
  /**
   * The keywords that read it, directly or through other relations (`goal`, `terminal`, ...):
   * the machine asks the prover for it only when one of those is asked (sudoku's are read by
   * `goal` alone, so a playout that never asks for goals never asks the prover).
   */
  readonly readBy: readonly string[];
}

/** `pinned/2 (192 atoms), goodrow/1 (9 atoms)`: the lifted relations with their sizes, in words. */
export function describeLifted(lifted: readonly Pick<LiftedRelation, "relation" | "arity" | "atoms">[]): string {
  return lifted.map((r) => `${r.relation}/${r.arity} (${r.atoms.length} atoms)`).join(", ");
}

/** The lifted relations and the description the grounder gets in place of the game. */
export interface Lifting {
  readonly lifted: readonly LiftedRelation[];
  readonly description: Description;
  /** Relations whose rules were dropped: nothing but the lifted relations reads them. */
  readonly dropped: readonly string[];
}

/** Why no relation can be lifted for the exploding ones. */
export interface NoLifting {
  readonly reason: string;
}

/** The relations to lift for `exploding` (the relations that do not ground), or why there are none. */
export function chooseLifting(description: Description, exploding: readonly string[], limit = LIFTED_ATOM_LIMIT): Lifting | NoLifting {
  const graph = buildDependencyGraph(description);
  const arities = new Map<string, number>();
  for (const rule of description.rules) {
    arities.set(rule.head.relation, rule.head.args.length);
    for (const literal of rule.body) for (const { atom } of atomsOf(literal)) arities.set(atom.relation, atom.args.length);
  }
  const readers = readersOf(graph);
  const domains = argumentDomains(description);
  const groundAtoms = (relation: string): string[][] | undefined => {
    const arity = arities.get(relation)!;
    const argDomains = arity === 0 ? [] : domains.relation(relation, arity);
    if (argDomains === undefined) return undefined;
    let size = 1;
    for (const d of argDomains) {
      if (d === undefined || [...d].some((v) => /\/\d+$/.test(v))) return undefined; // unknown, or function terms
      size *= d.size;
      if (size > limit) return undefined;
    }
    let tuples: string[][] = [[]];
    for (const d of argDomains) tuples = tuples.flatMap((t) => [...d!].sort().map((v) => [...t, v]));
    return tuples;
  };

  const lifted = new Map<string, string[][]>();
  const visited = new Set<string>();
  const work = exploding.filter((r) => arities.has(r));
  if (work.length === 0) return { reason: `none of the exploding relations (${exploding.join(", ")}) is a relation of the game` };
  while (work.length > 0) {
    const relation = work.pop()!;
    if (visited.has(relation)) continue;
    visited.add(relation);
    if (KEYWORD_ARITY.has(relation)) return { reason: `${relation} would have to be lifted (it reads ${exploding.join(", ")})` };
    const atoms = groundAtoms(relation);
    if (atoms !== undefined) {
      if (graph.reachableFrom([relation]).has("does")) return { reason: `${relation} would have to be lifted, but it depends on does` };
      lifted.set(relation, atoms);
      continue;
    }
    for (const reader of readers.get(relation) ?? []) work.push(reader);
  }
  // read outside a state (init, role) or as the game's own declarations (base, input): not a function of the state
  for (const keyword of ["init", "role", "base", "input"]) {
    if (!graph.relations.has(keyword)) continue;
    const reached = graph.reachableFrom([keyword]);
    const read = [...lifted.keys()].find((r) => reached.has(r));
    if (read !== undefined) return { reason: `${read} would have to be lifted, but ${keyword} reads it` };
  }
  return rewrite(description, lifted, arities);
}

/** A name that no relation or function of the description uses. */
export function freshName(base: string, used: ReadonlySet<string>): string {
  let name = base;
  while (used.has(name)) name += "_";
  return name;
}

export function namesOf(description: Description): Set<string> {
  const names = new Set<string>();
  // a term may nest far deeper than a stack holds calls (MAX_TERM_NESTING, ast.ts): walked from a stack of its own
  const name = (t: Term): void => {
    if (t.kind === "constant") names.add(t.name);
    else if (t.kind === "compound") names.add(t.functor);
  };
  const term = (t: Term): void => forEachSubterm(t, name);
  for (const rule of description.rules) {
    names.add(rule.head.relation);
    rule.head.args.forEach(term);
    for (const literal of rule.body) for (const { atom } of atomsOf(literal)) {
      names.add(atom.relation);
      atom.args.forEach(term);
    }
  }
  return names;
}

const constant = (name: string): Term => ({ kind: "constant", name, pos: NO_POSITION });

/** The fluent term that stands for an atom of a lifted relation. */
function fluentTerm(fluent: string, args: readonly Term[]): Term {
  return args.length === 0 ? constant(fluent) : { kind: "compound", functor: fluent, args, pos: NO_POSITION };
}

function rewrite(description: Description, atoms: ReadonlyMap<string, string[][]>, arities: ReadonlyMap<string, number>): Lifting {
  const used = namesOf(description);
  const fluents = new Map<string, string>();
  for (const relation of atoms.keys()) {
    const name = freshName(`lifted_${relation}`, used);
    used.add(name);
    fluents.set(relation, name);
  }
  const kept = readAsFluents(
    description.rules.filter((r) => !fluents.has(r.head.relation)),
    (atom) => {
      const fluent = fluents.get(atom.relation);
      return fluent === undefined ? undefined : fluentTerm(fluent, atom.args);
    },
  );
  const declaresBase = kept.some((r) => r.head.relation === "base");
  const fact = (relation: string, arg: Term): Rule => ({ head: { kind: "atom", relation, args: [arg], pos: NO_POSITION } satisfies Atom, body: [], pos: NO_POSITION });
  const added: Rule[] = [];
  for (const [relation, tuples] of atoms) {
    for (const tuple of tuples) {
      const term = fluentTerm(fluents.get(relation)!, tuple.map(constant));
      added.push(fact("next", term));
      if (declaresBase) added.push(fact("base", term));
    }
  }
  const rules = [...kept, ...added];
  // drop what only the lifted relations read: it is no longer reachable from the keywords
  const graph = buildDependencyGraph({ ...description, rules });
  const needed = graph.reachableFrom([...KEYWORD_ARITY.keys()].filter((k) => graph.relations.has(k)));
  const dropped = [...new Set(rules.map((r) => r.head.relation).filter((r) => !needed.has(r)))].sort();
  const original = buildDependencyGraph(description);
  const readBy = (relation: string) => [...KEYWORD_ARITY.keys()].filter((k) => original.relations.has(k) && original.reachableFrom([k]).has(relation));
  const lifted = [...atoms].map(([relation, tuples]): LiftedRelation => ({ relation, arity: arities.get(relation)!, fluent: fluents.get(relation)!, atoms: tuples, readBy: readBy(relation) }));
  // an unsafe variable still ranges over the terms of the game as written, not over the lifted fluents
  const writtenTerms = description.writtenTerms ?? writtenGroundTerms(description);
  return { lifted, dropped, description: { ...description, rules: rules.filter((r) => needed.has(r.head.relation)), writtenTerms } };
}

/**
 * The rules with each body atom that `fluentOf` gives a fluent for read as `(true fluent)`, under
 * `not` and in `or` too: how the hybrid's lifted relations and the relations ground below the
 * prover (below.ts) are read as fluents.
 */
export function readAsFluents(rules: readonly Rule[], fluentOf: (atom: Atom) => Term | undefined): Rule[] {
  const literal = (l: Literal): Literal => {
    switch (l.kind) {
      case "atom": {
        const fluent = fluentOf(l);
        return fluent === undefined ? l : { kind: "atom", relation: "true", args: [fluent], pos: l.pos };
      }
      case "not":
        return { ...l, body: literal(l.body) };
      case "or":
        return { ...l, disjuncts: l.disjuncts.map(literal) };
      case "distinct":
        return l;
    }
  };
  return rules.map((r): Rule => ({ ...r, body: r.body.map(literal) }));
}

/** The relations of the game a probe's relation names stand for (`the demand of x (P^base)` and `x^static (P^base)` are x). */
export function probedRelations(names: readonly string[]): string[] {
  const relations: string[] = [];
  for (const name of names) {
    const m = /^the demand of (\S+) \(P\^base\)$/.exec(name) ?? /^(\S+)\^static \(P\^base\)$/.exec(name) ?? /^([^\s()^]+)$/.exec(name);
    if (m) relations.push(m[1].replace(/\/\d+$/, ""));
  }
  return [...new Set(relations)];
}
