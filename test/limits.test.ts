/**
 * Limits (issue 25): a number the platform cannot hold is a usage error that says the allowed
 * range (a timer over 2^31 ms fired at once, with a false timeout and a Node warning; a seed
 * over 2^32 was taken modulo 2^32 and an empty one as 0; a perft depth of 1e9 ran out of
 * memory); `--timeout` covers the whole command, the checks included.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCli } from "./support/run-cli.js";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const GAME = path.join(ROOT, "corpus", "valid", "step-counter.kif");

const run = runCli;

describe("numbers the platform cannot hold are usage errors with the range", () => {
  it.each([
    [[GAME, "--timeout", "1e9"], /--timeout.*at most 2147483/],
    [["corpus", path.join(ROOT, "corpus", "valid"), "--timeout", "1e9"], /--timeout.*at most 2147483/],
    [["play", GAME, "--timeout", "3000000"], /--timeout.*at most 2147483/],
    [["play", GAME, "--seed", "4294967297"], /--seed.*from 0 to 4294967295/],
    [["play", GAME, "--seed", ""], /--seed.*got nothing/],
    [["play", GAME, "--seed", "-1"], /--seed.*from 0 to 4294967295/],
    [["bench", GAME, "--perft", "1e9"], /--perft.*from 0 to 1000/],
    [["bench", GAME, "--playouts", "1.5"], /--playouts.*whole number/],
    [["bench", GAME, "--playouts", "2", "--warmup", "abc"], /--warmup.*number of 0 or more/],
    [["corpus", path.join(ROOT, "corpus", "valid"), "--memory", "1"], /--memory.*from 64/],
    [["corpus", path.join(ROOT, "corpus", "valid"), "--jobs", "0.5"], /--jobs.*whole number/],
    [["web", "--port", "70000"], /--port.*from 0 to 65535/],
  ])("%j", async (args, message) => {
    const r = await run(...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe("");
  });

  it("the largest time limit is accepted and does not fire at once, without a warning from Node", () => {
    const r = spawnSync(process.execPath, [BIN, GAME, "--timeout", "2147483", "--json"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "ok", exitCode: 0 });
  });
});

describe("--timeout covers the whole command", () => {
  it("a check that would run past the limit stops at it: status timeout, in the checks, not a grounding", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-limits-"));
    const file = path.join(dir, "long-body.kif");
    const body = Array.from({ length: 100_000 }, (_, i) => `(p ?x${i})`).join(" ");
    writeFileSync(file, `${readFileSync(GAME, "utf8")}\n(p 1)\n(<= (q ?x0) ${body})\n`);
    const r = spawnSync(process.execPath, [BIN, file, "--json", "--timeout", "0.05"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    const doc = JSON.parse(r.stdout) as { status: string; exitCode: number; diagnostics: { code: string; message: string }[]; seconds: Record<string, number> };
    expect(doc).toMatchObject({ status: "timeout", exitCode: 1 });
    expect(doc.diagnostics[0].code).toBe("timeout");
    expect(doc.diagnostics[0].message).toMatch(/the checks did not finish within the time limit of 0.05 s/);
    expect(doc.seconds.ground).toBeUndefined();
  });
});
