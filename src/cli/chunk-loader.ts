/**
 * Loads the command line's bundle (dist/cli/: CommonJS chunks written by rolldown, see
 * rolldown.config.mjs) through V8's code cache, so that a command does not parse and compile its
 * JavaScript again on every start (issue 9).
 *
 * Why not plain `import()`: Node 20 has no compile cache for ES modules (`module.enableCompileCache`
 * came with Node 22), and loading ES modules costs their linking on top. A chunk here is compiled
 * with `vm.Script` and the cached data of an earlier run; what the cache holds is made at the
 * *end* of a run (`script.createCachedData()` after the command ran), so it has the bytecode of
 * every function that run called, not only of the top level: those are compiled lazily, on first
 * call, and that was most of a small game's compile time. Measured, whole process, ten rounds
 * interleaved: nineBoardTicTacToe `--propnet` 209 → 166 ms, blocks 151 → 124 ms (ES modules →
 * CommonJS chunks with their cache); a cache made right after compiling instead (what the
 * `v8-compile-cache` package does) gave 196 and 145 ms.
 *
 * Validity. V8 accepts cached data only for its own version and flags, and checks the source by
 * its length alone. So only files whose name carries the hash of their content are cached
 * (rolldown's `[name]-[hash].cjs`): a cache file is named after the chunk, so a changed chunk has
 * a new name and can never meet an old cache. The cache file's name also carries the Node version,
 * the architecture and the V8 flags set when the chunk was compiled (src/v8-flags.ts: TurboFan,
 * which bin/gdl-ground.js turns on after 300 ms, and clingo-wasm's flags when clingo starts before
 * the chunks load), and the cache is written under those same flags, whatever a command set after
 * (clingo's flags, set by `play`, `bench`, `replay` or `lsp` when they first ground).
 *
 * A chunk that imports ES modules (the plot command's Vega) is compiled by Node's own loader,
 * without a cache: see `IMPORTS_MODULES`.
 *
 * Where. Caches are read from the build's directory (dist/cli/v8-cache/, written by `npm run
 * build`) and then from the user's (`$XDG_CACHE_HOME/gdl-ground/v8-cache`, else
 * `~/.cache/gdl-ground/v8-cache`); a chunk that had none is cached at exit in the user's
 * directory, so that an install whose build cache does not fit (another Node) is fast from its
 * second run on. `GDL_GROUND_CODE_CACHE=off` turns caching off; `GDL_GROUND_CODE_CACHE=DIR` reads
 * and writes DIR only (the build uses it). Nothing here may fail a command: an unreadable cache is a
 * miss, an unwritable directory is no cache.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { homedir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { restoreV8Flags, turbofanIn, v8FlagsBesidesTurbofan, v8FlagsNow, type V8FlagState } from "../v8-flags.js";

/** Where caches are read from and written to. */
export interface CodeCacheDirs {
  /** Searched in order for a chunk's cache. */
  readonly read: readonly string[];
  /** Where a chunk for which no cache was found gets one at exit; undefined: nowhere. */
  readonly write?: string;
}

/** What happened to one chunk's cache: the loader's record, for tests and measurements. */
export interface ChunkRecord {
  readonly file: string;
  /**
   * `accepted`: compiled from the cache; `missing`: none found; `rejected`: V8 refused the one
   * found; `uncached`: a file without a content hash in its name; `node-loader`: a chunk that
   * imports ES modules, compiled by Node's own loader (see `load`).
   */
  readonly cache: "accepted" | "missing" | "rejected" | "uncached" | "node-loader";
}

/** A CommonJS module as a chunk sees it. */
interface ChunkModule {
  exports: unknown;
  readonly id: string;
  readonly filename: string;
  loaded: boolean;
}

/** A chunk's file name with rolldown's content hash: `name-XXXXXXXX.cjs`. */
const HASHED = /-[A-Za-z0-9_-]{8}\.cjs$/;

/**
 * An `import("…")` of a module by name, as rolldown writes a dynamic import of an external
 * package (an ES module such as Vega) into a CommonJS chunk. A script compiled from cached data
 * gets no dynamic import callback in Node 20 ("A dynamic import callback was not specified"), and
 * one of our own needs `--experimental-vm-modules`, so such a chunk is left to Node's loader.
 * Lines of comments (commander's JSDoc has `@typedef { import("./command.js") … }`) do not count.
 */
const IMPORTS_MODULES = /^(?![ \t]*(?:\*|\/\/)).*(?:^|[^\w$.])import\("/m;

/** Whether a chunk's source imports ES modules, so that Node's own loader must compile it. */
export function importsModules(source: string): boolean {
  return source.includes('import("') && IMPORTS_MODULES.test(source);
}

/** The CommonJS wrapper, as Node's own loader writes it. */
const WRAP_HEAD = "(function (exports, require, module, __filename, __dirname) { ";
const WRAP_TAIL = "\n});";

/** The cache directories of the command line: `GDL_GROUND_CODE_CACHE`, else the build's and the user's. */
export function codeCacheDirs(cliDir: string, env: NodeJS.ProcessEnv = process.env): CodeCacheDirs {
  const setting = env.GDL_GROUND_CODE_CACHE;
  if (setting === "off" || setting === "0") return { read: [] };
  if (setting) return { read: [setting], write: setting };
  const home = env.XDG_CACHE_HOME || path.join(homedir(), ".cache");
  const user = path.join(home, "gdl-ground", "v8-cache");
  return { read: [path.join(cliDir, "v8-cache"), user], write: user };
}

/**
 * The command line's entry chunk (`main-HASH.cjs`) in `cliDir`, loaded through a new loader with
 * the command line's cache directories; the caches of the chunks that had none are written when
 * the process exits.
 */
export function loadCommandLine(cliDir: string): { readonly exports: unknown; readonly loader: ChunkLoader } {
  const entry = readdirSync(cliDir).find((f) => /^main-.*\.cjs$/.test(f));
  if (entry === undefined) throw new Error(`no command-line bundle in ${cliDir} (run npm run build)`);
  const loader = new ChunkLoader(codeCacheDirs(cliDir));
  process.on("exit", () => loader.writeCaches());
  return { exports: loader.load(path.join(cliDir, entry)), loader };
}

/**
 * The part of a cache file's name that stands for V8 flags besides TurboFan set when a chunk is
 * compiled (FNV-1a of the flags, base 36; empty for none): V8 checks a cache against a hash of
 * every flag that is not at its default, so caches made with other flags would be rejected.
 */
export function flagsKey(flags: readonly string[]): string {
  if (flags.length === 0) return "";
  let hash = 0x811c9dc5;
  for (const char of flags.join(" ")) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `-f${hash.toString(36)}`;
}

/** Loads CommonJS chunks from one directory, each once, through the code cache. */
export class ChunkLoader {
  private readonly modules = new Map<string, ChunkModule>();
  private readonly misses: { script: vm.Script; name: string; flags: V8FlagState }[] = [];
  /** One record per chunk loaded, in load order. */
  readonly records: ChunkRecord[] = [];

  constructor(private readonly dirs: CodeCacheDirs) {}

  /** The exports of the chunk at `file` (absolute), loading it and what it requires. */
  load(file: string): unknown {
    const known = this.modules.get(file);
    if (known) return known.exports;
    const source = readFileSync(file, "utf8");
    if (importsModules(source)) return this.loadWithNode(file, source);
    const module: ChunkModule = { exports: {}, id: file, filename: file, loaded: false };
    this.modules.set(file, module);
    const base = path.basename(file);
    const hashed = HASHED.test(base);
    const flags = v8FlagsNow();
    const name = `${base}.${process.version}-${process.arch}${turbofanIn(flags) ? "-turbofan" : ""}${flagsKey(v8FlagsBesidesTurbofan(flags))}.v8cache`;
    const cachedData = hashed ? this.readCache(name) : undefined;
    const script = new vm.Script(WRAP_HEAD + source + WRAP_TAIL, { filename: file, cachedData });
    const cache: ChunkRecord["cache"] = !hashed ? "uncached" : cachedData === undefined ? "missing" : script.cachedDataRejected ? "rejected" : "accepted";
    this.records.push({ file, cache });
    // A rejected cache is not rewritten: with the name's key it means other V8 flags
    // (NODE_OPTIONS), and rewriting it on every run would only thrash.
    if (cache === "missing" && this.dirs.write !== undefined) this.misses.push({ script, name, flags });
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: ChunkModule, filename: string, dirname: string) => void;
    wrapper.call(module.exports, module.exports, this.requireFor(file), module, file, path.dirname(file));
    module.loaded = true;
    return module.exports;
  }

  /**
   * A chunk that imports ES modules (`import("vega")`): compiled by Node's own CommonJS loader,
   * which gives it `import()`, without a cache. Its sibling chunks still come from this loader,
   * so that every chunk exists once.
   */
  private loadWithNode(file: string, source: string): unknown {
    const module = new Module(file) as Module & { _compile(content: string, filename: string): unknown };
    module.filename = file;
    module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
    const viaLoader = this.requireFor(file);
    module.require = ((id: string) => viaLoader(id)) as Module["require"];
    this.modules.set(file, module as unknown as ChunkModule);
    this.records.push({ file, cache: "node-loader" });
    module._compile(source, file);
    module.loaded = true;
    return module.exports;
  }

  /** The `require` of a chunk: its sibling chunks through this loader, everything else through Node's. */
  private requireFor(file: string): NodeJS.Require {
    const nodeRequire = createRequire(file);
    const dir = path.dirname(file);
    const chunkRequire = ((id: string) => (id.startsWith("./") && id.endsWith(".cjs") ? this.load(path.join(dir, id)) : nodeRequire(id))) as NodeJS.Require;
    chunkRequire.resolve = nodeRequire.resolve;
    chunkRequire.cache = nodeRequire.cache;
    chunkRequire.main = nodeRequire.main;
    return chunkRequire;
  }

  private readCache(name: string): Buffer | undefined {
    for (const dir of this.dirs.read) {
      try {
        return readFileSync(path.join(dir, name));
      } catch {
        // not in this directory
      }
    }
    return undefined;
  }

  /**
   * Writes the cache of every chunk that had none, with the bytecode of all it has compiled so
   * far (call it at the end of a run). Each file is written under a temporary name and renamed,
   * so a concurrent run reads a whole cache or none. Returns the number written.
   */
  writeCaches(): number {
    const dir = this.dirs.write;
    if (dir === undefined || this.misses.length === 0) return 0;
    let flagsNow: V8FlagState | undefined;
    let written = 0;
    try {
      mkdirSync(dir, { recursive: true });
      for (const miss of this.misses) {
        // V8 stamps the cache with the flags of now; make them those of the chunk's compile.
        const before = restoreV8Flags(miss.flags);
        flagsNow ??= before;
        const { script, name } = miss;
        const data = script.createCachedData();
        const target = path.join(dir, name);
        const temporary = `${target}.${process.pid}.tmp`;
        writeFileSync(temporary, data);
        renameSync(temporary, target);
        written++;
      }
    } catch {
      // an unwritable cache directory means no cache, never a failed command
    } finally {
      if (flagsNow !== undefined) restoreV8Flags(flagsNow);
      this.misses.length = 0;
    }
    return written;
  }
}
