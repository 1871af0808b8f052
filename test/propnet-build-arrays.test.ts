/**
 * The build's array-backed pieces against what they replaced: the draft's labels (a gate named
 * after its kind until a view names it), finalize's own topological order (graph.ts's order, on
 * typed arrays), and the readers that factoring counts during its walk (a count over the order).
 */
import { describe, expect, it } from "vitest";
import { list, random } from "./support/draft-helpers.js";
import { topologicalOrder } from "../src/propnet/graph.js";
import { Draft } from "../src/propnet/build/draft.js";
import { middleOrder } from "../src/propnet/build/finalize.js";
import { AND, BASE, FALSE, INPUT, LEGAL, NOT, OR, TRANSITION, TRUE, VIEW } from "../src/propnet/build/kinds.js";
import { Representatives } from "../src/propnet/build/representatives.js";

/** A draft of base and input propositions, then gates over earlier components, views, legals, and a few back edges through views. */
function randomDraft(seed: number): { d: Draft; roots: Int32Array } {
  const next = random(seed);
  const d = new Draft();
  const roots: number[] = [];
  for (let k = 0; k < 6; k++) roots.push(d.add(BASE, `(true f${k})`, 1));
  for (let k = 0; k < 4; k++) roots.push(d.add(INPUT, `(does r m${k})`));
  d.constant(true);
  const views: number[] = [];
  for (let k = 0; k < 60; k++) {
    const kind = [AND, OR, NOT][next(3)];
    if (kind === NOT) {
      d.not(next(d.size));
      continue;
    }
    const ins = list();
    for (let j = 0, n = 1 + next(4); j < n; j++) ins.push(next(d.size));
    const g = d.gate(kind, ins);
    if (next(4) === 0) {
      const v = d.add(VIEW, `(v${k})`, 1);
      d.setInput(v, g);
      views.push(v);
    }
  }
  // a view read before it is defined: a cycle when its gate reads back
  for (let k = 0; k < 3; k++) {
    const late = d.add(VIEW, `(late${k})`, 1);
    const g = d.gate(OR, list(late, next(d.size)));
    d.setInput(late, d.gate(AND, list(g, next(d.size))));
  }
  for (let k = 0; k < 5; k++) {
    const l = d.add(LEGAL, `(legal r m${k})`, 1);
    d.setInput(l, next(d.size - 1));
    roots.push(l);
  }
  const t = d.add(TRANSITION, "f0", 1);
  d.setInput(t, views.length > 0 ? views[0] : 10);
  d.setInput(roots[0], t);
  roots.push(t);
  return { d, roots: Int32Array.from(roots) };
}

describe("Draft labels", () => {
  it("names a gate after its kind until a view names it, once; propositions keep theirs", () => {
    const d = new Draft();
    const a = d.add(BASE, "(true a)", 1);
    const b = d.add(BASE, "(true b)", 1);
    const and = d.gate(AND, list(a, b));
    const or = d.gate(OR, list(a, b));
    const not = d.not(a);
    expect([d.labelOf(a), d.labelOf(and), d.labelOf(or), d.labelOf(not)]).toEqual(["(true a)", "and", "or", "not"]);
    d.name(and, "(both)");
    d.name(and, "(again)");
    d.name(a, "(renamed)");
    expect([d.labelOf(and), d.labelOf(a)]).toEqual(["(both)", "(true a)"]);
    // a view that is literally called like the kind leaves the gate free to take another name
    d.name(or, "or");
    d.name(or, "(either)");
    expect(d.labelOf(or)).toBe("(either)");
    // a proposition labelled like a gate kind is still a proposition with that label
    const view = d.add(VIEW, "and", 1);
    d.name(view, "(other)");
    expect(d.labelOf(view)).toBe("and");
  });
});

describe("finalize's middle order", () => {
  it("is graph.ts's topological order of the same components, cycles left over in id order", () => {
    let withCycles = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { d } = randomDraft(seed);
      const next = random(seed + 1000);
      const keep = new Uint8Array(d.size);
      for (let v = 0; v < d.size; v++) keep[v] = next(5) === 0 ? 0 : 1;
      const middle = (v: number) => {
        const k = d.kind[v];
        return keep[v] === 1 && k !== TRUE && k !== FALSE && k !== BASE && k !== INPUT && k !== TRANSITION;
      };
      const theirs = topologicalOrder(d.size, d.rows(), middle);
      const ours = middleOrder(d, keep);
      expect(Array.from(ours.order)).toEqual(theirs.order);
      expect(Array.from(ours.leftOver)).toEqual(theirs.leftOver);
      if (theirs.leftOver.length > 0) withCycles++;
    }
    expect(withCycles).toBeGreaterThan(0);
  });
});

describe("readers counted during the walk", () => {
  it("are the inputs' representatives counted over the order", () => {
    let cyclic = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { d, roots } = randomDraft(seed);
      const reps = new Representatives(d, roots);
      const counted = new Int32Array(d.size);
      const order = Array.from(reps.postorder(counted));
      if (!reps.acyclic) cyclic++;
      const expected = new Int32Array(d.size);
      for (const v of order) if (d.kind[v] !== BASE) for (let k = 0; k < d.count[v]; k++) expected[reps.find(d.input(v, k))]++;
      expect(Array.from(counted)).toEqual(Array.from(expected));
      expect(Array.from(reps.postorder())).toEqual(order);
    }
    expect(cyclic).toBeGreaterThan(0);
  });
});
