/**
 * Ground below the prover: for a game on the prover (nothing could be lifted above its exploding
 * relations, lifting.ts), the relations at the state's level that depend on no exploding relation
 * are ground into a propnet of their own, and the prover reads their atoms per state as fluents.
 *
 * The choice: a relation with rules is *below* when it is no keyword, reads the state (`true`), and
 * reaches neither `does`, nor an exploding relation, nor a keyword other than `true` and `role`.
 * Below relations are closed downward: what one reads is below, static or `true`. The *exported*
 * ones are those that a rule above enumerates, no leaf (chess: `legal2`, its pseudo-legal moves
 * and their clear paths, enumerated by `legal`); what they read is ground with them.
 *
 * Two descriptions come out. The prover's: the game with each call of an exported relation read as
 * a fluent, `(legal2 ?p ?m)` → `(true (below_legal2 ?p ?m))` (a function term that every call has
 * at an argument flattened into the fluent: `ExportedRelation.flattened`), and the rules nothing
 * reads any more dropped. The grounder's (`belowDescription`): the below relations and the static relations they
 * read, a fresh role whose legal moves are the exported atoms, `(legal below (below_legal2 ?p ?m))`
 * `<= (legal2 ?p ?m)`, and the state's possible fluents (P^base's, given) as `next` facts. So the
 * propnet's legal propositions of that role are exactly the exported atoms that can hold, and the
 * fast engine's legal moves of the role in a state are those that hold in it: the list the prover
 * needs, found by the machinery every game's legal moves use (below-machine.ts).
 *
 * Refused when the game reads a state as `(true ?x)` with a variable for the whole fluent: the
 * exported fluents would be read there too.
 * Why: chess spends about 30 % of a node on the prover answering `legal2` (results/hybrid.md,
 * upper33); a propnet answers it for a few microseconds.
 * Pure computation: no Node imports.
 */
import { KEYWORD_ARITY, NO_POSITION, type Atom, type Description, type Literal, type Rule, type Term } from "../syntax/ast.js";
import { buildDependencyGraph, reachable, readersOf } from "../analysis/dependency-graph.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { atomsOf, atomVariables, writtenGroundTerms } from "../syntax/terms.js";
import { freshName, namesOf, readAsFluents } from "./lifting.js";
import type { Propnet } from "../propnet/propnet.js";

/** One exported relation: its name and arity in the game, and the functor of the fluent its atoms are read as. */
export interface ExportedRelation {
  readonly relation: string;
  readonly arity: number;
  readonly fluent: string;
  /**
   * Per argument: the functor and arity of the function term it always is, where every head and
   * call of the relation has one there (chess's `(legal2 ?p (move ?piece ?u ?v ?x ?y))`), else
   * null. The fluent holds such a term's arguments in its place, `(below_legal2 ?p ?piece ?u ?v
   * ?x ?y)`, so that a call with the piece and its square known finds its answers in the state's
   * buckets by those values (fluent-universe.ts), instead of matching every answer's move.
   */
  readonly flattened: readonly ({ readonly functor: string; readonly arity: number } | null)[];
}

/** `legal2/2, …`: the exported relations, in words. */
export function describeExported(exported: readonly Pick<ExportedRelation, "relation" | "arity">[]): string {
  return exported.map((e) => `${e.relation}/${e.arity}`).join(", ");
}

/** What is ground below the prover, and the two descriptions. */
export interface Below {
  /** The below relations ground: the exported ones and what they read, sorted. */
  readonly below: readonly string[];
  readonly exported: readonly ExportedRelation[];
  /** The fresh role whose legal moves are the exported atoms in the grounder's description. */
  readonly role: string;
  /** The game as the prover reads it: calls of exported relations read as fluents. */
  readonly proverDescription: Description;
  /** The grounder's description, over the possible fluents given (P^base's, as KIF). */
  belowDescription(baseFluents: readonly string[]): Description;
}

/** Why nothing is ground below the prover. */
export interface NoBelow {
  readonly reason: string;
}

/** The keywords a below relation may read: the state, and the roles (static). */
const STATE_KEYWORDS = new Set(["true", "role"]);

/** The relations to ground below the prover, given the `exploding` ones, or why there are none. */
export function chooseBelow(description: Description, exploding: readonly string[]): Below | NoBelow {
  const bareTrue = description.rules.some((rule) => rule.body.some((l) => [...atomsOf(l)].some(({ atom }) => atom.relation === "true" && atom.args[0]?.kind === "variable")));
  if (bareTrue) return { reason: "the game reads a whole state fluent as a variable, (true ?x)" };
  const graph = buildDependencyGraph(description);
  const heads = new Set(description.rules.filter((r) => r.body.length > 0).map((r) => r.head.relation));
  const arities = new Map<string, number>();
  for (const rule of description.rules) arities.set(rule.head.relation, rule.head.args.length);
  const explodingSet = new Set(exploding);

  // each once, by walking the dependency edges backwards: the relations that reach `true`, and those
  // that reach `does`, an exploding relation or a keyword other than `true` and `role`
  const readers = readersOf(graph);
  const readersOfRelation = (r: string) => readers.get(r) ?? [];
  const readsState = reachable(["true"], readersOfRelation);
  const tainted = reachable([...explodingSet, ...[...KEYWORD_ARITY.keys()].filter((k) => !STATE_KEYWORDS.has(k))], readersOfRelation);
  const stateLevel = (r: string) => r !== "true" && readsState.has(r);
  const below = new Set<string>();
  for (const relation of heads) if (!KEYWORD_ARITY.has(relation) && stateLevel(relation) && !tainted.has(relation)) below.add(relation);
  // exported: a below relation that a rule above reads as a generator (a variable of the call is
  // bound by no positive literal of the rule that reads the state, a move or a static relation:
  // chess's `legal` enumerates `legal2`'s answers), and no leaf (a relation whose rules read the
  // state and static relations alone: a lookup in the state for the prover). A relation read as
  // a check of one atom (chess's `rook_move` in `next`, every argument bound by `does` and
  // `true`) stays on the prover: handing all its atoms over costs more than the check (measured:
  // chess with `rook_move`, `bishop_move`, `queen_move` and the `blocks_*_threat` exported too
  // ran at 0.45× the prover's machine, with `legal2` alone about 1.05×; results/hybrid.md, below34).
  const needed = graph.reachableFrom([...KEYWORD_ARITY.keys()].filter((k) => graph.relations.has(k)));
  const leaf = (r: string) => !graph.isRecursive(r) && (graph.edgesFrom.get(r) ?? []).every((e) => !stateLevel(e.to));
  const binding = (relation: string) => relation === "true" || relation === "does" || !stateLevel(relation);
  const exportedNames = new Set<string>();
  for (const rule of description.rules) {
    if (below.has(rule.head.relation) || !needed.has(rule.head.relation)) continue;
    // the prover may join the state, the moves and static relations first; calls of relations
    // derived from the state keep their written order (prover/plan.ts)
    const bound = new Set<string>();
    const orBinds = (l: Literal & { kind: "or" }, bind: (relation: string) => boolean) => {
      const each = l.disjuncts.map((d) => (d.kind === "atom" && bind(d.relation) ? atomVariables(d) : new Set<string>()));
      return [...(each[0] ?? [])].filter((v) => each.every((b) => b.has(v)));
    };
    for (const l of rule.body) {
      if (l.kind === "atom" && binding(l.relation)) atomVariables(l, bound);
      if (l.kind === "or") for (const v of orBinds(l, binding)) bound.add(v);
    }
    for (const l of rule.body) {
      if (l.kind === "or") for (const v of orBinds(l, () => true)) bound.add(v);
      if (l.kind !== "atom") continue;
      const generates = [...atomVariables(l)].some((v) => !bound.has(v));
      atomVariables(l, bound);
      if (!below.has(l.relation) || leaf(l.relation)) continue;
      if (generates) exportedNames.add(l.relation);
    }
  }
  if (below.size === 0) return { reason: "no relation at the state's level depends on none of the exploding ones" };
  if (exportedNames.size === 0) return { reason: `no relation that could be ground below the prover (${[...below].sort().join(", ")}) is enumerated by a rule above it` };
  const used = namesOf(description);
  const role = freshName("below", used);
  used.add(role);
  const exported = [...exportedNames].sort().map((relation): ExportedRelation => {
    const fluent = freshName(`below_${relation}`, used);
    used.add(fluent);
    const arity = arities.get(relation)!;
    return { relation, arity, fluent, flattened: flattenedArguments(description, relation, arity) };
  });
  // only what the exported relations need
  const feeding = graph.reachableFrom(exportedNames);
  return {
    below: [...below].filter((r) => feeding.has(r)).sort(),
    exported,
    role,
    proverDescription: belowAsFluents(description, exported),
    belowDescription: (baseFluents) => belowDescription(description, feeding, exported, role, baseFluents),
  };
}

/** Per argument of `relation`, the function term every head and call has there, else null. */
function flattenedArguments(description: Description, relation: string, arity: number): ExportedRelation["flattened"] {
  const shapes: ({ functor: string; arity: number } | null | undefined)[] = Array.from({ length: arity }, () => undefined);
  const meet = (args: readonly Term[]) =>
    args.forEach((t, i) => {
      const seen = shapes[i];
      if (seen === null) return;
      if (t.kind !== "compound") shapes[i] = null;
      else if (seen === undefined) shapes[i] = { functor: t.functor, arity: t.args.length };
      else if (seen.functor !== t.functor || seen.arity !== t.args.length) shapes[i] = null;
    });
  for (const rule of description.rules) {
    if (rule.head.relation === relation) meet(rule.head.args);
    for (const literal of rule.body) for (const { atom } of atomsOf(literal)) if (atom.relation === relation) meet(atom.args);
  }
  return shapes.map((shape) => shape ?? null);
}

/** The fluent that stands for an atom of an exported relation: its arguments, a flattened function term's in its place. */
function exportedFluent(e: ExportedRelation, args: readonly Term[]): Term {
  const flat: Term[] = [];
  args.forEach((t, i) => {
    if (e.flattened[i] !== null && t.kind === "compound") flat.push(...t.args);
    else flat.push(t);
  });
  return fluentTerm(e.fluent, flat);
}

function fluentTerm(fluent: string, args: readonly Term[]): Term {
  return args.length === 0 ? { kind: "constant", name: fluent, pos: NO_POSITION } : { kind: "compound", functor: fluent, args, pos: NO_POSITION };
}

function atom(relation: string, args: readonly Term[]): Atom {
  return { kind: "atom", relation, args, pos: NO_POSITION };
}

/** The game as the prover reads it with `exported` ground below it: their calls read as fluents, their rules and what only they read dropped. */
export function belowAsFluents(description: Description, exported: readonly ExportedRelation[]): Description {
  const fluentOf = new Map(exported.map((e) => [e.relation, e]));
  const rewritten = readAsFluents(
    description.rules.filter((r) => !fluentOf.has(r.head.relation)),
    (atom) => {
      const e = fluentOf.get(atom.relation);
      return e === undefined ? undefined : exportedFluent(e, atom.args);
    },
  );
  const graph = buildDependencyGraph({ ...description, rules: rewritten });
  const needed = graph.reachableFrom([...KEYWORD_ARITY.keys()].filter((k) => graph.relations.has(k)));
  // an unsafe variable still ranges over the terms of the game as written
  const writtenTerms = description.writtenTerms ?? writtenGroundTerms(description);
  return { ...description, rules: rewritten.filter((r) => needed.has(r.head.relation)), writtenTerms };
}

function belowDescription(description: Description, feeding: ReadonlySet<string>, exported: readonly ExportedRelation[], role: string, baseFluents: readonly string[]): Description {
  const kept = description.rules.filter((r) => feeding.has(r.head.relation) && r.head.relation !== "true" && (r.head.relation === "role" || !KEYWORD_ARITY.has(r.head.relation)));
  const added: Rule[] = [{ head: atom("role", [{ kind: "constant", name: role, pos: NO_POSITION }]), body: [], pos: NO_POSITION }];
  for (const e of exported) {
    const variable = (name: string): Term => ({ kind: "variable", name, pos: NO_POSITION });
    const args = e.flattened.map((shape, i): Term =>
      shape === null ? variable(`A${i}`) : { kind: "compound", functor: shape.functor, args: Array.from({ length: shape.arity }, (_, k) => variable(`A${i}_${k}`)), pos: NO_POSITION },
    );
    added.push({ head: atom("legal", [{ kind: "constant", name: role, pos: NO_POSITION }, exportedFluent(e, args)]), body: [atom(e.relation, args)], pos: NO_POSITION });
  }
  for (const f of baseFluents) added.push({ head: atom("next", [parseKifTerm(f, { caseSensitive: description.caseSensitive })]), body: [], pos: NO_POSITION });
  const writtenTerms = description.writtenTerms ?? writtenGroundTerms(description);
  return { ...description, rules: [...kept, ...added], writtenTerms };
}

/** What was ground below the prover for a game (`PartialGrounding.below`): what the machine needs. */
export interface BelowGrounding {
  /** The relations ground below the prover: the exported ones and what they read. */
  readonly relations: readonly string[];
  readonly exported: readonly ExportedRelation[];
  /** The below propnet's role whose legal moves are the exported atoms. */
  readonly role: string;
  /** The below propnet: its base fluents are P^base's that the below relations read. */
  readonly propnet: Propnet;
  /** The exported atoms that can hold (the role's legal propositions). */
  readonly atoms: number;
}

/** A grounding of a description into a propnet, or why not (the pipeline's `groundAndBuild`, handed in). */
export type GroundBelow = (description: Description) => Promise<{ readonly propnet?: Propnet; readonly why?: string }>;

/**
 * Most exported atoms that can hold: more would make the hand-over per state cost what it saves
 * (chess's `legal2`: 7,660; the exports measured too slow had 15-800 thousand).
 */
export const MAX_EXPORTED_ATOMS = 50_000;

/** Grounds below the prover for a game on the prover over P^base (`baseFluents`), or says why not. */
export async function groundBelow(description: Description, exploding: readonly string[], baseFluents: readonly string[], ground: GroundBelow): Promise<BelowGrounding | NoBelow> {
  const chosen = chooseBelow(description, exploding);
  if ("reason" in chosen) return chosen;
  const names = describeExported(chosen.exported);
  const grounded = await ground(chosen.belowDescription(baseFluents));
  if (grounded.propnet === undefined) return { reason: `${names} did not ground below the prover: ${grounded.why ?? "no propnet"}` };
  const propnet = grounded.propnet;
  const role = propnet.roles.indexOf(chosen.role);
  const atoms = propnet.inputs.filter((m) => m.role === role).length;
  if (atoms > MAX_EXPORTED_ATOMS) return { reason: `${names} has ${atoms} atoms that can hold, more than ${MAX_EXPORTED_ATOMS} to hand to the prover per state` };
  return { relations: chosen.below, exported: chosen.exported, role: chosen.role, propnet, atoms };
}
