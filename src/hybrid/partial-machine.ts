/**
 * The machine a game that did not ground is played on: the hybrid machine (hybrid-machine.ts) over
 * the hybrid propnet when relations were lifted (lifting.ts), else the prover's machine
 * (prover-machine.ts) over the partial propnet of P^base. One place for the choice, so that a
 * player (`playableDescription`, src/pipeline.ts) and `verify` (src/verify/verify-game.ts) play the
 * same machine.
 * Pure computation: no Node imports.
 */
import type { Description } from "../syntax/ast.js";
import type { EngineName, GameStateMachine, PropnetCompileError } from "../propnet/machine.js";
import type { Propnet } from "../propnet/propnet.js";
import { compileMachine } from "../propnet/compile-machine.js";
import { isCompileError } from "../propnet/machine.js";
import { Prover } from "../prover/prover.js";
import { HybridStateMachine } from "./hybrid-machine.js";
import type { LiftedRelation } from "./lifting.js";
import { ProverStateMachine } from "./prover-machine.js";
import { belowAsFluents, type BelowGrounding } from "./below.js";
import { BelowFluents } from "./below-machine.js";

/**
 * With `lifted`: `engine` (fast by default) compiled over the hybrid `propnet`, its lifted atoms
 * asked of the prover (or the compile's error); without: the prover's machine over P^base's
 * `propnet`, with `below` the atoms ground below the prover derived per state by the fast engine
 * over the below propnet (below.ts) and read by the prover as fluents.
 */
export function partialMachine(
  description: Description,
  propnet: Propnet,
  lifted: readonly LiftedRelation[] | undefined,
  engine: EngineName = "fast",
  below?: BelowGrounding,
): GameStateMachine | PropnetCompileError {
  if (lifted === undefined && below !== undefined) {
    const inner = compileMachine(below.propnet, { engine: "fast" });
    if (isCompileError(inner)) return inner;
    return new ProverStateMachine(Prover.fromDescription(belowAsFluents(description, below.exported)), propnet, new BelowFluents(inner, below.role, propnet.baseFluents));
  }
  if (lifted === undefined) return new ProverStateMachine(Prover.fromDescription(description), propnet);
  const inner = compileMachine(propnet, { engine });
  return isCompileError(inner) ? inner : new HybridStateMachine(inner, Prover.fromDescription(description), lifted);
}
