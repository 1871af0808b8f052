/**
 * Playing a grounded game on its propnet state machine:
 *   `gdl-ground replay GAME --moves MOVES.json`  the states, legal moves and goals along given moves;
 *   `gdl-ground play GAME --random --seed N`     the same for a seeded random playout;
 *   `gdl-ground bench GAME --playouts N | --perft D`   reasoning speed (nodes per second).
 * The output of replay and play is one JSON object, terms in normalized KIF, lists sorted:
 *   {"roles": [...], "steps": [{"state": [...], "legal": {"<role>": [...]}, "terminal": false, "goals": null}, ...]}
 */
import { readFileSync } from "node:fs";
import { formatDiagnostic } from "../diagnostics.js";
import type { PlayableGame } from "../pipeline.js";
import { playableGame } from "../io.js";
import { createGrounder, type GrounderKind } from "../ground/index.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { termToKif } from "../syntax/print.js";
import { mulberry32, perftCounts, randomInt, type PropnetStateMachine, type StateHandle } from "../propnet/index.js";
import type { Output } from "./io.js";
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
}

export interface Step {
  readonly state: string[];
  readonly legal: Record<string, string[]>;
  readonly terminal: boolean;
  readonly goals: Record<string, number | null> | null;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function describeStep(sm: PropnetStateMachine, state: StateHandle): Step {
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

async function load(game: string, options: PlayOptions, io: Output): Promise<PlayableGame | number> {
  const grounder = await createGrounder(options.grounder);
  if ("error" in grounder) {
    io.err(`gdl-ground: error[usage]: ${grounder.error}\n`);
    return 2;
  }
  try {
    const loaded = await playableGame(game, {
      grounder,
      timeoutSeconds: options.timeout,
      syntax: options.syntax,
      messageSyntax: options.to,
      caseSensitive: options.caseSensitive,
    });
    if ("diagnostics" in loaded) {
      for (const d of loaded.diagnostics) if (d.severity !== "note") io.err(formatDiagnostic(d) + "\n");
      return loaded.diagnostics.some((d) => d.code === "io") ? 2 : 1;
    }
    return loaded.game;
  } finally {
    await grounder.close();
  }
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
  const loaded = await load(game, options, io);
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
  const loaded = await load(game, options, io);
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
}

export interface ReasoningSpeed {
  readonly game: string;
  readonly propnetComponents: number;
  readonly playouts?: { count: number; nodes: number; seconds: number; nodesPerSecond: number; playoutsPerSecond: number };
  readonly perft?: { depth: number; nodes: number; seconds: number; nodesPerSecond: number };
}

/**
 * Flat Monte-Carlo as in Table 2 of the Regular Boardgames paper: random playouts to the end,
 * all legal moves computed at every visited node; nodes = states visited. Perft: every joint
 * move path to the depth; nodes = states reached (as perftCounts counts them).
 */
export function measureReasoning(game: string, loaded: PlayableGame, options: { playouts?: number; perft?: number; seed: number }): ReasoningSpeed {
  const sm = loaded.machine;
  const result: { -readonly [K in keyof ReasoningSpeed]: ReasoningSpeed[K] } = {
    game,
    propnetComponents: loaded.propnet.stats.optimizedComponents,
  };
  if (options.playouts) {
    const rng = mulberry32(options.seed);
    const legal = new Int32Array(Math.max(1, ...sm.roles.map((_, r) => sm.maxLegalMoves(r))));
    const joint = new Int32Array(sm.roles.length);
    let a = sm.initialState().slice();
    let b = a.slice();
    let nodes = 0;
    const started = performance.now();
    for (let p = 0; p < options.playouts; p++) {
      a.set(sm.initialState());
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
        [a, b] = [b, a];
      }
    }
    const seconds = (performance.now() - started) / 1000;
    result.playouts = { count: options.playouts, nodes, seconds, nodesPerSecond: nodes / seconds, playoutsPerSecond: options.playouts / seconds };
  }
  if (options.perft !== undefined) {
    const started = performance.now();
    const counts = perftCounts(sm, options.perft);
    const seconds = (performance.now() - started) / 1000;
    result.perft = { depth: options.perft, nodes: counts.nodes, seconds, nodesPerSecond: counts.nodes / seconds };
  }
  return result;
}

export async function runBench(game: string, options: BenchOptions, io: Output): Promise<number> {
  if (!options.playouts && options.perft === undefined) {
    io.err("gdl-ground: error[usage]: give --playouts N and/or --perft D\n");
    return 2;
  }
  const loaded = await load(game, options, io);
  if (typeof loaded === "number") return loaded;
  const speed = measureReasoning(game, loaded, options);
  if (options.json) {
    io.out(JSON.stringify(speed, null, 2) + "\n");
    return 0;
  }
  io.out(`${game}: propnet of ${speed.propnetComponents} components\n`);
  if (speed.playouts) {
    const p = speed.playouts;
    io.out(`  flat Monte-Carlo: ${p.count} playouts, ${p.nodes} nodes in ${p.seconds.toFixed(2)} s: ${Math.round(p.nodesPerSecond)} nodes/s (${Math.round(p.playoutsPerSecond)} playouts/s)\n`);
  }
  if (speed.perft) {
    const p = speed.perft;
    io.out(`  perft(${p.depth}): ${p.nodes} nodes in ${p.seconds.toFixed(2)} s: ${Math.round(p.nodesPerSecond)} nodes/s\n`);
  }
  return 0;
}
