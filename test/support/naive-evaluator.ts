/**
 * A naive GDL evaluator written from scratch for cross-checks: ground bottom-up fixpoint, stratum
 * by stratum, over terms kept as syntax trees and substitutions (no tabling, no indexes, no
 * plans), `or` and `not` expanded to disjunctive normal form. Slow and obviously right: the
 * third opinion beside the prover and the propnet (test/prover-crosscheck.test.ts,
 * test/random-games.test.ts).
 */
import type { Atom, Description, Literal, Rule, Term } from "../../src/syntax/ast.js";
import { parseGdl } from "../../src/syntax/parse.js";
import { termToKif } from "../../src/syntax/print.js";
import type { KifReasoner } from "../../src/verify/compare.js";

type Subst = ReadonlyMap<string, Term>;
type Basic = { neg: boolean; atom: Atom } | { distinct: boolean; left: Term; right: Term };

function dnf(literal: Literal, negated: boolean): Basic[][] {
  switch (literal.kind) {
    case "atom":
      return [[{ neg: negated, atom: literal }]];
    case "not":
      return dnf(literal.body, !negated);
    case "distinct":
      return [[{ distinct: !negated, left: literal.left, right: literal.right }]];
    case "or": {
      const parts = literal.disjuncts.map((d) => dnf(d, negated));
      if (!negated) return parts.flat();
      return parts.reduce<Basic[][]>((acc, alts) => acc.flatMap((a) => alts.map((b) => [...a, ...b])), [[]]);
    }
  }
}

function substitute(term: Term, s: Subst): Term {
  if (term.kind === "variable") return s.get(term.name) ?? term;
  if (term.kind === "compound") return { ...term, args: term.args.map((a) => substitute(a, s)) };
  return term;
}

function unify(pattern: Term, ground: Term, s: Map<string, Term>): boolean {
  if (pattern.kind === "variable") {
    const bound = s.get(pattern.name);
    if (bound === undefined) {
      s.set(pattern.name, ground);
      return true;
    }
    return termToKif(bound) === termToKif(ground);
  }
  if (pattern.kind === "constant") return ground.kind === "constant" && ground.name === pattern.name;
  return (
    ground.kind === "compound" &&
    ground.functor === pattern.functor &&
    ground.args.length === pattern.args.length &&
    pattern.args.every((a, i) => unify(a, ground.args[i], s))
  );
}

function vars(term: Term, into: Set<string>): Set<string> {
  if (term.kind === "variable") into.add(term.name);
  if (term.kind === "compound") term.args.forEach((a) => vars(a, into));
  return into;
}

const key = (relation: string, args: readonly Term[]) => `${relation}/${args.length}`;

/** Ground atoms by relation key, as argument lists (with their KIF to tell them apart). */
export class Model {
  readonly facts = new Map<string, Map<string, Term[]>>();
  add(relation: string, args: Term[]): boolean {
    const k = key(relation, args);
    let m = this.facts.get(k);
    if (!m) this.facts.set(k, (m = new Map()));
    const text = args.map(termToKif).join(" ");
    if (m.has(text)) return false;
    m.set(text, args);
    return true;
  }
  get(relation: string, arity: number): Term[][] {
    return [...(this.facts.get(`${relation}/${arity}`)?.values() ?? [])];
  }
}

const DOMAIN = " dom";

/**
 * An unsafe rule read as gdl-ground reads it: a variable that no positive atom binds and that is
 * not local to one negative literal gets a `DOMAIN` atom (the written ground terms). Written here
 * again on purpose, not `unsafeVariables` of src/syntax/terms.ts: this evaluator is the tests' second opinion.
 */
function withDomain(head: Atom, body: Basic[]): Basic[] {
  const bound = new Set<string>();
  for (const b of body) if ("atom" in b && !b.neg) b.atom.args.forEach((a) => vars(a, bound));
  const occurrences = new Map<string, number>();
  const note = (names: Set<string>) => names.forEach((v) => occurrences.set(v, (occurrences.get(v) ?? 0) + 1));
  note(new Set(head.args.flatMap((a) => [...vars(a, new Set())])));
  const literalVars = body.map((b) => ("atom" in b ? new Set(b.atom.args.flatMap((a) => [...vars(a, new Set())])) : vars(b.right, vars(b.left, new Set()))));
  literalVars.forEach(note);
  const unsafe = new Set<string>();
  for (const v of occurrences.keys()) {
    if (bound.has(v)) continue;
    const local = occurrences.get(v) === 1 && body.some((b, i) => "atom" in b && b.neg && literalVars[i].has(v));
    if (!local) unsafe.add(v);
  }
  const domainAtom = (name: string): Atom => ({ ...head, relation: DOMAIN, args: [{ kind: "variable", name, pos: head.pos }] });
  return [...body, ...[...unsafe].map((v) => ({ neg: false, atom: domainAtom(v) }))];
}

export class NaiveEvaluator {
  private readonly clauses: { head: Atom; body: Basic[] }[] = [];
  private readonly strata: string[][] = [];
  readonly roles: Term[];

  constructor(description: Description) {
    for (const rule of description.rules) {
      const alternatives = rule.body.map((l) => dnf(l, false));
      const bodies = alternatives.reduce<Basic[][]>((acc, alts) => acc.flatMap((a) => alts.map((b) => [...a, ...b])), [[]]);
      for (const body of bodies) this.clauses.push({ head: rule.head, body: withDomain(rule.head, body) });
    }
    // what an unsafe variable ranges over: every variable-free argument of an atom, and its variable-free subterms
    const written = new Map<string, Term>();
    const visit = (t: Term): void => {
      if (t.kind === "compound") t.args.forEach(visit);
      if (vars(t, new Set()).size === 0) written.set(termToKif(t), t);
    };
    const visitLiteral = (l: Literal): void => {
      if (l.kind === "atom") l.args.forEach(visit);
      else if (l.kind === "not") visitLiteral(l.body);
      else if (l.kind === "or") l.disjuncts.forEach(visitLiteral);
    };
    for (const rule of description.rules) [rule.head, ...rule.body].forEach(visitLiteral);
    for (const t of written.values()) this.clauses.push({ head: { ...description.rules[0].head, relation: DOMAIN, args: [t] }, body: [] });
    this.roles = description.rules.filter((r: Rule) => r.head.relation === "role").map((r) => r.head.args[0]);
    this.strata = this.stratify();
  }

  /** Relation keys in an order where each relation comes after those it depends on (SCCs). */
  private stratify(): string[][] {
    const deps = new Map<string, Set<string>>();
    for (const c of this.clauses) {
      const h = key(c.head.relation, c.head.args);
      if (!deps.has(h)) deps.set(h, new Set());
      for (const b of c.body) if ("atom" in b) deps.get(h)!.add(key(b.atom.relation, b.atom.args));
    }
    const order: string[][] = [];
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    let n = 0;
    const visit = (v: string) => {
      index.set(v, n);
      low.set(v, n++);
      stack.push(v);
      for (const w of deps.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          scc.push(w);
        } while (w !== v);
        order.push(scc);
      }
    };
    for (const v of deps.keys()) if (!index.has(v)) visit(v);
    return order;
  }

  private staticModel: Model | null = null;
  private dynamic: Set<string> | null = null;

  /** Relations that depend on `true` or `does`; the others are computed once. */
  private isDynamic(relation: string): boolean {
    if (this.dynamic === null) {
      const dynamic = new Set<string>(["true/1", "does/2"]);
      for (const stratum of this.strata) {
        const members = new Set(stratum);
        const rules = this.clauses.filter((c) => members.has(key(c.head.relation, c.head.args)));
        if (rules.some((c) => c.body.some((b) => "atom" in b && dynamic.has(key(b.atom.relation, b.atom.args))))) {
          stratum.forEach((r) => dynamic.add(r));
        }
      }
      this.dynamic = dynamic;
    }
    return this.dynamic.has(relation);
  }

  /** The whole model given the `true` and `does` facts. */
  model(trueFacts: readonly Term[], doesFacts: readonly [Term, Term][]): Model {
    if (this.staticModel === null) {
      this.staticModel = new Model();
      this.evaluate(this.staticModel, (r) => !this.isDynamic(r));
    }
    const m = new Model();
    for (const [k, facts] of this.staticModel.facts) m.facts.set(k, new Map(facts));
    for (const f of trueFacts) m.add("true", [f]);
    for (const [r, a] of doesFacts) m.add("does", [r, a]);
    this.evaluate(m, (r) => this.isDynamic(r));
    return m;
  }

  private evaluate(m: Model, include: (relation: string) => boolean): void {
    for (const stratum of this.strata) {
      if (!include(stratum[0])) continue;
      const members = new Set(stratum);
      const rules = this.clauses.filter((c) => members.has(key(c.head.relation, c.head.args)));
      let changed = true;
      while (changed) {
        changed = false;
        for (const rule of rules) {
          for (const s of this.solve(rule.body, new Map(), m)) {
            const args = rule.head.args.map((a) => substitute(a, s));
            if (args.some((a) => vars(a, new Set()).size > 0)) throw new Error("unsafe rule in the naive evaluator");
            if (m.add(rule.head.relation, args)) changed = true;
          }
        }
      }
    }
  }

  /** All substitutions satisfying a body: positive atoms in order, the rest once bound. */
  private *solve(body: readonly Basic[], s: Map<string, Term>, m: Model): Generator<Map<string, Term>> {
    if (body.length === 0) {
      yield s;
      return;
    }
    const boundNow = (t: Term) => [...vars(t, new Set())].every((v) => s.has(v));
    let i = body.findIndex((b) =>
      "atom" in b ? b.neg && b.atom.args.every(boundNow) : boundNow(b.left) && boundNow(b.right),
    );
    if (i < 0) i = body.findIndex((b) => "atom" in b && !b.neg);
    if (i < 0) i = 0;
    const literal = body[i];
    const rest = [...body.slice(0, i), ...body.slice(i + 1)];
    if ("atom" in literal) {
      const args = literal.atom.args.map((a) => substitute(a, s));
      const found = m.get(literal.atom.relation, args.length).some((fact) => {
        const t = new Map(s);
        return args.every((a, j) => unify(a, fact[j], t));
      });
      if (literal.neg) {
        if (!found) yield* this.solve(rest, s, m);
        return;
      }
      for (const fact of m.get(literal.atom.relation, args.length)) {
        const t = new Map(s);
        if (args.every((a, j) => unify(a, fact[j], t))) yield* this.solve(rest, t, m);
      }
      return;
    }
    const l = substitute(literal.left, s);
    const r = substitute(literal.right, s);
    if (literal.distinct) {
      if (termToKif(l) !== termToKif(r)) yield* this.solve(rest, s, m);
    } else {
      const t = new Map(s);
      if (boundNow(literal.left) ? unify(r, l, t) : unify(l, r, t)) yield* this.solve(rest, t, m);
    }
  }
}


function sortedKif(terms: Iterable<Term>): string[] {
  return [...new Set([...terms].map(termToKif))].sort();
}

/** A term given as KIF. */
function parseTerm(kif: string): Term {
  return parseGdl(`(x ${kif})`).description.rules[0].head.args[0];
}

/**
 * The naive evaluator behind the interface verify compares through (src/verify/compare.ts):
 * states as sorted KIF fluents, goals as the prover gives them (null for none or several values).
 */
export function naiveKifReasoner(description: Description): KifReasoner<readonly string[]> {
  const naive = new NaiveEvaluator(description);
  const roles = naive.roles.map(termToKif);
  const models = new Map<string, Model>();
  const modelOf = (state: readonly string[]): Model => {
    const key = state.join(" ");
    let m = models.get(key);
    if (m === undefined) models.set(key, (m = naive.model(state.map(parseTerm), [])));
    return m;
  };
  return {
    roles,
    initialState: () => sortedKif(naive.model([], []).get("init", 1).map((a) => a[0])),
    legalMoves: (state, role) => sortedKif(modelOf(state).get("legal", 2).filter((l) => termToKif(l[0]) === role).map((l) => l[1])),
    nextState: (state, joint) => {
      const m = naive.model(state.map(parseTerm), joint.map((move, i) => [naive.roles[i], parseTerm(move)]));
      return sortedKif(m.get("next", 1).map((a) => a[0]));
    },
    isTerminal: (state) => modelOf(state).get("terminal", 0).length > 0,
    goals: (state) => {
      const goals: Record<string, number | null> = {};
      for (const role of roles) {
        const values = new Set(modelOf(state).get("goal", 2).filter((g) => termToKif(g[0]) === role).map((g) => Number(termToKif(g[1]))));
        goals[role] = values.size === 1 ? [...values][0] : null;
      }
      return goals;
    },
    stateToKif: (state) => state,
  };
}
