/**
 * The dependency graph of Definition 1: nodes are relation names, and a rule
 * `p(...) <= ... q(...) ...` gives an edge p -> q, negative when q occurs under `not`.
 * Atoms inside `or` count as if the `or` were expanded. Built once, shared by the checks
 * (stratification, recursion restriction, keywords) and the translation (static relations,
 * P^base, relevance).
 */
import type { Description, Rule } from "../syntax/ast.js";
import { atomsOf } from "../syntax/terms.js";

export interface DependencyEdge {
  readonly from: string;
  readonly to: string;
  readonly negative: boolean;
  /** The rule that makes the edge (the first one, when several do). */
  readonly rule: Rule;
}

export interface DependencyGraph {
  /** Every relation that occurs in a head or a body. */
  readonly relations: ReadonlySet<string>;
  /** Edges by their source relation (the rule head). */
  readonly edgesFrom: ReadonlyMap<string, readonly DependencyEdge[]>;
  /** Strongly connected component index of each relation (components in reverse topological order: dependencies first). */
  readonly componentOf: ReadonlyMap<string, number>;
  readonly components: readonly (readonly string[])[];
  /** True when the relation's component has a cycle (more than one member, or a self edge). */
  isRecursive(relation: string): boolean;
  /** True when p and q lie on a common cycle. */
  inCycle(p: string, q: string): boolean;
  /** Every relation reachable from `from` (including itself), optionally through positive edges only. */
  reachableFrom(from: Iterable<string>, positiveOnly?: boolean): Set<string>;
}

export function buildDependencyGraph(description: Description): DependencyGraph {
  const relations = new Set<string>();
  const edgesFrom = new Map<string, DependencyEdge[]>();
  /** For each head relation, the body relations it has edges to: bit 1 positive, bit 2 negative. */
  const seen = new Map<string, Map<string, number>>();
  for (const rule of description.rules) {
    const from = rule.head.relation;
    relations.add(from);
    let edges = edgesFrom.get(from);
    let targets = seen.get(from);
    if (!edges || !targets) {
      edges = [];
      targets = new Map();
      edgesFrom.set(from, edges);
      seen.set(from, targets);
    }
    for (const literal of rule.body) {
      for (const { atom, negated } of atomsOf(literal)) {
        relations.add(atom.relation);
        const bit = negated ? 2 : 1;
        const flags = targets.get(atom.relation) ?? 0;
        if (flags & bit) continue;
        targets.set(atom.relation, flags | bit);
        edges.push({ from, to: atom.relation, negative: negated, rule });
      }
    }
  }
  for (const r of relations) if (!edgesFrom.has(r)) edgesFrom.set(r, []);

  const components = stronglyConnectedComponents([...relations], (r) => edgesFrom.get(r)!.map((e) => e.to));
  const componentOf = new Map<string, number>();
  components.forEach((members, index) => members.forEach((m) => componentOf.set(m, index)));
  const recursive = components.map(
    (members) =>
      members.length > 1 || edgesFrom.get(members[0])!.some((e) => e.to === members[0]),
  );

  return {
    relations,
    edgesFrom,
    components,
    componentOf,
    isRecursive: (relation) => {
      const c = componentOf.get(relation);
      return c !== undefined && recursive[c];
    },
    inCycle: (p, q) => {
      const c = componentOf.get(p);
      return c !== undefined && c === componentOf.get(q) && recursive[c];
    },
    reachableFrom: (from, positiveOnly = false) =>
      reachable(from, (r) => (edgesFrom.get(r) ?? []).flatMap((e) => (!positiveOnly || !e.negative ? [e.to] : []))),
  };
}

/** The readers of each relation, built once per graph (a WeakMap: graphs are built per description). */
const readersByGraph = new WeakMap<DependencyGraph, ReadonlyMap<string, readonly string[]>>();

/**
 * The graph's edges backwards: per relation, the relations whose rules read it, each once, in the
 * order of their edges (a walk from a relation up to what depends on it: chains to a keyword, what
 * reads an exploding relation or the state).
 */
export function readersOf(graph: DependencyGraph): ReadonlyMap<string, readonly string[]> {
  let readers = readersByGraph.get(graph);
  if (readers === undefined) {
    const built = new Map<string, string[]>();
    for (const [from, edges] of graph.edgesFrom) {
      for (const e of edges) {
        let list = built.get(e.to);
        if (list === undefined) built.set(e.to, (list = []));
        // a rule may read a relation both positively and under `not`: two edges, one reader
        if (list[list.length - 1] !== from) list.push(from);
      }
    }
    readersByGraph.set(graph, (readers = built));
  }
  return readers;
}

/**
 * Every node reachable from `roots` through `successors`, the roots included (each node's
 * successors are asked for once). Those reachable in one step or more, without the node itself
 * unless it lies on a cycle: `reachable(successors(node), successors)`.
 */
export function reachable<T>(roots: Iterable<T>, successors: (node: T) => Iterable<T>): Set<T> {
  const reached = new Set<T>(roots);
  const stack = [...reached];
  while (stack.length > 0)
    for (const next of successors(stack.pop()!))
      if (!reached.has(next)) {
        reached.add(next);
        stack.push(next);
      }
  return reached;
}

/**
 * A shortest path from `from` to a node where `isGoal` holds, as its edges (none when `from` is
 * one), or undefined when there is none: breadth-first, following each node's edges in the
 * order `edgesOf` gives them, so the same graph always gives the same path.
 */
export function shortestPath<T, E extends { readonly to: T }>(
  from: T,
  isGoal: (node: T) => boolean,
  edgesOf: (node: T) => Iterable<E>,
): E[] | undefined {
  const previous = new Map<T, { readonly node: T; readonly edge: E } | null>([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    if (isGoal(node)) {
      const path: E[] = [];
      for (let step = previous.get(node); step; step = previous.get(step.node)) path.unshift(step.edge);
      return path;
    }
    for (const edge of edgesOf(node)) {
      if (previous.has(edge.to)) continue;
      previous.set(edge.to, { node, edge });
      queue.push(edge.to);
    }
  }
  return undefined;
}

/** Tarjan's algorithm, iterative (real games nest deep enough to matter); dependencies come first. */
export function stronglyConnectedComponents<T>(nodes: readonly T[], successors: (node: T) => readonly T[]): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const result: T[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: T; next: number; succ: readonly T[] }[] = [];
    const visit = (node: T) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: 0, succ: successors(node) });
    };
    visit(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.succ.length) {
        const s = frame.succ[frame.next++];
        if (!index.has(s)) visit(s);
        else if (onStack.has(s)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(s)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: T[] = [];
        let member: T;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        result.push(component);
      }
    }
  }
  return result;
}
