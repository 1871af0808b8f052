/**
 * What both engines (fast/machine.ts, reference-machine.ts) share around their evaluation: the
 * slot of each component (`resolveSlots`), states as bitsets over base indices and their KIF,
 * roles and moves by name, the checked `nextState` and `percepts`, legal moves as KIF, and goal
 * values and percepts read from the values of the goal and sees propositions.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "./propnet.js";
import { propnetArrays } from "./build/arrays.js";
import { COMPONENT_KIND } from "./build/kinds.js";
import { RANDOM_ROLE } from "../syntax/ast.js";
import type { EngineName, GameStateMachine, StateHandle } from "./machine.js";

/** Propositions that only pass a value on: readers read the slot of what drives them. */
const PASS_THROUGH: ReadonlySet<string> = new Set(["view", "next", "legal", "goal", "terminal", "init", "sees"]);

/** The slot of each component (both engines): pass-through propositions are followed to what drives them. */
export function resolveSlots(p: Propnet): Int32Array {
  // on the arrays, not `p.components`: the compile never makes the component objects (build/arrays.ts)
  const { kind, inputStart, inputs } = propnetArrays(p);
  const n = kind.length;
  const passThrough = new Uint8Array(COMPONENT_KIND.length);
  COMPONENT_KIND.forEach((k, code) => (passThrough[code] = PASS_THROUGH.has(k) ? 1 : 0));
  const slotOf = new Int32Array(n);
  for (let c = 0; c < n; c++) {
    let id = c;
    for (let steps = 0; steps <= n; steps++) {
      if (passThrough[kind[id]] === 1 && inputStart[id + 1] - inputStart[id] === 1) id = inputs[inputStart[id]];
      else break;
    }
    slotOf[c] = id;
  }
  return slotOf;
}

export abstract class PropnetMachineBase implements GameStateMachine {
  abstract readonly engine: EngineName;
  readonly roles: readonly string[];
  readonly propnet: Propnet;
  readonly baseCount: number;
  readonly inputCount: number;
  /** Words (32 bits) per state. */
  readonly stateWords: number;
  /** Per input index: its role. */
  protected readonly inputRole: Int32Array;
  /** Goal propositions with a value, by role: [goalStart[r], goalStart[r+1]) of goalSlot (their slots) and goalValue. */
  protected readonly goalStart: Int32Array;
  protected readonly goalSlot: Int32Array;
  protected readonly goalValue: Float64Array;
  /** Sees propositions by role: [seesStart[r], seesStart[r+1]) of seesSlot (their slots) and seesPercept (KIF). */
  protected readonly seesStart: Int32Array;
  protected readonly seesSlot: Int32Array;
  private readonly seesPercept: readonly string[];
  readonly randomRole: string | undefined;
  private readonly roleIndexMap: Map<string, number>;
  /** Made when first asked for (amazons: 173,962 moves). */
  private moveIndexMap: Map<string, number> | undefined;
  private baseIndexMap: Map<string, number> | undefined;

  /** `slotOf`: per component, the slot its value is kept in (see `resolveSlots`). */
  protected constructor(p: Propnet, slotOf: Int32Array) {
    this.propnet = p;
    this.roles = p.roles;
    this.baseCount = p.baseFluents.length;
    this.inputCount = p.inputs.length;
    this.stateWords = Math.max(1, (this.baseCount + 31) >>> 5);
    this.inputRole = Int32Array.from(p.inputs, (m) => m.role);
    const goals = p.goals.filter((x) => x.value !== null).sort((a, b) => a.role - b.role);
    this.goalStart = new Int32Array(p.roles.length + 1);
    for (const x of goals) this.goalStart[x.role + 1]++;
    for (let r = 0; r < p.roles.length; r++) this.goalStart[r + 1] += this.goalStart[r];
    this.goalSlot = Int32Array.from(goals, (x) => slotOf[x.id]);
    this.goalValue = Float64Array.from(goals, (x) => x.value ?? 0);
    const sees = [...p.sees].sort((a, b) => a.role - b.role || (a.percept < b.percept ? -1 : a.percept > b.percept ? 1 : 0));
    this.seesStart = new Int32Array(p.roles.length + 1);
    for (const x of sees) this.seesStart[x.role + 1]++;
    for (let r = 0; r < p.roles.length; r++) this.seesStart[r + 1] += this.seesStart[r];
    this.seesSlot = Int32Array.from(sees, (x) => slotOf[x.id]);
    this.seesPercept = sees.map((x) => x.percept);
    this.randomRole = p.roles.includes(RANDOM_ROLE) ? RANDOM_ROLE : undefined;
    this.roleIndexMap = new Map(p.roles.map((r, i) => [r, i]));
  }

  abstract initialState(): StateHandle;
  abstract legalMoves(state: StateHandle, roleIndex: number): number[];
  abstract legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number;
  abstract nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void;
  abstract isTerminal(state: StateHandle): boolean;
  abstract goals(state: StateHandle): (number | null)[];
  abstract maxLegalMoves(roleIndex: number): number;
  /**
   * Calls `read` with the values after the joint move (checked) is set in the state: the sees
   * propositions' slots hold what each role perceives.
   */
  protected abstract withPerceptValues(state: StateHandle, jointMove: readonly number[], read: (values: Uint8Array) => void): void;

  /** What each role perceives when the joint move is played in the state (see `GameStateMachine.percepts`). */
  percepts(state: StateHandle, jointMove: readonly number[]): Record<string, string[]> {
    this.checkJointMove(jointMove);
    const result: Record<string, string[]> = {};
    for (const role of this.roles) result[role] = [];
    // a GDL game has no sees proposition: nothing to evaluate
    if (this.seesSlot.length === 0) return result;
    this.withPerceptValues(state, jointMove, (values) => {
      for (let r = 0; r < this.roles.length; r++)
        for (let k = this.seesStart[r], e = this.seesStart[r + 1]; k < e; k++) if (values[this.seesSlot[k]]) result[this.roles[r]].push(this.seesPercept[k]);
    });
    return result;
  }

  /** The goal value of each role (the highest whose proposition holds in `values`), or null. */
  protected goalsFrom(values: Uint8Array): (number | null)[] {
    const result: (number | null)[] = [];
    for (let r = 0; r < this.roles.length; r++) {
      let best: number | null = null;
      for (let k = this.goalStart[r], e = this.goalStart[r + 1]; k < e; k++)
        if (values[this.goalSlot[k]] && (best === null || this.goalValue[k] > best)) best = this.goalValue[k];
      result.push(best);
    }
    return result;
  }

  /** Legal moves of a role as KIF, sorted. */
  legalMoveKifs(state: StateHandle, role: string | number): string[] {
    const r = typeof role === "number" ? role : this.roleIndexMap.get(role);
    if (r === undefined) return [];
    return this.legalMoves(state, r)
      .map((i) => this.propnet.inputs[i].move)
      .sort();
  }

  /**
   * The successor state under a joint move (one input index per role, in role order). Throws a
   * RangeError when the joint move does not have one move of the right role per role (a
   * programming error, not a game property).
   */
  nextState(state: StateHandle, jointMove: readonly number[]): StateHandle {
    this.checkJointMove(jointMove);
    const out = new Uint32Array(this.stateWords);
    this.nextStateInto(state, jointMove, out);
    return out;
  }

  /** A RangeError unless the joint move has one move of the right role per role (a programming error, not a game property). */
  private checkJointMove(jointMove: readonly number[]): void {
    if (jointMove.length !== this.roles.length) throw new RangeError(`a joint move needs ${this.roles.length} moves`);
    jointMove.forEach((m, r) => {
      if (!(m >= 0 && m < this.inputCount) || this.inputRole[m] !== r) throw new RangeError(`move ${m} is not an input of role ${this.roles[r]}`);
    });
  }

  /** Base indices of the fluents that hold, ascending. */
  stateToBaseIndices(state: StateHandle): number[] {
    const out: number[] = [];
    for (let b = 0; b < this.baseCount; b++) if ((state[b >>> 5] >>> (b & 31)) & 1) out.push(b);
    return out;
  }

  stateFromBaseIndices(indices: Iterable<number>): StateHandle {
    const state = new Uint32Array(this.stateWords);
    for (const b of indices) state[b >>> 5] |= 1 << (b & 31);
    return state;
  }

  /** The fluents that hold (KIF without `true`), sorted. */
  stateToKif(state: StateHandle): string[] {
    return this.stateToBaseIndices(state)
      .map((b) => this.propnet.baseFluents[b])
      .sort();
  }

  /** A state from fluents (KIF without `true`); undefined when one is not a base fluent. */
  stateFromKif(fluents: Iterable<string>): StateHandle | undefined {
    const index = (this.baseIndexMap ??= new Map(this.propnet.baseFluents.map((f, i) => [f, i])));
    const indices: number[] = [];
    for (const f of fluents) {
      const b = index.get(f);
      if (b === undefined) return undefined;
      indices.push(b);
    }
    return this.stateFromBaseIndices(indices);
  }

  roleIndex(role: string): number | undefined {
    return this.roleIndexMap.get(role);
  }

  /** The input index of a role's move (role by name or index), or undefined. */
  moveIndex(role: string | number, moveKif: string): number | undefined {
    const r = typeof role === "number" ? role : this.roleIndexMap.get(role);
    if (r === undefined) return undefined;
    this.moveIndexMap ??= new Map(this.propnet.inputs.map((m, i) => [`${m.role} ${m.move}`, i]));
    return this.moveIndexMap.get(`${r} ${moveKif}`);
  }

  moveKif(inputIndex: number): string {
    return this.propnet.inputs[inputIndex].move;
  }

  moveRole(inputIndex: number): number {
    return this.inputRole[inputIndex];
  }
}
