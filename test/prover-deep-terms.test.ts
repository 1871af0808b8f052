/**
 * Terms nested far deeper than a JavaScript stack holds calls, through the prover: interning and
 * printing a term by id (term-store.ts), compiling clauses whose terms nest that deep (program.ts),
 * matching and building deep patterns (trail.ts, `groundPattern`), ordering bodies by cost
 * (literal-cost.ts) and the generated bodies, which leave deep patterns to the interpretive ones
 * (plan-code.ts). Each walked with a call per level before and overflowed the stack from a few
 * thousand levels; the readers take terms 100,000 levels deep.
 */
import { describe, expect, it } from "vitest";
import { NO_POSITION, type Term } from "../src/syntax/ast.js";
import { parseGdl } from "../src/syntax/parse.js";
import { termToKif } from "../src/syntax/print.js";
import { TermStore } from "../src/prover/term-store.js";
import { CALLED_PATTERN_DEPTH, compileProgram, groundPattern, patternDeeperThan, patternVars, type Pattern } from "../src/prover/program.js";
import { compiledPlanFor } from "../src/prover/plan.js";
import { generatedCode } from "../src/prover/plan-code.js";
import { Trail } from "../src/prover/trail.js";
import { Prover, type ProverOptions } from "../src/prover/prover.js";

/** `(f (f ... inner))`, `depth` levels of f. */
const nested = (depth: number, inner: string): string => `${"(f ".repeat(depth)}${inner}${")".repeat(depth)}`;

function parsed(text: string) {
  const { description, diagnostics } = parseGdl(text, "deep.kif");
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return description;
}

/** A term of `(g (f (f ... a)) b)` shape built without the reader, `depth` levels of f. */
function deepTerm(depth: number): Term {
  const pos = NO_POSITION;
  let t: Term = { kind: "constant", name: "a", pos };
  for (let k = 0; k < depth; k++) t = { kind: "compound", functor: "f", args: [t], pos };
  return { kind: "compound", functor: "g", args: [t, { kind: "constant", name: "b", pos }, { kind: "compound", functor: "h", args: [], pos }], pos };
}

describe("the term store on terms 100,000 levels deep", () => {
  it("interns them (ids as a call per level gave them) and prints them back as termToKif does", () => {
    const term = deepTerm(100_000);
    const store = new TermStore();
    const id = store.intern(term);
    expect(store.kif(id)).toBe(termToKif(term));
    expect(store.intern(term)).toBe(id);
    // the symbols in written order, each compound after its arguments
    expect(store.symbolNames).toEqual(["g", "f", "a", "b", "h"]);
    expect(store.kif(store.argsOf[id]![0])).toBe(nested(100_000, "a"));
    expect(store.symbolOf[0]).toBe(store.symbol("a"));
    expect(store.size).toBe(100_000 + 4);
  });

  it("prints a deep term made of compounds of ids, and its subterms from what it kept", () => {
    const store = new TermStore();
    const f = store.symbol("f");
    let id = store.constant("a");
    const ids = [id];
    for (let k = 0; k < 100_000; k++) ids.push((id = store.compound(f, [id, store.constant("b")])));
    expect(store.kif(id)).toBe(`${"(f ".repeat(100_000)}a${" b)".repeat(100_000)}`);
    expect(store.kif(ids[3])).toBe("(f (f (f a b) b) b)");
  });

  it("throws on a variable deep inside", () => {
    const { description } = parseGdl(`(p ${nested(50_000, "?x")})`);
    expect(() => new TermStore().intern(description.rules[0].head.args[0])).toThrow(/cannot intern the variable \?x/);
  });
});

describe("patterns thousands of levels deep", () => {
  it("compile, list their variables, match and ground from stacks of their own", () => {
    const depth = 50_000;
    const program = compileProgram(parsed(`(role p) (init (s ${nested(depth, "a")})) (<= (legal p ?x) (true (s ${nested(depth, "(g ?x ?y ?x)")})) (q ?y)) (q b) (goal p 0) (<= terminal (q c))`));
    const store = program.store;
    const [clause] = program.relation("legal/2")!.clauses;
    const literal = clause.body.find((l) => l.kind === "pos" && l.relation.key === "true(s/1)")!;
    const pattern = (literal as { args: readonly Pattern[] }).args[0];
    expect(patternVars([pattern])).toEqual([0, 1]);
    expect(patternDeeperThan(pattern, depth)).toBe(true);
    expect(patternDeeperThan(pattern, depth + 1)).toBe(false);
    // a term of that shape: match binds ?x and ?y, ground builds it again
    const g = store.compound(store.symbol("g"), [store.constant("a"), store.constant("b"), store.constant("a")]);
    let id = g;
    for (let k = 0; k < depth; k++) id = store.compound(store.symbol("f"), [id]);
    const frame = [-1, -1];
    const trail = new Trail(store);
    expect(trail.match(pattern, id, frame)).toBe(true);
    expect(frame).toEqual([store.constant("a"), store.constant("b")]);
    expect(groundPattern(store, pattern, frame)).toBe(id);
    expect(groundPattern(store, pattern, [frame[0], -1])).toBe(-1);
    trail.undo(0, frame);
    // ?x twice: a term with two different values there does not match
    const other = store.compound(store.symbol("g"), [store.constant("a"), store.constant("b"), store.constant("c")]);
    let wrong = other;
    for (let k = 0; k < depth; k++) wrong = store.compound(store.symbol("f"), [wrong]);
    expect(trail.match(pattern, wrong, frame)).toBe(false);
  });

  it("are left to the interpretive bodies past CALLED_PATTERN_DEPTH levels (a generated body would nest its code as deep)", () => {
    for (const [depth, generated] of [[CALLED_PATTERN_DEPTH - 1, true], [CALLED_PATTERN_DEPTH, true], [CALLED_PATTERN_DEPTH + 1, false], [5_000, false]] as const) {
      // the argument of true(s/1), (f ... ?x), nests depth compounds
      const program = compileProgram(parsed(`(role p) (<= (legal p ?x) (true (s ${nested(depth, "?x")}))) (goal p 0) (terminal)`));
      const [clause] = program.relation("legal/2")!.clauses;
      expect(generatedCode(compiledPlanFor(clause, 0, false), clause, 0) !== null, `${depth}`).toBe(generated);
    }
  });
});

/**
 * A game whose state holds a term `depth` deep, its rules patterns as deep around variables (in a
 * head, a body, a `distinct`, under `not`): three steps of moves, each state known.
 */
function deepGame(depth: number): string {
  return [
    "(role p)",
    `(init (s ${nested(depth, "a")}))`,
    "(init (step 0))",
    `(<= (legal p (go ?x)) (true (s ${nested(depth, "?x")})))`,
    `(<= (legal p stay) (true (s ?t)) (distinct ?t ${nested(depth, "b")}))`,
    `(<= (next (s ${nested(depth, "?y")})) (does p (go ?x)) (true (s ${nested(depth, "?x")})) (flip ?x ?y))`,
    "(<= (next (s ?t)) (does p stay) (true (s ?t)))",
    "(flip a b) (flip b a)",
    "(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))",
    "(succ 0 1) (succ 1 2) (succ 2 3)",
    "(<= terminal (true (step 3)))",
    `(<= (goal p 100) (true (s ${nested(depth, "b")})))`,
    `(<= (goal p 0) (not (true (s ${nested(depth, "b")}))))`,
  ].join("\n");
}

describe("a game with a term and patterns thousands of levels deep, on the prover", () => {
  const MODES: readonly ProverOptions["compiledPlans"][] = [true, "modes", false];
  for (const depth of [CALLED_PATTERN_DEPTH - 2, CALLED_PATTERN_DEPTH + 1, 20_000, 99_990]) {
    it(`plays it at ${depth.toLocaleString("en")} levels, with generated, mode-read and interpretive bodies`, () => {
      const description = parsed(deepGame(depth));
      const s = (inner: string) => `(s ${nested(depth, inner)})`;
      for (const compiledPlans of depth > 20_000 ? [true] : MODES) {
        const prover = Prover.fromDescription(description, { compiledPlans });
        let state = prover.initialState();
        expect(state).toEqual([s("a"), "(step 0)"]);
        expect(prover.legalMoves(state, "p")).toEqual(["(go a)", "stay"]);
        state = prover.nextState(state, ["(go a)"]);
        expect(state).toEqual([s("b"), "(step 1)"]);
        expect(prover.legalMoves(state, "p")).toEqual(["(go b)"]);
        expect(prover.goals(state)).toEqual({ p: 100 });
        state = prover.nextState(state, ["(go b)"]);
        expect(prover.goals(state)).toEqual({ p: 0 });
        state = prover.nextState(state, ["stay"]);
        expect(state).toEqual([s("a"), "(step 3)"]);
        expect(prover.isTerminal(state)).toBe(true);
      }
    }, 60_000);
  }
});
