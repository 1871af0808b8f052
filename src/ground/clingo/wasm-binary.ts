/**
 * Where clingo-wasm's single-threaded build lives, and its WebAssembly module compiled once
 * per process and shared with every grounding worker (a compiled module crosses to a worker
 * without being compiled again). The module can be given a smaller memory limit than the 2 GiB
 * it declares by rewriting the maximum of its memory in the binary, so that a grounding that
 * needs too much memory fails fast with clingo's own out-of-memory status.
 *
 * clingo-wasm's package exports do not include `dist/clingo.js`, so the files are found from
 * its package.json, which is exported.
 */
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { CLINGO_WASM_MAX_MEMORY_MB, type CompiledWasmModule } from "./worker-grounder.js";
import { withMemoryLimit } from "./wasm-memory.js";
import { compilationHintsSection, withCompilationHints } from "./wasm-hints.js";
import { HOT_FUNCTIONS } from "./hot-functions.js";
import { setV8Flags } from "../../v8-flags.js";

export { CLINGO_WASM_MAX_MEMORY_MB, type CompiledWasmModule } from "./worker-grounder.js";
export { limitWasmMemory, WASM_PAGE_BYTES } from "./wasm-memory.js";

export interface ClingoWasmFiles {
  /** file: URL of the emscripten module factory (`dist/clingo.js`). */
  readonly moduleUrl: string;
  /** Path of `dist/clingo.wasm`. */
  readonly wasmPath: string;
  readonly version: string;
}

let files: ClingoWasmFiles | undefined;

/**
 * clingo-wasm's package.json: found as Node finds a package from this file (the nearest
 * node_modules/clingo-wasm up the directories), by a few existence checks; Node's own
 * resolution (require.resolve, 2–3 ms of a command's start) only when that finds none.
 */
function clingoPackageJson(): string {
  const here = import.meta.url;
  if (here.startsWith("file:")) {
    let dir = path.dirname(fileURLToPath(here));
    for (;;) {
      if (path.basename(dir) !== "node_modules") {
        const candidate = path.join(dir, "node_modules", "clingo-wasm", "package.json");
        if (existsSync(candidate)) return candidate;
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return createRequire(here).resolve("clingo-wasm/package.json");
}

export function clingoWasmFiles(): ClingoWasmFiles {
  if (files === undefined) {
    const packageJson = clingoPackageJson();
    const dist = path.join(path.dirname(packageJson), "dist");
    const version = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
    files = {
      moduleUrl: pathToFileURL(path.join(dist, "clingo.js")).href,
      wasmPath: path.join(dist, "clingo.wasm"),
      version,
    };
  }
  return files;
}

const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasmModule> } })
  .WebAssembly;

const compiled = new Map<number, Promise<CompiledWasmModule>>();

/** V8's default --wasm-tiering-budget (1,800,000) times ten: see `tuneWasmCompile`. */
export const WASM_TIERING_BUDGET = 18_000_000;

/** The hot functions this process compiles eagerly (`tuneWasmCompile`), if it does. */
let eagerFunctions: number[] | undefined;

/** The hot functions of hot-functions.ts, when they were profiled on the installed clingo-wasm. */
export function hotFunctions(): number[] | undefined {
  const files = clingoWasmFiles();
  if (HOT_FUNCTIONS.gaps === "" || HOT_FUNCTIONS.version !== files.version || HOT_FUNCTIONS.wasmBytes !== statSync(files.wasmPath).size) return undefined;
  let index = 0;
  return HOT_FUNCTIONS.gaps.split(",").map((gap) => (index += parseInt(gap, 36)));
}

/**
 * Whether this V8 reads compilation hints as wasm-hints.ts writes them: measured with Node 20's
 * V8 11.3; elsewhere clingo compiles lazily, as without hints.
 */
export function compilationHintsRead(): boolean {
  return /^11\./.test(process.versions.v8);
}

/**
 * Sets V8's flags for compiling clingo (process-wide; read when a module is compiled).
 * `liftoffOnly`: V8's baseline compiler only (`--liftoff-only`). Otherwise a function tiers up
 * after ten times V8's default budget of work (--wasm-tiering-budget, about "bytes executed"): a
 * small game's grounding then optimizes no function or a few small ones instead of 13–90 (each
 * compile 10–350 ms of a background thread, the last of which the process's exit waits for),
 * while on a long grounding the same functions are optimized a few milliseconds later. See also
 * `startingUp` in worker-script.ts.
 *
 * `hotEager`: the functions a small grounding calls (hot-functions.ts) are compiled eagerly, in
 * V8's background threads while the module compiles, and every other one lazily (wasm-hints.ts),
 * where this V8 reads the hints; for a grounding on the thread that would otherwise compile them
 * at their first calls (inline-host.ts). From then on every compile of clingo in this process
 * carries the hints: without them V8 would compile all of clingo's functions eagerly.
 *
 * The flags are recorded (src/v8-flags.ts): they are part of the key of V8's code caches.
 */
export function tuneWasmCompile(liftoffOnly: boolean, hotEager = false): void {
  const flags = [...(liftoffOnly ? ["--liftoff-only"] : []), `--wasm-tiering-budget=${WASM_TIERING_BUDGET}`];
  if (hotEager && compilationHintsRead()) eagerFunctions ??= hotFunctions();
  if (eagerFunctions !== undefined) flags.push("--experimental-wasm-compilation-hints", "--no-wasm-lazy-compilation");
  setV8Flags(...flags);
}

/** Reads `length` bytes of `fd` at `position` into `into` at `offset`. */
function readFully(fd: number, into: Uint8Array, offset: number, length: number, position: number): void {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, into, offset + done, length - done, position + done);
    if (n === 0) throw new Error("clingo.wasm ended early");
    done += n;
  }
}

/** Bytes read first from clingo's binary: its sections before the code section (18 KB in 0.6.0). */
const HEAD_BYTES = 1 << 16;

/**
 * clingo's binary to compile: its memory limit `mb`, and with `eager` the compilation hints.
 * With hints, the file is read straight into the buffer it is compiled from, the hints section
 * already in place (its first 64 KB read first to find where that goes): every further copy of
 * the 2.6 MB (1.5–2.5 ms each at load 5, on the main thread before the compile starts) is saved.
 * The same bytes as `withCompilationHints(withMemoryLimit(file))`.
 */
export function clingoBinary(wasmPath: string, mb: number, eager: Iterable<number> | undefined): Uint8Array {
  if (eager === undefined) return withMemoryLimit(new Uint8Array(readFileSync(wasmPath)), mb, CLINGO_WASM_MAX_MEMORY_MB);
  const fd = openSync(wasmPath, "r");
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.allocUnsafe(Math.min(size, HEAD_BYTES));
    readFully(fd, head, 0, head.length, 0);
    const hints = compilationHintsSection(head, eager);
    if (hints === undefined) return withCompilationHints(withMemoryLimit(readFileSync(wasmPath), mb, CLINGO_WASM_MAX_MEMORY_MB), eager);
    // the memory section stands before the code section, where the hints go
    const before = withMemoryLimit(head.subarray(0, hints.at), mb, CLINGO_WASM_MAX_MEMORY_MB);
    const shift = hints.section.length;
    const out = Buffer.allocUnsafe(size + shift);
    out.set(before, 0);
    out.set(hints.section, hints.at);
    out.set(head.subarray(hints.at), hints.at + shift);
    readFully(fd, out, head.length + shift, size - head.length, head.length);
    return out;
  } finally {
    closeSync(fd);
  }
}

/**
 * clingo's wasm module, compiled once per memory limit (in MiB; the built-in 2048 when
 * undefined). Limits below the module's initial memory (about 18 MiB) are raised to it. The
 * binary is read at once (2.6 MB, about 2 ms), so that the compile starts in V8's background
 * threads before the caller's next synchronous work, not after it.
 */
export function compiledClingoModule(maxMemoryMb?: number): Promise<CompiledWasmModule> {
  const mb = maxMemoryMb === undefined ? CLINGO_WASM_MAX_MEMORY_MB : Math.min(maxMemoryMb, CLINGO_WASM_MAX_MEMORY_MB);
  let module = compiled.get(mb);
  if (module === undefined) {
    try {
      module = wasmApi.compile(clingoBinary(clingoWasmFiles().wasmPath, mb, eagerFunctions));
    } catch (error) {
      module = Promise.reject(error);
    }
    module.catch(() => compiled.delete(mb));
    compiled.set(mb, module);
  }
  return module;
}
