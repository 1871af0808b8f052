import { describe, expect, it } from "vitest";
import { parseGdl, blankComments } from "../src/syntax/parse.js";
import { ruleToKif, termToKif } from "../src/syntax/print.js";
import { MAX_LITERAL_NESTING, MAX_TERM_NESTING, NO_POSITION, type Rule, type Term } from "../src/syntax/ast.js";
import { parseKifTerm } from "../src/syntax/kif-term.js";
import { collectTermVariables, isGround, renameVariables, termDepth, writtenGroundTerms } from "../src/syntax/terms.js";
import { termToInfix } from "../src/syntax/infix-print.js";
import { printGdl } from "../src/syntax/printer.js";
import { ruleKey } from "../src/syntax/roundtrip.js";

describe("reading KIF", () => {
  it("reads odd real-game symbols, any case, comments, or, nested not and distinct", () => {
    const text = `; a comment (with parens)
(ROLE White) ; another
(init (cell a-b + 1x 01))
(<= (legal ?P (Move ?x)) (true (cell ?x ?y)) (or (p ?x) (not (not (q ?y)))) (distinct ?x ?y))
(<= terminal (not open))`;
    const { description, diagnostics } = parseGdl(text, "g.kif");
    expect(diagnostics).toEqual([]);
    expect(description.rules.map(ruleToKif)).toEqual([
      "(role white)",
      "(init (cell a-b + 1x 01))",
      "(<= (legal ?p (move ?x)) (true (cell ?x ?y)) (or (p ?x) (not (not (q ?y)))) (distinct ?x ?y))",
      "(<= terminal (not open))",
    ]);
    const legal = description.rules[2];
    expect(legal.pos).toMatchObject({ line: 4, col: 1 });
    expect(legal.body[1].pos).toMatchObject({ line: 4, col: 46 });
  });

  it("keeps offsets when blanking comments", () => {
    const text = "(a) ; x (y)\n(b)";
    expect(blankComments(text)).toHaveLength(text.length);
    expect(blankComments(text)).toBe("(a)        \n(b)");
  });

  it("reports syntax errors with positions and keeps the good rules", () => {
    const { description, diagnostics } = parseGdl("(role r)\n(<= (p ?x) ?x)\n) (q\n", "bad.kif");
    expect(description.rules).toHaveLength(1);
    const messages = diagnostics.map((d) => `${d.pos.line}:${d.pos.col} ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "2:12 a body literal must be an atom, not the variable '?x'",
        "3:1 unmatched ')': there is no '(' for it to close",
        "3:3 unclosed '(': the text ends before its ')'",
      ]),
    );
    expect(diagnostics.every((d) => d.code === "syntax" && d.severity === "error")).toBe(true);
  });

  it("reads a term nested 50,000 deep, with every position (it took 2,000 levels, a call per level)", () => {
    const depth = 50_000;
    const text = `(role r)\n(<= (p ${"(f ".repeat(depth)}?x${")".repeat(depth)})\n    (q ?x))\n`;
    const { description, diagnostics } = parseGdl(text, "deep.kif");
    expect(diagnostics).toEqual([]);
    let t = description.rules[1].head.args[0];
    let levels = 0;
    for (; t.kind === "compound"; levels++) {
      expect(t.pos.offset).toBe(16 + 3 * levels);
      t = t.args[0];
    }
    expect(levels).toBe(depth);
    expect(t).toMatchObject({ kind: "variable", name: "x", pos: { line: 2, col: 8 + 3 * depth } });
    expect(termToKif(parseKifTerm(termToKif(description.rules[1].head.args[0])))).toBe(termToKif(description.rules[1].head.args[0]));
  });

  it("refuses a term nested past MAX_TERM_NESTING and literals past MAX_LITERAL_NESTING with a diagnostic, not a stack overflow", () => {
    const terms = (depth: number) => parseGdl(`(role r) (init ${"(f ".repeat(depth)}a${")".repeat(depth)})`, "deep.kif");
    expect(terms(MAX_TERM_NESTING).diagnostics).toEqual([]);
    expect(terms(MAX_TERM_NESTING + 1).diagnostics.map((d) => `${d.pos.col} ${d.message}`)).toEqual([`${16 + 3 * MAX_TERM_NESTING} terms nested deeper than 100,000 levels`]);
    expect(terms(MAX_TERM_NESTING * 2).description.rules).toHaveLength(1);
    const literals = (depth: number) => parseGdl(`(role r) (<= p ${"(not ".repeat(depth)}q${")".repeat(depth)})`, "deep.kif");
    expect(literals(MAX_LITERAL_NESTING - 1).diagnostics).toEqual([]);
    expect(literals(MAX_LITERAL_NESTING).diagnostics.map((d) => `${d.pos.col} ${d.message}`)).toEqual([`${16 + 5 * MAX_LITERAL_NESTING} literals nested deeper than 500 levels`]);
    // `and`'s conjuncts are read as terms, then as the literals they stand for
    const and = parseGdl(`(role r) (<= p (and ${"(not ".repeat(MAX_TERM_NESTING - 1)}q${")".repeat(MAX_TERM_NESTING - 1)}))`, "deep.kif");
    expect(and.diagnostics.map((d) => d.message)).toEqual(["literals nested deeper than 500 levels"]);
    expect(() => parseKifTerm(`${"(f ".repeat(MAX_TERM_NESTING + 1)}a${")".repeat(MAX_TERM_NESTING + 1)}`)).toThrow(/nested deeper than 100000 levels/);
  });

  it("rejects characters that KIF in GDL does not have", () => {
    const { diagnostics } = parseGdl('(role "r")', "q.kif");
    expect(diagnostics[0]).toMatchObject({ code: "syntax", pos: { line: 1, col: 7 } });
  });
});

describe("reading KIF forms in one pass", () => {
  it("takes Unicode white space inside a form as a separator, with true positions after it", () => {
    // a no-break space between a and b: b is its own symbol at column 4 (it was said to be at 3)
    const { description, diagnostics } = parseGdl("(a\u00a0b)\n(c\u2003 d)", "x.kif");
    expect(diagnostics).toEqual([]);
    const [first, second] = description.rules;
    expect(first.head).toMatchObject({ relation: "a", args: [{ name: "b", pos: { line: 1, col: 4, offset: 3 } }] });
    expect(second.head).toMatchObject({ relation: "c", args: [{ name: "d", pos: { line: 2, col: 5, offset: 10 } }] });
  });

  it("gives every list and symbol of a deep form its position", () => {
    const { description } = parseGdl("(<= (p ?x)\r\n   (q (f ?x\r(g a))))", "x.kif");
    const body = description.rules[0].body[0];
    expect(body).toMatchObject({ kind: "atom", relation: "q", pos: { line: 2, col: 4 } });
    expect(body).toMatchObject({ args: [{ kind: "compound", pos: { line: 2, col: 7 }, args: [{ name: "x" }, { kind: "compound", pos: { line: 3, col: 1 }, args: [{ name: "a", pos: { line: 3, col: 4 } }] }] }] });
  });
});

describe("terms nested 50,000 deep: the helpers and printers take no call per level", () => {
  // f(f(...f(g(?x, a), ?y)..., ?y), ?y), 50,000 f's: the recursive walks overflowed the stack from a few thousand levels
  const depth = 50_000;
  const constant = (name: string): Term => ({ kind: "constant", name, pos: NO_POSITION });
  const variable = (name: string): Term => ({ kind: "variable", name, pos: NO_POSITION });
  const nest = (inner: Term, sibling: Term): Term => {
    let t = inner;
    for (let i = 0; i < depth; i++) t = { kind: "compound", functor: "f", args: [t, sibling], pos: NO_POSITION };
    return t;
  };
  const deep = nest({ kind: "compound", functor: "g", args: [variable("x"), constant("a")], pos: NO_POSITION }, variable("y"));
  /** Where two long texts first differ ("none" when they are equal): a failure shows that, not two texts of 200,000 characters. */
  const difference = (actual: string, expected: string): string => {
    for (let i = 0; i < Math.max(actual.length, expected.length); i++)
      if (actual[i] !== expected[i]) return `at ${i}: ${JSON.stringify(actual.slice(i, i + 40))} where ${JSON.stringify(expected.slice(i, i + 40))} was expected`;
    return "none";
  };
  const rule: Rule = { head: { kind: "atom", relation: "p", args: [deep], pos: NO_POSITION }, body: [{ kind: "atom", relation: "q", args: [variable("x"), variable("y")], pos: NO_POSITION }], pos: NO_POSITION };

  it("collects variables in written order, tells ground terms, measures the depth", () => {
    expect([...collectTermVariables(deep, new Set())]).toEqual(["x", "y"]);
    expect(isGround(deep)).toBe(false);
    expect(isGround(nest(constant("a"), constant("b")))).toBe(true);
    expect(termDepth(deep)).toBe(depth + 1);
  });

  it("prints it in KIF and infix, and as a rule key", () => {
    expect(difference(termToKif(deep), `${"(f ".repeat(depth)}(g ?x a)${" ?y)".repeat(depth)}`)).toBe("none");
    expect(difference(termToInfix(deep), `${"f(".repeat(depth)}g(X, a)${", Y)".repeat(depth)}`)).toBe("none");
    expect(difference(ruleKey(rule), `[p ${"(f ".repeat(depth)}(g ?x c:a)${" ?y)".repeat(depth)}] <= [q ?x ?y]`)).toBe("none");
    expect(difference(printGdl({ file: "deep.kif", rules: [rule] }), `(<= (p ${"(f ".repeat(depth)}(g ?x a)${" ?y)".repeat(depth)})\n    (q ?x ?y))\n`)).toBe("none");
    expect(difference(printGdl({ file: "deep.kif", rules: [rule] }, { syntax: "infix" }), `p(${"f(".repeat(depth)}g(X, a)${", Y)".repeat(depth)}) :-\n    q(X, Y).\n`)).toBe("none");
  });

  it("renames its variables", () => {
    const renamed = renameVariables(rule, new Map([["x", "z"]]));
    expect(difference(termToKif(renamed.head.args[0]), `${"(f ".repeat(depth)}(g ?z a)${" ?y)".repeat(depth)}`)).toBe("none");
    expect(rule.head.args[0]).toBe(deep); // a copy, the rule as it was
  });

  it("lists its ground subterms, the arguments of a term before it", () => {
    const ground = (n: number): Term => {
      let t = constant("a");
      for (let i = 0; i < n; i++) t = { kind: "compound", functor: "f", args: [t, constant("b")], pos: NO_POSITION };
      return t;
    };
    const atom = (t: Term) => ({ kind: "atom" as const, relation: "r", args: [t], pos: NO_POSITION });
    // the deep term's one ground subterm is `a` (each ground subterm's text is a key: a ground term n deep has n² characters of them)
    expect(writtenGroundTerms({ file: "deep.kif", rules: [rule] }).map(termToKif)).toEqual(["a"]);
    expect(writtenGroundTerms({ file: "deep.kif", rules: [{ ...rule, body: [atom(ground(2))] }] }).map(termToKif)).toEqual(["a", "b", "(f a b)", "(f (f a b) b)"]);
  });
});
