/**
 * Connecting a CodeMirror editor to the GDL language server of the page (web/lsp-worker.ts, built
 * to lsp-worker.js beside the page), through @codemirror/lsp-client: hover, go to definition
 * (F12), find references (Shift-F12), rename (F2), format (Shift-Alt-F), completion and the
 * server's diagnostics. The page adopts it with
 *
 *   const server = startGdlLanguageServer();
 *   new EditorView({ extensions: [..., server.extension("file:///game.kif")], ... });
 *   // server.format(view) for a Format button; server.close() when done
 *
 * The worker speaks the protocol as message objects (vscode-languageserver's browser
 * connection); the client's transport sends and receives JSON strings: `workerTransport`
 * translates.
 */
import { formatDocument, LSPClient, languageServerExtensions, type Transport } from "@codemirror/lsp-client";
import type { Extension } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";

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
  /** Formats the document of `view` (what Shift-Alt-F does). */
  format(view: EditorView): boolean;
  close(): void;
}

export interface GdlLanguageServerOptions {
  /** Where the built worker is (default: lsp-worker.js beside the page). */
  readonly workerUrl?: string | URL;
  /** The server's options: `notes`, `syntax`, `caseSensitive`, `groundTimeoutSeconds` (src/lsp/server.ts). */
  readonly initializationOptions?: Record<string, unknown>;
  /** Milliseconds before a request is given up (default 10000: the first check of a big game). */
  readonly timeout?: number;
}

export function startGdlLanguageServer(options: GdlLanguageServerOptions = {}): GdlLanguageServer {
  const worker = new Worker(options.workerUrl ?? new URL("lsp-worker.js", document.baseURI), { type: "module", name: "gdl-language-server" });
  const client = new LSPClient({
    extensions: languageServerExtensions(),
    initializationOptions: options.initializationOptions,
    timeout: options.timeout ?? 10_000,
  }).connect(workerTransport(worker));
  return {
    client,
    worker,
    extension: (uri) => client.plugin(uri, "gdl"),
    format: (view) => formatDocument(view),
    close: () => {
      client.disconnect();
      worker.terminate();
    },
  };
}
