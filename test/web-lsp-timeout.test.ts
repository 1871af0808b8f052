/**
 * The page's language server client (web/lsp-timeout.ts): a request the server does not answer
 * within the client's timeout fails with the reason (the server is busy with the text; try
 * again), for every request, the library's own (go to definition, references) included; an error
 * the server answers with is passed on as it is. Over a transport of our own that answers
 * `initialize` and then what the test says.
 */
import type { Transport } from "@codemirror/lsp-client";
import { describe, expect, it } from "vitest";
import { GdlLspClient } from "../web/lsp-timeout.js";

/** A server that answers `initialize`, refuses `textDocument/rename`, and never answers anything else. */
function slowServer(): Transport {
  const handlers = new Set<(value: string) => void>();
  const reply = (message: object) => setTimeout(() => handlers.forEach((h) => h(JSON.stringify({ jsonrpc: "2.0", ...message }))), 0);
  return {
    send(text) {
      const message = JSON.parse(text) as { id?: number; method: string };
      if (message.method === "initialize") reply({ id: message.id, result: { capabilities: {} } });
      else if (message.method === "textDocument/rename") reply({ id: message.id, error: { code: -32803, message: "'role' is a keyword: it cannot be renamed" } });
    },
    subscribe: (handler) => void handlers.add(handler),
    unsubscribe: (handler) => void handlers.delete(handler),
  };
}

describe("the page's client on a busy language server", () => {
  it("says a request that timed out did so because the server is still busy, and passes the server's own refusals on", async () => {
    const client = new GdlLspClient({ timeout: 100 }).connect(slowServer());
    const position = { textDocument: { uri: "file:///game.kif" }, position: { line: 0, character: 1 } };
    // the library's go to definition showed "Find definition failed: Request timed out"
    await expect(client.request("textDocument/definition", position)).rejects.toThrow(
      /^the language server did not answer in time: it is still busy with this text .*try again in a moment$/,
    );
    await expect(client.request("textDocument/references", { ...position, context: { includeDeclaration: true } })).rejects.toThrow(/did not answer in time/);
    await expect(client.request("textDocument/rename", { ...position, newName: "x" })).rejects.toThrow(/^'role' is a keyword: it cannot be renamed$/);
    client.disconnect();
  });
});
