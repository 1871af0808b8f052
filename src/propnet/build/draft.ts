/**
 * The draft: the graph under construction as parallel arrays (kind, label, inputs), with the gates
 * shared by structure as they are made (an AND or OR over the same inputs, or a NOT of the same
 * input, is made once), and the outputs (legal, goal, terminal, init, transitions) collected by
 * draft id. Both drafts (unoptimized.ts, optimized.ts) build one; simplify and finalize read it.
 * Why hashing, not key strings: the lookup is an open-addressing table keyed by a 32-bit hash of
 * kind and inputs, compared input by input on a hit; measured when it replaced key strings
 * (75a6bbd): buildPropnet 0.64x on hex, 0.70x on racer. Sharing while drafting made 5.72 M AND
 * gates for 6.09 M clauses of two literals or more on 309 base games (all that ground but
 * alexChess).
 */
import type { ComponentKind } from "../propnet.js";
import type { Normalized } from "./normalize.js";

/** A 32-bit hash of a gate's kind and (sorted) inputs, for structural hashing. */
function gateHash(kind: string, inputs: readonly number[]): number {
  let h = kind === "and" ? 1 : kind === "or" ? 2 : 3;
  for (let k = 0; k < inputs.length; k++) h = Math.imul(h ^ inputs[k], 0x9e3779b1) ^ (h >>> 15);
  return h;
}

/**
 * Structural lookup in an open-addressing table of gate ids (`slots`, a power of two long, -1 for
 * empty): the slot holding a gate of `kind` over exactly `inputs`, or the empty slot where such a
 * gate belongs.
 */
export function gateSlot(slots: Int32Array, kind: string, inputs: readonly number[], kinds: readonly string[], inputsOf: readonly (readonly number[])[]): number {
  const mask = slots.length - 1;
  for (let i = gateHash(kind, inputs) & mask; ; i = (i + 1) & mask) {
    const other = slots[i];
    if (other < 0) return i;
    if (kinds[other] !== kind) continue;
    const theirs = inputsOf[other];
    if (theirs.length !== inputs.length) continue;
    let same = true;
    for (let k = 0; k < inputs.length && same; k++) same = theirs[k] === inputs[k];
    if (same) return i;
  }
}

/** The graph under construction: parallel arrays of components. */
export class Draft {
  readonly kind: ComponentKind[] = [];
  readonly label: string[] = [];
  readonly inputs: number[][] = [];
  private trueId = -1;
  private falseId = -1;
  /**
   * Gates made by `gate` and `not`, by structure: open addressing over gate ids (-1: empty), kept
   * under half full. `simplify` later rewrites gates' inputs to representatives; a gate found here
   * then has the same kind and the same inputs as asked for now, so it is still the same function
   * (an entry whose inputs changed may just not be found again: a sharing missed, which `merge`
   * makes up for).
   */
  private gateSlots = new Int32Array(1024).fill(-1);
  private gateCount = 0;

  add(kind: ComponentKind, label: string, inputs: number[]): number {
    this.kind.push(kind);
    this.label.push(label);
    this.inputs.push(inputs);
    return this.kind.length - 1;
  }
  get size(): number {
    return this.kind.length;
  }
  /** Names a gate after the (view) atom it computes, unless it has a name already. */
  name(id: number, kif: string): void {
    const k = this.kind[id];
    if ((k === "and" || k === "or" || k === "not") && this.label[id] === k) this.label[id] = kif;
  }
  constant(value: boolean): number {
    if (value) return this.trueId >= 0 ? this.trueId : (this.trueId = this.add("true", "TRUE", []));
    return this.falseId >= 0 ? this.falseId : (this.falseId = this.add("false", "FALSE", []));
  }
  /**
   * An AND/OR over `inputs`, shared with an equal one made before; one input is returned as is.
   * Takes `inputs` over: it is sorted and deduplicated in place and may become the new gate's list.
   */
  gate(kind: "and" | "or", inputs: number[]): number {
    inputs.sort((a, b) => a - b);
    let unique = 0;
    for (let k = 0; k < inputs.length; k++) if (k === 0 || inputs[k] !== inputs[k - 1]) inputs[unique++] = inputs[k];
    inputs.length = unique;
    if (unique === 1) return inputs[0];
    return this.shared(kind, inputs);
  }
  not(input: number): number {
    if (this.kind[input] === "not") return this.inputs[input][0];
    return this.shared("not", [input]);
  }
  /** The gate of this kind over exactly these inputs, made now if there is none yet. */
  private shared(kind: "and" | "or" | "not", inputs: number[]): number {
    const i = gateSlot(this.gateSlots, kind, inputs, this.kind, this.inputs);
    if (this.gateSlots[i] >= 0) return this.gateSlots[i];
    const id = this.add(kind, kind, inputs);
    this.gateSlots[i] = id;
    if (++this.gateCount * 2 > this.gateSlots.length) this.growGates();
    return id;
  }
  private growGates(): void {
    const old = this.gateSlots;
    this.gateSlots = new Int32Array(old.length * 2).fill(-1);
    const mask = this.gateSlots.length - 1;
    for (const id of old) {
      if (id < 0) continue;
      let i = gateHash(this.kind[id], this.inputs[id]) & mask;
      while (this.gateSlots[i] >= 0) i = (i + 1) & mask;
      this.gateSlots[i] = id;
    }
  }
}

/** The outputs of a draft, by draft component id. */
export interface DraftOutputs {
  baseIds: number[];
  transitionIds: number[];
  inputIds: number[];
  legals: { role: number; move: string; id: number; input: number }[];
  goals: { role: number; valueKif: string; id: number }[];
  sees: { role: number; percept: string; id: number }[];
  terminal: number;
  inits: { base: number; id: number }[];
}

/** The outputs of a draft whose propositions are `propOf(atom)` (-1: none), in atom order. */
export function collectOutputs(
  g: Normalized,
  baseIds: number[],
  transitionIds: number[],
  inputIds: number[],
  propOf: (atom: number) => number,
): DraftOutputs {
  const out: DraftOutputs = { baseIds, transitionIds, inputIds, legals: [], goals: [], sees: [], terminal: -1, inits: [] };
  for (let a = 0; a < g.kifs.length; a++) {
    const id = propOf(a);
    if (id < 0) continue;
    switch (g.propKind[a]) {
      case "legal":
        out.legals.push({ role: g.atomRole[a], move: g.inputs[g.moveInput[a]].move, id, input: g.moveInput[a] });
        break;
      case "goal":
        out.goals.push({ role: g.atomRole[a], valueKif: g.outputArg[a], id });
        break;
      case "sees":
        out.sees.push({ role: g.atomRole[a], percept: g.outputArg[a], id });
        break;
      case "terminal":
        out.terminal = id;
        break;
      case "init":
        out.inits.push({ base: g.fluentBase[a], id });
        break;
    }
  }
  return out;
}
