/**
 * Our own corpus: every corpus/**\/*.kif (KIF) and *.gdl (infix) says what it expects in
 * `; expect:` (infix: `% expect:`) lines:
 * `valid` (no errors), one `error[<code>]` per error code, one `warning[<code>]` per
 * warning code. Parsing plus checking must give exactly that set of error codes and exactly
 * that set of warning codes (notes are not compared). Files under valid/ say `valid`.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkDescription } from "../src/check/index.js";
import { formatDiagnostic, type Diagnostic } from "../src/diagnostics.js";
import { parseGdl } from "../src/syntax/parse.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const corpus = path.join(root, "corpus");

function kifFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return kifFiles(full);
      return name.endsWith(".kif") || name.endsWith(".gdl") ? [full] : [];
    });
}

function expectations(text: string): string[] {
  return [...text.matchAll(/^[;%]\s*expect:\s*(.*?)\s*$/gm)].map((m) => m[1]);
}

const EXPECTATION = /^(valid|(error|warning)\[[a-z-]+\])$/;

/** The sorted, deduplicated `severity[code]` of the diagnostics of one severity. */
function codesOf(diagnostics: readonly Diagnostic[], severity: "error" | "warning"): string[] {
  return [...new Set(diagnostics.filter((d) => d.severity === severity).map((d) => `${severity}[${d.code}]`))].sort();
}

const files = kifFiles(corpus);

describe("corpus", () => {
  it("has valid and invalid cases", () => {
    expect(files.some((f) => f.includes(`${path.sep}valid${path.sep}`))).toBe(true);
    expect(files.some((f) => f.includes(`${path.sep}invalid${path.sep}`))).toBe(true);
  });

  it("has at least one invalid case per error code of the checks, and a case per warning", () => {
    const codes = new Set(files.flatMap((f) => expectations(readFileSync(f, "utf8"))));
    for (const code of ["syntax", "stratification", "recursion-restriction", "keywords", "arity", "bounded", "missing"])
      expect(codes).toContain(`error[${code}]`);
    for (const code of ["safety", "stratification", "case"]) expect(codes).toContain(`warning[${code}]`);
  });

  for (const file of files) {
    const name = path.relative(corpus, file);
    it(name, () => {
      const text = readFileSync(file, "utf8");
      const expected = expectations(text);
      expect(expected.length, `${name} has no '; expect:' line`).toBeGreaterThan(0);
      for (const e of expected) expect(e, `${name}: bad '; expect:' line`).toMatch(EXPECTATION);
      const { description, diagnostics, syntax } = parseGdl(text, name);
      expect(syntax, `${name}: sniffed as ${syntax}`).toBe(name.endsWith(".gdl") ? "infix" : "kif");
      const all = [...diagnostics, ...checkDescription(description)];
      const shown = all.map(formatDiagnostic).join("\n");
      const wantErrors = [...new Set(expected.filter((e) => e.startsWith("error[")))].sort();
      const wantWarnings = [...new Set(expected.filter((e) => e.startsWith("warning[")))].sort();
      const valid = expected.includes("valid");
      expect(valid && wantErrors.length > 0, `${name}: 'valid' together with errors`).toBe(false);
      expect(valid || wantErrors.length > 0, `${name}: expects neither 'valid' nor an error`).toBe(true);
      expect(valid, `${name}: valid cases belong in corpus/valid`).toBe(name.startsWith(`valid${path.sep}`));
      expect(codesOf(all, "error"), shown).toEqual(wantErrors);
      expect(codesOf(all, "warning"), shown).toEqual(wantWarnings);
      for (const d of all) if (d.severity !== "note") expect(d.pos.line, formatDiagnostic(d)).toBeGreaterThan(0);
    });
  }
});
