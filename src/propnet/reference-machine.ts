/**
 * The reference engine (`--engine reference`): a propnet compiled into a state machine the
 * plain way, kept to check the fast engine (fast/) against and to measure it by.
 *
 *   - Every component has a value slot in one `Uint8Array`; propositions that only pass a value
 *     on are compiled away (`resolveSlots`). The machine remembers the loaded state: asking
 *     several questions of one state costs one load; a step allocates nothing.
 *   - "differential" evaluation (propagation.ts, the default): every gate keeps the count of its
 *     true inputs; loading a state flips only the bases that differ from the loaded one, a joint
 *     move only the moves that differ from the last one, and each flip is pushed to the gates
 *     that read it as far as values change. Legal, goal and terminal are then read directly.
 *   - "full" evaluation (also whenever the propnet has cycles): op lists (op-list.ts) in the
 *     order of gate-order.ts, one per cone (the gates an output depends on): `lt` legal +
 *     terminal, run when a state is loaded; `goal` minus `lt`, on the first `goals()` of a
 *     state; `next` minus `lt`, by every `nextState`, except its ORs whose inputs are all moves,
 *     set from the joint move (grounding `(does ?r ?m)` with `distinct` makes ORs of hundreds of
 *     moves); `init`, once.
 *
 * Measured: the differential evaluation is faster on every game tried (tictactoe 1.6×, connect
 * four 3×, breakthrough 2×, reversi 2×), hence the default.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "./propnet.js";
import { isGate } from "./propnet.js";
import { Propagator } from "./propagation.js";
import { buildPropnet, type BuildPropnetOptions } from "./build.js";
import type { GroundGame } from "../ground/ground-game.js";
import type { EngineName, PropnetCompileError, StateHandle } from "./machine.js";
import { PropnetMachineBase } from "./machine-base.js";
import { OpList, opKind, type Op } from "./op-list.js";
import { gateOrder, type CompileOptions } from "./gate-order.js";

export const DEFAULT_EVALUATION: "full" | "differential" = "differential";

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

/** The reference engine (`--engine reference`): the fast engine (fast/machine.ts) is checked against it. */
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
  /** GDL-II's percepts: the gates the sees propositions read, outside `lt` (run with the joint move set). */
  private readonly seesOps: OpList;
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

    // cones of gates, in topological order
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
          else ops.push({ kind: opKind(c.kind as "and" | "or" | "not"), target: id, inputs, block: blockOf[id] });
        }
      return { ops: new OpList(ops), mark };
    };
    const lt = cone([...this.legalSlot, this.terminalSlot]);
    this.lt = lt.ops;
    this.goalOps = cone(this.goalSlot, lt.mark).ops;
    this.seesOps = cone(this.seesSlot, lt.mark).ops;
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
      new OpList(gates.map((g) => ({ kind: opKind(g.kind), target: g.id, inputs: g.inputs, block: -1 }))).run(this.values);
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
    const gates = gateOrder(p, options);
    if ("kind" in gates) return gates;
    return new PropnetStateMachine(p, gates.slotOf, gates.order, gates.blockOf, options.evaluation ?? DEFAULT_EVALUATION);
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
    if (this.propagator) {
      this.setMovesDifferential(jointMove);
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

  /** Differential evaluation: the joint move set (it stays set until the next one: legal, goal and terminal do not read it). */
  private setMovesDifferential(jointMove: ArrayLike<number>): void {
    const propagator = this.propagator!;
    const active = this.activeInputs;
    for (let r = 0; r < active.length; r++) {
      const slot = this.inputSlot[jointMove[r]];
      if (active[r] === slot) continue;
      if (active[r] >= 0) propagator.set(active[r], 0);
      propagator.set(slot, 1);
      active[r] = slot;
    }
  }

  /**
   * The values with the state loaded and the joint move set, the sees propositions' gates
   * evaluated. Full evaluation: the moves are set for `seesOps` and unset after `read`, as
   * `nextStateInto` does; its gates are computed from the moves themselves (no ORs of moves taken
   * from feeds).
   */
  protected withPerceptValues(state: StateHandle, jointMove: readonly number[], read: (values: Uint8Array) => void): void {
    this.load(state);
    const values = this.values;
    if (this.propagator) {
      this.setMovesDifferential(jointMove);
      read(values);
      return;
    }
    const active = this.activeInputs;
    for (let r = 0; r < active.length; r++) {
      active[r] = this.inputSlot[jointMove[r]];
      values[active[r]] = 1;
    }
    this.seesOps.run(values);
    read(values);
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
