/**
 * The installed command runs from the bundle in dist/cli/ (rolldown.config.mjs, built by
 * `npm run build`, which `npm test` runs first): CommonJS chunks loaded through V8's code cache
 * (src/cli/chunk-loader.ts). What a command loads before it starts working is the closure of the
 * top-level `require`s of main-HASH.cjs plus that of the chunk its dynamic `import()` (a deferred
 * `require`) names; this walks those closures in the built files, so a heavy import slipped into
 * the wrong place (the plot stack into grounding, say) fails here.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsModules } from "../src/cli/chunk-loader.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(root, "dist", "cli");
const MAIN = path.join(CLI, readdirSync(CLI).find((f) => /^main-[\w-]{8}\.cjs$/.test(f)) ?? "main-HASH.cjs");

/** Top-level requires of a built chunk (`const x = require("x");`, `require("x");` at the start of a line): local files and packages. */
function staticImports(file: string): { local: string[]; packages: string[] } {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/^(?:(?:const|let|var)\s+[\w$]+\s*=\s*)?require\("([^"]+)"\)/gm)].map((m) => m[1]);
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

/** The chunk main imports dynamically (a deferred require) for a module of dist/src/cli (by its name, e.g. "ground-command"). */
function commandChunk(name: string): string {
  const found = [...readFileSync(MAIN, "utf8").matchAll(/\.then\(\(\) => require\("\.\/([^"]+)"\)\)/g)].map((m) => m[1]).find((f) => new RegExp(`^${name}-[\\w-]{8}\\.cjs$`).test(f));
  if (!found) throw new Error(`main has no dynamic import of a ${name} chunk`);
  return path.join(CLI, found);
}

const HEAVY = ["vega", "vega-lite", "@resvg/resvg-js", "cli-progress", "csv-parse/sync", "csv-stringify/sync", "playwright-core"];

describe("the CLI bundle", () => {
  it("exists: bin/gdl-ground.js loads dist/cli/ through the chunk loader", () => {
    expect(existsSync(MAIN)).toBe(true);
    const bin = readFileSync(path.join(root, "bin", "gdl-ground.js"), "utf8");
    expect(bin).toContain('"../dist/bin/start.mjs"'); // the chunk loader among what it bundles (src/cli/start.ts)
    expect(readFileSync(path.join(root, "dist", "bin", "start.mjs"), "utf8")).toMatch(/\bChunkLoader\b/);
    expect(bin).toContain('"../dist/cli/"');
  });

  it("--help and --version load main (commander bundled in it) and the bundler's runtime only", () => {
    const { files, packages } = closure(MAIN);
    expect([...packages].filter((p) => !p.startsWith("node:"))).toEqual([]);
    expect(readFileSync(MAIN, "utf8")).toContain("node_modules/commander/lib/command.js");
    expect([...files].map((f) => path.relative(CLI, f)).filter((f) => f !== path.basename(MAIN) && !/^rolldown-runtime-/.test(f))).toEqual([]);
  });

  it("grounding loads neither the plot stack nor the corpus code, in a few files", () => {
    const ground = closure(commandChunk("ground-command"));
    const grounder = closure(commandChunk("ground"));
    const packages = new Set([...ground.packages, ...grounder.packages]);
    for (const heavy of HEAVY) expect(packages.has(heavy), heavy).toBe(false);
    const files = new Set([...ground.files, ...grounder.files].map((f) => path.basename(f)));
    expect([...files].some((f) => /^(plot|corpus|web)-command-/.test(f))).toBe(false);
    // 10 files until fmt and lsp came: they share parts of the pipeline without the rest (the
    // reader alone; the pipeline without its file edge), which cuts the shared chunks finer;
    // an A/B of ticTacToe's whole process showed no difference (medians 368 and 353 ms, load 13)
    expect(files.size).toBeLessThanOrEqual(14);
  });

  it("plot loads the plot stack when it runs (so the test above can fail)", () => {
    const plot = closure(commandChunk("plot-command"));
    expect([...plot.packages]).toContain("@resvg/resvg-js");
    // Vega and Vega-Lite are ES modules, imported when the first plot is drawn
    expect(readFileSync(commandChunk("plot-command"), "utf8")).toMatch(/import\("vega"\)/);
  });

  it("the ground command's chunks import no ES modules (they are compiled from V8's code cache); the plot chunk imports Vega", () => {
    // a chunk with an import("…") of a package is compiled by Node's own loader, without a cache
    // (src/cli/chunk-loader.ts): fine for plot, a loss on the path of every grounding
    const chunkImportsModules = (file: string) => importsModules(readFileSync(file, "utf8"));
    const ground = new Set([...closure(MAIN).files, ...closure(commandChunk("ground-command")).files, ...closure(commandChunk("ground")).files]);
    expect([...ground].filter(chunkImportsModules).map((f) => path.basename(f))).toEqual([]);
    expect(chunkImportsModules(commandChunk("plot-command"))).toBe(true);
  });
});
