/**
 * The GDL language server on a connection, for any host: `gdl-ground lsp` hands it the Node
 * connection over stdio (src/cli/lsp-command.ts), the page's worker the browser connection
 * (web/lsp-worker.ts). The protocol is vscode-languageserver's; this file only says which
 * feature answers which request, keeps one GdlDocument per open document and version, and
 * grounds documents in the background when the host hands it a grounder.
 *
 * Diagnostics are published on every change (the text is checked at once, as `check` does),
 * except for a document whose last check took more than SLOW_CHECK_MS: its changes are checked
 * once they pause for CHANGE_PAUSE_MS, so that changes sent while it was being checked (typing in a
 * ground game of 130,000 lines, 4-5 s a check) are checked once, at the last, instead of one after
 * another; a grounding for the hover's instance counts is started on open and on save, when the
 * document has no errors. A host that grounds itself sends its counts instead
 * (GROUND_COUNTS_NOTIFICATION, ground-counts.ts; groundTimeoutSeconds 0 then stops the server's
 * own groundings).
 */
import {
  DiagnosticSeverity,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { hasErrors } from "../diagnostics.js";
import type { AspGrounder } from "../ground/asp-grounder.js";
import { completion } from "./completion.js";
import { formattingEdits, rangeFormattingEdits, toLspDiagnostics } from "./diagnostics.js";
import { GdlDocument, type ReadingOptions } from "./document.js";
import { GROUND_COUNTS_NOTIFICATION, GroundCountsByDocument, groundCountsOf, type GroundCountsParams } from "./ground-counts.js";
import { GroundingScheduler } from "./grounding-scheduler.js";
import { definition, highlights, hover, references } from "./navigation.js";
import { documentSymbols, SEMANTIC_TOKENS_LEGEND, semanticTokens } from "./outline.js";
import { prepareRename, rename } from "./rename.js";

/** A document whose last check took longer than this (ms) is checked after a pause in its changes. */
export const SLOW_CHECK_MS = 100;
/** The pause (ms) after which such a document's changes are checked. */
export const CHANGE_PAUSE_MS = 50;

export interface LanguageServerOptions {
  /** Grounds documents for the hover's ground instance counts (none: no grounding). */
  readonly grounder?: AspGrounder;
  /** Time limit of such a grounding, in seconds (0: never ground). */
  readonly groundTimeoutSeconds?: number;
  /** The server's name and version, as `initialize` reports them. */
  readonly version?: string;
}

/**
 * What an editor may pass as `initializationOptions`: the command line's reading options,
 * whether to show notes, and the grounding's time limit (0 turns it off).
 */
export interface GdlInitializationOptions extends ReadingOptions {
  readonly notes?: boolean;
  readonly groundTimeoutSeconds?: number;
}

export function startLanguageServer(connection: Connection, options: LanguageServerOptions = {}): void {
  const texts = new TextDocuments(TextDocument);
  const cache = new Map<string, GdlDocument>();
  let reading: ReadingOptions = {};
  let notes = false;
  let relatedInformation = false;
  let markdown = true;
  let grounding: GroundingScheduler | undefined;
  const counts = new GroundCountsByDocument();
  /** The version each document was opened with: counts of an earlier version are of another text. */
  const openedAt = new Map<string, number>();

  const document = (uri: string): GdlDocument | undefined => {
    const text = texts.get(uri);
    if (!text) return undefined;
    const known = cache.get(uri);
    if (known && known.version === text.version) return known;
    const doc = new GdlDocument(uri, text.languageId, text.version, text.getText(), reading);
    cache.set(uri, doc);
    return doc;
  };

  /** Per document: how long its last check took (ms), and its check waiting for a pause in its changes. */
  const checkMs = new Map<string, number>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const stopWaiting = (uri: string) => {
    clearTimeout(waiting.get(uri));
    waiting.delete(uri);
  };

  const publish = (uri: string) => {
    stopWaiting(uri);
    const doc = document(uri);
    if (!doc) return;
    let diagnostics;
    try {
      const found = doc.diagnostics;
      checkMs.set(uri, doc.checkMilliseconds);
      diagnostics = toLspDiagnostics(doc, found, { relatedInformation, notes });
    } catch (error) {
      // never leave the last text's diagnostics standing for this one (a worker's stack is smaller than Node's)
      const message = `gdl-ground could not check this text: internal error: ${error instanceof Error ? error.message : String(error)}`;
      diagnostics = [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: "gdl-ground", message }];
    }
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  };

  const ground = (uri: string) => {
    const doc = document(uri);
    if (!doc || !grounding || hasErrors(doc.diagnostics)) return;
    grounding.request({ uri, version: doc.version, loaded: doc.loaded });
  };

  connection.onInitialize((params): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as GdlInitializationOptions;
    reading = { syntax: init.syntax, caseSensitive: init.caseSensitive };
    notes = init.notes === true;
    const textCapabilities = params.capabilities.textDocument;
    relatedInformation = textCapabilities?.publishDiagnostics?.relatedInformation === true;
    const formats = textCapabilities?.hover?.contentFormat;
    markdown = !formats || formats.includes("markdown");
    const timeout = init.groundTimeoutSeconds ?? options.groundTimeoutSeconds ?? 10;
    if (options.grounder && timeout > 0) grounding = new GroundingScheduler(options.grounder, timeout, counts);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        documentSymbolProvider: true,
        renameProvider: { prepareProvider: true },
        completionProvider: { triggerCharacters: ["(", "?"] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
      },
      serverInfo: { name: "gdl-ground", version: options.version },
    };
  });

  texts.onDidChangeContent((e) => {
    const uri = e.document.uri;
    if ((checkMs.get(uri) ?? 0) <= SLOW_CHECK_MS) return publish(uri);
    stopWaiting(uri);
    waiting.set(
      uri,
      setTimeout(() => publish(uri), CHANGE_PAUSE_MS),
    );
  });
  texts.onDidOpen((e) => {
    openedAt.set(e.document.uri, e.document.version);
    ground(e.document.uri);
  });
  texts.onDidSave((e) => ground(e.document.uri));
  texts.onDidClose((e) => {
    stopWaiting(e.document.uri);
    checkMs.delete(e.document.uri);
    cache.delete(e.document.uri);
    openedAt.delete(e.document.uri);
    counts.delete(e.document.uri);
    grounding?.forget(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  const refuse = (reason: string) => new ResponseError(LSPErrorCodes.RequestFailed, reason);
  const on = <T>(uri: string, answer: (doc: GdlDocument) => T, none: T): T => {
    const doc = document(uri);
    return doc ? answer(doc) : none;
  };

  connection.onNotification(GROUND_COUNTS_NOTIFICATION, (p: GroundCountsParams) => {
    const reported = groundCountsOf(p);
    const opened = reported && openedAt.get(p.uri);
    if (reported && opened !== undefined && reported.version >= opened) counts.set(p.uri, reported);
  });

  connection.onHover((p) => on(p.textDocument.uri, (doc) => hover(doc, p.position, counts.get(doc.uri), markdown), null));
  connection.onDefinition((p) => on(p.textDocument.uri, (doc) => definition(doc, p.position), []));
  connection.onReferences((p) => on(p.textDocument.uri, (doc) => references(doc, p.position, p.context.includeDeclaration), []));
  connection.onDocumentHighlight((p) => on(p.textDocument.uri, (doc) => highlights(doc, p.position), []));
  connection.onDocumentSymbol((p) => on(p.textDocument.uri, (doc) => documentSymbols(doc), []));
  connection.onCompletion((p) => on(p.textDocument.uri, (doc) => completion(doc, p.position), []));
  connection.onDocumentFormatting((p) => on(p.textDocument.uri, (doc) => formattingEdits(doc), []));
  connection.onDocumentRangeFormatting((p) => on(p.textDocument.uri, (doc) => rangeFormattingEdits(doc, p.range), []));
  connection.languages.semanticTokens.on((p) => on(p.textDocument.uri, (doc) => semanticTokens(doc), { data: [] }));
  connection.onPrepareRename((p) => {
    const doc = document(p.textDocument.uri);
    if (!doc) return null;
    const check = prepareRename(doc, p.position);
    if (!check.ok) throw refuse(check.reason);
    return { range: check.range, placeholder: check.placeholder };
  });
  connection.onRenameRequest((p) => {
    const doc = document(p.textDocument.uri);
    if (!doc) return null;
    const result = rename(doc, p.position, p.newName);
    if (!result.ok) throw refuse(result.reason);
    return { changes: { [doc.uri]: result.edits } };
  });

  texts.listen(connection);
}
