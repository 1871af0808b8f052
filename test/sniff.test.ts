/**
 * Sniffing the notation (src/syntax/sniff.ts) reads a text's lines one at a time and stops early:
 * checked against the whole-text reading it replaced (split into lines up front), over random
 * texts of the pieces sniffing looks at.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectSyntax, notationHint } from "../src/syntax/sniff.js";

/** The reading before: every line split, trimmed and filtered up front. */
function linesUpFront(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trimStart())
    .filter((line) => line !== "" && !line.startsWith(";") && !line.startsWith("%"));
}
const stripComment = (line: string) => {
  const at = line.search(/[%;]/);
  return at < 0 ? line : line.slice(0, at);
};
function detectUpFront(text: string): string {
  const lines = linesUpFront(text);
  if (lines.length === 0) return "kif";
  if (lines[0].startsWith("(")) return "kif";
  if (/^('[^']*'|[A-Za-z0-9_]+)[(.]/.test(lines[0])) return "infix";
  return lines.some((line) => stripComment(line).includes(":-")) ? "infix" : "kif";
}
function hintUpFront(text: string, readAs: "kif" | "infix"): string | undefined {
  const lines = linesUpFront(text);
  if (readAs === "kif") {
    if (lines.some((l) => stripComment(l).includes(":-") || /^[a-z][A-Za-z0-9_]*\(/.test(l))) return "infix";
    return undefined;
  }
  const kifLines = lines.filter((l) => l.startsWith("(")).length;
  return kifLines > 0 && (kifLines * 2 >= lines.length || /\(\s*<=/.test(text) || /\?[A-Za-z]/.test(text)) ? "kif" : undefined;
}

const piece = fc.constantFrom("(", "(<= ", "p(", "p.", "p :- q", ":-", "'a b'(", "x", " ", "\t", "; c", "% c", "?x", "1", ")", "a % :-", "a ; :-");
const lineBreak = fc.constantFrom("\n", "\r\n", "\r", "");
const text = fc.array(fc.tuple(fc.array(piece, { maxLength: 4 }), lineBreak), { maxLength: 12 }).map((lines) => lines.map(([p, b]) => p.join("") + b).join(""));

describe("sniffing the notation line by line", () => {
  it("detects what the whole-text reading detected, and hints alike", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(detectSyntax(t)).toBe(detectUpFront(t));
        const kif = notationHint(t, "kif");
        const infix = notationHint(t, "infix");
        expect(kif === undefined ? undefined : "infix").toBe(hintUpFront(t, "kif"));
        expect(infix === undefined ? undefined : "kif").toBe(hintUpFront(t, "infix"));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a long KIF text's first line alone", () => {
    const long = `(role r)\n${"(p 1)\n".repeat(200_000)}`;
    expect(detectSyntax(long)).toBe("kif");
    expect(detectSyntax(`% c\n\r\n  p(1) :- q.\n${"(p 1)\n".repeat(10)}`)).toBe("infix");
  });
});
