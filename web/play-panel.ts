/**
 * The Play panel: the step, the boards, each role's legal moves, the play buttons, the state
 * as a sorted, filterable list and the moves so far. Built as a list of sections, each a
 * function of the view (PLAY_SECTIONS). The control that had the focus keeps it across a
 * re-render (the same move, the same button), so keyboard play never drops to the page.
 *
 * A GDL-II game (the view's `gdl2`) has three more parts: a percepts panel per role (what it was
 * told after the last joint move, and by step); the random role's move drawn by the "Chance"
 * button or by itself (the switch), never offered as a role to choose for; and "view as ROLE",
 * which shows what that role is told and nothing else (src/report/role-view.ts, the rule of
 * `play --as`): its own legal moves, percepts, moves, goal and terminal. The state, the boards
 * and the other roles' moves and percepts are then left out of the page, not greyed out.
 * A GDL game shows none of these and plays as it always has.
 */
import type { Board } from "../src/report/board.js";
import { roleSteps, type RoleStep } from "../src/report/role-view.js";
import { mulberry32, randomInt } from "../src/propnet/search.js";
import { drawBoard } from "./board-view.js";
import type { PlayAction, PlayView } from "./protocol.js";

export interface PlayContext {
  readonly boards: readonly Board[];
  readonly caseSensitive: boolean;
  /** Sends a play action to the worker. */
  play(action: PlayAction): void;
  /** A fresh seed for a random step or playout, or a chance move. */
  seed(): number;
  /** The view-as role or the chance switch changed: keep it and show the view again. */
  settingsChanged(): void;
  /** Whether chance, when it moves by itself, moves now (not right after an Undo). */
  readonly autoStep: boolean;
}

/** One part of the panel; undefined when it has nothing to show for this view. */
export type PlaySection = (view: PlayView, context: PlayContext, state: PanelState) => HTMLElement | undefined;

/** What the panel keeps between renders: the moves chosen so far this step, the state filter, the GDL-II settings. */
export interface PanelState {
  chosen: (number | undefined)[];
  filter: string;
  /** GDL-II: the role whose view is shown; "" for everyone. */
  viewAs: string;
  /** GDL-II: chance moves by itself (its move drawn as each step is shown). */
  autoChance: boolean;
  /** The view the chosen moves belong to (a re-render of the same view keeps them). */
  shown?: PlayView;
}

/** GDL-II: the index of the role viewed as, or undefined for everyone (and for a GDL game). */
function seat(view: PlayView, panel: PanelState): number | undefined {
  if (!view.gdl2 || panel.viewAs === "") return undefined;
  const r = view.roles.indexOf(panel.viewAs);
  return r < 0 || r === view.gdl2.chance ? undefined : r;
}

/** The role's steps as it is told them (role-view.ts). */
function toldTo(view: PlayView, r: number): RoleStep[] {
  return roleSteps(view.roles[r], view.gdl2?.steps ?? [], view.history, r, true);
}

/** Sends the joint move once every role has chosen (roles with one legal move choose it). */
function stepWhenChosen(panel: PanelState, context: PlayContext): void {
  if (panel.chosen.length > 0 && panel.chosen.every((c) => c !== undefined)) context.play({ kind: "step", moves: panel.chosen as number[] });
}

/** Draws chance's move uniformly from its legal moves (mulberry32, seeded by the page's next seed). */
function drawChance(view: PlayView, panel: PanelState, context: PlayContext): void {
  const chance = view.gdl2?.chance;
  if (chance === undefined || view.terminal) return;
  const legal = view.legal[chance];
  if (legal.length > 0) panel.chosen[chance] = legal[randomInt(mulberry32(context.seed()), legal.length)].index;
}

function div(className: string, text?: string): HTMLDivElement {
  const d = document.createElement("div");
  d.className = className;
  if (text !== undefined) d.textContent = text;
  return d;
}

const stepLine: PlaySection = (view) => {
  const info = div("step", `step ${view.step}${view.terminal ? " — terminal" : ""}`);
  info.dataset.testid = "step";
  info.dataset.step = String(view.step);
  return info;
};

/** GDL-II: "view as", the Chance button and the switch that lets chance move by itself. */
const gdl2Bar: PlaySection = (view, context, panel) => {
  if (!view.gdl2) return undefined;
  const bar = div("gdl2-bar");
  bar.dataset.testid = "gdl2-bar";
  const label = document.createElement("label");
  label.textContent = "view as ";
  const select = document.createElement("select");
  select.dataset.testid = "view-as";
  select.dataset.focusKey = "view-as";
  select.append(new Option("everyone", ""));
  view.roles.forEach((role, r) => {
    if (r !== view.gdl2!.chance) select.append(new Option(role, role));
  });
  select.value = seat(view, panel) === undefined ? "" : panel.viewAs;
  select.addEventListener("change", () => {
    panel.viewAs = select.value;
    context.settingsChanged();
  });
  label.append(select);
  bar.append(label);
  const chance = view.gdl2.chance;
  if (chance !== undefined) {
    const waiting = !view.terminal && view.legal[chance].length > 0 && panel.chosen[chance] === undefined;
    const button = document.createElement("button");
    button.textContent = "Chance";
    button.title = `draws the move of ${view.roles[chance]} uniformly from its legal moves`;
    button.dataset.testid = "chance";
    button.dataset.focusKey = "chance";
    button.disabled = !waiting;
    button.addEventListener("click", () => {
      drawChance(view, panel, context);
      context.settingsChanged();
      stepWhenChosen(panel, context);
    });
    const auto = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = panel.autoChance;
    box.dataset.testid = "auto-chance";
    box.dataset.focusKey = "auto-chance";
    box.addEventListener("change", () => {
      panel.autoChance = box.checked;
      if (box.checked && panel.chosen[chance] === undefined) {
        drawChance(view, panel, context);
        stepWhenChosen(panel, context);
      }
      context.settingsChanged();
    });
    auto.append(box, " chance moves by itself");
    const who = view.roles[chance];
    const status = div("chance-status muted", view.terminal ? "" : view.legal[chance].length === 0 ? `${who} has no legal move` : waiting ? `${who} to move` : `${who} has moved`);
    status.dataset.testid = "chance-status";
    bar.append(button, auto, status);
  }
  return bar;
};

const boardsSection: PlaySection = (view, context, panel) => {
  if (context.boards.length === 0 || seat(view, panel) !== undefined) return undefined;
  const boards = div("boards");
  boards.dataset.testid = "boards";
  for (const board of context.boards) {
    const figure = document.createElement("figure");
    figure.className = "board-figure";
    figure.append(drawBoard(board, view.state, { roles: view.roles, caseSensitive: context.caseSensitive }));
    const caption = document.createElement("figcaption");
    caption.textContent = `${board.relation}${board.shape === "hex" ? " (hex)" : ""}`;
    caption.title = board.why;
    figure.append(caption);
    boards.append(figure);
  }
  return boards;
};

const outcome: PlaySection = (view, _context, panel) => {
  if (!view.terminal) return undefined;
  const r = seat(view, panel);
  const shown = r === undefined ? view.roles.map((_, i) => i).filter((i) => i !== view.gdl2?.chance) : [r];
  const t = div("terminal", `terminal; ${r === undefined ? "goals" : "goal"}: ${shown.map((i) => `${view.roles[i]} ${view.goals?.[i] ?? "none"}`).join(", ")}`);
  t.dataset.testid = "terminal";
  return t;
};

const movesSection: PlaySection = (view, context, panel) => {
  if (view.terminal) return undefined;
  const roles = div("roles");
  const you = seat(view, panel);
  view.roles.forEach((role, r) => {
    if (you !== undefined && r !== you) return;
    const block = div("role");
    block.dataset.role = role;
    if (r === view.gdl2?.chance) {
      roles.append(chanceBlock(view, r, panel));
      return;
    }
    const h = document.createElement("h3");
    h.textContent = `${role}${view.legal[r].length === 0 ? ": no legal move" : view.legal[r].length > 1 ? ` (${view.legal[r].length} moves)` : ""}`;
    const moves = div("moves");
    for (const { move, index } of view.legal[r]) {
      const b = document.createElement("button");
      b.textContent = move;
      b.dataset.move = move;
      b.dataset.focusKey = `move ${role} ${move}`;
      if (panel.chosen[r] === index) b.classList.add("chosen");
      b.setAttribute("aria-pressed", String(panel.chosen[r] === index));
      b.addEventListener("click", () => {
        panel.chosen[r] = index;
        moves.querySelectorAll("button").forEach((x) => {
          x.classList.toggle("chosen", x === b);
          x.setAttribute("aria-pressed", String(x === b));
        });
        stepWhenChosen(panel, context);
      });
      moves.append(b);
    }
    block.append(h, moves);
    roles.append(block);
  });
  if (you !== undefined && view.roles.some((_, r) => r !== you && r !== view.gdl2?.chance))
    roles.append(div("muted", "The other players choose as themselves: view as each of them (or make a random step)."));
  return roles;
};

/** Everyone's view of chance: its legal moves, not buttons (no one chooses for it), and its draw. */
function chanceBlock(view: PlayView, r: number, panel: PanelState): HTMLElement {
  const block = div("role chance");
  block.dataset.role = view.roles[r];
  const h = document.createElement("h3");
  const legal = view.legal[r];
  h.textContent = `${view.roles[r]} (chance)${legal.length === 0 ? ": no legal move" : `: drawn uniformly from ${legal.length} move${legal.length > 1 ? "s" : ""}`}`;
  const moves = div("moves");
  for (const { move, index } of legal) {
    const m = document.createElement("span");
    m.className = panel.chosen[r] === index ? "chance-move chosen" : "chance-move";
    m.textContent = move;
    m.dataset.move = move;
    moves.append(m);
  }
  block.append(h, moves);
  return block;
}

const playButtons: PlaySection = (view, context) => {
  const buttons = div("play-buttons");
  const button = (label: string, id: string, enabled: boolean, action: () => void) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.dataset.testid = id;
    b.dataset.focusKey = id;
    b.disabled = !enabled;
    b.addEventListener("click", action);
    buttons.append(b);
  };
  button("Random step", "random-step", !view.terminal, () => context.play({ kind: "random-step", seed: context.seed() }));
  button("Random playout", "playout", !view.terminal, () => context.play({ kind: "playout", seed: context.seed() }));
  button("Undo", "undo", view.step > 0, () => context.play({ kind: "undo" }));
  button("Restart", "restart", view.step > 0, () => context.play({ kind: "restart" }));
  return buttons;
};

/** GDL-II: what each role was told after the last joint move, and by step. */
const perceptsSection: PlaySection = (view, _context, panel) => {
  if (!view.gdl2) return undefined;
  const you = seat(view, panel);
  const box = div("percepts-panel");
  box.dataset.testid = "percepts";
  for (const [r, role] of view.roles.entries()) {
    if (you !== undefined ? r !== you : r === view.gdl2.chance) continue;
    const told = toldTo(view, r);
    const block = div("percepts");
    block.dataset.role = role;
    const h = document.createElement("h3");
    h.textContent = `${role} is told`;
    const saw = (sees: readonly string[] | undefined) => (sees && sees.length > 0 ? sees.join("  ") : "nothing");
    const last = div("percepts-last", view.step === 0 ? "nothing yet (no move made)" : `after move ${view.step}: ${saw(told[view.step].sees)}`);
    last.dataset.testid = "percepts-last";
    const byStep = div("percepts-history", told.slice(1).map((step, i) => `${i + 1}. ${saw(step.sees)}`).join("\n"));
    block.append(h, last, byStep);
    box.append(block);
  }
  return box;
};

const stateList: PlaySection = (view, _context, panel) => {
  if (seat(view, panel) !== undefined) return undefined;
  const box = div("state-box");
  const label = document.createElement("label");
  label.className = "state-filter";
  label.textContent = `state (${view.state.length} fluents) `;
  const input = document.createElement("input");
  input.type = "search";
  input.placeholder = "filter";
  input.value = panel.filter;
  input.dataset.focusKey = "state-filter";
  input.dataset.testid = "state-filter";
  label.append(input);
  const list = div("state");
  list.dataset.testid = "state";
  const show = () => {
    const f = panel.filter.toLowerCase();
    const shown = f ? view.state.filter((s) => s.toLowerCase().includes(f)) : view.state;
    list.textContent = shown.join("\n");
  };
  input.addEventListener("input", () => {
    panel.filter = input.value;
    show();
  });
  show();
  box.append(label, list);
  return box;
};

const history: PlaySection = (view, _context, panel) => {
  if (view.history.length === 0) return undefined;
  const you = seat(view, panel);
  // as a role: its own moves only (GDL-II's players are not told the others')
  const lines = you === undefined ? view.history.map((joint) => joint.join("  ")) : toldTo(view, you).flatMap((step) => (step.move === undefined ? [] : [step.move]));
  const h = div("history", lines.map((line, i) => `${i + 1}. ${line}`).join("\n"));
  h.dataset.testid = "history";
  return h;
};

/** The sections in order; a new panel part goes here. */
export const PLAY_SECTIONS: PlaySection[] = [stepLine, gdl2Bar, boardsSection, outcome, movesSection, playButtons, perceptsSection, stateList, history];

/** Renders the view into `root`, keeping the focused control focused when it is still there. */
export function renderPlay(root: HTMLElement, view: PlayView, context: PlayContext, panel: PanelState): void {
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement.dataset.focusKey : undefined;
  if (panel.shown !== view) {
    // a new view: a new step to choose moves for (re-rendering the same view keeps the choices)
    panel.shown = view;
    // chance is drawn even from one legal move: how many it has can depend on what a role may not see
    // (Monty Hall's host has one door to open unless the candidate chose the car)
    const chance = view.gdl2?.chance;
    panel.chosen = view.legal.map((moves, r) => (moves.length === 1 && r !== chance ? moves[0].index : undefined));
    // right after an Undo chance waits for its button, so that Undo can go back past its moves
    if (panel.autoChance && context.autoStep) {
      drawChance(view, panel, context);
      stepWhenChosen(panel, context);
    }
  }
  const parts = PLAY_SECTIONS.map((section) => section(view, context, panel)).filter((p): p is HTMLElement => p !== undefined);
  root.replaceChildren(...parts);
  if (focused !== undefined) {
    const again = [...root.querySelectorAll<HTMLElement>("[data-focus-key]")].find((e) => e.dataset.focusKey === focused && !(e as HTMLButtonElement).disabled);
    // the same control, else the first move or play button, so that Tab goes on from the panel
    (again ?? root.querySelector<HTMLElement>(".moves button, .play-buttons button:not(:disabled)"))?.focus();
  }
}

/** The panel without a game: why (a message). */
export function renderNoPlay(root: HTMLElement, message: string): void {
  const p = document.createElement("p");
  p.className = "muted";
  p.textContent = message;
  root.replaceChildren(p);
}
