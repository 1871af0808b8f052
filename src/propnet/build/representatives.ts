/**
 * Representatives: which component computes each component's value while simplify rewrites the
 * draft (a union-find without ranks), seen through pass-through propositions (a view, next, legal,
 * goal, terminal or init proposition with one input passes it on), and the walk of what the outputs
 * read, inputs first. Shared by the merge and factor passes.
 * Why through propositions: readers then read the gate itself and view propositions disappear.
 * Measured on 309 base games (all that ground but alexChess): 13.5 M draft components, 8.6 M of
 * them reached from the outputs through representatives before any merge.
 */
import type { ComponentKind } from "../propnet.js";
import type { Draft, DraftOutputs } from "./draft.js";

/** Propositions that only pass their one input on (readers can read that input instead). */
function isPassThrough(kind: ComponentKind): boolean {
  return kind === "view" || kind === "next" || kind === "legal" || kind === "goal" || kind === "terminal" || kind === "init" || kind === "sees";
}

/** The components that must stay: base, input, transitions, legal, goal, init, sees and terminal propositions. */
export function outputRoots(out: DraftOutputs): number[] {
  const roots: number[] = [...out.baseIds, ...out.inputIds, ...out.transitionIds.filter((t) => t >= 0)];
  for (const l of out.legals) roots.push(l.id);
  for (const x of out.goals) roots.push(x.id);
  for (const x of out.inits) roots.push(x.id);
  for (const x of out.sees) roots.push(x.id);
  if (out.terminal >= 0) roots.push(out.terminal);
  return roots;
}

/**
 * Which component computes each component's value now: itself, or the one it was merged into
 * (a union-find without ranks), seen through pass-through propositions.
 */
export class Representatives {
  private readonly rep: number[] = [];

  constructor(
    private readonly d: Draft,
    /** What must stay (`outputRoots`): the walks start there. */
    readonly roots: readonly number[],
  ) {
    this.grow();
  }

  /** Components made since the last call represent themselves. */
  grow(): void {
    while (this.rep.length < this.d.size) this.rep.push(this.rep.length);
  }

  /** Whether v has not been replaced. */
  isOwn(v: number): boolean {
    return this.rep[v] === v;
  }

  /** From now on `to` computes v's value; it takes v's view name if it has none. */
  replace(v: number, to: number): void {
    this.rep[v] = to;
    this.d.name(to, this.d.label[v]);
  }

  find(x: number): number {
    const { d, rep } = this;
    for (let steps = 0; steps <= d.size; steps++) {
      if (rep[x] !== x) x = rep[x];
      else if (isPassThrough(d.kind[x]) && d.inputs[x].length === 1 && d.inputs[x][0] !== x) x = d.inputs[x][0];
      else return x;
    }
    return x; // a cycle of pass-through propositions: stop anywhere on it
  }

  /** The representatives that the roots read, inputs before readers (a base proposition's transition is not walked through). */
  postorder(): number[] {
    const d = this.d;
    const seen = new Uint8Array(d.size);
    const order: number[] = [];
    const stack: number[] = [];
    const pos: number[] = [];
    for (const r of this.roots) {
      if (seen[r]) continue;
      seen[r] = 1;
      stack.push(r);
      pos.push(0);
      while (stack.length > 0) {
        const v = stack[stack.length - 1];
        const ins = d.kind[v] === "base" ? [] : d.inputs[v];
        const p = pos[pos.length - 1];
        if (p < ins.length) {
          pos[pos.length - 1] = p + 1;
          const w = this.find(ins[p]);
          if (!seen[w]) {
            seen[w] = 1;
            stack.push(w);
            pos.push(0);
          }
        } else {
          stack.pop();
          pos.pop();
          order.push(v);
        }
      }
    }
    return order;
  }
}
