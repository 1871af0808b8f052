/**
 * The language server's diagnostics in a CodeMirror editor: what the server publishes is
 * `gdl-ground check`'s diagnostics (src/lsp/diagnostics.ts), so they are turned back into the
 * library's Diagnostic values (severity, code, message, line:col, related notes at their own
 * positions) for whoever lists them (the page's Problems), and marked in the text with their
 * notes under the message. Replaces @codemirror/lsp-client's own handler, which drops the
 * related information (the note "first use of 'index'" that the command line prints).
 */
import type { LSPClient, LSPClientExtension } from "@codemirror/lsp-client";
import { LSPPlugin } from "@codemirror/lsp-client";
import { setDiagnostics, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import type { Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import type { Diagnostic as LspDiagnostic, Position as LspPosition, PublishDiagnosticsParams } from "vscode-languageserver/browser";
import type { Diagnostic, DiagnosticCode, Position, Severity } from "../src/browser/index.js";

/** Told of the diagnostics of a document each time the server publishes them. */
export type DiagnosticsListener = (uri: string, diagnostics: readonly Diagnostic[], view: EditorView) => void;

const SEVERITY: Record<number, Severity> = { 1: "error", 2: "warning", 3: "note", 4: "note" };

/** The library's position of an LSP position in `doc` (line and col from 1, UTF-16 columns as check counts them). */
function positionIn(doc: Text, p: LspPosition): Position {
  const line = doc.line(Math.min(Math.max(1, p.line + 1), doc.lines));
  const character = Math.min(Math.max(0, p.character), line.length);
  return { line: line.number, col: character + 1, offset: line.from + character };
}

/** A published diagnostic as check made it, positions in `doc` (the text of the version it is about). */
export function checkDiagnosticOf(d: LspDiagnostic, uri: string, file: string, doc: Text): Diagnostic {
  const related = (d.relatedInformation ?? [])
    .filter((r) => r.location.uri === uri)
    .map((r) => ({ message: r.message, pos: positionIn(doc, r.location.range.start) }));
  const base = { severity: SEVERITY[d.severity ?? 1] ?? "error", code: String(d.code ?? "syntax") as DiagnosticCode, message: typeof d.message === "string" ? d.message : d.message.value, file, pos: positionIn(doc, d.range.start) };
  return related.length > 0 ? { ...base, related } : base;
}

/** The text of a mark's tooltip: `code: message`, then each note with its line:col. */
export function markMessage(d: Diagnostic): string {
  const notes = (d.related ?? []).map((r) => `\nnote (${r.pos.line}:${r.pos.col}): ${r.message}`).join("");
  return `${d.code}: ${d.message}${notes}`;
}

/**
 * The client extension: asks for related information and handles publishDiagnostics for the
 * documents open in an editor (others go on to the next handler). Notes are listed, not marked.
 * The GDL server gives every publication the version it checked, except the empty one that
 * clears a closed document: that one is dropped, since the editor that reopens the document
 * under the same URI (web/editor.ts, for each new text) would otherwise show "no problems"
 * until the new text's diagnostics come.
 */
export function gdlDiagnostics(listener: DiagnosticsListener | undefined, last: Map<string, readonly Diagnostic[]>): LSPClientExtension {
  return {
    clientCapabilities: { textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } } },
    notificationHandlers: {
      "textDocument/publishDiagnostics": (client: LSPClient, params: PublishDiagnosticsParams) => {
        if (params.version == null) return true;
        const file = client.workspace.getFile(params.uri);
        if (!file || params.version !== file.version) return false;
        const view = file.getView();
        const plugin = view && LSPPlugin.get(view);
        if (!view || !plugin) return false;
        const name = decodeURIComponent(params.uri.slice(params.uri.lastIndexOf("/") + 1));
        const diagnostics = params.diagnostics.map((d) => checkDiagnosticOf(d, params.uri, name, file.doc));
        last.set(params.uri, diagnostics);
        const marks: CmDiagnostic[] = params.diagnostics.flatMap((d, i) => {
          const shown = diagnostics[i];
          if (shown.severity === "note") return [];
          const from = plugin.unsyncedChanges.mapPos(plugin.fromPosition(d.range.start, file.doc));
          const to = plugin.unsyncedChanges.mapPos(plugin.fromPosition(d.range.end, file.doc));
          return [{ from, to, severity: shown.severity === "error" ? "error" : "warning", message: markMessage(shown), source: "gdl-ground check" }];
        });
        view.dispatch(setDiagnostics(view.state, marks));
        listener?.(params.uri, diagnostics, view);
        return true;
      },
    },
  };
}
