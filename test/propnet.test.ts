import { describe, expect, it } from "vitest";
import { buildPropnet, paperComponentCount } from "../src/propnet/build.js";
import { propnetFromJson, propnetToJson } from "../src/propnet/export.js";
import { propnetToDot } from "../src/propnet/export-bytes.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { groundClauseList } from "../src/ground/ground-game.js";
import { checkPropnetInvariants } from "../src/propnet/invariants.js";
import type { Propnet, PropnetComponent } from "../src/propnet/propnet.js";
import { compileStateMachine, PropnetStateMachine } from "../src/propnet/reference-machine.js";
import { isCompileError } from "../src/propnet/machine.js";
import { perft } from "../src/propnet/search.js";

function game(text: string) {
  const { game, diagnostics } = groundGameFromRules(text);
  expect(diagnostics).toEqual([]);
  return game;
}

function machine(p: Propnet): PropnetStateMachine {
  const sm = compileStateMachine(p);
  if (isCompileError(sm)) throw new Error(sm.message);
  return sm;
}

const TINY = `
  (role r)
  (init a)
  (<= (legal r go) (true a))
  (<= (legal r stay) (true a) (not (true b)))
  (<= (next b) (does r go))
  (<= (next b) (true b))
  (<= (next a) (does r stay))
  (<= terminal (true b))
  (<= (goal r 100) (true b))
  (<= (goal r 0) (not (true b)))
`;

describe("groundGameFromRules", () => {
  it("interns atoms, derives base and input, expands or and decides distinct", () => {
    const g = game(`
      (role p) (init (c 1))
      (<= (next (c 2)) (true (c 1)) (or (does p a) (does p b)) (distinct 1 2))
      (<= (next (c 3)) (true (c 1)) (distinct 1 1))
      (<= (legal p a) (not (or (true (c 2)) (true (c 3)))))
    `);
    expect(g.roles).toEqual(["p"]);
    expect(g.base).toEqual(["(c 1)", "(c 2)", "(c 3)"]); // (c 3) from (true (c 3))
    expect(g.input.map((m) => `${m.role} ${m.move}`)).toEqual(["p a", "p b"]);
    const kif = (i: number) => g.atoms.kif[i];
    const rules = groundClauseList(g.clauses).map((c) => [kif(c.head), c.positive.map(kif), c.negative.map(kif)]);
    expect(rules).toContainEqual(["(next (c 2))", ["(true (c 1))", "(does p a)"], []]);
    expect(rules).toContainEqual(["(next (c 2))", ["(true (c 1))", "(does p b)"], []]);
    expect(rules).toContainEqual(["(legal p a)", [], ["(true (c 2))", "(true (c 3))"]]);
    expect(rules.some((r) => r[0] === "(next (c 3))")).toBe(false);
  });

  it("takes declared base and input, and reports rules with variables", () => {
    const { game: g, diagnostics } = groundGameFromRules(`(role p) (base (c 1)) (base (c 9)) (input p a) (<= (legal p ?x) (true (c ?x)))`);
    expect(g.base).toEqual(["(c 1)", "(c 9)"]);
    expect(g.input).toEqual([{ role: "p", move: "a" }]);
    expect(diagnostics.length).toBe(1);
    expect(Array.from(g.clauses.head).every((h) => g.atoms.relation[h] !== "base")).toBe(true);
  });
});

describe("buildPropnet: counts on a tiny game, checked by hand", () => {
  // atoms: (role r) (init a) (true a) (true b) (legal r go) (legal r stay) (next a) (next b)
  // (does r go) (does r stay) terminal (goal r 100) (goal r 0) = 13 propositions;
  // 8 clauses with a body = 8 AND; (next b) has 2 clauses = 1 OR; 2 negative literals = 2 NOT.
  it("paper count = 13 + 8 + 1 + 2", () => {
    expect(paperComponentCount(game(TINY))).toBe(24);
  });

  it("unoptimized propnet has exactly the paper's components", () => {
    const p = buildPropnet(game(TINY), { optimize: false });
    expect(p.stats).toEqual({
      propositions: { base: 2, input: 2, next: 2, view: 1, legal: 2, goal: 2, terminal: 1, init: 1, sees: 0 },
      ands: 8,
      ors: 1,
      nots: 2,
      transitions: 2,
      constants: 1,
      links: 26,
      components: 27,
      paperComponents: 24,
      optimizedComponents: 24,
    });
    expect(checkPropnetInvariants(p)).toEqual([]);
  });

  it("optimized propnet: no view, no 1-input gates, one shared NOT", () => {
    const p = buildPropnet(game(TINY));
    // legal go, terminal, goal 100 read (true a)/(true b) directly; legal stay = AND(true a, NOT b);
    // goal 0 = the same NOT; next b = OR(does go, true b); next a reads (does r stay); (role r) is gone.
    expect(p.stats).toEqual({
      propositions: { base: 2, input: 2, next: 2, view: 0, legal: 2, goal: 2, terminal: 1, init: 1, sees: 0 },
      ands: 1,
      ors: 1,
      nots: 1,
      transitions: 2,
      constants: 1,
      links: 17,
      components: 18,
      paperComponents: 24,
      optimizedComponents: 15,
    });
    expect(checkPropnetInvariants(p)).toEqual([]);
    const label = (c: PropnetComponent) => c.label;
    const byLabel = new Map(p.components.map((c) => [c.label, c]));
    const legalGo = byLabel.get("(legal r go)")!;
    expect(p.components[legalGo.inputs[0]].label).toBe("(true a)");
    const goal0 = byLabel.get("(goal r 0)")!;
    const legalStay = byLabel.get("(legal r stay)")!;
    const and = p.components[legalStay.inputs[0]];
    expect(and.kind).toBe("and");
    expect(and.inputs.map((i) => p.components[i]).map(label).sort()).toEqual(["(true a)", "not"]);
    expect(and.inputs).toContain(goal0.inputs[0]);
  });

  it("components are in topological order (transitions into base propositions aside)", () => {
    for (const optimize of [true, false]) {
      const p = buildPropnet(game(groundTictactoeKif()), { optimize });
      for (const c of p.components) if (c.kind !== "base") for (const i of c.inputs) expect(i).toBeLessThan(c.id);
    }
  });
});

describe("buildPropnet: special cases", () => {
  it("keeps the transition of an always-true next (GGP-Base #75)", () => {
    const p = buildPropnet(game(`(role r) (init start) (next done) (legal r go) (<= terminal (true done))`));
    const b = p.baseFluents.indexOf("done");
    expect(b).toBeGreaterThanOrEqual(0);
    const t = p.transitionIds[b];
    expect(t).toBeGreaterThanOrEqual(0);
    const next = p.components[p.components[t].inputs[0]];
    expect(next.label).toBe("(next done)");
    expect(p.components[next.inputs[0]].kind).toBe("true");
    expect(checkPropnetInvariants(p)).toEqual([]);
  });

  it("creates the input of a legal that the game's input lacks (GGP-Base #27)", () => {
    const g = { ...game(`(role r) (legal r a) (<= (legal r b) (true x)) (init x)`), input: [{ role: "r", move: "a" }] };
    const p = buildPropnet(g);
    expect(p.inputs.map((m) => m.move)).toEqual(["a", "b"]);
    expect(p.warnings.some((w) => w.includes("(legal r b)"))).toBe(true);
    expect(checkPropnetInvariants(p)).toEqual([]);
  });

  it("folds atoms that can never hold and facts away", () => {
    const p = buildPropnet(
      game(`
        (role r) (init x) (legal r a) (step 1)
        (<= (next y) (true x) (ghost))
        (<= (next x) (step 1) (not (ghost)) (true x))
        (<= (goal r 100) (loop1))
        (<= (loop1) (loop2)) (<= (loop2) (loop1))
        (<= terminal (not (true x)))
      `),
    );
    const y = p.baseFluents.indexOf("y");
    expect(p.transitionIds[y]).toBe(-1); // (next y) can never hold
    expect(p.goals).toEqual([]); // (goal r 100) can never hold (an unsupported loop)
    expect(p.cycles).toEqual([]);
    const nextX = p.components.find((c) => c.label === "(next x)")!;
    expect(p.components[nextX.inputs[0]].label).toBe("(true x)");
    expect(p.stats.ands).toBe(0);
  });

  it("reports a cycle without a transition by name, in both builds", () => {
    const text = `
      (role r) (init a) (legal r go)
      (<= p (true a) q)
      (<= q p)
      (<= q (true b))
      (<= (next a) p)
      (<= (next b) (not p))
      (<= terminal (true b))
    `;
    for (const optimize of [true, false]) {
      const p = buildPropnet(game(text), { optimize });
      expect(p.cycles).toEqual([{ kind: "propnet-cycle", propositions: ["p", "q"] }]);
      const sm = compileStateMachine(p);
      expect(isCompileError(sm)).toBe(true);
      if (isCompileError(sm)) expect(sm.cycles).toBe(p.cycles);
      expect(checkPropnetInvariants(p).some((m) => m.startsWith("cycle without a transition"))).toBe(true);
    }
  });
});

describe("checkPropnetInvariants", () => {
  const p = buildPropnet(game(TINY));
  const withComponents = (f: (cs: PropnetComponent[]) => void): Propnet => {
    const cs = p.components.map((c) => ({ ...c, inputs: [...c.inputs] }));
    f(cs);
    return { ...p, components: cs };
  };

  it("finds a legal without its input", () => {
    const broken: Propnet = { ...p, legals: p.legals.map((l) => ({ ...l, input: 99 })) };
    expect(checkPropnetInvariants(broken).some((m) => m.includes("has no input proposition"))).toBe(true);
  });

  it("finds a non-numeric goal", () => {
    const broken: Propnet = { ...p, goals: [{ ...p.goals[0], value: null, valueKif: "win" }] };
    expect(checkPropnetInvariants(broken)).toEqual(["goal value of r is not a number: win"]);
  });

  it("finds a transition that feeds no base proposition", () => {
    const b = p.baseFluents.indexOf("a");
    const broken = withComponents((cs) => {
      cs[p.baseIds[b]] = { ...cs[p.baseIds[b]], inputs: [] };
    });
    expect(checkPropnetInvariants(broken)).toContain("the transition of a does not feed (true a) alone");
  });

  it("finds a legal that depends on a move", () => {
    const legal = p.legals[0].id;
    const broken = withComponents((cs) => {
      cs[legal] = { ...cs[legal], inputs: [p.inputs[0].id] };
    });
    expect(checkPropnetInvariants(broken).some((m) => m.endsWith("depends on a does proposition"))).toBe(true);
  });
});

describe("export", () => {
  it("JSON round-trips and plays the same", () => {
    const p = buildPropnet(game(groundTictactoeKif()));
    const text = JSON.stringify(propnetToJson(p));
    const back = propnetFromJson(JSON.parse(text));
    if ("error" in back) throw new Error(back.error);
    expect(back.components).toEqual(p.components);
    expect(checkPropnetInvariants(back)).toEqual([]);
    expect(perft(machine(back), 2)).toBe(72);
    expect(propnetFromJson({ format: "other" })).toEqual({ error: "format is not gdl-ground-propnet" });
  });

  it("DOT has one node per component and one edge per link", () => {
    const p = buildPropnet(game(TINY));
    const dot = propnetToDot(p, "tiny");
    expect(dot.startsWith('digraph "tiny" {')).toBe(true);
    expect(dot.match(/^ {2}c\d+ \[/gm)?.length).toBe(p.components.length);
    expect(dot.match(/ -> /g)?.length).toBe(p.stats.links);
    expect(dot).toContain('label="(goal r 100)"');
  });
});
