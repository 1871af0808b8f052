/**
 * What a game that did not ground is played with (`PartialGrounding`, set on a `partial` result of
 * `groundAndBuild`, src/pipeline.ts), and the limits of the grounding that comes before it.
 * Apart from pipeline.ts so that the hybrid modules, the command line and the corpus read the
 * shape without the pipeline's code.
 */
import type { GroundingProbe } from "./hybrid/relation-names.js";
import type { LiftedRelation } from "./hybrid/lifting.js";
import type { BelowGrounding } from "./hybrid/below.js";

/** Why a result is `partial`, and what P^base gave. */
export interface PartialGrounding {
  /** Why the game was not ground (the full grounding's error, and what exploded when a probe could tell). */
  readonly reason: string;
  /**
   * What stopped the full grounding: its time, its limit of ground rules (`maxGroundRules`, with the
   * limit), or its memory.
   */
  readonly stoppedBy: { readonly limit: "time" | "memory" } | { readonly limit: "ground-rules"; readonly groundRules: number };
  readonly baseFluents: number;
  readonly inputs: number;
  /** Wall time of P^base's translation, grounding, extraction and propnet build (the probe runs beside it), and of the hybrid's rest or the grounding below the prover after it. */
  readonly seconds: number;
  /** What the grounder probe saw (`GroundAndBuildOptions.probe`), when it ran. */
  readonly probe?: GroundingProbe;
  /**
   * Set when the game was ground with these relations lifted (a hybrid game: the propnet is that
   * grounding's, the machine `HybridStateMachine`); `baseFluents` and `inputs` are then its counts.
   */
  readonly lifted?: readonly LiftedRelation[];
  /** Why the game could not be ground with relations lifted, when that was tried and failed. */
  readonly liftingFailed?: string;
  /**
   * Set for a game on the prover when relations were ground below it (src/hybrid/below.ts: the
   * machine derives them per state on a propnet of their own); else why not, when tried.
   */
  readonly below?: BelowGrounding;
  readonly belowFailed?: string;
}

/** The share of what is left of a deadline that the full grounding gets when a partial result may follow. */
export const PARTIAL_GROUNDING_SHARE = 0.75;

/**
 * Where a partial result may follow (`tooLarge: "partial"`), the full grounding is stopped after
 * this many ground rules (`GroundStageOptions.maxGroundRules`'s default there), and so is the rest
 * of a hybrid grounding. The most that a grounding that finishes was measured to write, with gringo
 * on the base games: amazonsTorus 4.05 M aspif rule statements (with or without pruning), skirmish
 * without splitting 3.0 M, alexChess's rest with `pinned` lifted 5.2 M. The five base games that do
 * not ground reach the limit after 24-27 s of native gringo on a quiet machine, where the time limit
 * stopped them after 45 s (results/hybrid-load.md: `play` 22-42 s instead of 47-61 s); under load
 * gringo may not get there within the time share. The count, unlike the clock, does not depend on
 * the machine's load.
 */
export const MAX_GROUND_RULES = 8_000_000;

