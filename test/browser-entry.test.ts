/**
 * The browser entry (src/browser/index.ts) and everything it imports must run in a web page:
 * no node:* module, no Node built-in, no package outside a short list of browser-safe ones.
 * Walks the import graph (static and dynamic imports, `export … from`) from the entry, so a
 * Node import added anywhere in the pure core fails here, naming the chain that reaches it.
 */
import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = path.join(root, "src/browser/index.ts");
/**
 * npm packages the core may use in a browser (each one the core imports is checked below for Node
 * built-ins too). None today: the core reads KIF with its own reader.
 */
const BROWSER_SAFE_PACKAGES = new Set<string>();
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

interface Edge {
  readonly from: string;
  readonly specifier: string;
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** The import graph below `entry`: every local file reached and every non-local specifier, with who imports it. */
function walk(entry: string): { files: Map<string, string | undefined>; external: Edge[] } {
  const files = new Map<string, string | undefined>([[entry, undefined]]);
  const external: Edge[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith(".")) {
        external.push({ from: file, specifier });
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts"));
      if (!files.has(target)) {
        files.set(target, file);
        queue.push(target);
      }
    }
  }
  return { files, external };
}

function chain(files: Map<string, string | undefined>, file: string): string {
  const names: string[] = [];
  for (let f: string | undefined = file; f !== undefined; f = files.get(f)) names.unshift(path.relative(root, f));
  return names.join(" -> ");
}

describe("the browser entry imports nothing from Node", () => {
  const { files, external } = walk(ENTRY);

  it("reaches the pure core", () => {
    const reached = [...files.keys()].map((f) => path.relative(root, f));
    for (const core of ["src/pipeline.ts", "src/syntax/parse.ts", "src/check/index.ts", "src/translate/index.ts", "src/ground/extract.ts", "src/propnet/index.ts", "src/browser/web-worker-host.ts"]) {
      expect(reached).toContain(core);
    }
  });

  it("has no node:* import, no Node built-in and only browser-safe packages", () => {
    const bad = external
      .filter((e) => NODE_BUILTINS.has(e.specifier) || e.specifier.startsWith("node:") || !BROWSER_SAFE_PACKAGES.has(e.specifier))
      .map((e) => `${chain(files, e.from)} imports ${e.specifier}`);
    expect(bad).toEqual([]);
  });

  it("uses packages that require no Node built-in themselves", () => {
    const require = createRequire(ENTRY);
    for (const name of new Set(external.map((e) => e.specifier).filter((s) => BROWSER_SAFE_PACKAGES.has(s)))) {
      const text = readFileSync(require.resolve(name), "utf8");
      const required = [...text.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
      expect(required.filter((r) => NODE_BUILTINS.has(r))).toEqual([]);
    }
  });
});
