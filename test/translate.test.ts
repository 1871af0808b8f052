import { describe, expect, it } from "vitest";
import { parseGdl } from "../src/syntax/parse.js";
import { translate } from "../src/translate/index.js";
import { SymbolTable, variableNames } from "../src/translate/symbols.js";
import { flattenRule } from "../src/translate/flat-rules.js";
import { ruleToKif } from "../src/syntax/print.js";

function parse(text: string) {
  const { description, diagnostics } = parseGdl(text, "t.kif");
  expect(diagnostics).toEqual([]);
  return description;
}

function aspRules(text: string, options = {}): string[] {
  const { program, diagnostics } = translate(parse(text), options);
  expect(diagnostics).toEqual([]);
  return program!.text.split("\n").filter((l) => l !== "" && !l.startsWith("%"));
}

describe("symbol table", () => {
  it("keeps clean names and maps the others injectively and reversibly", () => {
    const t = new SymbolTable();
    const names = ["cell", "a-b", "a_b", "+", "1x", "g_a_b", "not", "Up".toLowerCase(), "x.y", "01", "_hidden"];
    t.reserve(names);
    const asp = names.map((n) => t.name(n));
    expect(new Set(asp).size).toBe(names.length);
    for (const a of asp) expect(a).toMatch(/^[a-z][A-Za-z0-9_]*$/);
    names.forEach((n, i) => expect(t.gdlName(asp[i])).toBe(n));
    expect(t.name("cell")).toBe("cell");
    expect(t.name("g_a_b")).toBe("g_a_b"); // a clean game name keeps its name; the mangled one moves
  });

  it("writes canonical numbers as integers and keeps 01 apart from 1", () => {
    const t = new SymbolTable();
    expect(t.constant("1")).toBe("1");
    expect(t.constant("100")).toBe("100");
    expect(t.constant("01")).not.toBe("1");
    expect(t.gdlName(t.constant("01"))).toBe("01");
  });

  it("never gives a game name an internal (underscore) name", () => {
    const t = new SymbolTable();
    expect(t.name("_base")).not.toMatch(/^_/);
    expect(t.name(" base")).toBe("_base");
    expect(t.internalName("_base")).toBe(" base");
  });

  it("names variables for ASP without clashes", () => {
    const names = variableNames(["x", "piece", "a-b", "v1"]);
    expect(names.get("x")).toBe("X");
    expect(names.get("piece")).toBe("Piece");
    expect(names.get("v1")).toBe("V1");
    expect(names.get("a-b")).toBe("V2");
  });
});

describe("or and nested not", () => {
  it("expands or, not-or (De Morgan), not-not and not-distinct", () => {
    const d = parse("(<= (p ?x) (q ?x) (or (r ?x) (not (s ?x)) (not (or (t ?x) (distinct ?x a)))))");
    const flat = flattenRule(d.rules[0]);
    if ("tooManyVariants" in flat) throw new Error("unexpected");
    const bodies = flat.map((r) => r.body.map((l) => l.kind).join(","));
    expect(bodies).toEqual(["pos,pos", "pos,neg", "pos,neg,equal"]);
    const d2 = parse("(<= p (not (not (q ?x))) (r ?x))");
    const flat2 = flattenRule(d2.rules[0]);
    if ("tooManyVariants" in flat2) throw new Error("unexpected");
    expect(flat2[0].body.map((l) => l.kind)).toEqual(["pos", "pos"]);
  });
});

const TICTACTOE_PART = `
(role xplayer) (role oplayer)
(init (cell 1 1 b)) (init (cell 1 2 b)) (init (control xplayer))
(<= (legal ?w (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?w)))
(<= (legal oplayer noop) (true (control xplayer)))
(<= (legal xplayer noop) (true (control oplayer)))
(<= (next (cell ?m ?n x)) (does xplayer (mark ?m ?n)) (true (cell ?m ?n b)))
(<= (next (cell ?m ?n b)) (does ?w (mark ?j ?k)) (true (cell ?m ?n b)) (or (distinct ?m ?j) (distinct ?n ?k)))
(<= (next (control oplayer)) (true (control xplayer)))
(<= (next (control xplayer)) (true (control oplayer)))
(<= (row ?m ?x) (true (cell ?m 1 ?x)) (true (cell ?m 2 ?x)))
(<= (line ?x) (row ?m ?x))
(<= open (true (cell ?m ?n b)))
(<= (goal xplayer 100) (line x))
(<= (goal oplayer 100) (line o))
(<= terminal (line x))
(<= terminal (not open))
`;

describe("P = G ∪ P^base ∪ generators", () => {
  it("builds the static relaxation of Definition 6", () => {
    const rules = aspRules(TICTACTOE_PART, { split: false, prune: false });
    expect(rules).toContain("_base(cell(1,1,b)).");
    expect(rules).toContain("_base(control(xplayer)).");
    expect(rules).toContain("_base(cell(M,N,x)) :- _input(xplayer,mark(M,N)), _base(cell(M,N,b)).");
    expect(rules).toContain("_input(W,mark(X,Y)) :- _base(cell(X,Y,b)), _base(control(W)).");
    expect(rules).toContain("_base(cell(M,N,b)) :- _input(W,mark(J,K)), _base(cell(M,N,b)), M != J.");
    // goal, terminal and views not needed by init/next/legal get no static version
    expect(rules.some((r) => r.startsWith("_static"))).toBe(false);
    expect(rules).toContain("{ true(F) : _base(F) }.");
    expect(rules).toContain("1 { does(R, M) : _input(R, M) } 1 :- role(R).");
  });

  it("keeps negative literals on static relations and drops dynamic ones in P^base", () => {
    const rules = aspRules(
      `(role r) (init (s 0)) (succ 0 1) (blocked 5)
       (<= (legal r (go ?y)) (true (s ?x)) (succ ?x ?y) (not (blocked ?y)) (not (true (s ?y))))
       (<= (next (s ?y)) (does r (go ?y)))`,
      { split: false, prune: false },
    );
    expect(rules).toContain("_input(r,go(Y)) :- _base(s(X)), succ(X,Y), not blocked(Y).");
  });

  it("gives dynamic views used by legal their own static version", () => {
    const rules = aspRules(
      `(role r) (init (s 0))
       (<= (can ?x) (true (s ?x)))
       (<= (legal r (go ?x)) (can ?x))
       (<= (next (s ?x)) (does r (go ?x)))`,
      { split: false, prune: false },
    );
    expect(rules).toContain("_static_can(X) :- _base(s(X)).");
    expect(rules).toContain("_input(r,go(X)) :- _static_can(X).");
  });

  it("uses the game's own base and input when asked and when it has both", () => {
    const game = `(role r) (init (s 0)) (base (s 0)) (base (s 1)) (input r go)
      (<= (legal r go) (true (s 0))) (<= (next (s 1)) (does r go))`;
    const declared = translate(parse(game), { declaredBaseInput: true }).program!;
    expect(declared.usedDeclaredBaseInput).toBe(true);
    expect(declared.text).toContain("_base(s(0)).");
    expect(declared.text).not.toContain("_base(s(1)) :- _input(r,go).");
    const derived = translate(parse(game)).program!;
    expect(derived.usedDeclaredBaseInput).toBe(false);
  });

  it("prunes irrelevant instances (line(b)) and rules nobody uses", () => {
    const rules = aspRules(TICTACTOE_PART + "(<= (unused ?x) (true (cell ?x ?x b)))", { split: false });
    expect(rules).toContain("line(x) :- row(M,x).");
    expect(rules).toContain("line(o) :- row(M,o).");
    expect(rules.some((r) => r.startsWith("line(X)"))).toBe(false);
    expect(rules).toContain("row(M,x) :- true(cell(M,1,x)), true(cell(M,2,x)).");
    expect(rules.some((r) => r.startsWith("unused"))).toBe(false);
    const unpruned = aspRules(TICTACTOE_PART, { split: false, prune: false });
    expect(unpruned).toContain("line(X) :- row(M,X).");
  });

  it("splits existential variables off into their own rules", () => {
    const rules = aspRules("(role r) (<= (p ?x ?z) (q ?x ?y) (r ?y) (s ?z)) (<= terminal (p a b))", { prune: false });
    expect(rules).toContain("p(X,Z) :- _split1(X), s(Z).");
    expect(rules).toContain("_split1(X) :- q(X,Y), r(Y).");
    const frame = aspRules(TICTACTOE_PART, { prune: false });
    expect(frame).toContain("next(cell(M,N,b)) :- _split1(J), true(cell(M,N,b)), M != J.");
    expect(frame).toContain("_split1(J) :- does(W,mark(J,K)).");
  });

  it("leaves a chain of 20,000 table lookups whole, in linear time (each variable's table check filtered the whole body: 5,000 took 14 s)", () => {
    const n = 20_000;
    const chain = Array.from({ length: n }, (_, i) => `(d ?x${i + 1}) (same ?x${i + 1} ?x${i})`).join(" ");
    const filters = Array.from({ length: n }, (_, i) => `(distinct ?x${i + 1} 5)`).join(" ");
    const rules = aspRules(`(role r) (d 0) (same 0 0) (init (c 0)) (<= (big ?x0) (true (c ?x0)) ${filters} ${chain}) (<= terminal (big 0))`);
    expect(rules.filter((r) => r.startsWith("_split"))).toEqual([]);
    // whole: not split, only cut into a chain of rules (long-bodies.ts), each lookup once
    const chainRules = rules.filter((r) => r.startsWith("big(") || r.startsWith("_chunk"));
    expect(chainRules.reduce((sum, r) => sum + r.split("same(").length - 1, 0)).toBe(n);
  }, 30_000);

  it("cuts a body of more than 256 literals into a chain of rules of 128 literals, each safe, carrying the variables read later", () => {
    // the nots and distincts come right after the atoms that bind their variables; ?y is read by the head
    const atoms = Array.from({ length: 300 }, (_, i) => `(q${i} ?x${i})`).join(" ");
    const tests = Array.from({ length: 300 }, (_, i) => `(not (s ?x${i})) (distinct ?x${i} ?x0)`).join(" ");
    const rules = aspRules(`(role r) (init (c 0)) (<= (big ?y) (true (c ?y)) ${tests} ${atoms}) (<= terminal (big 0))`, { prune: false, split: false });
    const chain = rules.filter((r) => r.startsWith("big(") || r.startsWith("_chunk"));
    expect(chain).toHaveLength(8);
    // each link carries what is read after it: ?y (the head), ?x0 (every distinct), the atom whose tests come next
    expect(chain[0]).toMatch(/^_chunk1\(Y,X0,X42\) :- true\(c\(Y\)\), q0\(X0\), not s\(X0\), X0 != X0, q1\(X1\), /);
    expect(chain[1]).toMatch(/^_chunk2\(Y,X0\) :- _chunk1\(Y,X0,X42\), not s\(X42\), X42 != X0, q43\(X43\), /);
    expect(chain[7]).toBe("big(Y) :- _chunk7(Y,X0,X298), not s(X298), X298 != X0, q299(X299), not s(X299), X299 != X0.");
    for (const rule of chain) expect(rule.split(" :- ")[1].split(/, (?![^()]*\))/).length).toBeLessThanOrEqual(129);
    // a body of 256 literals stays whole
    const whole = aspRules(`(role r) (init (c 0)) (<= (big ?y) (true (c ?y)) ${atoms.split(") (").slice(0, 255).join(") (")})) (<= terminal (big 0))`, { prune: false, split: false });
    expect(whole.filter((r) => r.startsWith("_chunk"))).toEqual([]);
    // nor a body whose every variable the head reads: each link would carry them all so far (quadratic; 20,000 ran out of memory)
    const vars = Array.from({ length: 600 }, (_, i) => `?x${i}`);
    const wide = aspRules(`(role r) (f 0) (init (c 0)) (<= (legal r (m ${vars.join(" ")})) (true (c 0)) ${vars.map((v) => `(f ${v})`).join(" ")}) (<= terminal (true (c 1)))`, { prune: false, split: false });
    expect(wide.filter((r) => r.startsWith("_chunk"))).toEqual([]);
  });

  it("projects the local variables of a body of 40,000 nots in linear time (each not collected every other literal's variables)", () => {
    const n = 40_000;
    const nots = Array.from({ length: n }, (_, i) => (i % 1000 === 0 ? `(not (w ?x ?y${i}))` : `(not (v${i}))`)).join(" ");
    const views = Array.from({ length: n }, (_, i) => `(<= (v${i}) (true (c 5)))`).join(" ");
    const rules = aspRules(`(role r) (w 0 1) (init (c 0)) ${views} (<= (big ?x) (true (c ?x)) ${nots}) (<= terminal (big 0))`, { prune: false });
    const projections = rules.filter((r) => r.startsWith("_neg"));
    expect(projections).toHaveLength(n / 1000);
    expect(projections[0]).toMatch(/^_neg1\(X\) :- w\(X,Y0\)\.$/);
  }, 30_000);

  it("keeps symbols that clingo would misread apart", () => {
    const rules = aspRules("(role r) (init (at a-b 01)) (init (at a_b 1)) (init (f)) (init f) (<= (legal r go) (true (at ?x ?y))) (<= (next (at ?x ?y)) (true (at ?x ?y)))");
    expect(rules).toContain("init(at(g_a_minus_b,g_01)).");
    expect(rules).toContain("init(at(a_b,1)).");
    expect(rules).toContain("init(_c0(f)).");
    expect(rules).toContain("init(f).");
  });

  it("maps each ASP line back to its GDL rule", () => {
    const { program } = translate(parse("(role r)\n(init p)\n(<= (legal r go) (true p))\n(<= (next p) (true p))"));
    const lines = program!.text.split("\n");
    const index = lines.findIndex((l) => l.startsWith("legal(r,go)"));
    expect(program!.lineOrigins[index]).toMatchObject({ line: 3, col: 1 });
  });
});

describe("terms nested 50,000 deep", () => {
  it("are translated with and without demand and pruning (relevance's matching took a call per level and overflowed the stack)", () => {
    const n = 50_000;
    const deep = (inner: string) => `${"(f ".repeat(n)}${inner}${")".repeat(n)}`;
    const asp = (inner: string) => `${"f(".repeat(n)}${inner}${")".repeat(n)}`;
    const text = [
      "(role r)", `(init (at ${deep("a")}))`, "(<= (next (at ?x)) (true (at ?x)) (step ?x))", `(<= (step ?x) (link ${deep("?x")}))`, `(link ${deep("a")})`,
      "(<= (legal r (go ?x)) (true (at ?x)))", `(<= terminal (true (at ${deep("a")})))`, `(<= (goal r 100) (done ${deep("a")}))`,
      `(<= (done ?x) (true (at ?x)) (distinct ?x ${deep("b")}))`, `(<= (goal r 0) (not (true (at ${deep("a")}))))`,
    ].join("\n");
    for (const flags of [{}, { demand: true }, { prune: false }]) {
      const rules = aspRules(text, flags);
      expect(rules.includes(`step(X) :- link(${asp("X")}).`)).toBe(true);
      // pruning: done/1 is used with one argument only, and its rule is ground for it
      const done = flags.prune === false ? `done(X) :- true(at(X)), X != ${asp("b")}.` : `done(${asp("a")}) :- true(at(${asp("a")})), ${asp("a")} != ${asp("b")}.`;
      expect(rules.includes(done)).toBe(true);
    }
  });
});

describe("round trip of printing", () => {
  it("prints rules in normalized KIF", () => {
    const d = parse("(<= (Legal ?P (Mark ?X 1)) (TRUE (cell ?x ?y B)) (not (or (p) q)))");
    expect(ruleToKif(d.rules[0])).toBe("(<= (legal ?p (mark ?x 1)) (true (cell ?x ?y b)) (not (or p q)))");
  });
});

describe("static relations (Definition 6), decided per component", () => {
  it("equal the definition (no path to true or does) on random dependency graphs", async () => {
    const fc = (await import("fast-check")).default;
    const { buildDependencyGraph } = await import("../src/analysis/dependency-graph.js");
    const { staticRelations } = await import("../src/translate/static-relaxation.js");
    const { parseGdl } = await import("../src/syntax/parse.js");
    const edge = fc.record({ from: fc.integer({ min: 0, max: 9 }), to: fc.integer({ min: 0, max: 11 }), neg: fc.boolean() });
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 25 }), (edges) => {
        const name = (i: number) => (i === 10 ? "true" : i === 11 ? "does" : `r${i}`);
        const rules = edges.map((e) => {
          const body = e.to === 10 ? "(true (f))" : e.to === 11 ? "(does p m)" : `(${name(e.to)})`;
          return `(<= (${name(e.from)}) ${e.neg ? `(not ${body})` : body})`;
        });
        const description = parseGdl(rules.join("\n"), "g.kif").description;
        const graph = buildDependencyGraph(description);
        const expected = new Set(
          [...graph.relations].filter((r) => {
            if (["init", "true", "next", "legal", "does"].includes(r)) return false;
            const reached = graph.reachableFrom([r]);
            return !reached.has("true") && !reached.has("does");
          }),
        );
        expect(staticRelations(graph)).toEqual(expected);
      }),
      { numRuns: 300, seed: 6 },
    );
  });
});

describe("free arguments (free-arguments.ts)", () => {
  const game = `
    (role p) (init (s 1)) (bit 0) (bit 1) (color red) (warm red) (warm blue)
    (<= (next (s 2)) (true (s 1)))
    (<= (r1 ?a) (bit ?a) (r2 ?a 0) (r2 ?a 1))
    (<= (r2 ?a ?b) (bit ?a) (bit ?b) (true (s 2)))
    (<= (glow ?c) (color ?c) (warm ?c) (true (s 1)))
    (<= (dark ?c) (color ?c) (true (s 1)))
    (<= (pair ?a ?b) (bit ?a) (bit ?b) (distinct ?a ?b) (true (s 2)))
    (<= (legal p a) (r1 0))
    (<= (legal p b) (r2 ?z 2))
    (<= (legal p (c ?c)) (glow ?c) (not (dark ?c)))
    (<= (legal p d) (pair 0 1))
    (<= terminal (true (s 2))) (goal p 100)`;

  it("leaves out positions that only carry a static domain's value through, with guards at the uses", () => {
    const rules = aspRules(game);
    expect(rules).toContain("_proj_r1 :- _proj_r2, bit(0), _proj_r2, bit(1), _nonempty1.");
    expect(rules).toContain("_proj_r2 :- true(s(2)), _nonempty1.");
    expect(rules).toContain("_nonempty1 :- bit(V1).");
    // a constant outside the domain: the guard bit(2) is false; ?z is only a local: _nonempty1
    expect(rules).toContain("legal(p,b) :- _proj_r2, bit(2), _nonempty1.");
    // two guards: the domain is their intersection; the use binds ?c through them
    expect(rules).toContain("_proj_glow :- true(s(1)), _nonempty2.");
    expect(rules).toContain("_nonempty2 :- color(V1), warm(V1).");
    expect(rules.find((r) => r.startsWith("legal(p,c(C))"))).toBe("legal(p,c(C)) :- _proj_glow, color(C), warm(C), not dark(C).");
    // negated use, distinct: kept as they are
    expect(rules.some((r) => r.startsWith("dark(C) :- color(C)"))).toBe(true);
    expect(rules.some((r) => r.startsWith("pair(") && r.includes("!="))).toBe(true);
    // the static relaxation relaxes the new views too
    expect(rules).toContain("_input(p,a) :- _static_proj_r1, bit(0).");
    const { program } = translate(parse(game));
    expect(program!.stats.freeArguments).toBe(4);
  });

  it("is switched off with freeArguments: false (--no-free-arguments)", () => {
    const rules = aspRules(game, { freeArguments: false });
    expect(rules.some((r) => r.includes("_proj_") || r.includes("_nonempty"))).toBe(false);
    expect(rules.some((r) => r.startsWith("r2(") && r.includes(":- bit("))).toBe(true);
  });

  it("keeps a position whose guards differ between the rules of the view", () => {
    const rules = aspRules(`
      (role p) (init (s 1)) (bit 0) (bit 1) (color red)
      (<= (next (s 1)) (true (s 1)))
      (<= (v ?a) (bit ?a) (true (s 1)))
      (<= (v ?a) (color ?a) (true (s 1)))
      (<= (legal p (m ?a)) (v ?a))
      (<= terminal (true (s 2))) (goal p 100)`);
    expect(rules).toContain("v(A) :- bit(A), true(s(1)).");
    expect(rules.some((r) => r.includes("_proj_"))).toBe(false);
  });
});

describe("static demand (static-demand.ts, --static-demand)", () => {
  const game = `
    (role p) (init (c 1 x)) (init (c 2 b)) (n 0) (n 1) (n 2) (s 0 1) (s 1 2) (nx 1 2) (nx 2 3)
    (<= (next (c ?i ?m)) (true (c ?i ?m)))
    (<= (cnt 3 ?k ?k) (n ?k))
    (<= (cnt ?i ?k ?r) (true (c ?i x)) (s ?k ?k2) (nx ?i ?j) (cnt ?j ?k2 ?r))
    (<= (cnt ?i ?k ?r) (true (c ?i b)) (n ?k) (nx ?i ?j) (cnt ?j ?k ?r))
    (<= (own ?i) (true (c ?i x)))
    (<= (legal p (m ?r)) (cnt 1 0 ?r))
    (<= (legal p (o ?i)) (true (c ?i b)) (own ?i))
    (<= terminal (true (c 2 x))) (goal p 100)`;

  it("guards a counter's rules by the tuples reachable from its entry, computed on the relaxation", () => {
    // (c is a fixed fluent: that step off, to see the demand on true(c(...)))
    const rules = aspRules(game, { staticDemand: true, split: false, fixedFluents: false });
    expect(rules).toContain("_sdemand1(1,0).");
    // the literals that bind the demanded arguments, then the ones that only test bound variables
    expect(rules).toContain("_sdemand1(J,K2) :- _sdemand1(I,K), s(K,K2), nx(I,J), _base(c(I,x)).");
    expect(rules).toContain("_sdemand1(J,K) :- _sdemand1(I,K), nx(I,J), _base(c(I,b)), n(K).");
    expect(rules).toContain("cnt(I,K,R) :- true(c(I,x)), s(K,K2), nx(I,J), cnt(J,K2,R), _sdemand1(I,K).");
    expect(rules).toContain("cnt(3,K,K) :- n(K), _sdemand1(3,K).");
    // P^base's copy has the same guard
    expect(rules).toContain("_static_cnt(I,K,R) :- _base(c(I,x)), s(K,K2), nx(I,J), _static_cnt(J,K2,R), _sdemand1(I,K).");
    // own's bound argument comes from a fluent: nothing to cut, left alone
    expect(rules).toContain("own(I) :- true(c(I,x)).");
    const { program } = translate(parse(game), { staticDemand: true, fixedFluents: false });
    expect(program!.stats.staticDemanded).toEqual(["cnt"]);
    expect(program!.staticRelations.has(" sdemand1")).toBe(true);
  });

  it("is on by default, and off with staticDemand: false", () => {
    expect(aspRules(game, { fixedFluents: false }).some((r) => r.includes("_sdemand"))).toBe(true);
    expect(translate(parse(game), { fixedFluents: false }).program!.stats.staticDemanded).toEqual(["cnt"]);
    expect(aspRules(game, { staticDemand: false }).some((r) => r.includes("_sdemand"))).toBe(false);
    expect(translate(parse(game), { staticDemand: false }).program!.stats.staticDemanded).toEqual([]);
  });

  it("leaves a view alone when some use binds none of its arguments", () => {
    const rules = aspRules(game.replace("(cnt 1 0 ?r))", "(cnt ?a ?b ?r))"), { staticDemand: true, fixedFluents: false });
    expect(rules.some((r) => r.includes("_sdemand"))).toBe(false);
  });
});

describe("fixed fluents (fixed-fluents.ts, on by default, --no-fixed-fluents)", () => {
  const game = `
    (role p) (init (wall 1)) (init (at 0)) (init (flag a)) (init lit) (n 0) (n 1) (n 2)
    (<= (next (wall ?x)) (true (wall ?x)))
    (<= (next lit) (true lit))
    (<= (next (flag a)) (true (flag a)))
    (<= (next (at ?y)) (true (at ?x)) (does p go) (n ?y) (not (true (wall ?y))))
    (<= (next (at ?x)) (true (at ?x)) (true (wall ?x)))
    (<= (legal p go) (true lit) (true (flag ?f)))
    (<= terminal (true (at 2))) (goal p 100)`;

  it("replaces the true literals of a fluent that only its frame axiom carries on, negated ones too", () => {
    const rules = aspRules(game, { split: false });
    expect(rules).toContain("_fixed_wall(X) :- init(wall(X)).");
    expect(rules).toContain("_fixed_lit :- init(lit).");
    // the frame axioms stay: the fluents are still in the states
    expect(rules).toContain("next(wall(X)) :- true(wall(X)).");
    expect(rules).toContain("next(at(Y)) :- true(at(X)), does(p,go), n(Y), not _fixed_wall(Y).");
    // P^base keeps the negation now that it is static
    expect(rules).toContain("_base(at(Y)) :- _base(at(X)), _input(p,go), n(Y), not _fixed_wall(Y).");
    // a frame axiom for one instance only: not fixed
    expect(rules).toContain("legal(p,go) :- _fixed_lit, true(flag(F)).");
    expect(translate(parse(game)).program!.stats.fixedFluents).toEqual(["lit", "wall/1"]);
  });

  it("keeps the constant fluent f and the function (f) apart", () => {
    const rules = aspRules(`
      (role p) (init lamp) (init (n 0))
      (<= (next lamp) (true lamp))
      (<= (next (lamp)) (true (lamp)))
      (<= (legal p a) (true lamp) (not (true (lamp))))
      (<= terminal (true (lamp))) (goal p 100)`, { split: false });
    expect(rules).toContain("legal(p,a) :- _fixed_lamp, not _fixed0_lamp.");
    expect(rules).toContain("_fixed_lamp :- init(lamp).");
    expect(rules.some((r) => r.startsWith("_fixed0_lamp :- init("))).toBe(true);
  });

  it("is switched off with fixedFluents: false, and fixes nothing when a next head is a variable", () => {
    expect(aspRules(game, { fixedFluents: false }).some((r) => r.includes("_fixed_"))).toBe(false);
    expect(aspRules(game, { fixedFluents: false, split: false })).toContain("next(at(Y)) :- true(at(X)), does(p,go), n(Y), not true(wall(Y)).");
    const anyFluent = game.replace("(<= (next lit) (true lit))", "(<= (next ?f) (true ?f) (true lit))");
    expect(translate(parse(anyFluent)).program!.stats.fixedFluents).toEqual([]);
  });
});
