/**
 * The Output panel: tabs for the ground game, P (the ASP program) and the propnet (DOT, and a
 * drawing of it below DRAW_LIMIT components), each a virtualized text view (text-view.ts) with
 * Find and Download. A text is asked of the pipeline worker when its tab is first opened after
 * a grounding, and comes as UTF-8 bytes (transferred, not copied).
 */
import type { OutputKind } from "./protocol.js";
import { TextView } from "./text-view.js";

/** Propnets with at most this many components (after our optimizations) are drawn. */
export const DRAW_LIMIT = 400;

interface Tab {
  readonly kind: OutputKind;
  readonly label: string;
  readonly button: HTMLButtonElement;
  loaded: boolean;
}

export interface OutputPanelOptions {
  /** Asks the worker for a text (answered with `show`). */
  request(kind: OutputKind): void;
  /** Saves a text under a name made from the game's. */
  save(kind: OutputKind, bytes: Uint8Array): void;
}

export class OutputPanel {
  private readonly tabs: Tab[];
  private readonly view = new TextView("output text");
  private readonly texts = new Map<OutputKind, { bytes: Uint8Array; lineStarts: Uint32Array }>();
  private readonly status: HTMLElement;
  private readonly drawing: HTMLElement;
  private readonly findInput: HTMLInputElement;
  private current: OutputKind = "ground";
  private components: number | undefined;
  private pendingSave: OutputKind | undefined;
  private dotWorker: Worker | undefined;
  private drawnUrl: string | undefined;
  /** Whether the last grounding has texts to show. */
  private available = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly options: OutputPanelOptions,
  ) {
    const list = document.createElement("div");
    list.className = "tabs";
    list.setAttribute("role", "tablist");
    list.setAttribute("aria-label", "output");
    const specs: [OutputKind, string][] = [
      ["ground", "Ground game"],
      ["asp", "P (ASP)"],
      ["dot", "Propnet (DOT)"],
    ];
    this.tabs = specs.map(([kind, label]) => {
      const button = document.createElement("button");
      button.textContent = label;
      button.setAttribute("role", "tab");
      button.dataset.tab = kind;
      button.addEventListener("click", () => this.select(kind));
      button.addEventListener("keydown", (e) => this.arrowKeys(e, kind));
      list.append(button);
      return { kind, label, button, loaded: false };
    });
    const tools = document.createElement("div");
    tools.className = "output-tools";
    this.findInput = document.createElement("input");
    this.findInput.type = "search";
    this.findInput.placeholder = "find";
    this.findInput.setAttribute("aria-label", "find in the output");
    this.findInput.dataset.testid = "output-find";
    this.findInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.findNext();
    });
    const download = document.createElement("button");
    download.textContent = "Download";
    download.dataset.testid = "output-download";
    download.addEventListener("click", () => this.download(this.current));
    this.status = document.createElement("span");
    this.status.className = "muted output-status";
    this.status.dataset.testid = "output-status";
    tools.append(this.findInput, download, this.status);
    this.drawing = document.createElement("div");
    this.drawing.className = "propnet-drawing";
    this.drawing.hidden = true;
    this.view.element.setAttribute("role", "tabpanel");
    this.root.replaceChildren(list, tools, this.view.element, this.drawing);
    this.status.textContent = "ground a game to see its output";
    this.select("ground", false);
  }

  /** A new grounding: forget the texts; `components` sizes the propnet for the drawing. */
  reset(components: number | undefined, available: boolean): void {
    this.texts.clear();
    this.components = components;
    this.available = available;
    for (const t of this.tabs) t.loaded = false;
    this.view.setText(new Uint8Array(0), new Uint32Array([0]));
    this.drawing.hidden = true;
    this.drawing.replaceChildren();
    this.status.textContent = available ? "" : "ground a game to see its output";
    if (available && this.root.offsetParent !== null) this.select(this.current, false);
  }

  /** Opens the panel's current tab (asks for its text when needed). */
  refresh(): void {
    this.select(this.current, false);
  }

  select(kind: OutputKind, focus = true): void {
    this.current = kind;
    for (const t of this.tabs) {
      t.button.setAttribute("aria-selected", String(t.kind === kind));
      t.button.tabIndex = t.kind === kind ? 0 : -1;
    }
    if (focus) this.tabs.find((t) => t.kind === kind)?.button.focus();
    const text = this.texts.get(kind);
    this.drawing.hidden = kind !== "dot";
    if (text) this.view.setText(text.bytes, text.lineStarts);
    else {
      this.view.setText(new Uint8Array(0), new Uint32Array([0]));
      const tab = this.tabs.find((t) => t.kind === kind)!;
      if (!tab.loaded && this.available) {
        tab.loaded = true;
        this.status.textContent = "loading…";
        this.options.request(kind);
      }
    }
    this.describe();
  }

  /** A text from the worker. */
  show(kind: OutputKind, bytes: Uint8Array, lineStarts: Uint32Array): void {
    this.texts.set(kind, { bytes, lineStarts });
    if (this.pendingSave === kind) {
      this.pendingSave = undefined;
      this.options.save(kind, bytes);
    }
    if (kind === this.current) {
      this.view.setText(bytes, lineStarts);
      this.describe();
    }
    if (kind === "dot") this.draw(bytes);
  }

  /** The worker has no such text (the grounding stopped before it). */
  failed(kind: OutputKind, message: string): void {
    if (this.pendingSave === kind) this.pendingSave = undefined;
    if (kind === this.current) this.status.textContent = message;
  }

  /** Saves a text, asking the worker for it first when it has not come yet. */
  download(kind: OutputKind): void {
    const text = this.texts.get(kind);
    if (text) this.options.save(kind, text.bytes);
    else {
      this.pendingSave = kind;
      this.options.request(kind);
    }
  }

  private describe(): void {
    const text = this.texts.get(this.current);
    if (!text) return;
    const mb = text.bytes.length / 2 ** 20;
    this.status.textContent = `${this.view.lineCount.toLocaleString("en-US")} lines, ${mb >= 1 ? `${mb.toFixed(1)} MiB` : `${(text.bytes.length / 1024).toFixed(1)} KiB`}`;
  }

  private findNext(): void {
    const line = this.view.find(this.findInput.value);
    if (line < 0) this.status.textContent = `“${this.findInput.value}” not found`;
    else {
      this.view.reveal(line);
      this.describe();
      this.status.textContent += ` — line ${line + 1}`;
    }
  }

  private arrowKeys(e: KeyboardEvent, kind: OutputKind): void {
    const i = this.tabs.findIndex((t) => t.kind === kind);
    const to = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? this.tabs.length - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    this.select(this.tabs[(to + this.tabs.length) % this.tabs.length].kind);
  }

  private draw(bytes: Uint8Array): void {
    if (this.components === undefined || this.components > DRAW_LIMIT) {
      const p = document.createElement("p");
      p.className = "muted";
      p.textContent = `No drawing: ${this.components ?? "?"} components (the page draws propnets of at most ${DRAW_LIMIT}); the DOT text above can be drawn with Graphviz.`;
      this.drawing.replaceChildren(p);
      return;
    }
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "drawing with Graphviz…";
    this.drawing.replaceChildren(p);
    this.dotWorker ??= new Worker(new URL("./dot-worker.ts", import.meta.url), { type: "module", name: "gdl-ground graphviz" });
    this.dotWorker.onmessage = (event: MessageEvent<{ svg?: string; error?: string }>) => {
      if (!event.data.svg) {
        p.textContent = `Graphviz could not draw it: ${event.data.error}`;
        return;
      }
      if (this.drawnUrl) URL.revokeObjectURL(this.drawnUrl);
      this.drawnUrl = URL.createObjectURL(new Blob([event.data.svg], { type: "image/svg+xml" }));
      // an <img>: the SVG is shown, never run; a click switches between fitting the panel and full size
      const img = document.createElement("img");
      img.src = this.drawnUrl;
      img.alt = "the propnet drawn by Graphviz";
      img.dataset.testid = "propnet-drawing";
      img.addEventListener("click", () => img.classList.toggle("full"));
      this.drawing.replaceChildren(img);
    };
    this.dotWorker.postMessage({ dot: new TextDecoder().decode(bytes) });
  }
}
