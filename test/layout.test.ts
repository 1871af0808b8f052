/**
 * The layout rules of src/ (ARCHITECTURE.md): no import loop between its files (static, type and
 * dynamic imports alike: a loop means two modules that cannot be read one after the other), and
 * no source file a reader cannot hold (over 600 lines). Each failure names the files.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(root, "src");
const MAX_LINES = 600;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Local files a file imports (by `import`, `import type`, `export … from`, `import()`). */
function localImports(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith("."))
    .map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, ".ts")));
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
export function importLoops(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) loops.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

describe("the layout of src/", () => {
  const files = sourceFiles(SRC);
  const rel = (f: string) => path.relative(root, f);

  it("has no import loop", () => {
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    expect(importLoops(graph).map((loop) => loop.map(rel).join(" <-> "))).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = files
      .map((f) => ({ file: rel(f), lines: readFileSync(f, "utf8").split("\n").length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it("finds a loop when there is one (the check itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(importLoops(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });
});
