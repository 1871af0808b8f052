/**
 * Fuzzing the command line (issue 25): random combinations of commands, options and paths
 * (existing, missing, read-only, folders, links, devices, a FIFO nobody reads, the input
 * itself) through the built command. Whatever the combination, the command never crashes
 * (no stack trace, no internal error, an exit code of 0, 1 or 2), never hangs, and never loses
 * a file: the folder is compared before and after, and only the files the command was asked
 * to write may have changed (whole, keeping their mode) or appeared. With --json, stdout is
 * one JSON document and stderr is empty. The seed is fixed, so that a failure can be replayed.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");

/** What a folder holds: each entry's kind, mode and content (or link target). */
function snapshot(dir: string, into = new Map<string, string>(), prefix = ""): Map<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix + name;
    const st = lstatSync(full);
    const mode = (st.mode & 0o7777).toString(8);
    if (st.isSymbolicLink()) into.set(rel, `link ${readlinkSync(full)}`);
    else if (st.isDirectory()) {
      into.set(rel, `dir ${mode}`);
      snapshot(full, into, `${rel}/`);
    } else if (st.isFIFO()) into.set(rel, `fifo ${mode}`);
    else into.set(rel, `file ${mode} ${createHash("sha1").update(readFileSync(full)).digest("hex")}`);
  }
  return into;
}

/** A folder with a game, an invalid game, files to overwrite or not, a folder, links and a FIFO. */
function playground(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-fuzz-cli-"));
  copyFileSync(path.join(ROOT, "corpus", "valid", "step-counter.kif"), path.join(dir, "game.kif"));
  copyFileSync(path.join(ROOT, "corpus", "invalid", "stratification.kif"), path.join(dir, "invalid.kif"));
  writeFileSync(path.join(dir, "notes.txt"), "my notes\n");
  writeFileSync(path.join(dir, "readonly.kif"), "keep me\n");
  chmodSync(path.join(dir, "readonly.kif"), 0o444);
  writeFileSync(path.join(dir, "private.kif"), "secret\n");
  chmodSync(path.join(dir, "private.kif"), 0o600);
  mkdirSync(path.join(dir, "sub"));
  writeFileSync(path.join(dir, "sub", "inner.kif"), "inner\n");
  symlinkSync("notes.txt", path.join(dir, "link.txt"));
  symlinkSync("game.kif", path.join(dir, "link-to-game.kif"));
  symlinkSync("made.kif", path.join(dir, "dangling.kif"));
  spawnSync("mkfifo", [path.join(dir, "fifo")]);
  return dir;
}

/** Paths a command may be right to take (three times in four), and paths it must refuse. */
const pick = (good: readonly string[], bad: readonly string[]) => fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 3 }, { arbitrary: fc.constantFrom(...bad), weight: 1 });
const INPUT = pick(["game.kif", "game.kif", "link-to-game.kif", "invalid.kif"], ["missing.kif", "sub", "notes.txt", "readonly.kif"]);
const OUTPUT = pick(
  ["out.kif", "notes.txt", "private.kif", "link.txt", "dangling.kif", "sub/new.kif", "-", "/dev/null", "/dev/stdout", "/dev/stderr"],
  ["readonly.kif", "game.kif", "link-to-game.kif", "sub", "sub/", "name/", "missing/x.kif", "fifo", ""],
);
const INPUTS = ["game.kif", "invalid.kif", "link-to-game.kif", "missing.kif", "sub", "notes.txt", "readonly.kif"];
const FLAGS = ["--json", "--stats", "--propnet", "--asp", "--no-split", "--no-prune", "--to=infix", "--case-sensitive", "--no-base-input"];
/** At most one option value, sometimes a bad one. */
const VALUE = fc.option(pick(["--timeout=5", "--grounder=wasm", "--syntax=kif", "--max-ground-rules=100"], ["--timeout=0", "--timeout=1e9", "--timeout=abc", "--grounder=gpu", "--bogus", "--max-ground-rules=0"]), { nil: undefined, freq: 2 });

const commandLine = fc.oneof(
  fc.record({
    input: INPUT,
    output: fc.option(OUTPUT, { nil: undefined }),
    propnetOut: fc.option(OUTPUT, { nil: undefined, freq: 2 }),
    flags: fc.subarray(FLAGS, { maxLength: 3 }),
    value: VALUE,
  }).map(({ input, output, propnetOut, flags, value }) => ({
    args: [input, ...(output !== undefined ? ["-o", output] : []), ...(propnetOut !== undefined ? ["--propnet-out", propnetOut] : []), ...flags, ...(value !== undefined ? [value] : [])],
    outputs: [output, propnetOut].filter((o): o is string => o !== undefined),
  })),
  fc.record({ input: INPUT, output: fc.option(OUTPUT, { nil: undefined }), to: fc.constantFrom("kif", "infix") }).map(({ input, output, to }) => ({
    args: ["convert", input, "--to", to, ...(output !== undefined ? ["-o", output] : [])],
    outputs: output !== undefined ? [output] : [],
  })),
  fc.record({ inputs: fc.subarray(INPUTS, { minLength: 0, maxLength: 3 }), flags: fc.subarray(["--json", "--strict", "--notes", "--bogus"], { maxLength: 2 }) }).map(({ inputs, flags }) => ({
    args: ["check", ...inputs, ...flags],
    outputs: [] as string[],
  })),
);

/** The entries of the folder that an output path may change or create (links followed). */
function writable(dir: string, output: string): string[] {
  if (output === "" || output.startsWith("/dev/")) return [];
  let rel = output.replace(/\/$/, "");
  for (let i = 0; i < 10; i++) {
    try {
      const st = lstatSync(path.join(dir, rel));
      if (!st.isSymbolicLink()) break;
      rel = path.join(path.dirname(rel), readlinkSync(path.join(dir, rel)));
    } catch {
      break;
    }
  }
  return [path.relative(realpathSync(dir), path.resolve(realpathSync(dir), rel))];
}

describe("the command line, fuzzed", () => {
  it("never crashes, hangs or loses a file", () => {
    fc.assert(
      fc.property(commandLine, ({ args, outputs }) => {
        const dir = playground();
        try {
          const before = snapshot(dir);
          const run = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000 });
          const line = args.join(" ");
          expect(run.signal, `hung: ${line}`).toBeNull();
          expect([0, 1, 2], `${line}\n${run.stderr}`).toContain(run.status);
          expect(run.stderr, line).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/);
          if (args.includes("--json") && !args.includes("/dev/stdout") && !args.includes("/dev/stderr")) {
            expect(run.stderr, line).toBe("");
            expect((JSON.parse(run.stdout) as { exitCode: number }).exitCode, line).toBe(run.status);
          }
          const after = snapshot(dir);
          const mayChange = new Set(outputs.flatMap((o) => writable(dir, o)));
          for (const [name, was] of before) {
            const now = after.get(name);
            expect(now, `${line}: ${name} was lost`).toBeDefined();
            if (now !== was) {
              expect(mayChange.has(name), `${line}: ${name} changed (${was} -> ${now})`).toBe(true);
              expect(now!.split(" ").slice(0, 2), `${line}: ${name} changed kind or mode`).toEqual(was.split(" ").slice(0, 2));
              expect(run.status, `${line}: ${name} changed by a failed run`).toBe(0);
            }
          }
          for (const name of after.keys()) if (!before.has(name)) expect(mayChange.has(name), `${line}: ${name} appeared`).toBe(true);
        } finally {
          chmodSync(path.join(dir, "readonly.kif"), 0o644);
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { seed: 25, numRuns: 150 },
    );
  });
});
