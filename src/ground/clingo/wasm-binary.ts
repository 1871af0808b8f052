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

/** Bytes per WebAssembly page. */
export const WASM_PAGE_BYTES = 65536;
/** The memory limit clingo-wasm is built with (emscripten's heap maximum). */
export const CLINGO_WASM_MAX_MEMORY_MB = 2048;

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

function readLeb(bytes: Uint8Array, pos: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    if (b === undefined) throw new Error("truncated LEB128 number in wasm binary");
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return { value, next: pos };
  }
}

/**
 * A copy of a wasm binary whose (single, defined) memory has at most `maxPages` pages. The
 * new maximum is written into the bytes of the old one (LEB128 allows padding), so no section
 * size changes. Returns undefined when the binary has no defined memory with a maximum, or
 * when `maxPages` is not below the initial size or does not fit.
 */
export function limitWasmMemory(binary: Uint8Array, maxPages: number): Uint8Array | undefined {
  let pos = 8; // magic and version
  while (pos < binary.length) {
    const id = binary[pos++];
    const size = readLeb(binary, pos);
    const start = size.next;
    if (id === 5) {
      const count = readLeb(binary, start);
      if (count.value !== 1) return undefined;
      const flags = binary[count.next];
      if ((flags & 1) === 0) return undefined; // no maximum
      const min = readLeb(binary, count.next + 1);
      const maxStart = min.next;
      const max = readLeb(binary, maxStart);
      const width = max.next - maxStart;
      if (maxPages < min.value || maxPages >= 2 ** (7 * width) || maxPages > max.value) return undefined;
      const out = binary.slice();
      let v = maxPages;
      for (let i = 0; i < width; i++) {
        out[maxStart + i] = (v & 0x7f) | (i < width - 1 ? 0x80 : 0);
        v >>>= 7;
      }
      return out;
    }
    pos = start + size.value;
  }
  return undefined;
}

/**
 * A compiled WebAssembly.Module, opaque here (the project's TypeScript libs have no
 * WebAssembly types). It can be posted to workers.
 */
export type CompiledWasmModule = object;
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
      let bytes: Uint8Array = binary;
      if (mb < CLINGO_WASM_MAX_MEMORY_MB) {
        const pages = Math.max(1, Math.floor((mb * 1024 * 1024) / WASM_PAGE_BYTES));
        bytes = limitWasmMemory(binary, pages) ?? limitWasmMemory(binary, minimumPages(binary)) ?? binary;
      }
      return wasmApi.compile(bytes);
    })();
    module.catch(() => compiled.delete(mb));
    compiled.set(mb, module);
  }
  return module;
}

/** The initial memory size (pages) of a wasm binary's defined memory, 0 if none. */
function minimumPages(binary: Uint8Array): number {
  let pos = 8;
  while (pos < binary.length) {
    const id = binary[pos++];
    const size = readLeb(binary, pos);
    if (id === 5) {
      const count = readLeb(binary, size.next);
      return readLeb(binary, count.next + 1).value;
    }
    pos = size.next + size.value;
  }
  return 0;
}
