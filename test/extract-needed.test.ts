/**
 * Extraction's needed atoms (`neededAtoms`): sweeps over the rules from the last, then a walk when
 * the rules come in an order the sweeps cannot finish: always every atom the outputs read, through
 * any number of rules, and nothing else.
 */
import { describe, expect, it } from "vitest";
import { neededAtoms } from "../src/ground/extract.js";
import { NO_DEADLINE } from "../src/deadline.js";

/** Rules over atoms 0..n-1 as extraction holds them: aspif ids are atom + 1, negative ids negative literals. */
function program(n: number, rules: { head: number; body: number[] }[]) {
  const ruleHead = Int32Array.from(rules, (r) => r.head);
  const bodyStart = new Int32Array(rules.length + 1);
  rules.forEach((r, i) => (bodyStart[i + 1] = bodyStart[i] + r.body.length));
  const body = Int32Array.from(rules.flatMap((r) => r.body.map((a, k) => (k % 2 === 0 ? a + 1 : -(a + 1)))));
  const idToAtom = Int32Array.from({ length: n + 1 }, (_, id) => id - 1);
  const lastRule = new Int32Array(n).fill(-1);
  rules.forEach((r, i) => (lastRule[r.head] = i));
  return { ruleHead, bodyStart, body, idToAtom, lastRule };
}

/** Atoms reachable from the roots through the rules' bodies, by repeating until nothing changes. */
function reachable(roots: number[], rules: { head: number; body: number[] }[]): number[] {
  const seen = new Set(roots);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rules) if (seen.has(r.head)) for (const a of r.body) if (!seen.has(a)) seen.add(a) && (changed = true);
  }
  return [...seen].sort((x, y) => x - y);
}

function run(n: number, roots: number[], rules: { head: number; body: number[] }[]): number[] {
  const p = program(n, rules);
  const needed = new Uint8Array(n);
  for (const r of roots) needed[r] = 1;
  neededAtoms(needed, p.ruleHead, p.lastRule, p.bodyStart, p.body, p.idToAtom, NO_DEADLINE);
  return [...needed.keys()].filter((a) => needed[a] === 1);
}

describe("neededAtoms", () => {
  // a chain 0 <- 1 <- 2 <- ... <- 9 (atom i's rule reads atom i + 1), and atoms 10, 11 nobody needs
  const chain = Array.from({ length: 9 }, (_, i) => ({ head: i, body: [i + 1] }));
  const extra = [{ head: 10, body: [11] }];

  it("finds a chain in one sweep when each rule comes after the rules of what it reads", () => {
    expect(run(12, [0], [...[...chain].reverse(), ...extra])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("finds a chain whose rules come in the other order (sweeps, then the walk)", () => {
    expect(run(12, [0], [...extra, ...chain])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("finds what the outputs read in rules of any order, cycles included", () => {
    let seed = 7;
    const random = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % k);
    for (let round = 0; round < 60; round++) {
      const n = 5 + random(40);
      const rules = Array.from({ length: random(3 * n) }, () => ({ head: random(n), body: Array.from({ length: random(4) }, () => random(n)) }));
      const roots = Array.from({ length: 1 + random(3) }, () => random(n));
      expect(run(n, roots, rules)).toEqual(reachable(roots, rules));
    }
  });
});
