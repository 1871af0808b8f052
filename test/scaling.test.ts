/**
 * Every check and stage is linear (or n log n) in the size of a rule and of the description
 * (issue 25): each shape here, at its size, took many minutes or hours when one check was
 * quadratic in it (a body of 16,000 literals took 109 s in `check`; 20,000 stratification errors
 * took 354 s; 100,000 roles spent 14 s in extraction; a body of 30,000 literals 6.8 s in the
 * translation), and takes seconds now. Size tests, not
 * timed tests: each runs the compiled code (npm test builds dist/ first) in a child process
 * that is stopped after a budget no linear run comes near and every quadratic one exceeds (a
 * synchronous check cannot be stopped from inside the test's own process). `npm run bench:scaling` measures the same shapes.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const GAME = path.join(ROOT, "corpus", "valid", "step-counter.kif");
const BUDGET_MS = 100_000;

/**
 * Checks the game plus the rules `extra` (JavaScript building the text from `n`) in a child
 * process; every diagnostic (loading caps them at 20 errors) counted by `severity[code]`, and
 * the messages of the first and last stratification errors.
 */
function check(extra: string, n: number): { counts: Record<string, number>; first?: string; last?: string } {
  const script = `
    const { readFileSync } = await import("node:fs");
    const { parseGdl } = await import(${JSON.stringify(path.join(ROOT, "dist/src/syntax/parse.js"))});
    const { checkDescription } = await import(${JSON.stringify(path.join(ROOT, "dist/src/check/index.js"))});
    const n = ${n};
    const list = (k, item) => Array.from({ length: k }, (_, i) => item(i)).join(" ");
    const text = readFileSync(${JSON.stringify(GAME)}, "utf8") + "\\n" + (${extra}) + "\\n";
    const parsed = parseGdl(text, "big.kif");
    if (parsed.diagnostics.length > 0) throw new Error(parsed.diagnostics[0].message);
    const diagnostics = checkDescription(parsed.description);
    const counts = {};
    for (const d of diagnostics) if (d.severity !== "note") counts[d.severity + "[" + d.code + "]"] = (counts[d.severity + "[" + d.code + "]"] ?? 0) + 1;
    const strat = diagnostics.filter((d) => d.code === "stratification");
    process.stdout.write(JSON.stringify({ counts, first: strat[0]?.message, last: strat.at(-1)?.message }));
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: BUDGET_MS, maxBuffer: 1 << 26 });
  if (run.signal) throw new Error(`the check did not finish within ${BUDGET_MS / 1000} s (stopped by ${run.signal}): not linear`);
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { counts: Record<string, number>; first?: string; last?: string };
}

describe("check on a body of 100,000 literals", () => {
  const N = 100_000;
  it("each binding its own variable (safety, bounded)", () => {
    expect(check("`(p 1)\\n(<= (q ?x0) ${list(n, (i) => `(p ?x${i})`)})`", N).counts).toEqual({});
  });

  it("with a head of 100,000 variables (bounded's constraints, one per head variable)", () => {
    expect(check("`(p 1)\\n(<= (q ${list(n, (i) => `?x${i}`)}) ${list(n, (i) => `(p ?x${i})`)})`", N).counts).toEqual({});
  });

  it("with 100,000 unsafe variables under not: one warning each", () => {
    expect(check("`(p 1)\\n(<= (q ?x) (p ?x) ${list(n, (i) => `(not (p ?y${i}))`)})`", N).counts).toEqual({ "warning[safety]": N });
  });

  it("of 100,000 ors, each binding its own variable in both disjuncts", () => {
    expect(check("`(p 1)\\n(r 1)\\n(<= (q ?x) (p ?x) ${list(n, (i) => `(or (p ?y${i}) (r ?y${i}))`)})`", N).counts).toEqual({});
  });

  it("with 100,000 recursive atoms (the recursion restriction)", () => {
    expect(check("`(p 1)\\n(r 1)\\n(<= (r ?x0) ${list(n, (i) => `(r ?x${i}) (p ?x${i})`)})`", N).counts).toEqual({});
  });
});

describe("check on many rules", () => {
  const N = 40_000;
  it("a chain of 40,000 views to does, each used by a legal rule whose moves grow (keywords, bounded)", () => {
    const { counts } = check(
      "Array.from({ length: n }, (_, i) => `(<= (c${i} ?x) (c${i + 1} ?x))\\n(<= (legal climber (m${i} ?x)) (c${i} ?x))`).join('\\n') + `\\n(<= (c${n} ?x) (does climber ?x))`",
      N,
    );
    expect(counts["error[keywords]"]).toBe(N);
    expect(counts["error[bounded]"]).toBeGreaterThanOrEqual(N);
  });

  it("40,000 negative cycles between ground instances (stratification at the level of rules)", () => {
    const { counts, first, last } = check("Array.from({ length: n }, (_, i) => `(<= (a ${i}) (not (b ${i})))\\n(<= (b ${i}) (a ${i}))`).join('\\n')", N);
    expect(counts).toEqual({ "error[stratification]": N });
    // the first ones by position name their cycle (those are shown: errors are capped at 20 per file)
    expect(first).toContain("the cycle a -> b -> a goes through negation");
    expect(last).toContain("a cycle through negation");
  });
});

/** Runs `gdl-ground FILE --json -o /dev/null` on a generated description; the document. */
function groundWhole(name: string, text: string): { status: string; sizes: { input: number } } {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-scaling-"));
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const run = spawnSync(process.execPath, [path.join(ROOT, "bin", "gdl-ground.js"), file, "--json", "-o", "/dev/null", "--timeout", "600"], {
    encoding: "utf8",
    timeout: BUDGET_MS,
  });
  rmSync(dir, { recursive: true, force: true });
  if (run.signal) throw new Error(`the grounding did not finish within ${BUDGET_MS / 1000} s (stopped by ${run.signal}): not linear`);
  return JSON.parse(run.stdout) as { status: string; sizes: { input: number } };
}

describe("grounding", () => {
  it("300,000 roles (the role order was read with a list's includes: quadratic)", () => {
    const n = 300_000;
    const roles = Array.from({ length: n }, (_, i) => `(role r${i})`).join("\n");
    const doc = groundWhole("roles.kif", `${roles}\n(init (step 0))\n(<= (next (step 1)) (true (step 0)))\n(<= terminal (true (step 1)))\n(<= (legal ?r noop) (role ?r))\n(<= (goal ?r 100) (role ?r))\n`);
    expect(doc.status).toBe("ok");
    expect(doc.sizes.input).toBe(n);
  });

  // static demand kept the set of relations reachable from each relation: a chain of 20,000 took
  // 282 s and then ran out of memory (SIGABRT), past --timeout (the translation does not poll it)
  it("a chain of 40,000 static views over succ, one rule each", () => {
    const n = 40_000;
    const chain = Array.from({ length: n }, (_, i) => `(<= (r${i} ?x) (r${i + 1} ?x))`).join("\n");
    const game = [
      "(role p)", "(init (at 0))", "(succ 0 1)", "(succ 1 2)", "(<= (legal p go) (true (at ?x)) (r0 ?x))",
      "(<= (next (at ?y)) (true (at ?x)) (succ ?x ?y))", "(<= terminal (true (at 2)))", "(<= (goal p 100) (true (at 2)))",
      `(<= (r${n} ?x) (succ ?x ?y))`, chain,
    ].join("\n");
    expect(groundWhole("views.kif", game + "\n").status).toBe("ok");
  });

  // the translation copied the body once per literal and searched it again for every split;
  // gringo took n³ on the long body of split atoms; extraction named each split relation by a
  // list's includes: 2,000 literals took 3 minutes, 50,000 took hours
  it("a rule whose body has 50,000 literals, each with variables of its own", () => {
    const body = Array.from({ length: 50_000 }, (_, i) => `(true (height ?x${i}))`).join(" ");
    const doc = groundWhole("body.kif", `${readFileSync(GAME, "utf8")}\n(<= (legal climber rest) ${body})\n`);
    expect(doc.status).toBe("ok");
  });
});
