/**
 * The prover's compiled plans as generated functions (src/prover/plan-code.ts): they answer as the
 * compiled plans read by the interpretive loop ("modes") and as the interpretive evaluation
 * (false), on small cases written for recursion (tables and depth-first searches that run the same
 * generated body again inside itself), negation, `distinct`, `not distinct` and compounds, along
 * seeded playouts of the corpus and test games, and they throw the interpretive evaluation's errors.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Prover } from "../src/prover/prover.js";
import type { ProverOptions } from "../src/prover/prover.js";
import { compileProgram } from "../src/prover/program.js";
import { compiledPlanFor } from "../src/prover/plan.js";
import { planCode } from "../src/prover/plan-code.js";
import { Evaluator, callHash } from "../src/prover/evaluator.js";
import { parseKifTerm } from "../src/syntax/kif-term.js";
import { parseGdl } from "../src/syntax/parse.js";
import { expectSameAlongPlayouts } from "./support/prover-agreement.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function parsed(text: string) {
  const { description, diagnostics } = parseGdl(text, "inline.kif");
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return description;
}

const MODES: readonly ProverOptions["compiledPlans"][] = [true, "modes", false];

/** Each mode's prover of one description. */
function provers(text: string): Prover[] {
  const description = parsed(text);
  return MODES.map((compiledPlans) => Prover.fromDescription(description, { compiledPlans }));
}

/** Recursion through tables (`path`) and through depth-first searches of bound calls (`reach`), compounds, negation. */
const RECURSIVE = `
  (role w)
  (edge a b) (edge b c) (edge c a) (edge c d) (edge d e)
  (init (at a)) (init (mark (f a) b))
  (<= (path ?x ?y) (edge ?x ?y))
  (<= (path ?x ?y) (edge ?x ?z) (path ?z ?y))
  (<= (reach ?x ?y) (true (at ?x)) (edge ?x ?y))
  (<= (reach ?x ?y) (edge ?x ?z) (reach ?z ?y) (not (true (at ?z))))
  (<= (pairs (f ?x) ?y) (path ?x ?y) (distinct ?x ?y))
  (<= (loops ?x) (path ?x ?x))
  (<= (marked ?x) (true (mark (f ?x) ?y)) (not (distinct ?y b)))
  (<= (legal w (go ?y)) (true (at ?x)) (path ?x ?y) (not (loops ?y)))
  (<= (legal w (back ?x)) (marked ?x) (reach a ?x))
  (<= (next (at ?y)) (does w (go ?y)))
  (<= (next (at ?x)) (does w (back ?x)))
  (<= (next (mark ?m ?n)) (true (mark ?m ?n)))
  (<= terminal (true (at e)))
  (<= (goal w 100) (true (at e)))
  (<= (goal w 0) (not (true (at e))))
`;

describe("generated plan bodies", () => {
  it("answer as the compiled and the interpretive plans on recursion, negation, distinct and compounds", () => {
    const [generated, ...others] = provers(RECURSIVE);
    const state = generated.initialState();
    // a, b and c lie on a loop; (back a) needs (reach a a), searched depth-first around the loop, which fails
    expect(generated.legalMoves(state, "w")).toEqual(["(go d)", "(go e)"]);
    expect(generated.instances(state, "path", 2)).toHaveLength(16);
    expect(generated.instances(state, "loops", 1)).toEqual([["a"], ["b"], ["c"]]);
    expect(generated.instances(state, "reach", 2).length).toBeGreaterThan(0);
    for (const other of others) {
      expect(other.legalMoves(state, "w")).toEqual(generated.legalMoves(state, "w"));
      for (const [name, arity] of [["path", 2], ["reach", 2], ["pairs", 2], ["loops", 1], ["marked", 1]] as const) {
        expect(other.instances(state, name, arity), name).toEqual(generated.instances(state, name, arity));
      }
      expectSameAlongPlayouts(generated, other, "recursive", { seed: 29, playouts: 4, steps: 10 });
    }
  });

  it("are one generated function per plan, shared by plans alike but for their constants", () => {
    const program = compileProgram(parsed(RECURSIVE));
    const [direct, recursive] = program.relation("path/2")!.clauses;
    const code = planCode(compiledPlanFor(recursive, 0b01, false), recursive, 0b01);
    expect(code).toBeTypeOf("function");
    expect(planCode(compiledPlanFor(recursive, 0b01, false), recursive, 0b01)).toBe(code);
    expect(planCode(compiledPlanFor(direct, 0b01, false), direct, 0b01)).not.toBe(code);
    // (legal w (go ?y)) and (legal w (back ?x)) differ in shape; two clauses alike but for constants share the source
    const alike = compileProgram(parsed(`(role w) (p a) (p b) (<= (q ?x) (p ?x) (distinct ?x a)) (<= (q ?x) (p ?x) (distinct ?x b)) (legal w x) (goal w 0) (<= terminal (q c))`));
    const [one, two] = alike.relation("q/1")!.clauses;
    const first = planCode(compiledPlanFor(one, 0, false), one, 0)!;
    const second = planCode(compiledPlanFor(two, 0, false), two, 0)!;
    expect(first).not.toBe(second);
    expect(first.toString()).toBe(second.toString());
  });

  it("write the search of a small leaf relation into the body that asks it, counted as a search (the caller's answer is kept)", () => {
    // `near` is a leaf (reads the state and facts, no cycle), asked fully bound by `threat`, whose calls are searched
    // depth-first (fully bound, state-dependent) and kept in the state's layer when their search made another.
    const text = `
      (role w) (init (at a)) (init (wall b)) (init (wall d))
      (link a b) (link b c) (link c d) (link d a)
      (<= (near ?x ?y) (true (wall ?y)) (link ?x ?y))
      (<= (near ?x ?y) (true (wall ?y)) (link ?y ?x))
      (<= (threat ?x) (true (at ?x)) (link ?x ?y) (near ?x ?y))
      (<= (legal w (go ?y)) (true (at ?x)) (link ?x ?y) (not (threat ?y)))
      (<= (legal w stay) (true (at ?x)) (threat ?x))
      (<= (next (at ?y)) (does w (go ?y)))
      (<= (next (wall ?y)) (true (wall ?y)))
      (<= terminal (true (at c)))
      (goal w 100)`;
    const program = compileProgram(parsed(text));
    const [clause] = program.relation("threat/1")!.clauses;
    const source = planCode(compiledPlanFor(clause, 0b1, false), clause, 0b1)!.toString();
    expect(source).not.toContain("ev.exists(");
    expect(source).toContain("ev.searches++");
    const evaluator = new Evaluator(program);
    const threat = program.relation("threat/1")!;
    const id = (kif: string) => program.store.intern(parseKifTerm(kif));
    const state = evaluator.stateLayer([id("(at a)"), id("(wall b)"), id("(wall d)")]);
    const a = id("a");
    expect(evaluator.query(threat, [a], state, null)).toHaveLength(1);
    expect(state.knownAnswer(callHash(threat.index, [a]), threat, [a])).toBe(1);
    for (const prover of provers(text)) expect(prover.legalMoves(prover.initialState(), "w")).toEqual(["(go b)", "stay"]);
    const [generated, ...others] = provers(text);
    for (const other of others) expectSameAlongPlayouts(generated, other, "leaf", { seed: 5, playouts: 3, steps: 6 });
  });

  it("write at most a bounded number of such literals into one body; the rest are asked by calls", () => {
    // 60 fully bound calls of a leaf of two clauses (4 literals): written in full, the body would copy 240 literals
    const targets = Array.from({ length: 60 }, (_, i) => `c${i}`);
    const text = `
      (role w) (init (at a)) (init (wall c1))
      ${targets.map((c) => `(link a ${c})`).join(" ")}
      (<= (near ?x ?y) (true (wall ?y)) (link ?x ?y))
      (<= (near ?x ?y) (true (wall ?y)) (link ?y ?x))
      (<= (crowded ?x) (true (at ?x)) ${targets.map((c) => `(not (near ?x ${c}))`).join(" ")})
      (<= (legal w stay) (true (at ?x)) (crowded ?x))
      (<= (legal w go) (true (at ?x)) (not (crowded ?x)))
      (next (at a))
      (<= terminal (true (at b)))
      (goal w 100)`;
    const program = compileProgram(parsed(text));
    const [clause] = program.relation("crowded/1")!.clauses;
    const source = planCode(compiledPlanFor(clause, 0b1, false), clause, 0b1)!.toString();
    expect(source).toContain("ev.searches++");
    expect(source).toContain("ev.exists(");
    expect((source.match(/ev\.searches\+\+/g) ?? []).length).toBe(50); // 200 literals, 4 a search
    for (const prover of provers(text)) expect(prover.legalMoves(prover.initialState(), "w")).toEqual(["go"]);
  });

  it("answer unsafe variables alike, over the written ground terms (only in distinct, in not distinct, only in the head)", () => {
    const cases: [string, string[]][] = [
      [`(role p) (init s) (<= (legal p ?m) (true s) (distinct ?m a)) (next s) (goal p 100) (<= terminal (true never))`, ["100", "never", "p", "s"]],
      [`(role p) (init s) (<= (legal p a) (true s) (not (distinct ?x ?y))) (next s) (goal p 100) (<= terminal (true never))`, ["a"]],
      [`(role p) (init s) (<= (legal p ?m) (true s)) (next s) (goal p 100) (<= terminal (true never))`, ["100", "never", "p", "s"]],
    ];
    for (const [text, moves] of cases) for (const prover of provers(text)) expect(prover.legalMoves(prover.initialState(), "p"), text).toEqual(moves);
  });

  it("throw the interpretive evaluation's errors: not stratified", () => {
    const cases: [string, RegExp][] = [
      [`(role p) (init s) (<= q (not r)) (<= r (not q)) (<= (legal p a) q) (next s) (goal p 100) (<= terminal (true never))`, /not stratified: \(not [qr]\/0\) called with  while it is being computed, in/],
    ];
    for (const [text, error] of cases) {
      const messages = provers(text).map((prover) => {
        try {
          prover.legalMoves(prover.initialState(), "p");
          return "no error";
        } catch (e) {
          return (e as Error).message;
        }
      });
      expect(messages[0]).toMatch(error);
      expect(messages.slice(1)).toEqual([messages[0], messages[0]]);
    }
  });
});

const GAME_DIRS = [path.join(root, "corpus/valid"), path.resolve(root, "../shared/games/tests")];

describe("generated plan bodies on the corpus and the test games", () => {
  it.skipIf(!existsSync(GAME_DIRS[1]))("answer as the interpretive evaluation along seeded random playouts", () => {
    let games = 0;
    for (const dir of GAME_DIRS) {
      for (const name of readdirSync(dir).filter((f) => f.endsWith(".kif")).sort()) {
        const file = path.join(dir, name);
        const { description, diagnostics } = parseGdl(readFileSync(file, "utf8"), file);
        if (diagnostics.some((d) => d.severity === "error") || name.startsWith("gdl2-")) continue;
        let generated: Prover, generic: Prover;
        try {
          generated = Prover.fromDescription(description);
          generic = Prover.fromDescription(description, { compiledPlans: false });
          generic.initialState();
        } catch {
          continue; // invalid games the prover refuses (the other tests cover them)
        }
        expectSameAlongPlayouts(generated, generic, name, { seed: 2929, playouts: 2, steps: 30 });
        games++;
      }
    }
    expect(games).toBeGreaterThan(20);
  });
});
