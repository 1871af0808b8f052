/**
 * Our own corpus: every corpus/**\/*.kif says what it expects in `; expect:` lines
 * (`valid`, or one `error[<code>]` per code). Parsing plus checking must give exactly
 * that set of error codes.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkDescription } from "../src/check/index.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { parseGdl } from "../src/syntax/parse.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const corpus = path.join(root, "corpus");

function kifFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return kifFiles(full);
      return name.endsWith(".kif") ? [full] : [];
    });
}

function expectations(text: string): string[] {
  return [...text.matchAll(/^;\s*expect:\s*(.*?)\s*$/gm)].map((m) => m[1]);
}

const files = kifFiles(corpus);

describe("corpus", () => {
  it("has valid and invalid cases", () => {
    expect(files.some((f) => f.includes(`${path.sep}valid${path.sep}`))).toBe(true);
    expect(files.some((f) => f.includes(`${path.sep}invalid${path.sep}`))).toBe(true);
  });

  it("has at least one invalid case per diagnostic code of the checks", () => {
    const codes = new Set(files.flatMap((f) => expectations(readFileSync(f, "utf8"))));
    for (const code of ["syntax", "safety", "stratification", "recursion-restriction", "keywords", "arity", "bounded"])
      expect(codes).toContain(`error[${code}]`);
  });

  for (const file of files) {
    const name = path.relative(corpus, file);
    it(name, () => {
      const text = readFileSync(file, "utf8");
      const expected = expectations(text);
      expect(expected.length, `${name} has no '; expect:' line`).toBeGreaterThan(0);
      const { description, diagnostics } = parseGdl(text, name);
      const all = [...diagnostics, ...checkDescription(description)];
      const errors = all.filter((d) => d.severity === "error");
      const got = [...new Set(errors.map((d) => `error[${d.code}]`))].sort();
      const want = expected.includes("valid") ? [] : [...new Set(expected)].sort();
      if (expected.includes("valid")) expect(expected).toEqual(["valid"]);
      expect(got, all.map(formatDiagnostic).join("\n")).toEqual(want);
      for (const d of errors) expect(d.pos.line, formatDiagnostic(d)).toBeGreaterThan(0);
    });
  }
});
