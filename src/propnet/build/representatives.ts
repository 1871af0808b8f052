/**
 * Representatives: which component computes each component's value while simplify rewrites the
 * draft (a union-find without ranks), seen through pass-through propositions (a view, next, legal,
 * goal, terminal or init proposition with one input passes it on), and the walk of what the outputs
 * read, inputs first. Shared by the merge and factor passes.
 * Why through propositions: readers then read the gate itself and view propositions disappear.
 * Measured on 309 base games (all that ground but alexChess): 13.5 M draft components, 8.6 M of
 * them reached from the outputs through representatives before any merge.
 */
import { IntList } from "../../int-list.js";
import type { Draft, DraftOutputs } from "./draft.js";
import { BASE, NEXT, SEES } from "./kinds.js";

/** Propositions that only pass their one input on (readers can read that input instead): next to sees. */
function isPassThrough(kind: number): boolean {
  return kind >= NEXT && kind <= SEES;
}

/** The components that must stay: base, input, transitions, legal, goal, init, sees and terminal propositions. */
export function outputRoots(out: DraftOutputs): Int32Array {
  const roots = new IntList(out.baseIds.length + out.inputIds.length + out.transitionIds.length + out.legals.length + out.goals.length + out.inits.length + out.sees.length + 1);
  for (let k = 0; k < out.baseIds.length; k++) roots.push(out.baseIds[k]);
  for (let k = 0; k < out.inputIds.length; k++) roots.push(out.inputIds[k]);
  for (let k = 0; k < out.transitionIds.length; k++) if (out.transitionIds[k] >= 0) roots.push(out.transitionIds[k]);
  for (const l of out.legals) roots.push(l.id);
  for (const x of out.goals) roots.push(x.id);
  for (const x of out.inits) roots.push(x.id);
  for (const x of out.sees) roots.push(x.id);
  if (out.terminal >= 0) roots.push(out.terminal);
  return roots.toArray();
}

/**
 * Which component computes each component's value now: itself, or the one it was merged into
 * (a union-find without ranks), seen through pass-through propositions.
 */
export class Representatives {
  private rep = new Int32Array(0);

  constructor(
    private readonly d: Draft,
    /** What must stay (`outputRoots`): the walks start there. */
    readonly roots: Int32Array,
  ) {
    this.grow();
  }

  /** Components made since the last call represent themselves. */
  grow(): void {
    const old = this.rep;
    if (old.length >= this.d.size) return;
    const rep = new Int32Array(Math.max(this.d.size, Math.ceil(old.length * 1.5)));
    rep.set(old);
    for (let v = old.length; v < rep.length; v++) rep[v] = v;
    this.rep = rep;
  }

  /** Whether v has not been replaced. */
  isOwn(v: number): boolean {
    return this.rep[v] === v;
  }

  /** From now on `to` computes v's value; it takes v's view name if it has none. */
  replace(v: number, to: number): void {
    this.rep[v] = to;
    this.replacements++;
    this.d.name(to, this.d.labelOf(v));
  }

  find(x: number): number {
    const { d, rep } = this;
    const { kind, start, count, pool } = d;
    for (let steps = 0; steps <= d.size; steps++) {
      if (rep[x] !== x) x = rep[x];
      else if (isPassThrough(kind[x]) && count[x] === 1 && pool[start[x]] !== x) x = pool[start[x]];
      else return x;
    }
    return x; // a cycle of pass-through propositions: stop anywhere on it
  }

  /**
   * The walk's buffers, kept from one walk to the next (the draft has millions of components):
   * `mark[v]` is 2 * walk once v is seen by the walk, 2 * walk + 1 once it is in the walk's order
   * (seen and not in the order: on the walk's stack).
   */
  private mark = new Int32Array(0);
  /** Whether the last `postorder` met no cycle (no input still on the walk's stack). */
  acyclic = true;
  private walk = 0;
  private order = new Int32Array(0);
  private orderLength = 0;
  /** Replacements made so far, and how many had been made when the last walk began (-1: no walk yet). */
  private replacements = 0;
  private lastWalkBegan = -1;
  private readonly stack = new IntList();
  private readonly pos = new IntList();

  /**
   * The representatives that the roots read, inputs before readers (a base proposition's
   * transition is not walked through). The array is reused by the next call. With `readers`,
   * `readers[w]` is increased by one for each input of each component in the order that reads
   * representative w (the walk follows each of those inputs once; factor.ts counts readers so).
   */
  postorder(readers?: Int32Array): Int32Array {
    const d = this.d;
    if (this.mark.length < d.size) {
      this.mark = new Int32Array(Math.max(d.size, Math.ceil(this.mark.length * 1.5)));
      this.order = new Int32Array(this.mark.length);
    }
    const { mark, order, stack, pos } = this;
    const walk = ++this.walk;
    const began = this.replacements;
    const seen = 2 * walk;
    let acyclic = true;
    let length = 0;
    for (const r of this.roots) {
      if (mark[r] >= seen) continue;
      mark[r] = seen;
      stack.push(r);
      pos.push(0);
      while (stack.length > 0) {
        const top = stack.length - 1;
        const v = stack.data[top];
        const p = pos.data[top];
        if (d.kind[v] !== BASE && p < d.count[v]) {
          pos.data[top] = p + 1;
          const w = this.find(d.pool[d.start[v] + p]);
          if (readers !== undefined) readers[w]++;
          if (mark[w] < seen) {
            mark[w] = seen;
            stack.push(w);
            pos.push(0);
          } else if (mark[w] === seen) acyclic = false;
        } else {
          stack.length--;
          pos.length--;
          mark[v] = seen + 1;
          order[length++] = v;
        }
      }
    }
    this.acyclic = acyclic;
    this.orderLength = length;
    this.lastWalkBegan = began;
    return order.subarray(0, length);
  }

  /**
   * The last walk's order, when no component was replaced since it began (what the roots read
   * through representatives is then still that order, inputs before readers); else undefined.
   */
  lastOrder(): Int32Array | undefined {
    return this.lastWalkBegan === this.replacements ? this.order.subarray(0, this.orderLength) : undefined;
  }
}
