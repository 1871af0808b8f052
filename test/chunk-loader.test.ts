/**
 * The command line's chunk loader (src/cli/chunk-loader.ts): CommonJS chunks compiled through V8's
 * code cache, cached only under content-hashed names, keyed by Node version, architecture and
 * TurboFan, written at the end of a run, and never a reason for a command to fail.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ChunkLoader, codeCacheDirs } from "../src/cli/chunk-loader.js";
import { setTurbofan } from "../src/cli/tiering.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dirs: string[] = [];
afterEach(() => {
  setTurbofan(true);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory with two hashed chunks (main requires dep and a builtin) and an unhashed one. */
function chunks(): { dir: string; cache: string; main: string; plain: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-chunks-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "dep-AAAA_a-1.cjs"), "exports.twice = (n) => 2 * n;\n");
  writeFileSync(
    path.join(dir, "main-BBBBbbb2.cjs"),
    'const dep = require("./dep-AAAA_a-1.cjs");\nconst node_path = require("node:path");\n' +
      "exports.run = (n) => dep.twice(n) + node_path.basename('/x/y.kif').length;\nexports.self = __filename;\n",
  );
  writeFileSync(path.join(dir, "plain.cjs"), "module.exports = { answer: 42 };\n");
  return { dir, cache: path.join(dir, "cache"), main: path.join(dir, "main-BBBBbbb2.cjs"), plain: path.join(dir, "plain.cjs") };
}

type Main = { run(n: number): number; self: string };

/**
 * Loads `file` in a fresh Node process (V8 keeps compiled scripts in memory, so a second load in
 * the same process never consults a cache), TurboFan off or on while loading and while writing.
 */
function loadInChild(cache: string, file: string, turbofan: { load: boolean; write: boolean } = { load: true, write: true }): { records: string[]; written: number; value: number } {
  const loader = path.join(root, "dist", "src", "cli", "chunk-loader.js");
  const tiering = path.join(root, "dist", "src", "cli", "tiering.js");
  const script = `
    import { ChunkLoader } from ${JSON.stringify(loader)};
    import { setTurbofan } from ${JSON.stringify(tiering)};
    setTurbofan(${turbofan.load});
    const loader = new ChunkLoader({ read: [${JSON.stringify(cache)}], write: ${JSON.stringify(cache)} });
    const value = loader.load(${JSON.stringify(file)}).run(3);
    setTurbofan(${turbofan.write});
    const written = loader.writeCaches();
    console.log(JSON.stringify({ records: loader.records.map((r) => r.cache), written, value }));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { records: string[]; written: number; value: number };
}

describe("ChunkLoader", () => {
  it("loads chunks and their requires, each once", () => {
    const { cache, main } = chunks();
    const loader = new ChunkLoader({ read: [cache], write: cache });
    const m = loader.load(main) as Main;
    expect(m.run(5)).toBe(10 + "y.kif".length);
    expect(m.self).toBe(main);
    expect(loader.load(main)).toBe(m);
    expect(loader.records.map((r) => [path.basename(r.file), r.cache])).toEqual([
      ["main-BBBBbbb2.cjs", "missing"],
      ["dep-AAAA_a-1.cjs", "missing"],
    ]);
  });

  it("caches them at the end of a run, and the next run compiles from the caches", () => {
    const { cache, main } = chunks();
    expect(loadInChild(cache, main)).toEqual({ records: ["missing", "missing"], written: 2, value: 11 });
    expect(readdirSync(cache).sort()).toEqual([
      `dep-AAAA_a-1.cjs.${process.version}-${process.arch}-turbofan.v8cache`,
      `main-BBBBbbb2.cjs.${process.version}-${process.arch}-turbofan.v8cache`,
    ]);
    expect(loadInChild(cache, main)).toEqual({ records: ["accepted", "accepted"], written: 0, value: 11 });
  });

  it("leaves a chunk that imports ES modules to Node's loader, which gives it import(), and shares its sibling chunks", async () => {
    const { dir, cache } = chunks();
    const esm = path.join(dir, "esm-CCCCcccc.cjs");
    writeFileSync(
      esm,
      'const dep = require("./dep-AAAA_a-1.cjs");\nexports.dep = dep;\nexports.base = async (p) => (await import("node:path")).basename(p);\n',
    );
    const documented = path.join(dir, "doc-DDDDdddd.cjs");
    writeFileSync(documented, '/**\n * @typedef { import("./command.js").Command } Command\n */\nexports.ok = true;\n');
    const loader = new ChunkLoader({ read: [cache], write: cache });
    const m = loader.load(esm) as { dep: unknown; base(p: string): Promise<string> };
    expect(await m.base("/games/chess.kif")).toBe("chess.kif");
    expect(m.dep).toBe(loader.load(path.join(dir, "dep-AAAA_a-1.cjs")));
    expect(loader.load(documented)).toEqual({ ok: true });
    expect(loader.records.map((r) => [path.basename(r.file), r.cache])).toEqual([
      ["esm-CCCCcccc.cjs", "node-loader"],
      ["dep-AAAA_a-1.cjs", "missing"],
      ["doc-DDDDdddd.cjs", "missing"],
    ]);
  });

  it("never caches a file whose name has no content hash (V8 checks a cache against the source's length only)", () => {
    const { cache, plain } = chunks();
    const loader = new ChunkLoader({ read: [cache], write: cache });
    expect(loader.load(plain)).toEqual({ answer: 42 });
    expect(loader.records[0].cache).toBe("uncached");
    expect(loader.writeCaches()).toBe(0);
  });

  it("compiles from source when a cache is damaged, and does not rewrite it", () => {
    const { cache, main } = chunks();
    loadInChild(cache, main);
    for (const f of readdirSync(cache)) writeFileSync(path.join(cache, f), Buffer.alloc(300, 7));
    expect(loadInChild(cache, main)).toEqual({ records: ["rejected", "rejected"], written: 0, value: 11 });
  });

  it("an unwritable cache directory is no cache, not an error", () => {
    const { dir, main } = chunks();
    const file = path.join(dir, "not-a-directory");
    writeFileSync(file, "");
    const loader = new ChunkLoader({ read: [file], write: file });
    expect((loader.load(main) as Main).run(0)).toBe(5);
    expect(loader.writeCaches()).toBe(0);
  });

  it("stamps a cache with the TurboFan state its chunk was compiled under, so that the next run accepts it", () => {
    const { cache, main } = chunks();
    // bin/gdl-ground.js starts with TurboFan off and turns it on after 300 ms, before a long run writes its caches
    expect(loadInChild(cache, main, { load: false, write: true }).written).toBe(2);
    expect(readdirSync(cache).every((f) => !f.includes("turbofan"))).toBe(true);
    expect(loadInChild(cache, main, { load: false, write: false }).records).toEqual(["accepted", "accepted"]);
    // and a run with TurboFan on has caches of its own
    expect(loadInChild(cache, main, { load: true, write: true })).toMatchObject({ records: ["missing", "missing"], written: 2 });
  });

  it("reads the build's cache, then the user's; GDL_GROUND_CODE_CACHE chooses one directory or none", () => {
    expect(codeCacheDirs("/pkg/dist/cli", { XDG_CACHE_HOME: "/home/u/.cache" })).toEqual({
      read: ["/pkg/dist/cli/v8-cache", "/home/u/.cache/gdl-ground/v8-cache"],
      write: "/home/u/.cache/gdl-ground/v8-cache",
    });
    expect(codeCacheDirs("/pkg/dist/cli", { GDL_GROUND_CODE_CACHE: "/tmp/c" })).toEqual({ read: ["/tmp/c"], write: "/tmp/c" });
    expect(codeCacheDirs("/pkg/dist/cli", { GDL_GROUND_CODE_CACHE: "off" })).toEqual({ read: [] });
  });
});

describe("the command line with its code cache", () => {
  it("says in one line, with no stack trace, when it is not built", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-unbuilt-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "bin"));
    copyFileSync(path.join(root, "bin", "gdl-ground.js"), path.join(dir, "bin", "gdl-ground.mjs"));
    const run = spawnSync(process.execPath, [path.join(dir, "bin", "gdl-ground.mjs"), "--version"], { encoding: "utf8" });
    expect(run.status).toBe(70);
    expect(run.stderr).toMatch(/^gdl-ground: cannot load the command line \(is it built\? npm run build\): .*\n$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("writes the caches of its first run, and the second run uses them without writing", () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), "gdl-cache-"));
    dirs.push(cache);
    const run = () =>
      spawnSync(process.execPath, [path.join(root, "bin", "gdl-ground.js"), path.join(root, "corpus", "valid", "tictactoe.kif"), "--propnet"], {
        env: { ...process.env, GDL_GROUND_CODE_CACHE: cache },
        encoding: "utf8",
      });
    const first = run();
    expect(first.status).toBe(0);
    const written = readdirSync(cache);
    expect(written.some((f) => /^main-[\w-]{8}\.cjs\./.test(f))).toBe(true);
    expect(written.some((f) => /^node-pipeline-[\w-]{8}\.cjs\./.test(f))).toBe(true);
    const times = written.map((f) => statSync(path.join(cache, f)).mtimeMs);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout.replace(/time \(s\).*/, "")).toBe(first.stdout.replace(/time \(s\).*/, ""));
    expect(readdirSync(cache)).toEqual(written);
    expect(written.map((f) => statSync(path.join(cache, f)).mtimeMs)).toEqual(times);
  });

  it("grounds with clingo-wasm from cached chunks too (clingo started by bin before they load, with V8 flags of its own)", () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), "gdl-cache-"));
    dirs.push(cache);
    const run = () =>
      spawnSync(process.execPath, [path.join(root, "bin", "gdl-ground.js"), path.join(root, "corpus", "valid", "tictactoe.kif"), "--propnet", "--grounder", "wasm"], {
        env: { ...process.env, GDL_GROUND_CODE_CACHE: cache },
        encoding: "utf8",
      });
    for (const label of ["without a cache", "from the cache"]) {
      const result = run();
      expect(result.stderr, label).toBe("");
      expect(result.status, label).toBe(0);
      expect(result.stdout, label).toMatch(/grounder: clingo-wasm/);
    }
  }, 60_000);

  it("a run that starts clingo-wasm first keeps caches of its own: V8 would reject those made without clingo's flags", () => {
    // V8 checks a cache against a hash of the flags not at their default; clingo's early start sets
    // some before the chunks load. Before the caches were named by those flags, a wasm run found the
    // check run's cache of main, V8 rejected it, and it was never rewritten: every chunk of every
    // wasm run was compiled again.
    const cache = mkdtempSync(path.join(os.tmpdir(), "gdl-cache-"));
    dirs.push(cache);
    const game = path.join(root, "corpus", "valid", "tictactoe.kif");
    const run = (...args: string[]) => spawnSync(process.execPath, [path.join(root, "bin", "gdl-ground.js"), ...args], { env: { ...process.env, GDL_GROUND_CODE_CACHE: cache }, encoding: "utf8" });
    expect(run("check", game).status).toBe(0);
    const mains = () => readdirSync(cache).filter((f) => /^main-[\w-]{8}\.cjs\./.test(f));
    expect(mains()).toHaveLength(1);
    expect(run(game, "--propnet", "--grounder", "wasm").status).toBe(0);
    expect(mains()).toHaveLength(2); // the wasm run's own, named by clingo's flags
    const written = readdirSync(cache).sort();
    const times = written.map((f) => statSync(path.join(cache, f)).mtimeMs);
    expect(run(game, "--propnet", "--grounder", "wasm").status).toBe(0);
    // accepted: nothing missing, nothing written again
    expect(readdirSync(cache).sort()).toEqual(written);
    expect(written.map((f) => statSync(path.join(cache, f)).mtimeMs)).toEqual(times);
  }, 60_000);

  it("a command that sets clingo-wasm's flags after the chunks load (bench, play, replay, lsp) writes caches the next run accepts", () => {
    // Before: `bench GAME --grounder wasm` set clingo's V8 flags when it first grounded, after its
    // chunks had loaded without them; the caches it wrote at exit were stamped with those flags,
    // rejected by every later run, and never rewritten (13 chunks of 13 compiled again each run).
    const cache = mkdtempSync(path.join(os.tmpdir(), "gdl-cache-"));
    dirs.push(cache);
    const game = path.join(root, "corpus", "valid", "tictactoe.kif");
    // what bin/gdl-ground.js does, and the loader's record of each chunk's cache at exit
    const script = `
      const { loadCommandLine, startupTiering } = await import(${JSON.stringify(path.join(root, "dist", "bin", "start.mjs"))});
      const argv = JSON.parse(process.env.ARGV);
      const tiering = startupTiering(300);
      const { exports, loader } = loadCommandLine(${JSON.stringify(path.join(root, "dist", "cli") + path.sep)});
      process.on("exit", () => process.stderr.write(JSON.stringify(loader.records.map((r) => r.cache))));
      const code = await exports.main(argv, undefined, tiering, {});
      process.exit(code);`;
    const run = (...args: string[]) => {
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
        env: { ...process.env, GDL_GROUND_CODE_CACHE: cache, ARGV: JSON.stringify(args) },
        encoding: "utf8",
      });
      expect(child.status, child.stderr).toBe(0);
      return [...new Set(JSON.parse(child.stderr) as string[])];
    };
    const bench = ["bench", game, "--grounder", "wasm", "--playouts", "2", "--min-time", "0.001", "--warmup", "0", "--repeats", "1"];
    expect(run(...bench)).toEqual(["missing"]);
    expect(run(...bench)).toEqual(["accepted"]);
    // --wasm-tier baseline: --liftoff-only, whose implications a restore must undo too
    expect(run(...bench, "--wasm-tier", "baseline")).toEqual(["accepted"]);
    expect(run(...bench)).toEqual(["accepted"]);
  }, 60_000);

  it("draws plots (its chunk imports Vega, an ES module with a top-level await)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-plot-"));
    dirs.push(dir);
    const results = path.join(dir, "run.csv");
    const header = "game,status,reason,parse_s,check_s,translate_s,ground_s,extract_s,propnet_s,total_s,ground_clauses,base_atoms,input_atoms,components_paper,components_optimized,gdl_literals,peak_memory_mb";
    writeFileSync(results, `${header}\na,ok,,0.01,0.01,0.01,0.05,0.01,0.01,0.1,100,10,5,300,200,50,\nb,ok,,0.01,0.01,0.01,0.5,0.1,0.1,0.73,1000,40,9,3000,2000,120,\n`);
    const run = spawnSync(process.execPath, [path.join(root, "bin", "gdl-ground.js"), "plot", results], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(readdirSync(path.join(dir, "run-report", "plots")).some((f) => f.endsWith(".svg"))).toBe(true);
  }, 60_000);
});
