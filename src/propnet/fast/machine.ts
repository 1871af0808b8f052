/**
 * The fast propnet state machine (`--engine fast`, the default): a compiled runtime
 * (compile.ts, runtime.ts) behind the `GameStateMachine` interface. Every question loads the
 * state asked about (flipping only what differs from the loaded one) and reads the runtime's
 * values, legal sets and next words; flat Monte-Carlo and perft run inside the runtime.
 *
 * Why: a player and the benchmarks ask the same questions of both engines; the reference engine
 * checks this one, state by state (test/fast-machine.test.ts, `npm run verify`).
 * Measured against the reference engine (results/reasoning.md: interleaved, median of 3 rounds):
 * flat MC connect four 3.6×, breakthrough 5.9×, english checkers 3.1×, speedChess 18.7×, hex
 * 4.2×, reversi 4.8×, amazons 6.9×; perft 6.5×, 17.2×, 4.1×, 17.8×, 19.5×, 4.8×, 27.2×.
 * Propnets with cycles without a transition are not run here: see compile-machine.ts.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "../propnet.js";
import type { EngineName, PerftResult, StateHandle } from "../machine.js";
import { PropnetMachineBase } from "../machine-base.js";
import { wiringOf } from "./wiring.js";
import type { FastCompileOptions } from "./options.js";
import type { FastMachineStats } from "./layout.js";
import type { FastRuntime } from "./runtime.js";
import { compileFast } from "./compile.js";

export class FastStateMachine extends PropnetMachineBase {
  readonly engine: EngineName = "fast";
  readonly stats: FastMachineStats;
  private readonly runtime: FastRuntime;
  /** Whether the engine's own loops unset the moves before loading another state (probe.ts). */
  private readonly clearBeforeLoad: boolean;
  /** Whether `randomPlayoutNodes` starts a playout from a snapshot of the initial state (probe.ts). */
  private readonly restoreSnapshot: boolean;

  /** Why a propnet cannot be run by this engine (cycles without a transition), or undefined. */
  static unsupported(p: Propnet): string | undefined {
    return wiringOf(p).unsupported;
  }

  /** The machine, or why the propnet cannot be run by this engine. */
  static create(p: Propnet, options: FastCompileOptions = {}): FastStateMachine | string {
    return wiringOf(p).unsupported ?? new FastStateMachine(p, options);
  }

  /** Throws when the propnet is `unsupported`; `create` returns the reason instead. `flipCounts` stands in for the flip probe. */
  constructor(p: Propnet, options: FastCompileOptions = {}, flipCounts?: Float64Array) {
    const wiring = wiringOf(p);
    if (wiring.unsupported) throw new Error(`fast engine: ${wiring.unsupported}`);
    super(p, wiring.slotOf);
    const compiled = compileFast(p, wiring, this.stateWords, options, flipCounts);
    this.runtime = compiled.runtime;
    this.stats = compiled.stats;
    this.clearBeforeLoad = compiled.policy.clearBeforeLoad;
    this.restoreSnapshot = compiled.policy.restoreSnapshot;
  }

  initialState(): StateHandle {
    return this.runtime.initial.slice();
  }

  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number {
    this.runtime.load(state);
    return this.runtime.loadedLegalInto(roleIndex, out);
  }

  legalMoves(state: StateHandle, roleIndex: number): number[] {
    const out = new Int32Array(this.maxLegalMoves(roleIndex));
    const moves = Array.from(out.subarray(0, this.legalMovesInto(state, roleIndex, out)));
    // two legal propositions may share a move (a repaired propnet): report it once
    return [...new Set(moves)].sort((a, b) => a - b);
  }

  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void {
    const runtime = this.runtime;
    runtime.load(state);
    runtime.setMoves(jointMove);
    runtime.copyNext(out);
  }

  isTerminal(state: StateHandle): boolean {
    this.runtime.load(state);
    return this.runtime.terminal();
  }

  goals(state: StateHandle): (number | null)[] {
    const runtime = this.runtime;
    runtime.load(state);
    runtime.evaluateLazy();
    return this.goalsFrom(runtime.values);
  }

  /** The state loaded, the moves set, and the lazy gates (what only goals and percepts read) evaluated. */
  protected withPerceptValues(state: StateHandle, jointMove: readonly number[], read: (values: Uint8Array) => void): void {
    const runtime = this.runtime;
    runtime.load(state);
    runtime.setMoves(jointMove);
    runtime.evaluateLazy();
    read(runtime.values);
  }

  maxLegalMoves(roleIndex: number): number {
    return this.runtime.legalCount[roleIndex];
  }

  /** Flat Monte-Carlo's states visited, inside the engine (see `FastRuntime.randomPlayoutNodes`). */
  randomPlayoutNodes(playouts: number, rng: () => number, maxSteps: number): number {
    return this.runtime.randomPlayoutNodes(playouts, rng, maxSteps, this.clearBeforeLoad, this.restoreSnapshot);
  }

  /** perft inside the engine (see `FastRuntime.perftInPlace`). */
  perftInPlace(depth: number, from?: StateHandle): PerftResult {
    return this.runtime.perftInPlace(depth, from, this.clearBeforeLoad);
  }
}
