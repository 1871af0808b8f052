/**
 * The infix reader and writer: the dialects it accepts, positions, diagnostics, sniffing, and
 * property tests (random trees printed and read back; random text never throws).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Atom, Literal, Rule, Term } from "../src/syntax/ast.js";
import { NO_POSITION } from "../src/diagnostics.js";
import { parseGdl } from "../src/syntax/parse.js";
import { printGdl } from "../src/syntax/printer.js";
import { ruleKey } from "../src/syntax/roundtrip.js";
import { detectSyntax } from "../src/syntax/sniff.js";
import { ruleToKif } from "../src/syntax/print.js";

const kifOf = (text: string) => {
  const { description, diagnostics, syntax } = parseGdl(text, "t.gdl", { syntax: "infix" });
  expect(diagnostics.map((d) => d.message)).toEqual([]);
  expect(syntax).toBe("infix");
  return description.rules.map(ruleToKif);
};

describe("infix reader", () => {
  it("reads Figure 1 of the grounding paper and Stanford's dialect to the same rules", () => {
    const paper = "legal(W, mark(X, Y)) :- true(cell(X, Y, b)), true(control(W)) .";
    const stanford = "legal(W, mark(X, Y)) :- true(cell(X, Y, b)) & true(control(W))";
    const want = ["(<= (legal ?w (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?w)))"];
    expect(kifOf(paper)).toEqual(want);
    expect(kifOf(stanford)).toEqual(want);
  });

  it("reads negation, distinct, or, comments, 0-ary compounds and quoted names", () => {
    const text = [
      "% a comment",
      "; a comment too, first on its line",
      "p(X) :- q(X) & ~r(X) & not s(X) & not(t(X)) & distinct(X, 'a-b')",
      "u :- or(v, ~w, distinct(f(), f)).  % end of line",
      "'VerticalTerrorist'(Row1, _Under, _, _).",
      "ROLE_IS_A_VARIABLE_HERE_ok(1) :- v.".replace("ROLE_IS_A_VARIABLE_HERE_ok", "n01"),
    ].join("\n");
    expect(kifOf(text)).toEqual([
      "(<= (p ?x) (q ?x) (not (r ?x)) (not (s ?x)) (not (t ?x)) (distinct ?x a-b))",
      "(<= u (or v (not w) (distinct (f) f)))",
      "(verticalterrorist ?row1 ?_Under ?_1 ?_2)",
      "(<= (n01 1) v)",
    ]);
  });

  it("gives rules, literals and terms their positions", () => {
    const { description } = parseGdl("role(r).\n  next(p(X)) :-\n    true(q(X)) & ~s", "t.gdl");
    const [, rule] = description.rules;
    expect(rule.pos).toMatchObject({ line: 2, col: 3 });
    expect(rule.body[0].pos).toMatchObject({ line: 3, col: 5 });
    expect(rule.body[1].pos).toMatchObject({ line: 3, col: 18 });
    const arg = (rule.body[0] as Atom).args[0] as Term & { kind: "compound" };
    expect(arg.args[0].pos).toMatchObject({ line: 3, col: 12 });
  });

  it("keeps variable identity and lower-cases constants", () => {
    const { description } = parseGdl("p(XY, Xy, ABC) :- q(XY, Xy, ABC, aBc).", "t.gdl");
    expect(ruleToKif(description.rules[0])).toBe("(<= (p ?xY ?xy ?aBC) (q ?xY ?xy ?aBC abc))");
  });

  const errors = (text: string) => parseGdl(text, "bad.gdl", { syntax: "infix" }).diagnostics.map((d) => `${d.pos.line}:${d.pos.col} ${d.code} ${d.message}`);

  it("reports errors with positions, and recovers at the next clause", () => {
    expect(errors("p(a :- q.\nr(b).")).toEqual([expect.stringMatching(/^1:2 syntax unclosed '\('/)]);
    expect(errors("p(a)).\nr(b).")).toEqual([expect.stringMatching(/^1:5 syntax unmatched '\)'/)]);
    expect(errors("terminal :- .\nr(b).")).toEqual([expect.stringMatching(/^1:10 syntax ':-' must be followed by a body/)]);
    expect(errors("Cell(1, 2).")).toEqual([expect.stringMatching(/^1:1 syntax the head of a rule must be an atom, not the variable 'Cell'/)]);
    expect(errors("p :- q r.")).toEqual([expect.stringMatching(/^1:8 syntax expected '&', ',' or '\.'/)]);
    expect(errors("p :- q ; r.")).toEqual([expect.stringMatching(/^1:8 syntax unexpected ';'/)]);
    expect(errors("p('abc).")).toEqual([expect.stringMatching(/^1:3 syntax unclosed quote/)]);
    expect(errors("p :- distinct(a).")).toEqual([expect.stringMatching(/'distinct' takes exactly two terms/)]);
    expect(errors("p :- not(q, r).")).toEqual([expect.stringMatching(/'not' takes exactly one literal/)]);
    expect(errors("p :- or().")).toEqual([expect.stringMatching(/'or' needs at least one literal/)]);
    expect(errors("p :- X.")).toEqual([expect.stringMatching(/a body literal must be an atom, not the variable 'X'/)]);
    expect(errors("not(p) :- q.")).toEqual([expect.stringMatching(/the head of a rule must be an atom, not 'not'/)]);
    expect(errors("p :- q.\nr(b) :- s(?x).")).toEqual([expect.stringMatching(/^2:11 syntax unexpected '\?'/)]);
  });

  it("caps the number of errors on garbage", () => {
    const { diagnostics } = parseGdl("@ # $ ".repeat(100), "bad.gdl", { syntax: "infix" });
    expect(diagnostics.length).toBe(21);
    expect(diagnostics.at(-1)!.message).toMatch(/too many syntax errors/);
    const kif = parseGdl("(p '\"|`\\ ".repeat(40) + ")", "bad.kif", { syntax: "kif" });
    expect(kif.diagnostics.length).toBeLessThanOrEqual(21);
  });

  it("hints at the other notation", () => {
    const asKif = parseGdl("role(x).\np :- q.", "t.kif", { syntax: "kif" }).diagnostics;
    expect(asKif[0]).toMatchObject({ severity: "warning", code: "syntax" });
    expect(asKif[0].message).toMatch(/looks like infix GDL.*--syntax infix/);
    expect(parseGdl("(role x)\n(p 'q)\nr :- s", "t.kif", { syntax: "kif" }).diagnostics[0].message).toMatch(/unexpected.*looks like infix/);
    const asInfix = parseGdl("(role x)\n(<= p q)", "t.gdl", { syntax: "infix" }).diagnostics;
    expect(asInfix[0].message).toMatch(/looks like KIF.*--syntax kif/);
  });
});

describe("infix terms nested 50,000 deep", () => {
  it("reads one, its anonymous variables named apart (it took 2,000 levels, a call per level)", () => {
    const depth = 50_000;
    const kif = kifOf(`p(${"f(_, ".repeat(depth)}X${")".repeat(depth)}) :- q(X).`);
    // each `_` its own variable, named in written order
    const names = Array.from({ length: depth }, (_, i) => `(f ?_${i + 1} `).join("");
    expect(kif.length === 1 && kif[0] === `(<= (p ${names}?x${")".repeat(depth)}) (q ?x))`).toBe(true);
  });

  it("refuses a term nested past 100,000 levels and literals 500 deep, with a diagnostic", () => {
    const read = (text: string) => parseGdl(text, "deep.gdl", { syntax: "infix" }).diagnostics.map((d) => `${d.pos.col} ${d.message}`);
    expect(read(`p(${"f(".repeat(100_000)}a${")".repeat(100_000)}).`)).toEqual([]);
    expect(read(`p(${"f(".repeat(100_001)}a${")".repeat(100_001)}).`)).toEqual([`${3 + 2 * 100_000} terms nested deeper than 100,000 levels`]);
    expect(read(`p :- ${"~".repeat(499)}q.`)).toEqual([]);
    expect(read(`p :- ${"~".repeat(500)}q.`)).toEqual([`${6 + 500} literals nested deeper than 500 levels`]);
  });
});

describe("sniffing", () => {
  it("tells KIF from infix", () => {
    expect(detectSyntax("; comment\n(role x)")).toBe("kif");
    expect(detectSyntax("% comment\nrole(x).")).toBe("infix");
    expect(detectSyntax("terminal :- true(done)")).toBe("infix");
    expect(detectSyntax("")).toBe("kif");
    expect(detectSyntax("terminal")).toBe("kif");
    expect(detectSyntax("   \n;;;; x\n\n  (<= terminal (true done))")).toBe("kif");
  });
});

describe("infix writer", () => {
  it("quotes what cannot be bare, keeps (f) apart from f, names variables", () => {
    const { description } = parseGdl("(<= (p ?x ?x++ (f) f a-b 01 + not) (q ?_ ?piece))", "t.kif");
    const text = printGdl(description, { syntax: "infix" });
    expect(text).toBe("p(X, X__, f(), f, 'a-b', 01, '+', 'not') :- q(V_, Piece).\n");
  });

  it("puts comments back", () => {
    const parsed = parseGdl("; Roles\n(role x) ; the only one\n\n; End\n", "t.kif");
    expect(printGdl(parsed.description, { syntax: "infix", comments: parsed.comments })).toBe("% Roles\nrole(x).\n% the only one\n\n% End\n");
  });
});

// ---------- properties ----------

const NAME_CHARS = "abcxyz019_-+.<>'\\ é*?".split("");
const name = fc
  .array(fc.constantFrom(...NAME_CHARS), { minLength: 1, maxLength: 5 })
  .map((cs) => cs.join(""))
  .filter((n) => !["not", "or", "distinct", "<="].includes(n));
const cleanVariable = fc.oneof(
  fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,4}$/),
  fc.stringMatching(/^_[A-Za-z0-9_]{1,3}$/),
);
const anyVariable = fc.oneof(cleanVariable, name);

function termArb(variable: fc.Arbitrary<string>): fc.Arbitrary<Term> {
  const { term } = fc.letrec<{ term: Term }>((tie) => ({
    term: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      name.map((n): Term => ({ kind: "constant", name: n, pos: NO_POSITION })),
      variable.map((n): Term => ({ kind: "variable", name: n, pos: NO_POSITION })),
      fc.record({ f: name, args: fc.array(tie("term"), { maxLength: 3 }) }).map(({ f, args }): Term => ({ kind: "compound", functor: f, args, pos: NO_POSITION })),
    ),
  }));
  return term;
}

function ruleArb(variable: fc.Arbitrary<string>): fc.Arbitrary<Rule> {
  const term = termArb(variable);
  const atom = fc.record({ r: name, args: fc.array(term, { maxLength: 3 }) }).map(({ r, args }): Atom => ({ kind: "atom", relation: r, args, pos: NO_POSITION }));
  const { literal } = fc.letrec<{ literal: Literal }>((tie) => ({
    literal: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      atom,
      tie("literal").map((body): Literal => ({ kind: "not", body, pos: NO_POSITION })),
      fc.tuple(term, term).map(([left, right]): Literal => ({ kind: "distinct", left, right, pos: NO_POSITION })),
      fc.array(tie("literal"), { minLength: 1, maxLength: 3 }).map((disjuncts): Literal => ({ kind: "or", disjuncts, pos: NO_POSITION })),
    ),
  }));
  return fc.record({ head: atom, body: fc.array(literal, { maxLength: 4 }) }).map(({ head, body }) => ({ head, body, pos: NO_POSITION }));
}

describe("infix properties", () => {
  it("prints random descriptions and reads them back exactly (clean variable names)", () => {
    fc.assert(
      fc.property(fc.array(ruleArb(cleanVariable), { maxLength: 5 }), (rules) => {
        const text = printGdl({ file: "r", rules }, { syntax: "infix" });
        const back = parseGdl(text, "r.gdl", { syntax: "infix" });
        expect(back.diagnostics).toEqual([]);
        expect(back.description.rules.map((r) => ruleKey(r))).toEqual(rules.map((r) => ruleKey(r)));
      }),
      { numRuns: 300 },
    );
  });

  it("reads them back up to a renaming of variables (any variable names)", () => {
    fc.assert(
      fc.property(fc.array(ruleArb(anyVariable), { maxLength: 5 }), (rules) => {
        const text = printGdl({ file: "r", rules }, { syntax: "infix", width: 40 });
        const back = parseGdl(text, "r.gdl", { syntax: "infix" });
        expect(back.diagnostics).toEqual([]);
        expect(back.description.rules.map((r) => ruleKey(r, true))).toEqual(rules.map((r) => ruleKey(r, true)));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on random text, and every diagnostic has a position", () => {
    const piece = fc.constantFrom("p", "X", "_", "(", ")", ",", "&", "~", ".", ":-", "not", "or", "distinct", "'q", "'", "%c\n", "\n", " ", ";", "1", "?x", "<=", "é");
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(piece, { maxLength: 40 }).map((a) => a.join(""))), (text) => {
        for (const syntax of ["infix", "kif", "auto"] as const) {
          const { diagnostics } = parseGdl(text, "r", { syntax });
          expect(diagnostics.length).toBeLessThanOrEqual(21);
          for (const d of diagnostics) expect(d.pos.line).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
