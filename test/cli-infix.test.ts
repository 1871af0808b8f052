/** The command line on infix files: check, ground (--to), convert, play and replay. */
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main } from "../src/cli/main.js";

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (s) => void (out += s), err: (s) => void (err += s) });
  return { code, out, err };
}

const GAME = `% A one-player game in infix (Stanford's dialect).
role(walker).
init(at(1)).
succ(1, 2). succ(2, 3).
legal(walker, step) :- true(at(X)) & succ(X, Y).
legal(walker, 'stay-put').
next(at(Y)) :- does(walker, step) & true(at(X)) & succ(X, Y).
next(at(X)) :- does(walker, 'stay-put') & true(at(X)).
terminal :- true(at(3)).
goal(walker, 100) :- true(at(3)).
goal(walker, 0) :- ~true(at(3)).
`;

describe("the CLI on infix GDL", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-infix-"));
  const file = path.join(dir, "walk.gdl");
  writeFileSync(file, GAME);

  it("checks it, quoting GDL in infix", async () => {
    expect((await run("check", file)).code).toBe(0);
    const bad = path.join(dir, "bad.gdl");
    writeFileSync(bad, "role(r).\np(X) :- ~q(X).\n");
    const { code, out } = await run("check", bad, "--strict");
    expect(code).toBe(1);
    expect(out).toContain(`${bad}:2:3: warning[safety]: unsafe variable X in the head`);
    expect((await run("check", bad, "--strict", "--to", "kif")).out).toContain("unsafe variable ?x");
  });

  it("grounds it, printing the ground game in infix or, with --to kif, in KIF", async () => {
    const infix = await run(file, "--no-base-input");
    expect(infix.code).toBe(0);
    expect(infix.out).toContain("legal(walker, step) :- true(at(1)).");
    expect(infix.out).toContain("legal(walker, 'stay-put').");
    const kif = await run(file, "--no-base-input", "--to", "kif");
    expect(kif.out).toContain("(<= (legal walker step) (true (at 1)))");
    expect((await run(file, "--propnet")).out).toMatch(/propositions \d+/);
  });

  it("refuses it as KIF with a hint, and converts it both ways", async () => {
    const forced = await run("check", file, "--syntax", "kif");
    expect(forced.out).toMatch(/looks like infix GDL.*--syntax infix/);
    const out = path.join(dir, "walk.kif");
    expect((await run("convert", file, "--to", "kif", "-o", out)).code).toBe(0);
    const kif = readFileSync(out, "utf8");
    expect(kif).toContain("; A one-player game in infix");
    expect(kif).toContain("(<= (next (at ?y)) (does walker step) (true (at ?x)) (succ ?x ?y))");
    const back = await run("convert", out, "--to", "infix");
    expect(back.out).toContain("next(at(Y)) :- does(walker, step) & true(at(X)) & succ(X, Y).");
  });

  it("plays and replays it, terms in infix, moves in either notation", async () => {
    const play = JSON.parse((await run("play", file, "--seed", "3")).out);
    expect(play.steps[0].state).toEqual(["at(1)"]);
    const moves = path.join(dir, "moves.json");
    writeFileSync(moves, JSON.stringify([["step"], ["'stay-put'"], ["stay-put"], ["step"]]));
    const replay = await run("replay", file, "--moves", moves);
    expect(replay.err).toBe("");
    const steps = JSON.parse(replay.out).steps;
    expect(steps.at(-1)).toMatchObject({ state: ["at(3)"], terminal: true, goals: { walker: 100 } });
    const kif = JSON.parse((await run("replay", file, "--moves", moves, "--to", "kif")).out);
    expect(kif.steps[1].legal.walker).toEqual(["stay-put", "step"]);
  });

  it("plays a game read case-sensitively with its names' case kept in infix (the terms' KIF was read back lower-cased)", async () => {
    const cased = path.join(dir, "cased.gdl");
    writeFileSync(cased, "role(walker).\ninit(at('Start')).\nlegal(walker, 'Go').\nnext(at('End')) :- does(walker, 'Go').\nterminal :- true(at('End')).\ngoal(walker, 100).\n");
    const play = JSON.parse((await run("play", cased, "--case-sensitive")).out);
    expect(play.steps[0]).toMatchObject({ state: ["at('Start')"], legal: { walker: ["'Go'"] } });
    expect(play.moves).toEqual([["'Go'"]]);
    expect(play.steps[1].state).toEqual(["at('End')"]);
    const kif = JSON.parse((await run("play", cased, "--case-sensitive", "--to", "kif")).out);
    expect(kif.steps[0].state).toEqual(["(at Start)"]);
  });

  it("plays and replays names with a blank or parentheses as written: 'x y' is not x, y, and cell('(f x)') is not cell(f(x))", async () => {
    // states and moves reach the command as KIF and are read back: `(move x y)` read as move(x, y), and
    // cell('(f x)') and cell(f(x)) were one fluent `(cell (f x))`; in KIF such a name is between bars
    const named = path.join(dir, "named.gdl");
    writeFileSync(
      named,
      [
        "role('w x').",
        "init(cell('(f x)')).",
        "legal('w x', move('x y')).",
        "legal('w x', noop).",
        "next(cell('(f x)')) :- true(cell('(f x)')).",
        "next(cell(f(x))) :- does('w x', move('x y')).",
        "terminal :- true(cell(f(x))).",
        "goal('w x', 100) :- true(cell(f(x))).",
        "goal('w x', 0) :- ~true(cell(f(x))).",
      ].join("\n") + "\n",
    );
    const play = JSON.parse((await run("play", named, "--max-steps", "1", "--to", "infix")).out);
    expect(play.roles).toEqual(["'w x'"]);
    expect(play.steps[0]).toEqual({ state: ["cell('(f x)')"], legal: { "'w x'": ["move('x y')", "noop"] }, terminal: false, goals: null });
    const moves = path.join(dir, "named-moves.json");
    for (const move of ["move('x y')", "(move |x y|)"]) {
      writeFileSync(moves, JSON.stringify([[move]]));
      const replay = await run("replay", named, "--moves", moves, "--to", "infix");
      expect(replay.err).toBe("");
      expect(JSON.parse(replay.out).steps[1]).toEqual({ state: ["cell(f(x))", "cell('(f x)')"], legal: { "'w x'": [] }, terminal: true, goals: { "'w x'": 100 } });
    }
    const kif = JSON.parse((await run("replay", named, "--moves", moves, "--to", "kif")).out);
    expect(kif.roles).toEqual(["|w x|"]);
    expect(kif.steps[1].state).toEqual(["(cell (f x))", "(cell |(f x)|)"]);
    writeFileSync(moves, JSON.stringify([["(move x y)"]]));
    expect((await run("replay", named, "--moves", moves, "--to", "kif")).err).toMatch(/"\(move x y\)" is not a legal move of role \|w x\| \(legal: \(move \|x y\|\), noop\)/);
  });

  it("convert --to kif writes names between bars that check, ground and play read as the infix game's", async () => {
    // the KIF reader refused '|': `convert q.gdl --to kif > q.kif && check q.kif` failed on the tool's own output
    const infix = path.join(dir, "bars.gdl");
    writeFileSync(infix, ["role('w x').", "init(cell('(f x)')).", "legal('w x', move('x y')).", "legal('w x', noop).", "next(cell('(f x)')) :- true(cell('(f x)')).", "next(cell(f(x))) :- does('w x', move('x y')).", "terminal :- true(cell(f(x))).", "goal('w x', 100) :- true(cell(f(x))).", "goal('w x', 0) :- ~true(cell(f(x)))."].join("\n") + "\n");
    const kifFile = path.join(dir, "bars.kif");
    const converted = await run("convert", infix, "--to", "kif");
    expect(converted.code).toBe(0);
    expect(converted.out).toContain("(<= (next (cell (f x))) (does |w x| (move |x y|)))");
    writeFileSync(kifFile, converted.out);
    const check = await run("check", kifFile, "--json", "--notes");
    expect(check.code).toBe(0);
    expect(JSON.parse(check.out).files[0].diagnostics).toEqual(JSON.parse((await run("check", infix, "--json", "--notes")).out).files[0].diagnostics);
    expect((await run("convert", kifFile, "--to", "infix")).out).toBe((await run("convert", infix, "--to", "infix")).out);
    const ground = (file: string) => run(file, "--to", "infix").then((r) => r.out.split("\n").filter((l) => !l.startsWith("%")).join("\n"));
    expect(await ground(kifFile)).toBe(await ground(infix));
    for (const seed of ["1", "2", "3"]) {
      const play = (file: string) => run("play", file, "--seed", seed, "--to", "infix").then((r) => r.out);
      expect(await play(kifFile)).toBe(await play(infix));
    }
  });

  it("replay and play with an illegal move name the role and list the legal moves in the output notation", async () => {
    // the message listed them in KIF (and replay's trace up to the illegal move was printed in KIF) whatever --to said
    const named = path.join(dir, "named-illegal.gdl");
    writeFileSync(named, ["role('w x').", "init(cell('(f x)')).", "legal('w x', move('x y')).", "legal('w x', noop).", "next(cell(f(x))) :- does('w x', move('x y')).", "terminal :- true(cell(f(x))).", "goal('w x', 100)."].join("\n") + "\n");
    const moves = path.join(dir, "named-illegal.json");
    writeFileSync(moves, JSON.stringify([["move(x, y)"]]));
    for (const to of [["--to", "infix"], []]) {
      const replay = await run("replay", named, "--moves", moves, ...to);
      expect(replay.code).toBe(1);
      expect(replay.err).toContain(`joint move 1: "move(x, y)" is not a legal move of role 'w x' (legal: move('x y'), noop)`);
      expect(JSON.parse(replay.out)).toEqual({
        roles: ["'w x'"],
        steps: [{ state: ["cell('(f x)')"], legal: { "'w x'": ["move('x y')", "noop"] }, terminal: false, goals: null }],
        error: `joint move 1: "move(x, y)" is not a legal move of role 'w x' (legal: move('x y'), noop)`,
      });
      const play = await run("play", named, "--moves", moves, ...to);
      expect(play.code).toBe(1);
      expect(play.err).toContain(`joint move 1: "move(x, y)" is not a legal move of role 'w x' (legal: move('x y'), noop)`);
    }
    const kif = await run("replay", named, "--moves", moves, "--to", "kif");
    expect(kif.err).toContain(`is not a legal move of role |w x| (legal: (move |x y|), noop)`);
    expect(JSON.parse(kif.out).roles).toEqual(["|w x|"]);
  });
});
