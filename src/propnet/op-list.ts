/**
 * Gate lists of the reference engine's full evaluation: gates in topological order over the
 * machine's value slots, as typed arrays (kind, target slot, input offsets into one array of
 * input slots), each run over a `Uint8Array` of values. The gates of a cycle (compiled with
 * `cycles: "fixpoint"`) form a block iterated from all-false until nothing changes: the least
 * fixpoint, which is what a positive recursion means in GDL.
 *
 * Why: a propnet with cycles cannot be kept up to date by propagation (a cycle could hold itself
 * up); these lists evaluate it, and `evaluation: "full"` asks for them on any propnet.
 * Measured: slower than the differential evaluation on every game tried (tictactoe 1.6×,
 * connect four 3×, breakthrough 2×, reversi 2×), so it runs only where that one cannot.
 * Pure computation: no Node imports.
 */

export const OP_AND = 0;
export const OP_OR = 1;
export const OP_NOT = 2;

/** One gate to evaluate: `block` >= 0 marks the members of one cycle (they are consecutive). */
export interface Op {
  readonly kind: number;
  readonly target: number;
  readonly inputs: readonly number[];
  readonly block: number;
}

/** A list of gates in topological order, over the value slots of the machine (see the module comment). */
export class OpList {
  readonly size: number;
  private readonly kinds: Uint8Array;
  private readonly targets: Int32Array;
  private readonly starts: Int32Array;
  private readonly ins: Int32Array;
  /** Per op: the end (exclusive) of the cycle block it starts, or -1. */
  private readonly blockEnd: Int32Array;
  private readonly hasBlocks: boolean;

  constructor(ops: readonly Op[]) {
    this.size = ops.length;
    this.kinds = new Uint8Array(ops.length);
    this.targets = new Int32Array(ops.length);
    this.starts = new Int32Array(ops.length + 1);
    this.blockEnd = new Int32Array(ops.length).fill(-1);
    let total = 0;
    for (const op of ops) total += op.inputs.length;
    this.ins = new Int32Array(total);
    let k = 0;
    ops.forEach((op, i) => {
      this.kinds[i] = op.kind;
      this.targets[i] = op.target;
      this.starts[i] = k;
      for (const x of op.inputs) this.ins[k++] = x;
    });
    this.starts[ops.length] = k;
    let hasBlocks = false;
    for (let i = 0; i < ops.length; ) {
      const block = ops[i].block;
      let j = i + 1;
      if (block >= 0) {
        while (j < ops.length && ops[j].block === block) j++;
        this.blockEnd[i] = j;
        hasBlocks = true;
      }
      i = j;
    }
    this.hasBlocks = hasBlocks;
  }

  run(values: Uint8Array): void {
    if (this.hasBlocks) {
      this.runWithBlocks(values);
      return;
    }
    const kinds = this.kinds;
    const targets = this.targets;
    const starts = this.starts;
    const ins = this.ins;
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const s = starts[i];
      const e = starts[i + 1];
      let v: number;
      switch (kinds[i]) {
        case OP_AND:
          v = 1;
          for (let j = s; j < e; j++)
            if (values[ins[j]] === 0) {
              v = 0;
              break;
            }
          break;
        case OP_OR:
          v = 0;
          for (let j = s; j < e; j++)
            if (values[ins[j]] !== 0) {
              v = 1;
              break;
            }
          break;
        default:
          v = values[ins[s]] ^ 1;
      }
      values[targets[i]] = v;
    }
  }

  private evaluate(i: number, values: Uint8Array): number {
    const s = this.starts[i];
    const e = this.starts[i + 1];
    const ins = this.ins;
    switch (this.kinds[i]) {
      case OP_AND:
        for (let j = s; j < e; j++) if (values[ins[j]] === 0) return 0;
        return 1;
      case OP_OR:
        for (let j = s; j < e; j++) if (values[ins[j]] !== 0) return 1;
        return 0;
      default:
        return values[ins[s]] ^ 1;
    }
  }

  private runWithBlocks(values: Uint8Array): void {
    const targets = this.targets;
    for (let i = 0; i < this.size; ) {
      const end = this.blockEnd[i];
      if (end < 0) {
        values[targets[i]] = this.evaluate(i, values);
        i++;
        continue;
      }
      for (let k = i; k < end; k++) values[targets[k]] = 0;
      // monotone (no NOT in a block): at most one round per member, plus one to see no change
      for (let round = 0; round <= end - i; round++) {
        let changed = false;
        for (let k = i; k < end; k++) {
          const v = this.evaluate(k, values);
          if (v !== values[targets[k]]) {
            values[targets[k]] = v;
            changed = true;
          }
        }
        if (!changed) break;
      }
      i = end;
    }
  }
}

/** The op kind of a gate. */
export function opKind(kind: "and" | "or" | "not"): number {
  return kind === "and" ? OP_AND : kind === "or" ? OP_OR : OP_NOT;
}
