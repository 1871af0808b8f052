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
import type { PlayableGame } from "../pipeline.js";
import { playableGame } from "../node-pipeline.js";
import { createGrounder, type GrounderKind, type WasmTier } from "../ground/index.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { termToKif } from "../syntax/print.js";
import { mulberry32, perftCounts, randomInt, type StateHandle } from "../propnet/index.js";
import { perftCountsInPlace } from "../propnet/search.js";
import type { EngineName, GameStateMachine } from "../propnet/machine.js";
import type { Output } from "./output.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import { parseGdl } from "../syntax/parse.js";
import { termToInfix } from "../syntax/infix-print.js";

export interface PlayOptions {
  readonly timeout: number;
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
  if (!("exitCode" in loaded)) return loaded;
  for (const d of loaded.diagnostics) io.err(formatDiagnostic(d) + "\n");
  return loaded.exitCode;
}

/** Reads MOVES.json: an array of joint moves, each an array of KIF strings in role order. */
export function readMoves(text: string, roles: number): string[][] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (!Array.isArray(value)) return "expected a JSON array of joint moves";
  const moves: string[][] = [];
  for (const [i, joint] of value.entries()) {
    if (!Array.isArray(joint) || joint.length !== roles || !joint.every((m) => typeof m === "string"))
      return `joint move ${i + 1} must be an array of ${roles} KIF strings (one per role, in the order of the role facts)`;
    moves.push(joint as string[]);
  }
  return moves;
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

/** Normalized KIF terms in the notation asked for. */
function inNotation(to: GdlSyntax): (kif: string) => string {
  return to === "infix" ? (kif) => termToInfix(parseKifTerm(kif)) : (kif) => kif;
}

function stepIn(step: Step, show: (kif: string) => string): Step {
  return {
    state: step.state.map(show),
    legal: Object.fromEntries(Object.entries(step.legal).map(([role, moves]) => [show(role), moves.map(show)])),
    terminal: step.terminal,
    goals: step.goals && Object.fromEntries(Object.entries(step.goals).map(([role, v]) => [show(role), v])),
  };
}


export async function runReplay(game: string, movesFile: string, options: PlayOptions, io: Output): Promise<number> {
  let text: string;
  try {
    text = readFileSync(movesFile, "utf8");
  } catch (error) {
    io.err(`${movesFile}: error[io]: cannot read the file: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}\n`);
    return 2;
  }
  const loaded = await loadOrSay(game, options, io);
  if (typeof loaded === "number") return loaded;
  const sm = loaded.machine;
  const moves = readMoves(text, sm.roles.length);
  if (typeof moves === "string") {
    io.err(`${movesFile}: error[usage]: ${moves}\n`);
    return 2;
  }
  let state = sm.initialState();
  const steps: Step[] = [describeStep(sm, state)];
  // An illegal move ends the replay, but the steps up to it are still printed (with the
  // error), so a caller keeps the valid prefix of the trace.
  const stop = (message: string): number => {
    io.err(`${movesFile}: error[illegal-move]: ${message}\n`);
    io.out(JSON.stringify({ roles: sm.roles, steps, error: message }) + "\n");
    return 1;
  };
  for (const [i, joint] of moves.entries()) {
    const step = i + 1;
    if (steps[steps.length - 1].terminal) return stop(`joint move ${step}: the game is over (the state before it is terminal)`);
    const indices: number[] = [];
    for (const [r, role] of sm.roles.entries()) {
      const move = normalizeMove(joint[r], options.caseSensitive);
      if (move === undefined) return stop(`joint move ${step}: the move of role ${role} is not a KIF term: ${kifProblem(joint[r])}`);
      const index = sm.moveIndex(r, move);
      const legal = steps[steps.length - 1].legal[role];
      if (index === undefined || !legal.includes(move)) {
        return stop(
          `joint move ${step}: ${JSON.stringify(joint[r])} is not a legal move of role ${role} ` +
            `(legal: ${legal.slice(0, 12).join(", ")}${legal.length > 12 ? ", ..." : ""})`,
        );
      }
      indices.push(index);
    }
    state = sm.nextState(state, indices);
    steps.push(describeStep(sm, state));
  }
  const show = inNotation(options.to ?? loaded.syntax ?? "kif");
  io.out(JSON.stringify({ roles: sm.roles.map(show), steps: steps.map((s) => stepIn(s, show)) }) + "\n");
  return 0;
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

export async function runPlay(game: string, options: PlayOptions & { seed: number; maxSteps: number }, io: Output): Promise<number> {
  const loaded = await loadOrSay(game, options, io);
  if (typeof loaded === "number") return loaded;
  const sm = loaded.machine;
  const rng = mulberry32(options.seed);
  let state = sm.initialState();
  const steps: Step[] = [describeStep(sm, state)];
  const moves: string[][] = [];
  while (!steps[steps.length - 1].terminal && moves.length < options.maxSteps) {
    const indices: number[] = [];
    for (let r = 0; r < sm.roles.length; r++) {
      const legal = sm.legalMoves(state, r);
      if (legal.length === 0) break;
      indices.push(legal[randomInt(rng, legal.length)]);
    }
    if (indices.length < sm.roles.length) break; // a role has no legal move: the game is stuck
    moves.push(indices.map((m) => sm.moveKif(m)));
    state = sm.nextState(state, indices);
    steps.push(describeStep(sm, state));
  }
  const show = inNotation(options.to ?? loaded.syntax ?? "kif");
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

/** One figure measured `repeats` times: nodes per second of each measure, and their median. */
export interface RepeatedSpeed {
  readonly nodesPerSecond: number;
  readonly min: number;
  readonly max: number;
  readonly repeats: readonly number[];
  /** Nodes and seconds over every measure (warm-up not counted). */
  readonly nodes: number;
  readonly seconds: number;
}

/**
 * A single flat Monte-Carlo run as in Table 2 of the Regular Boardgames paper: `playouts`
 * random playouts to the end, every legal move computed at every visited node; nodes = states
 * visited.
 */
export function flatMonteCarlo(sm: GameStateMachine, playouts: number, seed: number): { nodes: number; seconds: number } {
  const rng = mulberry32(seed);
  if (sm.randomPlayoutNodes) {
    // the engine's own loop (the fast engine: the same moves and nodes, without calls through the interface)
    const started = performance.now();
    const nodes = sm.randomPlayoutNodes(playouts, rng, 100_000);
    return { nodes, seconds: (performance.now() - started) / 1000 };
  }
  const legal = new Int32Array(Math.max(1, ...sm.roles.map((_, r) => sm.maxLegalMoves(r))));
  const joint = new Int32Array(sm.roles.length);
  const initial = sm.initialState();
  let a = initial.slice();
  let b = a.slice();
  let nodes = 0;
  const started = performance.now();
  for (let p = 0; p < playouts; p++) {
    a.set(initial);
    for (let step = 0; step < 100_000; step++) {
      nodes++;
      if (sm.isTerminal(a)) break;
      let stuck = false;
      for (let r = 0; r < sm.roles.length; r++) {
        const count = sm.legalMovesInto(a, r, legal);
        if (count === 0) {
          stuck = true;
          break;
        }
        joint[r] = legal[randomInt(rng, count)];
      }
      if (stuck) break;
      sm.nextStateInto(a, joint, b);
      const t = a;
      a = b;
      b = t;
    }
  }
  return { nodes, seconds: (performance.now() - started) / 1000 };
}

/**
 * A single perft run to `depth`; nodes = states reached. The fast engine walks the tree in
 * place (`perftCountsInPlace`, apply/undo); the reference engine with the driver it had
 * (`perftCounts`, a copied state per node), so that "reference" measures the engine as it was.
 */
export function perftRun(sm: GameStateMachine, depth: number): { nodes: number; seconds: number } {
  const started = performance.now();
  const counts = sm.engine === "fast" ? perftCountsInPlace(sm, depth) : perftCounts(sm, depth);
  return { nodes: counts.nodes, seconds: (performance.now() - started) / 1000 };
}

/**
 * Runs `run` for `warmup` seconds, then `repeats` measures, each repeating `run` until
 * `minTime` seconds have passed; reports nodes per second (median, lowest, highest).
 */
export function measureRepeated(run: () => { nodes: number; seconds: number }, o: { minTime: number; warmup: number; repeats: number }): RepeatedSpeed {
  const warmEnd = performance.now() + o.warmup * 1000;
  do run();
  while (performance.now() < warmEnd);
  const repeats: number[] = [];
  let nodes = 0;
  let seconds = 0;
  for (let i = 0; i < Math.max(1, o.repeats); i++) {
    let n = 0;
    let s = 0;
    do {
      const r = run();
      n += r.nodes;
      s += r.seconds;
    } while (s < o.minTime);
    repeats.push(n / s);
    nodes += n;
    seconds += s;
  }
  const sorted = [...repeats].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { nodesPerSecond: median, min: sorted[0], max: sorted[sorted.length - 1], repeats, nodes, seconds };
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

export async function runBench(game: string, options: BenchOptions, io: Output): Promise<number> {
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
  io.out(`${game}: propnet of ${report.propnetComponents} components, ${sm.engine} engine, at least ${o.minTime} s per measure after ${o.warmup} s of warm-up\n`);
  if (report.flatMonteCarlo) io.out(`  flat Monte-Carlo (${report.flatMonteCarlo.playoutsPerRun} playouts per run): ${figure(report.flatMonteCarlo)}\n`);
  if (report.perft) io.out(`  perft(${report.perft.depth}): ${figure(report.perft)}\n`);
  return 0;
}
