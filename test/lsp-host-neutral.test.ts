/**
 * The language server's features and the formatter are host-neutral, as the pipeline is
 * (test/browser-entry.test.ts): src/lsp/server.ts and everything it imports use no node:*
 * module, no Node built-in, and only packages that run in a browser — the protocol's common
 * part (`vscode-languageserver`, not its `/node` entry) and the text document —
 * whose own code, followed require by require, needs no Node built-in either. The hosts
 * (src/cli/lsp-command.ts, web/lsp-worker.ts) are the only places that pick a connection.
 */
import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const ENTRIES = ["src/lsp/server.ts", "src/format/index.ts"].map((f) => path.join(root, f));
const ALLOWED = new Set(["vscode-languageserver", "vscode-languageserver-textdocument"]);
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName);
}

/** Local files reached from the entries, and the packages they import, with who imports them. */
function walk(): { files: Set<string>; external: { from: string; specifier: string }[] } {
  const files = new Set<string>(ENTRIES);
  const external: { from: string; specifier: string }[] = [];
  const queue = [...ENTRIES];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith(".")) {
        external.push({ from: path.relative(root, file), specifier });
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts"));
      if (!files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  return { files, external };
}

/** The Node built-ins a package's code requires, following its requires (package main entries). */
function builtinsRequiredBy(pkg: string): string[] {
  const require = createRequire(path.join(root, "package.json"));
  const seen = new Set<string>();
  const found: string[] = [];
  const queue = [require.resolve(pkg)];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const local = createRequire(file);
    for (const [, r] of text.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)) {
      if (NODE_BUILTINS.has(r)) found.push(`${path.relative(root, file)} requires ${r}`);
      else queue.push(local.resolve(r));
    }
  }
  return found;
}

describe("the language server and the formatter are host-neutral", () => {
  const { files, external } = walk();

  it("reach the features and the pipeline's reader and checks", () => {
    const reached = [...files].map((f) => path.relative(root, f));
    for (const f of ["src/lsp/navigation.ts", "src/lsp/rename.ts", "src/lsp/outline.ts", "src/lsp/completion.ts", "src/format/doc.ts", "src/syntax/parse.ts", "src/check/index.ts"]) expect(reached).toContain(f);
  });

  it("import no node:* module, no Node built-in, and only browser-safe packages", () => {
    const bad = external.filter((e) => NODE_BUILTINS.has(e.specifier) || e.specifier.startsWith("node:") || !ALLOWED.has(e.specifier));
    expect(bad).toEqual([]);
  });

  it("use packages whose code requires no Node built-in", () => {
    for (const pkg of ALLOWED) expect(builtinsRequiredBy(pkg)).toEqual([]);
  });
});
