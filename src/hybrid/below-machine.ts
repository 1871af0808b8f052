/**
 * The atoms ground below the prover (below.ts), derived per state by a propnet engine and handed
 * to the prover as fluents (`DerivedFluents`, term-ids.ts), so that the prover's machine
 * (prover-machine.ts) reads chess's `legal2` off a list instead of deriving it.
 *
 * The below propnet's base fluents are P^base's (some may be missing: a fluent no below relation
 * reads is no proposition there); a state of the prover's machine is mapped onto them bit by bit.
 * The exported atoms are the legal moves of the below propnet's own role: the engine's
 * `legalMovesInto` lists those that hold in a state, the machinery every game's legal moves use
 * (the fast engine propagates what changed since the state before).
 * Pure computation: no Node imports.
 */
import type { GameStateMachine, StateHandle } from "../propnet/machine.js";
import type { DerivedFluents } from "./term-ids.js";

export class BelowFluents implements DerivedFluents {
  readonly fluents: readonly string[];
  /** Per base index of the prover's machine: the below engine's base index, or -1. */
  private readonly belowBase: Int32Array;
  /** Per input index of the below engine: the position of its atom among `fluents` (-1: another role's). */
  private readonly positionOf: Int32Array;
  private readonly roleIndex: number;
  private readonly legal: Int32Array;
  private readonly belowState: Uint32Array;
  /** States derived so far (each a propagation of the below engine). */
  statesDerived = 0;

  /**
   * `engine`: compiled over the below propnet whose role `role`'s legal moves are the exported
   * atoms; `baseFluents`: the prover's machine's base fluents (KIF, by base index).
   */
  constructor(
    private readonly engine: GameStateMachine,
    role: string,
    baseFluents: readonly string[],
  ) {
    const roleIndex = engine.roleIndex(role);
    if (roleIndex === undefined) throw new Error(`the below propnet has no role ${role}`);
    this.roleIndex = roleIndex;
    const belowIndex = new Map(engine.propnet.baseFluents.map((f, i) => [f, i]));
    this.belowBase = Int32Array.from(baseFluents, (f) => belowIndex.get(f) ?? -1);
    const fluents: string[] = [];
    this.positionOf = new Int32Array(engine.inputCount).fill(-1);
    for (let i = 0; i < engine.inputCount; i++) {
      if (engine.moveRole(i) !== roleIndex) continue;
      this.positionOf[i] = fluents.length;
      fluents.push(engine.moveKif(i));
    }
    this.fluents = fluents;
    this.legal = new Int32Array(engine.maxLegalMoves(roleIndex));
    this.belowState = new Uint32Array(engine.stateWords);
  }

  forEachHolding(state: ArrayLike<number>, hold: (position: number) => void): void {
    const below = this.belowState;
    below.fill(0);
    const { belowBase } = this;
    const words = (belowBase.length + 31) >>> 5;
    for (let w = 0; w < words; w++) {
      let word = state[w];
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const b = belowBase[(w << 5) + 31 - Math.clz32(low)];
        if (b >= 0) below[b >>> 5] |= 1 << (b & 31);
      }
    }
    this.statesDerived++;
    const n = this.engine.legalMovesInto(below as StateHandle, this.roleIndex, this.legal);
    for (let k = 0; k < n; k++) hold(this.positionOf[this.legal[k]]);
  }
}
