/**
 * A post-order fold of a tree without a call per level: each node's result made from its
 * children's, with stacks of its own, so that a term or a KIF list nested 100,000 deep folds on
 * Node's default stack as a shallow one does.
 *
 * For the cold walks (the recursion restriction's term keys, the formatter's layout of a KIF
 * list). The hot walks over terms (syntax/terms.ts, term-writer.ts, the prover's term store and
 * patterns) keep the same cursor written out: a callback per node cost the translation's
 * `writtenGroundTerms` about 10 %.
 * Pure computation: no Node imports.
 */

/**
 * Folds the tree under `root`: a node for which `isInner` holds gets `inner(node, results)`, the
 * results of its `childrenOf` in order (an array the callback may keep); any other node gets
 * `leaf(node)`. Children are folded left to right, each subtree before the next child starts.
 */
export function foldTree<N, I extends N, R>(
  root: N,
  isInner: (node: N) => node is I,
  childrenOf: (node: I) => readonly N[],
  leaf: (node: Exclude<N, I>) => R,
  inner: (node: I, results: R[]) => R,
): R {
  if (!isInner(root)) return leaf(root as Exclude<N, I>);
  // the inner nodes above the cursor, and the results of their children folded so far
  const outer: I[] = [];
  const done: R[][] = [];
  let node: I = root;
  let results: R[] = [];
  for (;;) {
    const children = childrenOf(node);
    let next: I | undefined;
    while (results.length < children.length) {
      const child = children[results.length];
      if (isInner(child)) {
        next = child;
        break;
      }
      results.push(leaf(child as Exclude<N, I>));
    }
    if (next !== undefined) {
      outer.push(node);
      done.push(results);
      node = next;
      results = [];
      continue;
    }
    const result = inner(node, results);
    const parent = outer.pop();
    if (parent === undefined) return result;
    node = parent;
    results = done.pop()!;
    results.push(result);
  }
}
