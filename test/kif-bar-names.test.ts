/**
 * The KIF description reader on names between bars (`|x y|`, `|(f x)|`: how `termToKif` writes a
 * name KIF's tokens cannot hold, kif-name.ts). Before, the reader refused every `|`, so
 * `convert --to kif` of an infix game with such a name wrote a file the tool could not read.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_POSITION, type Term } from "../src/syntax/ast.js";
import { kifComments } from "../src/syntax/comments.js";
import { kifName } from "../src/syntax/kif-name.js";
import { parseGdl } from "../src/syntax/parse.js";
import { termToKif } from "../src/syntax/print.js";
import { printGdl } from "../src/syntax/printer.js";
import { ruleToInfix } from "../src/syntax/infix-print.js";
import { formatGdl } from "../src/format/index.js";
import { kifTokens } from "../src/format/tokens.js";
import { GdlDocument } from "../src/lsp/document.js";
import { semanticTokens, TOKEN_TYPES } from "../src/lsp/outline.js";
import { definition } from "../src/lsp/navigation.js";
import { toLspDiagnostics } from "../src/lsp/diagnostics.js";
import { StringStream } from "@codemirror/language";
import { gdlStreamParser } from "../web/gdl-language.js";
import { ruleKey } from "../src/syntax/roundtrip.js";
import { parseKifTerm } from "../src/syntax/kif-term.js";

const kif = (text: string, caseSensitive = false) => parseGdl(text, "b.kif", { syntax: "kif", caseSensitive });
const errors = (text: string) => kif(text).diagnostics.map((d) => `${d.pos.line}:${d.pos.col} ${d.message}`);

/** A document's semantic tokens as `text of the token:type`, each checked to lie on one line, in order. */
function coloursOf(d: GdlDocument): string[] {
  const data = semanticTokens(d).data;
  const lines = d.text.split(/\r?\n/);
  const spans: string[] = [];
  let line = 0;
  let col = 0;
  for (let i = 0; i < data.length; i += 5) {
    expect(data[i]).toBeGreaterThanOrEqual(0);
    line += data[i];
    col = data[i] === 0 ? col + data[i + 1] : data[i + 1];
    expect(col + data[i + 2]).toBeLessThanOrEqual(lines[line].length);
    spans.push(`${lines[line].slice(col, col + data[i + 2])}:${TOKEN_TYPES[data[i + 3]]}`);
  }
  return spans;
}

/** A term without its positions. */
function bare(t: Term): unknown {
  if (t.kind === "compound") return { f: t.functor, args: t.args.map(bare) };
  return { [t.kind]: t.name };
}

describe("the KIF reader on names between bars", () => {
  it("reads |x y| and |(f x)| as those names, at the position of their bar", () => {
    const { description, diagnostics } = kif("(role |w x|)\n(init (cell |(f x)|))\n(p |a\\|b\\\\c| |;x| x)");
    expect(diagnostics).toEqual([]);
    const [role, init, p] = description.rules;
    expect(role.head.args[0]).toMatchObject({ kind: "constant", name: "w x", pos: { line: 1, col: 7, offset: 6 } });
    expect(bare(init.head.args[0])).toEqual({ f: "cell", args: [{ constant: "(f x)" }] });
    expect(init.head.args[0]).toMatchObject({ args: [{ pos: { line: 2, col: 13 } }] });
    expect(p.head.args.map(bare)).toEqual([{ constant: "a|b\\c" }, { constant: ";x" }, { constant: "x" }]);
    expect(p.head.args[2].pos).toMatchObject({ line: 3, col: 19 });
  });

  it("never reads a bar name as a variable, a rule arrow or a connective; names are compared after reading, as infix's quoted names", () => {
    const { description, diagnostics } = kif("(|ROLE| |Ab|)\n(<= (|next| (c |?x|)) (p ?x |<=|))\n|x y|");
    expect(diagnostics).toEqual([]);
    expect(description.rules.map((r) => ruleKey(r))).toEqual(["[role c:ab] <= ", "[next (c c:?x)] <= [p ?x c:<=]", "[x y] <= "]);
    // as in infix, where 'ROLE'(a) is the role relation and 'not'(p) is refused
    const infix = parseGdl("'ROLE'('Ab').\n'next'(c('?x')) :- p(X, '<=').\n'x y'.", "b.gdl", { syntax: "infix" });
    expect(infix.description.rules.map((r) => ruleKey(r))).toEqual(description.rules.map((r) => ruleKey(r)));
    expect(kif("(|Ab| |X|)", true).description.rules[0].head).toMatchObject({ relation: "Ab", args: [{ name: "X" }] });
    expect(errors("(<= p (|not| q))")).toEqual(["1:7 a body literal must be an atom, not '(|not| ...)'"]);
    expect(errors("(|<=| p q)")).toEqual(["1:1 a fact must be an atom, not '(|<=| ...)'"]);
  });

  it("reports an unclosed, empty or joined bar name with its position, and stops (no hang)", () => {
    expect(errors("(role a)\n(p |x y)\n(q b)")).toEqual(["2:4 unclosed '|': the text ends before the '|' that closes this name"]);
    expect(errors("(p |x\\|)")).toEqual(["1:4 unclosed '|': the text ends before the '|' that closes this name"]);
    expect(errors("|")).toEqual(["1:1 unclosed '|': the text ends before the '|' that closes this name"]);
    expect(errors("(p ||)")).toEqual(["1:4 empty name '||': a name between bars has at least one character"]);
    expect(errors("(p a|b|)")).toEqual(["1:5 a name between bars stands alone: write a blank between it and the name before it"]);
    expect(errors("(p |b|c)\n|a||b|")).toEqual([
      "1:7 a name between bars stands alone: write a blank between it and what follows it",
      "2:4 a name between bars stands alone: write a blank between it and what follows it",
    ]);
    // the rules around it are read
    expect(kif("(role a)\n(p a|b|)\n(q b)").description.rules.map((r) => r.head.relation)).toEqual(["role", "q"]);
  });

  it("takes a ; or a line break inside bars as part of the name, and a | inside a comment as a comment", () => {
    const text = "; a | b\n(p |a ;b\nc|) ; d |e\n(q |;|)";
    const { description, diagnostics } = kif(text);
    expect(diagnostics).toEqual([]);
    expect(description.rules.map((r) => bare(r.head.args[0]))).toEqual([{ constant: "a ;b\nc" }, { constant: ";" }]);
    expect(kifComments(text).map((c) => c.text)).toEqual([" a | b", " d |e"]);
  });

  it("reads KIF without bars as before: | and ' are still refused outside bars", () => {
    expect(errors("(p a'b)")).toEqual(["1:5 unexpected character ''': GDL symbols cannot contain it"]);
  });
});

describe("the one-term reader (parseKifTerm: replay's moves, the prover's KIF states) on names between bars", () => {
  it("refuses a bar name joined to a name or another bar name, as the description reader does", () => {
    // it read `a|b|` as the two names a and b (the empty name `||`, which termToKif writes for "", it reads)
    for (const text of ["a|b|", "|a|b", "(f a|b|)", "(f |a||b|)", "(f |||a|)"]) expect(() => parseKifTerm(text), text).toThrow(/stands alone/);
    expect(parseKifTerm("||")).toMatchObject({ kind: "constant", name: "" });
    expect(errors("(p a|b|)").length).toBeGreaterThan(0);
  });

  it("reads bar names apart from their neighbours by a blank or a parenthesis", () => {
    expect(bare(parseKifTerm("(f |a b| c)"))).toEqual({ f: "f", args: [{ constant: "a b" }, { constant: "c" }] });
    expect(bare(parseKifTerm("(|f x|(g)|y|)"))).toEqual({ f: "f x", args: [{ f: "g", args: [] }, { constant: "y" }] });
  });

  it("reads back every term termToKif writes (property)", () => {
    fc.assert(
      fc.property(termArb, (t) => {
        expect(bare(parseKifTerm(termToKif(t), { caseSensitive: true }))).toEqual(bare(t));
      }),
    );
  });
});

/** Names with what KIF's tokens cannot hold (blanks, parentheses, bars, backslashes, `;`, `,`, a leading `?`, `<=`) and plain ones. */
const NAMES = ["a", "b1", "x y", "(f x)", "a|b", "|", "\\", "a\\|", "?x", "?", "<=", "a;b", "a,b", "it's", '"q"', "`", " ", "tab\tx", "line\nbreak", "not", "or", "distinct", "role", "x\u00a0y", "é"];

const termArb: fc.Arbitrary<Term> = fc.letrec<{ term: Term }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...NAMES).map((name): Term => ({ kind: "constant", name, pos: NO_POSITION })),
    fc.record({ f: fc.constantFrom(...NAMES), args: fc.array(tie("term"), { maxLength: 3 }) }).map(({ f, args }): Term => ({ kind: "compound", functor: f, args, pos: NO_POSITION })),
  ),
})).term;

describe("property: termToKif, then the KIF description reader, gives the term back", () => {
  it("for terms over names KIF writes between bars and plain names, read as a fact", () => {
    fc.assert(
      fc.property(termArb, fc.constantFrom(...NAMES.filter((n) => n !== "<=" && n !== "not" && n !== "or" && n !== "distinct")), (term, relation) => {
        const text = `(${kifName(relation)} ${termToKif(term)})`;
        const { description, diagnostics } = kif(text);
        expect(diagnostics).toEqual([]);
        expect(description.rules).toHaveLength(1);
        expect(description.rules[0].head.relation).toBe(relation);
        expect(bare(description.rules[0].head.args[0])).toEqual(bare(term));
      }),
      { numRuns: 500 },
    );
  });

  it("for whole infix descriptions: convert to KIF and back gives the same rules", () => {
    const names = NAMES.filter((n) => !["<=", "not", "or", "distinct"].includes(n) && !/[\n]/.test(n));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names), fc.array(termArb, { maxLength: 3 })), { minLength: 1, maxLength: 4 }), (facts) => {
        const infix = facts.map(([r, args]) => `${printGdl({ file: "f", rules: [{ head: { kind: "atom", relation: r, args, pos: NO_POSITION }, body: [], pos: NO_POSITION }] }, { syntax: "infix" }).trim()}`).join("\n");
        const fromInfix = parseGdl(infix, "f.gdl", { syntax: "infix" });
        expect(fromInfix.diagnostics).toEqual([]);
        const text = printGdl(fromInfix.description, { syntax: "kif" });
        const back = kif(text);
        expect(back.diagnostics).toEqual([]);
        expect(back.description.rules.map((r) => ruleKey(r))).toEqual(fromInfix.description.rules.map((r) => ruleKey(r)));
        expect(back.description.rules.map((r) => ruleToInfix(r))).toEqual(fromInfix.description.rules.map((r) => ruleToInfix(r)));
      }),
      { numRuns: 300 },
    );
  });
});

describe("property: any text of bars, escapes, comments and parentheses", () => {
  it("reads without throwing, its errors inside the text, and its tokens cover it with blanks between them", () => {
    const piece = fc.constantFrom("|", "\\", ";", "(", ")", " ", "\n", "a", "?x", "|a b|", "||", "'", "(p ", "<=", "\r\n");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join("")), (text) => {
        const { diagnostics } = kif(text);
        for (const d of diagnostics) expect(d.pos.offset).toBeLessThanOrEqual(text.length);
        let at = 0;
        for (const t of kifTokens(text)) {
          expect(text.slice(at, t.start)).toMatch(/^\s*$/);
          expect(t.end).toBeGreaterThan(t.start);
          at = t.end;
        }
        expect(text.slice(at)).toMatch(/^\s*$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("property: fmt on KIF with names between bars", () => {
  it("keeps the rules, and formatting twice gives what formatting once gave (widths 80 and 12)", () => {
    fc.assert(
      fc.property(fc.array(termArb, { minLength: 1, maxLength: 4 }), fc.constantFrom(80, 12), (terms, width) => {
        const text = terms.map((t, i) => `(p${i}   ${termToKif(t)})`).join("\n\n\n") + "\n";
        const once = formatGdl(text, { syntax: "kif", width });
        if (!once.ok) throw new Error(once.diagnostics.map((d) => d.message).join("\n"));
        expect(kif(once.text).description.rules.map((r) => ruleKey(r))).toEqual(kif(text).description.rules.map((r) => ruleKey(r)));
        expect(formatGdl(once.text, { syntax: "kif", width })).toMatchObject({ ok: true, text: once.text, changed: false });
      }),
      { numRuns: 200 },
    );
  });
});

describe("the formatter and the language server on names between bars", () => {
  const GAME = "(role  |w x|)\n(init (cell   |(f x)|))   ; a | comment\n(<= (legal |w x|   (move |a;b|))\n  (true (cell |(f x)|)))\n(<= terminal (true (cell |?x|)))\n(goal |w x| 100)\n";

  it("tokens: a bar name is one quoted token, its ; and ? neither a comment nor a variable", () => {
    const tokens = kifTokens("(p |a;b| |?x| ?y) ; c |d\n(q |x\\|y|)");
    expect(tokens.map((t) => `${t.kind}:${t.text}`)).toEqual(["(:(", "symbol:p", "quoted:|a;b|", "quoted:|?x|", "variable:?y", "):)", "comment:; c |d", "(:(", "symbol:q", "quoted:|x\\|y|", "):)"]);
    expect(kifTokens("(p |x y)").slice(2).map((t) => `${t.kind}:${t.text}`)).toEqual(["error:|", "symbol:x", "symbol:y", "):)"]);
  });

  it("fmt keeps |x y| as one token and is idempotent", () => {
    const once = formatGdl(GAME, { syntax: "kif" });
    if (!once.ok) throw new Error(once.diagnostics.map((d) => d.message).join("\n"));
    expect(once.text).toBe("(role |w x|)\n(init (cell |(f x)|)) ; a | comment\n(<= (legal |w x| (move |a;b|))\n    (true (cell |(f x)|)))\n(<= terminal\n    (true (cell |?x|)))\n(goal |w x| 100)\n");
    const twice = formatGdl(once.text, { syntax: "kif" });
    expect(twice).toMatchObject({ ok: true, text: once.text, changed: false });
    // a width that breaks the form: the name is never cut
    const narrow = formatGdl("(p |a long name with blanks| |(another one)| c)\n", { syntax: "kif", width: 10 });
    expect(narrow).toMatchObject({ ok: true, text: "(p |a long name with blanks|\n   |(another one)|\n   c)\n" });
  });

  it("fmt keeps a bar name's own line break in a text with \\r\\n line ends (it made \\r\\r\\n of it, and refused: other rules)", () => {
    expect(formatGdl("(role r)\r\n(p |a\r\nb|   c)\r\n(q |d\ne|)\r\n", { syntax: "kif" })).toMatchObject({ ok: true, text: "(role r)\r\n(p |a\r\nb| c)\r\n(q |d\ne|)\r\n" });
  });

  it("the language server finds and colours a bar name's occurrences over its whole token", () => {
    const d = new GdlDocument("file:///b.kif", "gdl", 1, GAME);
    const roles = d.analysis.occurrences.toArray().filter((o) => o.name === "w x");
    expect(roles.map((o) => d.text.slice(o.start, o.end))).toEqual(["|w x|", "|w x|", "|w x|"]);
    const fluent = d.analysis.occurrences.toArray().filter((o) => o.name === "(f x)");
    expect(fluent).toHaveLength(2);
    const defs = definition(d, d.lines.positionAt(GAME.indexOf("|w x|", 20) + 2));
    expect(defs.map((l) => d.lines.offsetAt(l.range.start))).toEqual([GAME.indexOf("|w x|")]);
    const spans = coloursOf(d);
    expect(spans).toContain("|w x|:enumMember");
    expect(spans.filter((x) => x.endsWith(":comment"))).toEqual(["; a | comment:comment"]);
    expect(spans.filter((x) => x.endsWith(":variable"))).toEqual([]);
  });
});

describe("the language server's colours of a bar name over lines", () => {
  const colours = (text: string) => coloursOf(new GdlDocument("file:///b.kif", "gdl", 1, text));

  it("colours each line of the name (it got no colour: a token lies on one line)", () => {
    for (const end of ["\n", "\r\n"]) {
      const text = ["(role |w", "x|)", "(role o)", "(<= (legal |w", "x| noop) (true (control |w", "x|)))", "(init (control o))"].join(end) + end;
      const roles = colours(text).filter((x) => x.endsWith(":enumMember"));
      expect(roles).toEqual(["|w:enumMember", "x|:enumMember", "o:enumMember", "|w:enumMember", "x|:enumMember", "|w:enumMember", "x|:enumMember", "o:enumMember"]);
    }
  });

  it("leaves out an empty line of the name and keeps the tokens in order", () => {
    const spans = colours("(role |a\n\nb|)\n(role c)\n");
    expect(spans.filter((x) => x.endsWith(":enumMember"))).toEqual(["|a:enumMember", "b|:enumMember", "c:enumMember"]);
  });
});

describe("the page's KIF tokenizer (web/gdl-language.ts) on names between bars", () => {
  it("colours a bar name as one string, over lines, its ; and ? neither a comment nor a variable", () => {
    const parser = gdlStreamParser;
    const state = parser.startState!(2);
    const out: string[] = [];
    for (const line of ["(p |a;b ?x", "c\\| d| ?y) ; z |"]) {
      const stream = new StringStream(line, 4, 2);
      while (!stream.eol()) {
        const style = parser.token(stream, state);
        if (style !== null) out.push(`${stream.current()}:${style}`);
        stream.start = stream.pos;
      }
    }
    expect(out).toEqual(["(:paren", "p:atom", "|a;b ?x:string", "c\\| d|:string", "?y:variableName", "):paren", "; z |:comment"]);
  });
});

describe("the language server's diagnostics on names between bars", () => {
  it("marks an unclosed | alone, and a bar name's error over its whole token", () => {
    const range = (text: string) => {
      const d = new GdlDocument("file:///u.kif", "gdl", 1, text);
      return toLspDiagnostics(d, d.analysis.parsed.diagnostics, { relatedInformation: true, notes: false }).map((x) => `${x.range.start.line}:${x.range.start.character}-${x.range.end.line}:${x.range.end.character} ${x.message}`);
    };
    expect(range("(role a)\n(p |x y)\n(q b)\n")).toEqual(["1:3-1:4 unclosed '|': the text ends before the '|' that closes this name"]);
    expect(range("(role a)\n(p a|b c|)\n")).toEqual(["1:4-1:9 a name between bars stands alone: write a blank between it and the name before it"]);
  });
});
