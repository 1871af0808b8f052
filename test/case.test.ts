/**
 * Symbol case (issue 15): the default reading lower-cases every name (KIF is case-insensitive);
 * `caseSensitive` keeps the case of non-keyword symbols as GGP-Base does, through the symbol
 * table, the ground game, the propnet, replay and the prover; the `case` check warns
 * when a description spells one symbol two ways (the reading then matters).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { checkDescription } from "../src/check/index.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { groundGameToKif } from "../src/ground/print-ground.js";
import { groundDescription, loadText } from "../src/pipeline.js";
import { playableGame } from "../src/node-pipeline.js";
import { Prover } from "../src/prover/prover.js";
import { normalizeSymbol } from "../src/syntax/case.js";
import { parseKifTerm } from "../src/syntax/kif-term.js";
import { parseGdl, type ParseOptions } from "../src/syntax/parse.js";
import { ruleToKif, termToKif } from "../src/syntax/print.js";
import { SymbolTable, variableNames } from "../src/translate/symbols.js";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { createdGrounder } from "./support/grounder.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BASE = path.resolve(ROOT, "../shared/games/base");
const haveBase = existsSync(BASE);

let grounder: ClosableGrounder | undefined;
async function warmGrounder(): Promise<ClosableGrounder> {
  if (grounder) return grounder;
  const g = await createdGrounder("wasm");
  grounder = g;
  return g;
}
afterAll(async () => grounder?.close());

function parse(text: string, options?: ParseOptions) {
  const { description, diagnostics } = parseGdl(text, "t.kif", options);
  expect(diagnostics).toEqual([]);
  return description;
}

describe("normalizeSymbol", () => {
  it("lower-cases every name by default, only non-keywords keep their case when case-sensitive", () => {
    expect(normalizeSymbol("VerticalTerrorist")).toBe("verticalterrorist");
    expect(normalizeSymbol("VerticalTerrorist", { caseSensitive: true })).toBe("VerticalTerrorist");
    expect(normalizeSymbol("?X", { caseSensitive: true })).toBe("?X");
    for (const keyword of ["ROLE", "Init", "TRUE", "Next", "LEGAL", "Does", "GOAL", "Terminal", "DISTINCT", "Not", "OR", "Base", "INPUT"])
      expect(normalizeSymbol(keyword, { caseSensitive: true })).toBe(keyword.toLowerCase());
  });
});

describe("reading with caseSensitive", () => {
  const game = "(ROLE Player) (INIT (Cell A)) (<= (NEXT (Cell ?X)) (TRUE (Cell ?X)) (NOT (Blocked ?x)) (DISTINCT ?X b))";

  it("keeps the case of constants, relations, functions and variables, never of keywords", () => {
    const d = parse(game, { caseSensitive: true });
    expect(d.caseSensitive).toBe(true);
    expect(d.rules.map(ruleToKif)).toEqual([
      "(role Player)",
      "(init (Cell A))",
      "(<= (next (Cell ?X)) (true (Cell ?X)) (not (Blocked ?x)) (distinct ?X b))",
    ]);
  });

  it("lower-cases everything by default", () => {
    const d = parse(game);
    expect(d.caseSensitive).toBeUndefined();
    expect(d.rules.map(ruleToKif)[2]).toBe("(<= (next (cell ?x)) (true (cell ?x)) (not (blocked ?x)) (distinct ?x b))");
  });

  it("reads KIF terms (moves, fluents) the same way", () => {
    expect(termToKif(parseKifTerm("(Step E ?X)"))).toBe("(step e ?x)");
    expect(termToKif(parseKifTerm("(Step E ?X)", { caseSensitive: true }))).toBe("(Step E ?X)");
    expect(termToKif(parseKifTerm("(TRUE (Cell A))", { caseSensitive: true }))).toBe("(true (Cell A))");
  });
});

describe("check 'case'", () => {
  const text = [
    "(role r)", // 1
    "(type t VerticalTerrorist)", // 2
    "(<= (moves ?t) (type ?t verticalTerrorist))", // 3
    "(<= (p ?X) (q ?x))", // 4: one variable in GDL, two for GGP-Base
    "(<= (p ?Y) (q ?Y)) (<= (s ?y) (q ?y))", // 5: the same variable name in other rules: fine
    "(<= terminal (TRUE done)) (<= (goal r 0) (true done))", // 6: keywords: never
  ].join("\n");

  for (const caseSensitive of [false, true]) {
    it(`warns once per symbol spelled two ways, naming both positions (${caseSensitive ? "case-sensitive" : "default"} reading)`, () => {
      const { description } = parseGdl(text, "t.kif", { caseSensitive });
      const warnings = checkDescription(description).filter((d) => d.code === "case");
      expect(warnings.map((d) => [d.severity, d.pos.line, d.pos.col, d.message])).toEqual([
        [
          "warning",
          3,
          25,
          "'verticalTerrorist' (3:25) and 'VerticalTerrorist' (2:9) are one symbol in GDL; readers that keep case, such as GGP-Base, read them as two",
        ],
        ["warning", 4, 15, "'?x' (4:15) and '?X' (4:8) are one variable in GDL; readers that keep case, such as GGP-Base, read them as two"],
      ]);
      expect(warnings[0].related).toEqual([{ message: "'VerticalTerrorist' is written here", pos: expect.objectContaining({ line: 2, col: 9 }) }]);
    });
  }

  it("names every spelling when there are more than two", () => {
    const { description } = parseGdl("(role r) (p ab) (p AB) (p Ab)", "t.kif");
    const [warning] = checkDescription(description).filter((d) => d.code === "case");
    expect(warning.message).toBe("'AB' (1:20), 'Ab' (1:27) and 'ab' (1:13) are one symbol in GDL; readers that keep case, such as GGP-Base, read them as 3");
  });

  it.skipIf(!haveBase)("warns on exactly alexChess and wargame01-03 among the base games", () => {
    const warned: Record<string, string[]> = {};
    for (const file of readdirSync(BASE).filter((f) => f.endsWith(".kif")).sort()) {
      const { description } = parseGdl(readFileSync(path.join(BASE, file), "utf8"), file);
      const symbols = checkDescription(description)
        .filter((d) => d.code === "case")
        .map((d) => d.message.match(/^'([^']*)'/)![1]);
      if (symbols.length > 0) warned[file] = symbols;
    }
    expect(warned).toEqual({
      "alexChess.kif": ["nextrank", "nextfile"],
      "wargame01.kif": ["timeout"],
      "wargame02.kif": ["timeout"],
      "wargame03.kif": ["timeout", "VerticalTerrorist"],
    });
  });
});

describe("ASP names of case-sensitive symbols", () => {
  it("are distinct, valid ASP constants, and map back to the GDL name", () => {
    const t = new SymbolTable();
    const names = ["verticalTerrorist", "VerticalTerrorist", "verticalterrorist", "VERTICALTERRORIST", "g_VerticalTerrorist", "E", "e", "g_E", "a-B", "a-b"];
    t.reserve(names);
    const asp = names.map((n) => t.name(n));
    expect(new Set(asp).size).toBe(names.length);
    for (const a of asp) expect(a).toMatch(/^[a-z][A-Za-z0-9_]*$/);
    names.forEach((n, i) => expect(t.gdlName(asp[i])).toBe(n));
    expect(t.name("verticalTerrorist")).toBe("verticalTerrorist");
    expect(t.name("g_VerticalTerrorist")).toBe("g_VerticalTerrorist"); // the game's own name wins
  });

  it("are injective on any set of names (property)", () => {
    const name = fc.stringMatching(/^[a-zA-Z_\-+0-9]{1,6}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 30 }), (names) => {
        const t = new SymbolTable();
        t.reserve(names);
        const asp = names.map((n) => t.constant(n));
        expect(new Set(asp).size).toBe(names.length);
        for (const a of asp) expect(a).toMatch(/^([a-z][A-Za-z0-9_]*|0|[1-9][0-9]*)$/);
        names.forEach((n, i) => expect(t.gdlName(asp[i])).toBe(n));
      }),
    );
  });

  it("name variables differing in case apart", () => {
    const names = variableNames(["X", "x", "xY", "xy", "V1"]);
    expect(new Set(names.values()).size).toBe(5);
    for (const v of names.values()) expect(v).toMatch(/^[A-Z][A-Za-z0-9_]*$/);
  });
});

describe("grounding case-sensitively", () => {
  // Up and up are two moves for GGP-Base, one for the default reading
  const game = `
    (role robot)
    (init (at 1)) (succ 1 2) (succ 2 3)
    (<= (legal robot Up) (true (at ?x)) (succ ?x ?y))
    (<= (legal robot up) (true (at ?x)) (succ ?x ?y))
    (<= (next (at ?y)) (does robot up) (true (at ?x)) (succ ?x ?y))
    (<= (next (at ?x)) (does robot Up) (true (at ?x)))
    (<= terminal (true (at 3)))
    (<= (goal robot 100) (true (at 3)))
    (<= (goal robot 0) (not (true (at 3))))`;

  it("keeps case through grounding and printing, and agrees with the prover", async () => {
    const g = await warmGrounder();
    for (const caseSensitive of [false, true]) {
      const loaded = loadText(game, "robot.kif", { caseSensitive });
      const result = await groundDescription(loaded, { grounder: g, timeoutSeconds: 30 });
      expect(result.status).toBe("ok");
      expect(result.game!.input.map((m) => m.move).sort()).toEqual(caseSensitive ? ["Up", "up"] : ["up"]);
      const reference = Prover.fromDescription(loaded.description!);
      const state = reference.initialState();
      expect(reference.legalMoves(state, "robot")).toEqual(caseSensitive ? ["Up", "up"] : ["up"]);
      expect(reference.nextState(state, ["Up"])).toEqual(caseSensitive ? ["(at 1)"] : ["(at 1)", "(at 2)"]);
      if (caseSensitive) {
        // the printed ground game keeps the case, and reads back (case-sensitively) to the same game
        const printed = groundGameToKif(result.game!);
        expect(printed).toContain("(legal robot Up)");
        const reread = loadText(printed, "robot.ground.kif", { caseSensitive: true });
        expect(reread.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const again = Prover.fromDescription(reread.description!);
        expect(again.legalMoves(again.initialState(), "robot")).toEqual(["Up", "up"]);
        expect(again.nextState(again.initialState(), ["Up"])).toEqual(["(at 1)"]);
      }
    }
  });
});

describe.skipIf(!haveBase)("wargame03, first joint move (step E) by the soldier", () => {
  const file = path.join(BASE, "wargame03.kif");
  const terrorist2 = (state: readonly string[]) => state.filter((f) => f.includes("terrorist2"));

  it("keeps terrorist2's location and health by default, drops them case-sensitively (as GGP-Base), propnet = reference", async () => {
    const g = await warmGrounder();
    const after: Record<string, string[]> = {};
    for (const caseSensitive of [false, true]) {
      const loaded = await playableGame(file, { grounder: g, timeoutSeconds: 60, caseSensitive });
      if (!("game" in loaded)) throw new Error(loaded.diagnostics.map((d) => d.message).join("\n"));
      const sm = loaded.game.machine;
      const move = caseSensitive ? "(step E)" : "(step e)";
      const index = sm.moveIndex(0, move);
      expect(index, move).toBeDefined();
      const state = sm.nextState(sm.initialState(), [index!]);
      const fluents = sm.stateToKif(state).sort();
      const reference = Prover.fromDescription(loaded.game.result.description!);
      expect(reference.nextState(reference.initialState(), [move])).toEqual(fluents);
      after[String(caseSensitive)] = fluents;
    }
    expect(terrorist2(after.false)).toEqual(["(health terrorist2 2)", "(location terrorist2 3 4)"]);
    expect(terrorist2(after.true)).toEqual([]);
    // otherwise the same state, up to the case of the names
    const lower = new Set(after.true.map((f) => f.toLowerCase()));
    expect(after.false.filter((f) => !lower.has(f))).toEqual(["(health terrorist2 2)", "(location terrorist2 3 4)"]);
    expect([...lower].filter((f) => !after.false.includes(f))).toEqual([]);
  });

  it("replay --case-sensitive matches moves with their case", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const moves = path.join(mkdtempSync(path.join(tmpdir(), "case-")), "moves.json");
    writeFileSync(moves, JSON.stringify([["(step E)"]]));
    let out = "";
    let err = "";
    const io: Output = { out: (t) => (out += t), err: (t) => (err += t) };
    expect(await main(["replay", file, "--moves", moves, "--case-sensitive"], io), err).toBe(0);
    const steps = JSON.parse(out).steps as { state: string[] }[];
    expect(steps[0].state).toContain("(location terrorist2 3 4)");
    expect(terrorist2(steps[1].state)).toEqual([]);
    writeFileSync(moves, JSON.stringify([["(step e)"]]));
    out = err = "";
    expect(await main(["replay", file, "--moves", moves, "--case-sensitive"], io)).toBe(1);
    expect(err).toMatch(/"\(step e\)" is not a legal move of role soldier \(legal: \(step E\), \(step N\), noop\)/);
  });
});

describe("case in infix", () => {
  it("the infix reader records spellings and keeps case on request, as the KIF reader does", () => {
    const text = "role(walker).\ninit(at('Home')).\nlegal(walker, stay) :- true(at(home)).\nterminal.\ngoal(walker, 100).\n";
    const warnings = (caseSensitive: boolean) =>
      checkDescription(parseGdl(text, "w.gdl", { syntax: "infix", caseSensitive }).description).filter((d) => d.code === "case");
    expect(warnings(false).map((d) => d.message)).toEqual([expect.stringMatching(/^'home' \(3:32\) and 'Home' \(2:9\) are one symbol/)]);
    const sensitive = parseGdl(text, "w.gdl", { syntax: "infix", caseSensitive: true }).description;
    expect(termToKif(sensitive.rules[1].head.args[0])).toBe("(at Home)");
    expect(warnings(true)).toHaveLength(1);
  });
});
