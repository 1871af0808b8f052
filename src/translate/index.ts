/**
 * GDL -> ASP: the program P = G ∪ P^base ∪ state generator ∪ action generator (section 5 of
 * Schiffel's paper), with relevance pruning and existential-variable splitting.
 *
 *   description ──flatten (or, nested not)──▶ G
 *               ──static relaxation────────▶ P^base (derives _base, _input)
 *   G ∪ P^base  ──relevance pruning────────▶ ──existential splitting──▶ rules
 *   rules ──long bodies cut into chains──▶ rules + generators.ts ──emit──▶ ASP text + symbol table
 */
import { KEYWORD_ARITY, type Description } from "../syntax/ast.js";
import { forEachSubterm } from "../syntax/terms.js";
import { type Position, diagnostic, type Diagnostic } from "../diagnostics.js";
import { buildDependencyGraph, reachable } from "../analysis/dependency-graph.js";
import { ACTION_GENERATOR, STATE_GENERATOR } from "./generators.js";
import { flattenRule, type FlatRule } from "./flat-rules.js";
import { tooManyVariantsMessage } from "../syntax/or-free.js";
import { closeUnsafeVariables, projectLocalNegations } from "./unsafe.js";
import { declaredRelaxation, staticRelations, staticRelaxation } from "./static-relaxation.js";
import { pruneIrrelevant } from "./relevance.js";
import { splitExistentialVariables } from "./split.js";
import { cutLongBodies } from "./long-bodies.js";
import { restrictToDemand } from "./demand.js";
import { dropFreeArguments } from "./free-arguments.js";
import { restrictToStaticDemand } from "./static-demand.js";
import { fixFluents } from "./fixed-fluents.js";
import { AspWriter } from "./emit.js";
import { BASE_RELATION, DOMAIN_RELATION, INPUT_RELATION, SymbolTable } from "./symbols.js";
import { translateFlags, type TranslateFlags } from "./flags.js";

export { SymbolTable } from "./symbols.js";
export { TRANSLATE_DEFAULTS, translateFlags, type TranslateFlags, type TranslateOptions } from "./flags.js";

export interface TranslationStats {
  /** GDL rules (facts included) of the description. */
  readonly gdlRules: number;
  /** Rules after `or` expansion. */
  readonly flatRules: number;
  readonly staticRelaxationRules: number;
  readonly prunedRules: number;
  readonly specializedRules: number;
  readonly splits: number;
  /** Views restricted to their demand (`demand` option). */
  readonly demanded: readonly string[];
  /** Argument positions left out by the free-arguments step, over all views. */
  readonly freeArguments: number;
  /** Views restricted to their static demand (`staticDemand` option). */
  readonly staticDemanded: readonly string[];
  /** Fluents replaced by a static relation in rule bodies (`fixedFluents` option), as name/arity. */
  readonly fixedFluents: readonly string[];
  /** Rules (and facts) in the ASP program, templates included. */
  readonly aspRules: number;
}

export interface AspProgram {
  readonly text: string;
  readonly symbols: SymbolTable;
  /** For each line of `text` (index = line - 1), the position of the GDL rule it comes from. */
  readonly lineOrigins: readonly (Position | undefined)[];
  /** The static relations (Definition 6): facts about them are evaluated away in the ground game. */
  readonly staticRelations: ReadonlySet<string>;
  readonly usedDeclaredBaseInput: boolean;
  readonly stats: TranslationStats;
}

export interface TranslateResult {
  readonly program?: AspProgram;
  readonly diagnostics: readonly Diagnostic[];
}

/** Relations that relevance pruning never touches: the game's outputs (GDL-II's `sees` among them) and what the generators use. */
const OUTPUT_RELATIONS = ["role", "init", "next", "sees", "legal", "goal", "terminal", "base", "input"];

/**
 * What `translate` writes: the whole program P ("game", the default), or only P^base with the
 * static rules it reads ("base": derives `_base` and `_input`, no generators), the cheap part a
 * game too large to ground is still played with (src/hybrid/).
 */
export type TranslateScope = "game" | "base";

export function translate(description: Description, options: TranslateFlags = {}, scope: TranslateScope = "game"): TranslateResult {
  const flags = translateFlags(options);
  const diagnostics: Diagnostic[] = [];
  const flat: FlatRule[] = [];
  for (const rule of description.rules) {
    const variants = flattenRule(rule);
    if ("tooManyVariants" in variants) {
      diagnostics.push(
        diagnostic("error", "ground", description.file, rule.pos, tooManyVariantsMessage(variants.tooManyVariants)),
      );
      continue;
    }
    for (const rule of variants) flat.push(rule); // no spread: a game may have 100,000s of rules
  }
  if (diagnostics.length > 0) return { diagnostics };
  const graph = buildDependencyGraph(description);
  const statics = staticRelations(graph);
  const projected = projectLocalNegations(flat, statics);
  projected.staticAux.forEach((r) => statics.add(r));
  // G, each step below rewriting it
  let game: readonly FlatRule[] = closeUnsafeVariables(projected.rules, description);
  let fixedFluents: readonly string[] = [];
  if (flags.fixedFluents) {
    const result = fixFluents(game);
    game = result.rules;
    result.staticAux.forEach((r) => statics.add(r));
    fixedFluents = result.fixed;
  }

  const declares = (r: string) => description.rules.some((rule) => rule.head.relation === r);
  let renamed: ReadonlyMap<string, string> = new Map();
  let freeArguments = 0;
  if (flags.freeArguments) {
    const result = dropFreeArguments(game, {
      keep: new Set([...OUTPUT_RELATIONS, ...KEYWORD_ARITY.keys(), BASE_RELATION, INPUT_RELATION, DOMAIN_RELATION]),
      isStatic: (relation) => statics.has(relation) || relation === DOMAIN_RELATION,
    });
    game = result.rules;
    result.staticAux.forEach((r) => statics.add(r));
    renamed = result.renamed;
    freeArguments = result.positions;
  }

  let demandRules: FlatRule[] = [];
  let staticDemanded: readonly string[] = [];
  let alsoRelevant: Set<string> | undefined;
  const useDeclared = flags.declaredBaseInput && declares("base") && declares("input");
  if (flags.staticDemand && !useDeclared) {
    const result = restrictToStaticDemand(game, {
      keep: new Set([...OUTPUT_RELATIONS, ...KEYWORD_ARITY.keys(), BASE_RELATION, INPUT_RELATION, DOMAIN_RELATION]),
      statics: new Set([...statics, DOMAIN_RELATION]),
    });
    if (result.restricted.size > 0) {
      game = result.rules;
      result.demandRelations.forEach((r) => statics.add(r));
      demandRules = result.demandRules;
      staticDemanded = [...result.restricted.keys()];
      alsoRelevant = positiveClosure(game, result.relaxedUses);
    }
  }
  const relaxation = useDeclared
    ? declaredRelaxation(game)
    : [...demandRules, ...staticRelaxation(game, graph, statics, { dropBoundDynamic: flags.leanBase, renamed, alsoRelevant })];

  let demanded: readonly string[] = [];
  if (flags.demand) {
    const result = restrictToDemand(game, {
      keep: new Set([...OUTPUT_RELATIONS, ...KEYWORD_ARITY.keys(), BASE_RELATION, INPUT_RELATION]),
      isStatic: (relation) => statics.has(relation),
    });
    game = result.rules;
    demanded = result.restricted;
  }
  let rules: FlatRule[] = [...game, ...relaxation];
  let pruned = 0;
  let specialized = 0;
  if (flags.prune) {
    const result = pruneIrrelevant(rules, {
      keep: new Set([...OUTPUT_RELATIONS, BASE_RELATION, INPUT_RELATION]),
    });
    rules = result.rules;
    pruned = result.removed;
    specialized = result.specialized;
  }
  let splits = 0;
  if (flags.split) {
    const result = splitExistentialVariables(rules, { isTable: (relation) => statics.has(relation) });
    rules = result.rules;
    splits = result.splits;
  }
  rules = cutLongBodies(rules).rules;

  if (scope === "base") rules = relaxationOnly(rules);

  const symbols = new SymbolTable();
  // the keywords too: the generators use true, does and role even when the game does not
  symbols.reserve([...gdlNames(description), ...KEYWORD_ARITY.keys()]);
  const writer = new AspWriter(symbols);
  const state = STATE_GENERATOR;
  const action = ACTION_GENERATOR;
  writer.comment(`P for ${description.file}: G ∪ P^base ∪ state generator ∪ action generator`);
  for (const [part, title] of [
    ["game", "G: the game description (or expanded)"],
    ["split", "existential-variable splitting: the split-off parts"],
    ["static-relaxation", useDeclared ? "P^base from the game's own base/input" : "P^base: the static relaxation (Definition 6)"],
  ] as const) {
    const ofPart = rules.filter((r) => r.part === part);
    if (ofPart.length === 0) continue;
    writer.blank();
    writer.comment(title);
    for (const rule of ofPart) writer.rule(rule);
  }
  if (scope === "game") {
    writer.blank();
    writer.verbatim(state);
    writer.blank();
    writer.verbatim(action);
  }

  const program: AspProgram = {
    text: writer.text(),
    symbols,
    lineOrigins: writer.lineOrigins(),
    staticRelations: statics,
    usedDeclaredBaseInput: useDeclared,
    stats: {
      gdlRules: description.rules.length,
      flatRules: game.length,
      staticRelaxationRules: relaxation.length,
      prunedRules: pruned,
      specializedRules: specialized,
      splits,
      demanded,
      freeArguments,
      staticDemanded,
      fixedFluents,
      aspRules: writer.ruleCount,
    },
  };
  return { program, diagnostics };
}

/** The rules that `_base`, `_input` and `role` depend on (P^base and the static rules it reads). */
function relaxationOnly(rules: FlatRule[]): FlatRule[] {
  const uses = new Map<string, string[]>();
  for (const rule of rules) {
    let list = uses.get(rule.head.relation);
    if (!list) uses.set(rule.head.relation, (list = []));
    for (const l of rule.body) if (l.kind === "pos" || l.kind === "neg") list.push(l.atom.relation);
  }
  const needed = reachable([BASE_RELATION, INPUT_RELATION, "role"], (r) => uses.get(r) ?? []);
  return rules.filter((rule) => needed.has(rule.head.relation));
}

/** The relations that `roots` depend on through positive body literals of `rules`, roots included. */
function positiveClosure(rules: readonly FlatRule[], roots: Iterable<string>): Set<string> {
  const uses = new Map<string, string[]>();
  for (const rule of rules) {
    let list = uses.get(rule.head.relation);
    if (!list) uses.set(rule.head.relation, (list = []));
    for (const l of rule.body) if (l.kind === "pos") list.push(l.atom.relation);
  }
  return reachable(roots, (r) => uses.get(r) ?? []);
}

/** Every relation, function and constant name of the description. */
function gdlNames(description: Description): Set<string> {
  const names = new Set<string>();
  const term = (root: import("../syntax/ast.js").Term): void =>
    forEachSubterm(root, (t) => {
      if (t.kind === "constant") names.add(t.name);
      else if (t.kind === "compound") names.add(t.functor);
    });
  const literal = (l: import("../syntax/ast.js").Literal): void => {
    switch (l.kind) {
      case "atom":
        names.add(l.relation);
        l.args.forEach(term);
        break;
      case "not":
        literal(l.body);
        break;
      case "or":
        l.disjuncts.forEach(literal);
        break;
      case "distinct":
        term(l.left);
        term(l.right);
        break;
    }
  };
  for (const rule of description.rules) {
    literal(rule.head);
    rule.body.forEach(literal);
  }
  return names;
}
