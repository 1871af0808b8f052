/**
 * The bounded check's ranking (src/check/bounded.ts) against what the relaxed game derives: on
 * random positive programs with function terms, wherever the ranking is finite (and not capped by
 * the literal reading), no term that G' derives at a position is deeper than the position's rank.
 * G' is evaluated bottom-up here, with a depth cut-off, so a program that grows without bound
 * still ends. Also the shapes that ranking by whole argument positions rejected, and the
 * unbounded shapes that must stay rejected.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { argumentRanking, checkBounded, checkDescription, definition2Rules } from "../src/check/index.js";
import type { Diagnostic } from "../src/diagnostics.js";
import type { Atom, Rule, Term } from "../src/syntax/ast.js";
import { parseGdl } from "../src/syntax/parse.js";
import { MAX_QUOTE, quoteForMessage } from "../src/text.js";

function parse(text: string): readonly Rule[] {
  const { description, diagnostics } = parseGdl(text, "t.kif");
  expect(diagnostics).toEqual([]);
  return description.rules;
}

const boundedErrors = (text: string): Diagnostic[] =>
  checkDescription(parseGdl(text, "t.kif").description, [checkBounded]).filter((d) => d.severity === "error");

const depth = (t: Term): number => (t.kind === "compound" ? 1 + Math.max(0, ...t.args.map(depth)) : 0);

const show = (t: Term): string => (t.kind === "compound" ? `(${t.functor} ${t.args.map(show).join(" ")})` : t.name);

/** Binds `pattern` to the ground term `ground` under `s` (extended in place; undone by the caller on failure). */
function match(pattern: Term, ground: Term, s: Map<string, Term>): boolean {
  if (pattern.kind === "variable") {
    const bound = s.get(pattern.name);
    if (bound) return show(bound) === show(ground);
    s.set(pattern.name, ground);
    return true;
  }
  if (pattern.kind === "constant") return ground.kind === "constant" && ground.name === pattern.name;
  if (ground.kind !== "compound" || ground.functor !== pattern.functor || ground.args.length !== pattern.args.length) return false;
  return pattern.args.every((p, i) => match(p, ground.args[i], s));
}

function substitute(t: Term, s: ReadonlyMap<string, Term>): Term {
  if (t.kind === "variable") return s.get(t.name)!;
  if (t.kind === "compound") return { ...t, args: t.args.map((a) => substitute(a, s)) };
  return t;
}

interface Derived {
  readonly atoms: ReadonlyMap<string, readonly Term[][]>;
  /** Atoms left out for a term deeper than the cut-off. */
  readonly cut: Atom[];
}

/** The positive part of G' bottom-up (negation and distinct left out, as the ranking does), terms cut at `maxDepth`. */
function deriveRelaxed(rules: readonly Rule[], maxDepth: number, maxAtoms = 3000): Derived {
  const program = [...rules, ...definition2Rules()];
  const atoms = new Map<string, Term[][]>();
  const seen = new Set<string>();
  const cut: Atom[] = [];
  const add = (relation: string, args: Term[]): boolean => {
    if (args.some((a) => depth(a) > maxDepth)) {
      if (cut.length < 10) cut.push({ kind: "atom", relation, args, pos: rules[0].pos });
      return false;
    }
    const key = `${relation} ${args.map(show).join(" ")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const list = atoms.get(relation);
    if (list) list.push(args);
    else atoms.set(relation, [args]);
    return true;
  };
  const tuples = (relation: string): readonly Term[][] => atoms.get(relation) ?? [];
  for (let changed = true; changed && seen.size < maxAtoms; ) {
    changed = false;
    for (const rule of program) {
      const body = rule.body.filter((l): l is Atom => l.kind === "atom");
      const found: Term[][] = [];
      const join = (i: number, s: Map<string, Term>): void => {
        if (i === body.length) {
          found.push(rule.head.args.map((a) => substitute(a, s)));
          return;
        }
        for (const tuple of [...tuples(body[i].relation)]) {
          const next = new Map(s);
          if (body[i].args.length === tuple.length && body[i].args.every((p, j) => match(p, tuple[j], next))) join(i + 1, next);
        }
      };
      join(0, new Map());
      for (const args of found) if (add(rule.head.relation, args)) changed = true;
    }
  }
  return { atoms, cut };
}

const VARIABLES = ["?x", "?y", "?z"];
const RELATIONS: Readonly<Record<string, number>> = { init: 1, next: 1, legal: 2, s: 1, v: 1 };
const BODY_RELATIONS = ["true", "does", "s", "v"];
const ARITY: Readonly<Record<string, number>> = { ...RELATIONS, true: 1, does: 2 };

const term: fc.Arbitrary<string> = fc.letrec<{ term: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...VARIABLES, "a", "b"),
    tie("term").map((t) => `(f ${t})`),
    fc.tuple(tie("term"), tie("term")).map(([t, u]) => `(g ${t} ${u})`),
  ),
})).term;

const atomOf = (relations: readonly string[]) =>
  fc.constantFrom(...relations).chain((relation) => fc.array(term, { minLength: ARITY[relation], maxLength: ARITY[relation] }).map((args) => `(${relation} ${args.join(" ")})`));

/** A safe rule: head variables that the body does not bind are replaced by a constant. */
const rule = fc.tuple(atomOf(Object.keys(RELATIONS)), fc.array(atomOf(BODY_RELATIONS), { minLength: 0, maxLength: 2 })).map(([head, body]) => {
  const bound = new Set(body.join(" ").match(/\?[xyz]/g) ?? []);
  const safeHead = head.replace(/\?[xyz]/g, (v) => (bound.has(v) ? v : "a"));
  return body.length === 0 ? safeHead : `(<= ${safeHead} ${body.join(" ")})`;
});

/**
 * Holds `rules` to the ranking's promise: every term G' derives at a position is at most its rank
 * deep. False when the ranking makes no promise (a rank is infinite, or capped by the literal reading).
 */
function expectRanksBoundDepths(rules: readonly Rule[], pathDepth?: number): boolean {
  const ranking = argumentRanking(rules, undefined, { pathDepth });
  if (![...ranking.pathRank.values()].every(Number.isFinite) || ranking.capped.size > 0) return false;
  const highest = Math.max(0, ...ranking.rank.values());
  const derived = deriveRelaxed(rules, highest + 2);
  expect(derived.cut.map((a) => `(${a.relation} ${a.args.map(show).join(" ")})`)).toEqual([]);
  for (const [relation, tuples] of derived.atoms) {
    for (const args of tuples) {
      args.forEach((arg, i) => {
        const rank = ranking.rank.get(`${relation}/${i + 1}`) ?? 0;
        if (depth(arg) > rank) expect(`${relation}/${i + 1} holds ${show(arg)}, deeper than its rank ${rank}`).toBe("");
      });
    }
  }
  return true;
}

describe("the bounded check's ranking", () => {
  it("bounds the depth of every term the relaxed game derives, wherever it is finite", () => {
    let checked = 0;
    fc.assert(
      // paths ranked to the default depth, or cut short (a term below the cut is ranked by its path there)
      fc.property(fc.array(rule, { minLength: 1, maxLength: 8 }), fc.constantFrom(undefined, undefined, 0, 1, 2), (texts, pathDepth) => {
        if (expectRanksBoundDepths(parse(texts.join("\n")), pathDepth)) checked++;
      }),
      { numRuns: Number(process.env.BOUNDED_RUNS ?? 3000) },
    );
    // most random programs have a finite ranking: the property is not vacuous
    expect(checked).toBeGreaterThan(1000);
  });

  it("bounds what sits below a variable by what sits below where the body binds it", () => {
    // true/1 h/1:1 f/1:1 gets (f a) through ?x, which stands for (f (f a)) in both (k ?x) and (h ?x)
    const rules = parse("(init (k (f (f a)))) (<= (next (h ?x)) (true (k ?x))) (<= (v ?y) (true (h (f ?y))))");
    expect(expectRanksBoundDepths(rules)).toBe(true);
    expect(argumentRanking(rules).rank.get("v/1")).toBe(1);
    // the state read whole and its second argument wrapped again: it grows, and only the keys below v/1 say so
    const whole = parse("(<= (v ?y) (true ?y)) (<= (init (g ?x (g ?x ?y))) (v (g ?x ?y))) (next (g a a))");
    expect(argumentRanking(whole).rank.get("init/1")).toBe(Infinity);
  });

  it("ranks terms below the path depth by their path at that depth", () => {
    // found by the property with the cut at 1 and at 0 (a written term's depth below the cut; a binder below it)
    expect(expectRanksBoundDepths(parse("(s (g a (f a)))"), 1)).toBe(true);
    expect(argumentRanking(parse("(s (g a (f a)))"), undefined, { pathDepth: 1 }).rank.get("s/1")).toBe(2);
    expect(expectRanksBoundDepths(parse("(<= (next (g ?x ?x)) (v (g ?x (f a)))) (v (g (g a a) (f a))) (init a)"), 0)).toBe(true);
  });

  it("stays linear on deep terms and on many keys: paths to a depth of 6, positions alone past 400,000 constraints", () => {
    // 20 terms 1,000 deep (the parser takes 2,000): each path kept would be a string of its depth
    const deep = Array.from({ length: 20 }, (_, k) => `(init ${`(g${k} `.repeat(1000)}a${")".repeat(1000)})`);
    const ranking = argumentRanking(parse([...deep, "(<= (next ?x) (true ?x))"].join("\n")));
    expect(ranking.rank.get("true/1")).toBe(1000);
    expect(Math.max(...[...ranking.pathRank.keys()].map((k) => k.split(" ").length - 1))).toBe(6);
    // 2,000 fluents read whole by 300 views: 600,000 constraints by path, ranked by positions instead
    const wide = [...Array.from({ length: 2000 }, (_, k) => `(init (f${k} a))`), ...Array.from({ length: 300 }, (_, k) => `(<= (v${k} ?x) (true ?x))`)];
    const byPositions = argumentRanking(parse(wide.join("\n")));
    expect([...byPositions.pathRank.keys()].some((k) => k.includes(" "))).toBe(false);
    expect(byPositions.rank.get("v7/1")).toBe(1);
  });

  it("accepts a fluent that records the last move a level deeper (ranked by positions alone, it was rejected)", () => {
    const game = `(role p) (init (cell 1 b)) (init (cell 2 b))
      (<= (legal p (mark ?x)) (true (cell ?x b)))
      (<= (next (cell ?x o)) (does p (mark ?x)))
      (<= (next (last (at ?x))) (does p (mark ?x)))`;
    expect(boundedErrors(game)).toEqual([]);
    const ranking = argumentRanking(parse(game));
    expect(ranking.pathRank.get("next/1 last/1:1")).toBe(1);
    expect(ranking.pathRank.get("next/1 cell/2:1") ?? 0).toBe(0);
    expect(ranking.rank.get("does/2")).toBe(1);
    expect(ranking.rank.get("true/1")).toBe(2);
  });

  it("accepts a variable moved into a deeper argument of the same fluent", () => {
    expect(boundedErrors("(init (f a (pt b 1))) (<= (next (f ?y (pt ?x 1))) (true (f ?x (pt ?y 1))))")).toEqual([]);
    expect(boundedErrors("(init (f a (pt b 1))) (<= (next (f ?x (pt ?x 1))) (true (f ?x (pt ?y 1))))")).toEqual([]);
  });

  it("still rejects terms that grow", () => {
    const unbounded = [
      // a variable swapped into a deeper argument, round and round
      "(init (f a a)) (<= (next (f ?x (g ?y))) (true (f ?y ?x)))",
      // the state read whole and wrapped by a view
      "(init (c a)) (<= (wrap (w ?f)) (true ?f)) (<= (next ?g) (wrap ?g))",
      // a subterm wrapped once more below what is written
      "(init (p (s a))) (<= (next (p (s (s ?x)))) (true (p (s ?x))))",
      // through the moves
      "(init (h a)) (<= (legal p (m ?x)) (true (h ?x))) (<= (next (h (k ?x))) (does p (m ?x)))",
    ];
    for (const text of unbounded) expect(boundedErrors(text), text).toHaveLength(1);
  });
});

describe("quoting long GDL in messages", () => {
  it("a term 50,000 levels deep is quoted by its start and end, not whole", () => {
    const depth = 50_000;
    const deep = `${"(f ".repeat(depth)}?x${")".repeat(depth)}`;
    const { description } = parseGdl(`(role r) (init (c a)) (<= (next (c ${deep})) (true (c ?x))) (<= (legal r go) (true (c ?x))) (<= terminal (true (c b))) (goal r 100)`, "deep.kif");
    const [error] = checkDescription(description).filter((d) => d.severity === "error");
    expect(error.code).toBe("bounded");
    expect(error.message.length).toBeLessThan(1000);
    expect(error.message).toMatch(/^terms can grow without bound: \?x sits at depth 50001 in \(c \(f \(f .* …\(199,746 characters\)… \)\)\)+ but at depth 1 in \(true \(c \?x\)\)/);
  });

  it("keeps a short quote whole, and a long one's start and end, never half a character", () => {
    expect(quoteForMessage("(cell 1 1 x)")).toBe("(cell 1 1 x)");
    expect(quoteForMessage("a".repeat(MAX_QUOTE))).toBe("a".repeat(MAX_QUOTE));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 0, maxLength: 400 }), (text) => {
        const quoted = quoteForMessage(text);
        if (text.length <= MAX_QUOTE) {
          expect(quoted).toBe(text);
          return;
        }
        expect(quoted.length).toBeLessThan(MAX_QUOTE);
        const [head, tail] = quoted.split(/ …\([\d,]+ characters\)… /);
        expect(text.startsWith(head) && text.endsWith(tail)).toBe(true);
        // no lone surrogate: every high one followed by a low one, every low one preceded by a high one
        expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(quoted)).toBe(false);
      }),
    );
  });
});

describe("a move carried through a record of the last move", () => {
  // The moves a role made are kept as fluents (last) and may be made again; another move is built
  // from a view of the state. Each move's arguments stay as deep as written: the ranking reads
  // true/1 last/2:2 m0/1:1 as a key of its own, not as deep as the deepest move last may hold.
  const game = (f0: string, again: string) => `
    (role blue) (init (control blue))
    (<= (v2 (pt ?x 6)) (true (f0 ?x)))
    (<= (legal ?p (m1 o ?y)) (role ?p) (v2 ?y))
    (<= (legal ?p (m0 a)) (role ?p))
    ${f0}
    (<= (next (last ?r ?m)) (does ?r ?m))
    ${again}
    (<= (next (control ?r)) (true (control ?r)))
    (<= terminal (true (f0 b))) (goal blue 100)`;
  const bounded = (text: string) => checkDescription(parseGdl(text, "last.kif").description).filter((d) => d.code === "bounded" && d.severity === "error");

  it("is bounded when the view reads what a move wrote one level down (it was an error)", () => {
    expect(bounded(game("(<= (next (f0 ?x)) (does ?p (m0 ?x)))", "(<= (legal ?r ?m) (true (control ?r)) (true (last ?r ?m)))"))).toEqual([]);
  });

  it("still grows without bound when a whole move goes into the view, or a move is made again one level deeper", () => {
    expect(bounded(game("(<= (next (f0 ?x)) (does ?p ?x))", "(<= (legal ?r ?m) (true (control ?r)) (true (last ?r ?m)))")).length).toBeGreaterThan(0);
    expect(bounded(game("(<= (next (f0 ?x)) (does ?p (m0 ?x)))", "(<= (legal ?r (m0 ?m)) (true (control ?r)) (true (last ?r ?m)))")).length).toBeGreaterThan(0);
  });
});
