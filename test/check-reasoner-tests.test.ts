/**
 * The reasoner test cases of /work/shared/games/tests: `test_invalid_*` are rejected for
 * their arities; the others are accepted. Three are deliberately unsafe (a reasoner test of
 * rules whose variables no positive atom binds): accepted with a safety warning.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkDescription } from "../src/check/index.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { parseGdl } from "../src/syntax/parse.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(root, "../shared/games/tests");

/** Cases that break a rule of GDL on purpose, with the error codes they must get. */
const EXPECTED: Record<string, string[]> = {
  "test_invalid_function_arities_differ.kif": ["arity"],
  "test_invalid_sentence_arities_differ.kif": ["arity"],
};

/** Cases accepted with warnings, with the warning codes they must get. */
const WARNED: Record<string, string[]> = {
  // (<= (distinctCell ?x ?y ?m ?n) (distinct ?y ?n)): no positive atom at all (Definition 1.2).
  "test_case_3b.kif": ["safety"],
  // (<= (legal ?p ?p) (cell 1 1)): ?p occurs in the head only.
  "test_case_3e.kif": ["safety"],
  // the same, and (<= (goal ?p 0) (not (on_list ?p))).
  "test_case_3f.kif": ["safety"],
};

function codes(file: string): { errors: string[]; warnings: string[]; shown: string } {
  const { description, diagnostics } = parseGdl(readFileSync(path.join(dir, file), "utf8"), file);
  const all = [...diagnostics, ...checkDescription(description)];
  const of = (severity: string) => [...new Set(all.filter((d) => d.severity === severity).map((d) => d.code))].sort();
  return { errors: of("error"), warnings: of("warning"), shown: all.map(formatDiagnostic).join("\n") };
}

describe("reasoner test cases (/work/shared/games/tests)", () => {
  if (!existsSync(dir)) {
    it.skip(`skipped: ${dir} is absent`, () => {});
    return;
  }
  const files = readdirSync(dir).filter((f) => f.endsWith(".kif")).sort();

  it("rejects every test_invalid_* case", () => {
    for (const f of files.filter((f) => f.startsWith("test_invalid_"))) expect(EXPECTED[f], f).toBeDefined();
  });

  for (const file of files) {
    it(file, () => {
      const { errors, warnings, shown } = codes(file);
      expect(errors, shown).toEqual([...(EXPECTED[file] ?? [])].sort());
      expect(warnings, shown).toEqual([...(WARNED[file] ?? [])].sort());
    });
  }
});
