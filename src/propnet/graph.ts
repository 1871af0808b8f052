/**
 * Small graph algorithms over dense integer nodes 0..n-1, iterative so that long chains of
 * ground rules cannot overflow the stack: strongly connected components (Tarjan) and a
 * topological order (Kahn). A graph is given as a function from a node to its successors, or in
 * compressed rows (`GraphRows`, what the propnet build keeps its graphs in: no array per node).
 */

/** Successors of node i are `edges(i)`. */
export type Successors = (node: number) => readonly number[];

/** A graph in rows: node v's successors are `items[start[v] .. start[v] + count[v])`. */
export interface GraphRows {
  readonly start: Int32Array;
  readonly count: Int32Array;
  readonly items: Int32Array;
}

/** The rows of a graph given by a function, asked once for each node that `include` takes. */
export function graphRows(n: number, successors: Successors, include: (node: number) => boolean = () => true): GraphRows {
  const start = new Int32Array(n);
  const count = new Int32Array(n);
  const lists: (readonly number[])[] = new Array(n);
  let total = 0;
  for (let v = 0; v < n; v++) {
    if (!include(v)) continue;
    lists[v] = successors(v);
    start[v] = total;
    count[v] = lists[v].length;
    total += count[v];
  }
  const items = new Int32Array(total);
  for (let v = 0; v < n; v++) if (lists[v] !== undefined) items.set(lists[v], start[v]);
  return { start, count, items };
}

function rowsOf(n: number, graph: Successors | GraphRows, include: (node: number) => boolean): GraphRows {
  return typeof graph === "function" ? graphRows(n, graph, include) : graph;
}

/**
 * Strongly connected components that contain a cycle (more than one node, or a self edge),
 * each as a list of nodes. Only nodes with `include(node)` take part.
 */
export function cyclicComponents(n: number, successors: Successors | GraphRows, include: (node: number) => boolean = () => true): number[][] {
  const { start, count, items } = rowsOf(n, successors, include);
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const result: number[][] = [];
  let counter = 0;
  // explicit DFS stack of (node, next successor position)
  const callNode: number[] = [];
  const callPos: number[] = [];
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1 || !include(root)) continue;
    callNode.push(root);
    callPos.push(0);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const v = callNode[top];
      const first = start[v];
      const end = first + count[v];
      let pos = callPos[top];
      let descended = false;
      while (first + pos < end) {
        const w = items[first + pos++];
        if (!include(w)) continue;
        if (index[w] === -1) {
          callPos[top] = pos;
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callNode.push(w);
          callPos.push(0);
          descended = true;
          break;
        } else if (onStack[w]) {
          if (index[w] < low[v]) low[v] = index[w];
        }
      }
      if (descended) continue;
      callPos[top] = pos;
      // v is finished
      callNode.pop();
      callPos.pop();
      if (callNode.length > 0) {
        const parent = callNode[callNode.length - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          members.push(w);
        } while (w !== v);
        let selfEdge = false;
        for (let k = first; k < end && !selfEdge; k++) selfEdge = items[k] === v;
        if (members.length > 1 || selfEdge) result.push(members);
      }
    }
  }
  return result;
}

/**
 * A topological order of the nodes with `include(node)` (inputs before readers), where
 * `inputs(i)` are the nodes that i reads. Returns the order and the nodes left over because
 * they lie on or behind a cycle (empty when the graph is acyclic). Sources come in node order and
 * the rest first-in first-out, so the order is deterministic.
 */
export function topologicalOrder(
  n: number,
  inputs: Successors | GraphRows,
  include: (node: number) => boolean = () => true,
): { order: number[]; leftOver: number[] } {
  const rows = rowsOf(n, inputs, include);
  const included = new Uint8Array(n);
  for (let v = 0; v < n; v++) included[v] = include(v) ? 1 : 0;
  const { order, leftOver } = kahnOrder(n, rows, included);
  return { order: Array.from(order), leftOver: Array.from(leftOver) };
}

/**
 * `topologicalOrder` on typed arrays, for callers with millions of nodes (the propnet build's
 * finalize): the nodes with `included[v] === 1`, Kahn's algorithm, no call and no growing array
 * per node.
 */
export function kahnOrder(n: number, rows: GraphRows, included: Uint8Array): { order: Int32Array; leftOver: Int32Array } {
  const { start: rowStart, count, items } = rows;
  // the readers of each node in compressed rows (no array per node): readers of u are
  // readers[start[u] .. start[u + 1]), in node order
  const pending = new Int32Array(n);
  const start = new Int32Array(n + 1);
  let includedCount = 0;
  for (let v = 0; v < n; v++) {
    if (!included[v]) continue;
    includedCount++;
    const e = rowStart[v] + count[v];
    for (let k = rowStart[v]; k < e; k++) {
      const u = items[k];
      if (!included[u]) continue;
      pending[v]++;
      start[u + 1]++;
    }
  }
  for (let u = 0; u < n; u++) start[u + 1] += start[u];
  const fill = start.slice(0, n);
  const readers = new Int32Array(start[n]);
  for (let v = 0; v < n; v++) {
    if (!included[v]) continue;
    const e = rowStart[v] + count[v];
    for (let k = rowStart[v]; k < e; k++) if (included[items[k]]) readers[fill[items[k]]++] = v;
  }
  const queue = new Int32Array(includedCount);
  let length = 0;
  for (let v = 0; v < n; v++) if (included[v] && pending[v] === 0) queue[length++] = v;
  for (let head = 0; head < length; head++) {
    const u = queue[head];
    for (let k = start[u]; k < start[u + 1]; k++) if (--pending[readers[k]] === 0) queue[length++] = readers[k];
  }
  let left = 0;
  const leftOver = new Int32Array(includedCount - length);
  if (length < includedCount) for (let v = 0; v < n; v++) if (included[v] && pending[v] > 0) leftOver[left++] = v;
  return { order: queue.subarray(0, length), leftOver };
}
