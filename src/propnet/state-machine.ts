/**
 * A game state machine compiled from a propnet (issue 4, item 3).
 *
 * Representation:
 *   - A state (`StateHandle`) is a bitset over base indices (`Propnet.baseFluents`): bit b of
 *     word b >>> 5 is set when fluent b holds. Handles are never changed by the machine; treat
 *     them as immutable values (equal contents = equal states).
 *   - A move is an input index (into `Propnet.inputs`, global over all roles); a joint move is
 *     one input index per role, in role order.
 *   - Every component has a value slot in one `Uint8Array`. Propositions that only pass a value
 *     on (view, next, legal, goal, terminal, init) are compiled away: readers read the slot of
 *     the gate, base or input proposition or constant that drives them.
 *   - The machine remembers the loaded state (a copy of its words): asking several questions
 *     of one state costs one load. A step (`legalMovesInto`, `nextStateInto`) allocates nothing.
 *
 * Two evaluations (`CompileOptions.evaluation`), both measured (see the report of
 * `measureStateMachine`); differential is the default, being faster on every game tried
 * (tictactoe 1.6x, connectFour 3x, breakthrough 2x, reversi 2x):
 *   - "differential" (propagation.ts): every gate keeps the count of its true inputs; loading
 *     a state flips only the base propositions that differ from the loaded one, a joint move
 *     flips only the moves that differ from the last one, and each flip is pushed to the gates
 *     that read it as far as values change. Legal, goal and terminal are then read directly.
 *   - "full" (also used whenever the propnet has cycles): gates are compiled into op lists
 *     (kind `Uint8Array`, target slot `Int32Array`, input offsets `Int32Array` into one
 *     `Int32Array` of input slots) in topological order, one list per cone (the gates an
 *     output depends on):
 *       `lt`    legal + terminal,              run when a new state is loaded;
 *       `goal`  goal, minus `lt`,              run on the first `goals()` of a loaded state;
 *       `next`  next propositions, minus `lt`, run by every `nextState`; an OR in it whose
 *               inputs are all moves is not evaluated but set from the moves of the joint
 *               move (grounding `(does ?r ?m)` with `distinct` makes ORs of hundreds of moves);
 *       `init`  init propositions,             run once, with every base and input false.
 *     The gates of a cycle (`cycles: "fixpoint"`) are iterated to their least fixpoint.
 */
import type { Propnet } from "./propnet.js";
import { isGate, isProposition } from "./propnet.js";
import { cyclicComponents, topologicalOrder } from "./graph.js";
import { Propagator } from "./propagation.js";
import { buildPropnet, type BuildPropnetOptions } from "./build.js";
import type { GroundGame } from "../ground/ground-game.js";
import type { PropnetCycle } from "./propnet.js";
import type { EngineName, GameStateMachine, StateHandle } from "./machine.js";
import { PropnetMachineBase } from "./machine-base.js";

export type { StateHandle } from "./machine.js";

export interface CompileOptions {
  /** Cycles without a transition: "error" (the default) or "fixpoint" (see `PropnetStateMachine.compile`). */
  readonly cycles?: "error" | "fixpoint";
  /**
   * "full": evaluate the cones of the outputs asked for, gate by gate; "differential": keep
   * every gate up to date by propagating the changes of base and input values (a propnet with
   * cycles is always evaluated in full). Default: DEFAULT_EVALUATION.
   */
  readonly evaluation?: "full" | "differential";
}

export const DEFAULT_EVALUATION: "full" | "differential" = "differential";

/** Why a propnet could not be compiled. */
export interface PropnetCompileError {
  readonly kind: "propnet-compile-error";
  readonly message: string;
  readonly cycles: readonly PropnetCycle[];
}

const OP_AND = 0;
const OP_OR = 1;
const OP_NOT = 2;

/** One gate to evaluate: `block` >= 0 marks the members of one cycle (they are consecutive). */
interface Op {
  readonly kind: number;
  readonly target: number;
  readonly inputs: readonly number[];
  readonly block: number;
}

/**
 * A list of gates in topological order, over the value slots of the machine. The gates of a
 * cycle (only with `cycles: "fixpoint"`) form a block that is iterated from all-false until
 * nothing changes: the least fixpoint, which is what a positive recursion means in GDL.
 */
class OpList {
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

/** Sizes of the compiled machine (for reports). */
export interface StateMachineStats {
  readonly evaluation: "full" | "differential";
  readonly slots: number;
  readonly legalTerminalOps: number;
  readonly goalOps: number;
  readonly nextOps: number;
  /** ORs of the next cone whose inputs are all moves: set from the joint move, not evaluated. */
  readonly moveOrs: number;
  readonly initOps: number;
}

/** The reference engine (`--engine reference`): the fast engine (fast-machine.ts) is checked against it. */
export class PropnetStateMachine extends PropnetMachineBase {
  readonly engine: EngineName = "reference";
  readonly stats: StateMachineStats;

  private readonly values: Uint8Array;
  private readonly baseSlot: Int32Array;
  /** Per base index: the slot that drives its next proposition, or -1. */
  private readonly nextSlot: Int32Array;
  private readonly inputSlot: Int32Array;
  /** Legal entries grouped by role: [legalStart[r], legalStart[r+1]). */
  private readonly legalStart: Int32Array;
  private readonly legalSlot: Int32Array;
  private readonly legalInput: Int32Array;
  private readonly terminalSlot: number;
  private readonly initSlot: Int32Array;
  private readonly initBase: Int32Array;
  private readonly lt: OpList;
  private readonly goalOps: OpList;
  private readonly nextOps: OpList;
  private readonly initOps: OpList;
  private readonly moveOrTargets: Int32Array;
  private readonly propagator: Propagator | undefined;
  /** Per input index: the move ORs it feeds, [moveFeedStart[i], moveFeedStart[i+1]) in moveFeeds. */
  private readonly moveFeedStart: Int32Array;
  private readonly moveFeeds: Int32Array;

  private readonly loaded: Uint32Array;
  private loadedValid = false;
  private goalsValid = false;
  /** Input slots set by the last nextState (cleared after it). */
  private readonly activeInputs: Int32Array;
  private initial: Uint32Array | undefined;

  /** Use `compileStateMachine`, which checks the propnet first. */
  private constructor(p: Propnet, slotOf: Int32Array, order: readonly number[], blockOf: Int32Array, evaluation: "full" | "differential") {
    super(p, slotOf);
    const comps = p.components;
    this.values = new Uint8Array(comps.length);
    for (const c of comps) if (c.kind === "true") this.values[c.id] = 1;

    this.baseSlot = Int32Array.from(p.baseIds);
    this.nextSlot = Int32Array.from(p.transitionIds, (t) => (t < 0 ? -1 : slotOf[comps[t].inputs[0]]));
    this.inputSlot = Int32Array.from(p.inputs, (m) => m.id);
    const nRoles = p.roles.length;

    const byRole = <T extends { role: number }>(items: readonly T[]) => {
      const start = new Int32Array(nRoles + 1);
      const sorted = [...items].sort((a, b) => a.role - b.role);
      for (const x of sorted) start[x.role + 1]++;
      for (let r = 0; r < nRoles; r++) start[r + 1] += start[r];
      return { start, sorted };
    };
    const legals = byRole(p.legals);
    this.legalStart = legals.start;
    this.legalSlot = Int32Array.from(legals.sorted, (l) => slotOf[l.id]);
    this.legalInput = Int32Array.from(legals.sorted, (l) => l.input);
    this.terminalSlot = p.terminal >= 0 ? slotOf[p.terminal] : -1;
    this.initSlot = Int32Array.from(p.inits, (x) => slotOf[x.id]);
    this.initBase = Int32Array.from(p.inits, (x) => x.base);

    // cones of gates, by topological position
    const position = new Int32Array(comps.length).fill(-1);
    order.forEach((id, i) => (position[id] = i));
    const isInputSlot = (s: number) => comps[s].kind === "input";
    const moveOrs: { target: number; inputs: number[] }[] = [];
    const cone = (slots: Iterable<number>, exclude?: Uint8Array, splitMoveOrs = false): { ops: OpList; mark: Uint8Array } => {
      const mark = new Uint8Array(comps.length);
      const stack: number[] = [];
      for (const s of slots) if (s >= 0 && isGate(comps[s].kind) && !mark[s]) {
        mark[s] = 1;
        stack.push(s);
      }
      while (stack.length > 0) {
        const v = stack.pop()!;
        for (const w of comps[v].inputs) {
          const s = slotOf[w];
          if (isGate(comps[s].kind) && !mark[s]) {
            mark[s] = 1;
            stack.push(s);
          }
        }
      }
      const ops: Op[] = [];
      for (const id of order)
        if (mark[id] && !(exclude && exclude[id])) {
          const c = comps[id];
          const inputs = c.inputs.map((w) => slotOf[w]);
          if (splitMoveOrs && c.kind === "or" && inputs.every(isInputSlot)) moveOrs.push({ target: id, inputs });
          else ops.push({ kind: c.kind === "and" ? OP_AND : c.kind === "or" ? OP_OR : OP_NOT, target: id, inputs, block: blockOf[id] });
        }
      return { ops: new OpList(ops), mark };
    };
    const lt = cone([...this.legalSlot, this.terminalSlot]);
    this.lt = lt.ops;
    this.goalOps = cone(this.goalSlot, lt.mark).ops;
    this.nextOps = cone(this.nextSlot, lt.mark, true).ops;
    this.initOps = cone(this.initSlot).ops;
    // ORs over moves only: set by the moves of the joint move instead of read input by input
    this.moveOrTargets = Int32Array.from(moveOrs, (o) => o.target);
    const inputOfSlot = new Map(p.inputs.map((m, i) => [m.id, i]));
    const feeds: number[][] = p.inputs.map(() => []);
    for (const o of moveOrs) for (const s of o.inputs) feeds[inputOfSlot.get(s)!].push(o.target);
    this.moveFeedStart = new Int32Array(p.inputs.length + 1);
    feeds.forEach((f, i) => (this.moveFeedStart[i + 1] = this.moveFeedStart[i] + f.length));
    this.moveFeeds = Int32Array.from(feeds.flat());
    // differential propagation: values of every gate kept up to date from base and input changes
    const acyclic = order.every((id) => blockOf[id] < 0);
    if (evaluation === "differential" && acyclic) {
      const gates = order.map((id) => ({ id, kind: comps[id].kind as "and" | "or" | "not", inputs: comps[id].inputs.map((w) => slotOf[w]) }));
      new OpList(gates.map((g) => ({ kind: g.kind === "and" ? OP_AND : g.kind === "or" ? OP_OR : OP_NOT, target: g.id, inputs: g.inputs, block: -1 }))).run(this.values);
      this.propagator = new Propagator(this.values, gates);
    }
    this.stats = {
      evaluation: this.propagator ? "differential" : "full",
      slots: comps.length,
      legalTerminalOps: this.lt.size,
      goalOps: this.goalOps.size,
      nextOps: this.nextOps.size,
      moveOrs: moveOrs.length,
      initOps: this.initOps.size,
    };

    this.loaded = new Uint32Array(this.stateWords);
    this.activeInputs = new Int32Array(nRoles).fill(-1);
  }

  /**
   * Compiles a propnet. With a cycle without a transition it fails (as a value) unless
   * `cycles: "fixpoint"`; then each cycle of gates is evaluated to its least fixpoint, and only
   * a cycle through a NOT (no stratification) is an error.
   */
  static compile(p: Propnet, options: CompileOptions = {}): PropnetStateMachine | PropnetCompileError {
    const layout = gateLayout(p, options);
    if ("kind" in layout) return layout;
    const { slotOf, blocks, blockOf, gateInputs, isGateId } = layout;
    const comps = p.components;
    const n = comps.length;
    const evaluation = options.evaluation ?? DEFAULT_EVALUATION;
    // ids are topological in a propnet without cycles
    if (blocks.length === 0 && layout.acyclic)
      return new PropnetStateMachine(p, slotOf, comps.filter((c) => isGate(c.kind)).map((c) => c.id), blockOf, evaluation);
    // topological order of the condensation: a block stands for its first member
    const head = (v: number) => (blockOf[v] >= 0 ? blocks[blockOf[v]][0] : v);
    const condensed = topologicalOrder(
      n,
      (v) => {
        const members = blockOf[v] >= 0 ? blocks[blockOf[v]] : [v];
        return [...new Set(members.flatMap(gateInputs).map(head))].filter((w) => w !== v);
      },
      (v) => isGateId(v) && head(v) === v,
    );
    const order: number[] = [];
    for (const v of condensed.order) {
      if (blockOf[v] >= 0) order.push(...[...blocks[blockOf[v]]].sort((a, b) => a - b));
      else order.push(v);
    }
    return new PropnetStateMachine(p, slotOf, order, blockOf, evaluation);
  }

  private load(state: StateHandle): void {
    const loaded = this.loaded;
    if (this.loadedValid) {
      let same = true;
      for (let w = 0; w < loaded.length; w++)
        if (loaded[w] !== state[w]) {
          same = false;
          break;
        }
      if (same) return;
    }
    loaded.set(state.subarray(0, loaded.length));
    const values = this.values;
    const baseSlot = this.baseSlot;
    const propagator = this.propagator;
    if (propagator) {
      for (let b = 0; b < baseSlot.length; b++) {
        const v = (state[b >>> 5] >>> (b & 31)) & 1;
        if (values[baseSlot[b]] !== v) propagator.set(baseSlot[b], v);
      }
      this.loadedValid = true;
      return;
    }
    for (let b = 0; b < baseSlot.length; b++) values[baseSlot[b]] = (state[b >>> 5] >>> (b & 31)) & 1;
    this.lt.run(values);
    this.loadedValid = true;
    this.goalsValid = false;
  }

  /** The initial state: the init propositions evaluated with every base and input false. */
  initialState(): StateHandle {
    if (!this.initial) {
      const values = this.values.slice(); // a scratch copy: the loaded state stays as it is
      for (let b = 0; b < this.baseSlot.length; b++) values[this.baseSlot[b]] = 0;
      for (let i = 0; i < this.inputSlot.length; i++) values[this.inputSlot[i]] = 0;
      this.initOps.run(values);
      const state = new Uint32Array(this.stateWords);
      for (let k = 0; k < this.initSlot.length; k++)
        if (values[this.initSlot[k]]) state[this.initBase[k] >>> 5] |= 1 << (this.initBase[k] & 31);
      this.initial = state;
    }
    return this.initial.slice();
  }

  /** Writes the legal moves (input indices, ascending) of a role into `out`; returns how many. */
  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number {
    this.load(state);
    const values = this.values;
    let count = 0;
    for (let k = this.legalStart[roleIndex], e = this.legalStart[roleIndex + 1]; k < e; k++)
      if (values[this.legalSlot[k]]) out[count++] = this.legalInput[k];
    return count;
  }

  /** Legal moves of a role as input indices, ascending. */
  legalMoves(state: StateHandle, roleIndex: number): number[] {
    const out = new Int32Array(this.legalStart[roleIndex + 1] - this.legalStart[roleIndex]);
    return Array.from(out.subarray(0, this.legalMovesInto(state, roleIndex, out)));
  }

  /** Writes the successor of `state` under a joint move (one input index per role) into `out`. */
  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void {
    this.load(state);
    const values = this.values;
    const active = this.activeInputs;
    const propagator = this.propagator;
    if (propagator) {
      // the moves stay set until the next joint move: legal, goal and terminal do not read them
      for (let r = 0; r < active.length; r++) {
        const slot = this.inputSlot[jointMove[r]];
        if (active[r] === slot) continue;
        if (active[r] >= 0) propagator.set(active[r], 0);
        propagator.set(slot, 1);
        active[r] = slot;
      }
      this.readNext(out);
      return;
    }
    const moveOrTargets = this.moveOrTargets;
    for (let k = 0; k < moveOrTargets.length; k++) values[moveOrTargets[k]] = 0;
    for (let r = 0; r < active.length; r++) {
      const move = jointMove[r];
      const slot = this.inputSlot[move];
      active[r] = slot;
      values[slot] = 1;
      for (let j = this.moveFeedStart[move], e = this.moveFeedStart[move + 1]; j < e; j++) values[this.moveFeeds[j]] = 1;
    }
    this.nextOps.run(values);
    this.readNext(out);
    for (let r = 0; r < active.length; r++) values[active[r]] = 0;
  }

  private readNext(out: Uint32Array): void {
    const values = this.values;
    out.fill(0);
    const nextSlot = this.nextSlot;
    for (let b = 0; b < nextSlot.length; b++) {
      const s = nextSlot[b];
      if (s >= 0 && values[s] !== 0) out[b >>> 5] |= 1 << (b & 31);
    }
  }

  isTerminal(state: StateHandle): boolean {
    this.load(state);
    return this.terminalSlot >= 0 && this.values[this.terminalSlot] !== 0;
  }

  /** The goal value of each role (the highest one that holds), or null when none holds. */
  goals(state: StateHandle): (number | null)[] {
    this.load(state);
    if (!this.goalsValid && !this.propagator) {
      this.goalOps.run(this.values);
      this.goalsValid = true;
    }
    return this.goalsFrom(this.values);
  }

  /** Number of legal propositions of a role (an upper bound of its legal moves). */
  maxLegalMoves(roleIndex: number): number {
    return this.legalStart[roleIndex + 1] - this.legalStart[roleIndex];
  }
}

export function isCompileError<M extends GameStateMachine>(x: M | PropnetCompileError): x is PropnetCompileError {
  return (x as Partial<PropnetCompileError>).kind === "propnet-compile-error";
}

/** `PropnetStateMachine.compile`. */
interface GateLayout {
  /** Per component: the component whose value it carries (pass-through propositions resolved). */
  readonly slotOf: Int32Array;
  /** Whether gate ids are already in topological order (no gate reads a later gate). */
  readonly acyclic: boolean;
  /** The cycles of gates (strongly connected blocks), empty when `acyclic`. */
  readonly blocks: readonly number[][];
  /** Per component: its block, or -1. */
  readonly blockOf: Int32Array;
  readonly gateInputs: (v: number) => number[];
  readonly isGateId: (v: number) => boolean;
}

/** Propositions that only pass a value on: readers read the slot of what drives them. */
const PASS_THROUGH: ReadonlySet<string> = new Set(["view", "next", "legal", "goal", "terminal", "init"]);

/** The slot of each component (both engines): pass-through propositions are followed to what drives them. */
export function resolveSlots(p: Propnet): Int32Array {
  const comps = p.components;
  const n = comps.length;
  const slotOf = new Int32Array(n);
  for (const c of comps) {
    let id = c.id;
    for (let steps = 0; steps <= n; steps++) {
      const k = comps[id].kind;
      if (PASS_THROUGH.has(k) && comps[id].inputs.length === 1) id = comps[id].inputs[0];
      else break;
    }
    slotOf[c.id] = id;
  }
  return slotOf;
}

/**
 * How the gates of a propnet can be evaluated: the slots, and the cycles of gates, or why the
 * propnet cannot be played: a cycle without `cycles: "fixpoint"`, or a cycle through a NOT.
 */
function gateLayout(p: Propnet, options: CompileOptions): GateLayout | PropnetCompileError {
  const fixpoint = options.cycles === "fixpoint";
  if (p.cycles.length > 0 && !fixpoint)
    return {
      kind: "propnet-compile-error",
      message: `the propnet has ${p.cycles.length} cycle(s) without a transition, e.g. ${p.cycles[0].propositions.slice(0, 5).join(" ")}`,
      cycles: p.cycles,
    };
  const comps = p.components;
  const n = comps.length;
  const slotOf = resolveSlots(p);
  const isGateId = (v: number) => isGate(comps[v].kind);
  const gateInputs = (v: number) => comps[v].inputs.map((w) => slotOf[w]).filter(isGateId);
  const blockOf = new Int32Array(n).fill(-1);
  let acyclic = true;
  for (const c of comps) {
    if (!isGate(c.kind)) continue;
    if (c.kind === "not" && c.inputs.length !== 1)
      return { kind: "propnet-compile-error", message: `not gate #${c.id} has ${c.inputs.length} inputs`, cycles: [] };
    if (gateInputs(c.id).some((s) => s >= c.id)) acyclic = false;
  }
  if (acyclic) return { slotOf, acyclic, blocks: [], blockOf, gateInputs, isGateId };
  const blocks = cyclicComponents(n, gateInputs, isGateId);
  const namesOf = new Map<number, string[]>();
  for (const c of comps)
    if (isProposition(c.kind) || (isGate(c.kind) && c.label !== c.kind)) {
      const list = namesOf.get(slotOf[c.id]);
      if (list) list.push(c.label);
      else namesOf.set(slotOf[c.id], [c.label]);
    }
  const named = (members: readonly number[]): PropnetCycle => ({
    kind: "propnet-cycle",
    propositions: [...new Set(members.flatMap((v) => namesOf.get(v) ?? []))].sort(),
  });
  if (!fixpoint) return { kind: "propnet-compile-error", message: "the propnet has cycles without a transition", cycles: blocks.map((b) => named(b)) };
  blocks.forEach((members, b) => members.forEach((v) => (blockOf[v] = b)));
  const negative = blocks.filter((members) => members.some((v) => comps[v].kind === "not"));
  if (negative.length > 0)
    return { kind: "propnet-compile-error", message: "a cycle without a transition goes through a NOT (the rules are not stratified)", cycles: negative.map(named) };
  return { slotOf, acyclic, blocks, blockOf, gateInputs, isGateId };
}

/**
 * Why a propnet cannot be played, without compiling a state machine: a cycle of gates through a
 * NOT (or, with `cycles: "error"`, any cycle of gates); undefined when it can be.
 */
export function unplayableReason(p: Propnet, options: CompileOptions = { cycles: "fixpoint" }): PropnetCompileError | undefined {
  const layout = gateLayout(p, options);
  return "kind" in layout ? layout : undefined;
}

export function compileStateMachine(p: Propnet, options: CompileOptions = {}): PropnetStateMachine | PropnetCompileError {
  return PropnetStateMachine.compile(p, options);
}

/** Builds the (optimized) propnet of a ground game and compiles its state machine. */
export function createStateMachine(
  game: GroundGame,
  options: BuildPropnetOptions & CompileOptions = {},
): PropnetStateMachine | PropnetCompileError {
  return PropnetStateMachine.compile(buildPropnet(game, options), options);
}
