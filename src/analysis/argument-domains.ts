/**
 * The values each argument of a relation or function can take, over-approximated from the
 * rules as written (a domain graph in the manner of GGP-Base's, without grounding): what an
 * editor shows on hover (`cell/3`: 1, 2, 3 | 1, 2, 3 | x, o, b).
 *
 * An argument position is a relation's or a function's argument, whatever it is nested in
 * (`cell`'s first argument is one position, in `(init (cell 1 1 b))` and in
 * `(true (cell ?m 1 ?x))` alike). A head puts its constants and function terms (as `f/2`) into
 * the positions they stand at; a head variable puts there the values of the positions that bind
 * it in the positive body literals (their intersection; an `or` binds the union of its
 * disjuncts). GDL's own links are added: `true` takes what `init` and `next` give, `does` what
 * `legal` gives. Computed to a fixpoint with a work list (a position's change re-runs only the
 * rules that read it); a position over `limit` values, or fed by a variable nothing binds, is
 * unknown.
 */
import type { Description, Literal, Rule, Term } from "../syntax/ast.js";

/** The values of one argument position; undefined when not known (too many, or unbound). */
export type ArgumentDomain = ReadonlySet<string> | undefined;

export interface ArgumentDomains {
  /** The domains of the arguments of relation `name`/`arity`, or undefined when it has none. */
  relation(name: string, arity: number): readonly ArgumentDomain[] | undefined;
  /** The domains of the arguments of function `name`/`arity` (a fluent, a move, any function term). */
  function(name: string, arity: number): readonly ArgumentDomain[] | undefined;
}

/** Positions with more values than this are unknown (default of `argumentDomains`). */
export const DOMAIN_LIMIT = 256;

const TOP = "\u0000top";
type Values = Set<string>; // holds TOP when unknown

/** How a rule binds one variable: the intersection of positions, or the union of alternatives. */
type Binder = { readonly all: readonly string[]; readonly any: readonly Binder[][] };

interface Contribution {
  readonly position: string;
  /** A constant or `f/n` value, or a variable's name. */
  readonly value: string;
  readonly variable: boolean;
}

interface CompiledRule {
  readonly contributions: readonly Contribution[];
  readonly binders: ReadonlyMap<string, Binder | undefined>;
}

const relationKey = (name: string, arity: number, i: number) => `r:${name}/${arity}#${i}`;
const functionKey = (name: string, arity: number, i: number) => `f:${name}/${arity}#${i}`;

/** Where each variable of `term` stands, its constants and function values, into `out` (in written order, from stacks of its own). */
function termPlaces(root: Term, rootPosition: string, out: Contribution[]): void {
  const terms: Term[] = [root];
  const positions: string[] = [rootPosition];
  while (terms.length > 0) {
    const term = terms.pop()!;
    const position = positions.pop()!;
    switch (term.kind) {
      case "constant":
        out.push({ position, value: term.name, variable: false });
        break;
      case "variable":
        out.push({ position, value: term.name, variable: true });
        break;
      case "compound":
        out.push({ position, value: `${term.functor}/${term.args.length}`, variable: false });
        for (let i = term.args.length - 1; i >= 0; i--) {
          terms.push(term.args[i]);
          positions.push(functionKey(term.functor, term.args.length, i));
        }
    }
  }
}

function compileRule(rule: Rule): CompiledRule {
  const head: Contribution[] = [];
  rule.head.args.forEach((a, i) => termPlaces(a, relationKey(rule.head.relation, rule.head.args.length, i), head));
  const binders = new Map<string, Binder | undefined>();
  for (const c of head) {
    if (!c.variable || binders.has(c.value)) continue;
    binders.set(c.value, binderOf(rule.body, c.value));
  }
  return { contributions: head, binders };
}

/** The positions of the positive literals of `body` that bind `variable`. */
function binderOf(body: readonly Literal[], variable: string): Binder | undefined {
  const all: string[] = [];
  const any: Binder[][] = [];
  for (const literal of body) {
    if (literal.kind === "atom") {
      const places: Contribution[] = [];
      literal.args.forEach((a, i) => termPlaces(a, relationKey(literal.relation, literal.args.length, i), places));
      for (const p of places) if (p.variable && p.value === variable) all.push(p.position);
    } else if (literal.kind === "or") {
      const alternatives = literal.disjuncts.map((d) => binderOf([d], variable));
      if (alternatives.every((b): b is Binder => b !== undefined)) any.push(alternatives);
    }
  }
  return all.length > 0 || any.length > 0 ? { all, any } : undefined;
}

function binderPositions(binder: Binder, into: Set<string>): Set<string> {
  for (const p of binder.all) into.add(p);
  for (const alternatives of binder.any) for (const b of alternatives) binderPositions(b, into);
  return into;
}

export function argumentDomains(description: Description, limit = DOMAIN_LIMIT): ArgumentDomains {
  const values = new Map<string, Values>();
  const get = (p: string): Values => {
    let v = values.get(p);
    if (!v) values.set(p, (v = new Set()));
    return v;
  };
  const rules = description.rules.map(compileRule);
  // GDL's links: true(F) <= init(F), true(F) <= next(F), does(R, M) <= legal(R, M)
  const link = (to: string, from: string): CompiledRule => ({
    contributions: [{ position: to, value: "x", variable: true }],
    binders: new Map([["x", { all: [from], any: [] }]]),
  });
  rules.push(link(relationKey("true", 1, 0), relationKey("init", 1, 0)), link(relationKey("true", 1, 0), relationKey("next", 1, 0)));
  rules.push(link(relationKey("does", 2, 0), relationKey("legal", 2, 0)), link(relationKey("does", 2, 1), relationKey("legal", 2, 1)));

  const readers = new Map<string, number[]>();
  rules.forEach((rule, index) => {
    const read = new Set<string>();
    for (const binder of rule.binders.values()) if (binder) binderPositions(binder, read);
    for (const p of read) {
      const list = readers.get(p) ?? [];
      list.push(index);
      readers.set(p, list);
    }
  });

  const evaluate = (binder: Binder | undefined): Values => {
    if (!binder) return new Set([TOP]);
    let result: Values | undefined;
    const meet = (v: Values) => {
      if (v.has(TOP)) return;
      result = result === undefined ? new Set(v) : new Set([...result].filter((x) => v.has(x)));
    };
    for (const p of binder.all) meet(get(p));
    for (const alternatives of binder.any) {
      const union = new Set<string>();
      for (const b of alternatives) for (const x of evaluate(b)) union.add(x);
      meet(union);
    }
    return result ?? new Set([TOP]);
  };

  const queue: number[] = rules.map((_, i) => i);
  const queued = new Set(queue);
  while (queue.length > 0) {
    const index = queue.shift()!;
    queued.delete(index);
    const rule = rules[index];
    const bound = new Map<string, Values>();
    for (const [variable, binder] of rule.binders) bound.set(variable, evaluate(binder));
    for (const c of rule.contributions) {
      const target = get(c.position);
      if (target.has(TOP)) continue;
      let changed = false;
      for (const v of c.variable ? bound.get(c.value)! : [c.value]) {
        if (target.has(v)) continue;
        changed = true;
        if (v === TOP || target.size >= limit) {
          target.clear();
          target.add(TOP);
          break;
        }
        target.add(v);
      }
      if (!changed) continue;
      for (const r of readers.get(c.position) ?? []) {
        if (!queued.has(r)) {
          queued.add(r);
          queue.push(r);
        }
      }
    }
  }

  const domains = (key: (name: string, arity: number, i: number) => string) => (name: string, arity: number) => {
    if (arity === 0) return undefined;
    const out: ArgumentDomain[] = [];
    let any = false;
    for (let i = 0; i < arity; i++) {
      const v = values.get(key(name, arity, i));
      if (v) any = true;
      out.push(v && !v.has(TOP) ? v : undefined);
    }
    return any ? out : undefined;
  };
  return { relation: domains(relationKey), function: domains(functionKey) };
}
