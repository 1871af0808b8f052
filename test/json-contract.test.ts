/**
 * The --json contract (README, "--json"), case by case through the built command: for every
 * outcome stdout is exactly one JSON document with `status`, `exitCode` (the process's exit
 * code) and `diagnostics`, and stderr is empty. Before issue 25, a usage error also wrote an
 * `error:` line on stderr, `--json` without a GAME printed the help, `--json --asp` printed
 * the program P, and `bench --json` reported failures as text on stderr.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const GAME = path.join(ROOT, "corpus", "valid", "step-counter.kif");
const TICTACTOE = path.join(ROOT, "corpus", "valid", "tictactoe.kif");
const INVALID = path.join(ROOT, "corpus", "invalid", "stratification.kif");
const dir = mkdtempSync(path.join(tmpdir(), "gdl-json-"));
const COPY = path.join(dir, "copy.kif");
copyFileSync(GAME, COPY);
const BAD_GOALS = path.join(dir, "goals.kif");
writeFileSync(
  BAD_GOALS,
  "(role r)\n(init (s 0))\n(<= (next (s 1)) (true (s 0)))\n(<= (legal r go) (true (s 0)))\n(<= terminal (true (s 1)))\n(score 1000)\n(<= (goal r ?v) (score ?v))\n",
);

interface Doc {
  status: string;
  exitCode: number;
  diagnostics: { code: string; message: string }[];
}

/** Runs the command; checks the contract's invariants and returns the document. */
function json(args: readonly string[]): Doc {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: dir });
  expect(r.stderr, `stderr of ${args.join(" ")}`).toBe("");
  const doc = JSON.parse(r.stdout) as Doc; // exactly one document: JSON.parse refuses anything after it
  expect(doc.exitCode, args.join(" ")).toBe(r.status);
  expect(Array.isArray(doc.diagnostics)).toBe(true);
  return doc;
}

describe("gdl-ground GAME --json", () => {
  it.each([
    ["ok", 0, [GAME, "--json"], undefined],
    ["ok", 0, [GAME, "--json", "--propnet", "-o", path.join(dir, "out.kif")], undefined],
    ["ok", 0, [GAME, "--json", "--asp", "-o", path.join(dir, "p.lp")], undefined],
    ["invalid", 1, [INVALID, "--json"], "stratification"],
    ["invalid", 1, [BAD_GOALS, "--json"], "goal"],
    ["timeout", 1, [TICTACTOE, "--json", "--timeout", "0.001"], "timeout"],
    ["too-large", 1, [TICTACTOE, "--json", "--max-ground-rules", "50"], "ground"],
    ["usage", 2, [TICTACTOE, "--json", "--max-ground-rules", "0"], "usage"],
    ["unreadable", 2, [path.join(dir, "missing.kif"), "--json"], "io"],
    ["unreadable", 2, [dir, "--json"], "io"],
    ["usage", 2, ["--json"], "usage"],
    ["usage", 2, [GAME, "--json", "--bogus"], "usage"],
    ["usage", 2, [GAME, "--json", "--timeout", "1e9"], "usage"],
    ["usage", 2, [GAME, "--json", "--grounder", "gpu"], "usage"],
    ["usage", 2, [GAME, "--json", "-o"], "usage"],
    ["usage", 2, [GAME, "--json", "--asp"], "usage"],
    ["usage", 2, [GAME, "--json", "--asp", "--propnet"], "usage"],
    ["usage", 2, [GAME, "--json", "--asp", "--propnet-out", path.join(dir, "net.json")], "usage"],
    ["usage", 2, [GAME, "--json", "-o", "-"], "usage"],
    ["usage", 2, [GAME, "--json", "-o", "/dev/stdout"], "usage"],
    ["usage", 2, [GAME, "--json", "--propnet-out", "-"], "usage"],
    ["usage", 2, [COPY, "--json", "-o", COPY], "usage"],
    ["usage", 2, [GAME, "--json", "-o", path.join(dir, "x"), "--propnet-out", path.join(dir, "x")], "usage"],
    ["usage", 2, [GAME, "--json", "-o", path.join(dir, "no", "such", "x.kif")], "io"],
    ["usage", 2, [GAME, "--json", "-o", "name/"], "io"],
    ["error", 2, [GAME, "--json", "-o", "/dev/full"], "io"],
  ] as const)("%s (exit %i): %j", (status, exitCode, args, code) => {
    const doc = json(args);
    expect(doc.status).toBe(status);
    expect(doc.exitCode).toBe(exitCode);
    if (code === undefined) expect(doc.diagnostics.filter((d) => d.code !== "case")).toEqual([]);
    else expect(doc.diagnostics[0]?.code).toBe(code);
  });
});

describe("check --json", () => {
  it.each([
    ["ok", 0, ["check", GAME, "--json"]],
    ["invalid", 1, ["check", GAME, INVALID, "--json"]],
    ["unreadable", 2, ["check", GAME, path.join(dir, "missing.kif"), "--json"]],
    ["usage", 2, ["check", "--json"]],
    ["usage", 2, ["check", GAME, "--json", "--syntax", "lisp"]],
  ] as const)("%s (exit %i): %j", (status, exitCode, args) => {
    const doc = json(args);
    expect(doc).toMatchObject({ status, exitCode });
  });
});

describe("bench --json", () => {
  const quick = ["--min-time", "0.01", "--warmup", "0", "--repeats", "1"];
  it.each([
    ["ok", 0, ["bench", GAME, "--json", "--playouts", "1", ...quick]],
    ["usage", 2, ["bench", GAME, "--json"]],
    ["usage", 2, ["bench", GAME, "--json", "--perft", "1e9"]],
    ["invalid", 1, ["bench", INVALID, "--json", "--playouts", "1", ...quick]],
    ["unreadable", 2, ["bench", path.join(dir, "missing.kif"), "--json", "--playouts", "1"]],
  ] as const)("%s (exit %i): %j", (status, exitCode, args) => {
    const doc = json(args);
    expect(doc).toMatchObject({ status, exitCode });
  });
});
