/**
 * V8's flags set through src/v8-flags.ts: each flag the project sets can be put back at V8's
 * default exactly, so that a code cache written under restored flags is accepted by a process
 * that never set them (chunk-loader.ts writes each chunk's cache so, at exit).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { flagName, setV8Flags, v8FlagsBesidesTurbofan, v8FlagsNow } from "../src/v8-flags.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** In a fresh process: sets `flags`, restores those of before, and writes a script's code cache to `file`. */
function cacheAfter(flags: readonly string[], file: string): void {
  const module = path.join(root, "dist", "src", "v8-flags.js");
  const script = `
    import { setV8Flags, restoreV8Flags, v8FlagsNow } from ${JSON.stringify(module)};
    import vm from "node:vm"; import { writeFileSync } from "node:fs";
    const before = v8FlagsNow();
    const script = new vm.Script("(function () { return [1, 2, 3].map((n) => n * 2); })()", { filename: "probe.js" });
    script.runInThisContext();
    setV8Flags(...${JSON.stringify(flags)});
    restoreV8Flags(before);
    writeFileSync(${JSON.stringify(file)}, script.createCachedData());`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(child.stderr);
}

/** Whether a fresh process with V8's default flags rejects the code cache in `file`. */
function rejected(file: string): boolean {
  const script = `
    const vm = require("node:vm");
    const script = new vm.Script("(function () { return [1, 2, 3].map((n) => n * 2); })()", { filename: "probe.js", cachedData: require("node:fs").readFileSync(${JSON.stringify(file)}) });
    console.log(script.cachedDataRejected);`;
  const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(child.stderr);
  return child.stdout.trim() === "true";
}

describe("V8 flags", () => {
  it("names a flag as V8 does", () => {
    expect(flagName("--no-wasm-lazy-compilation")).toBe("wasm-lazy-compilation");
    expect(flagName("--wasm-tiering-budget=18000000")).toBe("wasm-tiering-budget");
    expect(flagName("--liftoff-only")).toBe("liftoff-only");
  });

  it("refuses a flag whose default it does not know", () => {
    expect(() => setV8Flags("--max-lazy")).toThrow(/no known default/);
  });

  it("records what is set, and forgets a flag set back to its default", () => {
    setV8Flags("--wasm-tier-up-filter=7");
    expect(v8FlagsBesidesTurbofan(v8FlagsNow())).toEqual(["--wasm-tier-up-filter=7"]);
    setV8Flags("--wasm-tier-up-filter=-1");
    expect(v8FlagsNow().has("wasm-tier-up-filter")).toBe(false);
  });

  // the flags the command line and the grounders set (tiering.ts, wasm-binary.ts, inline-host.ts)
  const set = ["--no-turbofan", "--liftoff-only", "--wasm-tiering-budget=18000000", "--wasm-tier-up-filter=100000000", "--experimental-wasm-compilation-hints", "--no-wasm-lazy-compilation"];
  it.each(set)("puts %s back at V8's default: a cache written after is accepted by a fresh process", (flag) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-flags-"));
    dirs.push(dir);
    const file = path.join(dir, "probe.v8cache");
    cacheAfter([flag], file);
    expect(rejected(file)).toBe(false);
  });

  it("a cache written under a flag left set is rejected (what the restore is for)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-flags-"));
    dirs.push(dir);
    const file = path.join(dir, "probe.v8cache");
    const module = path.join(root, "dist", "src", "v8-flags.js");
    const script = `
      import { setV8Flags } from ${JSON.stringify(module)};
      import vm from "node:vm"; import { writeFileSync } from "node:fs";
      const script = new vm.Script("(function () { return [1, 2, 3].map((n) => n * 2); })()", { filename: "probe.js" });
      script.runInThisContext();
      setV8Flags("--wasm-tiering-budget=18000000");
      writeFileSync(${JSON.stringify(file)}, script.createCachedData());`;
    expect(spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).status).toBe(0);
    expect(rejected(file)).toBe(true);
  });
});
