/**
 * Compilation hints for clingo-wasm (src/ground/clingo/wasm-hints.ts, hot-functions.ts): the
 * rewritten binary is valid wasm, the profile is of the installed clingo-wasm, and the command
 * line compiles the profiled functions eagerly while clingo's start-up stays baseline.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { compilationHintsSection, definedFunctions, importedFunctions, withCompilationHints } from "../src/ground/clingo/wasm-hints.js";
import { clingoBinary, clingoWasmFiles, compilationHintsRead, hotFunctions } from "../src/ground/clingo/wasm-binary.js";
import { withMemoryLimit } from "../src/ground/clingo/wasm-memory.js";

const ROOT = path.resolve(__dirname, "..");
const binary = new Uint8Array(readFileSync(clingoWasmFiles().wasmPath));
const wasm = globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } };

describe("withCompilationHints", () => {
  it("inserts one hint byte per defined function before the code section: still valid wasm", () => {
    const imported = importedFunctions(binary);
    const defined = definedFunctions(binary);
    expect(imported).toBeGreaterThan(0);
    expect(defined).toBeGreaterThan(1000);
    const hinted = withCompilationHints(binary, [imported, imported + 5]);
    expect(wasm.WebAssembly.validate(hinted)).toBe(true);
    const name = new TextEncoder().encode("compilationHints");
    const at = Buffer.from(hinted).indexOf(Buffer.from(name));
    expect(at).toBeGreaterThan(0);
    // after the name: the count of functions (LEB128), then 2 (eager) for the two named, 1 (lazy) elsewhere
    let pos = at + name.length;
    while (hinted[pos] & 0x80) pos++;
    const hints = hinted.subarray(pos + 1, pos + 1 + defined);
    expect([hints[0], hints[1], hints[5], hints[defined - 1]]).toEqual([2, 1, 2, 1]);
    expect(hinted[pos + 1 + defined]).toBe(10); // the code section follows
    // the section's id, size, name and count, and the hints: nothing else changed
    expect(hinted.length - binary.length).toBe(pos + 1 + defined - hinted.lastIndexOf(0, at - 2));
    expect(Buffer.from(hinted.subarray(pos + 1 + defined)).equals(Buffer.from(binary.subarray(hinted.lastIndexOf(0, at - 2))))).toBe(true);
  });

  it("leaves a binary alone when a named function is not one it defines", () => {
    expect(withCompilationHints(binary, [0])).toBe(binary); // an import
    expect(withCompilationHints(binary, [importedFunctions(binary) + definedFunctions(binary)])).toBe(binary);
  });
});

describe("clingoBinary (the file read straight into the buffer it is compiled from)", () => {
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
  const eager = [importedFunctions(binary), importedFunctions(binary) + 7, importedFunctions(binary) + 4000];

  it("gives the bytes of withCompilationHints(withMemoryLimit(file)), with or without a memory limit", () => {
    for (const mb of [2048, 64, 1]) {
      const expected = withCompilationHints(withMemoryLimit(binary, mb, 2048), eager);
      expect(expected.length).toBeGreaterThan(binary.length);
      expect(same(clingoBinary(clingoWasmFiles().wasmPath, mb, eager), expected)).toBe(true);
    }
    expect(same(clingoBinary(clingoWasmFiles().wasmPath, 64, undefined), withMemoryLimit(binary, 64, 2048))).toBe(true);
  });

  it("falls back to the whole file when its sections before the code section do not fit the first bytes read", () => {
    // a binary whose code section starts past 64 KB: a 70 KB custom section in front of it
    const at = compilationHintsSection(binary, eager)!.at;
    const payload = 70_000; // its name "x" (2 bytes) and zeros
    const custom = new Uint8Array(4 + payload);
    custom.set([0, 0x80 | (payload & 0x7f), 0x80 | ((payload >> 7) & 0x7f), payload >> 14, 1, 0x78]);
    const big = new Uint8Array(binary.length + custom.length);
    big.set(binary.subarray(0, at));
    big.set(custom, at);
    big.set(binary.subarray(at), at + custom.length);
    expect(wasm.WebAssembly.validate(big)).toBe(true);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gdl-binary-")), "big.wasm");
    writeFileSync(file, big);
    expect(compilationHintsSection(big.subarray(0, 1 << 16), eager)).toBeUndefined();
    expect(same(clingoBinary(file, 2048, eager), withCompilationHints(big, eager))).toBe(true);
  });

  it("finds the clingo-wasm that Node's resolution finds", () => {
    const resolved = createRequire(path.join(ROOT, "src", "ground", "clingo", "wasm-binary.ts")).resolve("clingo-wasm/package.json");
    expect(realpathSync(clingoWasmFiles().wasmPath)).toBe(realpathSync(path.join(path.dirname(resolved), "dist", "clingo.wasm")));
  });

  it("leaves hints out when a named function is not one the binary defines", () => {
    expect(same(clingoBinary(clingoWasmFiles().wasmPath, 2048, [0]), binary)).toBe(true);
  });
});

describe("the hot functions of clingo-wasm", () => {
  it("are profiled on the installed clingo-wasm (else run scripts/clingo-hot-functions.ts again)", () => {
    const hot = hotFunctions();
    expect(hot, "hot-functions.ts is of another clingo-wasm").toBeDefined();
    expect(hot!.length).toBeGreaterThan(100);
    expect(withCompilationHints(binary, hot!)).not.toBe(binary);
  });

  it.skipIf(!compilationHintsRead())("are compiled eagerly by the command line, and clingo's start-up code still stays baseline", () => {
    // V8's trace into a file: what does not fit a pipe's buffer would be dropped
    const traceFile = path.join(mkdtempSync(path.join(tmpdir(), "gdl-hints-")), "trace.txt");
    const out = openSync(traceFile, "w");
    const run = spawnSync(
      process.execPath,
      ["--trace-wasm-compilation-times", path.join(ROOT, "bin", "gdl-ground.js"), path.join(ROOT, "corpus", "valid", "tictactoe.kif"), "--propnet", "--grounder", "wasm"],
      { stdio: ["ignore", out, "pipe"], encoding: "utf8", timeout: 60_000 },
    );
    closeSync(out);
    expect(run.status).toBe(0);
    const trace = readFileSync(traceFile, "utf8");
    expect(trace).toMatch(/grounder: clingo-wasm/);
    const compiled = (tier: string) => trace.split("\n").filter((line) => line.includes(`using ${tier}`));
    const liftoff = new Set(compiled("Liftoff").map((line) => Number(/#(\d+) /.exec(line)?.[1])));
    expect(hotFunctions()!.every((f) => liftoff.has(f))).toBe(true);
    // compiled eagerly, with tier-up checks, the 48 KB start-up function was optimized in every
    // run (150 ms of TurboFan that the exit waited for)
    const optimized = compiled("TurboFan").map((line) => Number(/bodysize (\d+)/.exec(line)?.[1] ?? NaN));
    expect(optimized.length).toBeLessThanOrEqual(4);
    expect(optimized.every((size) => size < 10_000)).toBe(true);
  }, 60_000);
});
