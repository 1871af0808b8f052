/**
 * The player-facing API (issue 13): what a General Game Playing player built on gdl-ground
 * calls. `loadGame` grounds a GDL description (a file or its text), builds its propnet and
 * compiles the state machine of an engine (the fast one by default); the `Game` answers in the
 * vocabulary of GDL, moves as KIF strings:
 *
 *   const game = await loadGame("ticTacToe.kif");
 *   let state = game.initialState();
 *   while (!game.isTerminal(state)) {
 *     const joint = game.roles.map((role) => game.legalMoves(state, role)[0]);
 *     state = game.nextState(state, joint);
 *   }
 *   game.goals(state); // { xplayer: 100, oplayer: 0 }
 *
 * GDL-II: `game.randomRole` is chance (`random`), not a player: a game master draws its move
 * uniformly from its legal moves (`game.chanceMove`); `game.percepts(state, joint)` is what each
 * role is told of a joint move (`sees`), instead of the joint move itself.
 *
 * For speed, `game.machine` is the state machine itself (moves as input indices, allocation-free
 * `legalMovesInto` / `nextStateInto`): the speed of `gdl-ground bench`.
 */
import { existsSync } from "node:fs";
import { createGrounder, type GrounderKind } from "./ground/index.js";
import { loadText, type LoadOptions, type PartialGrounding } from "./pipeline.js";
import { playableDescription, type PlayableGame } from "./playable.js";
import { Deadline } from "./deadline.js";
import { loadFile } from "./node-pipeline.js";
import { PLAYER_PROBE_SECONDS, probeFor } from "./hybrid/probe.js";
import { formatDiagnostic, type Diagnostic } from "./diagnostics.js";
import type { EngineName, GameStateMachine, StateHandle } from "./propnet/machine.js";
import type { Propnet } from "./propnet/propnet.js";
import { parseKifTerm } from "./syntax/kif-term.js";
import { termToKif } from "./syntax/print.js";

export interface LoadGameOptions extends LoadOptions {
  /** "fast" (default), "reference", or "prover" (the game on the prover, without grounding it). */
  readonly engine?: EngineName;
  /**
   * Grounding backend (default "auto": a native gringo from PATH when there is one, else
   * clingo-wasm, nothing to install; as the command line's `--grounder`).
   */
  readonly grounder?: GrounderKind;
  /**
   * Time limit of the whole load in seconds (default 60): reading, checks, grounding, propnet
   * and machine; for a game that does not ground, P^base's grounding and the grounder probe too.
   * The full grounding gets `PARTIAL_GROUNDING_SHARE` of what is left when it starts, so that a
   * game too large is played on the prover by the limit.
   */
  readonly timeoutSeconds?: number;
  /**
   * The full grounding stops after this many ground rules (default `MAX_GROUND_RULES`, 8 M;
   * `Infinity`: only the time limit), and the game is played on the prover or a hybrid propnet:
   * on a quiet machine chess's grounding stops there after about 25 s instead of 45 s.
   */
  readonly maxGroundRules?: number;
}

/** A game ready to be played: the state machine behind GDL-shaped questions. */
export interface Game {
  readonly roles: readonly string[];
  /** The state machine (input indices, bitset states): for search loops. */
  readonly machine: GameStateMachine;
  /** Set when the game did not ground and is played on the prover (`machine.engine` "prover"): why, what exploded, P^base's sizes. */
  readonly partial: PartialGrounding | undefined;
  readonly propnet: Propnet;
  /** What grounded the game (for a game that did not ground: its P^base or hybrid rest): `clingo-wasm` or the path of a native gringo. */
  readonly grounder: string | undefined;
  /** The state of the `init` facts. */
  initialState(): StateHandle;
  /** The legal moves of a role (name or index) as KIF, sorted. */
  legalMoves(state: StateHandle, role: string | number): string[];
  /** The state after a joint move: one move per role in role order (KIF or input index), or a role → move record. */
  nextState(state: StateHandle, jointMove: readonly (string | number)[] | Readonly<Record<string, string>>): StateHandle;
  isTerminal(state: StateHandle): boolean;
  /** Each role's goal value in `state` (null when none holds). */
  goals(state: StateHandle): Record<string, number | null>;
  /** The fluents that hold (KIF without `true`), sorted. */
  stateToKif(state: StateHandle): string[];
  /** GDL-II's chance role (`random`) when the game has one: no player, its moves are drawn uniformly. */
  readonly randomRole: string | undefined;
  /** What each role perceives when the joint move is played in `state` (GDL-II's `sees`; empty lists for a GDL game). */
  percepts(state: StateHandle, jointMove: readonly (string | number)[] | Readonly<Record<string, string>>): Record<string, string[]>;
  /** A move of the random role drawn uniformly from its legal moves with `random` (a number in [0, 1)); throws for a game without one. */
  chanceMove(state: StateHandle, random: () => number): string;
}

/** Why `loadGame` failed: the diagnostics of the check, the grounding or the propnet. */
export class GameLoadError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic).join("\n") || "the game could not be loaded");
    this.name = "GameLoadError";
  }
}

/**
 * Loads a game from a `.kif` file or from GDL text (anything that is not the path of an
 * existing file is read as GDL). A game whose grounding does not finish within the time limit
 * is played on the prover over P^base (`game.machine.engine` is "prover"; src/hybrid/). Throws a
 * `GameLoadError` when the game is invalid or cannot be played.
 */
export async function loadGame(pathOrText: string, options: LoadGameOptions = {}): Promise<Game> {
  const timeoutSeconds = options.timeoutSeconds ?? 60;
  // one limit for the whole load, from now (see LoadGameOptions.timeoutSeconds)
  const deadline = new Deadline(timeoutSeconds);
  const isText = pathOrText.includes("(") || !existsSync(pathOrText);
  const loaded = isText ? loadText(pathOrText, "<text>", { ...options, deadline }) : loadFile(pathOrText, { ...options, deadline });
  const grounder = await createGrounder(options.grounder ?? "auto");
  if ("error" in grounder) throw new Error(grounder.error);
  let result: Awaited<ReturnType<typeof playableDescription>>;
  try {
    result = await playableDescription(loaded, { grounder, timeoutSeconds, deadline, engine: options.engine, keepGroundGame: false, tooLarge: "partial", maxGroundRules: options.maxGroundRules, probe: probeFor(grounder), probeSeconds: PLAYER_PROBE_SECONDS });
  } finally {
    await grounder.close();
  }
  if ("diagnostics" in result) throw new GameLoadError(result.diagnostics);
  return gameOf(result.game);
}

/** A `Game` over an already playable game (`playableGame`). */
export function gameOf(playable: PlayableGame): Game {
  const sm = playable.machine;
  const roleOf = (role: string | number): number => {
    const r = typeof role === "number" ? role : sm.roleIndex(role);
    if (r === undefined || r < 0 || r >= sm.roles.length) throw new RangeError(`no role ${role}`);
    return r;
  };
  const moveOf = (r: number, move: string | number): number => {
    if (typeof move === "number") return move;
    let kif: string;
    try {
      kif = termToKif(parseKifTerm(move));
    } catch {
      throw new RangeError(`${move} is not a KIF term`);
    }
    const index = sm.moveIndex(r, kif);
    if (index === undefined) throw new RangeError(`${move} is not a move of role ${sm.roles[r]}`);
    return index;
  };
  const jointOf = (jointMove: readonly (string | number)[] | Readonly<Record<string, string>>): number[] =>
    Array.isArray(jointMove)
      ? (jointMove as readonly (string | number)[]).map((m, r) => moveOf(r, m))
      : sm.roles.map((role, r) => {
          const m = (jointMove as Readonly<Record<string, string>>)[role];
          if (m === undefined) throw new RangeError(`no move for role ${role}`);
          return moveOf(r, m);
        });
  return {
    roles: sm.roles,
    machine: sm,
    partial: playable.partial,
    propnet: playable.propnet,
    grounder: playable.result.grounder,
    initialState: () => sm.initialState(),
    legalMoves: (state, role) => sm.legalMoveKifs(state, roleOf(role)),
    nextState: (state, jointMove) => sm.nextState(state, jointOf(jointMove)),
    percepts: (state, jointMove) => sm.percepts(state, jointOf(jointMove)),
    randomRole: sm.randomRole,
    chanceMove: (state, random) => {
      if (sm.randomRole === undefined) throw new RangeError("the game has no random role");
      const legal = sm.legalMoveKifs(state, sm.randomRole);
      if (legal.length === 0) throw new RangeError("the random role has no legal move");
      return legal[Math.min(legal.length - 1, Math.floor(random() * legal.length))];
    },
    isTerminal: (state) => sm.isTerminal(state),
    goals: (state) => {
      const values = sm.goals(state);
      return Object.fromEntries(sm.roles.map((role, r) => [role, values[r]]));
    },
    stateToKif: (state) => sm.stateToKif(state),
  };
}
