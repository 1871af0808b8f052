import { describe, expect, it } from "vitest";
import { AspifSyntaxError, aspifStatements, aspifView, parseAspif, type AspifStatement } from "./support/aspif.js";

// Hand-written aspif with every statement type of the format.
const ALL_STATEMENTS = [
  "asp 1 0 0",
  "1 0 1 1 0 0", // fact: a1.
  "1 1 2 2 3 0 1 -4", // {a2; a3} :- not a4.
  "1 0 2 5 6 0 2 1 -2", // a5 | a6 :- a1, not a2.
  "1 0 0 0 1 2", // :- a2.
  "1 0 1 7 1 3 3 1 2 -2 1 3 1", // a7 :- 3 <= #sum{2: a1; 1: not a2; 1: a3}.
  "2 -1 2 2 5 -3 1", // minimize priority -1
  "3 2 2 3", // #project
  "4 4 p(1) 0",
  "4 8 q(\"a b\") 1 2",
  "4 1 r 2 2 -3",
  "5 8 2", // #external a8. (false)
  "5 9 0", // free
  "6 2 2 -3", // assumption
  "7 1 2 -1 3 1 1", // #heuristic a2 : a1. [-1@3, sign]
  "8 0 1 1 4", // #edge (0,1) : a4.
  "9 0 1 42", // theory number term 1 = 42
  "9 1 2 3 sum", // theory symbol term 2 = sum
  "9 1 3 1 +",
  "9 2 4 3 2 1 1", // compound term 4 = +(1,1)
  "9 2 5 -1 2 1 2", // tuple (1,sum)
  "9 4 0 1 4 1 2", // element 0: terms [4] : a2
  "9 5 10 2 1 0", // theory atom for a10: &sum{...}
  "9 6 0 2 1 0 3 1", // directive with guard
  "10 a comment with  spaces",
  "0",
  "",
].join("\n");

describe("parseAspif", () => {
  it("reads every statement type", () => {
    const program = parseAspif(ALL_STATEMENTS);
    expect(program.version).toEqual([1, 0, 0]);
    expect(program.tags).toEqual([]);
    expect(program.steps).toHaveLength(1);
    const s = program.steps[0];
    expect(s.map((x) => x.type)).toEqual([
      "rule",
      "rule",
      "rule",
      "rule",
      "rule",
      "minimize",
      "project",
      "output",
      "output",
      "output",
      "external",
      "external",
      "assume",
      "heuristic",
      "edge",
      "theory-number",
      "theory-symbol",
      "theory-symbol",
      "theory-compound",
      "theory-compound",
      "theory-element",
      "theory-atom",
      "theory-atom",
      "comment",
    ]);
    expect(s[0]).toEqual({ type: "rule", choice: false, head: [1], body: { kind: "normal", literals: [] } });
    expect(s[1]).toEqual({ type: "rule", choice: true, head: [2, 3], body: { kind: "normal", literals: [-4] } });
    expect(s[2]).toEqual({ type: "rule", choice: false, head: [5, 6], body: { kind: "normal", literals: [1, -2] } });
    expect(s[3]).toEqual({ type: "rule", choice: false, head: [], body: { kind: "normal", literals: [2] } });
    expect(s[4]).toEqual({
      type: "rule",
      choice: false,
      head: [7],
      body: { kind: "weight", lowerBound: 3, literals: [1, -2, 3], weights: [2, 1, 1] },
    });
    expect(s[5]).toEqual({ type: "minimize", priority: -1, literals: [2, -3], weights: [5, 1] });
    expect(s[6]).toEqual({ type: "project", atoms: [2, 3] });
    expect(s[7]).toEqual({ type: "output", symbol: "p(1)", condition: [] });
    expect(s[8]).toEqual({ type: "output", symbol: 'q("a b")', condition: [2] });
    expect(s[9]).toEqual({ type: "output", symbol: "r", condition: [2, -3] });
    expect(s[10]).toEqual({ type: "external", atom: 8, value: "false" });
    expect(s[11]).toEqual({ type: "external", atom: 9, value: "free" });
    expect(s[12]).toEqual({ type: "assume", literals: [2, -3] });
    expect(s[13]).toEqual({ type: "heuristic", modifier: "sign", atom: 2, bias: -1, priority: 3, condition: [1] });
    expect(s[14]).toEqual({ type: "edge", from: 0, to: 1, condition: [4] });
    expect(s[15]).toEqual({ type: "theory-number", id: 1, value: 42 });
    expect(s[16]).toEqual({ type: "theory-symbol", id: 2, name: "sum" });
    expect(s[18]).toEqual({ type: "theory-compound", id: 4, functor: 3, tuple: undefined, args: [1, 1] });
    expect(s[19]).toEqual({ type: "theory-compound", id: 5, functor: undefined, tuple: "paren", args: [1, 2] });
    expect(s[20]).toEqual({ type: "theory-element", id: 0, terms: [4], condition: [2] });
    expect(s[21]).toEqual({ type: "theory-atom", atom: 10, term: 2, elements: [0], guard: undefined });
    expect(s[22]).toEqual({ type: "theory-atom", atom: 0, term: 2, elements: [0], guard: { operator: 3, term: 1 } });
    expect(s[23]).toEqual({ type: "comment", text: "a comment with  spaces" });
  });

  it("measures output strings in UTF-8 bytes, so symbols may hold blanks and non-ASCII text", () => {
    const program = parseAspif('asp 1 0 0\n4 7 a("é") 0\n4 10 s("a 1 0") 1 3\n4 9 b("😀") 0\n0\n');
    const outputs = [...aspifStatements(program)].map((s) => (s.type === "output" ? s.symbol : ""));
    expect(outputs).toEqual(['a("é")', 's("a 1 0")', 'b("😀")']);
  });

  it("accepts CRLF line ends, a missing final newline and header tags with incremental steps", () => {
    expect(parseAspif("asp 1 0 0\r\n1 0 1 1 0 0\r\n0").steps[0]).toHaveLength(1);
    const inc = parseAspif("asp 1 0 0 incremental\n1 0 1 1 0 0\n0\n5 2 1\n0\n");
    expect(inc.tags).toEqual(["incremental"]);
    expect(inc.steps.map((s) => s.length)).toEqual([1, 1]);
  });

  it("reports malformed text with its line", () => {
    const cases: [string, number][] = [
      ["asp 2 0 0\n0\n", 1],
      ["asp 1 0 0\n1 0 1 1 0 0\n", 3], // no final 0
      ["asp 1 0 0\n1 0 1 1 0\n0\n", 2], // body count missing: reads into the next line? no: end of line expected
      ["asp 1 0 0\n11 1\n0\n", 2],
      ["asp 1 0 0\n5 1 7\n0\n", 2],
      ["asp 1 0 0\n4 9 p(1) 0\n0\n", 2],
      ["asp 1 0 0\n1 0 1 1 0 0 extra\n0\n", 2],
      ["asp 1 0 0\n0\n1 0 1 1 0 0\n", 3],
      ["nonsense", 1],
    ];
    for (const [text, line] of cases) {
      let error: unknown;
      try {
        parseAspif(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(AspifSyntaxError);
      expect((error as AspifSyntaxError).line, text).toBe(line);
    }
  });
});

describe("aspifView", () => {
  it("maps atoms to their output symbols and collects facts and rules", () => {
    const text = [
      "asp 1 0 0",
      "1 0 1 1 0 0",
      "1 1 1 2 0 0",
      "1 0 1 3 0 1 -2",
      "1 0 1 4 0 0",
      "4 4 p(1) 0",
      "4 4 q(1) 1 2",
      "4 4 r(1) 1 3",
      "4 4 s(1) 1 2", // a second name for atom 2: the first one wins
      "4 4 t(1) 1 4", // fact atom with a symbol (--preserve-facts=symtab)
      "4 1 5 1 -9",
      "5 7 0",
      "2 0 1 3 1",
      "0",
    ].join("\n");
    const view = aspifView(parseAspif(text));
    expect(view.maxAtom).toBe(9);
    expect(view.atomSymbol[2]).toBe("q(1)");
    expect(view.atomSymbol[3]).toBe("r(1)");
    expect(view.atomSymbol[1]).toBeUndefined();
    expect(view.atomSymbol).toHaveLength(10);
    expect(view.factAtoms).toEqual([1, 4]);
    expect(view.facts).toEqual(["p(1)", "t(1)"]);
    expect(view.rules).toHaveLength(4);
    expect(view.conditionalOutputs.map((o) => o.symbol)).toEqual(["5"]);
    expect(view.externals).toEqual([{ type: "external", atom: 7, value: "free" }]);
    expect(view.others.map((s: AspifStatement) => s.type)).toEqual(["minimize"]);
  });
});
