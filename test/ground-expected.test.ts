/**
 * Our own small games with their expected ground rules, clause by clause: static relations
 * evaluated away, `or` expanded, negation kept, P^base's base and input, pruning of unused
 * instances, and a view made by splitting.
 */
import { describe, expect, it } from "vitest";
import { groundDescription, loadText } from "../src/pipeline.js";
import { groundGameToKif } from "../src/ground/print-ground.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { withGrounder } from "./support/grounder.js";

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

async function ground(text: string, options: { split?: boolean; prune?: boolean } = {}) {
  const loaded = loadText(text, "game.kif");
  expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const result = await groundDescription(loaded, { grounder, timeoutSeconds: 30, ...options });
  expect(result.status).toBe("ok");
  return groundGameToKif(result.game!).trim().split("\n");
}

/** Clauses with their body literals sorted, sorted: gringo decides both orders. */
function canonical(lines: readonly string[]): string[] {
  return lines
    .map((line) => {
      const m = /^\(<= (\S+|\([^()]*(?:\([^()]*\)[^()]*)*\)) (.*)\)$/.exec(line);
      if (!m) return line;
      const body = m[2].match(/\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)|\S+/g) ?? [];
      return `(<= ${m[1]} ${[...body].sort().join(" ")})`;
    })
    .sort();
}

describe("expected ground rules", () => {
  it("a step counter over succ facts: statics evaluated away, base and input derived, a local negation", async () => {
    const lines = await ground(`
      (role robot)
      (init (step 1))
      (succ 1 2) (succ 2 3)
      (<= (legal robot (go ?x)) (true (step ?x)) (succ ?x ?y))
      (<= (legal robot wait) (true (step ?x)) (not (succ ?x ?y2)) (succ ?z ?x))
      (<= (next (step ?y)) (true (step ?x)) (succ ?x ?y) (or (does robot (go ?x)) (does robot wait)))
      (<= terminal (true (step 3)))
      (goal robot 100)`, { split: false });
    // clause order and body order are gringo's: compare as sets of clauses with sorted bodies
    expect(canonical(lines)).toEqual(canonical([
      "(role robot)",
      "(base (step 1))",
      "(base (step 2))",
      "(base (step 3))",
      "(input robot (go 1))",
      "(input robot (go 2))",
      "(input robot wait)",
      "(init (step 1))",
      "(<= (legal robot (go 1)) (true (step 1)))",
      "(<= (legal robot (go 2)) (true (step 2)))",
      "(<= (legal robot wait) (true (step 3)))", // (not (succ ?x ?y2)): no ?y2 at all
      "(<= (next (step 2)) (true (step 1)) (does robot (go 1)))",
      "(<= (next (step 3)) (true (step 2)) (does robot (go 2)))",
      "(<= (next (step 2)) (true (step 1)) (does robot wait))",
      "(<= (next (step 3)) (true (step 2)) (does robot wait))",
      "(goal robot 100)",
      "(<= terminal (true (step 3)))",
    ]));
  });

  it("negation on a dynamic relation is kept, and unused instances are pruned", async () => {
    const lines = await ground(`
      (role p) (colour red) (colour blue) (colour green)
      (init (paint red))
      (<= (legal p (use ?c)) (colour ?c) (not (true (paint ?c))))
      (<= (next (paint ?c)) (does p (use ?c)))
      (<= (painted ?c) (true (paint ?c)))
      (<= terminal (painted blue))
      (<= (goal p 100) (painted blue))
      (<= (goal p 0) (not (painted blue)))`);
    expect(lines).toContain("(<= (legal p (use blue)) (not (true (paint blue))))");
    expect(lines).toContain("(<= (painted blue) (true (paint blue)))");
    expect(lines).toContain("(<= (goal p 0) (not (painted blue)))");
    // painted is only ever used with blue: no (painted red) rule
    expect(lines.some((l) => l.includes("(painted red)"))).toBe(false);
  });

  it("splitting makes a view atom that the ground rules use", async () => {
    const game = `
      (role r) (n 1) (n 2) (n 3)
      (init (at 1))
      (<= (legal r (go ?x ?y)) (true (at ?x)) (n ?y))
      (<= (next (at ?y)) (does r (go ?x ?y)) (true (at ?z)))
      (<= (moved ?x) (does r (go ?x ?y)))
      (<= (next (seen ?x)) (true (at ?x)) (moved ?x))
      (<= terminal (true (at 3)))
      (goal r 100)`;
    const split = await ground(game);
    const plain = await ground(game, { split: false });
    expect(split.some((l) => /\(split\d+ /.test(l))).toBe(true);
    expect(plain.some((l) => /\(split\d+ /.test(l))).toBe(false);
    expect(canonical(plain)).toContain(canonical(["(<= (next (at 2)) (does r (go 1 2)) (true (at 1)))"])[0]);
  });
});
