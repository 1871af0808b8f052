/**
 * clingo-wasm started by bin/gdl-ground.js before the command line loads (src/cli/early-clingo.ts),
 * grounding on the main thread (src/ground/clingo/inline-host.ts): which arguments start it, and
 * that the command behaves as before: the same output, a timeout that ends the process on time
 * with its error, bad input that fails cleanly.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { COMMAND_NAMES, wantsClingoWasm } from "../src/cli/early-clingo.js";
import { runCli } from "./support/run-cli.js";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const PARTS = path.join(ROOT, "scripts", "wasm-start-parts.cjs");
const TICTACTOE = path.join(ROOT, "corpus", "valid", "tictactoe.kif");

/** A game whose grounding takes far longer than any test (600³ atoms of `big`). */
function endlessGame(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-early-clingo-"));
  const file = path.join(dir, "endless.kif");
  const numbers = Array.from({ length: 600 }, (_, i) => `(num ${i + 1})`).join("\n");
  writeFileSync(
    file,
    `(role p) (init (c 1)) (<= (legal p (go ?x)) (true (c ?x))) (<= (next (c ?x)) (does p (go ?x)))\n${numbers}\n` +
      `(<= (big ?x ?y ?z) (num ?x) (num ?y) (num ?z)) (<= terminal (true (c ?x)) (big ?x ?y ?z)) (<= (goal p 100) terminal)\n`,
  );
  return file;
}

function bin(args: readonly string[], nodeArgs: readonly string[] = []) {
  return spawnSync(process.execPath, [...nodeArgs, BIN, ...args], { encoding: "utf8", timeout: 120_000 });
}

describe("which arguments start clingo-wasm early", () => {
  const none = () => undefined;
  const gringo = () => "/usr/bin/gringo";
  it.each([
    [["game.kif"], none, { liftoffOnly: false }],
    [["game.kif", "--propnet", "--grounder", "wasm"], gringo, { liftoffOnly: false }],
    [["--grounder=wasm", "game.kif", "--wasm-tier", "baseline"], gringo, { liftoffOnly: true }],
    [["game.kif", "--grounder", "auto", "--wasm-tier=baseline"], none, { liftoffOnly: true }],
    [["game.kif"], gringo, undefined],
    [["game.kif", "--grounder", "native"], none, undefined],
    [["game.kif", "--grounder", "wasm", "--asp"], none, undefined],
    [["game.kif", "--grounder", "wasm", "--help"], none, undefined],
    [["--version"], none, undefined],
    [["play", "game.kif", "--grounder", "wasm"], none, undefined],
    [["check", "game.kif"], none, undefined],
    [[], none, undefined],
  ] as const)("%j (native on PATH: %s)", (argv, onPath, expected) => {
    expect(wantsClingoWasm(argv, onPath)).toEqual(expected);
  });

  it("knows every command of the command line (a first argument naming one is no game)", async () => {
    const help = (await runCli("--help")).out;
    const listed = [...help.slice(help.indexOf("Commands:")).matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(5);
    expect(COMMAND_NAMES.filter((name) => name !== "help")).toEqual(listed);
  });
});

describe("gdl-ground GAME --grounder wasm, clingo on the main thread", () => {
  it("grounds without a worker, with the output of the worker's grounding", async () => {
    const run = bin([TICTACTOE, "--propnet", "--grounder", "wasm"], ["--require", PARTS]);
    expect(run.status).toBe(0);
    // the parts hook names the main thread's parts (instantiate, to_ground), not a worker's (boot)
    expect(run.stderr).toMatch(/^wasm-start node=\S+ before=\S+ compile=\d\S* instantiate=\d\S* to_ground=\d\S* ground=\d\S* after=\d/m);
    expect(run.stderr).not.toMatch(/boot=/);
    const inWorker = await runCli(TICTACTOE, "--propnet", "--grounder", "wasm"); // no early start: a worker
    const withoutTimes = (text: string) => text.replace(/time \(s\).*/, "");
    expect(withoutTimes(run.stdout)).toBe(withoutTimes(inWorker.out));
    expect(run.stdout).toMatch(/grounder: clingo-wasm/);
  }, 60_000);

  it("a grounding past --timeout ends the process with the timeout's error and exit code 1", () => {
    const file = endlessGame();
    const text = bin([file, "--grounder", "wasm", "--timeout", "1", "-o", path.join(path.dirname(file), "out.kif")]);
    expect(text.status).toBe(1);
    expect(text.stderr).toMatch(/error\[timeout\]: grounding did not finish within the time limit of 1 s/);
    const json = bin([file, "--grounder", "wasm", "--timeout", "1", "--json"]);
    expect(json.stderr).toBe("");
    expect(JSON.parse(json.stdout)).toMatchObject({ status: "timeout", exitCode: 1 });
  }, 120_000);

  it("bad input fails cleanly: an unreadable file, a game with an error", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-early-clingo-"));
    const missing = bin([path.join(dir, "missing.kif"), "--grounder", "wasm"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/missing\.kif.*error\[io\]/);
    const broken = path.join(dir, "broken.kif");
    writeFileSync(broken, "(role p)\n(<= (legal p ?m) (true ?m)\n");
    const run = bin([broken, "--propnet", "--grounder", "wasm"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/broken\.kif:\d+:\d+: error\[/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
