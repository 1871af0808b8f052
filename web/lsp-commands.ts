/**
 * The editor commands on the GDL language server that @codemirror/lsp-client does not give as a
 * GDL editor needs them:
 *
 * - rename (F2) asks the server first (prepareRename): a keyword is refused with the reason before
 *   a name is typed, and the name offered is the whole symbol (`?p`, `next-rank`), not
 *   CodeMirror's word, which stops at `?` and `-`;
 * - format (Shift-Alt-F, and the page's button) tells what it did: formatted, already formatted,
 *   or not formatted because the text has syntax errors (the server answers "no edits" for both
 *   of the last two);
 * - Ctrl-click (⌘-click) on a name goes to its definition, as F12 does;
 * - Ctrl-K Ctrl-I shows the hover of the name at the cursor, for the keyboard.
 */
import { jumpToDefinition, LSPPlugin } from "@codemirror/lsp-client";
import { StateEffect, StateField, type Extension } from "@codemirror/state";
import { EditorView, getDialog, keymap, showDialog, showTooltip, type Command, type KeyBinding, type Tooltip } from "@codemirror/view";
import type { Hover, Position as LspPosition, PrepareRenameResult, Range as LspRange, TextEdit, WorkspaceEdit } from "vscode-languageserver/browser";
import type { Diagnostic } from "../src/browser/index.js";
import { hoverHTML, requestFailure } from "./lsp-hover.js";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The message of a refused request (the server's reason), or the error as text. */
function reasonOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return String(error);
}

/** The message each editor shows, if any: one at a time, so that refusals do not pile up over the text. */
const shownMessages = new WeakMap<EditorView, StateEffect<unknown>>();

/** Shows `text` at the top of the editor in place of the message shown before; OK or Escape closes it. */
export function showMessage(view: EditorView, text: string): void {
  closeMessage(view);
  const { close, result } = showDialog(view, { label: text, class: "cm-lsp-message cm-lsp-message-error", top: true });
  shownMessages.set(view, close);
  void result.then(() => {
    if (shownMessages.get(view) === close) shownMessages.delete(view);
  });
}

const closeMessage: Command = (view) => {
  const close = shownMessages.get(view);
  if (!close) return false;
  shownMessages.delete(view);
  view.dispatch({ effects: close });
  return true;
};

function renameRangeOf(prepared: PrepareRenameResult): { range: LspRange; placeholder?: string } | undefined {
  if ("range" in prepared) return prepared;
  if ("start" in prepared) return { range: prepared };
  return undefined; // { defaultBehavior }: the server never answers so
}

/** Applies the server's edits of `uri` to its editor, through the changes made since `mapping` began. */
function applyEdits(plugin: LSPPlugin, edits: readonly TextEdit[], mapPosition: (p: LspPosition) => number, userEvent: string): void {
  if (edits.length === 0) return;
  plugin.client.workspace.updateFile(plugin.uri, {
    changes: edits.map((e) => ({ from: mapPosition(e.range.start), to: mapPosition(e.range.end), insert: e.newText })),
    userEvent,
  });
}

/** F2: rename the symbol at the cursor (see the module comment). */
export const renameGdlSymbol: Command = (view) => {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return false;
  const open = getDialog(view, "cm-lsp-rename-panel")?.dom.querySelector("input");
  if (open) {
    open.focus(); // one rename at a time: the one asked for first
    return true;
  }
  plugin.client.sync();
  const at = plugin.toPosition(view.state.selection.main.head);
  const mapping = plugin.client.workspaceMapping();
  plugin.client
    .request<unknown, PrepareRenameResult | null>("textDocument/prepareRename", { textDocument: { uri: plugin.uri }, position: at })
    .then(
      (prepared) => {
        const target = prepared ? renameRangeOf(prepared) : undefined;
        if (!target) {
          mapping.destroy();
          showMessage(view, "Cannot rename: there is no name here to rename");
          return;
        }
        const from = mapping.mapPosition(plugin.uri, target.range.start);
        const to = mapping.mapPosition(plugin.uri, target.range.end);
        const name = target.placeholder ?? view.state.sliceDoc(from, to);
        const { close, result } = showDialog(view, {
          label: `New name for ${name}`,
          input: { name: "name", value: name, "aria-label": `new name for ${name}` },
          focus: true,
          submitLabel: "rename",
          class: "cm-lsp-rename-panel",
        });
        void result.then((form) => {
          view.dispatch({ effects: close });
          const start = mapping.mapPosition(plugin.uri, target.range.start);
          mapping.destroy();
          const input = form?.elements.namedItem("name");
          if (!(input instanceof HTMLInputElement) || input.value === name) return;
          renameAt(view, plugin, start, input.value);
        });
      },
      (error) => {
        mapping.destroy();
        showMessage(view, `Cannot rename: ${reasonOf(error)}`);
      },
    );
  return true;
};

function renameAt(view: EditorView, plugin: LSPPlugin, offset: number, newName: string): void {
  plugin.client.sync();
  void plugin.client.withMapping((mapping) =>
    plugin.client
      .request<unknown, WorkspaceEdit | null>("textDocument/rename", { textDocument: { uri: plugin.uri }, position: plugin.toPosition(offset), newName })
      .then(
        (edit) => applyEdits(plugin, edit?.changes?.[plugin.uri] ?? [], (p) => mapping.mapPosition(plugin.uri, p), "rename"),
        (error) => showMessage(view, `Cannot rename: ${reasonOf(error)}`),
      ),
  );
}

/** What a format did. */
export type FormatOutcome = "formatted" | "unchanged" | "syntax-errors" | "edited-meanwhile" | "failed";

export const FORMAT_OUTCOME_TEXT: Record<FormatOutcome, string> = {
  formatted: "formatted (as gdl-ground fmt)",
  unchanged: "already formatted",
  "syntax-errors": "not formatted: the text has syntax errors (see Problems)",
  "edited-meanwhile": "not formatted: the text changed while the server formatted it; format again",
  failed: "not formatted: the language server did not answer",
};

/**
 * Formats the document of `view` on the server (the whole text, as `gdl-ground fmt`). `diagnostics`
 * are the last ones published for it: with a syntax error among them, "no edits" means refused.
 */
export async function formatGdlDocument(view: EditorView, diagnostics: () => readonly Diagnostic[] | undefined): Promise<FormatOutcome> {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return "failed";
  plugin.client.sync();
  return plugin.client.withMapping(async (mapping) => {
    let edits: TextEdit[] | null;
    try {
      edits = await plugin.client.request<unknown, TextEdit[] | null>("textDocument/formatting", { textDocument: { uri: plugin.uri }, options: { tabSize: 2, insertSpaces: true } });
    } catch (error) {
      showMessage(view, `Formatting failed: ${reasonOf(error)}`);
      return "failed";
    }
    if (!edits || edits.length === 0) return diagnostics()?.some((d) => d.code === "syntax" && d.severity === "error") ? "syntax-errors" : "unchanged";
    const changed = mapping.getMapping(plugin.uri);
    const ranges = edits.map((e) => ({ from: mapping.mapPosition(plugin.uri, e.range.start), to: mapping.mapPosition(plugin.uri, e.range.end) }));
    // the edits were made for the text as it was sent: none is applied over a part typed since
    if (changed && ranges.some((r) => changed.touchesRange(r.from, r.to))) return "edited-meanwhile";
    applyEdits(plugin, edits, (p) => mapping.mapPosition(plugin.uri, p), "format");
    return "formatted";
  });
}

/** Ctrl-click (⌘-click on a Mac) on a name: the cursor there, then go to the definition. */
const definitionOnModClick = EditorView.domEventHandlers({
  mousedown(event, view) {
    if (event.button !== 0 || !(isMac ? event.metaKey : event.ctrlKey) || event.shiftKey || event.altKey) return false;
    const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
    if (pos === null) return false;
    event.preventDefault();
    view.dispatch({ selection: { anchor: pos } });
    view.focus();
    return jumpToDefinition(view);
  },
});

/**
 * Ctrl-K Ctrl-I: the hover of the name at the cursor, until the cursor moves, the text changes or
 * Escape. A tooltip of its own: CodeMirror's activateHover drops a hover whose answer is still
 * on its way when anything updates the editor (a diagnostics publication is enough).
 */
const setKeyboardHover = StateEffect.define<Tooltip | null>();
const keyboardHover = StateField.define<Tooltip | null>({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setKeyboardHover)) return e.value;
    return value && (tr.docChanged || tr.selection) ? null : value;
  },
  provide: (field) => showTooltip.from(field),
});

const showHover: Command = (view) => {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return false;
  plugin.client.sync();
  const { doc } = view.state;
  const head = view.state.selection.main.head;
  plugin.client.request<unknown, Hover | null>("textDocument/hover", { textDocument: { uri: plugin.uri }, position: plugin.toPosition(head) }).then(
    (hover) => {
      const html = hover && hoverHTML(plugin, hover.contents);
      if (!html || view.state.doc !== doc || view.state.selection.main.head !== head) return;
      const pos = hover.range ? plugin.fromPosition(hover.range.start) : head;
      const create = () => {
        const dom = document.createElement("div");
        dom.className = "cm-lsp-hover-tooltip cm-lsp-documentation";
        dom.innerHTML = html;
        return { dom };
      };
      view.dispatch({ effects: setKeyboardHover.of({ pos, above: true, create }) });
    },
    (error) => showMessage(view, `Hover failed: ${requestFailure(error)}`),
  );
  return true;
};

const closeHover: Command = (view) => {
  if (!view.state.field(keyboardHover, false)) return false;
  view.dispatch({ effects: setKeyboardHover.of(null) });
  return true;
};

/** The commands' editor extension; `format` runs the format command and says what it did. */
export function gdlCommands(format: (view: EditorView) => void): Extension {
  const keys: KeyBinding[] = [
    { key: "F2", run: renameGdlSymbol, preventDefault: true },
    { key: "Shift-Alt-f", run: (view) => (format(view), true), preventDefault: true },
    { key: "Mod-k Mod-i", run: showHover, preventDefault: true },
    { key: "Escape", run: (view) => closeHover(view) || closeMessage(view) },
  ];
  return [definitionOnModClick, keyboardHover, keymap.of(keys)];
}
