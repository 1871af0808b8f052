/**
 * The Play panel: the step, the boards, each role's legal moves, the play buttons, the state
 * as a sorted, filterable list and the moves so far. Built as a list of sections, each a
 * function of the view (PLAY_SECTIONS), so that a panel for more of the game (percepts, a
 * chance move) is one more section. The control that had the focus keeps it across a
 * re-render (the same move, the same button), so keyboard play never drops to the page.
 */
import type { Board } from "../src/report/board.js";
import { drawBoard } from "./board-view.js";
import type { PlayAction, PlayView } from "./protocol.js";

export interface PlayContext {
  readonly boards: readonly Board[];
  readonly caseSensitive: boolean;
  /** Sends a play action to the worker. */
  play(action: PlayAction): void;
  /** A fresh seed for a random step or playout. */
  seed(): number;
}

/** One part of the panel; undefined when it has nothing to show for this view. */
export type PlaySection = (view: PlayView, context: PlayContext, state: PanelState) => HTMLElement | undefined;

/** What the panel keeps between renders: the moves chosen so far this step, and the state filter. */
export interface PanelState {
  chosen: (number | undefined)[];
  filter: string;
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

const boardsSection: PlaySection = (view, context) => {
  if (context.boards.length === 0) return undefined;
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

const outcome: PlaySection = (view) => {
  if (!view.terminal) return undefined;
  const t = div("terminal", `terminal; goals: ${view.roles.map((r, i) => `${r} ${view.goals?.[i] ?? "none"}`).join(", ")}`);
  t.dataset.testid = "terminal";
  return t;
};

const movesSection: PlaySection = (view, context, panel) => {
  if (view.terminal) return undefined;
  const roles = div("roles");
  view.roles.forEach((role, r) => {
    const block = div("role");
    block.dataset.role = role;
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
        // The joint move is made once every role has chosen (roles with one legal move choose it).
        if (panel.chosen.every((c) => c !== undefined)) context.play({ kind: "step", moves: panel.chosen as number[] });
      });
      moves.append(b);
    }
    block.append(h, moves);
    roles.append(block);
  });
  return roles;
};

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

const stateList: PlaySection = (view, _context, panel) => {
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

const history: PlaySection = (view) => {
  if (view.history.length === 0) return undefined;
  const h = div("history", view.history.map((joint, i) => `${i + 1}. ${joint.join("  ")}`).join("\n"));
  return h;
};

/** The sections in order; a new panel part goes here. */
export const PLAY_SECTIONS: PlaySection[] = [stepLine, boardsSection, outcome, movesSection, playButtons, stateList, history];

/** Renders the view into `root`, keeping the focused control focused when it is still there. */
export function renderPlay(root: HTMLElement, view: PlayView, context: PlayContext, panel: PanelState): void {
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement.dataset.focusKey : undefined;
  panel.chosen = view.legal.map((moves) => (moves.length === 1 ? moves[0].index : undefined));
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
