/**
 * The page's client module (web/lsp-client.ts, @codemirror/lsp-client) on the page's language
 * server worker, in Chromium: a bare CodeMirror editor (test/fixtures/lsp-editor, built here
 * with the page's Vite configuration into a temporary folder) shows the server's diagnostic with
 * its note, the hover of a fluent, jumps to a definition with F12, renames with F2 (and says why
 * a rename is refused) and formats with Shift-Alt-F: the client module alone, as another page
 * would take it (the playground's own editor on it: test/web-lsp.test.ts). Screenshots of the hover and of the
 * diagnostic go to a temporary folder, or to GDL_GROUND_SCREENSHOTS (the README's are
 * results/web/lsp-hover.png and lsp-diagnostic.png). Skipped without Chromium.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build, mergeConfig, type UserConfig } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, findChromium } from "../scripts/web-harness.js";
import { serveWeb } from "../src/cli/web-command.js";
import { formatGdl } from "../src/format/index.js";
import webConfig from "../web/vite.config.js";

const ROOT = path.resolve(__dirname, "..");
const FIXTURE = path.join(ROOT, "test", "fixtures", "lsp-editor");
const chromiumPath = findChromium();
const shots = process.env.GDL_GROUND_SCREENSHOTS ? path.resolve(ROOT, process.env.GDL_GROUND_SCREENSHOTS) : mkdtempSync(path.join(tmpdir(), "gdl-ground-lsp-shots-"));
// the corpus's tictactoe with one more fact that uses `other` with three arguments
const GAME = readFileSync(path.join(ROOT, "corpus/valid/tictactoe.kif"), "utf8").replace("(other o x)\n", "(other o x)\n(other x o o)\n");

type Hook = { openGame(text: string): void; view: { state: { doc: { toString(): string }; selection: { main: { head: number } } }; coordsAtPos(pos: number): { left: number; top: number; bottom: number } | null; dispatch(spec: unknown): void; focus(): void } };

describe.skipIf(!chromiumPath)("an editor on the language server through web/lsp-client.ts, in Chromium", () => {
  let out: string;
  let server: Server;
  let browser: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), "gdl-ground-lsp-editor-"));
    const config = mergeConfig(webConfig as UserConfig, {
      root: FIXTURE,
      build: { outDir: out, rolldownOptions: { input: { index: path.join(FIXTURE, "index.html") } } },
    });
    await build({ ...config, configFile: false, logLevel: "error" });
    const served = await serveWeb(out, { port: 0, host: "127.0.0.1" });
    server = served.server;
    profile = mkdtempSync(path.join(tmpdir(), "gdl-ground-chromium-"));
    browser = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath!, headless: true, args: CHROMIUM_ARGS, viewport: { width: 900, height: 560 }, timeout: 30_000 });
    page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(served.url);
    await page.waitForFunction(() => typeof (globalThis as unknown as Hook).openGame === "function");
    await page.evaluate((text) => (globalThis as unknown as Hook).openGame(text), GAME);
    mkdirSync(shots, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? (server.close(() => resolve()), server.closeAllConnections()) : resolve()));
    for (const dir of [profile, out]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Moves the mouse onto the `nth` occurrence of `needle`, `into` characters in. */
  async function pointAt(needle: string, into: number, nth = 0): Promise<void> {
    const xy = await page.evaluate(
      ([n, i, k]) => {
        const view = (globalThis as unknown as Hook).view;
        const text = view.state.doc.toString();
        let at = -1;
        for (let j = 0; j <= (k as number); j++) at = text.indexOf(n as string, at + 1);
        const c = view.coordsAtPos(at + (i as number))!;
        return { x: c.left + 3, y: (c.top + c.bottom) / 2 };
      },
      [needle, into, nth] as const,
    );
    await page.mouse.move(xy.x, xy.y);
  }

  async function cursorAt(needle: string, into: number, nth = 0): Promise<void> {
    await page.evaluate(
      ([n, i, k]) => {
        const view = (globalThis as unknown as Hook).view;
        const text = view.state.doc.toString();
        let at = -1;
        for (let j = 0; j <= (k as number); j++) at = text.indexOf(n as string, at + 1);
        view.dispatch({ selection: { anchor: at + (i as number) } });
        view.focus();
      },
      [needle, into, nth] as const,
    );
  }

  it("shows check's diagnostic with its note", async () => {
    await page.waitForSelector(".cm-lintRange-error", { timeout: 30_000 });
    await pointAt("(other x o o)", 2);
    const tooltip = await page.waitForSelector(".cm-tooltip-lint", { timeout: 10_000 });
    const text = (await tooltip.textContent()) ?? "";
    expect(text).toMatch(/other/);
    expect(text).toMatch(/note \(\d+:\d+\): first use of 'other'/);
    await page.screenshot({ path: path.join(shots, "lsp-diagnostic.png") });
    await page.mouse.move(5, 5);
  }, 60_000);

  it("hovers a fluent: arity, kind, rules, argument values", async () => {
    await pointAt("(<= (init (cell", 11);
    const tooltip = await page.waitForSelector(".cm-lsp-hover-tooltip", { timeout: 10_000 });
    const text = (await tooltip.textContent()) ?? "";
    expect(text).toContain("cell/3 fluent");
    expect(text).toContain("argument values: 1: 1, 2, 3; 2: 1, 2, 3; 3: empty");
    await page.screenshot({ path: path.join(shots, "lsp-hover.png") });
    await page.mouse.move(5, 5);
  }, 60_000);

  it("jumps to the definition with F12", async () => {
    await cursorAt("(<= terminal (role ?p) (line ?p))", "(<= terminal (role ?p) (li".length);
    await page.keyboard.press("F12");
    const head = GAME.indexOf("(<= (line ?p)") + "(<= (".length;
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Hook).view.state.selection.main.head)).toBe(head);
  });

  it("renames with F2, and says why when the rename is refused", async () => {
    await cursorAt("(<= (marked ?r ?c)", "(<= (mar".length);
    await page.keyboard.press("F2");
    const input = await page.waitForSelector(".cm-lsp-rename-panel input[name=name]");
    await input.fill("index");
    await input.press("Enter");
    const refusal = await page.waitForSelector(".cm-lsp-message-error", { timeout: 10_000 });
    expect(await refusal.textContent()).toMatch(/'index' is already a static relation/);
    await cursorAt("(<= (marked ?r ?c)", "(<= (mar".length);
    await page.keyboard.press("F2");
    const again = await page.waitForSelector(".cm-lsp-rename-panel input[name=name]");
    await again.fill("taken");
    await again.press("Enter");
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Hook).view.state.doc.toString().match(/\(taken /g)?.length ?? 0)).toBe(2);
  }, 30_000);

  it("formats with Shift-Alt-F as gdl-ground fmt does", async () => {
    await cursorAt("(index 1)", 1);
    await page.keyboard.press("Shift+Alt+f");
    const expected = formatGdl(GAME.replace(/\(marked /g, "(taken "));
    if (!expected.ok) throw new Error("the game does not format");
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Hook).view.state.doc.toString())).toBe(expected.text);
  });
});
