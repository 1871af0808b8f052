/**
 * The last stage of the pipeline (pipeline.ts): a ground game's state machine, for playing.
 * `playableDescription` is `groundAndBuild`, then the machine of the engine asked for: the fast
 * engine's or the reference one's over the propnet, or, for a game that does not ground, the
 * hybrid machine or the prover's (src/hybrid/partial-machine.ts).
 */
import { diagnostic, NO_POSITION, type Diagnostic } from "./diagnostics.js";
import type { GdlSyntax } from "./syntax/sniff.js";
import { isCompileError, type Propnet } from "./propnet/index.js";
import { compileMachine } from "./propnet/compile-machine.js";
import type { EngineName, GameStateMachine } from "./propnet/machine.js";
import { partialMachine } from "./hybrid/partial-machine.js";
import {
  cancelled,
  groundAndBuild,
  groundBaseOnly,
  type GroundAndBuildOptions,
  type GroundAndBuildResult,
  type GroundResult,
  type GroundStatus,
  type LoadResult,
  type PartialGrounding,
} from "./pipeline.js";

export interface PlayableGame {
  readonly result: GroundResult;
  readonly propnet: Propnet;
  /** The state machine of the engine asked for (`PlayableOptions.engine`, default "fast"). */
  readonly machine: GameStateMachine;
  /** The notation the game file was read in. */
  readonly syntax?: GdlSyntax;
  /** Set when the game did not ground and is played on the prover (`machine.engine` "prover"): why, and P^base's sizes. */
  readonly partial?: PartialGrounding;
}

export interface PlayableOptions extends Omit<GroundAndBuildOptions, "propnet" | "tooLarge"> {
  /**
   * "fast" (default) or "reference" (see src/propnet/machine.ts), or "prover": the game on the
   * prover over P^base without trying to ground it (src/hybrid/prover-machine.ts).
   */
  readonly engine?: EngineName;
  /**
   * "partial": a game that does not ground is played on the prover (see
   * `GroundAndBuildOptions.tooLarge`; `playableGame` and `loadGame` ask for it); default "fail".
   */
  readonly tooLarge?: "fail" | "partial";
}

/**
 * Why a game is not playable, with what the pipeline got to: `result` is the grounding and
 * propnet as `groundAndBuild` gave them (status `ok` when only the state machine failed, whose
 * reason is then `cannotPlay`).
 */
export interface NotPlayable {
  readonly status: GroundStatus;
  readonly diagnostics: readonly Diagnostic[];
  readonly result: GroundAndBuildResult;
  /** Why the propnet cannot be played (a cycle through negation), when the grounding and build succeeded. */
  readonly cannotPlay?: string;
}

/**
 * Everything up to a state machine, for playing (`groundAndBuild`, then the machine of
 * `options.engine`): positive cycles among views are evaluated as least fixpoints; a cycle
 * through negation is an error. A game that does not ground (status `partial`) and the engine
 * "prover" get the prover's machine over P^base.
 */
export async function playableDescription(loaded: LoadResult, options: PlayableOptions): Promise<{ game: PlayableGame } | NotPlayable> {
  const onProver = options.engine === "prover";
  const result = onProver && loaded.description
    ? await groundBaseOnly(loaded, { file: loaded.file, status: "partial", diagnostics: loaded.diagnostics, times: { ...loaded.times }, description: loaded.description }, { ...options, propnet: true }, "the prover engine was asked for")
    : await groundAndBuild(loaded, { ...options, propnet: true });
  const propnet = result.propnet;
  if (!propnet) return { status: result.status, diagnostics: result.diagnostics, result };
  if (options.signal?.aborted) {
    const stopped = cancelled(result.file, result.diagnostics, result.times, result);
    return { status: stopped.status, diagnostics: stopped.diagnostics, result: stopped };
  }
  if (result.status === "partial") {
    // the hybrid machine, or the prover's; a hybrid propnet that does not compile is reported below
    const machine = partialMachine(result.description!, propnet, result.partial?.lifted, options.engine ?? "fast", result.partial?.below);
    if (!isCompileError(machine)) {
      const { propnet: _inGame, ...grounding } = result;
      return { game: { result: grounding, propnet, machine, syntax: loaded.syntax, ...(result.partial ? { partial: result.partial } : {}) } };
    }
  }
  const machine = compileMachine(propnet, { engine: options.engine ?? "fast" });
  if (isCompileError(machine)) {
    const cycle = machine.cycles?.[0]?.propositions.slice(0, 6).join(" ") ?? "";
    const diagnostics = [...result.diagnostics, diagnostic("error", "ground", result.file, NO_POSITION, `cannot play the propnet: ${machine.message}${cycle ? `: ${cycle}` : ""}`)];
    return { status: "error", diagnostics, result, cannotPlay: machine.message };
  }
  const { propnet: _inGame, ...grounding } = result;
  return { game: { result: grounding, propnet, machine, syntax: loaded.syntax } };
}
