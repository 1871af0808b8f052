/**
 * Which engine runs a propnet: the fast engine (fast/) by default, the reference engine
 * (reference-machine.ts) when asked for or when the fast engine cannot run the propnet (cycles
 * without a transition, evaluated as least fixpoints).
 *
 * Why: players, the CLI and the benchmarks compile through this one function, so that the
 * fallback is the same everywhere and said (`fastEngineFallbackReason`): positive recursion
 * among views at the ground level (connectivity in linesOfAction, liberties in atariGo,
 * cubicup_3player) makes such cycles, which the fast engine's propagation cannot hold.
 * Pure computation: no Node imports.
 */
import type { Propnet } from "./propnet.js";
import type { EngineName, GameStateMachine, PropnetCompileError } from "./machine.js";
import { PropnetStateMachine } from "./reference-machine.js";
import { FastStateMachine } from "./fast/machine.js";
import type { FastCompileOptions } from "./fast/options.js";

export interface CompileMachineOptions extends FastCompileOptions {
  /** "fast" (the default) or "reference". */
  readonly engine?: EngineName;
}

/**
 * Compiles a propnet into the state machine of an engine. Cycles without a transition are
 * evaluated as least fixpoints (by the reference engine, also when "fast" is asked for: see
 * `FastStateMachine.unsupported`); a cycle through a NOT is an error.
 */
export function compileMachine(p: Propnet, options: CompileMachineOptions = {}): GameStateMachine | PropnetCompileError {
  if ((options.engine ?? "fast") === "fast") {
    const fast = FastStateMachine.create(p, options);
    if (typeof fast !== "string") return fast;
  }
  return PropnetStateMachine.compile(p, { cycles: "fixpoint" });
}

/** Why `compileMachine` with the fast engine gives this propnet to the reference engine, or undefined. */
export function fastEngineFallbackReason(p: Propnet): string | undefined {
  return FastStateMachine.unsupported(p);
}
