/**
 * The canonical formatter (src/format/) and `gdl-ground fmt`: the layout of each notation,
 * comments kept where they were, line breaks kept, range formatting, refusal of broken text;
 * on a slice of the real games: the same rules, every comment, fmt twice = fmt once, and the
 * same ground game; and fast-check properties on generated descriptions, written with random
 * whitespace, case and comments: formatting never changes the parsed rules or the comments
 * and is idempotent. `npm run check:fmt` runs the same checks on every game.
 */
import fc from "fast-check";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { formatGdl, formatSpan } from "../src/format/index.js";
import type { ClosableGrounder } from "../src/ground/asp-grounder.js";
import { printGroundGame } from "../src/ground/print-ground.js";
import { groundDescription, loadText } from "../src/pipeline.js";
import type { Literal, Rule, Term } from "../src/syntax/ast.js";
import { parseGdl } from "../src/syntax/parse.js";
import { ruleKey } from "../src/syntax/roundtrip.js";
import { withGrounder } from "./support/grounder.js";

const ROOT = path.resolve(__dirname, "..");
const BASE = path.resolve(ROOT, "../shared/games/base");

function fmt(text: string, syntax?: "kif" | "infix"): string {
  const r = formatGdl(text, { syntax });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
  return r.text;
}

/** The rules, comments and notation of a text, to compare before and after. */
function meaning(text: string, syntax?: "kif" | "infix") {
  const p = parseGdl(text, "x", { syntax });
  return {
    errors: p.diagnostics.filter((d) => d.severity === "error").length,
    syntax: p.syntax,
    rules: p.description.rules.map((r) => ruleKey(r)),
    comments: p.comments.map((c) => `${c.trailing}:${c.markers}:${c.text.trimEnd()}`),
  };
}

function expectSameMeaning(before: string, after: string, syntax?: "kif" | "infix") {
  expect(meaning(after, syntax)).toEqual(meaning(before, syntax));
  expect(fmt(after, syntax)).toBe(after);
}

describe("KIF layout", () => {
  it("writes a rule as its head, then one body literal per line, aligned", () => {
    const text = "(<= (next (cell ?m ?n x))   (does xplayer (mark ?m ?n))\n(true (cell ?m ?n b)))\n";
    expect(fmt(text)).toBe("(<= (next (cell ?m ?n x))\n    (does xplayer (mark ?m ?n))\n    (true (cell ?m ?n b)))\n");
  });

  it("writes facts on one line each, one form per line, at most one empty line between", () => {
    expect(fmt("(index 1) (index 2)\n\n\n\n( role   x )\n")).toBe("(index 1)\n(index 2)\n\n(role x)\n");
  });

  it("breaks a literal too long for the width under its first argument", () => {
    const long = `(<= (p ?x) (or ${Array.from({ length: 8 }, (_, i) => `(long_relation_name_${i} ?x)`).join(" ")}))`;
    const out = fmt(long);
    expect(out.split("\n")[1]).toBe("    (or (long_relation_name_0 ?x)");
    expect(out.split("\n")[2]).toBe("        (long_relation_name_1 ?x)");
    expectSameMeaning(long, out);
  });

  it("formats a term nested 50,000 deep in both notations (the layouts took a call per level: 1,990 levels formatted, 50,000 overflowed the stack)", () => {
    const deep = `(role r)\n(init (c ${"(f ".repeat(50_000)}0 1${")".repeat(50_000)}))\n`;
    const kif = fmt(deep);
    // too long for a line: the last argument goes under the first
    expect(kif === deep.replace("0 1)", `0\n${" ".repeat(9 + 3 * 50_000)}1)`)).toBe(true);
    const infixText = `role(r).\ninit(c(${"f(".repeat(50_000)}0, 1${")".repeat(50_000)})).\n`;
    const infix = formatGdl(infixText, { syntax: "infix" });
    expect(infix.ok && infix.text === infixText.replace("0, 1", `0,\n${" ".repeat(7 + 2 * 50_000)}1`)).toBe(true);
  });

  it("formats 30,000 facts with comments, each line where it belongs (each line's trim rescanned the whole text: 100,000 lines took 7 minutes)", () => {
    const text = Array.from({ length: 30000 }, (_, i) => (i % 3 === 0 ? `(fact ${i}   a)  \n ; about ${i}` : `(fact ${i} b) ; after ${i}`)).join("\n") + "\n";
    const lines = fmt(text).split("\n");
    expect(lines).toHaveLength(40001);
    expect(lines.slice(0, 3)).toEqual(["(fact 0 a)", "; about 0", "(fact 1 b) ; after 1"]);
    expect(lines.at(-4)).toBe("; about 29997");
    expect(lines.at(-2)).toBe("(fact 29999 b) ; after 29999");
  });

  it("keeps every token as written: case, odd variable names", () => {
    const text = "(<= (LEGAL ?Player (Move ?n++))  (TRUE (Control ?Player)))";
    expect(fmt(text)).toBe("(<= (LEGAL ?Player (Move ?n++))\n    (TRUE (Control ?Player)))\n");
  });

  it("keeps comments where they were: own line or after code", () => {
    const text = "; top\n(role x) ; after role\n(<= ; after arrow\n  (legal x  (m ?a))   ; after head\n  ; own line\n  (true (c ?a)))\n";
    const out = fmt(text);
    expect(out).toContain("(role x) ; after role\n");
    expect(out).toContain("(legal x (m ?a)) ; after head\n");
    expect(out).toMatch(/\n +; own line\n/);
    expectSameMeaning(text, out);
  });

  it("keeps a comment before a closing parenthesis, and puts the parenthesis after it", () => {
    const text = "(<= (p ?a) (q ?a) ; why\n)\n";
    const out = fmt(text);
    expect(out).toContain("(q ?a) ; why\n");
    expectSameMeaning(text, out);
  });

  it("keeps the text's line breaks (\\r\\n)", () => {
    const out = fmt("(role x)\r\n(<= terminal (true (done)))\r\n");
    expect(out).toBe("(role x)\r\n(<= terminal\r\n    (true (done)))\r\n");
    expect(fmt(out)).toBe(out);
  });

  it("refuses text with syntax errors, with the reader's diagnostics", () => {
    const r = formatGdl("(role x\n", { file: "bad.kif" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0].message).toMatch(/unclosed/);
  });
});

describe("infix layout", () => {
  it("writes a clause on one line when it fits, else one literal per line", () => {
    expect(fmt("legal( W , mark(X,Y) ) :- true(cell(X,Y,b)) &true(control(W)) .", "infix")).toBe("legal(W, mark(X, Y)) :- true(cell(X, Y, b)) & true(control(W)).\n");
    const long = "next(cell(M, N, b)) :- does(W, mark(J, K)), true(cell(M, N, b)), or(distinct(M, J), distinct(N, K)).";
    expect(fmt(long, "infix")).toBe("next(cell(M, N, b)) :-\n    does(W, mark(J, K)),\n    true(cell(M, N, b)),\n    or(distinct(M, J), distinct(N, K)).\n");
  });

  it("keeps clauses without a final period, ~, not and the separators as written", () => {
    const text = "role(x)\nterminal :- ~ open\np :- not q , r\n";
    const out = fmt(text, "infix");
    expect(out).toBe("role(x)\nterminal :- ~open\np :- not q, r\n");
    expectSameMeaning(text, out, "infix");
  });

  it("keeps comments, and lines they force stay inside their clause", () => {
    const text = "% head\nrole(x). % trailing\nlegal(x, m(A)) :- % after arrow\n true(c(A)) & % after literal\n % own line\n ~p(A)\nq(A, % inside\n b).\n";
    const out = fmt(text, "infix");
    expect(out).toContain("legal(x, m(A)) :- % after arrow\n    true(c(A)) & % after literal\n    % own line\n    ~p(A)\n");
    expectSameMeaning(text, out, "infix");
  });
});

describe("range formatting", () => {
  it("formats only the forms the range touches", () => {
    const text = "(role   x)\n(<= terminal   (true (done)))\n(init   (done))\n";
    const at = text.indexOf("(<=");
    const r = formatSpan(text, { start: at + 2, end: at + 3 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.replacements).toHaveLength(1);
    const [rep] = r.replacements;
    const out = text.slice(0, rep.span.start) + rep.text + text.slice(rep.span.end);
    expect(out).toBe("(role   x)\n(<= terminal\n    (true (done)))\n(init   (done))\n");
  });

  it("takes the whole line when the range starts in the second form of a line", () => {
    const text = "(index 1) (index 2)\n";
    const r = formatSpan(text, { start: 11, end: 12 });
    expect(r.ok && r.replacements[0]).toEqual({ span: { start: 0, end: 19 }, text: "(index 1)\n(index 2)" });
  });
});

const baseGames = existsSync(BASE) ? readdirSync(BASE).filter((f) => f.endsWith(".kif")).sort() : [];

describe.skipIf(baseGames.length === 0)("real games (a slice; npm run check:fmt does all 314)", () => {
  // every 16th game, and the ones with comments inside forms, CRLF and the largest text
  const slice = [...new Set([...baseGames.filter((_, i) => i % 16 === 0), "ticTacToe.kif", "2pffa.kif", "amazonsTorus.kif", "chess.kif"])].filter((g) => baseGames.includes(g));

  it.each(slice)("%s: same rules, every comment, fmt twice = fmt once", (game) => {
    const text = readFileSync(path.join(BASE, game), "utf8");
    const out = fmt(text);
    expectSameMeaning(text, out);
  });

  let grounder!: ClosableGrounder;
  withGrounder("auto", (g) => (grounder = g));

  it.each(["ticTacToe.kif", "connectFour.kif", "2pffa.kif"].filter((g) => baseGames.includes(g)))("%s: the formatted text grounds to the same ground game", async (game) => {
    const text = readFileSync(path.join(BASE, game), "utf8");
    const ground = async (t: string) => {
      const r = await groundDescription(loadText(t, game), { grounder, timeoutSeconds: 60 });
      expect(r.status).toBe("ok");
      return printGroundGame(r.game!);
    };
    expect(await ground(fmt(text))).toBe(await ground(text));
  }, 120_000);
});

// ---- generated descriptions ---------------------------------------------------------------

const name = fc.constantFrom("p", "q", "cell", "Mark", "x1", "b", "a-b", "10");
const variable = fc.constantFrom("x", "y", "Z", "n++");
const term: fc.Arbitrary<Term> = fc.letrec<{ term: Term }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    name.map((n): Term => ({ kind: "constant", name: n.toLowerCase(), pos: { line: 0, col: 0, offset: 0 } })),
    variable.map((v): Term => ({ kind: "variable", name: v.toLowerCase(), pos: { line: 0, col: 0, offset: 0 } })),
    fc.tuple(name, fc.array(tie("term"), { minLength: 0, maxLength: 3 })).map(([f, args]): Term => ({ kind: "compound", functor: f.toLowerCase(), args, pos: { line: 0, col: 0, offset: 0 } })),
  ),
})).term;

/** KIF text of a term, in a random case. */
const kifTerm = (t: Term, upper: boolean): string =>
  t.kind === "constant" ? (upper ? t.name.toUpperCase() : t.name) : t.kind === "variable" ? `?${t.name}` : `(${t.functor}${t.args.map((a) => ` ${kifTerm(a, upper)}`).join("")})`;

const kifAtom = fc.tuple(name, fc.array(term, { maxLength: 3 }), fc.boolean()).map(([r, args, upper]) => (args.length === 0 ? r : `(${r}${args.map((a) => ` ${kifTerm(a, upper)}`).join("")})`));
const kifLiteral: fc.Arbitrary<string> = fc.letrec<{ lit: string }>((tie) => ({
  lit: fc.oneof(
    { depthSize: "small" },
    kifAtom,
    tie("lit").map((l) => `(not ${l})`),
    fc.tuple(term, term).map(([a, b]) => `(distinct ${kifTerm(a, false)} ${kifTerm(b, false)})`),
    fc.array(tie("lit"), { minLength: 1, maxLength: 3 }).map((ls) => `(or ${ls.join(" ")})`),
  ),
})).lit;
const kifRule = fc.tuple(kifAtom, fc.array(kifLiteral, { maxLength: 4 })).map(([h, body]) => (body.length === 0 ? h : `(<= ${h} ${body.join(" ")})`));

/** Spreads random blanks and comments over the tokens of a text (between tokens only). */
const scatter = (marker: string, indentAfterBreak: boolean) => (text: string, seeds: readonly number[]) => {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let out = "";
  tokens.forEach((t, i) => {
    const s = seeds[i % seeds.length];
    out += t;
    const next = tokens[i + 1];
    if (next === undefined) return;
    const glue = t === "(" || next === ")" || next === "(" ? "" : " ";
    switch (s % 7) {
      case 0:
        out += `${glue || " "}${marker} note ${i}\n${indentAfterBreak ? "  " : ""}`;
        break;
      case 1:
        out += `\n\n${indentAfterBreak ? "   " : ""}`;
        break;
      case 2:
        out += "   \t";
        break;
      default:
        out += glue;
    }
  });
  return out;
};

describe("properties: formatting keeps the rules and comments, and is idempotent", () => {
  it("on generated KIF with random blanks, case and comments", () => {
    fc.assert(
      fc.property(fc.array(kifRule, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(100), { minLength: 1, maxLength: 30 }), (rules, seeds) => {
        const text = rules.map((r, i) => scatter(";", false)(r, seeds.slice(i))).join(seeds[0] % 2 ? "\n" : " ");
        expect(meaning(text).errors).toBe(0);
        expectSameMeaning(text, fmt(text));
      }),
      { numRuns: 300, seed: 28 },
    );
  });

  it("on the same descriptions written in infix", () => {
    fc.assert(
      fc.property(fc.array(kifRule, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(100), { minLength: 1, maxLength: 30 }), (rules, seeds) => {
        const parsed = parseGdl(rules.join("\n"), "x", { syntax: "kif" });
        const infix = parsed.description.rules.map((r: Rule) => infixOf(r));
        const text = infix.map((c, i) => scatter("%", true)(c, seeds.slice(i))).join("\n");
        const m = meaning(text, "infix");
        expect(m.errors).toBe(0);
        expectSameMeaning(text, fmt(text, "infix"), "infix");
      }),
      { numRuns: 300, seed: 28 },
    );
  });
});

/** A rule in infix with its literals' own spelling of `not` and separators varied. */
function infixOf(rule: Rule): string {
  const t = (x: Term): string =>
    x.kind === "constant" ? (/^[a-z0-9][a-z0-9_]*$/.test(x.name) && !["not", "or", "distinct"].includes(x.name) ? x.name : `'${x.name}'`) : x.kind === "variable" ? `V${x.name.replace(/[^a-z0-9]/g, "_")}` : `${/^[a-z0-9][a-z0-9_]*$/.test(x.functor) ? x.functor : `'${x.functor}'`}(${x.args.map(t).join(", ")})`;
  const atom = (r: string, args: readonly Term[]) => `${/^[a-z0-9][a-z0-9_]*$/.test(r) ? r : `'${r}'`}${args.length > 0 ? `(${args.map(t).join(", ")})` : ""}`;
  const lit = (l: Literal, depth = 0): string =>
    l.kind === "atom" ? atom(l.relation, l.args) : l.kind === "not" ? (depth % 2 ? `not ${lit(l.body, depth + 1)}` : `~${lit(l.body, depth + 1)}`) : l.kind === "distinct" ? `distinct(${t(l.left)}, ${t(l.right)})` : `or(${l.disjuncts.map((d) => lit(d, depth + 1)).join(", ")})`;
  const head = atom(rule.head.relation, rule.head.args);
  return rule.body.length === 0 ? `${head}.` : `${head} :- ${rule.body.map((l, i) => lit(l, i)).join(rule.body.length % 2 ? " & " : ", ")}.`;
}

// ---- the command ----------------------------------------------------------------------------

function capture(): Output & { stdout: string; stderr: string } {
  const io = { stdout: "", stderr: "", out: (s: string) => void (io.stdout += s), err: (s: string) => void (io.stderr += s) };
  return io;
}

describe("gdl-ground fmt", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-fmt-"));
  const messy = path.join(dir, "messy.kif");
  const tidy = path.join(dir, "tidy.kif");
  const broken = path.join(dir, "broken.kif");
  writeFileSync(messy, "(role x)  (<= terminal (true (done)))\n");
  writeFileSync(tidy, "(role x)\n(<= terminal\n    (true (done)))\n");
  writeFileSync(broken, "(role x\n");

  it("prints the formatted text", async () => {
    const io = capture();
    expect(await main(["fmt", messy], io)).toBe(0);
    expect(io.stdout).toBe("(role x)\n(<= terminal\n    (true (done)))\n");
  });

  it("--check names the files that are not formatted and exits 1; 0 when all are", async () => {
    const io = capture();
    expect(await main(["fmt", "--check", messy, tidy], io)).toBe(1);
    expect(io.stdout).toBe(`${messy}: not formatted\n`);
    expect(await main(["fmt", "--check", tidy], capture())).toBe(0);
  });

  it("--write rewrites only what changes; syntax errors exit 1 and leave the file alone; a missing file exits 2", async () => {
    const io = capture();
    expect(await main(["fmt", "--write", messy, tidy], io)).toBe(0);
    expect(io.stdout).toBe(`${messy}: formatted\n`);
    expect(readFileSync(messy, "utf8")).toBe(readFileSync(tidy, "utf8"));
    const bad = capture();
    expect(await main(["fmt", "--write", broken], bad)).toBe(1);
    expect(bad.stderr).toMatch(/broken\.kif:1:1: error\[syntax\]: unclosed/);
    expect(readFileSync(broken, "utf8")).toBe("(role x\n");
    expect(await main(["fmt", path.join(dir, "missing.kif")], capture())).toBe(2);
    expect(await main(["fmt", "--write", "--check", tidy], capture())).toBe(2);
  });
});
