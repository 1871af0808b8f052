// foldTree (src/syntax/fold-tree.ts): the post-order fold the recursion restriction's term keys and
// the formatter's layout share: the order of its callbacks, and depth without a call per level.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { foldTree } from "../src/syntax/fold-tree.js";

type Tree = { readonly leaf: string } | { readonly label: string; readonly children: readonly Tree[] };
type Inner = Extract<Tree, { children: readonly Tree[] }>;
const isInner = (t: Tree): t is Inner => "children" in t;

/** The same fold written recursively: the reference. */
function recursive(t: Tree, seen: string[]): string {
  if (!isInner(t)) {
    seen.push(t.leaf);
    return t.leaf;
  }
  const text = `(${t.label}${t.children.map((c) => " " + recursive(c, seen)).join("")})`;
  seen.push(text);
  return text;
}

function folded(t: Tree, seen: string[]): string {
  return foldTree(
    t,
    isInner,
    (n) => n.children,
    (n) => (seen.push(n.leaf), n.leaf),
    (n, results) => {
      const text = `(${n.label}${results.map((r) => " " + r).join("")})`;
      seen.push(text);
      return text;
    },
  );
}

const trees: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ leaf: fc.constantFrom("a", "b", "c") }),
    fc.record({ label: fc.constantFrom("f", "g"), children: fc.array(tie("tree"), { maxLength: 4 }) }),
  ),
})).tree;

describe("foldTree", () => {
  it("gives what a recursive post-order fold gives, calling back in the same order", () => {
    fc.assert(
      fc.property(trees, (t) => {
        const a: string[] = [];
        const b: string[] = [];
        expect(folded(t, a)).toBe(recursive(t, b));
        expect(a).toEqual(b);
      }),
    );
  });

  it("folds a tree 200,000 deep (no call per level)", () => {
    let t: Tree = { leaf: "x" };
    for (let i = 0; i < 200_000; i++) t = { label: "f", children: [{ leaf: "a" }, t] };
    const depth = foldTree(
      t,
      isInner,
      (n) => n.children,
      () => 0,
      (_, results) => 1 + Math.max(...results),
    );
    expect(depth).toBe(200_000);
  });
});
