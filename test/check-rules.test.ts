/** Unit tests of each validity check on small inline descriptions. */
import { describe, expect, it } from "vitest";
import {
  argumentRanking,
  checkArity,
  checkBounded,
  checkDescription,
  checkKeywords,
  checkRecursionRestriction,
  checkSafety,
  checkStratification,
  explainBoundedReading,
  type CheckRule,
} from "../src/check/index.js";
import type { Diagnostic } from "../src/diagnostics.js";
import type { Atom, Literal, Term } from "../src/syntax/ast.js";
import { parseGdl } from "../src/syntax/parse.js";

function parse(text: string) {
  const { description, diagnostics } = parseGdl(text, "t.kif");
  expect(diagnostics).toEqual([]);
  return description;
}

function run(rule: CheckRule, text: string): Diagnostic[] {
  return checkDescription(parse(text), [rule]);
}

const errors = (ds: Diagnostic[]) => ds.filter((d) => d.severity === "error");
const at = (d: Diagnostic) => `${d.pos.line}:${d.pos.col}`;

describe("safety (Definition 1.2, a warning)", () => {
  it("accepts variables bound by positive atoms", () => {
    expect(run(checkSafety, "(<= (p ?x) (q ?x ?y) (not (r ?y)) (distinct ?x ?y))")).toEqual([]);
  });

  it("reports a head variable at its position", () => {
    const ds = run(checkSafety, "(<= (p ?x ?y) (q ?x))");
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ code: "safety", severity: "warning", file: "t.kif" });
    expect(ds[0].message).toContain("?y");
    expect(ds[0].message).toContain("not valid GDL by Definition 1.2");
    expect(ds[0].message).toContain("binding ?y to every ground term of the description");
    expect(at(ds[0])).toBe("1:11");
  });

  it("reports variables only under not or in distinct", () => {
    expect(run(checkSafety, "(<= p (q ?x) (not (r ?y)))")[0].message).toMatch(/\?y under 'not'/);
    expect(run(checkSafety, "(<= p (q ?x) (distinct ?x ?z))")[0].message).toMatch(/\?z in 'distinct'/);
    expect(run(checkSafety, "(<= p (not (r ?y)) (not (s ?y)))")).toHaveLength(1); // once per variable and rule
  });

  it("binds a variable through or only when every disjunct binds it", () => {
    expect(run(checkSafety, "(<= (p ?x) (or (q ?x) (r ?x)))")).toEqual([]);
    expect(run(checkSafety, "(<= (p ?x) (or (q ?x) (or (r ?x 1) (s 2 ?x))))")).toEqual([]);
    const ds = run(checkSafety, "(<= (p ?x) (or (q ?x) (or (r ?x) (s 2))))");
    expect(ds).toHaveLength(1);
    expect(ds[0].message).toContain("only in some disjuncts");
    expect(ds[0].related?.length).toBeGreaterThan(0);
  });

  it("lets another conjunct bind what a disjunct uses, in every variant", () => {
    expect(run(checkSafety, "(<= (p ?x) (q ?x) (or (not (r ?x)) (distinct ?x 1)))")).toEqual([]);
    const ds = run(checkSafety, "(<= (p ?x) (or (q ?x) (not (r ?x))))");
    expect(ds).toHaveLength(1); // the variant with (not (r ?x)) binds nothing
  });

  it("does not count atoms under a negated or as binding", () => {
    expect(run(checkSafety, "(<= (p ?x) (not (or (q ?x) (r ?x))))")).toHaveLength(1);
  });

  it("walks a term nested 50,000 deep from a stack of its own (a generator per level overflowed the browser workers' stacks from 1,500)", () => {
    const description = parse("(<= (p ?x) (q ?x) (not (r (f ?y))))");
    let deep: Term = { kind: "variable", name: "?y", pos: description.rules[0].pos };
    for (let i = 0; i < 50_000; i++) deep = { kind: "compound", functor: "f", args: [deep], pos: description.rules[0].pos };
    const [rule] = description.rules;
    const not = rule.body[1] as Extract<Literal, { kind: "not" }>;
    const body = [rule.body[0], { ...not, body: { ...(not.body as Atom), args: [deep] } }];
    const ds = checkDescription({ ...description, rules: [{ ...rule, body }] }, [checkSafety]);
    expect(ds.map((d) => d.message)).toEqual([expect.stringMatching(/\?y under 'not'/)]);
  });

  it("reports a variable of a fact", () => {
    expect(run(checkSafety, "(cell ?x 1)")).toHaveLength(1);
  });
});

describe("stratification (Definition 1.1)", () => {
  it("accepts negation that does not go round a cycle, and positive cycles", () => {
    expect(run(checkStratification, "(<= (p ?x) (d ?x) (not (q ?x))) (<= (q ?x) (d ?x) (q ?x)) (<= (q ?x) (p ?x))")).toHaveLength(1);
    expect(run(checkStratification, "(<= (p ?x) (d ?x) (not (q ?x))) (<= (q ?x) (e ?x) (q ?x))")).toEqual([]);
    expect(run(checkStratification, "(<= (p ?x) (q ?x)) (<= (q ?x) (p ?x))")).toEqual([]);
  });

  it("names the relations of the cycle and points at the not", () => {
    const ds = run(checkStratification, "(<= a (not b))\n(<= b c)\n(<= c a)");
    expect(ds).toHaveLength(1);
    expect(ds[0].message).toContain("a -> b -> c -> a");
    expect(at(ds[0])).toBe("1:7");
  });

  it("warns when only the ground instances are stratified (goal 100 <= not goal 0)", () => {
    const ds = run(checkStratification, "(<= (goal robot 0) (t x))\n(<= (goal robot 100) (not (goal robot 0)))");
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: "warning", code: "stratification" });
    expect(ds[0].message).toContain("stratified only after splitting 'goal' by its constant arguments");
    expect(ds[0].message).toContain("not stratified by Definition 1.1 as written");
    expect(at(ds[0])).toBe("2:22");
    const roles = "(role a) (role b) (<= (goal ?r 100) (role ?r) (t ?r)) (<= (goal ?r 0) (role ?r) (not (goal ?r 100)))";
    expect(run(checkStratification, roles).map((d) => d.severity)).toEqual(["warning"]);
  });

  it("keeps the error when the rules negate each other (p <= not q, q <= not p)", () => {
    const ds = run(checkStratification, "(<= p (not q)) (<= q (not p))");
    expect(ds).toHaveLength(2);
    expect(ds.every((d) => d.severity === "error")).toBe(true);
    expect(ds[0].message).toContain("p -> q -> p");
    expect(ds[0].related?.length).toBe(2);
  });

  it("keeps the error when a variable under not unifies with the rule's own head", () => {
    const ds = run(checkStratification, "(<= (g a) (not (g ?x)))");
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: "error", code: "stratification" });
    expect(ds[0].message).toContain("'g' depends negatively on itself");
  });

  it("matches function terms structurally", () => {
    const ok = "(<= (g (f a)) (t x)) (<= (g (f b)) (not (g (f a))))";
    expect(run(checkStratification, ok).map((d) => d.severity)).toEqual(["warning"]);
    const bad = "(<= (g (f ?y)) (t ?y)) (<= (g (f b)) (not (g (f ?z))) (t ?z))";
    expect(run(checkStratification, bad).map((d) => d.severity)).toEqual(["error"]);
    const arity = "(<= (g (f a)) (t x)) (<= (g (h a)) (not (g (f a a))))";
    expect(run(checkStratification, arity).map((d) => d.severity)).toEqual(["warning"]);
  });

  it("finds ground cycles through other rules of the component", () => {
    // (g 1) <= not (h 1), (h ?x) <= (g ?x): a ground cycle (g 1) -> (h 1) -> (g 1).
    expect(run(checkStratification, "(<= (g 1) (not (h 1))) (<= (h ?x) (g ?x) (t ?x))")[0].severity).toBe("error");
    // (g 1) <= not (h 2), (h 2) <= (g 2): no ground cycle.
    expect(run(checkStratification, "(<= (g 1) (not (h 2))) (<= (h 2) (g 2)) (<= (g 2) (t 2))")[0].severity).toBe("warning");
    // The test is sound, not complete: rule-level edges are not composed, so (h ?x) <= (g ?x)
    // closes a cycle although the instances (h 2) and (g 1) never meet.
    expect(run(checkStratification, "(<= (g 1) (not (h 2))) (<= (h ?x) (g ?x) (t ?x)) (<= (g 2) (t 2))")[0].severity).toBe("error");
  });

  it("sees negation inside or", () => {
    expect(run(checkStratification, "(<= a (or c (not b))) (<= b a)")).toHaveLength(1);
  });
});

describe("recursion restriction (Definition 1.3)", () => {
  it("accepts arguments that are ground, head arguments, or bound outside the recursion", () => {
    const ok = `
      (<= (reach ?x ?y) (edge ?x ?y))
      (<= (reach ?x ?z) (edge ?x ?y) (reach ?y ?z))
      (<= (reach ?x ?z) (reach a ?z) (node ?x))`;
    expect(run(checkRecursionRestriction, ok)).toEqual([]);
  });

  it("reports an argument bound only inside the recursion", () => {
    const ds = run(checkRecursionRestriction, "(<= (lt ?x ?y) (s ?x ?y))\n(<= (lt ?x ?z) (lt ?x ?y) (lt ?y ?z))");
    expect(ds).toHaveLength(2);
    expect(ds.map(at)).toEqual(["2:23", "2:31"]);
    expect(ds[0].message).toContain("?y");
  });

  it("asks for a compound argument as a whole, not its variables", () => {
    expect(run(checkRecursionRestriction, "(<= (p ?x) (q ?x)) (<= (p ?x) (p (f ?x)) (q ?x))")).toHaveLength(1);
    expect(run(checkRecursionRestriction, "(<= (p ?x) (q ?x)) (<= (p ?x) (p (f ?x)) (q (f ?x)))")).toEqual([]);
  });

  it("needs the bounding literal in every variant of an or", () => {
    const base = "(<= (p ?x) (q ?x)) ";
    expect(run(checkRecursionRestriction, `${base}(<= (p ?x) (p ?y) (or (q ?y) (r ?y)) (q ?x))`)).toEqual([]);
    expect(run(checkRecursionRestriction, `${base}(<= (p ?x) (p ?y) (or (q ?y) (r 1)) (q ?x))`)).toHaveLength(1);
    expect(run(checkRecursionRestriction, `${base}(<= (p ?x) (or (p ?y) (r ?y)) (or (q ?y) (s ?y)) (q ?x))`)).toEqual([]);
  });

  it("does not extend the description with the rules of Definition 2", () => {
    expect(run(checkRecursionRestriction, "(<= (legal p (m ?x ?y)) (true (c ?x ?y))) (<= (next (c ?x ?y)) (does p (m ?x ?y)))")).toEqual([]);
  });

  it("keeps terms apart whose names KIF writes between bars, short or long", () => {
    // terms longer than 64 characters are compared by numbers, shorter ones by their KIF texts
    const long = "a_constant_with_a_long_name_to_make_the_term_longer_than_sixty_four_characters";
    const infix = (text: string) => checkDescription(parseGdl(text, "t.gdl", { syntax: "infix" }).description, [checkRecursionRestriction]);
    // f('x (g long)', X) is (f |x (g long)| ?x), f(x, g(long), X) (f x (g long) ?x): two terms (the check read them as one)
    expect(infix(`reach(X) :- q(X).\nreach(X) :- reach(f('x (g ${long})', X)) & link(f(x, g(${long}), X)) & q(X).`)).toHaveLength(1);
    // the constant '(f ?x)' is no head argument f(X) (both were (f ?x)), nor is ' 0' the number key of a long term
    expect(infix("p(a).\np('(f ?x)') :- p(f(X)).")).toHaveLength(1);
    expect(infix(`p(a).\np(' 0') :- p(g(${long}, X)).`)).toHaveLength(1);
    expect(infix(`reach(X) :- q(X).\nreach(X) :- reach(g(${long}, a, X)) & link(g(${long}, b, X)) & q(X).`)).toHaveLength(1);
    expect(infix(`reach(X) :- q(X).\nreach(X) :- reach(g(${long}, a, X)) & link(h(g(${long}, a, X))) & q(X).`)).toEqual([]);
  });
});

describe("keywords", () => {
  const codes = (text: string) => run(checkKeywords, text).map((d) => d.message);

  it("accepts an ordinary game", () => {
    expect(
      codes(`(role a) (init (c 1)) (<= (legal a (m ?x)) (true (c ?x))) (<= (next (c ?x)) (does a (m ?x)))
             (<= terminal (true (c 2))) (<= (goal a 100) (true (c 2))) (<= (base (c ?x)) (n ?x)) (<= (input a (m ?x)) (n ?x))`),
    ).toEqual([]);
  });

  it("keeps true and does out of heads", () => {
    expect(codes("(<= (true (c 1)) (x))")[0]).toContain("'true' cannot be defined");
    expect(codes("(does a m)")[0]).toContain("'does' cannot be defined");
  });

  it("keeps init, role, base and input independent of the state and the moves", () => {
    expect(codes("(<= (init (c ?x)) (true (c ?x)))")[0]).toContain("'init' may not depend on 'true'");
    expect(codes("(<= (h ?x) (next ?x)) (<= (base ?x) (h ?x))")[0]).toContain("base -> h -> next");
    expect(codes("(<= (input a ?m) (legal a ?m))")[0]).toContain("'input' may not depend on 'legal'");
    expect(codes("(<= (init x) goal1) (<= goal1 (goal a 100))")[0]).toContain("'goal'");
    expect(codes("(<= (init x) t) (<= t terminal)")[0]).toContain("'terminal'");
  });

  it("keeps legal, goal and terminal independent of does", () => {
    expect(codes("(<= (legal a m) (does b n))")).toHaveLength(1);
    expect(codes("(<= (goal a 100) moved) (<= moved (does a m))")[0]).toContain("goal -> moved -> does");
    expect(codes("(<= terminal (does a m))")).toHaveLength(1);
    expect(codes("(<= (next x) (does a m)) (<= (legal a m) (true x))")).toEqual([]);
  });

  it("checks the arities of the keywords", () => {
    expect(codes("(legal a)")[0]).toContain("'legal' takes 2 arguments, here it has 1");
    expect(codes("(<= (terminal x) (true x))")[0]).toContain("'terminal' takes 0 arguments");
    expect(codes("(<= (next x) (true x y))")[0]).toContain("'true' takes 1 argument,");
  });

  it("wants role as facts", () => {
    expect(codes("(<= (role ?r) (player ?r))")[0]).toContain("'role' must be given by facts");
    expect(codes("(role a) (role b)")).toEqual([]);
  });
});

describe("arity", () => {
  it("reports a relation with two arities, pointing at the first use", () => {
    const ds = run(checkArity, "(cell 1 1)\n(<= x (cell 1 1 b))\n(cell 2 2 b)");
    expect(ds).toHaveLength(1); // once per (symbol, arity)
    expect(at(ds[0])).toBe("2:7");
    expect(ds[0].related?.[0].pos.line).toBe(1);
  });

  it("checks function symbols apart from relations", () => {
    expect(run(checkArity, "(f 1) (p (f 1 2))")).toEqual([]);
    expect(run(checkArity, "(p (f 1)) (p (f 1 2))")[0].message).toContain("function symbol 'f'");
    expect(run(checkArity, "(p (g (f 1))) (<= (q (f ?x ?y)) (p ?x) (p ?y))")).toHaveLength(1);
    expect(run(checkArity, "(p a) (q (f (a 1)))")).toEqual([]); // a constant and a function symbol
  });

  it("keeps (f) apart from the constant f but not from (f x)", () => {
    expect(run(checkArity, "(p f) (p (f))")).toEqual([]);
    expect(run(checkArity, "(p (f)) (p (f x))")).toHaveLength(1);
  });

  it("leaves the keywords to the keywords check", () => {
    expect(run(checkArity, "(legal a m) (legal a m x)")).toEqual([]);
  });

  it("looks inside not, or and distinct", () => {
    expect(run(checkArity, "(p 1) (<= q (or (not (p 1 2)) r))")).toHaveLength(1);
    expect(run(checkArity, "(p (f 1)) (<= q (p ?x) (distinct ?x (f 1 2)))")).toHaveLength(1);
  });
});

describe("bounded (Definition 2, term-depth reading)", () => {
  const tictactoe = `
    (role x) (role o)
    (init (cell 1 1 b)) (init (cell 1 2 b)) (init (control x))
    (<= (legal ?p (mark ?m ?n)) (true (cell ?m ?n b)) (true (control ?p)))
    (<= (legal x noop) (true (control o)))
    (<= (next (cell ?m ?n x)) (does x (mark ?m ?n)) (true (cell ?m ?n b)))
    (<= (next (cell ?m ?n ?w)) (true (cell ?m ?n ?w)) (distinct ?w b))
    (<= (next (control o)) (true (control x)))
    (<= terminal (true (cell 1 1 x)))`;

  it("accepts tictactoe, noting that the literal reading rejects it", () => {
    const ds = run(checkBounded, tictactoe);
    expect(errors(ds)).toEqual([]);
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: "note", code: "bounded" });
    expect(ds[0].message).toContain("read literally");
  });

  it("accepts a step counter over succ facts and a bounded depth increase", () => {
    const counter = `(init (step 0)) (succ 0 1) (succ 1 2)
      (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
      (<= (next (history (s ?n))) (true (step ?m)) (succ ?m ?n))
      (<= (next (history ?h)) (true (history ?h)))`;
    expect(errors(run(checkBounded, counter))).toEqual([]);
    const ranking = argumentRanking(parse(counter).rules);
    expect(ranking.rank.get("next/1")).toBe(2);
    expect(ranking.rank.get("true/1")).toBe(2);
  });

  it("accepts a depth increase that a non-recursive atom bounds", () => {
    expect(
      errors(run(checkBounded, "(init (c 0)) (num (s 0)) (num (s (s 0))) (<= (next (c (s ?n))) (true (c ?n)) (num (s ?n)))")),
    ).toEqual([]);
  });

  it("rejects a counter built from the previous one, at the head argument", () => {
    const ds = errors(run(checkBounded, "(init (count 0))\n(<= (next (count (plus1 ?n))) (true (count ?n)))"));
    expect(ds).toHaveLength(1);
    expect(at(ds[0])).toBe("2:11");
    expect(ds[0].message).toContain("next -> true -> next");
    expect(ds[0].related?.[0].pos.line).toBe(2);
  });

  it("rejects growth through the moves (does <= legal)", () => {
    const ds = errors(run(checkBounded, "(init (last a)) (<= (legal p (again ?m)) (true (last ?m))) (<= (next (last ?m)) (does p ?m))"));
    expect(ds).toHaveLength(1);
    expect(ds[0].message).toContain("does -> legal -> true -> next");
  });

  it("rejects growth of a static relation", () => {
    expect(errors(run(checkBounded, "(nat 0) (<= (nat (s ?x)) (nat ?x))"))).toHaveLength(1);
  });

  it("takes the worst disjunct of an or", () => {
    expect(errors(run(checkBounded, "(init (c 0)) (n 0) (<= (next (c (s ?x))) (or (n ?x) (true (c ?x))))"))).toHaveLength(1);
    expect(errors(run(checkBounded, "(init (c 0)) (n 0) (<= (next (c (s ?x))) (or (n ?x) (true (c ?x))) (n ?x))"))).toEqual([]);
  });

  it("accepts a recursion that satisfies the recursion restriction literally in G'", () => {
    // test_case_5a's shape: finite, though no argument ranking exists.
    const ds = run(checkBounded, "(r 0 0) (q 0) (<= (r ?v1 (f ?v1)) (r ?v2 ?v1) (q ?v2))");
    expect(ds).toEqual([]);
  });

  it("explains its reading in one paragraph", () => {
    const text = explainBoundedReading();
    expect(text).toContain("argument");
    expect(text).not.toContain("\n");
  });
});

describe("checkDescription", () => {
  it("requires roles, a terminal rule and goals for every role (Love et al. 2008)", () => {
    const codes = (text: string) => checkDescription(parse(text)).map((d) => `${d.pos.line}:${d.message}`);
    expect(codes("")).toEqual([expect.stringMatching(/^1:the description has no rules/)]);
    expect(codes("(init (a))\nterminal")).toEqual([expect.stringMatching(/^1:the description has no \(role/)]);
    expect(codes("(role x)\n(role y)\n(goal x 100)")).toEqual([
      expect.stringMatching(/^2:role y has no goal rule/),
      expect.stringMatching(/^3:the description has no terminal rule/),
    ]);
    expect(codes("(role x)\n(role y)\n(<= (goal ?r 50) (role ?r))\nterminal")).toEqual([]);
  });

  it("checks terms nested 50,000 deep, in linear time (the bounded check's walks overflowed the stack, and the recursion restriction kept the text of every subterm: n² characters)", () => {
    const deep = (inner: string) => `${"(f ".repeat(50_000)}${inner}${")".repeat(50_000)}`;
    const text = [
      "(role r)", `(init (at ${deep("a")}))`, "(<= (next (at ?x)) (true (at ?x)))", "(legal r go)",
      `(<= terminal (true (at ${deep("a")})))`, `(<= (goal r 100) (true (at ${deep("a")})))`, `(<= (goal r 0) (not (true (at ${deep("a")}))))`,
      "(<= (reach ?x) (true (at ?x)))", `(<= (reach ?x) (reach ?y) (link ?y ${deep("?x")}))`, `(link a ${deep("b")})`,
      // a cycle through negation whose atoms unify 50,000 levels down; q's head argument is not ?z itself (Definition 1.3)
      `(<= (p ?x) (link ?x ?y) (not (q ${deep("?y")})))`, `(<= (q ${deep("?z")}) (p ?z))`,
    ].join("\n");
    const ds = checkDescription(parse(text));
    expect(ds.map((d) => `${d.severity} ${d.code} ${d.pos.line}:${d.pos.col}`)).toEqual([
      "error stratification 11:25",
      `error recursion-restriction 12:${15 + 4 * 50_000}`,
      `note bounded 12:${15 + 4 * 50_000}`,
    ]);
    expect(ds[0].message).toMatch(/^'p' depends negatively on 'q', which depends on 'p' again/);
  });

  it("runs every check and sorts by position", () => {
    const ds = checkDescription(parse("(<= (p ?x) (q))\n(q 1)\n(<= (true x) (q 1))\n(role r) terminal (goal r 0)"));
    expect(ds.map((d) => d.code)).toEqual(["safety", "arity", "keywords"]);
    expect(ds.every((d) => d.file === "t.kif")).toBe(true);
  });
});
