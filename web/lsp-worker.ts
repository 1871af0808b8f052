/**
 * The GDL language server in a page: the same server as `gdl-ground lsp` (src/lsp/server.ts)
 * on vscode-languageserver's browser connection, in a Web Worker. Built by the page's build
 * (web/vite.config.ts) to dist/web/lsp-worker.js, a module worker; web/lsp-client.ts connects a
 * CodeMirror editor to it. Documents are grounded for the hover's instance counts with
 * clingo-wasm in a nested worker, started at the first grounding.
 */
import clingoJsUrl from "clingo-wasm-dist/clingo.js?url";
import clingoWasmUrl from "clingo-wasm-dist/clingo.wasm?url";
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from "vscode-languageserver/browser";
import { BrowserGrounder } from "../src/browser/index.js";
import type { AspGrounder } from "../src/ground/asp-grounder.js";
import { startLanguageServer } from "../src/lsp/server.js";

/** The worker's own scope, as the browser connection takes it (the page's lib has no worker types). */
const scope = self as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
const connection = createConnection(new BrowserMessageReader(scope), new BrowserMessageWriter(scope));

let browserGrounder: BrowserGrounder | undefined;
const grounder: AspGrounder = {
  ground: (program, options) => (browserGrounder ??= new BrowserGrounder({ clingoJsUrl, clingoWasmUrl })).ground(program, options),
};

startLanguageServer(connection, { grounder, groundTimeoutSeconds: 10, version: "0.1.0" });
connection.listen();
