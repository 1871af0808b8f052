/**
 * Or-free bodies (src/syntax/or-free.ts), the one expansion of `or` and nested `not` that the
 * translation and the prover share: on random bodies of atoms, `distinct`, `not` and `or`, the
 * or-free bodies hold under exactly the truth assignments where the body holds; the count past
 * the limit is the number of bodies, computed without building them.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { orFreeBodies, tooManyVariantsMessage, type FlatLiteral } from "../src/syntax/or-free.js";
import { parseGdl } from "../src/syntax/parse.js";
import type { Literal } from "../src/syntax/ast.js";
import { Prover } from "../src/prover/prover.js";
import { translate } from "../src/translate/index.js";

const ATOMS = ["a", "b", "c"];

const literal: fc.Arbitrary<string> = fc.letrec<{ literal: string }>((tie) => ({
  literal: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...ATOMS),
    fc.tuple(fc.constantFrom("x", "y"), fc.constantFrom("x", "y")).map(([s, t]) => `(distinct ${s} ${t})`),
    tie("literal").map((l) => `(not ${l})`),
    fc.array(tie("literal"), { minLength: 1, maxLength: 3 }).map((ls) => `(or ${ls.join(" ")})`),
  ),
})).literal;

function bodyOf(literals: readonly string[]): readonly Literal[] {
  const { description, diagnostics } = parseGdl(`(<= h ${literals.join(" ")})`, "t.kif");
  expect(diagnostics).toEqual([]);
  return description.rules[0].body;
}

const name = (t: { kind: string; name?: string }) => (t as { name: string }).name;

function holds(l: Literal, truth: ReadonlySet<string>): boolean {
  switch (l.kind) {
    case "atom":
      return truth.has(l.relation);
    case "distinct":
      return name(l.left) !== name(l.right);
    case "not":
      return !holds(l.body, truth);
    case "or":
      return l.disjuncts.some((d) => holds(d, truth));
  }
}

function flatHolds(l: FlatLiteral, truth: ReadonlySet<string>): boolean {
  switch (l.kind) {
    case "pos":
      return truth.has(l.atom.relation);
    case "neg":
      return !truth.has(l.atom.relation);
    case "distinct":
      return name(l.left) !== name(l.right);
    case "equal":
      return name(l.left) === name(l.right);
  }
}

describe("orFreeBodies", () => {
  it("holds exactly where the body holds, under every truth assignment", () => {
    fc.assert(
      fc.property(fc.array(literal, { minLength: 1, maxLength: 4 }), (literals) => {
        const body = bodyOf(literals);
        const bodies = orFreeBodies(body, Infinity);
        if ("tooManyVariants" in bodies) throw new Error("no limit was set");
        for (let mask = 0; mask < 1 << ATOMS.length; mask++) {
          const truth = new Set(ATOMS.filter((_, i) => mask & (1 << i)));
          const expected = body.every((l) => holds(l, truth));
          expect(bodies.some((b) => b.every((l) => flatHolds(l, truth))), `${literals.join(" ")} under {${[...truth]}}`).toBe(expected);
        }
        // the count past a limit is the number of bodies
        if (bodies.length > 1) expect(orFreeBodies(body, bodies.length - 1)).toEqual({ tooManyVariants: bodies.length });
        expect(orFreeBodies(body, bodies.length)).toEqual(bodies);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the written order: the first alternative of each literal first", () => {
    const bodies = orFreeBodies(bodyOf(["q", "(or r (not s))", "(not (or t (distinct x y)))"]));
    const show = (b: FlatLiteral[]) => b.map((l) => ("atom" in l ? `${l.kind} ${l.atom.relation}` : `${l.kind} ${name(l.left)} ${name(l.right)}`)).join(", ");
    expect(Array.isArray(bodies) && bodies.map(show)).toEqual(["pos q, pos r, neg t, equal x y", "pos q, neg s, neg t, equal x y"]);
  });

  it("counts a billion bodies without building them", () => {
    const body = bodyOf(Array.from({ length: 30 }, (_, i) => `(or (p ${i}) (q ${i}))`));
    expect(orFreeBodies(body)).toEqual({ tooManyVariants: 2 ** 30 });
    expect(tooManyVariantsMessage(2 ** 30)).toBe("expanding 'or' in this rule gives 1,073,741,824 rules (more than 4,096)");
    expect(tooManyVariantsMessage(Infinity)).toContain("more than 1,000,000,000,000,000 rules");
  });

  it("is the limit of the translation and the prover alike, reported at the rule", () => {
    const ors = Array.from({ length: 13 }, (_, i) => `(or (p ${i}) (q ${i}))`).join(" ");
    const { description } = parseGdl(`(role r)\n(<= (legal r go) ${ors})\n(<= terminal (legal r go))`, "ors.kif");
    const translated = translate(description);
    expect(translated.diagnostics.map((d) => `${d.pos.line}:${d.pos.col} ${d.message}`)).toEqual(["2:1 expanding 'or' in this rule gives 8,192 rules (more than 4,096)"]);
    // the prover built all 8,192 clauses before; with 26 such literals it ran out of memory (4.4 GB, 82 s)
    expect(() => Prover.fromDescription(description)).toThrow("ors.kif:2:1: expanding 'or' in this rule gives 8,192 rules (more than 4,096)");
  });
});
