/**
 * A language server client for the tests (test/lsp-stdio.test.ts) and `npm run bench:lsp`: starts `gdl-ground lsp --stdio` as an
 * editor does (a child process, JSON-RPC over its standard input and output, through
 * vscode-jsonrpc), keeps the diagnostics it publishes, and waits for the next ones of a document.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams } from "vscode-languageserver";
import { packageRoot } from "../src/package-root.js";

export interface LspClient {
  readonly connection: MessageConnection;
  readonly child: ChildProcess;
  readonly initialized: InitializeResult;
  /** Every publication of diagnostics so far, in the order received. */
  readonly published: readonly { readonly uri: string; readonly version?: number }[];
  /** The diagnostics of the next publication for `uri` after this call (or `version`). */
  nextDiagnostics(uri: string, version?: number): Promise<Diagnostic[]>;
  open(uri: string, text: string, languageId?: string): Promise<Diagnostic[]>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** shutdown, exit; resolves with the process's exit code. */
  close(): Promise<number | null>;
}

const ROOT = packageRoot();

export async function startLspClient(args: readonly string[] = [], capabilities: object = { textDocument: { publishDiagnostics: { relatedInformation: true }, hover: { contentFormat: ["markdown", "plaintext"] } } }, initializationOptions?: object): Promise<LspClient> {
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "gdl-ground.js"), "lsp", "--stdio", ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; version?: number; resolve: (d: Diagnostic[]) => void }[] = [];
  const published: { uri: string; version?: number }[] = [];
  connection.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
    published.push({ uri: p.uri, version: p.version });
    for (let i = 0; i < waiting.length; i++) {
      const w = waiting[i];
      if (w.uri === p.uri && (w.version === undefined || w.version === p.version)) {
        waiting.splice(i, 1);
        w.resolve(p.diagnostics);
        return;
      }
    }
  });
  connection.listen();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const initialized = await connection.sendRequest<InitializeResult>("initialize", { processId: process.pid, rootUri: null, capabilities, initializationOptions });
  await connection.sendNotification("initialized", {});
  const nextDiagnostics = (uri: string, version?: number) => new Promise<Diagnostic[]>((resolve) => waiting.push({ uri, version, resolve }));
  return {
    connection,
    child,
    initialized,
    published,
    nextDiagnostics,
    async open(uri, text, languageId = "gdl") {
      const next = nextDiagnostics(uri, 1);
      await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId, version: 1, text } });
      return next;
    },
    request: (method, params) => connection.sendRequest(method, params),
    async close() {
      await connection.sendRequest("shutdown");
      await connection.sendNotification("exit");
      const code = await exited;
      connection.dispose();
      if (code !== 0 && stderr) process.stderr.write(stderr);
      return code;
    },
  };
}
