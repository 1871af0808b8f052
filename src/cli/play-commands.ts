/**
 * Playing a grounded game on its propnet state machine:
 *   `gdl-ground replay GAME --moves MOVES.json`  the states, legal moves and goals along given moves;
 *   `gdl-ground play GAME --random --seed N`     the same for a seeded random playout;
 *   `gdl-ground bench GAME --playouts N | --perft D`   reasoning speed (nodes per second), after a
 *      warm-up, each measure lasting at least --min-time and repeated (median, lowest, highest).
 * Every command takes `--engine fast|reference` (src/propnet/machine.ts).
 * The output of replay and play is one JSON object, terms in normalized KIF, lists sorted:
 *   {"roles": [...], "steps": [{"state": [...], "legal": {"<role>": [...]}, "terminal": false, "goals": null}, ...]}
 */
import { readFileSync } from "node:fs";
import { diagnostic, diagnosticToJson, formatDiagnostic, NO_POSITION, type Diagnostic } from "../diagnostics.js";
import { Deadline } from "../deadline.js";
import type { PlayableGame } from "../playable.js";
import { playableGame } from "../node-pipeline.js";
import { createGrounder, type GrounderKind, type WasmTier } from "../ground/index.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { termToKif } from "../syntax/print.js";
import { mulberry32, randomInt, type StateHandle } from "../propnet/index.js";
import { flatMonteCarlo, measureRepeated, perftRun, type RepeatedSpeed } from "../propnet/bench.js";
import type { EngineName, GameStateMachine } from "../propnet/machine.js";
import type { Output } from "./output.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import { parseGdl } from "../syntax/parse.js";
import { termToInfix } from "../syntax/infix-print.js";
import { dialectOf } from "../syntax/description.js";
import { roleView } from "../report/role-view.js";
import { RecursionTooDeepError, nestedTooDeep } from "../prover/nesting.js";

export interface PlayOptions {
  readonly timeout: number;
  /** The full grounding stops after this many ground rules (default pipeline.ts's MAX_GROUND_RULES; Infinity: none). */
  readonly maxGroundRules?: number;
  readonly grounder: GrounderKind;
  /** The notation of the game file (default: sniffed). */
  readonly syntax?: GdlSyntax | "auto";
  /** The notation of the terms printed, states and moves (default: the game's). */
  readonly to?: GdlSyntax;
  /** Keep the case of non-keyword symbols, as GGP-Base does (moves are read the same way). */
  readonly caseSensitive?: boolean;
  /** The state machine engine: "fast" (default) or "reference". */
  readonly engine?: EngineName;
  /** How V8 compiles clingo-wasm (default baseline: one game per process). */
  readonly wasmTier?: WasmTier;
}

export interface Step {
  readonly state: string[];
  readonly legal: Record<string, string[]>;
  readonly terminal: boolean;
  readonly goals: Record<string, number | null> | null;
  /** GDL-II: what each role was told of the joint move that led here (every role [] at the first step). */
  readonly sees?: Record<string, string[]>;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function describeStep(sm: GameStateMachine, state: StateHandle): Step {
  const terminal = sm.isTerminal(state);
  const legal: Record<string, string[]> = {};
  sm.roles.forEach((role, r) => (legal[role] = terminal ? [] : sm.legalMoveKifs(state, r).sort(byCodeUnits)));
  let goals: Record<string, number | null> | null = null;
  if (terminal) {
    const values = sm.goals(state);
    goals = Object.fromEntries(sm.roles.map((role, r) => [role, values[r]]));
  }
  return { state: sm.stateToKif(state).sort(byCodeUnits), legal, terminal, goals };
}

/** Why a game could not be loaded: the exit code and what to report. */
interface NotLoaded {
  readonly exitCode: number;
  readonly status: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads, checks, grounds and compiles the game within `--timeout` (which starts now). */
async function load(game: string, options: PlayOptions): Promise<PlayableGame | NotLoaded> {
  const deadline = new Deadline(options.timeout);
  const grounder = await createGrounder(options.grounder, { wasmTier: options.wasmTier });
  if ("error" in grounder) return { exitCode: 2, status: "usage", diagnostics: [diagnostic("error", "usage", game, NO_POSITION, grounder.error)] };
  try {
    const loaded = await playableGame(game, {
      grounder,
      timeoutSeconds: options.timeout,
      deadline,
      maxGroundRules: options.maxGroundRules,
      syntax: options.syntax,
      messageSyntax: options.to,
      caseSensitive: options.caseSensitive,
      engine: options.engine,
      keepGroundGame: false, // a player needs the machine only (see PlayableOptions)
    });
    if ("diagnostics" in loaded) {
      const diagnostics = loaded.diagnostics.filter((d) => d.severity !== "note");
      const unreadable = diagnostics.some((d) => d.code === "io");
      return { exitCode: unreadable ? 2 : 1, status: unreadable ? "unreadable" : loaded.status, diagnostics };
    }
    return loaded.game;
  } finally {
    await grounder.close();
  }
}

/** `load`, its failure printed on stderr: the game, or the exit code. */
async function loadOrSay(game: string, options: PlayOptions, io: Output): Promise<PlayableGame | number> {
  const loaded = await load(game, options);
  if (!("exitCode" in loaded)) {
    // a game too large to ground: say that it is played on the prover, and why; on the prover's machine, how to skip the
    // full grounding next time (chess: about 2 s with --engine prover, 36-48 s without)
    if (loaded.result.status === "partial" && options.engine !== "prover") {
      const hint = loaded.partial?.lifted ? "" : "; `--engine prover` plays it on the prover without trying the full grounding first";
      for (const d of loaded.result.diagnostics) if (d.severity === "warning" && d.code === "ground") io.err(formatDiagnostic({ ...d, message: d.message + hint }) + "\n");
    }
    return loaded;
  }
  for (const d of loaded.diagnostics) io.err(formatDiagnostic(d) + "\n");
  return loaded.exitCode;
}

/** Reads MOVES.json: an array of joint moves, each an array of KIF strings in role order. */
export function readMoves(text: string, roles: number): string[][] | string {
  const moves = readJointMoves(text);
  if (typeof moves === "string") return moves;
  const bad = moves.findIndex((joint) => joint.length !== roles);
  if (bad >= 0) return `joint move ${bad + 1} must be an array of ${roles} KIF strings (one per role, in the order of the role facts)`;
  return moves;
}

/** A JSON array of joint moves, each an array of strings (any length). */
function readJointMoves(text: string): string[][] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (!Array.isArray(value)) return "expected a JSON array of joint moves";
  const moves: string[][] = [];
  for (const [i, joint] of value.entries()) {
    if (!Array.isArray(joint) || !joint.every((m) => typeof m === "string")) return `joint move ${i + 1} must be an array of KIF strings`;
    moves.push(joint as string[]);
  }
  return moves;
}

/** The text of a moves file, or undefined (the error said). */
function readMovesFile(file: string, io: Output): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    io.err(`${file}: error[io]: cannot read the file: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}\n`);
    return undefined;
  }
}

/** A move as normalized KIF; the move may be written in KIF (`(mark 1 1)`) or infix (`mark(1, 1)`). */
export function normalizeMove(text: string, caseSensitive?: boolean): string | undefined {
  if (/^\s*[^\s()]+\s*\(/.test(text) || /'/.test(text)) {
    const parsed = parseGdl(`move(${text}).`, "<move>", { syntax: "infix", caseSensitive });
    const rule = parsed.description.rules[0];
    if (parsed.diagnostics.length > 0 || parsed.description.rules.length !== 1 || rule.head.args.length !== 1) return undefined;
    return termToKif(rule.head.args[0]);
  }
  try {
    return termToKif(parseKifTerm(text, { caseSensitive }));
  } catch {
    return undefined;
  }
}

/** Normalized KIF terms in the notation asked for (read back as written: the KIF is normalized already, in the case a case-sensitive game kept). */
function inNotation(to: GdlSyntax): (kif: string) => string {
  return to === "infix" ? (kif) => termToInfix(parseKifTerm(kif, { caseSensitive: true })) : (kif) => kif;
}

function stepIn(step: Step, show: (kif: string) => string): Step {
  const byRole = <T>(record: Record<string, T>, each: (x: T) => T) => Object.fromEntries(Object.entries(record).map(([role, x]) => [show(role), each(x)]));
  return {
    state: step.state.map(show),
    legal: byRole(step.legal, (moves) => moves.map(show)),
    terminal: step.terminal,
    goals: step.goals && byRole(step.goals, (v) => v),
    ...(step.sees ? { sees: byRole(step.sees, (percepts) => percepts.map(show)) } : {}),
  };
}

/** A step of a GDL-II game: its description and what each role was told of the joint move that led to it. */
function withPercepts(step: Step, percepts: Record<string, string[]>): Step {
  return { ...step, sees: Object.fromEntries(Object.entries(percepts).map(([role, seen]) => [role, [...seen].sort(byCodeUnits)])) };
}

/** Every role told nothing: the first step of a GDL-II game. */
function noPercepts(sm: GameStateMachine): Record<string, string[]> {
  return Object.fromEntries(sm.roles.map((role) => [role, []]));
}


export function runReplay(game: string, movesFile: string, options: PlayOptions, io: Output): Promise<number> {
  return reasoning(game, io, false, () => replayGame(game, movesFile, options, io));
}

async function replayGame(game: string, movesFile: string, options: PlayOptions, io: Output): Promise<number> {
  const text = readMovesFile(movesFile, io);
  if (text === undefined) return 2;
  const loaded = await loadOrSay(game, options, io);
  if (typeof loaded === "number") return loaded;
  const sm = loaded.machine;
  const moves = readMoves(text, sm.roles.length);
  if (typeof moves === "string") {
    io.err(`${movesFile}: error[usage]: ${moves}\n`);
    return 2;
  }
  const gdl2 = isGdl2(loaded);
  let state = sm.initialState();
  const steps: Step[] = [gdl2 ? withPercepts(describeStep(sm, state), noPercepts(sm)) : describeStep(sm, state)];
  // the roles, states and moves of the output and of its messages, in the output notation
  const show = inNotation(options.to ?? loaded.syntax ?? "kif");
  // An illegal move ends the replay, but the steps up to it are still printed (with the
  // error), so a caller keeps the valid prefix of the trace.
  const stop = (message: string): number => {
    io.err(`${movesFile}: error[illegal-move]: ${message}\n`);
    io.out(JSON.stringify({ roles: sm.roles.map(show), steps: steps.map((s) => stepIn(s, show)), error: message }) + "\n");
    return 1;
  };
  for (const [i, joint] of moves.entries()) {
    const step = i + 1;
    if (steps[steps.length - 1].terminal) return stop(`joint move ${step}: the game is over (the state before it is terminal)`);
    const indices: number[] = [];
    for (const [r, role] of sm.roles.entries()) {
      const move = normalizeMove(joint[r], options.caseSensitive);
      if (move === undefined) return stop(`joint move ${step}: the move of role ${show(role)} is not a KIF term: ${kifProblem(joint[r])}`);
      const index = sm.moveIndex(r, move);
      const legal = steps[steps.length - 1].legal[role];
      if (index === undefined || !legal.includes(move)) return stop(`joint move ${step}: ${JSON.stringify(joint[r])} is not a legal move of role ${show(role)} (legal: ${someMoves(legal, show)})`);
      indices.push(index);
    }
    const percepts = gdl2 ? sm.percepts(state, indices) : undefined;
    state = sm.nextState(state, indices);
    steps.push(percepts ? withPercepts(describeStep(sm, state), percepts) : describeStep(sm, state));
  }
  io.out(JSON.stringify({ roles: sm.roles.map(show), steps: steps.map((s) => stepIn(s, show)) }) + "\n");
  return 0;
}

/**
 * A command's work on a loaded game (`run`), where a recursion the prover cannot follow
 * (src/prover/nesting.ts) or a stack overflow outside its handling ends it as an error of the game (exit 1, with
 * --json one document), not an internal one.
 */
async function reasoning(game: string, io: Output, json: boolean, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    // a safety net: the prover walks terms from stacks of its own (term-store.ts, program.ts, trail.ts), but what else
    // nests a call per level of the game (a walk not made iterative) overflows outside any chain of calls
    const overflow = !(error instanceof RecursionTooDeepError) && nestedTooDeep(error);
    if (!(error instanceof RecursionTooDeepError) && !overflow) throw error;
    const message = overflow
      ? `the game nests deeper than the prover follows (a term or rule thousands of levels deep; the JavaScript stack overflowed: ${(error as Error).message})`
      : (error as Error).message;
    const d = diagnostic("error", "prover", game, NO_POSITION, message);
    if (json) io.out(JSON.stringify({ game, status: "error", exitCode: 1, diagnostics: [diagnosticToJson(d)] }, null, 2) + "\n");
    else io.err(formatDiagnostic(d) + "\n");
    return 1;
  }
}

/** The first 12 of a role's legal moves (KIF) as the output writes them (`show`), then `...` when there are more. */
function someMoves(kifs: readonly string[], show: (kif: string) => string): string {
  return `${kifs.slice(0, 12).map(show).join(", ")}${kifs.length > 12 ? ", ..." : ""}`;
}

/** Why a move string cannot be read as a KIF term. */
function kifProblem(kif: string): string {
  try {
    parseKifTerm(kif);
    return "it cannot be read";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Whether the game is GDL-II (its steps then say what each role was told). */
function isGdl2(loaded: PlayableGame): boolean {
  return loaded.result.description !== undefined && dialectOf(loaded.result.description) === "gdl2";
}

export interface PlayCommandOptions extends PlayOptions {
  readonly seed: number;
  readonly maxSteps: number;
  /** MOVES.json: the players' joint moves (every role but random, in role order), played first. */
  readonly moves?: string;
  /** After the given moves, players choose uniformly at random (default true); false: stop there. */
  readonly random?: boolean;
  /** Print only what this role is told (src/report/role-view.ts). */
  readonly as?: string;
}

/**
 * A seeded game: the players' moves from `--moves` while they last, then (with `--random`, the
 * default) drawn uniformly; GDL-II's random role is chance, its move always drawn uniformly by
 * the same seeded generator. Moves are drawn role by role in role order, one draw per role that
 * draws (a GDL game without --moves plays as it always has).
 */
export function runPlay(game: string, options: PlayCommandOptions, io: Output): Promise<number> {
  return reasoning(game, io, false, () => playGame(game, options, io));
}

async function playGame(game: string, options: PlayCommandOptions, io: Output): Promise<number> {
  let given: string[][] = [];
  if (options.moves !== undefined) {
    const text = readMovesFile(options.moves, io);
    if (text === undefined) return 2;
    const parsed = readJointMoves(text);
    if (typeof parsed === "string") {
      io.err(`${options.moves}: error[usage]: ${parsed}\n`);
      return 2;
    }
    given = parsed;
  }
  const loaded = await loadOrSay(game, options, io);
  if (typeof loaded === "number") return loaded;
  const sm = loaded.machine;
  const chance = sm.randomRole === undefined ? -1 : sm.roleIndex(sm.randomRole)!;
  const players = sm.roles.length - (chance >= 0 ? 1 : 0);
  const badLength = given.findIndex((joint) => joint.length !== players);
  if (badLength >= 0) {
    const who = chance >= 0 ? `${players} KIF strings (one per role but random, in the order of the role facts)` : `${players} KIF strings (one per role, in the order of the role facts)`;
    io.err(`${options.moves}: error[usage]: joint move ${badLength + 1} must be an array of ${who}\n`);
    return 2;
  }
  // the roles and moves of the output and of its messages, in the output notation
  const show = inNotation(options.to ?? loaded.syntax ?? "kif");
  let as: number | undefined;
  if (options.as !== undefined) {
    const role = normalizeMove(options.as, options.caseSensitive);
    as = role === undefined ? undefined : sm.roleIndex(role);
    if (as === undefined) {
      io.err(`${game}: error[usage]: --as ${options.as}: no such role (roles: ${sm.roles.map(show).join(", ")})\n`);
      return 2;
    }
    if (as === chance) {
      io.err(`${game}: error[usage]: --as ${options.as}: the random role is chance, not a player\n`);
      return 2;
    }
  }
  const gdl2 = isGdl2(loaded);
  const rng = mulberry32(options.seed);
  let state = sm.initialState();
  const steps: Step[] = [gdl2 ? withPercepts(describeStep(sm, state), noPercepts(sm)) : describeStep(sm, state)];
  const moves: string[][] = [];
  const fail = (message: string): number => {
    io.err(`${options.moves}: error[illegal-move]: ${message}\n`);
    return 1;
  };
  play: while (!steps[steps.length - 1].terminal && moves.length < options.maxSteps) {
    const step = moves.length;
    const joint = step < given.length ? given[step] : undefined;
    if (!joint && options.random === false) break;
    const indices: number[] = [];
    let player = 0;
    for (let r = 0; r < sm.roles.length; r++) {
      const legal = sm.legalMoves(state, r);
      if (legal.length === 0) break play; // a role has no legal move: the game is stuck
      if (joint && r !== chance) {
        const written = joint[player++];
        const move = normalizeMove(written, options.caseSensitive);
        const index = move === undefined ? undefined : sm.moveIndex(r, move);
        if (index === undefined || !legal.includes(index)) {
          return fail(`joint move ${step + 1}: ${JSON.stringify(written)} is not a legal move of role ${show(sm.roles[r])} (legal: ${someMoves(sm.legalMoveKifs(state, r), show)})`);
        }
        indices.push(index);
      } else indices.push(legal[randomInt(rng, legal.length)]);
    }
    moves.push(indices.map((m) => sm.moveKif(m)));
    const percepts = gdl2 ? sm.percepts(state, indices) : undefined;
    state = sm.nextState(state, indices);
    steps.push(percepts ? withPercepts(describeStep(sm, state), percepts) : describeStep(sm, state));
  }
  if (as !== undefined) {
    io.out(JSON.stringify(roleView(sm.roles[as], steps, moves, as, gdl2, show, options.seed)) + "\n");
    return 0;
  }
  io.out(
    JSON.stringify({ roles: sm.roles.map(show), seed: options.seed, moves: moves.map((j) => j.map(show)), steps: steps.map((s) => stepIn(s, show)) }) + "\n",
  );
  return 0;
}

export interface BenchOptions extends PlayOptions {
  readonly playouts?: number;
  readonly perft?: number;
  readonly seed: number;
  readonly json?: boolean;
  /** Seconds of each measure at least (runs are repeated until it is reached); default 2. */
  readonly minTime?: number;
  /** Seconds of warm-up before measuring (JIT); default 0.5. */
  readonly warmup?: number;
  /** Measures per figure (the median is reported, with the lowest and highest); default 3. */
  readonly repeats?: number;
}

export interface BenchReport {
  readonly game: string;
  readonly engine: EngineName;
  readonly propnetComponents: number;
  readonly minTime: number;
  readonly warmup: number;
  readonly flatMonteCarlo?: RepeatedSpeed & { readonly playoutsPerRun: number };
  readonly perft?: RepeatedSpeed & { readonly depth: number };
}

export function runBench(game: string, options: BenchOptions, io: Output): Promise<number> {
  return reasoning(game, io, options.json === true, () => benchGame(game, options, io));
}

async function benchGame(game: string, options: BenchOptions, io: Output): Promise<number> {
  // with --json, stdout gets one document whatever happens, and stderr nothing
  const fail = (exitCode: number, status: string, diagnostics: readonly Diagnostic[]): number => {
    if (options.json) io.out(JSON.stringify({ game, status, exitCode, diagnostics: diagnostics.map(diagnosticToJson) }, null, 2) + "\n");
    else for (const d of diagnostics) io.err(formatDiagnostic(d) + "\n");
    return exitCode;
  };
  if (!options.playouts && options.perft === undefined) {
    return fail(2, "usage", [diagnostic("error", "usage", game, NO_POSITION, "give --playouts N and/or --perft D")]);
  }
  const loaded = await load(game, options);
  if ("exitCode" in loaded) return fail(loaded.exitCode, loaded.status, loaded.diagnostics);
  const sm = loaded.machine;
  const o = { minTime: options.minTime ?? 2, warmup: options.warmup ?? 0.5, repeats: options.repeats ?? 3 };
  let seed = options.seed;
  const report: { -readonly [K in keyof BenchReport]: BenchReport[K] } = {
    game,
    engine: sm.engine,
    propnetComponents: loaded.propnet.stats.optimizedComponents,
    minTime: o.minTime,
    warmup: o.warmup,
  };
  if (options.playouts) {
    const playouts = options.playouts;
    report.flatMonteCarlo = { playoutsPerRun: playouts, ...measureRepeated(() => flatMonteCarlo(sm, playouts, seed++), o) };
  }
  if (options.perft !== undefined) {
    const depth = options.perft;
    report.perft = { depth, ...measureRepeated(() => perftRun(sm, depth), o) };
  }
  if (options.json) {
    io.out(JSON.stringify({ ...report, status: "ok", exitCode: 0, diagnostics: [] }, null, 2) + "\n");
    return 0;
  }
  const figure = (x: RepeatedSpeed) =>
    `${Math.round(x.nodesPerSecond)} nodes/s (median of ${x.repeats.length}, ${Math.round(x.min)}–${Math.round(x.max)}; ${x.nodes} nodes in ${x.seconds.toFixed(2)} s)`;
  const machine = sm.engine === "prover" ? `the partial propnet of P^base (${sm.baseCount} base, ${sm.inputCount} input propositions), the game on the prover` : `propnet of ${report.propnetComponents} components, ${sm.engine} engine`;
  io.out(`${game}: ${machine}, at least ${o.minTime} s per measure after ${o.warmup} s of warm-up\n`);
  if (report.flatMonteCarlo) io.out(`  flat Monte-Carlo (${report.flatMonteCarlo.playoutsPerRun} playouts per run): ${figure(report.flatMonteCarlo)}\n`);
  if (report.perft) io.out(`  perft(${report.perft.depth}): ${figure(report.perft)}\n`);
  return 0;
}
