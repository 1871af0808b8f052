/**
 * The editor and the Problems list: CodeMirror 6 with GDL highlighting, long lines wrapped (so
 * that a paste never leaves the text scrolled sideways), on the page's language server
 * (lsp-client.ts, the server in a worker): `check`'s diagnostics as the server publishes them,
 * 0.5 s after typing, marked in the text and listed with their related notes at their own
 * positions; hover, go to definition (F12, Ctrl-click), references (Shift-F12), rename (F2),
 * format (Shift-Alt-F and the page's button), completion. Each problem and note is a button:
 * Enter or a click puts the cursor there and the focus in the editor. Mod-Enter (Ctrl-Enter,
 * ⌘-Enter) runs `onRun`. An edit that replaces the whole text (a paste over it, or typing into an
 * empty editor) calls `onReplaced`: the text is no longer the file or example it came from.
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter } from "@codemirror/lint";
import { Compartment, EditorState, type Text } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import type { Diagnostic } from "../src/browser/index.js";
import type { GroundCounts } from "../src/lsp/ground-counts.js";
import { gdlLanguage } from "./gdl-language.js";
import { FORMAT_OUTCOME_TEXT, startGdlLanguageServer, type FormatOutcome, type GdlLanguageServer } from "./lsp-client.js";

export interface EditorOptions {
  readonly parent: HTMLElement;
  readonly problems: HTMLElement;
  readonly problemCount: HTMLElement;
  /** Where a format says what it did. */
  readonly formatStatus: HTMLElement;
  /** The name diagnostics are reported under. */
  fileName(): string;
  onRun(): void;
  onReplaced(): void;
  onChange(): void;
}

/** The document's URI for the language server: one document, reopened for each new text (setText). */
const DOCUMENT_URI = "file:///playground.kif";

function offsetOf(doc: Text, line: number, col: number): number {
  if (line < 1 || line > doc.lines) return 0;
  const l = doc.line(line);
  return Math.min(l.from + Math.max(0, col - 1), l.to);
}

const where = (line: number, col: number) => (line > 0 ? `${line}:${col}` : "-");

/** The Problems list shows this many diagnostics at most (the count above it is of all of them): 50,000 list items froze the page. */
const MAX_LISTED_PROBLEMS = 500;

export class GdlEditor {
  readonly view: EditorView;
  readonly server: GdlLanguageServer;
  /** The diagnostics the server last published: check's. */
  diagnostics: readonly Diagnostic[] = [];
  private extra: readonly Diagnostic[] = [];
  private readonly document = new Compartment();
  private formatTimer = 0;
  /** Why the language server is not there (its worker failed): nothing is checked until a reload. */
  private stopped?: string;

  constructor(private readonly options: EditorOptions) {
    this.server = startGdlLanguageServer({
      // what `gdl-ground check` prints (notes, the literal reading of Definition 2, only with
      // --notes); the page's Ground gives the hover its counts: the server does not ground
      initializationOptions: { groundTimeoutSeconds: 0 },
      onDiagnostics: (_uri, diagnostics) => {
        const file = options.fileName();
        this.diagnostics = diagnostics.map((d) => ({ ...d, file }));
        this.extra = [];
        this.showProblems();
      },
      onFormat: (outcome) => this.sayFormatted(outcome),
    });
    const stop = (why: string) => {
      this.stopped = `the language server stopped (${why}): the text is not checked, and hover, rename and format are off; reload the page to start it again`;
      this.showProblems();
    };
    this.server.worker.addEventListener("error", (event) => {
      event.preventDefault();
      stop(event.message || "its worker could not start");
    });
    this.server.client.initializing.catch((e: unknown) => stop(e instanceof Error ? e.message : String(e)));
    this.view = new EditorView({
      parent: options.parent,
      state: EditorState.create({
        doc: "",
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          bracketMatching(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          gdlLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          this.document.of(this.server.extension(DOCUMENT_URI)),
          keymap.of([{ key: "Mod-Enter", run: () => (options.onRun(), true) }, ...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ "aria-label": "GDL description" }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            this.sayFormatted(undefined); // what a format said was about the text before
            let replaced = false;
            const before = update.startState.doc.length;
            update.changes.iterChangedRanges((fromA, toA) => {
              if (fromA === 0 && toA === before && before > 0) replaced = true;
            });
            const userEdit = update.transactions.some((t) => t.isUserEvent("input") || t.isUserEvent("delete") || t.isUserEvent("move"));
            if (userEdit && (replaced || before === 0)) options.onReplaced();
            options.onChange();
          }),
        ],
      }),
    });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  /**
   * Replaces the whole text (not a user edit: the name is the caller's), cursor at the start. The
   * server gets it as a new document (closed and opened again): what it knew of the old text, a
   * grounding's counts among it, is not about this one.
   */
  setText(text: string): void {
    this.view.dispatch({
      changes: { from: 0, to: this.view.state.doc.length, insert: text },
      selection: { anchor: 0 },
      scrollIntoView: true,
      effects: this.document.reconfigure(this.server.extension(DOCUMENT_URI)),
    });
    this.view.scrollDOM.scrollLeft = 0;
  }

  /** Puts the cursor at line:col, scrolls to it and focuses the editor. */
  jumpTo(line: number, col: number): void {
    if (line <= 0) return;
    const at = offsetOf(this.view.state.doc, line, col);
    this.view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    this.view.focus();
  }

  /** Shows the check's diagnostics and those a grounding added (not already among them; no notes, as the CLI prints them). */
  showGroundDiagnostics(diagnostics: readonly Diagnostic[]): void {
    // by a set, not a search of the list per diagnostic: 15,000 warnings froze the page for 19 s
    const shown = new Set(this.diagnostics.map((l) => `${l.pos.offset}\u0000${l.message}`));
    this.extra = diagnostics.filter((d) => d.severity !== "note" && !shown.has(`${d.pos.offset}\u0000${d.message}`));
    this.showProblems();
  }

  /** Formats the text on the server, as `gdl-ground fmt` (the Format button; Shift-Alt-F in the editor). */
  async format(): Promise<FormatOutcome> {
    const outcome = await this.server.format(this.view);
    this.sayFormatted(outcome);
    return outcome;
  }

  /** The version of the text the server has now, all edits sent: what a grounding of `text` grounds. */
  syncedVersion(): number | undefined {
    return this.server.syncedVersion(DOCUMENT_URI);
  }

  /** Gives the server the counts of a grounding of `version` (syncedVersion), for its hovers. */
  groundCounts(version: number, counts: Omit<GroundCounts, "version">): void {
    this.server.groundCounts(DOCUMENT_URI, version, counts);
  }

  /** Says what a format did (nothing: clears it). A refusal stays until the text changes; what went well goes after a few seconds. */
  private sayFormatted(outcome: FormatOutcome | undefined): void {
    const status = this.options.formatStatus;
    window.clearTimeout(this.formatTimer);
    status.textContent = outcome ? FORMAT_OUTCOME_TEXT[outcome] : "";
    if (outcome) status.dataset.outcome = outcome;
    else delete status.dataset.outcome;
    if (outcome === "formatted" || outcome === "unchanged") this.formatTimer = window.setTimeout(() => this.sayFormatted(undefined), 4000);
  }

  private showProblems(): void {
    const list = this.options.problems;
    const focusedLine = document.activeElement instanceof HTMLElement && list.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
    list.replaceChildren();
    const shown = [...this.diagnostics, ...this.extra];
    const errors = shown.filter((d) => d.severity === "error").length;
    const warnings = shown.filter((d) => d.severity === "warning").length;
    const notes = shown.length - errors - warnings;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    this.options.problemCount.textContent = shown.length === 0 ? "" : [plural(errors, "error"), plural(warnings, "warning"), ...(notes ? [plural(notes, "note")] : [])].join(", ");
    if (this.stopped) {
      const li = document.createElement("li");
      li.className = "stopped";
      li.dataset.testid = "server-stopped";
      li.textContent = this.stopped;
      list.append(li);
    } else if (shown.length === 0) {
      const li = document.createElement("li");
      li.className = "ok";
      li.textContent = "no problems: the description is valid GDL";
      list.append(li);
    }
    const button = (line: number, col: number, key: string, parts: [string, string][]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "problem";
      b.dataset.key = key;
      for (const [cls, text] of parts) {
        const span = document.createElement("span");
        span.className = cls;
        span.textContent = text;
        b.append(span, " ");
      }
      if (line > 0) b.addEventListener("click", () => this.jumpTo(line, col));
      else b.disabled = true;
      return b;
    };
    shown.slice(0, MAX_LISTED_PROBLEMS).forEach((d, i) => {
      const li = document.createElement("li");
      li.className = d.severity;
      li.dataset.line = String(d.pos.line);
      li.append(button(d.pos.line, d.pos.col, `d${i}`, [["where", where(d.pos.line, d.pos.col)], ["sev", `${d.severity}[${d.code}]`], ["msg", d.message]]));
      (d.related ?? []).forEach((r, j) => {
        const note = button(r.pos.line, r.pos.col, `d${i}n${j}`, [["where", where(r.pos.line, r.pos.col)], ["sev note", "note"], ["msg", r.message]]);
        note.classList.add("related");
        note.dataset.testid = "note";
        li.append(note);
      });
      list.append(li);
    });
    if (shown.length > MAX_LISTED_PROBLEMS) {
      const li = document.createElement("li");
      li.className = "more";
      li.dataset.testid = "problems-more";
      li.textContent = `and ${shown.length - MAX_LISTED_PROBLEMS} more, not listed (gdl-ground check lists them all)`;
      list.append(li);
    }
    if (focusedLine) list.querySelector<HTMLElement>(`[data-key="${focusedLine}"]`)?.focus();
  }
}
