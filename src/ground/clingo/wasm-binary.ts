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
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { CLINGO_WASM_MAX_MEMORY_MB, type CompiledWasmModule } from "./worker-grounder.js";
import { withMemoryLimit } from "./wasm-memory.js";

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

export function clingoWasmFiles(): ClingoWasmFiles {
  if (files === undefined) {
    const require = createRequire(import.meta.url);
    const packageJson = require.resolve("clingo-wasm/package.json");
    const dist = path.join(path.dirname(packageJson), "dist");
    const version = (require(packageJson) as { version: string }).version;
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

/**
 * clingo's wasm module, compiled once per memory limit (in MiB; the built-in 2048 when
 * undefined). Limits below the module's initial memory (about 18 MiB) are raised to it.
 */
export function compiledClingoModule(maxMemoryMb?: number): Promise<CompiledWasmModule> {
  const mb = maxMemoryMb === undefined ? CLINGO_WASM_MAX_MEMORY_MB : Math.min(maxMemoryMb, CLINGO_WASM_MAX_MEMORY_MB);
  let module = compiled.get(mb);
  if (module === undefined) {
    module = (async () => {
      const binary = new Uint8Array(await readFile(clingoWasmFiles().wasmPath));
      return wasmApi.compile(withMemoryLimit(binary, mb, CLINGO_WASM_MAX_MEMORY_MB));
    })();
    module.catch(() => compiled.delete(mb));
    compiled.set(mb, module);
  }
  return module;
}

