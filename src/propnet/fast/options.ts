/**
 * The options of the fast engine's compile, one per pass that can be turned off or forced (the
 * passes' own files say what each measured). Tests and benchmarks compare the variants; a player
 * uses the defaults.
 */
export interface FastCompileOptions {
  /**
   * Which AND gates get a guard (guards.ts): "auto" (the default) those with an input that
   * flips, on a short probe, at least GUARD_RATIO times as often as all the others together;
   * "none"; "all" (every AND gate of two inputs or more, guarded by its input read by the most
   * AND gates: for tests).
   */
  readonly guards?: "auto" | "none" | "all";
  /** Whether ORs of moves count their complements (complement-moves.ts); default true. */
  readonly complementMoves?: boolean;
  /** Whether ANDs and ORs of NOTs count the NOTs' inputs (de-morgan.ts); default true. */
  readonly deMorgan?: boolean;
  /** Whether ANDs of ANDs and ORs of ORs that nothing else reads are flattened (flatten-chains.ts); default true. */
  readonly flatten?: boolean;
  /**
   * Whether the engine's own loops (`randomPlayoutNodes`, `perftInPlace`) unset the moves
   * before they load another state (probe.ts, `probeClearing`): "auto" (the default) when it
   * pushed fewer events on a short probe; true; false.
   */
  readonly clearMoves?: "auto" | boolean;
  /**
   * Whether `randomPlayoutNodes` starts each playout by copying back a snapshot of the whole
   * machine in the initial state instead of loading it (runtime.ts, `restoreInitial`): "auto"
   * (the default) when the probe's resets pushed many events for the machine's size; true; false.
   */
  readonly restore?: "auto" | boolean;
}
