/**
 * KIF's `and` (src/syntax/conjunction.ts): read as a conjunction, as the Dresden GameController
 * reads it, by rewriting the rules that use it into rules without it; a warning says so.
 */
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../src/diagnostics.js";
import { parseGdl } from "../src/syntax/parse.js";
import { ruleToKif } from "../src/syntax/print.js";

const read = (text: string) => {
  const { description, diagnostics } = parseGdl(text, "t.kif");
  return { rules: description.rules.map(ruleToKif), diagnostics: diagnostics.map(formatDiagnostic) };
};

describe("KIF's and", () => {
  it("expands and inside or into one rule per alternative, with a warning at the and", () => {
    const r = read("(<= (goal p 50) (t ?a ?b) (or (and (same ?a 1) (same ?b 2)) (same ?a 3)))");
    expect(r.rules).toEqual(["(<= (goal p 50) (t ?a ?b) (same ?a 1) (same ?b 2))", "(<= (goal p 50) (t ?a ?b) (same ?a 3))"]);
    expect(r.diagnostics).toEqual([expect.stringMatching(/^t\.kif:1:31: warning\[syntax\]: 'and' is not part of GDL .* \(this rule is read as 2 rules\)$/)]);
  });

  it("splices a top-level and, and keeps distinct, not and or inside it", () => {
    const r = read("(<= q (and (p ?x) (distinct ?x 1) (not (r ?x)) (or (s ?x) (u ?x))))");
    expect(r.rules).toEqual(["(<= q (p ?x) (distinct ?x 1) (not (r ?x)) (or (s ?x) (u ?x)))"]);
  });

  it("negates a conjunction by De Morgan's law, and leaves or without and alone", () => {
    expect(read("(<= q (p ?x) (not (and (r ?x) (s ?x))) (or (a ?x) (b ?x)))").rules).toEqual([
      "(<= q (p ?x) (or (not (r ?x)) (not (s ?x))) (or (a ?x) (b ?x)))",
    ]);
  });

  it("nests: and in or in and", () => {
    expect(read("(<= q (and (p 1) (or (and (p 2) (p 3)) (p 4))))").rules).toEqual(["(<= q (p 1) (p 2) (p 3))", "(<= q (p 1) (p 4))"]);
  });

  it("leaves and alone when the description defines a relation and", () => {
    const r = read("(and 1 2) (<= q (and 1 2))");
    expect(r.rules).toEqual(["(and 1 2)", "(<= q (and 1 2))"]);
    expect(r.diagnostics).toEqual([]);
  });

  it("refuses a variable as a conjunct, with its position", () => {
    expect(read("(<= q (p ?x) (and (p ?x) ?x))").diagnostics).toEqual([expect.stringMatching(/^t\.kif:1:26: error\[syntax\]: a variable cannot be a conjunct of 'and'/)]);
  });

  it("reads infix and(...) the same way", () => {
    const { description } = parseGdl("q :- p(X) & or(and(r(X), s(X)), u(X)).", "t.gdl", { syntax: "infix" });
    expect(description.rules.map(ruleToKif)).toEqual(["(<= q (p ?x) (r ?x) (s ?x))", "(<= q (p ?x) (u ?x))"]);
  });
});
