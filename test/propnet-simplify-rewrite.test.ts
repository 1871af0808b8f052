/**
 * Simplify's final rewrite along the last factoring walk (simplify.ts) against the walk from the
 * roots it replaced, and merge with a table smaller than the draft's gates. On random drafts with
 * views, NOT chains, constants, gates equal only through views, and (some) cycles through views,
 * both must leave the same rows, the same labels and the same components kept.
 */
import { describe, expect, it } from "vitest";
import { list, random } from "./support/draft-helpers.js";
import { Draft } from "../src/propnet/build/draft.js";
import { FactorBuffers, factorCommonInputs } from "../src/propnet/build/factor.js";
import { GateTable } from "../src/propnet/build/gate-table.js";
import { AND, BASE, INPUT, LEGAL, OR, TRANSITION, VIEW } from "../src/propnet/build/kinds.js";
import { mergeGates } from "../src/propnet/build/merge.js";
import { outputRoots, Representatives } from "../src/propnet/build/representatives.js";
import { simplify } from "../src/propnet/build/simplify.js";
import type { DraftOutputs } from "../src/propnet/build/draft.js";

/** The same draft for the same seed: gates over earlier components and views of them, NOTs of NOTs, constants, legals; `cycles` views read before they are defined. */
function randomDraft(seed: number, cycles: boolean): { d: Draft; roots: Int32Array } {
  const next = random(seed);
  const d = new Draft();
  const roots: number[] = [];
  for (let k = 0; k < 5; k++) roots.push(d.add(BASE, `(true f${k})`, 1));
  for (let k = 0; k < 4; k++) roots.push(d.add(INPUT, `(does r m${k})`));
  d.constant(true);
  d.constant(false);
  for (let k = 0; k < 80; k++) {
    const choice = next(6);
    if (choice === 0) {
      d.not(next(d.size));
      continue;
    }
    if (choice === 1) {
      // a view of an earlier component: gates over it equal gates over what it views, once merged
      const v = d.add(VIEW, `(v${k})`, 1);
      d.setInput(v, next(d.size - 1));
      continue;
    }
    const ins = list();
    for (let j = 0, n = 1 + next(4); j < n; j++) ins.push(next(d.size));
    const g = d.gate(next(2) === 0 ? AND : OR, ins);
    if (next(5) === 0) d.name(g, `(named${k})`);
  }
  if (cycles) {
    for (let k = 0; k < 2; k++) {
      const late = d.add(VIEW, `(late${k})`, 1);
      const g = d.gate(OR, list(late, next(d.size)));
      d.setInput(late, d.gate(AND, list(g, next(d.size))));
    }
  }
  for (let k = 0; k < 8; k++) {
    const l = d.add(LEGAL, `(legal r m${k})`, 1);
    d.setInput(l, next(d.size - 1));
    roots.push(l);
  }
  const t = d.add(TRANSITION, "f0", 1);
  d.setInput(t, next(d.size - 1));
  d.setInput(roots[0], t);
  roots.push(t);
  return { d, roots: Int32Array.from(roots) };
}

/** Everything merging can change: rows, representatives, labels. */
function snapshot(d: Draft, reps: Representatives): unknown[] {
  const rows: unknown[] = [];
  for (let v = 0; v < d.size; v++) rows.push([d.kind[v], d.labelOf(v), reps.find(v), Array.from({ length: d.count[v] }, (_, k) => d.input(v, k))]);
  return rows;
}

/** Simplify as it was: merge (with a table 8 times larger), factor and merge again, then a walk from the roots that rewrites and keeps. */
function simplifyFromRoots(d: Draft, roots: Int32Array): Uint8Array {
  const reps = new Representatives(d, roots);
  const table = new GateTable(4096);
  mergeGates(d, reps, table);
  const buffers = new FactorBuffers(d.size);
  for (let round = 0; round < 10 && factorCommonInputs(d, reps, buffers); round++) mergeGates(d, reps, table);
  const keep = new Uint8Array(d.size);
  const stack: number[] = [];
  for (const r of roots) {
    keep[r] = 1;
    stack.push(r);
  }
  while (stack.length > 0) {
    const v = stack.pop()!;
    const kind = d.kind[v];
    for (let k = 0; k < d.count[v]; k++) {
      if (kind !== BASE && kind !== TRANSITION) d.pool[d.start[v] + k] = reps.find(d.input(v, k));
      const w = d.input(v, k);
      if (!keep[w]) {
        keep[w] = 1;
        stack.push(w);
      }
    }
  }
  return keep;
}

/** Outputs whose roots are exactly `roots`: the bases, inputs and transition by kind, the rest as legals. */
function outputsOf(d: Draft, roots: Int32Array): DraftOutputs {
  const out: DraftOutputs = { baseIds: new Int32Array(0), transitionIds: new Int32Array(0), inputIds: new Int32Array(0), legals: [], goals: [], sees: [], terminal: -1, inits: [] };
  const bases: number[] = [];
  const inputs: number[] = [];
  const transitions: number[] = [];
  for (const r of roots) {
    if (d.kind[r] === BASE) bases.push(r);
    else if (d.kind[r] === INPUT) inputs.push(r);
    else if (d.kind[r] === TRANSITION) transitions.push(r);
    else out.legals.push({ role: 0, move: d.labelOf(r), id: r, input: 0 });
  }
  out.baseIds = Int32Array.from(bases);
  out.inputIds = Int32Array.from(inputs);
  out.transitionIds = Int32Array.from(transitions);
  return out;
}

describe("simplify's final rewrite along the last walk", () => {
  it("keeps and rewrites what the walk from the roots did", () => {
    let kept = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const cycles = seed % 3 === 0;
      const ours = randomDraft(seed, cycles);
      const theirs = randomDraft(seed, cycles);
      const keep = simplify(ours.d, outputsOf(ours.d, ours.roots));
      const expected = simplifyFromRoots(theirs.d, outputRoots(outputsOf(theirs.d, theirs.roots)));
      expect(Array.from(keep)).toEqual(Array.from(expected));
      const reps = new Representatives(ours.d, ours.roots);
      const theirReps = new Representatives(theirs.d, theirs.roots);
      expect(snapshot(ours.d, reps)).toEqual(snapshot(theirs.d, theirReps));
      kept += keep.reduce((a, b) => a + b, 0);
    }
    expect(kept).toBeGreaterThan(1000);
  });
});
