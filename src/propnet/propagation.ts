/**
 * Differential propagation over an acyclic propnet: every gate keeps the number of its inputs
 * that are true, and a change of one value is pushed to the gates that read it, as far as
 * values change. A gate is true iff (count >= threshold) xor negated:
 *   and: threshold = number of inputs;  or: threshold 1;  not: threshold 1, negated.
 * Each change is queued with its direction, so the result does not depend on the order in
 * which changes are processed (the counts are exact once the queue is empty). Only for
 * acyclic networks: in a cycle a value could hold itself up.
 */

export interface PropagationGate {
  readonly id: number;
  readonly kind: "and" | "or" | "not";
  /** Slots read (repetitions allowed: each counts). */
  readonly inputs: readonly number[];
}

export class Propagator {
  private readonly threshold: Int32Array;
  private readonly negated: Uint8Array;
  private readonly count: Int32Array;
  private readonly readStart: Int32Array;
  private readonly readers: Int32Array;
  private stack: Int32Array;

  /** `values` must already be consistent (every gate evaluated from its inputs). */
  constructor(
    private readonly values: Uint8Array,
    gates: readonly PropagationGate[],
  ) {
    const n = values.length;
    this.threshold = new Int32Array(n);
    this.negated = new Uint8Array(n);
    this.count = new Int32Array(n);
    const readerCount = new Int32Array(n + 1);
    for (const g of gates) {
      this.threshold[g.id] = g.kind === "and" ? g.inputs.length : 1;
      this.negated[g.id] = g.kind === "not" ? 1 : 0;
      let c = 0;
      for (const s of g.inputs) {
        c += values[s];
        readerCount[s + 1]++;
      }
      this.count[g.id] = c;
    }
    for (let s = 0; s < n; s++) readerCount[s + 1] += readerCount[s];
    this.readStart = readerCount.slice();
    this.readers = new Int32Array(readerCount[n]);
    const fill = readerCount.slice(0, n);
    for (const g of gates) for (const s of g.inputs) this.readers[fill[s]++] = g.id;
    this.stack = new Int32Array(Math.max(16, n));
  }

  /** Sets a source value (a base or input proposition) and propagates the change. */
  set(slot: number, value: number): void {
    const values = this.values;
    if (values[slot] === value) return;
    values[slot] = value;
    const count = this.count;
    const threshold = this.threshold;
    const negated = this.negated;
    const readStart = this.readStart;
    const readers = this.readers;
    let stack = this.stack;
    let sp = 0;
    stack[sp++] = (slot << 1) | value;
    while (sp > 0) {
      const event = stack[--sp];
      const s = event >>> 1;
      const delta = (event & 1) === 1 ? 1 : -1;
      for (let j = readStart[s], e = readStart[s + 1]; j < e; j++) {
        const g = readers[j];
        const c = (count[g] += delta);
        const v = (c >= threshold[g] ? 1 : 0) ^ negated[g];
        if (v !== values[g]) {
          values[g] = v;
          if (sp === stack.length) {
            const bigger = new Int32Array(stack.length * 2);
            bigger.set(stack);
            this.stack = stack = bigger;
          }
          stack[sp++] = (g << 1) | v;
        }
      }
    }
  }
}
