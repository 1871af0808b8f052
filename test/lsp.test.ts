/**
 * The language server's features in-process, on small descriptions where each case is plain:
 * argument domains, definitions of each kind of symbol, rename in both notations (quoting,
 * variable spelling) and its refusals, completion of a rule's variables, diagnostic ranges and
 * notes, the outline of infix text. test/lsp-stdio.test.ts drives the same over stdio.
 */
import { describe, expect, it } from "vitest";
import type { Position } from "vscode-languageserver";
import { argumentDomains } from "../src/analysis/argument-domains.js";
import { completion } from "../src/lsp/completion.js";
import { toLspDiagnostics } from "../src/lsp/diagnostics.js";
import { GdlDocument } from "../src/lsp/document.js";
import { definition, hover } from "../src/lsp/navigation.js";
import { documentSymbols, semanticTokens, TOKEN_TYPES } from "../src/lsp/outline.js";
import { prepareRename, rename } from "../src/lsp/rename.js";
import { parseGdl } from "../src/syntax/parse.js";
import { CONNECTIVES, KEYWORD_ARITY, RANDOM_ROLE } from "../src/syntax/ast.js";
import { KEYWORD_MEANINGS } from "../src/lsp/describe.js";

const doc = (text: string, uri = "file:///game.kif") => new GdlDocument(uri, "gdl", 1, text);
const at = (d: GdlDocument, needle: string, into = 1, nth = 0): Position => {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = d.text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`no ${needle}`);
  return d.lines.positionAt(offset + into);
};
const lineOf = (d: GdlDocument, p: Position) => d.text.split("\n")[p.line];

const COUNTER = `(role robot)
(succ 1 2) (succ 2 3) (succ 3 4)
(init (step 1))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (legal robot (go ?d)) (dir ?d))
(<= (legal robot stay) (true (step ?any)))
(dir left) (dir right)
(<= (free ?x) (true (step ?x)) (or (succ ?x ?y) (succ ?y ?x)))
(<= terminal (true (step 4)))
(<= (goal robot 100) terminal)
`;

describe("argument domains", () => {
  it("follows variables through rules, GDL's links and recursion", () => {
    const domains = argumentDomains(parseGdl(COUNTER).description);
    const values = (d: ReadonlySet<string> | undefined) => (d ? [...d].sort() : "any");
    expect(domains.function("step", 1)?.map(values)).toEqual([["1", "2", "3", "4"]]);
    expect(domains.function("go", 1)?.map(values)).toEqual([["left", "right"]]);
    expect(domains.relation("legal", 2)?.map(values)).toEqual([["robot"], ["go/1", "stay"]]);
    expect(domains.relation("does", 2)?.map(values)).toEqual([["robot"], ["go/1", "stay"]]);
    expect(domains.relation("free", 1)?.map(values)).toEqual([["1", "2", "3", "4"]]);
    expect(domains.relation("nothing", 1)).toBeUndefined();
  });

  it("says 'any' where a head variable is bound by nothing, and past the limit", () => {
    const domains = argumentDomains(parseGdl("(p ?x)\n(q 1) (q 2) (q 3)\n(<= (r ?y) (q ?y))").description, 2);
    expect(domains.relation("p", 1)).toEqual([undefined]);
    expect(domains.relation("r", 1)).toEqual([undefined]);
  });
});

describe("definitions", () => {
  const d = doc(COUNTER);
  const defs = (p: Position) => definition(d, p).map((l) => lineOf(d, l.range.start));

  it("of a relation: the heads of its rules; of a role: its role fact", () => {
    expect(defs(at(d, "(succ ?m ?n)", 2))).toEqual(["(succ 1 2) (succ 2 3) (succ 3 4)", "(succ 1 2) (succ 2 3) (succ 3 4)", "(succ 1 2) (succ 2 3) (succ 3 4)"]);
    expect(defs(at(d, "(legal robot (go", 8))).toEqual(["(role robot)"]);
  });

  it("of a fluent: the init and next heads; of a move: the legal heads; of a variable: its first occurrence", () => {
    expect(defs(at(d, "(true (step ?m))", 8))).toEqual(["(init (step 1))", "(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))"]);
    expect(defs(at(d, "(go ?d)", 2))).toEqual(["(<= (legal robot (go ?d)) (dir ?d))"]);
    const variable = definition(d, at(d, "(succ ?m ?n)", 7));
    expect(variable).toHaveLength(1);
    expect(d.lines.offsetAt(variable[0].range.start)).toBe(d.text.indexOf("?m"));
  });
});

describe("rename", () => {
  it("renames a relation everywhere, keeps the notation's spelling, refuses keywords and captures", () => {
    const d = doc(COUNTER);
    const r = rename(d, at(d, "(succ 1 2)", 2), "after");
    expect(r.ok && r.edits.length).toBe(6);
    const refusedCapture = rename(d, at(d, "(succ 1 2)", 2), "DIR");
    expect(refusedCapture.ok ? "" : refusedCapture.reason).toBe("'dir' is already a static relation (dir/1) in this document: renaming 'succ' to it would make them one symbol");
    expect(prepareRename(d, at(d, "(<= (next", 6)).ok).toBe(false);
    expect(prepareRename(d, at(d, "(<= (next", 2))).toEqual({ ok: false, reason: "'<=' is a GDL keyword: its meaning is fixed, it cannot be renamed" });
    // a name KIF's tokens cannot hold is written between bars (kif-name.ts); a leading '?' would be a variable
    const barred = rename(d, at(d, "(succ 1 2)", 2), "a b");
    expect(barred.ok && [...new Set(barred.edits.map((e) => e.newText))]).toEqual(["|a b|"]);
    const typedBars = rename(d, at(d, "(succ 1 2)", 2), "|a(b)|");
    expect(typedBars.ok && [...new Set(typedBars.edits.map((e) => e.newText))]).toEqual(["|a(b)|"]);
    const bad = rename(d, at(d, "(succ 1 2)", 2), "?a");
    expect(bad.ok ? "" : bad.reason).toMatch(/not a KIF name/);
  });

  it("renames a variable in its rule only, and refuses another variable's name", () => {
    const d = doc(COUNTER);
    const r = rename(d, at(d, "(true (step ?m))", 13), "prev");
    expect(r.ok && r.edits.map((e) => e.newText)).toEqual(["?prev", "?prev"]);
    const refused = rename(d, at(d, "(true (step ?m))", 13), "?N");
    expect(refused.ok ? "" : refused.reason).toBe("'?n' is already a variable of this rule: renaming '?m' to it would make them one variable");
  });

  it("in infix: quotes a name that needs it, writes variables upper-case, refuses '_'", () => {
    const d = doc("role(r).\ncell(1).\nnext(cell(N)) :- true(cell(M)) & succ(M, N) & p(_).\nsucc(1, 2).\np(1).\n", "file:///g.gdl");
    const r = rename(d, at(d, "succ(M", 1), "plus-one");
    expect(r.ok && r.edits.map((e) => e.newText)).toEqual(["'plus-one'", "'plus-one'"]);
    const v = rename(d, at(d, "cell(M)", 5), "?previous");
    expect(v.ok && v.edits.map((e) => e.newText)).toEqual(["Previous", "Previous"]);
    const anonymous = prepareRename(d, at(d, "p(_)", 2));
    expect(anonymous).toEqual({ ok: false, reason: "'_' is anonymous: each '_' is a variable of its own" });
  });
});

describe("completion", () => {
  it("has a meaning for every keyword and connective (completion and hover show it)", () => {
    // GDL-II's sees was once a keyword without one: completion failed on every document
    for (const name of [...KEYWORD_ARITY.keys(), ...CONNECTIVES, RANDOM_ROLE]) expect(KEYWORD_MEANINGS.get(name)?.meaning, name).toBeTruthy();
  });

  it("offers the rule's variables after '?', else symbols with kind and arity, and keywords", () => {
    const d = doc(COUNTER.replace("(succ ?m ?n))", "(succ ?m ?n) (dir ?))"));
    const variables = completion(d, at(d, "(dir ?)", 6));
    expect(variables.map((i) => i.label).sort()).toEqual(["?m", "?n"]);
    const items = completion(d, at(d, "(init (step", 7));
    const labels = new Map(items.map((i) => [i.label, i.detail]));
    expect(labels.get("step")).toBe("fluent step/1");
    expect(labels.get("go")).toBe("move go/1");
    expect(labels.get("robot")).toBe("role robot");
    expect(labels.get("succ")).toBe("static relation succ/2");
    expect(labels.get("distinct")).toBe("(distinct ?s ?t)");
  });

  it("in infix, offers the variables of the clause being written", () => {
    const d = doc("role(r).\nnext(cell(N)) :- true(cell(M)) &\n    succ(M, X\nterminal.\n", "file:///g.gdl");
    expect(completion(d, at(d, "succ(M, X", 9)).map((i) => i.label).sort()).toEqual(["M", "N"]);
  });
});

describe("diagnostics", () => {
  it("mark the form or name at the position, with notes as related information or in the message", () => {
    const d = doc("(role r)\n(p 1)\n(p 1 2)\n(<= terminal (p ?x ?y))\n(<= (goal r 100) terminal)\n(init (s 1))\n(<= (legal r go) (true (s 1)))\n");
    const arity = d.diagnostics.find((x) => x.code === "arity")!;
    const [withRelated] = toLspDiagnostics(d, [arity], { relatedInformation: true, notes: false });
    expect(d.text.slice(d.lines.offsetAt(withRelated.range.start), d.lines.offsetAt(withRelated.range.end))).toBe("(p 1 2)");
    expect(withRelated.relatedInformation?.[0].message).toBe("first use of 'p', with 1 argument");
    const [inMessage] = toLspDiagnostics(d, [arity], { relatedInformation: false, notes: false });
    expect(inMessage.message).toMatch(/\nnote \(2:1\): first use of 'p', with 1 argument$/);
  });
});

describe("diagnostics of a large text", () => {
  it("places 30,000 warnings in linear time (each one sniffed the whole text's syntax again: 15,000 took 33 s)", () => {
    const rules = Array.from({ length: 30_000 }, (_, i) => `(<= (bad${i} ?x) (true (step 0)))`).join("\n");
    const d = doc(`(role r)\n(init (step 0))\n(<= (legal r go) (true (step 0)))\n(<= (next (step 1)) (true (step 0)))\n(<= terminal (true (step 1)))\n(goal r 100)\n${rules}\n`);
    const shown = toLspDiagnostics(d, d.diagnostics, { relatedInformation: false, notes: false });
    expect(shown.filter((x) => x.code === "safety")).toHaveLength(30_000);
    expect(shown.at(-1)!.range.start.line).toBe(30_005);
  }, 30_000);
});

describe("one parse per version", () => {
  it("the diagnostics, the index and the background grounding share one parse and one tokenization", () => {
    const d = doc("(role r)\n(init (s 1))\n(<= (legal r go) (true (s 1)))\n(<= (next (s 2)) (true (s 1)))\n(<= terminal (true (s 2)))\n(goal r 100)\n");
    const tokens = d.tokens;
    expect(d.diagnostics.filter((x) => x.severity === "error")).toEqual([]);
    // the index took the tokens the diagnostics were placed with (it made its own: the text was tokenized twice)
    expect(d.analysis.tokens).toBe(tokens);
    expect(d.tokens).toBe(tokens);
    // and the parse the diagnostics were checked on (parsed twice, and a third time for the grounding)
    expect(d.analysis.parsed).toBe(d.parsed);
    expect(d.loaded.description).toBe(d.parsed.description);
  });
});

describe("a term nested 50,000 deep", () => {
  it("has its occurrences, hover, definitions, rename and argument domains (the occurrences and the domains took a call per level)", () => {
    const deep = (inner: string) => `${"(f ".repeat(50_000)}${inner}${")".repeat(50_000)}`;
    const d = doc(`(role r)\n(init (at ${deep("a")}))\n(<= (next (at ?x)) (true (at ${deep("?x")})))\n(legal r go)\n(<= terminal (true (at ${deep("a")})))\n(goal r 100)\n`);
    expect(d.diagnostics.filter((x) => x.severity !== "note")).toEqual([]);
    expect((hover(d, at(d, "(f "), undefined) as { contents: { value: string } }).contents.value).toMatch(/^\*\*f\/1\*\* function\n\nargument values: 1: f\/1, a\n\n150000 occurrences/);
    expect(definition(d, at(d, "?x)", 1, 1))).toMatchObject([{ range: { start: { line: 2, character: 14 } } }]);
    const renamed = rename(d, at(d, "(f "), "g");
    expect(renamed.ok && renamed.edits.length).toBe(150_000);
    const values = argumentDomains(d.analysis.parsed.description).function("f", 1)!.map((v) => (v ? [...v].sort() : "any"));
    expect(values).toEqual([["a", "f/1"]]);
  }, 60_000);
});

describe("outline, colours and hover of infix text", () => {
  const d = doc("role(white).\nrole(black).\ninit(cell(1, b)).\nlegal(R, noop) :- role(R).\nnext(cell(X, b)) :- true(cell(X, b)).\nadjacent(1, 2).\nterminal :- ~true(cell(1, b)).\ngoal(R, 50) :- role(R).\n", "file:///g.hrf");

  it("groups roles and GDL's rules, then the other relations", () => {
    const symbols = documentSymbols(d);
    expect(symbols.map((s) => s.name)).toEqual(["roles", "init", "legal", "next", "goal", "terminal", "adjacent/2"]);
    expect(symbols[0].children?.map((c) => c.name)).toEqual(["white", "black"]);
    expect(symbols[6].detail).toBe("static relation");
  });

  it("selects each rule's head relation (found from the rule's start, not by a scan of every occurrence)", () => {
    const symbols = documentSymbols(d);
    const selectedIn = (g: typeof d) => (s: { selectionRange: { start: Position; end: Position } }) => g.text.slice(g.lines.offsetAt(s.selectionRange.start), g.lines.offsetAt(s.selectionRange.end));
    const selected = selectedIn(d);
    expect(symbols[0].children?.map(selected)).toEqual(["role", "role"]);
    expect(symbols.slice(1).map((g) => g.children?.map(selected))).toEqual([["init"], ["legal"], ["next"], ["goal"], ["terminal"], ["adjacent"]]);
    // a document of 20,000 facts: the outline's cost was a scan of every occurrence per rule (200,000 facts: minutes)
    const many = doc(`role(r).\n${Array.from({ length: 20000 }, (_, i) => `fact(${i}, a).`).join("\n")}\n`, "file:///many.hrf");
    const facts = documentSymbols(many).find((s) => s.name === "fact/2")!;
    expect(facts.children).toHaveLength(20000);
    expect(selectedIn(many)(facts.children![19999])).toBe("fact");
  });

  it("names a rule whose head is thousands of levels deep by its start and end", () => {
    const depth = 20_000;
    const deep = doc(`role(r).\nreach(${"f(".repeat(depth)}a${")".repeat(depth)}).\n`, "file:///deep.hrf");
    const [rule] = documentSymbols(deep).find((s) => s.name === "reach/1")!.children!;
    expect(rule.name.length).toBeLessThan(400);
    expect(rule.name).toMatch(/^reach\(f\(f\(f\(.* …\([\d,]+ characters\)… \)+$/);
  });

  it("colours roles, fluents, keywords and variables", () => {
    const data = semanticTokens(d).data;
    const types = new Set<string>();
    for (let i = 0; i < data.length; i += 5) types.add(TOKEN_TYPES[data[i + 3]]);
    expect([...types].sort()).toEqual(["enumMember", "keyword", "method", "number", "property", "type", "variable"].sort());
  });

  it("hovers a keyword in infix notation", () => {
    const h = hover(d, at(d, "legal(", 1), undefined);
    expect(h && typeof h.contents === "object" && "value" in h.contents ? h.contents.value : "").toBe("**legal/2** keyword: `legal(R, M)`: role r may make move m in the current state\n\ndefined by 1 rule (0 facts)\n\nargument values: 1: white, black; 2: noop\n\n1 occurrence in this document");
  });
});
