/**
 * The installed command runs from the bundle in dist/cli/ (rolldown.config.mjs, built by
 * `npm run build`, which `npm test` runs first). What a command loads before it starts working is
 * the static import closure of main.js plus that of the chunk its dynamic `import()` names; this
 * walks those closures in the built files, so a heavy import slipped into the wrong place (the
 * plot stack into grounding, say) fails here.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(root, "dist", "cli");
const MAIN = path.join(CLI, "main.js");

/** Static imports of a built file (`import … from "x"`, `export … from "x"`, `import "x"`): local files and packages. */
function staticImports(file: string): { local: string[]; packages: string[] } {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/^(?:import|export)\b[^;()]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map((m) => m[1] ?? m[2]);
  return {
    local: specifiers.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s)),
    packages: [...new Set(specifiers.filter((s) => !s.startsWith(".")))],
  };
}

/** Every file and package loaded when `entry` is imported (its static closure). */
function closure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set([entry]);
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const { local, packages: p } = staticImports(queue.shift()!);
    p.forEach((x) => packages.add(x));
    for (const f of local)
      if (!files.has(f)) {
        files.add(f);
        queue.push(f);
      }
  }
  return { files, packages };
}

/** The chunk main.js imports dynamically for a module of dist/src/cli (by its name, e.g. "ground-command"). */
function commandChunk(name: string): string {
  const found = [...readFileSync(MAIN, "utf8").matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]).find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
  if (!found) throw new Error(`main.js has no dynamic import of a ${name} chunk`);
  return path.join(CLI, found);
}

const HEAVY = ["vega", "vega-lite", "@resvg/resvg-js", "cli-progress", "csv-parse/sync", "csv-stringify/sync", "playwright-core"];

describe("the CLI bundle", () => {
  it("exists: bin/gdl-ground.js runs dist/cli/main.js", () => {
    expect(existsSync(MAIN)).toBe(true);
    expect(readFileSync(path.join(root, "bin", "gdl-ground.js"), "utf8")).toContain('"../dist/cli/main.js"');
  });

  it("--help and --version load main.js and commander only", () => {
    const { files, packages } = closure(MAIN);
    expect([...packages].filter((p) => !p.startsWith("node:"))).toEqual(["commander"]);
    expect([...files].map((f) => path.relative(CLI, f)).filter((f) => f !== "main.js")).toEqual([]);
  });

  it("grounding loads neither the plot stack nor the corpus code, in a few files", () => {
    const ground = closure(commandChunk("ground-command"));
    const grounder = closure(commandChunk("ground"));
    const packages = new Set([...ground.packages, ...grounder.packages]);
    for (const heavy of HEAVY) expect(packages.has(heavy), heavy).toBe(false);
    const files = new Set([...ground.files, ...grounder.files].map((f) => path.basename(f)));
    expect([...files].some((f) => /^(plot|corpus|web)-command-/.test(f))).toBe(false);
    expect(files.size).toBeLessThanOrEqual(12);
  });

  it("plot loads the plot stack when it runs (so the test above can fail)", () => {
    const plot = closure(commandChunk("plot-command"));
    expect([...plot.packages].some((p) => p.startsWith("vega"))).toBe(true);
  });
});
