/**
 * The language server's Web Worker (web/lsp-worker.ts, built to dist/web/lsp-worker.js) in
 * Chromium: a page of the built site starts it and exchanges initialize, didOpen, diagnostics,
 * hover, definition, rename and formatting with it as message objects, as vscode-languageserver's
 * browser connection speaks; and after the worker grounded the game with clingo-wasm in its own
 * nested worker, the hover has the ground instance count. Skipped without Chromium (see
 * test/web.test.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, findChromium } from "../scripts/web-harness.js";
import { serveWeb, webRoot } from "../src/cli/web-command.js";

const ROOT = path.resolve(__dirname, "..");
const chromiumPath = findChromium();
const TICTACTOE = readFileSync(path.join(ROOT, "corpus/valid/tictactoe.kif"), "utf8");

describe.skipIf(!chromiumPath)("the language server's worker in Chromium", () => {
  let server: Server;
  let browser: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    const root = webRoot();
    if (!existsSync(path.join(root, "lsp-worker.js"))) throw new Error("the worker is not built: no dist/web/lsp-worker.js (npm run build)");
    const served = await serveWeb(root, { port: 0, host: "127.0.0.1" });
    server = served.server;
    profile = mkdtempSync(path.join(tmpdir(), "gdl-ground-chromium-"));
    browser = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath!, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
    page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${served.url}no-page-here`); // any page of the site: the worker is same-origin
    await page.evaluate(() => {
      const worker = new Worker("/lsp-worker.js", { type: "module" });
      const pending = new Map<number, (m: unknown) => void>();
      const notifications: { method: string; params: unknown }[] = [];
      let id = 0;
      worker.addEventListener("message", (e: MessageEvent) => {
        const m = e.data as { id?: number; method?: string; params?: unknown };
        if (m.id !== undefined && pending.has(m.id)) {
          pending.get(m.id)!(m);
          pending.delete(m.id);
        } else if (m.method) notifications.push({ method: m.method, params: m.params });
      });
      (globalThis as unknown as { lsp: unknown }).lsp = {
        request: (method: string, params: unknown) =>
          new Promise((resolve) => {
            pending.set(++id, resolve);
            worker.postMessage({ jsonrpc: "2.0", id, method, params });
          }),
        notify: (method: string, params: unknown) => worker.postMessage({ jsonrpc: "2.0", method, params }),
        notifications,
      };
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? (server.close(() => resolve()), server.closeAllConnections()) : resolve()));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  type Lsp = { request(method: string, params: unknown): Promise<{ result?: unknown; error?: { message: string } }>; notify(method: string, params: unknown): void; notifications: { method: string; params: { uri: string; diagnostics: unknown[] } }[] };
  const request = (method: string, params: unknown) =>
    page.evaluate(([m, p]) => (globalThis as unknown as { lsp: Lsp }).lsp.request(m as string, p), [method, params] as const);
  const uri = "file:///tictactoe.kif";
  const lines = TICTACTOE.split("\n");
  const cellLine = lines.findIndex((l) => l.startsWith("(<= (init (cell ?r ?c empty))"));
  const cellAt = { line: cellLine, character: "(<= (init (c".length };

  it("initializes, takes a document and publishes its diagnostics", async () => {
    const init = (await request("initialize", { processId: null, rootUri: null, capabilities: {} })).result as { capabilities: { hoverProvider: boolean } };
    expect(init.capabilities.hoverProvider).toBe(true);
    await page.evaluate(([u, text]) => {
      const lsp = (globalThis as unknown as { lsp: Lsp }).lsp;
      lsp.notify("initialized", {});
      lsp.notify("textDocument/didOpen", { textDocument: { uri: u, languageId: "gdl", version: 1, text } });
    }, [uri, TICTACTOE] as const);
    await page.waitForFunction((u) => (globalThis as unknown as { lsp: Lsp }).lsp.notifications.some((n) => n.method === "textDocument/publishDiagnostics" && n.params.uri === u), uri);
    const diagnostics = await page.evaluate(() => (globalThis as unknown as { lsp: Lsp }).lsp.notifications.find((n) => n.method === "textDocument/publishDiagnostics")!.params.diagnostics);
    expect(diagnostics).toEqual([]);
  });

  it("hovers, goes to the definition, renames and formats", async () => {
    const position = cellAt;
    const hover = (await request("textDocument/hover", { textDocument: { uri }, position })).result as { contents: { value: string } };
    expect(hover.contents.value).toContain("**cell/3** fluent");
    const use = lines.findIndex((l) => l.startsWith("(<= terminal (role ?p) (line ?p))"));
    const definition = (await request("textDocument/definition", { textDocument: { uri }, position: { line: use, character: lines[use].indexOf("(line") + 2 } })).result as { range: { start: { line: number } } }[];
    expect(definition.map((d) => lines[d.range.start.line])).toEqual(lines.filter((l) => l.startsWith("(<= (line ?p)")));
    const rename = (await request("textDocument/rename", { textDocument: { uri }, position, newName: "square" })).result as { changes: Record<string, unknown[]> };
    expect(rename.changes[uri].length).toBe((TICTACTOE.match(/\(cell /g) ?? []).length);
    const refused = await request("textDocument/rename", { textDocument: { uri }, position, newName: "index" });
    expect(refused.error?.message).toMatch(/already a static relation/);
    const edits = (await request("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } })).result as unknown[];
    expect(Array.isArray(edits)).toBe(true);
  });

  it("grounds the game in the worker: the hover gets the ground instance count", async () => {
    const position = cellAt;
    let text = "";
    for (let i = 0; i < 300 && !text.includes("ground:"); i++) {
      text = ((await request("textDocument/hover", { textDocument: { uri }, position })).result as { contents: { value: string } }).contents.value;
      if (!text.includes("ground:")) await page.waitForTimeout(100);
    }
    expect(text).toMatch(/ground: 27 base propositions/); // 9 cells, each empty, x or o
  }, 60_000);
});
