/**
 * Random valid GDL games with variables, for differential tests of the whole pipeline against the
 * prover (test/random-games.test.ts): typed arguments over small domains, static facts and views
 * (some recursive, transitive-closure style), fluents and moves with function terms, views in
 * strata using the ones below them positively and negatively, `or`, `distinct`, views that read
 * `does` (used by `next` only), a step counter that ends every game within a few joint moves.
 *
 * Valid by construction: every rule is safe (head, negated and `distinct` variables are bound by
 * a positive literal written before them), negation only reaches lower strata, a recursive
 * literal only carries variables bound by the literals before it that are not recursive (GDL's
 * recursion restriction), `does` reaches neither `legal`, `terminal`, `goal` nor `init`, and no
 * recursive rule builds a term, so every model is finite.
 */
import { mulberry32, randomInt, type Rng } from "../../src/propnet/search.js";

/** An argument type: its constants, or a compound of a functor over other types. */
type ArgType = { readonly kind: "enum"; readonly name: string; readonly constants: readonly string[] } | { readonly kind: "pair"; readonly name: string; readonly functor: string; readonly args: readonly ArgType[] };

interface RelationSig {
  readonly name: string;
  readonly types: readonly ArgType[];
}

const DOMAIN = ["a", "b", "c"];
const PIECES = ["x", "o", "e"];
const D: ArgType = { kind: "enum", name: "d", constants: DOMAIN };
const LAST = 8;
const N: ArgType = { kind: "enum", name: "n", constants: Array.from({ length: LAST + 1 }, (_, i) => `${i}`) };
const P: ArgType = { kind: "enum", name: "p", constants: PIECES };
const PT: ArgType = { kind: "pair", name: "pt", functor: "pt", args: [D, N] };
const TYPES: readonly ArgType[] = [D, D, N, P, PT];

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[randomInt(rng, items.length)];
}

const chance = (rng: Rng, p: number) => rng() < p;

/** A rule body under construction: the variables bound so far, by type. */
class Body {
  readonly literals: string[] = [];
  private readonly bound = new Map<string, ArgType>();
  private fresh = 0;
  constructor(private readonly rng: Rng) {}

  boundOf(type: ArgType): string[] {
    return [...this.bound].filter(([, t]) => t === type).map(([v]) => v);
  }

  /** An argument of `type` for a positive literal: a bound variable, a fresh one, a constant or a compound of these. */
  bindArg(type: ArgType): string {
    const known = this.boundOf(type);
    const r = this.rng();
    if (known.length > 0 && r < 0.4) return pick(this.rng, known);
    if (type.kind === "pair" && r < 0.6) return `(${type.functor} ${type.args.map((t) => this.bindArg(t)).join(" ")})`;
    if (r < 0.85) {
      const v = `?v${this.fresh++}`;
      this.bound.set(v, type);
      return v;
    }
    return this.constant(type);
  }

  /** An argument of `type` from bound variables and constants only (negated literals, `distinct`, heads). */
  usedArg(type: ArgType, preferBound = 0.7): string {
    const known = this.boundOf(type);
    if (known.length > 0 && this.rng() < preferBound) return pick(this.rng, known);
    if (type.kind === "pair") return `(${type.functor} ${type.args.map((t) => this.usedArg(t, preferBound)).join(" ")})`;
    return this.constant(type);
  }

  constant(type: ArgType): string {
    if (type.kind === "pair") return `(${type.functor} ${type.args.map((t) => this.constant(t)).join(" ")})`;
    return pick(this.rng, type.constants);
  }

  /** Records the variables of a term written by someone else as bound with `type` (a role variable). */
  bindAs(variable: string, type: ArgType): void {
    this.bound.set(variable, type);
  }

  get boundCount(): number {
    return this.bound.size;
  }

  /** The variables bound after the first `count`. */
  boundSince(count: number): string[] {
    return [...this.bound.keys()].slice(count);
  }

  /** A static atom that holds for every value of a bound variable's type. */
  domainLiteral(variable: string): string {
    const type = this.bound.get(variable);
    const relation = { d: "dom", n: "num", p: "piece", r: "role", pt: "ptdom" }[type?.name ?? ""];
    if (relation === undefined) throw new Error(`no domain for ${variable}`);
    return `(${relation} ${variable})`;
  }

  variableName(): string {
    return `?v${this.fresh++}`;
  }
}

/** An atom's text: `(name args...)`, or `name` when it has no argument. */
const atom = (name: string, args: readonly string[]) => (args.length === 0 ? name : `(${name} ${args.join(" ")})`);

export interface RandomGameOptions {
  /** Roles (default 1 or 2 at random). */
  readonly roles?: number;
  /** Relations of each kind: 1 the default; 2 twice as many fluents, moves, views and static relations. */
  readonly scale?: number;
  /** GDL-II: `sees` rules, and a `random` role among the roles. */
  readonly gdl2?: boolean;
  /**
   * Only what the anchors' provers take (../shared/anchors): no fact without arguments (the Dresden
   * GameController's JavaProver does not parse one), no `distinct` of compound terms (it holds every
   * one false: `(distinct (pt c 5) (pt a 4))` fails there), and `noop` legal for every role in every state
   * (GGP-Base's prover-trace stops where a role has no legal move); with `gdl2`, a static graph without
   * cycles (the JavaProver loops on one).
   */
  readonly anchorSafe?: boolean;
  /**
   * Unsafe rules among the views' (Definition 1.2; `check` warns): a variable only in the head, in
   * `distinct` or its negation, in two negative literals, or local to one.
   */
  readonly unsafe?: boolean;
  /**
   * Fluents and moves as bare variables, as real games write them: a record of each role's last
   * move `(last ?r ?m)`, legal moves read from it, a frame rule over every fluent `(next ?f)`, a view
   * over every fluent, a view of who moved. Not with declared base and input (they are typed).
   */
  readonly untyped?: boolean;
}

/** A random valid GDL game in KIF, the same for the same seed. */
export function randomGdlGame(seed: number, options: RandomGameOptions = {}): string {
  const rng = mulberry32(seed);
  const out: string[] = [];
  const roleCount = options.roles ?? 1 + randomInt(rng, 2);
  const scale = options.scale ?? 1;
  let unsafeCount = 0;
  const roles = (options.gdl2 && chance(rng, 0.5) ? ["red", "random", "blue"] : ["red", "blue", "green"]).slice(0, roleCount + (options.gdl2 ? 1 : 0));
  const R: ArgType = { kind: "enum", name: "r", constants: roles };
  const types = [...TYPES, R];
  const sig = (name: string, maxArity: number): RelationSig => ({ name, types: Array.from({ length: randomInt(rng, maxArity + 1) }, () => pick(rng, types)) });

  for (const r of roles) out.push(`(role ${r})`);
  // static facts: the domains, a successor, random relations
  for (const c of DOMAIN) out.push(`(dom ${c})`);
  for (const c of PIECES) out.push(`(piece ${c})`);
  for (let i = 0; i < LAST; i++) out.push(`(succ ${i} ${i + 1})`);
  for (let i = 0; i <= LAST; i++) out.push(`(num ${i})`);
  for (const c of DOMAIN) for (let i = 0; i <= LAST; i++) out.push(`(ptdom (pt ${c} ${i}))`);
  const statics: RelationSig[] = [
    { name: "dom", types: [D] },
    { name: "piece", types: [P] },
    { name: "succ", types: [N, N] },
    { name: "num", types: [N] },
    { name: "ptdom", types: [PT] },
  ];
  const factBody = new Body(rng);
  for (let i = 0; i < 3 * scale; i++) {
    const s = options.anchorSafe ? { name: `s${i}`, types: [pick(rng, types), ...sig("", 2).types] } : sig(`s${i}`, 3);
    const facts = new Set<string>();
    for (let k = 1 + randomInt(rng, 6); k > 0; k--) facts.add(atom(s.name, s.types.map((t) => factBody.constant(t))));
    out.push(...facts);
    statics.push(s);
  }
  // a binary static relation over one type and its closure (recursive)
  const edge: RelationSig = { name: "edge", types: [D, D] };
  // a graph with cycles (tables must close them), but none for the Dresden GameController: its
  // JavaProver has no tabling, and `(reach ?v ?v)` over a cycle never returns there (seed 90002)
  const acyclic = options.anchorSafe === true && options.gdl2 === true;
  const edges = acyclic ? [["a", "b"], ["b", "c"], ["a", "c"]] : [["a", "b"], ["b", "c"], ["c", "a"], ["a", "a"]];
  for (const [a, b] of edges) if (chance(rng, 0.6)) out.push(`(edge ${a} ${b})`);
  out.push(acyclic ? "(edge b c)" : "(edge c b)");
  statics.push(edge);
  out.push("(<= (reach ?x ?y) (edge ?x ?y))", "(<= (reach ?x ?z) (edge ?x ?y) (reach ?y ?z))");
  statics.push({ name: "reach", types: [D, D] });

  // fluents: control and step always, random ones besides
  const fluents: RelationSig[] = [{ name: "control", types: [R] }, { name: "step", types: [N] }];
  for (let i = 0; i < 3 * scale; i++) fluents.push(sig(`f${i}`, 3));
  const moves: RelationSig[] = [];
  for (let i = 0; i < 2 * scale; i++) moves.push(sig(`m${i}`, 2));

  /** A positive literal over one of `pool`, or a `true` fluent, arguments bound as they come. */
  const positive = (body: Body, pool: readonly RelationSig[], withTrue: boolean): string => {
    if (withTrue && chance(rng, 0.45)) {
      const f = pick(rng, fluents);
      return `(true ${atom(f.name, f.types.map((t) => body.bindArg(t)))})`;
    }
    const r = pick(rng, pool);
    const before = body.boundCount;
    const literal = atom(r.name, r.types.map((t) => body.bindArg(t)));
    const fresh = body.boundSince(before);
    // an `or` whose both sides bind the one variable the literal binds
    if (fresh.length === 1 && chance(rng, 0.25)) return `(or ${literal} ${body.domainLiteral(fresh[0])})`;
    return literal;
  };
  /** A test on what is bound: a negated literal, `distinct`, or an `or` of two tests. */
  const test = (body: Body, pool: readonly RelationSig[], withTrue: boolean, depth = 0): string => {
    const r = rng();
    if (r < 0.25) {
      // (the GameController's JavaProver holds every `distinct` of two compound terms false: none for it)
      const t = pick(rng, options.anchorSafe ? types.filter((x) => x.kind === "enum") : types);
      return `(distinct ${body.usedArg(t)} ${body.usedArg(t)})`;
    }
    if (r < 0.35 && depth === 0) return `(or ${test(body, pool, withTrue, 1)} ${test(body, pool, withTrue, 1)})`;
    if (r < 0.45 && pool.length > 0) {
      const s = pick(rng, pool);
      return atom(s.name, s.types.map((t) => body.usedArg(t, 0.9)));
    }
    if (withTrue && r < 0.75) {
      const f = pick(rng, fluents);
      return `(not (true ${atom(f.name, f.types.map((t) => body.usedArg(t, 0.9)))}))`;
    }
    if (pool.length === 0) return `(distinct ${body.usedArg(D)} ${body.usedArg(D)})`;
    const s = pick(rng, pool);
    return `(not ${atom(s.name, s.types.map((t) => body.usedArg(t, 0.9)))})`;
  };
  /** A rule: positive literals from `pool` (and `true`), then tests; the head's arguments from what is bound. */
  const rule = (head: RelationSig | ((body: Body) => string), pool: readonly RelationSig[], withTrue: boolean, opts: { first?: (body: Body) => string[]; recursive?: RelationSig; bounded?: boolean; unsafe?: boolean } = {}): string => {
    const body = new Body(rng);
    if (opts.first) body.literals.push(...opts.first(body));
    for (let k = randomInt(rng, 3) + (opts.first ? 0 : 1); k > 0; k--) body.literals.push(positive(body, pool, withTrue));
    if (opts.recursive) {
      // the head relation again (or its partner), over variables bound above (or constants): GDL's recursion restriction
      // (an argument is a variable so bound or ground: Definition 1.3 asks that of whole terms, not of their variables)
      const argument = (t: ArgType) => {
        const known = body.boundOf(t);
        return known.length > 0 && chance(rng, 0.9) ? pick(rng, known) : body.constant(t);
      };
      body.literals.push(atom(opts.recursive.name, opts.recursive.types.map(argument)));
    }
    for (let k = randomInt(rng, 3); k > 0; k--) body.literals.push(test(body, pool, withTrue));
    const headArgs = typeof head === "function" ? [] : head.types.map((t) => body.usedArg(t, 0.95));
    if (opts.unsafe && chance(rng, 0.5)) {
      // a variable no positive literal binds (a safety warning, not an error): gdl-ground ranges it over the written ground terms
      const u = `?u${unsafeCount++}`;
      const kind = randomInt(rng, 4);
      const other = pool.filter((r) => r.types.length > 0);
      const negated = () => {
        const r = pick(rng, other);
        const at = randomInt(rng, r.types.length);
        return `(not ${atom(r.name, r.types.map((t, j) => (j === at ? u : body.usedArg(t, 0.9))))})`;
      };
      if (kind === 0) body.literals.push(`(distinct ${u} ${body.usedArg(pick(rng, types))})`);
      else if (kind === 1 && other.length > 0) body.literals.push(negated(), negated());
      else if (kind === 2 && other.length > 0) body.literals.push(negated());
      else if (headArgs.length > 0) headArgs[randomInt(rng, headArgs.length)] = u;
      else body.literals.push(`(not (distinct ${u} ${body.usedArg(pick(rng, types))}))`);
    }
    const headText = typeof head === "function" ? head(body) : atom((head as RelationSig).name, headArgs);
    if (opts.bounded && chance(rng, 0.5)) {
      // half the time an atom outside the recursion for each head variable; the other half the
      // bounded check must see by itself that typed terms do not grow (a variable a level deeper
      // in one fluent or move than in another, or in another argument of the same one)
      for (const variable of new Set(headText.match(/\?v\d+/g) ?? [])) body.literals.push(body.domainLiteral(variable));
    }
    return body.literals.length === 0 ? headText : `(<= ${headText} ${body.literals.join(" ")})`;
  };

  // static views over the statics, then state views in strata, then views that read does
  const pool: RelationSig[] = [...statics];
  for (let i = 0; i < 2 * scale; i++) {
    const view = sig(`sv${i}`, 2);
    for (let k = 1 + randomInt(rng, 2); k > 0; k--) out.push(rule(view, pool, false));
    pool.push(view);
  }
  for (let i = 0; i < 5 * scale; i++) {
    const view = sig(`v${i}`, 3);
    for (let k = 1 + randomInt(rng, 2); k > 0; k--) out.push(rule(view, pool, true, { unsafe: options.unsafe }));
    if (chance(rng, 0.25)) {
      // two views recursive through each other (one strongly connected set)
      const partner = sig(`v${i}b`, 3);
      out.push(rule(partner, pool, true), rule(partner, pool, true, { recursive: view }), rule(view, pool, true, { recursive: partner }));
      pool.push(partner);
    } else if (chance(rng, 0.3)) out.push(rule(view, pool, true, { recursive: view }));
    if (chance(rng, 0.2) && !(options.anchorSafe && view.types.length === 0)) out.push(atom(view.name, view.types.map((t) => factBody.constant(t))));
    pool.push(view);
  }
  const doesPool = [...pool];
  const doesLiteral = (body: Body): string[] => {
    const m = pick(rng, moves);
    let role = pick(rng, roles);
    if (chance(rng, 0.5)) {
      role = body.variableName();
      body.bindAs(role, R);
    }
    return [`(does ${role} ${atom(m.name, m.types.map((t) => body.bindArg(t)))})`];
  };
  for (let i = 0; i < 2 * scale; i++) {
    const view = sig(`w${i}`, 2);
    out.push(rule(view, doesPool, true, { first: doesLiteral }));
    doesPool.push(view);
  }

  // init: control, step, random fluents
  out.push(`(init (control ${roles[0]}))`, "(init (step 0))");
  const constants = new Body(rng);
  for (const f of fluents.slice(2)) for (let k = randomInt(rng, 3); k > 0; k--) out.push(`(init ${atom(f.name, f.types.map((t) => constants.constant(t)))})`);
  if (chance(rng, 0.5)) out.push(rule((b) => `(init ${atom(fluents[2].name, fluents[2].types.map((t) => b.usedArg(t, 0.95)))})`, statics, false));

  // legal: each move of a role bound by the body; noop for whoever is not in control
  for (const m of moves) {
    for (let k = 1 + randomInt(rng, 2); k > 0; k--) {
      out.push(
        rule((b) => `(legal ${b.boundOf(R)[0]} ${atom(m.name, m.types.map((t) => b.usedArg(t, 0.95)))})`, pool, true, {
          bounded: true,
          first: (b) => {
            const v = b.variableName();
            b.bindAs(v, R);
            return [chance(rng, 0.7) ? `(true (control ${v}))` : `(role ${v})`];
          },
        }),
      );
    }
  }
  out.push(options.anchorSafe ? "(<= (legal ?r noop) (role ?r))" : "(<= (legal ?r noop) (role ?r) (not (true (control ?r))))");
  if (chance(rng, 0.5)) out.push("(<= (legal ?r noop) (true (control ?r)) (true (step 3)))");

  // next: control passes round, the step counts, random effects and frame rules
  roles.forEach((r, i) => out.push(`(<= (next (control ${roles[(i + 1) % roles.length]})) (true (control ${r})))`));
  out.push("(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))");
  for (const f of fluents.slice(2)) {
    const head = (b: Body) => `(next ${atom(f.name, f.types.map((t) => b.usedArg(t, 0.95)))})`;
    out.push(rule(head, doesPool, true, { first: doesLiteral, bounded: true }));
    if (chance(rng, 0.6)) out.push(rule(head, doesPool, true, { bounded: true }));
    // a frame rule: the fluent stays unless a test says otherwise
    out.push(
      rule(head, doesPool, true, {
        first: (b) => [`(true ${atom(f.name, f.types.map((t) => b.bindArg(t)))})`],
        bounded: true,
      }),
    );
  }

  // base and input declared (GDL 2010), as the products of the argument types' domains; not where a
  // rule may be unsafe: its variable ranges over every term of the game, beyond the types (the
  // declarations would leave out reachable moves and fluents: a game not well defined, seed 60766)
  if (!options.unsafe && !options.untyped && chance(rng, 0.25)) {
    const declare = (head: (args: string[]) => string, types: readonly ArgType[], prefix: string[] = []) => {
      const b = new Body(rng);
      const args = types.map((t) => {
        const v = b.variableName();
        b.bindAs(v, t);
        return v;
      });
      const literals = [...prefix, ...args.map((v) => b.domainLiteral(v))];
      out.push(literals.length === 0 ? head(args) : `(<= ${head(args)} ${literals.join(" ")})`);
    };
    for (const f of fluents) declare((args) => `(base ${atom(f.name, args)})`, f.types);
    for (const m of moves) declare((args) => `(input ?r ${atom(m.name, args)})`, m.types, ["(role ?r)"]);
    out.push("(<= (input ?r noop) (role ?r))");
  }

  // GDL-II: what roles see of a joint move
  if (options.gdl2) {
    for (const r of roles) {
      if (chance(rng, 0.3)) continue;
      out.push(
        rule((b) => {
          const seen = b.boundOf(pick(rng, types)).slice(0, 2);
          return `(sees ${r} ${atom(`saw${seen.length}`, seen)})`;
        }, doesPool, true, { first: doesLiteral }),
      );
    }
  }

  // terminal within a few joint moves, goals from views
  out.push(`(<= terminal (true (step ${Math.min(LAST, 3 + scale)})))`);
  if (chance(rng, 0.5)) out.push(rule(() => "terminal", pool, true));
  for (const r of roles) {
    out.push(rule(() => `(won ${r})`, pool, true));
    out.push(`(<= (goal ${r} 100) (won ${r}))`, `(<= (goal ${r} 0) (not (won ${r})))`);
  }

  // bare variables for fluents and moves (last, so that the games without them stay as they were)
  if (options.untyped) {
    if (chance(rng, 0.7)) out.push("(<= (next (last ?r ?m)) (does ?r ?m))");
    if (chance(rng, 0.4)) out.push("(<= (legal ?r ?m) (true (control ?r)) (true (last ?r ?m)))");
    if (chance(rng, 0.4)) out.push(`(<= (next ?f) (true ?f) (not (true (control ${pick(rng, roles)}))))`);
    if (chance(rng, 0.5)) {
      const fluent = chance(rng, 0.5) ? `(step ${randomInt(rng, LAST + 1)})` : `(control ${pick(rng, roles)})`;
      out.push("(<= (anyfluent ?f) (true ?f))", `(<= (won ${pick(rng, roles)}) (anyfluent ${fluent}))`);
    }
    if (chance(rng, 0.4)) out.push("(<= (moved ?r) (does ?r ?m) (not (does ?r noop)))", "(<= (next (busy ?r)) (moved ?r))");
  }
  return out.join("\n") + "\n";
}
