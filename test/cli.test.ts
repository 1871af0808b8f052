/**
 * The command line end to end: exit codes, compiler-style diagnostics, the ground output, --asp,
 * --json, --propnet, replay (checked against the non-ground prover) and play.
 */
import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadText } from "../src/pipeline.js";
import { loadFile } from "../src/node-pipeline.js";
import { Prover } from "../src/prover/prover.js";
import { runCli } from "./support/run-cli.js";
import { findNativeGrounder } from "../src/ground/clingo/index.js";
import { MAX_LITERAL_NESTING } from "../src/syntax/ast.js";

const ROOT = path.resolve(__dirname, "..");
const BASE = path.resolve(ROOT, "../shared/games/base");
const haveBase = existsSync(BASE);
const corpus = (name: string) => path.join(ROOT, "corpus", name);

const run = runCli;
const nativeGringo = (await findNativeGrounder()) !== undefined;

describe("gdl-ground check", () => {
  it("accepts a valid game (exit 0) and reports an invalid one compiler-style (exit 1)", async () => {
    const ok = await run("check", corpus("valid/recursion.kif"));
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/1 valid, 0 invalid/);
    const bad = await run("check", corpus("invalid/bounded-counter.kif"));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/bounded-counter\.kif:\d+:\d+: error\[bounded\]: /);
  });

  it("exits 2 for a missing file and for a usage error, without a stack trace", async () => {
    const missing = await run("check", "no/such/game.kif");
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(/no\/such\/game\.kif: error\[io\]: cannot read the file: no such file/);
    const usage = await run("check");
    expect(usage.code).toBe(2);
    expect(usage.err).not.toMatch(/at .*\.ts:\d+/);
  });

  it("prints JSON with --json", async () => {
    const r = await run("check", "--json", corpus("invalid/stratification.kif"));
    const json = JSON.parse(r.out);
    expect(json.summary.invalid).toBe(1);
    expect(json.files[0].diagnostics[0]).toMatchObject({ severity: "error", code: "stratification" });
  });
});

describe("gdl-ground GAME", () => {
  it("prints a ground game that our parser reads back as a valid variable-free description", async () => {
    const r = await run(corpus("valid/step-counter.kif"));
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/\?/);
    const reread = loadText(r.out, "ground.kif");
    expect(reread.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("prints P with --asp, and sizes and times with --json", async () => {
    const asp = await run(corpus("valid/step-counter.kif"), "--asp");
    expect(asp.out).toContain("{ true(F) : _base(F) }.");
    expect(asp.out).toContain("1 { does(R, M) : _input(R, M) } 1 :- role(R).");
    const json = JSON.parse((await run(corpus("valid/step-counter.kif"), "--json", "--propnet")).out);
    expect(json.status).toBe("ok");
    expect(Object.keys(json.seconds)).toEqual(expect.arrayContaining(["parse", "check", "translate", "ground", "extract", "propnet", "total"]));
    expect(json.propnet.paperComponents).toBeGreaterThan(0);
    expect(json.propnet.optimizedComponents).toBeGreaterThan(0);
  });

  it("reports an invalid game with its position and exit 1", async () => {
    const r = await run(corpus("invalid/syntax-unbalanced.kif"));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/syntax-unbalanced\.kif:\d+:\d+: error\[syntax\]/);
  });

  it("writes the propnet as JSON and DOT", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-"));
    await run(corpus("valid/step-counter.kif"), "--propnet", "--propnet-out", path.join(dir, "p.json"));
    await run(corpus("valid/step-counter.kif"), "--propnet", "--propnet-out", path.join(dir, "p.dot"));
    expect(JSON.parse(readFileSync(path.join(dir, "p.json"), "utf8")).format).toBe("gdl-ground-propnet");
    expect(readFileSync(path.join(dir, "p.dot"), "utf8")).toMatch(/^digraph/);
  });
});

describe.skipIf(!haveBase)("replay and play on a real game", () => {
  const game = path.join(BASE, "ticTacToe.kif");

  it("replay gives exactly the prover's states, legal moves and goals", async () => {
    const reference = Prover.fromDescription(loadFile(game).description!);
    // a whole game chosen by the reference: x wins on the diagonal
    const script = [
      ["(mark 1 1)", "noop"],
      ["noop", "(mark 1 2)"],
      ["(mark 2 2)", "noop"],
      ["noop", "(mark 1 3)"],
      ["(MARK 3 3)", "noop"], // case-insensitive
    ];
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-"));
    writeFileSync(path.join(dir, "moves.json"), JSON.stringify(script));
    const r = await run("replay", game, "--moves", path.join(dir, "moves.json"));
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.roles).toEqual(reference.roles);
    let state = reference.initialState();
    for (let i = 0; i <= script.length; i++) {
      const step = out.steps[i];
      expect(step.state).toEqual([...state]);
      const terminal = reference.isTerminal(state);
      expect(step.terminal).toBe(terminal);
      if (terminal) expect(step.goals).toEqual(reference.goals(state));
      else {
        expect(step.goals).toBeNull();
        for (const role of reference.roles) expect(step.legal[role]).toEqual(reference.legalMoves(state, role));
      }
      if (i < script.length) state = reference.nextState(state, script[i].map((m) => m.toLowerCase()));
    }
    expect(out.steps[script.length].goals).toEqual({ xplayer: 100, oplayer: 0 });
  });

  it("rejects an illegal joint move naming the step and the role", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-"));
    writeFileSync(path.join(dir, "moves.json"), JSON.stringify([["(mark 1 1)", "noop"], ["noop", "(mark 1 1)"]]));
    const r = await run("replay", game, "--moves", path.join(dir, "moves.json"));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/joint move 2: "\(mark 1 1\)" is not a legal move of role oplayer/);
  });

  it("play --random --seed is deterministic and follows legal moves", async () => {
    const a = JSON.parse((await run("play", game, "--random", "--seed", "3")).out);
    const b = JSON.parse((await run("play", game, "--random", "--seed", "3")).out);
    expect(a).toEqual(b);
    a.moves.forEach((joint: string[], i: number) =>
      a.roles.forEach((role: string, r: number) => expect(a.steps[i].legal[role]).toContain(joint[r])),
    );
    expect(a.steps[a.steps.length - 1].terminal).toBe(true);
  });
});

describe("an unsafe rule (a safety warning) on the prover", () => {
  it("plays as on the ground game, where it was an internal error (floundering distinct), exit 70", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gdl-ground-")), "unsafe.kif");
    writeFileSync(
      file,
      [
        "(role blue) (init (f0 x)) (init (step 0)) (dom a) (dom b) (q a) (r b) (succ 0 1) (succ 1 2)",
        "(<= (legal blue m0) (dom a))",
        "(<= (legal blue (m1 ?x)) (not (q ?x)) (not (r ?x)))",
        "(<= (next (f0 ?v)) (does blue m0) (dom ?v) (not (true (f2 a b ?u))))",
        "(<= (next (f1 ?v)) (does blue m0) (dom ?v) (or (not (true (f0 x))) (distinct ?u ?u)))",
        "(<= (next (g ?x)) (does blue ?m) (distinct ?x a) (dom b))",
        "(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))",
        "(<= terminal (true (step 2))) (<= (goal blue 100) (true (f0 a))) (<= (goal blue 0) (not (true (f0 a))))",
      ].join("\n"),
    );
    const prover = await run("play", file, "--engine", "prover", "--seed", "2");
    const ground = await run("play", file, "--seed", "2");
    expect([prover.code, ground.code]).toEqual([0, 0]);
    expect(JSON.parse(prover.out)).toEqual(JSON.parse(ground.out));
    const legal: string[] = JSON.parse(prover.out).steps[0].legal.blue;
    expect(legal).toContain("(m1 x)");
    expect(legal).not.toContain("(m1 a)");
  });
});

describe("a rule whose or's expand past the limit", () => {
  // 13 (or ...) of two literals: 8,192 or-free rules, past MAX_OR_VARIANTS (4,096); 30 of them: about 10^9
  const game = (ors: number): string => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gdl-ground-")), `ors${ors}.kif`);
    const facts = Array.from({ length: ors }, (_, i) => `(p ${i}) (q ${i})`).join(" ");
    const body = Array.from({ length: ors }, (_, i) => `(or (p ${i}) (q ${i}))`).join(" ");
    writeFileSync(file, [`(role r) ${facts} (init (s 0))`, `(<= (legal r go) ${body})`, "(<= (next (s 1)) (does r go)) (<= terminal (true (s 1))) (<= (goal r 100) (true (s 1)))"].join("\n") + "\n");
    return file;
  };

  it("is an error at the rule with the full count, on the prover too (it was exit 1 without a word)", async () => {
    for (const [ors, count] of [[13, "8,192"], [30, "1,073,741,824"]] as const) {
      const file = game(ors);
      for (const engine of [[], ["--engine", "prover"]]) {
        const r = await run("play", file, ...engine);
        expect(r.code, `${ors} ${engine}`).toBe(1);
        expect(r.err).toContain(`ors${ors}.kif:2:1: error[ground]: expanding 'or' in this rule gives ${count} rules (more than 4,096)`);
      }
    }
  });
});

describe("a recursion deeper than a JavaScript stack, on the prover", () => {
  const write = (name: string, lines: string[]): string => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gdl-ground-")), name);
    writeFileSync(file, lines.join("\n") + "\n");
    return file;
  };
  const rules = ["(role p)", "(init (at 0))", "(<= (next (at ?y)) (true (at ?x)) (succ ?x ?y))", "(<= (goal p 100) (true (at 2)))", "(<= (goal p 0) (not (true (at 2))))"];
  const succ = Array.from({ length: 3000 }, (_, i) => `(succ ${i} ${i + 1})`);

  it("plays a game whose static recursion nests 3000 calls deep (src/prover/nesting.ts)", async () => {
    const game = write("chain.kif", [...rules, "(<= (legal p go) (true (at ?x)) (reach ?x))", "(<= (reach ?x) (succ ?x ?y) (reach ?y))", "(reach 3000)", "(<= terminal (true (at 2)))", ...succ]);
    const r = await run("play", game, "--engine", "prover", "--seed", "1");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).moves).toEqual([["go"], ["go"]]);
  });

  it("ends a cycle longer than the stack with error[prover] and exit 1, also in bench --json", async () => {
    const ring = Array.from({ length: 3000 }, (_, i) => `(edge ${i} ${(i + 1) % 3000})`);
    const game = write("ring.kif", [...rules, "(<= (legal p go) (true (at ?x)) (succ ?x ?y))", "(<= (conn ?x ?y) (edge ?x ?y))", "(<= (conn ?x ?z) (edge ?x ?y) (conn ?y ?z))", "(<= terminal (true (at ?x)) (conn ?x 5) (true (at 2)))", ...ring, ...succ]);
    const r = await run("play", game, "--engine", "prover");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ring\.kif: error\[prover\]: recursion deeper than the prover follows: the calls from \(conn\/2 \d+ 5\)/);
    const bench = await run("bench", game, "--engine", "prover", "--playouts", "1", "--json");
    expect(bench.code).toBe(1);
    expect(JSON.parse(bench.out)).toMatchObject({ status: "error", exitCode: 1, diagnostics: [{ code: "prover" }] });
  });

  // P^base is ground first, and clingo-wasm takes about 10,000 levels: gringo grounds it
  it.skipIf(!nativeGringo)("plays a game with a term and patterns 20,000 levels deep as the fast engine does, on Node's stack and under --stack-size=500", async () => {
    const deep = (inner: string) => `${"(f ".repeat(20_000)}${inner}${")".repeat(20_000)}`;
    const game = write("deep-prover.kif", [
      "(role p)", `(init (s ${deep("a")}))`, "(init (step 0))",
      `(<= (legal p (go ?x)) (true (s ${deep("?x")})))`, `(<= (legal p stay) (true (s ?t)) (distinct ?t ${deep("b")}))`,
      `(<= (next (s ${deep("?y")})) (does p (go ?x)) (true (s ${deep("?x")})) (flip ?x ?y))`, "(<= (next (s ?t)) (does p stay) (true (s ?t)))",
      "(flip a b) (flip b a)", "(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))", "(succ 0 1) (succ 1 2) (succ 2 3)", "(<= terminal (true (step 3)))",
      `(<= (goal p 100) (true (s ${deep("b")})))`, `(<= (goal p 0) (not (true (s ${deep("b")}))))`,
    ]);
    const r = await run("play", game, "--engine", "prover", "--random", "--seed", "1");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const played = JSON.parse(r.out);
    expect(played.moves).toEqual([["stay"], ["(go a)"], ["(go b)"]]);
    expect(played.steps.map((s: { state: string[] }) => s.state)).toEqual([0, 0, 1, 2].map((k, n) => [`(s ${deep(k === 1 ? "b" : "a")})`, `(step ${n})`]));
    expect(played.steps.at(-1)).toMatchObject({ terminal: true, goals: { p: 0 } });
    // the fast engine (the game grounds) plays it alike; the prover plays it on a 500 KB stack too (a browser worker's)
    expect((await run("play", game, "--random", "--seed", "1")).out).toBe(r.out);
    const bin = path.join(ROOT, "bin", "gdl-ground.js");
    const small = spawnSync(process.execPath, ["--stack-size=500", bin, "play", game, "--engine", "prover", "--random", "--seed", "1"], { encoding: "utf8", maxBuffer: 64 << 20 });
    expect(small.stderr).toBe("");
    expect(small.stdout).toBe(r.out);
  }, 60_000);
});

describe("terms nested 5,000 deep, the whole way on a small stack (node --stack-size=500, as a browser worker's)", () => {
  const bin = path.join(ROOT, "bin", "gdl-ground.js");
  const depth = 5000;
  const kif = (inner: string) => `${"(f ".repeat(depth)}${inner}${")".repeat(depth)}`;
  const infix = (inner: string) => `${"f(".repeat(depth)}${inner}${")".repeat(depth)}`;
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-deep-"));
  const game = path.join(dir, "deep.kif");
  writeFileSync(game, ["(role p)", `(init (at ${kif("a")}))`, "(<= (next (at ?x)) (true (at ?x)))", "(legal p go)", `(<= terminal (true (at ${kif("a")})))`, "(goal p 100)"].join("\n") + "\n");
  // a name with a blank: extraction reads its atoms as trees (src/ground/asp-symbol.ts, extract.ts)
  const quoted = path.join(dir, "deep.gdl");
  writeFileSync(quoted, ["role(p).", `init(at(${infix("'a b'")})).`, "next(at(X)) :- true(at(X)).", "legal(p, go).", `terminal :- true(at(${infix("'a b'")})).`, "goal(p, 100)."].join("\n") + "\n");
  const cli = (...args: string[]) => spawnSync(process.execPath, ["--stack-size=500", bin, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });

  it("checks, translates, formats and converts them (the reader took 2,000 levels; the printers overflowed this stack from 1,990)", () => {
    const check = cli("check", game);
    expect(check.stderr + check.stdout).toMatch(/1 valid, 0 invalid/);
    const asp = cli(game, "--asp");
    expect(asp.status).toBe(0);
    expect(asp.stdout.includes(`init(at(${infix("a")})).`)).toBe(true);
    const fmt = cli("fmt", game);
    expect(fmt.status).toBe(0);
    expect(fmt.stdout.includes(`(init (at ${kif("a")}))`)).toBe(true);
    const converted = cli("convert", "--to", "infix", game);
    expect(converted.status).toBe(0);
    expect(converted.stdout.includes(`init(at(${infix("a")})).`)).toBe(true);
  }, 60_000);

  it.skipIf(!nativeGringo)("grounds them with gringo and prints the ground game in both notations, through extraction's tree path too", () => {
    const ground = cli(game, "--grounder", "native");
    expect(ground.stderr).toBe("");
    expect(ground.stdout.includes(`(init (at ${kif("a")}))`)).toBe(true);
    const asInfix = cli(game, "--grounder", "native", "--to", "infix");
    expect(asInfix.stdout.includes(`init(at(${infix("a")})).`)).toBe(true);
    const tree = cli(quoted, "--grounder", "native");
    expect(tree.stderr).toBe("");
    expect(tree.stdout.includes(`next(at(${infix("'a b'")})) :- true(at(${infix("'a b'")})).`)).toBe(true);
  }, 60_000);
});

describe("literals nested as deep as the readers take, on a small stack (node --stack-size=500, as a browser worker's)", () => {
  // the readers took 2,000 levels: 1,999 nested `or`s overflowed the disjunctive normal form on Node's own stack
  // (`gdl-ground game.kif`: internal error, exit 70), 1,000 nested `not`s the check on this one
  const bin = path.join(ROOT, "bin", "gdl-ground.js");
  const depth = MAX_LITERAL_NESTING - 1;
  const nested = (wrap: (inner: string, level: number) => string) => {
    let literal = "(true (s 2))";
    for (let level = 0; level < depth; level++) literal = wrap(literal, level);
    return literal;
  };
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-deep-literals-"));
  const game = path.join(dir, "deep-literals.kif");
  writeFileSync(
    game,
    [
      "(role r)",
      "(init (s 1))",
      "(legal r go)",
      "(<= (next (s 1)) (true (s 1)))",
      "(goal r 100)",
      `(<= (p ?x) (true (s ?x)) ${nested((l) => `(not ${l})`)})`,
      `(<= (q ?x) (true (s ?x)) ${nested((l) => `(or (true (s 3)) ${l})`)})`,
      `(<= (u ?x) (true (s ?x)) ${nested((l, level) => (level % 2 === 0 ? `(not ${l})` : `(or ${l} (true (s 3)))`))})`,
      "(<= terminal (true (s 2)))",
      "(<= terminal (p 2) (q 2) (u 2))",
    ].join("\n") + "\n",
  );
  const cli = (...args: string[]) => spawnSync(process.execPath, ["--stack-size=500", bin, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
  const ok = (r: SpawnSyncReturns<string>) => {
    expect(r.stderr).not.toMatch(/internal error|nests deeper|\n\s+at /);
    expect(r.status).toBe(0);
  };

  it("checks, formats and converts them, both ways", () => {
    const check = cli("check", game);
    ok(check);
    expect(check.stderr + check.stdout).toMatch(/1 valid, 0 invalid/);
    ok(cli("fmt", game));
    const infix = cli("convert", "--to", "infix", game);
    ok(infix);
    const back = path.join(dir, "deep-literals.gdl");
    writeFileSync(back, infix.stdout);
    ok(cli("check", back));
    ok(cli("convert", "--to", "kif", back));
  }, 60_000);

  it.skipIf(!nativeGringo)("grounds them into a propnet and plays them on the fast engine and on the prover", () => {
    ok(cli(game, "--propnet", "--grounder", "native"));
    for (const engine of ["fast", "prover"]) {
      const play = cli("play", game, "--grounder", "native", "--engine", engine, "--max-steps", "3");
      ok(play);
      expect(JSON.parse(play.stdout).steps).toHaveLength(4);
    }
  }, 60_000);
});

describe("the installed command", () => {
  it("runs from bin/ with --help and exits 2 on a usage error, never with a stack trace", () => {
    const bin = path.join(ROOT, "bin", "gdl-ground.js");
    expect(execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" })).toMatch(/Usage: gdl-ground/);
    const bad = spawnSync(process.execPath, [bin, "check"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
