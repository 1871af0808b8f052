/**
 * Verifying one game (issue 4, item 5): ground it, build its propnet, check the propnet
 * invariants, compile the state machine (positive cycles as fixpoints), then play seeded random
 * playouts on the propnet state machine and on the non-ground prover over the
 * original rules, comparing step by step the state, each role's legal moves, terminality and
 * goal values. When the machine evaluates differentially, the same playouts are then replayed
 * against its full (op list) evaluation too, and against the fast engine (propnet/fast/)
 * when the propnet has no cycle without a transition.
 *
 * Playout p (0-based) uses the seed `seed + p`, so a disagreement is reproduced by the game,
 * the seed and the playout number alone. The result is one row; nothing is thrown for
 * anything a game does (errors of the prover, e.g. on unsafe rules, are rows).
 */
import { groundAndBuild, type AspGrounder } from "../pipeline.js";
import type { PhaseTimes } from "../phases.js";
import { loadFile } from "../node-pipeline.js";
import type { Diagnostic } from "../diagnostics.js";
import type { TranslateFlags } from "../translate/index.js";
import { compileStateMachine, type PropnetStateMachine } from "../propnet/reference-machine.js";
import { isCompileError } from "../propnet/machine.js";
import { Prover } from "../prover/prover.js";
import { partialMachine } from "../hybrid/partial-machine.js";
import { probeFor } from "../hybrid/probe.js";
import { FastStateMachine } from "../propnet/fast/machine.js";
import { fastEngineFallbackReason } from "../propnet/compile-machine.js";
import { compareRandomPlayouts, describeMismatch, type KifReasoner, type Mismatch } from "./compare.js";
import { verifyPropnetInvariants } from "./invariants.js";
import { propnetKifReasoner, proverKifReasoner } from "./reasoners.js";

export type VerifyStatus = "agree" | "disagree" | "not-grounded" | "timeout" | "error";
export const VERIFY_STATUSES: readonly VerifyStatus[] = ["agree", "disagree", "not-grounded", "timeout", "error"];

/** One game's verdict: a row of results/verify.csv. */
export interface VerifyRow {
  game: string;
  status: VerifyStatus;
  /** The mismatch (describeMismatch), why the game was not compared, or notes; empty when there is nothing to say. */
  detail: string;
  /** Playouts compared to their end (or to the step limit). */
  playouts: number;
  /** States compared (each compared on state, legal moves, terminal and goals). */
  steps: number;
  seconds: number;
}

export interface VerifyProgress {
  readonly phase: "ground" | "propnet" | "playouts";
  readonly groundSeconds?: number;
  readonly playouts: number;
  readonly steps: number;
}

export interface VerifyOptions {
  readonly grounder: AspGrounder;
  /** Random playouts to compare (default 5). */
  readonly playouts?: number;
  /** Seed of the first playout (default 1); playout p uses seed + p. */
  readonly seed?: number;
  /** Joint moves per playout at most (default 500). */
  readonly maxSteps?: number;
  /** Time limit of the grounding in seconds (default 60). */
  readonly groundTimeoutSeconds?: number;
  /** Also compare the differential machine with its full evaluation (default true). */
  readonly compareEvaluations?: boolean;
  /** Read the game keeping the case of non-keyword symbols, as GGP-Base does. */
  readonly caseSensitive?: boolean;
  /** The translate stage's flags to ground with (default: TRANSLATE_DEFAULTS). */
  readonly translate?: TranslateFlags;
  /** Also compare the fast engine with the reference engine on the same playouts (default true). */
  readonly compareEngines?: boolean;
  /** Called after each phase and each playout (a child process reports it to its parent). */
  readonly onProgress?: (progress: VerifyProgress) => void;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Seconds from the description to the ground game: translate, ground, extract. */
const groundingSeconds = (times: PhaseTimes) => round3((times.translate ?? 0) + (times.ground ?? 0) + (times.extract ?? 0));

function firstError(diagnostics: readonly Diagnostic[]): string {
  const d = diagnostics.find((x) => x.severity === "error");
  return d ? `${d.code}: ${d.pos.line > 0 ? `${d.pos.line}:${d.pos.col}: ` : ""}${d.message}` : "";
}

/** Lets pending I/O (IPC messages to a parent) go out between synchronous stretches. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function verifyGame(file: string, game: string, options: VerifyOptions): Promise<VerifyRow> {
  const started = performance.now();
  const row: VerifyRow = { game, status: "error", detail: "", playouts: 0, steps: 0, seconds: 0 };
  const done = (status: VerifyStatus, detail: string): VerifyRow => {
    row.status = status;
    row.detail = detail;
    row.seconds = round3((performance.now() - started) / 1000);
    return row;
  };
  const playouts = options.playouts ?? 5;
  const seed = options.seed ?? 1;
  const maxSteps = options.maxSteps ?? 500;
  const groundTimeout = options.groundTimeoutSeconds ?? 60;

  const loaded = loadFile(file, { caseSensitive: options.caseSensitive });
  if (!loaded.description) return done("not-grounded", `invalid: ${firstError(loaded.diagnostics)}`);
  options.onProgress?.({ phase: "ground", playouts: 0, steps: 0 });
  const grounded = await groundAndBuild(loaded, {
    ...options.translate,
    grounder: options.grounder,
    timeoutSeconds: groundTimeout,
    // a game that does not ground is verified on the prover's machine over P^base (src/hybrid/)
    tooLarge: "partial",
    probe: probeFor(options.grounder),
    onPhase: (phase, _detail, times) => {
      if (phase === "propnet") options.onProgress?.({ phase: "propnet", groundSeconds: groundingSeconds(times), playouts: 0, steps: 0 });
    },
  });
  const groundSeconds = groundingSeconds(grounded.times);
  if (grounded.status === "partial" && grounded.propnet) {
    // the machine a player gets against the prover alone: the hybrid machine (the fast engine, the
    // lifted relations asked of the prover), or the prover's over P^base, which must hold every
    // fluent and move the playouts reach, with states that map back and forth (with what was ground
    // below the prover derived per state on a propnet)
    const lifted = grounded.partial?.lifted;
    const below = grounded.partial?.below;
    const machine = partialMachine(loaded.description, grounded.propnet, lifted, "fast", below);
    if (isCompileError(machine)) return done("error", `cannot compile the hybrid propnet: ${machine.message}`);
    const reference = proverKifReasoner(Prover.fromDescription(loaded.description));
    const outcome = await comparePlayouts(reference, propnetKifReasoner(machine), { playouts, seed, maxSteps, row, groundSeconds, onProgress: options.onProgress });
    if (outcome) return done(outcome.status, `${lifted ? "the hybrid machine" : "the prover's machine over P^base"}: ${outcome.detail}`);
    const why = `partial: not ground (${grounded.partial?.reason ?? "timeout"})`;
    if (lifted) return done("agree", `${why}, played on the hybrid machine with ${lifted.map((r) => r.relation).join(", ")} lifted`);
    const noHybrid = grounded.partial?.liftingFailed !== undefined ? ` (no hybrid: ${grounded.partial.liftingFailed})` : "";
    const ground = below ? `, ${below.exported.map((e) => e.relation).join(", ")} ground below it` : "";
    return done("agree", `${why}, played on the prover over P^base${ground}${noHybrid}`);
  }
  if (grounded.game && !grounded.propnet) return done("error", firstError(grounded.diagnostics));
  if (grounded.status !== "ok" || !grounded.game || !grounded.propnet)
    return done("not-grounded", `${grounded.status}: ${firstError(grounded.diagnostics).replace(new RegExp(`^${grounded.status}: `), "")}`);

  let machine: PropnetStateMachine;
  try {
    const propnet = grounded.propnet;
    const problems = verifyPropnetInvariants(propnet, grounded.game);
    if (problems.length > 0) return done("disagree", `propnet invariant: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (${problems.length} in all)` : ""}`);
    const compiled = compileStateMachine(propnet, { cycles: "fixpoint" });
    if (isCompileError(compiled)) return done("error", `cannot compile the state machine: ${compiled.message}`);
    machine = compiled;
  } catch (error) {
    return done("error", `propnet: ${errorMessage(error)}`);
  }
  await yieldToEventLoop();

  const ours = propnetKifReasoner(machine);
  const reference = proverKifReasoner(Prover.fromDescription(loaded.description));
  const outcome = await comparePlayouts(reference, ours, { playouts, seed, maxSteps, row, groundSeconds, onProgress: options.onProgress });
  if (outcome) return done(outcome.status, outcome.detail);

  if ((options.compareEvaluations ?? true) && machine.stats.evaluation === "differential") {
    const full = compileStateMachine(machine.propnet, { cycles: "fixpoint", evaluation: "full" });
    if (isCompileError(full)) return done("error", `cannot compile the full evaluation: ${full.message}`);
    const scratch: VerifyRow = { ...row, playouts: 0, steps: 0 };
    const second = await comparePlayouts(ours, propnetKifReasoner(full), { playouts, seed, maxSteps, row: scratch, groundSeconds });
    if (second) return done(second.status, `differential vs full evaluation of the propnet: ${second.detail}`);
  }
  if (options.compareEngines ?? true) {
    const fallback = fastEngineFallbackReason(machine.propnet);
    if (fallback === undefined) {
      const scratch: VerifyRow = { ...row, playouts: 0, steps: 0 };
      const third = await comparePlayouts(ours, propnetKifReasoner(new FastStateMachine(machine.propnet)), { playouts, seed, maxSteps, row: scratch, groundSeconds });
      if (third) return done(third.status, `fast engine vs reference engine: ${third.detail}`);
    }
  }
  return done("agree", reference.notes.join("; "));
}

/** Plays the playouts one by one, accumulating into `row`; returns the verdict when it is not agreement. */
async function comparePlayouts<A, B>(
  expected: KifReasoner<A>,
  actual: KifReasoner<B>,
  o: { playouts: number; seed: number; maxSteps: number; row: VerifyRow; groundSeconds: number; onProgress?: (p: VerifyProgress) => void },
): Promise<{ status: VerifyStatus; detail: string } | undefined> {
  for (let p = 0; p < o.playouts; p++) {
    let result: ReturnType<typeof compareRandomPlayouts<A, B>>;
    try {
      result = compareRandomPlayouts(expected, actual, { playouts: 1, seed: o.seed + p, maxSteps: o.maxSteps });
    } catch (error) {
      return { status: "error", detail: `playout ${p + 1} (seed ${o.seed + p}): ${errorMessage(error)}` };
    }
    o.row.steps += result.stats.states;
    if (result.mismatch) return { status: "disagree", detail: `playout ${p + 1} (seed ${o.seed + p}): ${describeMismatchBriefly(result.mismatch)}` };
    o.row.playouts++;
    o.onProgress?.({ phase: "playouts", groundSeconds: o.groundSeconds, playouts: o.row.playouts, steps: o.row.steps });
    await yieldToEventLoop();
  }
  return undefined;
}

/**
 * `describeMismatch` with long lists cut down to what differs: for states and legal move
 * sets, `expected` becomes what only the reference has and `actual` what only the propnet has.
 */
export function describeMismatchBriefly(m: Mismatch): string {
  const difference = (a: unknown, b: unknown): { expected: unknown; actual: unknown } => {
    if (!Array.isArray(a) || !Array.isArray(b)) return { expected: a, actual: b };
    const setA = new Set(a as unknown[]);
    const setB = new Set(b as unknown[]);
    return { expected: { only: a.filter((x) => !setB.has(x)) }, actual: { only: b.filter((x) => !setA.has(x)) } };
  };
  let brief: Mismatch = m;
  if (m.what === "state") brief = { ...m, ...difference(m.expected, m.actual) };
  if (m.what === "legal" && isRecord(m.expected) && isRecord(m.actual)) {
    const role = Object.keys(m.expected)[0];
    const d = difference(m.expected[role], m.actual[role]);
    brief = { ...m, expected: { [role]: d.expected }, actual: { [role]: d.actual } };
  }
  return describeMismatch(brief);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function errorMessage(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return `stack overflow: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
