import { describe, expect, it } from "vitest";
import { parseGdl, blankComments, MAX_NESTING } from "../src/syntax/parse.js";
import { ruleToKif } from "../src/syntax/print.js";

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

  it("refuses deep nesting with a diagnostic, not a stack overflow", () => {
    const depth = MAX_NESTING * 20;
    const text = "(role r) " + "(p ".repeat(depth) + ")".repeat(depth);
    const { diagnostics } = parseGdl(text, "deep.kif");
    expect(diagnostics[0].message).toMatch(/nested deeper than/);
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
