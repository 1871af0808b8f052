/**
 * Relevance pruning (src/translate/relevance.ts) on a relation of many ground rules used with many
 * ground patterns, as a ground game read back has them (chess_200's, 130,000 rules: its translation
 * took 400 s). Whether a relation is pruned is decided once per round, not again at each of its rules:
 * counted here as the reads of the uses' arguments, which grew as rules × uses.
 */
import { describe, expect, it } from "vitest";
import { pruneIrrelevant } from "../src/translate/relevance.js";
import type { FlatRule } from "../src/translate/flat-rules.js";
import type { Atom, Rule, Term } from "../src/syntax/ast.js";
import { NO_POSITION } from "../src/diagnostics.js";

const constant = (name: string): Term => ({ kind: "constant", name, pos: NO_POSITION });
const atom = (relation: string, args: Term[]): Atom => ({ kind: "atom", relation, args, pos: NO_POSITION });
const flat = (head: Atom, body: Atom[]): FlatRule => {
  const origin: Rule = { head, body, pos: NO_POSITION };
  return { head, body: body.map((a) => ({ kind: "pos" as const, atom: a })), origin, part: "game" };
};

/** `n` facts r(c_i) and `n` rules u_i :- r(c_i), whose uses of r count the reads of their arguments. */
function game(n: number, uses: number, kept: number[]): { rules: FlatRule[]; reads: () => number } {
  let reads = 0;
  const counted = (a: Atom): Atom =>
    new Proxy(a, {
      get(target, property, receiver) {
        if (property === "args") reads++;
        return Reflect.get(target, property, receiver);
      },
    });
  const rules: FlatRule[] = [];
  for (let i = 0; i < n; i++) rules.push(flat(atom("r", [constant(`c${i}`)]), []));
  for (let j = 0; j < uses; j++) rules.push(flat(atom(`u${j}`, []), [counted(atom("r", [constant(`c${kept[j % kept.length]}`)]))]));
  return { rules, reads: () => reads };
}

describe("relevance pruning", () => {
  it("decides once per relation whether it is left alone (too many patterns): reads grow with the uses, not rules × uses", () => {
    const n = 1000;
    const { rules, reads } = game(n, n, Array.from({ length: n }, (_, i) => i));
    const keep = new Set(Array.from({ length: n }, (_, j) => `u${j}`));
    const result = pruneIrrelevant(rules, { keep, maxPatterns: 256 });
    // r is used with 1,000 patterns: left alone, every rule kept
    expect(result.rules.length).toBe(2 * n);
    expect(result.removed + result.specialized).toBe(0);
    // one round: the uses' arguments read a few times each (it was about 1,000 times each: once per rule of r)
    expect(reads()).toBeLessThan(10 * n);
  });

  it("prunes the ground rules no use asks for, and keeps those some use asks for, when the patterns are few", () => {
    const n = 1000;
    const used = [3, 14, 15, 92];
    const { rules } = game(n, 8, used);
    const keep = new Set(Array.from({ length: 8 }, (_, j) => `u${j}`));
    const result = pruneIrrelevant(rules, { keep });
    const heads = result.rules.filter((r) => r.head.relation === "r").map((r) => (r.head.args[0] as { name: string }).name);
    expect(heads.sort()).toEqual(used.map((i) => `c${i}`).sort());
    expect(result.removed).toBe(n - used.length);
  });
});
