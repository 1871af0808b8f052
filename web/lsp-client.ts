/**
 * Connecting a CodeMirror editor to the GDL language server of the page (web/lsp-worker.ts, built
 * to lsp-worker.js beside the page), through @codemirror/lsp-client: hover (and Ctrl-K Ctrl-I),
 * go to definition (F12, Ctrl-click), find references (Shift-F12), rename (F2), format
 * (Shift-Alt-F), completion, and check's diagnostics with their related notes
 * (lsp-diagnostics.ts; rename and format: lsp-commands.ts; the hover, which says when the server
 * is still busy: lsp-hover.ts; a request that times out says why: lsp-timeout.ts). The playground
 * page uses it so:
 *
 *   const server = startGdlLanguageServer({ onDiagnostics: (uri, diagnostics) => ... });
 *   new EditorView({ extensions: [..., server.extension("file:///game.kif")], ... });
 *   await server.format(view);                      // a Format button
 *   server.groundCounts(uri, version, counts);      // after the page grounded that version
 *
 * The worker speaks the protocol as message objects (vscode-languageserver's browser
 * connection); the client's transport sends and receives JSON strings: `workerTransport`
 * translates. Hovers are Markdown made of the document's own names, rendered to HTML by the
 * client: DOMPurify cleans that HTML, so that a shared link's text cannot put markup into the page.
 */
import { findReferencesKeymap, jumpToDefinitionKeymap, LSPClient, LSPPlugin, serverCompletion, serverDiagnostics, type Transport } from "@codemirror/lsp-client";
import type { Extension } from "@codemirror/state";
import { keymap, type EditorView } from "@codemirror/view";
import DOMPurify from "dompurify";
import type { Diagnostic } from "../src/browser/index.js";
import { GROUND_COUNTS_NOTIFICATION, groundCountsParams, type GroundCounts } from "../src/lsp/ground-counts.js";
import { FORMAT_OUTCOME_TEXT, formatGdlDocument, gdlCommands, showMessage, type FormatOutcome } from "./lsp-commands.js";
import { gdlDiagnostics, type DiagnosticsListener } from "./lsp-diagnostics.js";
import { gdlHoverTooltips } from "./lsp-hover.js";
import { GdlLspClient } from "./lsp-timeout.js";

export { FORMAT_OUTCOME_TEXT, type FormatOutcome } from "./lsp-commands.js";
export type { DiagnosticsListener } from "./lsp-diagnostics.js";

/** A transport over a worker that runs the server on vscode-languageserver's browser connection. */
export function workerTransport(worker: Worker): Transport {
  const handlers = new Set<(value: string) => void>();
  worker.addEventListener("message", (event: MessageEvent) => {
    const text = JSON.stringify(event.data);
    for (const handler of handlers) handler(text);
  });
  return {
    send: (message) => worker.postMessage(JSON.parse(message)),
    subscribe: (handler) => void handlers.add(handler),
    unsubscribe: (handler) => void handlers.delete(handler),
  };
}

export interface GdlLanguageServer {
  readonly client: LSPClient;
  readonly worker: Worker;
  /** The editor extension for a document with this URI (its name in diagnostics). */
  extension(uri: string): Extension;
  /** Formats the document of `view` (what Shift-Alt-F does) and says what came of it. */
  format(view: EditorView): Promise<FormatOutcome>;
  /** Sends the changes not yet sent; the version of `uri` the server now has (undefined when not open). */
  syncedVersion(uri: string): number | undefined;
  /** Gives the server the counts of a grounding of version `version` of `uri`, for its hovers. */
  groundCounts(uri: string, version: number, counts: Omit<GroundCounts, "version">): void;
  close(): void;
}

export interface GdlLanguageServerOptions {
  /** Where the built worker is (default: lsp-worker.js beside the page). */
  readonly workerUrl?: string | URL;
  /** The server's options: `notes`, `syntax`, `caseSensitive`, `groundTimeoutSeconds` (src/lsp/server.ts). */
  readonly initializationOptions?: Record<string, unknown>;
  /** Milliseconds before a request is given up (default 10000: the first check of a big game). */
  readonly timeout?: number;
  /** Told of check's diagnostics each time the server publishes them (they are marked in the editor either way). */
  readonly onDiagnostics?: DiagnosticsListener;
  /** Told what Shift-Alt-F did (default: a refusal is shown in the editor, success and "already formatted" are silent). */
  readonly onFormat?: (outcome: FormatOutcome, view: EditorView) => void;
}

/** Hover Markdown rendered to HTML, cleaned: text and formatting only. */
const sanitizeHTML = (html: string): string =>
  DOMPurify.sanitize(html, { ALLOWED_TAGS: ["p", "br", "strong", "em", "code", "pre", "span", "ul", "ol", "li", "hr"], ALLOWED_ATTR: ["class"] });

export function startGdlLanguageServer(options: GdlLanguageServerOptions = {}): GdlLanguageServer {
  const worker = new Worker(options.workerUrl ?? new URL("lsp-worker.js", document.baseURI), { type: "module", name: "gdl-language-server" });
  /** The last diagnostics published for each document (a format that returns no edits reads them). */
  const last = new Map<string, readonly Diagnostic[]>();
  const format = (view: EditorView) => formatGdlDocument(view, () => last.get(LSPPlugin.get(view)?.uri ?? ""));
  const onFormat =
    options.onFormat ??
    ((outcome: FormatOutcome, view: EditorView) => {
      if (outcome !== "formatted" && outcome !== "unchanged") showMessage(view, FORMAT_OUTCOME_TEXT[outcome]);
    });
  // every request that times out says the server is busy (lsp-timeout.ts)
  const client = new GdlLspClient({
    extensions: [
      serverCompletion(),
      // the client's hoverTooltips, except that a server still busy says so (lsp-hover.ts)
      gdlHoverTooltips(),
      keymap.of([...jumpToDefinitionKeymap, ...findReferencesKeymap]),
      gdlCommands((view) => void format(view).then((outcome) => onFormat(outcome, view))),
      // the client's own diagnostics extension for its capability and its sync 0.5 s after typing;
      // its publishDiagnostics handler comes after ours, which handles every document with an editor
      gdlDiagnostics(options.onDiagnostics, last),
      serverDiagnostics(),
      { clientCapabilities: { textDocument: { rename: { prepareSupport: true } } } },
    ],
    initializationOptions: options.initializationOptions,
    timeout: options.timeout ?? 10_000,
    sanitizeHTML,
  }).connect(workerTransport(worker));
  return {
    client,
    worker,
    extension: (uri) => client.plugin(uri, "gdl"),
    format,
    syncedVersion: (uri) => {
      client.sync();
      return client.workspace.getFile(uri)?.version;
    },
    groundCounts: (uri, version, counts) => client.notification(GROUND_COUNTS_NOTIFICATION, groundCountsParams(uri, { ...counts, version })),
    close: () => {
      client.disconnect();
      worker.terminate();
    },
  };
}
