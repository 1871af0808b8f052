/**
 * P^base, the static relaxation of Definition 6, which derives `base` and `input`.
 *
 * A relation is static when it is not one of init/true/next/legal/does and depends on neither
 * `true` nor `does`. For every rule whose head is init, next or legal, or a relation that one of
 * them depends on through positive edges, P^base holds a copy where
 *   init, true, next -> base;   legal, does -> input;   another dynamic p -> p^static;
 * static atoms stay, and negative literals stay only when their relation is static.
 *
 *   (<= (next (cell ?m ?n x)) (does xplayer (mark ?m ?n)) (true (cell ?m ?n b)))
 * gives
 *   _base(cell(M,N,x)) :- _input(xplayer, mark(M,N)), _base(cell(M,N,b)).
 */
import type { Atom } from "../syntax/ast.js";
import type { DependencyGraph } from "../analysis/dependency-graph.js";
import { flatLiteralVariables, positivelyBound, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { atomVariables } from "../syntax/terms.js";
import { BASE_RELATION, DOMAIN_RELATION, INPUT_RELATION, staticRelation } from "./symbols.js";

/** Keywords that are never static: the state, the moves, and what follows from them (`sees`: GDL-II's percepts, defined like `next`). */
const NEVER_STATIC = new Set(["init", "true", "next", "sees", "legal", "does"]);

/**
 * The static relations of Definition 6: those from which neither `true` nor `does` can be
 * reached. Decided once per strongly connected component, dependencies first (the graph lists
 * components in that order), so the work is linear in the size of the graph.
 */
export function staticRelations(graph: DependencyGraph): Set<string> {
  const dynamic: boolean[] = [];
  graph.components.forEach((members, index) => {
    dynamic[index] = members.some(
      (r) =>
        r === "true" ||
        r === "does" ||
        graph.edgesFrom.get(r)!.some((e) => {
          const target = graph.componentOf.get(e.to)!;
          return target !== index && dynamic[target];
        }),
    );
  });
  const result = new Set<string>();
  for (const relation of graph.relations) {
    if (NEVER_STATIC.has(relation)) continue;
    if (!dynamic[graph.componentOf.get(relation)!]) result.add(relation);
  }
  return result;
}

/** The name of p^static. */
export function staticVersion(relation: string, statics: ReadonlySet<string>): string {
  switch (relation) {
    case "init":
    case "true":
    case "next":
      return BASE_RELATION;
    case "legal":
    case "does":
      return INPUT_RELATION;
    default:
      // our own relations (the domain of unsafe variables, projections of static negations) are
      // in `statics` when they are static
      return statics.has(relation) || relation === DOMAIN_RELATION ? relation : staticRelation(relation);
  }
}

export interface RelaxationOptions {
  /**
   * Leave out of each copied rule the atoms of relaxed dynamic relations (p^static) whose
   * variables the rule's other positive atoms bind anyway (default off). The relaxation stays an
   * over-approximation of base and input (a body with fewer conditions derives more), and the
   * p^static relations that nothing uses any more are pruned: in merrills, `count^static` (every
   * pair of piece counts at every pit) is no longer computed to restrict a step counter.
   */
  readonly dropBoundDynamic?: boolean;
  /** Relations of the rules that stand for a relation of the graph (free-arguments.ts: p' for p). */
  readonly renamed?: ReadonlyMap<string, string>;
  /** More relations whose rules are copied (static-demand.ts: the demand rules use their p^static). */
  readonly alsoRelevant?: ReadonlySet<string>;
}

export function staticRelaxation(
  rules: readonly FlatRule[],
  graph: DependencyGraph,
  statics: ReadonlySet<string>,
  options: RelaxationOptions = {},
): FlatRule[] {
  const relevant = graph.reachableFrom(["init", "next", "legal"], true);
  for (const [original, renamed] of options.renamed ?? []) if (relevant.has(original)) relevant.add(renamed);
  for (const r of options.alsoRelevant ?? []) relevant.add(r);
  const rename = (atom: Atom): Atom => ({ ...atom, relation: staticVersion(atom.relation, statics) });
  const result: FlatRule[] = [];
  for (const rule of rules) {
    const head = rule.head.relation;
    if (!relevant.has(head) || statics.has(head)) continue; // static rules are in G already
    const body: FlatLiteral[] = [];
    for (const literal of rule.body) {
      if (literal.kind === "pos") body.push({ kind: "pos", atom: rename(literal.atom) });
      else if (literal.kind === "neg") {
        if (statics.has(literal.atom.relation) || literal.atom.relation === DOMAIN_RELATION) body.push(literal);
      } else body.push(literal);
    }
    const relaxedHead = rename(rule.head);
    const kept = options.dropBoundDynamic ? withoutBoundDynamic(relaxedHead, body, statics) : body;
    result.push({ head: relaxedHead, body: kept, origin: rule.origin, part: "static-relaxation" });
  }
  return result;
}

const isRelaxedDynamic = (relation: string, statics: ReadonlySet<string>) =>
  relation !== BASE_RELATION && relation !== INPUT_RELATION && relation !== DOMAIN_RELATION && !statics.has(relation);

/** The body without the p^static atoms that the rest binds, one at a time, keeping the rule safe. */
function withoutBoundDynamic(head: Atom, body: readonly FlatLiteral[], statics: ReadonlySet<string>): FlatLiteral[] {
  let kept = [...body];
  for (const literal of body) {
    if (literal.kind !== "pos" || !isRelaxedDynamic(literal.atom.relation, statics)) continue;
    const without = kept.filter((l) => l !== literal);
    if (without.length === 0) continue;
    const bound = positivelyBound(without);
    const needed = atomVariables(head);
    for (const l of without) flatLiteralVariables(l, needed);
    for (const v of atomVariables(literal.atom)) needed.add(v);
    if ([...needed].every((v) => bound.has(v))) kept = without;
  }
  return kept;
}

/** `_base(F) :- base(F).` and `_input(R, M) :- input(R, M).`: use the game's own declarations instead. */
export function declaredRelaxation(rules: readonly FlatRule[]): FlatRule[] {
  const declared: FlatRule[] = [];
  for (const rule of rules) {
    if (rule.head.relation === "base" && rule.head.args.length === 1)
      declared.push({ ...rule, head: { ...rule.head, relation: BASE_RELATION }, part: "static-relaxation" });
    else if (rule.head.relation === "input" && rule.head.args.length === 2)
      declared.push({ ...rule, head: { ...rule.head, relation: INPUT_RELATION }, part: "static-relaxation" });
  }
  return declared;
}
