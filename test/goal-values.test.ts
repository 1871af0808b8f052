/**
 * Goal values are whole numbers from 0 to 100 (issue 25: 1000, -5 and `high` were accepted,
 * `high` with a propnet warning that had no position): an error with a position in `check`
 * when the value is written, and after grounding when only grounding tells.
 */
import { describe, expect, it } from "vitest";
import path from "node:path";
import { loadText } from "../src/pipeline.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { runCli } from "./support/run-cli.js";

/** A one-step game; its goals are the test's. */
const GAME = ["(role climber)", "(init (height 0))", "(<= (next (height 1)) (true (height 0)))", "(<= (legal climber up) (true (height 0)))", "(<= terminal (true (height 1)))"].join("\n");

const run = runCli;

function withGoals(goals: string): string {
  return `${GAME}\n${goals}\n`;
}

describe("goal values in check", () => {
  it.each([
    ["1000", "it is above 100"],
    ["-5", "it is not a whole number"],
    ["high", "it is not a whole number"],
    ["(f 1)", "it is a compound term"],
  ])("(goal climber %s) is an error at the value", (value, why) => {
    const text = withGoals(`(<= (goal climber ${value}) (true (height 1)))\n(<= (goal climber 0) (not (true (height 1))))`);
    const errors = loadText(text, "g.kif").diagnostics.filter((d) => d.code === "goal");
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe("error");
    expect(errors[0].message).toBe(`${value} is not a goal value: ${why} (goal values are whole numbers from 0 to 100)`);
    const line = text.split("\n").findIndex((l) => l.includes(`(goal climber ${value})`)) + 1;
    expect(errors[0].pos.line).toBe(line);
    expect(errors[0].pos.col).toBe(text.split("\n")[line - 1].indexOf(value) + 1);
  });

  it("0, 100 and a variable are fine; a value in a body literal is checked too", () => {
    const ok = withGoals("(<= (goal climber 100) (true (height 1)))\n(<= (goal ?r 0) (role ?r) (not (true (height 1))))");
    expect(loadText(ok, "g.kif").diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const body = withGoals("(<= (goal climber 100) (true (height 1)))\n(<= (goal climber 0) (not (goal climber 101)))");
    expect(loadText(body, "g.kif").diagnostics.filter((d) => d.code === "goal")).toHaveLength(1);
  });
});

describe("goal values after grounding", () => {
  it("a value that only grounding tells is an error at the goal rule, and the game is invalid", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-goals-"));
    const file = path.join(dir, "scores.kif");
    const text = withGoals("(score 1000)\n(score 0)\n(<= (goal climber ?v) (score ?v) (true (height 1)))\n(<= (goal climber 0) (not (true (height 1))))");
    writeFileSync(file, text);
    expect((await run("check", file)).code).toBe(0); // nothing written is out of range
    const r = await run(file, "--propnet");
    expect(r.code).toBe(1);
    const line = text.split("\n").findIndex((l) => l.includes("(goal climber ?v)")) + 1;
    expect(r.err).toContain(`${file}:${line}:`);
    expect(r.err).toMatch(/error\[goal\]: this goal rule derives \(goal climber 1000\): 1000 is not a goal value: it is above 100/);
    const json = JSON.parse((await run(file, "--json")).out) as { status: string; exitCode: number };
    expect(json).toMatchObject({ status: "invalid", exitCode: 1 });
  });
});
