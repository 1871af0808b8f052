/**
 * Messages between the page (main.ts) and its pipeline worker (pipeline-worker.ts). The whole
 * pipeline after the check runs in that worker — translate, ground (clingo in a nested worker),
 * extract, propnet, state machine — so the page stays responsive and Cancel always works: a
 * grounding is cancelled through the grounder's AbortSignal; a worker busy in extraction or the
 * propnet build is terminated and replaced.
 */
import type { Diagnostic, GroundingPhase, PartialGrounding, PhaseTimes, PropnetStats, TranslateScope } from "../src/browser/index.js";
import type { GroundInstanceCounts } from "../src/lsp/ground-counts.js";
import type { Board } from "../src/report/board.js";
import type { GameStep } from "../src/report/role-view.js";

export interface GroundRequestOptions {
  readonly split: boolean;
  readonly prune: boolean;
  readonly timeoutSeconds: number;
}

export type ToWorker =
  | { readonly type: "init"; readonly wasmModule: WebAssembly.Module }
  | { readonly type: "ground"; readonly id: number; readonly text: string; readonly file: string; readonly options: GroundRequestOptions }
  | { readonly type: "cancel"; readonly id: number }
  | { readonly type: "play"; readonly action: PlayAction }
  | { readonly type: "output"; readonly what: OutputKind };

export type PlayAction =
  | { readonly kind: "restart" }
  | { readonly kind: "step"; readonly moves: readonly number[] }
  | { readonly kind: "random-step"; readonly seed: number }
  | { readonly kind: "playout"; readonly seed: number }
  | { readonly kind: "undo" };

/** The texts the page shows in its output tabs and downloads: the ground game, P, the propnet as DOT and as JSON. */
export type OutputKind = "ground" | "asp" | "json" | "dot";

export type Phase = GroundingPhase;

export interface GroundReport {
  readonly file: string;
  /** "gdl2" when the description uses `random` or `sees` (GDL-II); absent when it did not parse. */
  readonly dialect?: "gdl1" | "gdl2";
  readonly status: "ok" | "partial" | "invalid" | "timeout" | "too-large" | "out-of-memory" | "cancelled" | "error";
  readonly diagnostics: readonly Diagnostic[];
  readonly times: PhaseTimes;
  /** Sum of the phase times (what the CLI prints as `total`). */
  readonly totalSeconds: number;
  readonly gdlRules?: number;
  readonly aspRules?: number;
  readonly splits?: number;
  readonly prunedRules?: number;
  readonly specializedRules?: number;
  readonly groundRules?: number;
  readonly groundClauses?: number;
  readonly groundAtoms?: number;
  readonly base?: number;
  readonly input?: number;
  readonly propnet?: PropnetStats;
  /** Why the propnet cannot be played (a cycle through negation), when it cannot. */
  readonly playError?: string;
  /**
   * Status `partial`: the game did not ground; `stoppedBy` says what stopped its grounding (the
   * time limit, `timeoutSeconds`; the limit of ground rules, pipeline.ts's `MAX_GROUND_RULES`; the
   * memory). With
   * `lifted` (`goodrow/1` with its 9 atoms, ...) it is played on a hybrid propnet, those relations asked of
   * the prover per state, and the propnet reported and downloaded is the hybrid's; without, it is
   * played on the prover and the propnet is P^base's (src/hybrid/), with `below` (`legal2/2` with the
   * atoms that can hold) the relations ground below the prover, derived per state on a propnet of their own.
   */
  readonly partial?: {
    readonly reason: string;
    readonly timeoutSeconds: number;
    readonly stoppedBy: PartialGrounding["stoppedBy"];
    readonly lifted?: readonly { readonly relation: string; readonly atoms: number }[];
    readonly below?: { readonly exported: readonly string[]; readonly atoms: number; readonly components: number };
  };
}

export interface PlayView {
  readonly roles: readonly string[];
  readonly step: number;
  readonly state: readonly string[];
  /** Per role: the legal moves (KIF) and their input indices, sorted by KIF. */
  readonly legal: readonly (readonly { readonly move: string; readonly index: number }[])[];
  readonly terminal: boolean;
  readonly goals: readonly (number | null)[] | null;
  /** The joint moves that led here, in role order (KIF). */
  readonly history: readonly (readonly string[])[];
  /** GDL-II only (absent for a GDL game, which the page shows as it always has). */
  readonly gdl2?: Gdl2View;
}

/** What the page needs of a GDL-II game to show each role what it is told (src/report/role-view.ts). */
export interface Gdl2View {
  /** The index of the random role (chance), when the game has one. */
  readonly chance: number | undefined;
  /** Every step from the first to the current one: legal moves, terminal, goals and percepts by role. */
  readonly steps: readonly GameStep[];
}

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "init-error"; readonly message: string }
  /** `scope` "base": the full grounding failed and P^base alone is ground, for the prover to play the game. */
  | { readonly type: "phase"; readonly id: number; readonly phase: Phase; readonly scope: TranslateScope }
  /** `counts`: the ground game's instances per relation, fluent and move, for the editor's hover. */
  | { readonly type: "grounded"; readonly id: number; readonly report: GroundReport; readonly play?: PlayView; readonly boards: readonly Board[]; readonly counts?: GroundInstanceCounts }
  | { readonly type: "play"; readonly view: PlayView }
  /** A text as UTF-8 (transferred, not copied: a ground game can be 100 MB) and the byte offset of each line. */
  | { readonly type: "output"; readonly what: OutputKind; readonly bytes: Uint8Array; readonly lineStarts: Uint32Array }
  | { readonly type: "output-error"; readonly what: OutputKind; readonly message: string }
  /** A failure of the grounding `id` (none: of the worker itself). */
  | { readonly type: "error"; readonly id?: number; readonly message: string }
  /** A play action that failed (the game is over, a move not legal, no game): the grounding, if one runs, goes on. */
  | { readonly type: "play-error"; readonly message: string }
  /** Said of a play action that did its work, after its view: a playout that stopped at its step limit short of a terminal state. Not an error. */
  | { readonly type: "play-note"; readonly message: string };
