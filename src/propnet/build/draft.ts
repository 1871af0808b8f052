/**
 * The draft: the graph under construction as parallel typed arrays (a kind code, a label, and the
 * inputs as a row of one shared pool), with the gates shared by structure as they are made (an AND
 * or OR over the same inputs, or a NOT of the same input, is made once), and the outputs (legal,
 * goal, terminal, init, transitions) collected by draft id. Both drafts (unoptimized.ts,
 * optimized.ts) build one; simplify and finalize read it.
 * Why hashing, not key strings: the lookup is an open-addressing table keyed by a 32-bit hash of
 * kind and inputs, compared input by input on a hit; measured when it replaced key strings
 * (75a6bbd): buildPropnet 0.64x on hex, 0.70x on racer. Why a pool, not an array per component:
 * amazonsTorus drafts 2.0 M components; their input arrays were most of what the build's garbage
 * collections walked.
 */
import { sortRange, type IntList } from "../../int-list.js";
import type { GraphRows } from "../graph.js";
import { gateHash, GateTable } from "./gate-table.js";
import { AND, FALSE, GOAL, INIT, LEGAL, NOT, OR, SEES, TERMINAL, TRUE } from "./kinds.js";
import type { Normalized } from "./normalize.js";

/** The graph under construction: parallel arrays of components. */
export class Draft {
  /** Kind code (kinds.ts) per component. */
  kind: Uint8Array;
  /**
   * Labels: -1 for a gate still named after its kind ("and", "or", "not": most of them), else the
   * label's index in `names`. Why not a string per component: pushing a string per gate into one
   * array of millions was a quarter of the optimized draft's time (CPU profile of racer4, 1.2 M
   * draft components).
   */
  private labelRef: Int32Array;
  private readonly names: string[] = [];
  /** Component v's inputs are `pool[start[v] .. start[v] + count[v])`, with room for `capacity[v]`. */
  start: Int32Array;
  count: Int32Array;
  private capacity: Int32Array;
  pool: Int32Array;
  private poolLength = 0;
  size = 0;
  /** The constants, once made (-1 before). */
  trueId = -1;
  falseId = -1;
  /**
   * Gates made by `gate` and `not`, by structure (gate-table.ts). `simplify` later rewrites gates'
   * inputs to representatives (`rowsRewritten`); a gate found here then has the same kind and the
   * same inputs as asked for now, so it is still the same function (an entry whose inputs changed
   * may just not be found again: a sharing missed, which `merge` makes up for).
   */
  private readonly gates = new GateTable();

  /**
   * A draft with room for `components` components and `links` inputs in all before it grows (each
   * growth copies the arrays: estimates from the ground game spare the copies and the garbage).
   */
  constructor(components = 1024, links = 4096) {
    this.kind = new Uint8Array(Math.max(1024, components));
    this.start = new Int32Array(this.kind.length);
    this.count = new Int32Array(this.kind.length);
    this.capacity = new Int32Array(this.kind.length);
    this.labelRef = new Int32Array(this.kind.length);
    this.pool = new Int32Array(Math.max(4096, links));
  }

  /** Component v's label: the atom or fluent it stands for, a view's name, or its kind's name. */
  labelOf(v: number): string {
    const ref = this.labelRef[v];
    return ref >= 0 ? this.names[ref] : gateName(this.kind[v]);
  }

  /** A new component with no inputs yet and room for `room`. */
  add(kind: number, label: string, room = 0): number {
    const v = this.size;
    if (v === this.kind.length) this.growComponents();
    this.kind[v] = kind;
    this.labelRef[v] = isGateKind(kind) && label === gateName(kind) ? -1 : this.names.push(label) - 1;
    this.start[v] = this.reserve(room);
    this.count[v] = 0;
    this.capacity[v] = room;
    this.size = v + 1;
    return v;
  }

  /** A new component reading `inputs[from .. to)`. */
  addWith(kind: number, label: string, inputs: Int32Array, from: number, to: number): number {
    const v = this.add(kind, label, to - from);
    // a loop, not `pool.set(inputs.subarray(..))`: no view object per component made
    const pool = this.pool;
    const at = this.start[v] - from;
    for (let k = from; k < to; k++) pool[at + k] = inputs[k];
    this.count[v] = to - from;
    return v;
  }

  /** Component v's input k. */
  input(v: number, k: number): number {
    return this.pool[this.start[v] + k];
  }

  /** The components' inputs as graph rows (valid until the next component is made). */
  rows(): GraphRows {
    return { start: this.start, count: this.count, items: this.pool };
  }

  /** Makes `w` component v's one input. */
  setInput(v: number, w: number): void {
    this.resize(v, 1);
    this.pool[this.start[v]] = w;
  }

  /** Gives component v room for `n` inputs (moving it to the end of the pool if it has none) and makes it have n. */
  resize(v: number, n: number): void {
    if (n > this.capacity[v]) {
      const from = this.start[v];
      const to = this.reserve(n);
      this.pool.copyWithin(to, from, from + this.count[v]);
      this.start[v] = to;
      this.capacity[v] = n;
    }
    this.count[v] = n;
  }

  /** Names a gate after the (view) atom it computes, unless it has a name already. */
  name(id: number, kif: string): void {
    if (this.labelRef[id] >= 0 || !isGateKind(this.kind[id]) || kif === gateName(this.kind[id])) return;
    this.labelRef[id] = this.names.push(kif) - 1;
  }
  constant(value: boolean): number {
    if (value) return this.trueId >= 0 ? this.trueId : (this.trueId = this.add(TRUE, "TRUE"));
    return this.falseId >= 0 ? this.falseId : (this.falseId = this.add(FALSE, "FALSE"));
  }
  /**
   * An AND/OR over the inputs in `list`, shared with an equal one made before; one input is
   * returned as is. `list` is sorted and deduplicated in place.
   */
  gate(kind: number, list: IntList): number {
    const inputs = list.data;
    sortRange(inputs, 0, list.length);
    let unique = 0;
    for (let k = 0; k < list.length; k++) if (k === 0 || inputs[k] !== inputs[k - 1]) inputs[unique++] = inputs[k];
    list.length = unique;
    if (unique === 1) return inputs[0];
    return this.shared(kind, inputs, unique);
  }
  not(input: number): number {
    if (this.kind[input] === NOT) return this.input(input, 0);
    const one = this.one;
    one[0] = input;
    return this.shared(NOT, one, 1);
  }
  private readonly one = new Int32Array(1);

  /** Gates' rows are rewritten in place from now on (merge): the gate table no longer trusts the hashes it stored. */
  rowsRewritten(): void {
    this.gates.rowsRewritten();
  }

  /** The gate of this kind over exactly `inputs[0 .. count)`, made now if there is none yet. */
  private shared(kind: number, inputs: Int32Array, count: number): number {
    const hash = gateHash(kind, inputs, 0, count);
    const found = this.gates.find(this, kind, inputs, 0, count, hash);
    if (found >= 0) return found;
    const id = this.addWith(kind, gateName(kind), inputs, 0, count);
    this.gates.insertAt(this, found, id, hash);
    return id;
  }

  /** Room for n inputs at the end of the pool; returns where. */
  private reserve(n: number): number {
    const at = this.poolLength;
    if (at + n > this.pool.length) {
      const bigger = new Int32Array(Math.max(at + n, this.pool.length * 2));
      bigger.set(this.pool.subarray(0, at));
      this.pool = bigger;
    }
    this.poolLength = at + n;
    return at;
  }

  private growComponents(): void {
    const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.kind = grow(this.kind);
    this.start = grow(this.start);
    this.count = grow(this.count);
    this.capacity = grow(this.capacity);
    this.labelRef = grow(this.labelRef);
  }
}

function isGateKind(kind: number): boolean {
  return kind === AND || kind === OR || kind === NOT;
}

/** The label of a gate of this kind (AND, OR or NOT) that no view names. */
function gateName(kind: number): string {
  return kind === AND ? "and" : kind === OR ? "or" : "not";
}

/** The outputs of a draft, by draft component id. */
export interface DraftOutputs {
  baseIds: Int32Array;
  transitionIds: Int32Array;
  inputIds: Int32Array;
  legals: { role: number; move: string; id: number; input: number }[];
  goals: { role: number; valueKif: string; id: number }[];
  sees: { role: number; percept: string; id: number }[];
  terminal: number;
  inits: { base: number; id: number }[];
}

/** The outputs of a draft whose propositions are `propOf(atom)` (-1: none), in atom order. */
export function collectOutputs(
  g: Normalized,
  baseIds: Int32Array,
  transitionIds: Int32Array,
  inputIds: Int32Array,
  propOf: (atom: number) => number,
): DraftOutputs {
  const out: DraftOutputs = { baseIds, transitionIds, inputIds, legals: [], goals: [], sees: [], terminal: -1, inits: [] };
  for (let a = 0; a < g.kifs.length; a++) {
    const id = propOf(a);
    if (id < 0) continue;
    switch (g.propKind[a]) {
      case LEGAL:
        out.legals.push({ role: g.atomRole[a], move: g.inputs[g.moveInput[a]].move, id, input: g.moveInput[a] });
        break;
      case GOAL:
        out.goals.push({ role: g.atomRole[a], valueKif: g.outputArg.get(a)!, id });
        break;
      case SEES:
        out.sees.push({ role: g.atomRole[a], percept: g.outputArg.get(a)!, id });
        break;
      case TERMINAL:
        out.terminal = id;
        break;
      case INIT:
        out.inits.push({ base: g.fluentBase[a], id });
        break;
    }
  }
  return out;
}
