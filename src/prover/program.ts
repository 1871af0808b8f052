/**
 * Compiling a GDL description for the prover (non-ground, top-down with tabling).
 *
 * - `or` and `not` are expanded into disjunctive normal form: each rule becomes one or more
 *   clauses whose bodies hold only positive atoms, negated atoms, `distinct` and its negation
 *   (`not (distinct s t)`, kept as an equality that may bind a variable).
 * - Relations are keyed by name and arity. `(true F)` and `(does R M)` read the inputs of a
 *   state and a joint move; they are split by the shape of F (and of M) into input relations
 *   such as `true(cell/3)` (arguments of the fluent) or `does(move/4)` (role, then arguments
 *   of the move), so that lookups can use hash indexes on the fluent's own arguments.
 * - Only the relations that `role`, `init`, `legal`, `next`, `sees` (GDL-II), `goal` and `terminal` depend on
 *   are kept. A cycle through `not` between relations is accepted (some real games have
 *   one, stratified once the goal values are bound); the evaluator checks calls instead.
 * - Each relation gets a level: 0 static (depends on neither `true` nor `does`), 1 (depends
 *   on `true` only), 2 (depends on `does`). Static answers are computed once and kept.
 * - Ground facts are stored in an index; every other clause keeps its variables, numbered
 *   per clause. A variable no positive literal binds (test_case_3e's `(<= (legal ?p ?p) ...)`,
 *   one only in `distinct`) ranges over the ground terms written in the description, as the
 *   translation grounds it (`unsafeVariables` of syntax/terms.ts).
 */
import type { Atom, Compound, Description, Rule, Term } from "../syntax/ast.js";
import { orFreeBodies, tooManyVariantsMessage, type FlatLiteral } from "../syntax/or-free.js";
import { reachable, stronglyConnectedComponents } from "../analysis/dependency-graph.js";
import { TermStore } from "./term-store.js";
import { TupleIndex } from "./tuple-index.js";
import { isGround, unsafeVariables, writtenGroundTerms } from "../syntax/terms.js";

/** A term of a clause: a ground term (its id), a variable (its slot), or a compound with variables. */
export type Pattern = GroundPattern | VariablePattern | CompoundPattern;
export interface GroundPattern {
  readonly k: 0;
  readonly id: number;
}
export interface VariablePattern {
  readonly k: 1;
  readonly slot: number;
}
export interface CompoundPattern {
  readonly k: 2;
  readonly sym: number;
  readonly args: readonly Pattern[];
}

export type RelationKind = "derived" | "true" | "does";

export interface Relation {
  readonly index: number;
  /** `name/arity`, or for an input relation `true(cell/3)`, `true(x)`, `true/1`, `does(move/4)`, `does/2` (`inputKey`). */
  readonly key: string;
  readonly kind: RelationKind;
  readonly arity: number;
  level: 0 | 1 | 2;
  /** Ground facts (derived relations only). */
  readonly facts: TupleIndex;
  readonly clauses: Clause[];
}

export type BodyLiteral =
  | { readonly kind: "pos" | "neg"; readonly relation: Relation; readonly args: readonly Pattern[]; readonly vars: readonly number[] }
  | { readonly kind: "distinct" | "equal"; readonly left: Pattern; readonly right: Pattern; readonly vars: readonly number[] };

export interface Clause {
  readonly source: Rule;
  readonly relation: Relation;
  readonly head: readonly Pattern[];
  readonly body: readonly BodyLiteral[];
  readonly varNames: readonly string[];
  /**
   * The body orders with their argument modes (plan.ts) by the head positions a call binds (bit
   * mask; a generic plan by -1 - mask), built on first use.
   */
  readonly plans: Map<number, CompiledPlan>;
}

/** A clause's body in the order of `planFor`, with the argument modes of each literal. */
export interface CompiledPlan {
  readonly literals: readonly BodyLiteral[];
  /** Per literal: per argument, its mode (ARG_* of plan.ts); empty for `distinct` and `not distinct`. */
  readonly modes: readonly Uint8Array[];
  /** Per literal: per argument, the term id of ARG_CONST, the slot of ARG_READ and ARG_BIND, else -1 (read without the pattern objects). */
  readonly slots: readonly Int32Array[];
  /**
   * Per literal: for a positive literal of an input relation or of a relation of facts alone, the
   * positions its call binds (bit mask), looked up in the index without the evaluator's dispatch; else -1.
   */
  readonly masks: Int32Array;
  /** The body as a generated function (plan-code.ts, typed there), null when it is solved interpretively; made on first use. */
  code: unknown;
}

export interface Program {
  readonly store: TermStore;
  readonly relations: readonly Relation[];
  /** A relation by key, when the description uses it. */
  relation(key: string): Relation | undefined;
  /** Role constants (term ids), in the order of the `role` facts, without repeats. */
  readonly roles: readonly number[];
  /**
   * Cycles through `not` between relations. They are allowed as long as the calls made are
   * stratified (futoshiki's `(<= (goal robot 100) (not (goal robot 0)))`): the evaluator
   * throws when a negated call is met while it is still being computed.
   */
  readonly unstratified: readonly string[];
}

/**
 * The key of the input relation of `kind` that reads a constant `name` (`arity` null: `true(z)`)
 * or a function `name`/`arity` (`true(cell/3)`), one key per relation: a name a key could be
 * mistaken in is written between bars, `|f/1|` (a constant ending in /digits: it was the key of
 * the function f of one argument, so `(true f/1)` and `(true (f ?x))` read one relation; any name
 * starting with `|`), with `|` and `\` escaped inside.
 */
export function inputKey(kind: "true" | "does", name: string, arity: number | null): string {
  const written = name.charCodeAt(0) === 124 || (arity === null && /\/\d+$/.test(name)) ? `|${name.replace(/[|\\]/g, "\\$&")}|` : name;
  return arity === null ? `${kind}(${written})` : `${kind}(${written}/${arity})`;
}

/** The relation of the written ground terms that unsafe variables range over (a name no GDL symbol can have). */
const DOMAIN = " domain";

/** Relations the game's meaning is read from; everything they depend on is kept. */
const QUERY_RELATIONS = ["role/1", "init/1", "legal/2", "next/1", "sees/2", "goal/2", "terminal/0"];

export function compileProgram(description: Description): Program {
  const store = new TermStore();
  const relations: Relation[] = [];
  const byKey = new Map<string, Relation>();
  const relationFor = (key: string, kind: RelationKind, arity: number): Relation => {
    let r = byKey.get(key);
    if (r === undefined) {
      r = { index: relations.length, key, kind, arity, level: 0, facts: new TupleIndex(arity), clauses: [] };
      relations.push(r);
      byKey.set(key, r);
    }
    return r;
  };

  // Head and body compilation share one variable numbering per clause.
  const compileClause = (rule: Rule, body: readonly FlatLiteral[]): void => {
    const slots = new Map<string, number>();
    const varNames: string[] = [];
    const variable = (name: string): VariablePattern => {
      let slot = slots.get(name);
      if (slot === undefined) {
        slot = varNames.length;
        varNames.push(name);
        slots.set(name, slot);
      }
      return { k: 1, slot };
    };
    const pattern = (term: Term): Pattern => termPattern(store, term, variable);
    const atomCall = (atom: Atom): { relation: Relation; args: Pattern[] } => {
      const { relation: name, args } = atom;
      const input = name === "true" && args.length === 1 ? 0 : name === "does" && args.length === 2 ? 1 : -1;
      if (input < 0) return { relation: relationFor(`${name}/${args.length}`, "derived", args.length), args: args.map(pattern) };
      const kind = name as "true" | "does";
      const prefix = args.slice(0, input).map(pattern);
      const inner = args[input];
      if (inner.kind === "variable") {
        return { relation: relationFor(`${name}/${args.length}`, kind, args.length), args: args.map(pattern) };
      }
      if (inner.kind === "constant") {
        return { relation: relationFor(inputKey(kind, inner.name, null), kind, input), args: prefix };
      }
      const arity = input + inner.args.length;
      return {
        relation: relationFor(inputKey(kind, inner.functor, inner.args.length), kind, arity),
        args: [...prefix, ...inner.args.map(pattern)],
      };
    };

    const head = atomCall(rule.head);
    const compiledBody: BodyLiteral[] = [];
    for (const literal of body) {
      if (literal.kind === "pos" || literal.kind === "neg") {
        const { relation, args } = atomCall(literal.atom);
        compiledBody.push({ kind: literal.kind, relation, args, vars: patternVars(args) });
      } else {
        const left = pattern(literal.left);
        const right = pattern(literal.right);
        compiledBody.push({ kind: literal.kind, left, right, vars: patternVars([left, right]) });
      }
    }
    const relation = head.relation;
    if (compiledBody.length === 0 && head.args.every((p) => p.k === 0)) {
      relation.facts.add(head.args.map((p) => (p as GroundPattern).id));
      return;
    }
    relation.clauses.push({ source: rule, relation, head: head.args, body: compiledBody, varNames, plans: new Map() });
  };

  // An unsafe variable ranges over the written ground terms, the facts of DOMAIN (see the header).
  let domainFacts = false;
  const closed = (rule: Rule, body: readonly FlatLiteral[]): readonly FlatLiteral[] => {
    const unsafe = unsafeVariables(rule.head, body);
    if (unsafe.length === 0) return body;
    if (!domainFacts) {
      domainFacts = true;
      const domain = relationFor(`${DOMAIN}/1`, "derived", 1);
      for (const term of writtenGroundTerms(description)) domain.facts.add([store.intern(term)]);
    }
    const pos = rule.head.pos;
    return [...body, ...unsafe.map((name): FlatLiteral => ({ kind: "pos", atom: { kind: "atom", relation: DOMAIN, args: [{ kind: "variable", name, pos }], pos } }))];
  };

  for (const rule of description.rules) {
    const name = rule.head.relation;
    // GDL gives `true` and `does` their meaning from the state and the moves; rules cannot define them.
    if ((name === "true" && rule.head.args.length === 1) || (name === "does" && rule.head.args.length === 2)) continue;
    const bodies = orFreeBodies(rule.body);
    // the translation refuses such a rule too (error[ground]), so a game with one never gets here from loadGame
    if ("tooManyVariants" in bodies) throw new RangeError(`${description.file}:${rule.pos.line}:${rule.pos.col}: ${tooManyVariantsMessage(bodies.tooManyVariants)}`);
    for (const body of bodies) compileClause(rule, closed(rule, body));
  }

  const roles: number[] = [];
  for (const rule of description.rules) {
    const arg = rule.head.args[0];
    if (rule.head.relation === "role" && rule.head.args.length === 1 && rule.body.length === 0 && isGround(arg)) {
      const id = store.intern(arg);
      if (!roles.includes(id)) roles.push(id);
    }
  }

  const kept = relevantRelations(relations, QUERY_RELATIONS.map((k) => byKey.get(k)).filter((r) => r !== undefined));
  const unstratified = checkStratifiedAndLevel(relations, kept);

  return { store, relations, relation: (key) => byKey.get(key), roles, unstratified };
}

/**
 * The pattern of a term of a clause (`variable` numbers its variables): a ground term interned, a
 * compound with variables kept as one. Walked from stacks of its own (made at the first term inside
 * a term): the symbols and variables are met in written order and the ground compounds interned
 * after their arguments, as `TermStore.intern` does, so the ids are those a call per level gave.
 */
export function termPattern(store: TermStore, term: Term, variable: (name: string) => VariablePattern): Pattern {
  if (term.kind === "constant") return { k: 0, id: store.constant(term.name) };
  if (term.kind === "variable") return variable(term.name);
  let outer: Compound[] | undefined; // the compound terms the cursor is inside,
  let outerSyms: number[] | undefined; // their symbols,
  let outerArgs: Pattern[][] | undefined; // and the patterns of their arguments done
  let t = term;
  let sym = store.symbol(t.functor);
  let args: Pattern[] = [];
  for (;;) {
    let inner: Compound | undefined;
    while (args.length < t.args.length) {
      const a = t.args[args.length];
      if (a.kind === "compound") {
        inner = a;
        break;
      }
      args.push(a.kind === "constant" ? { k: 0, id: store.constant(a.name) } : variable(a.name));
    }
    if (inner !== undefined) {
      (outer ??= []).push(t);
      (outerSyms ??= []).push(sym);
      (outerArgs ??= []).push(args);
      t = inner;
      sym = store.symbol(t.functor);
      args = [];
      continue;
    }
    let done: Pattern;
    if (args.every((p) => p.k === 0)) done = { k: 0, id: store.compound(sym, args.map((p) => (p as GroundPattern).id)) };
    else done = { k: 2, sym, args };
    if (outer === undefined || outer.length === 0) return done;
    t = outer.pop()!;
    sym = outerSyms!.pop()!;
    args = outerArgs!.pop()!;
    args.push(done);
  }
}

/**
 * Patterns nested at most this deep are walked with a call per level (`groundPattern`,
 * `Trail.match`); the levels below from stacks of their own. Games' patterns nest a few levels; a
 * term of a rule may nest up to MAX_TERM_NESTING (ast.ts), more than a stack holds calls.
 */
export const CALLED_PATTERN_DEPTH = 32;

/** The id of a pattern under `frame` (a term id per variable slot, -1 unbound), or -1 when a variable in it is unbound. */
export function groundPattern(store: TermStore, p: Pattern, frame: readonly number[]): number {
  if (p.k === 0) return p.id;
  if (p.k === 1) return frame[p.slot];
  return groundCompound(store, p, frame, 0);
}

function groundCompound(store: TermStore, p: CompoundPattern, frame: readonly number[], depth: number): number {
  if (depth === CALLED_PATTERN_DEPTH) return groundDeep(store, p, frame);
  const ids = new Array<number>(p.args.length);
  for (let j = 0; j < p.args.length; j++) {
    const q = p.args[j];
    const id = q.k === 0 ? q.id : q.k === 1 ? frame[q.slot] : groundCompound(store, q, frame, depth + 1);
    if (id < 0) return -1;
    ids[j] = id;
  }
  return store.compound(p.sym, ids);
}

/** `groundPattern` of a compound from stacks of its own: the compounds it is inside and their argument ids done. */
function groundDeep(store: TermStore, p: CompoundPattern, frame: readonly number[]): number {
  const outer: CompoundPattern[] = [];
  const outerIds: number[][] = [];
  let ids: number[] = [];
  for (;;) {
    let inner: CompoundPattern | undefined;
    while (ids.length < p.args.length) {
      const q = p.args[ids.length];
      if (q.k === 2) {
        inner = q;
        break;
      }
      const id = q.k === 0 ? q.id : frame[q.slot];
      if (id < 0) return -1;
      ids.push(id);
    }
    if (inner !== undefined) {
      outer.push(p);
      outerIds.push(ids);
      p = inner;
      ids = [];
      continue;
    }
    const id = store.compound(p.sym, ids);
    if (outer.length === 0) return id;
    p = outer.pop()!;
    ids = outerIds.pop()!;
    ids.push(id);
  }
}

/** The variable slots of patterns, in written order without repeats, added to `into`; from a stack of its own. */
export function patternVars(patterns: readonly Pattern[], into: number[] = []): number[] {
  let stack: Pattern[] | undefined;
  for (const top of patterns) {
    if (top.k === 0) continue;
    if (top.k === 1) {
      if (!into.includes(top.slot)) into.push(top.slot);
      continue;
    }
    (stack ??= []).push(top);
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (p.k === 1) {
        if (!into.includes(p.slot)) into.push(p.slot);
      } else if (p.k === 2) for (let j = p.args.length - 1; j >= 0; j--) stack.push(p.args[j]);
    }
  }
  return into;
}

/** Whether a pattern nests deeper than `limit` compounds; from a stack of its own. */
export function patternDeeperThan(p: Pattern, limit: number): boolean {
  if (p.k !== 2) return false;
  const stack: CompoundPattern[] = [p];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const q = stack.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    for (const a of q.args) {
      if (a.k !== 2) continue;
      stack.push(a);
      depths.push(depth + 1);
    }
  }
  return false;
}

function dependencies(relation: Relation): { relation: Relation; negative: boolean }[] {
  const out: { relation: Relation; negative: boolean }[] = [];
  for (const clause of relation.clauses) {
    for (const literal of clause.body) {
      if (literal.kind === "pos" || literal.kind === "neg") out.push({ relation: literal.relation, negative: literal.kind === "neg" });
    }
  }
  return out;
}

function relevantRelations(relations: readonly Relation[], roots: readonly Relation[]): Set<Relation> {
  const kept = reachable(roots, (r) => dependencies(r).map((d) => d.relation));
  // Irrelevant relations are never called: drop their clauses so that nothing reads them.
  for (const r of relations) if (!kept.has(r)) r.clauses.length = 0;
  return kept;
}

/** Tarjan's SCCs over the kept relations: sets the levels, and lists the cycles through `not`. */
function checkStratifiedAndLevel(relations: readonly Relation[], kept: ReadonlySet<Relation>): string[] {
  const unstratified: string[] = [];
  const components = stronglyConnectedComponents(
    relations.filter((r) => kept.has(r)),
    (r) => dependencies(r).map((d) => d.relation),
  ); // dependencies first

  for (const component of components) {
    const members = new Set(component);
    let level: 0 | 1 | 2 = 0;
    for (const r of component) {
      if (r.kind === "true") level = Math.max(level, 1) as 0 | 1 | 2;
      if (r.kind === "does") level = 2;
      for (const { relation: s, negative } of dependencies(r)) {
        if (members.has(s)) {
          if (negative) unstratified.push(`${r.key} depends on itself through (not ${s.key})`);
        } else {
          level = Math.max(level, s.level) as 0 | 1 | 2;
        }
      }
    }
    for (const r of component) r.level = level;
  }
  return unstratified;
}

/** Per relation: its guard (possible-guards.ts), a relation of facts holding every call it may hold for in some state. */
const guards = new WeakMap<Relation, Relation>();

/** The guard of a relation, when it has one (plan.ts may enumerate it before the relation's own call). */
export function guardOf(relation: Relation): Relation | undefined {
  return guards.get(relation);
}

/** Adds to `program` a static relation of the facts `facts` that guards `relation` (see `guardOf`); returns it. */
export function addGuard(program: Program, relation: Relation, facts: TupleIndex): Relation {
  const relations = program.relations as Relation[];
  // The shape of compileProgram's relations, so that the evaluator reads every relation alike.
  const guard: Relation = { index: relations.length, key: `${relation.key}~possible`, kind: "derived", arity: relation.arity, level: 0, facts, clauses: [] };
  relations.push(guard);
  guards.set(relation, guard);
  return guard;
}
