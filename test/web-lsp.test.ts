/**
 * The playground page's editor on the language server (issue 28, point 4), in Debian's Chromium:
 * on a real game (../shared/games/base/ticTacToe.kif, read at run time) the hover of a relation
 * says its arity and kind, and after Ground its ground instance count (the page's grounding
 * feeds the server's hover); F12 and Ctrl-click jump to the definition; F2 renames across the
 * document, and a refused rename says why (a keyword before any name is typed, a taken name
 * after); Shift-Alt-F and the Format button format as `gdl-ground fmt` does, and say when they
 * cannot; completion offers the document's names; Ctrl-K Ctrl-I shows the hover from the
 * keyboard; the diagnostics are exactly check's, with their related notes in the Problems list
 * and in the mark's tooltip; a hover cannot put markup of the text into the page; the hover says
 * when the server is still busy with a 300,000-line text, and a later one answers. Screenshots
 * (page-hover.png, page-diagnostic.png) go to a temporary folder, or to GDL_GROUND_SCREENSHOTS
 * (results/web renews the README's). Skipped without Chromium, and without the shared games.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, openPlayground, type PageSession, type WithHook } from "../scripts/web-harness.js";
import { formatGdl } from "../src/format/index.js";
import { loadText } from "../src/pipeline.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = process.env.GDL_GROUND_SCREENSHOTS ? path.resolve(root, process.env.GDL_GROUND_SCREENSHOTS) : mkdtempSync(path.join(os.tmpdir(), "gdl-ground-web-lsp-shots-"));
const chromiumPath = findChromium();
const TICTACTOE = path.resolve(root, "../shared/games/base/ticTacToe.kif");
const haveGame = existsSync(TICTACTOE);
if (!chromiumPath) console.warn("web-lsp.test.ts: SKIPPED — no Chromium found (apt-get install chromium, or CHROMIUM_PATH).");
// as the editor holds it: CodeMirror reads \r\n (as ticTacToe.kif has) as \n
const GAME = haveGame ? readFileSync(TICTACTOE, "utf8").replace(/\r\n?/g, "\n") : "";

const hook = (page: Page) => ({
  setSource: (text: string, name: string) => page.evaluate(([t, n]) => (globalThis as unknown as WithHook).gdlPlayground.setSource(t, n), [text, name] as const),
  text: () => page.evaluate(() => (globalThis as unknown as WithHook).gdlPlayground.view.state.doc.toString()),
  cursor: () => page.evaluate(() => (globalThis as unknown as WithHook).gdlPlayground.view.state.selection.main.head),
});

/** The offset of the `nth` occurrence of `needle` in `text`, `into` characters in. */
function offsetIn(text: string, needle: string, into = 0, nth = 0): number {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`no ${needle} (${i + 1})`);
  }
  return at + into;
}

describe.skipIf(!chromiumPath || !haveGame)("the playground's editor on the language server", () => {
  let session: PageSession;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    session = await openPlayground(chromiumPath!, { width: 1280, height: 900 });
    page = session.page;
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  /** Moves the mouse onto offset `at` of the editor's text. */
  async function pointAt(at: number): Promise<{ x: number; y: number }> {
    await page.evaluate((pos) => (globalThis as unknown as WithHook).gdlPlayground.view.dispatch({ selection: { anchor: pos }, scrollIntoView: true }), at);
    await page.waitForTimeout(50); // the scroll into view
    const c = await page.evaluate((pos) => (globalThis as unknown as WithHook).gdlPlayground.view.coordsAtPos(pos), at);
    if (!c) throw new Error(`offset ${at} is not on screen`);
    const point = { x: c.left + 3, y: (c.top + c.bottom) / 2 };
    await page.mouse.move(point.x, point.y);
    return point;
  }

  async function cursorAt(at: number): Promise<void> {
    await page.evaluate((pos) => {
      const view = (globalThis as unknown as WithHook).gdlPlayground.view;
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    }, at);
  }

  async function hoverText(at: number): Promise<string> {
    await page.mouse.move(2, 2);
    await page.waitForSelector(".cm-lsp-hover-tooltip", { state: "detached" });
    await pointAt(at);
    const tooltip = await page.waitForSelector(".cm-lsp-hover-tooltip", { timeout: 15_000 });
    return (await tooltip.textContent()) ?? "";
  }

  async function open(text: string, name: string): Promise<void> {
    await hook(page).setSource(text, name);
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe(name);
  }

  it("lists exactly check's diagnostics of a real game: none for ticTacToe", async () => {
    await open(GAME, "ticTacToe.kif");
    await page.waitForSelector("[data-testid=problems] li.ok", { timeout: 30_000 });
    expect(await page.textContent("[data-testid=problems]")).toContain("no problems");
  });

  it("hovers a relation: its arity and kind, its rules, its argument values", async () => {
    const row = await hoverText(offsetIn(GAME, "(<= (row ?m ?x)", "(<= (r".length));
    expect(row).toContain("row/2 view (depends on the state)");
    expect(row).toContain("defined by 1 rule");
    const index = await hoverText(offsetIn(GAME, "(index ?x) (index ?y)", 2));
    expect(index).toContain("index/1 static relation");
    expect(index).toContain("argument values: 1: 1, 2, 3");
    const cell = await hoverText(offsetIn(GAME, "(init (cell 1 1 b))", "(init (c".length));
    expect(cell).toContain("cell/3 fluent");
    expect(cell).not.toContain("ground:");
    const legal = await hoverText(offsetIn(GAME, "(<= (legal ?w", "(<= (le".length));
    expect(legal).toMatch(/legal\/2 keyword: .*role r may make move m in the current state/);
  });

  it("gives the hover the ground instance counts of the page's grounding", async () => {
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 60_000 });
    const cell = await hoverText(offsetIn(GAME, "(init (cell 1 1 b))", "(init (c".length));
    expect(cell).toMatch(/ground: 27 base propositions \(grounded in \d+\.\d s\)/); // 9 cells, each b, x or o
    const mark = await hoverText(offsetIn(GAME, "(legal ?w (mark", "(legal ?w (ma".length));
    expect(mark).toMatch(/ground: 18 input moves/); // 9 cells for each of the 2 roles
    await page.screenshot({ path: path.join(shots, "page-hover.png") });
    // an edit: the counts are of the version before it, and say so
    await cursorAt(GAME.length);
    await page.keyboard.type("\n; a comment");
    await expect.poll(async () => await hoverText(offsetIn(GAME, "(init (cell 1 1 b))", "(init (c".length)), { timeout: 15_000 }).toMatch(/of version \d+, before the last changes/);
    // a new text (an example) is a new document: nothing of the old one's counts
    await page.selectOption("[data-testid=examples]", "valid/tictactoe.kif");
    const example = readFileSync(path.join(root, "corpus/valid/tictactoe.kif"), "utf8");
    const fresh = await hoverText(offsetIn(example, "(<= (init (cell", "(<= (init (c".length));
    expect(fresh).toContain("cell/3 fluent");
    expect(fresh).not.toContain("ground:");
    await page.mouse.move(2, 2);
  });

  it("jumps to the definition with F12, and with Ctrl-click", async () => {
    await open(GAME, "ticTacToe.kif");
    await page.waitForSelector("[data-testid=problems] li.ok");
    await cursorAt(offsetIn(GAME, "(<= terminal\n(line x))", "(<= terminal\n(li".length));
    await page.keyboard.press("F12");
    await expect.poll(() => hook(page).cursor()).toBe(offsetIn(GAME, "(<= (line ?x)", "(<= (".length));
    await page.keyboard.press("Shift+F12"); // and every use, in a list under the text
    await expect.poll(() => page.locator(".cm-lsp-reference-panel .cm-lsp-reference").count()).toBe((GAME.match(/\(line /g) ?? []).length);
    await page.keyboard.press("Escape");
    const { x, y } = await pointAt(offsetIn(GAME, "(not open))", "(not op".length));
    await page.keyboard.down("Control");
    await page.mouse.click(x, y);
    await page.keyboard.up("Control");
    await expect.poll(() => hook(page).cursor()).toBe(offsetIn(GAME, "(<= open", "(<= ".length));
    expect(await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))).toBe(true);
  });

  it("renames with F2 across the document; a refused rename says why", async () => {
    await open(GAME, "ticTacToe.kif");
    await page.waitForSelector("[data-testid=problems] li.ok");
    // a keyword: refused at once, before a name is asked for
    await cursorAt(offsetIn(GAME, "(<= (legal ?w", "(<= (le".length));
    await page.keyboard.press("F2");
    const keyword = await page.waitForSelector(".cm-lsp-message-error", { timeout: 10_000 });
    expect(await keyword.textContent()).toMatch(/Cannot rename: 'legal' is a GDL keyword/);
    expect(await page.locator(".cm-lsp-rename-panel").count()).toBe(0);
    // a name another symbol has: refused with the symbol it would merge with
    await cursorAt(offsetIn(GAME, "(<= (row ?m ?x)", "(<= (ro".length));
    await page.keyboard.press("F2");
    let input = await page.waitForSelector(".cm-lsp-rename-panel input[name=name]");
    expect(await input.inputValue()).toBe("row");
    await input.fill("column");
    await input.press("Enter");
    const taken = await page.waitForSelector(".cm-lsp-message-error >> text=/already a view/", { timeout: 10_000 });
    expect(await taken.textContent()).toMatch(/'column' is already a view relation \(column\/2\) in this document: renaming 'row' to it would make them one symbol/);
    expect(await page.locator(".cm-lsp-message-error").count()).toBe(1); // in place of the one before
    await page.keyboard.press("Escape");
    await page.waitForSelector(".cm-lsp-message-error", { state: "detached" });
    // a free name: every occurrence, and the game is as valid as before
    await cursorAt(offsetIn(GAME, "(init (cell 1 1 b))", "(init (ce".length));
    await page.keyboard.press("F2");
    input = await page.waitForSelector(".cm-lsp-rename-panel input[name=name]");
    expect(await input.inputValue()).toBe("cell");
    await input.fill("square");
    await input.press("Enter");
    const cells = (GAME.match(/\(cell /g) ?? []).length;
    await expect.poll(async () => ((await hook(page).text()).match(/\(square /g) ?? []).length).toBe(cells);
    expect(await hook(page).text()).toBe(GAME.replace(/\(cell /g, "(square "));
    await page.waitForSelector("[data-testid=problems] li.ok");
    // a variable, within its rule only
    await cursorAt(offsetIn(await hook(page).text(), "(<= (legal ?w (mark ?x ?y))", "(<= (legal ?w (mark ?".length));
    await page.keyboard.press("F2");
    input = await page.waitForSelector(".cm-lsp-rename-panel input[name=name]");
    expect(await input.inputValue()).toBe("?x");
    await input.fill("?col");
    await input.press("Enter");
    await expect.poll(async () => (await hook(page).text()).includes("(<= (legal ?w (mark ?col ?y))\n(true (square ?col ?y b))")).toBe(true);
    expect((await hook(page).text()).match(/\?col/g)?.length).toBe(2);
  });

  it("formats with Shift-Alt-F and the Format button as gdl-ground fmt does, and says when it does not", async () => {
    await open(GAME, "ticTacToe.kif");
    await page.waitForSelector("[data-testid=problems] li.ok");
    const expected = formatGdl(GAME);
    if (!expected.ok || !expected.changed) throw new Error("ticTacToe.kif should need formatting");
    await cursorAt(0);
    await page.keyboard.press("Shift+Alt+f");
    await expect.poll(() => hook(page).text(), { timeout: 15_000 }).toBe(expected.text);
    await expect.poll(() => page.getAttribute("[data-testid=format-status]", "data-outcome")).toBe("formatted");
    await page.click("[data-testid=format]");
    await expect.poll(() => page.getAttribute("[data-testid=format-status]", "data-outcome")).toBe("unchanged");
    expect(await page.textContent("[data-testid=format-status]")).toBe("already formatted");
    // broken text is never formatted: the button says why
    await open("(role robot)\n(init (p 1)\n", "broken.kif");
    await page.waitForSelector("[data-testid=problems] li.error");
    await page.click("[data-testid=format]");
    await expect.poll(() => page.getAttribute("[data-testid=format-status]", "data-outcome")).toBe("syntax-errors");
    expect(await page.textContent("[data-testid=format-status]")).toMatch(/not formatted: the text has syntax errors/);
    expect(await hook(page).text()).toBe("(role robot)\n(init (p 1)\n");
    await cursorAt(0);
    await page.keyboard.type(";"); // what it said was about the text before
    await page.waitForSelector("[data-testid=format-status]:not([data-outcome])", { state: "attached" });
    expect(await page.textContent("[data-testid=format-status]")).toBe("");
  });

  it("completes the document's names and keywords", async () => {
    await open(GAME, "ticTacToe.kif");
    await page.waitForSelector("[data-testid=problems] li.ok");
    await cursorAt(GAME.length);
    await page.keyboard.type("\n(<= (legal ?w (ma");
    await page.keyboard.press("Control+Space");
    const option = await page.waitForSelector(".cm-tooltip-autocomplete li[aria-selected] >> text=mark", { timeout: 15_000 });
    expect(await option.textContent()).toContain("mark");
    await page.waitForTimeout(200); // CodeMirror ignores Enter for 75 ms after the list changes (interactionDelay)
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await hook(page).text()).slice(-40)).toMatch(/\(<= \(legal \?w \(mark$/);
    await page.keyboard.type(" ?x ?y)) (true (con");
    await page.keyboard.press("Control+Space");
    await page.waitForSelector(".cm-tooltip-autocomplete >> text=control", { timeout: 15_000 });
    await page.keyboard.press("Escape");
  });

  it("shows the hover at the cursor from the keyboard (Ctrl-K Ctrl-I)", async () => {
    await open(GAME, "ticTacToe.kif");
    await page.waitForSelector("[data-testid=problems] li.ok");
    await page.mouse.move(2, 2);
    await cursorAt(offsetIn(GAME, "(<= (diagonal ?x)", "(<= (di".length));
    const showHover = async () => {
      await page.keyboard.press("Control+k");
      await page.keyboard.press("Control+i");
      return page.waitForSelector(".cm-lsp-hover-tooltip", { timeout: 15_000 });
    };
    expect(await (await showHover()).textContent()).toContain("diagonal/1 view");
    await page.keyboard.press("Escape");
    await page.waitForSelector(".cm-lsp-hover-tooltip", { state: "detached" });
    await showHover();
    await page.keyboard.press("ArrowRight"); // the cursor moves: the hover goes
    await page.waitForSelector(".cm-lsp-hover-tooltip", { state: "detached" });
  });

  it("shows check's diagnostics with their related notes, in Problems and in the text", async () => {
    // a second (row ...) with one argument: check's arity error, with the note of the first use
    const text = `${GAME}\n(<= terminal (row x))\n`;
    const expected = loadText(text, "ticTacToe.kif").diagnostics.filter((d) => d.severity !== "note"); // as check prints them
    expect(expected.some((d) => (d.related ?? []).length > 0)).toBe(true);
    await open(text, "ticTacToe.kif");
    const error = page.locator("[data-testid=problems] li.error").first();
    await error.waitFor({ timeout: 30_000 });
    const listed = await page.locator("[data-testid=problems] li").evaluateAll((items) =>
      items.map((li) => [...li.querySelectorAll("button")].map((b) => b.textContent!.replace(/\s+/g, " ").trim())),
    );
    expect(listed).toEqual(
      expected.map((d) => [
        `${d.pos.line}:${d.pos.col} ${d.severity}[${d.code}] ${d.message}`,
        ...(d.related ?? []).map((r) => `${r.pos.line}:${r.pos.col} note ${r.message}`),
      ]),
    );
    const first = expected[0];
    const note = first.related![0];
    await page.mouse.move(2, 2);
    await pointAt(first.pos.offset + 2);
    const tooltip = await page.waitForSelector(".cm-tooltip-lint", { timeout: 10_000 });
    expect(await tooltip.textContent()).toContain(`note (${note.pos.line}:${note.pos.col}): ${note.message}`);
    await page.screenshot({ path: path.join(shots, "page-diagnostic.png") });
    await page.mouse.move(2, 2);
  });

  it("says in the hover that the server is still busy with a 300,000-line text, and a later hover answers", async () => {
    // The server's worker answers in order: the first hover on this text waits for its check and
    // index (20-40 s at load 4-6, past the client's 10 s). The page showed nothing, and only the
    // console said "Request timed out".
    const filler = Array.from({ length: 300_000 }, (_, i) => `(filler ${i} ${i + 1})`).join("\n");
    const text = `${GAME}\n${filler}\n`;
    const cell = offsetIn(GAME, "(init (cell 1 1 b))", "(init (c".length);
    const kept = "[data-testid=kept]";
    const answered = ".cm-lsp-hover-tooltip";
    const failed = "[data-testid=hover-status][data-state=failed]";
    await page.mouse.move(2, 2);
    await open(text, "long.kif");
    // too long for the browser's storage: the line above the editor says so 0.4 s after the
    // change, and moves the text down; pointed at before, the mouse ends up off the name
    await expect.poll(() => page.textContent(kept), { timeout: 30_000 }).toMatch(/^not kept/);
    await pointAt(cell);
    const status = page.locator("[data-testid=hover-status]");
    await status.waitFor({ timeout: 30_000 });
    expect(await status.getAttribute("data-state")).toBe("waiting");
    expect(await status.textContent()).toMatch(/^waiting for the language server: it is still busy with this text/);
    /** Hovers `at` again until the server answers (once it is done with the text). */
    const hoverUntilAnswered = async (at: number): Promise<string> => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        await page.mouse.move(2, 2);
        await page.waitForSelector(`${answered}, [data-testid=hover-status]`, { state: "detached" });
        await pointAt(at);
        const next = await page.waitForSelector(`${answered}, ${failed}`, { timeout: 120_000 });
        if ((await next.getAttribute("data-state")) !== "failed" || Date.now() > deadline) return (await next.textContent()) ?? "";
      }
    };
    // then, in its place, the answer, or (the server busy past the client's timeout) that it did not answer in time
    const first = await page.waitForSelector(`${answered}, ${failed}`, { timeout: 120_000 });
    if ((await first.getAttribute("data-state")) === "failed") {
      expect(await first.textContent()).toMatch(/^Hover: the language server did not answer in time: it is still busy with this text.*try again in a moment$/);
      await page.screenshot({ path: path.join(shots, "page-hover-busy.png") });
      expect(await hoverUntilAnswered(cell)).toContain("cell/3 fluent");
    } else expect(await first.textContent()).toContain("cell/3 fluent");
    expect(session.pageErrors.filter((e) => e.includes("Request timed out"))).toEqual([]);
    // the next tests start from a short text, kept, and a server done with the long one
    await open(GAME, "ticTacToe.kif");
    await expect.poll(() => page.textContent(kept), { timeout: 30_000 }).not.toMatch(/^not kept/);
    expect(await hoverUntilAnswered(cell)).toContain("cell/3 fluent");
    await page.mouse.move(2, 2);
  }, 300_000);

  it("says so when the language server cannot start", async () => {
    const other = await session.browser.newPage();
    try {
      await other.route("**/lsp-worker.js", (route) => route.fulfill({ status: 404, body: "" }));
      await other.goto(session.url);
      const stopped = other.locator("[data-testid=server-stopped]");
      await stopped.waitFor({ timeout: 30_000 });
      expect(await stopped.textContent()).toMatch(/^the language server stopped \(.+\): the text is not checked/);
      expect(await other.locator("[data-testid=problems] li.ok").count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("keeps the text's markup out of the page: a hover's HTML is cleaned", async () => {
    // names are the text's own: a shared link could hold one that Markdown passes through as HTML
    const text = "(role <style>body{display:none}</style>)\n(role <b>bold</b>)\n(<= terminal (true (<i>x</i> 1)))\n";
    await open(text, "markup.kif");
    await page.waitForSelector("[data-testid=problems] li.error");
    const hover = await hoverText(offsetIn(text, "<style>", 2));
    expect(hover).toContain("role");
    expect(await page.locator(".cm-lsp-hover-tooltip style, .cm-lsp-hover-tooltip b, .cm-lsp-hover-tooltip i").count()).toBe(0);
    expect(await page.isVisible("[data-testid=ground]")).toBe(true);
    const italic = await hoverText(offsetIn(text, "<i>x</i>", 1));
    expect(italic).toContain("fluent");
    expect(await page.locator(".cm-lsp-hover-tooltip i, .cm-lsp-hover-tooltip em").count()).toBe(0);
    await page.mouse.move(2, 2);
    expect(session.pageErrors).toEqual([]);
  });
});
