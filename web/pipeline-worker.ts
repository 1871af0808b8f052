/**
 * The page's pipeline worker: grounds a game with the library's pure pipeline and the browser
 * grounder (clingo-wasm in a nested Web Worker), builds the propnet and its state machine, and
 * plays on it. Messages: protocol.ts. A GDL-II game's view carries every step as each role is
 * told it (legal moves, goals, percepts: src/report/role-view.ts's GameStep) and its random role,
 * so that the page can show one role only what that role is told.
 */
import clingoJsUrl from "clingo-wasm-dist/clingo.js?url";
import clingoWasmUrl from "clingo-wasm-dist/clingo.wasm?url";
import {
  BrowserGrounder,
  grounderProbe,
  loadText,
  mulberry32,
  playableDescription,
  PLAYER_PROBE_SECONDS,
  printGroundGameBytes,
  propnetDotBytes,
  propnetJsonBytes,
  totalSeconds,
  type GameStateMachine,
  type GroundResult,
  type PartialGrounding,
  type Propnet,
  type StateHandle,
} from "../src/browser/index.js";
import { countGroundInstances } from "../src/lsp/ground-counts.js";
import { boardsOfGame, type Board } from "../src/report/board.js";
import type { GameStep } from "../src/report/role-view.js";
import type { FromWorker, GroundReport, OutputKind, PlayAction, PlayView, ToWorker } from "./protocol.js";

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent<ToWorker>) => void): void;
};
const post = (message: FromWorker) => scope.postMessage(message);

let grounder: BrowserGrounder | undefined;
/** Resolved by the page's "init" (clingo's compiled module), which may come after a first "ground". */
let initialized!: () => void;
const ready = new Promise<void>((resolve) => (initialized = resolve));
let current: { id: number; abort: AbortController } | undefined;

interface Game {
  result: GroundResult;
  propnet?: Propnet;
  machine?: GameStateMachine;
  /** States from the initial one to the current one, and the joint moves between them. */
  states: StateHandle[];
  moves: number[][];
  /** GDL-II only: each state's step as the roles are told it (percepts of the joint move that led there). */
  told?: GameStep[];
}
let game: Game | undefined;

async function ground(id: number, text: string, file: string, options: { split: boolean; prune: boolean; timeoutSeconds: number }) {
  game = undefined;
  const abort = new AbortController();
  current = { id, abort };
  await ready;
  if (!grounder) throw new Error("the clingo grounder is not ready");
  const loaded = loadText(text, file);
  // the ground game is kept for its download; a game that does not ground within the time limit
  // is played on the prover over P^base (src/hybrid/), as loadGame and the CLI play it
  const outcome = await playableDescription(loaded, {
    split: options.split,
    prune: options.prune,
    grounder,
    timeoutSeconds: options.timeoutSeconds,
    tooLarge: "partial",
    // what explodes, named by clingo-wasm in text mode: the relations lifted for a hybrid machine
    probe: grounderProbe(grounder),
    probeSeconds: PLAYER_PROBE_SECONDS,
    signal: abort.signal,
    onPhase: (phase, _detail, _times, scope) => post({ type: "phase", id, phase, scope }),
  });
  current = undefined;
  const result = "game" in outcome ? outcome.game.result : outcome.result;
  const propnet = "game" in outcome ? outcome.game.propnet : outcome.result.propnet;
  const machine = "game" in outcome ? outcome.game.machine : undefined;
  const playError = "game" in outcome ? undefined : outcome.cannotPlay;
  game = { result, propnet, machine, states: machine ? [machine.initialState()] : [], moves: [] };
  if (machine && loaded.dialect === "gdl2") game.told = [toldStep(machine, game.states[0], Object.fromEntries(machine.roles.map((role) => [role, []])))];
  let boards: Board[] = [];
  if (machine && result.game) {
    try {
      boards = boardsOfGame(result.game, loaded.description, machine);
    } catch {
      boards = []; // no board: the state is shown as a list
    }
  }
  // a partial result's ground game is P^base's alone: no instance counts of the game for the hovers
  const counts = result.game && result.status === "ok" ? countGroundInstances(result.game) : undefined;
  const partial = "game" in outcome ? outcome.game.partial : outcome.result.partial;
  post({ type: "grounded", id, report: { ...report(result, propnet, playError, partial, options.timeoutSeconds), dialect: loaded.dialect }, play: machine ? view(game) : undefined, boards, counts });
}

function report(result: GroundResult, propnet: Propnet | undefined, playError: string | undefined, partial: PartialGrounding | undefined, timeoutSeconds: number): GroundReport {
  const stats = result.program?.stats;
  return {
    ...(partial ? { partial: { reason: partial.reason, timeoutSeconds, stoppedBy: partial.stoppedBy, ...(partial.lifted ? { lifted: partial.lifted.map((r) => ({ relation: `${r.relation}/${r.arity}`, atoms: r.atoms.length })) } : {}), ...(partial.below ? { below: { exported: partial.below.exported.map((e) => `${e.relation}/${e.arity}`), atoms: partial.below.atoms, components: partial.below.propnet.components.length } } : {}) } } : {}),
    file: result.file,
    status: result.status,
    diagnostics: result.diagnostics,
    times: result.times,
    totalSeconds: totalSeconds(result.times),
    gdlRules: stats?.gdlRules,
    aspRules: stats?.aspRules,
    splits: stats?.splits,
    prunedRules: stats?.prunedRules,
    specializedRules: stats?.specializedRules,
    groundRules: result.groundRules,
    groundClauses: result.game?.clauses.length,
    groundAtoms: result.game?.atoms.length,
    base: result.game?.base.length,
    input: result.game?.input.length,
    propnet: propnet?.stats,
    playError,
  };
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A step of a GDL-II game: what each role is told at `state`, having perceived `sees`. */
function toldStep(sm: GameStateMachine, state: StateHandle, sees: Record<string, string[]>): GameStep {
  const terminal = sm.isTerminal(state);
  const goals = terminal ? sm.goals(state) : undefined;
  return {
    legal: Object.fromEntries(sm.roles.map((role, r) => [role, terminal ? [] : sm.legalMoveKifs(state, r)])),
    terminal,
    goals: goals ? Object.fromEntries(sm.roles.map((role, r) => [role, goals[r]])) : null,
    sees,
  };
}

function view(g: Game): PlayView {
  const sm = g.machine!;
  const state = g.states[g.states.length - 1];
  const terminal = sm.isTerminal(state);
  return {
    roles: sm.roles,
    step: g.states.length - 1,
    state: sm.stateToKif(state).sort(byCodeUnits),
    legal: sm.roles.map((_, r) =>
      terminal ? [] : sm.legalMoves(state, r).map((index) => ({ move: sm.moveKif(index), index })).sort((a, b) => byCodeUnits(a.move, b.move)),
    ),
    terminal,
    goals: terminal ? sm.goals(state) : null,
    history: g.moves.map((joint) => joint.map((i) => sm.moveKif(i))),
    ...(g.told ? { gdl2: { chance: sm.randomRole === undefined ? undefined : sm.roleIndex(sm.randomRole), steps: g.told } } : {}),
  };
}

/** A playout stops after this many steps when no terminal state comes (a game may never end). */
const MAX_PLAYOUT_STEPS = 10_000;

function play(action: PlayAction) {
  if (!game?.machine) throw new Error("nothing to play: ground a game first");
  const sm = game.machine;
  const g = game;
  /** Said in the Play panel after the view (a playout that stopped short of a terminal state). */
  let notice: string | undefined;
  const randomJoint = (state: StateHandle, rng: () => number) =>
    sm.roles.map((_, r) => {
      const legal = sm.legalMoves(state, r);
      if (legal.length === 0) throw new Error(`role ${sm.roles[r]} has no legal move`);
      return legal[Math.floor(rng() * legal.length)];
    });
  const advance = (joint: number[]) => {
    const state = g.states[g.states.length - 1];
    if (sm.isTerminal(state)) throw new Error("the game is over");
    const next = sm.nextState(state, joint);
    g.told?.push(toldStep(sm, next, sm.percepts(state, joint)));
    g.states.push(next);
    g.moves.push(joint);
  };
  switch (action.kind) {
    case "restart":
      g.states.length = 1;
      g.moves.length = 0;
      if (g.told) g.told.length = 1;
      break;
    case "undo":
      if (g.states.length > 1) {
        g.states.pop();
        g.moves.pop();
        g.told?.pop();
      }
      break;
    case "step": {
      const state = g.states[g.states.length - 1];
      action.moves.forEach((m, r) => {
        if (!sm.legalMoves(state, r).includes(m)) throw new Error(`${sm.moveKif(m)} is not legal for ${sm.roles[r]}`);
      });
      advance([...action.moves]);
      break;
    }
    case "random-step":
      advance(randomJoint(g.states[g.states.length - 1], mulberry32(action.seed)));
      break;
    case "playout": {
      const rng = mulberry32(action.seed);
      let steps = 0;
      for (; steps < MAX_PLAYOUT_STEPS && !sm.isTerminal(g.states[g.states.length - 1]); steps++) advance(randomJoint(g.states[g.states.length - 1], rng));
      if (!sm.isTerminal(g.states[g.states.length - 1])) notice = `the playout stopped after ${MAX_PLAYOUT_STEPS.toLocaleString("en-US")} steps without reaching a terminal state (Playout again goes on from here)`;
      break;
    }
  }
  post({ type: "play", view: view(g) });
  if (notice) post({ type: "play-note", message: notice });
}

function output(what: OutputKind) {
  const result = game?.result;
  if (!result) throw new Error("ground a game first");
  let bytes: Uint8Array;
  switch (what) {
    case "asp":
      if (!result.program) throw new Error("no ASP program: the game did not translate");
      bytes = new TextEncoder().encode(result.program.text);
      break;
    case "ground":
      if (!result.game) throw new Error("no ground game");
      bytes = printGroundGameBytes(result.game, { header: `ground by gdl-ground from ${result.file}`, syntax: "kif" });
      break;
    case "json":
    case "dot":
      if (!game?.propnet) throw new Error("no propnet");
      bytes = what === "dot" ? propnetDotBytes(game.propnet) : propnetJsonBytes(game.propnet);
      break;
  }
  scope.postMessage({ type: "output", what, bytes, lineStarts: lineStartsOf(bytes) }, [bytes.buffer]);
}

/** The byte offset where each line starts (the page decodes only the lines it shows). */
function lineStartsOf(bytes: Uint8Array): Uint32Array {
  let lines = 1;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) lines++;
  const starts = new Uint32Array(lines);
  let n = 1;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) starts[n++] = i + 1;
  return starts;
}

scope.addEventListener("message", (event) => {
  const message = event.data;
  try {
    switch (message.type) {
      case "init":
        grounder = new BrowserGrounder({ clingoJsUrl, clingoWasmUrl, wasmModule: message.wasmModule });
        initialized();
        grounder.warmUp().then(() => post({ type: "ready" }));
        break;
      case "ground":
        ground(message.id, message.text, message.file, message.options).catch((e) =>
          post({ type: "error", id: message.id, message: e instanceof Error ? e.message : String(e) }),
        );
        break;
      case "cancel":
        if (current?.id === message.id) current.abort.abort();
        break;
      case "play":
        try {
          play(message.action);
        } catch (e) {
          post({ type: "play-error", message: e instanceof Error ? e.message : String(e) });
        }
        break;
      case "output":
        try {
          output(message.what);
        } catch (e) {
          post({ type: "output-error", what: message.what, message: e instanceof Error ? e.message : String(e) });
        }
        break;
    }
  } catch (e) {
    post({ type: "error", message: e instanceof Error ? e.message : String(e) });
  }
});
