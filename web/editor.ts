/**
 * The editor and the Problems list: CodeMirror 6 with GDL highlighting, long lines wrapped (so
 * that a paste never leaves the text scrolled sideways), live `check` diagnostics 0.3 s after
 * typing, marked in the text and listed with their related notes at their own positions. Each
 * problem and note is a button: Enter or a click puts the cursor there and the focus in the
 * editor. Mod-Enter (Ctrl-Enter, ⌘-Enter) runs `onRun`. An edit that replaces the whole text
 * (a paste over it, or typing into an empty editor) calls `onReplaced`: the text is no longer
 * the file or example it came from.
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { forceLinting, linter, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { EditorState, type Text } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { loadText, type Diagnostic } from "../src/browser/index.js";
import { gdlLanguage } from "./gdl-language.js";

export interface EditorOptions {
  readonly parent: HTMLElement;
  readonly problems: HTMLElement;
  readonly problemCount: HTMLElement;
  /** The name diagnostics are reported under. */
  fileName(): string;
  onRun(): void;
  onReplaced(): void;
  onChange(): void;
}

function offsetOf(doc: Text, line: number, col: number): number {
  if (line < 1 || line > doc.lines) return 0;
  const l = doc.line(line);
  return Math.min(l.from + Math.max(0, col - 1), l.to);
}

/** The end of the form starting at `from`: a whole parenthesized expression, or one symbol. */
function formEnd(text: string, from: number): number {
  if (text[from] === "(") {
    let depth = 0;
    for (let i = from; i < text.length && i < from + 20000; i++) {
      if (text[i] === ";") while (i < text.length && text[i] !== "\n") i++;
      else if (text[i] === "(") depth++;
      else if (text[i] === ")" && --depth === 0) return i + 1;
    }
    return Math.min(text.length, from + 1);
  }
  const m = /^[^\s()]+/.exec(text.slice(from, from + 200));
  return from + (m ? m[0].length : 1);
}

const where = (line: number, col: number) => (line > 0 ? `${line}:${col}` : "-");

export class GdlEditor {
  readonly view: EditorView;
  /** The diagnostics of the last check. */
  diagnostics: readonly Diagnostic[] = [];
  private extra: readonly Diagnostic[] = [];

  constructor(private readonly options: EditorOptions) {
    const gdlLinter = linter(
      (view) => {
        const loaded = loadText(view.state.doc.toString(), options.fileName());
        this.diagnostics = loaded.diagnostics;
        this.extra = [];
        this.showProblems();
        return this.toCm(view.state, loaded.diagnostics);
      },
      { delay: 300 },
    );
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
          gdlLinter,
          keymap.of([{ key: "Mod-Enter", run: () => (options.onRun(), true) }, ...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ "aria-label": "GDL description" }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
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

  /** Replaces the whole text (not a user edit: the name is the caller's), cursor at the start. */
  setText(text: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text }, selection: { anchor: 0 }, scrollIntoView: true });
    this.view.scrollDOM.scrollLeft = 0;
    forceLinting(this.view);
  }

  /** Puts the cursor at line:col, scrolls to it and focuses the editor. */
  jumpTo(line: number, col: number): void {
    if (line <= 0) return;
    const at = offsetOf(this.view.state.doc, line, col);
    this.view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    this.view.focus();
  }

  /** Shows the check's diagnostics and those a grounding added (not already among them). */
  showGroundDiagnostics(diagnostics: readonly Diagnostic[]): void {
    this.extra = diagnostics.filter((d) => !this.diagnostics.some((l) => l.message === d.message && l.pos.offset === d.pos.offset));
    this.showProblems();
  }

  private toCm(state: EditorState, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
    const text = state.doc.toString();
    return diagnostics
      .filter((d) => d.severity !== "note")
      .map((d) => {
        const from = d.pos.line > 0 ? offsetOf(state.doc, d.pos.line, d.pos.col) : 0;
        const to = Math.max(from, Math.min(formEnd(text, from), state.doc.length));
        const notes = (d.related ?? []).map((r) => `\nnote ${where(r.pos.line, r.pos.col)}: ${r.message}`).join("");
        return { from, to, severity: d.severity === "error" ? "error" : "warning", message: `${d.code}: ${d.message}${notes}`, source: "gdl-ground check" };
      });
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
    if (shown.length === 0) {
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
    shown.forEach((d, i) => {
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
    if (focusedLine) list.querySelector<HTMLElement>(`[data-key="${focusedLine}"]`)?.focus();
  }
}
