/**
 * The playground as a tool (issue 27), in Debian's Chromium: boards drawn from the first state,
 * share links that restore the text in a fresh browser (made off the main thread: the page
 * answers while 3 MB are compressed), a one-column layout at 420 px without
 * horizontal scrolling, keyboard-only use (open an example, ground with Ctrl-Enter, play a
 * move, jump to a problem), names that follow the text's origin, related notes with their
 * positions, and the output tabs (a large text stays a few dozen rows in the DOM).
 * Screenshots go to a temporary folder, or to GDL_GROUND_SCREENSHOTS (results/web renews the
 * README's). Skipped, and says so, without Chromium.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findChromium, openPlayground, type WithHook } from "../scripts/web-harness.js";
import { mulberry32 } from "../src/propnet/search.js";
import { MAX_LINK_LENGTH, readFragment } from "../web/keep.js";
import { playgroundForTests } from "./support/playground.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = process.env.GDL_GROUND_SCREENSHOTS
  ? path.resolve(root, process.env.GDL_GROUND_SCREENSHOTS)
  : mkdtempSync(path.join(os.tmpdir(), "gdl-ground-web-shots-"));
const chromiumPath = findChromium();
if (!chromiumPath) console.warn("web-tool.test.ts: SKIPPED — no Chromium found (apt-get install chromium, or CHROMIUM_PATH).");

const connectFour = readFileSync(path.join(root, "test/fixtures/connect-four-7x6.kif"), "utf8");

/** About `length` characters of comment lines of seeded random printable ASCII: text that lz-string cannot compress. */
function noise(length: number): string {
  const rng = mulberry32(27);
  const lines: string[] = [];
  for (let n = 0; n < length; n += 101) lines.push(`; ${Array.from({ length: 98 }, () => String.fromCharCode(33 + Math.floor(rng() * 94))).join("")}`);
  return lines.join("\n");
}

const setSource = (page: Page, text: string, name: string) =>
  page.evaluate(([t, n]) => (globalThis as unknown as WithHook).gdlPlayground.setSource(t, n), [text, name] as const);

/** Presses Tab (or Shift+Tab) until `test` holds for the focused element; fails after `limit` presses. */
async function tabTo(page: Page, test: string, limit = 120, back = false): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((t) => !!document.activeElement?.matches(t), test)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`no focus on ${test} after ${limit} presses of Tab`);
}

describe.skipIf(!chromiumPath)("the playground as a tool", () => {
  const opened = playgroundForTests(chromiumPath!, shots, { width: 1280, height: 900 });

  it("draws connect four 7 columns × 6 rows from the first state, pieces where the state says", async () => {
    const { page } = opened();
    await setSource(page, connectFour, "connect-four.kif");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 60_000 });
    const board = page.locator("svg.board[data-relation=disc]");
    await board.waitFor();
    expect(await board.getAttribute("data-columns")).toBe("7");
    expect(await board.getAttribute("data-rows")).toBe("6");
    expect(await board.locator("g.cell").count()).toBe(42);
    expect(await board.locator("g.cell[data-piece]").count()).toBe(0);
    // red drops into column 3, yellow into column 3: red in the bottom row (row index 5), yellow above it
    await page.click(".role[data-role=red] button[data-move='(drop 3)']");
    await page.waitForSelector("[data-testid=step][data-step='1']");
    await page.click(".role[data-role=yellow] button[data-move='(drop 3)']");
    await page.waitForSelector("[data-testid=step][data-step='2']");
    const pieces = await board.locator("g.cell[data-piece]").evaluateAll((cells) => cells.map((c) => [c.getAttribute("data-col"), c.getAttribute("data-row"), c.getAttribute("data-piece")]));
    expect(pieces.sort()).toEqual([
      ["2", "4", "yellow"],
      ["2", "5", "red"],
    ]);
    expect(await page.textContent("[data-testid=state]")).toContain("(disc 3 1 red)");
    await page.locator("#play-panel").screenshot({ path: path.join(shots, "board-connect-four.png") });
    await page.screenshot({ path: path.join(shots, "wide.png") });
  });

  it("shows a check's related notes with their positions, and jumps to them", async () => {
    const { page } = opened();
    // a fact that uses `four` with two arguments: check's arity error, its note the first use
    const text = `${connectFour}\n(four red yellow)\n`;
    await setSource(page, text, "connect-four.kif");
    const note = page.locator("[data-testid=problems] [data-testid=note]").first();
    await note.waitFor();
    const where = (await note.locator(".where").textContent())!;
    expect(where).toMatch(/^\d+:\d+$/);
    expect(await note.locator(".msg").textContent()).toMatch(/^first use of 'four'/);
    await note.click();
    const [line] = where.split(":").map(Number);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))).toBe(true);
    expect(await page.locator(".cm-activeLine").textContent()).toBe(text.split("\n")[line - 1]);
    await setSource(page, connectFour, "connect-four.kif");
  });

  it("shows the ground game, P and the propnet in tabs, and keeps a large text out of the DOM", async () => {
    const { page } = opened();
    await page.click("#output-panel summary");
    await expect.poll(() => page.textContent("[data-testid=output-status]"), { timeout: 30_000 }).toMatch(/lines/);
    expect(await page.textContent(".text-view")).toContain("(role red)");
    await page.click("button[data-tab=asp]");
    await expect.poll(() => page.textContent(".text-view"), { timeout: 30_000 }).toContain(":-");
    await page.click("button[data-tab=dot]");
    await expect.poll(() => page.textContent(".text-view"), { timeout: 30_000 }).toContain("digraph");
    // 687 components: too many to draw; tictactoe's 222 are drawn
    await expect.poll(() => page.textContent(".propnet-drawing")).toMatch(/No drawing: 687 components/);
    await page.selectOption("[data-testid=examples]", "valid/tictactoe.kif");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 60_000 });
    await page.waitForSelector("[data-testid=propnet-drawing]", { timeout: 60_000 });
    await page.locator("#output-panel").screenshot({ path: path.join(shots, "output-propnet.png") });
    // a text of a million lines (about 40 MB): the view holds a few dozen rows, Find reaches the last one
    await page.evaluate(() => {
      const lines: string[] = [];
      for (let i = 1; i <= 1_000_000; i++) lines.push(`(<= (next (cell ${i} x)) (true (cell ${i} b)) (does p (mark ${i})))`);
      (globalThis as unknown as WithHook).gdlPlayground.showOutput("ground", lines.join("\n"));
    });
    await expect.poll(() => page.textContent("[data-testid=output-status]")).toMatch(/^1,000,000 lines/);
    expect(await page.locator(".text-view-row").count()).toBeLessThan(200);
    await page.fill("[data-testid=output-find]", "(mark 999999)");
    await page.press("[data-testid=output-find]", "Enter");
    await expect.poll(() => page.textContent(".text-view-row.hit")).toContain("999999 x");
    expect(await page.locator(".text-view-row").count()).toBeLessThan(200);
  });

  it("names pasted text untitled.kif and leaves the editor scrolled to its start", async () => {
    const { page } = opened();
    await page.selectOption("[data-testid=examples]", "valid/tictactoe.kif");
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("tictactoe.kif");
    await page.click(".cm-content");
    await page.keyboard.press("Control+A");
    const pasted = `${"; a comment line much longer than the editor is wide ".repeat(12)}\n${connectFour}`;
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      document.querySelector(".cm-content")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("untitled.kif");
    expect(await page.evaluate(() => document.querySelector(".cm-scroller")!.scrollLeft)).toBe(0);
    expect(await page.evaluate(() => document.querySelector(".cm-scroller")!.scrollWidth <= document.querySelector(".cm-scroller")!.clientWidth)).toBe(true);
  });

  it("puts a share link on the clipboard that restores the text and switches in a fresh browser", async () => {
    const { page } = opened();
    const text = `${connectFour}\n; shared: ünïcode ✓\n`;
    await setSource(page, text, "shared-game.kif");
    await page.uncheck("#opt-prune");
    await page.click("[data-testid=share]");
    await expect.poll(() => page.inputValue("[data-testid=share-link]")).toMatch(/#code=/);
    const link = await page.inputValue("[data-testid=share-link]");
    await page.check("#opt-prune");
    const fresh = await openPlayground(chromiumPath!, { width: 1000, height: 800, hash: link.slice(link.indexOf("#")) });
    try {
      await expect.poll(() => fresh.page.textContent("[data-testid=file-name]")).toBe("shared-game.kif");
      expect(await fresh.page.evaluate(() => (document.querySelector(".cm-content") as HTMLElement & { cmView?: unknown }) && document.querySelector(".cm-editor")!.textContent)).toContain("shared: ünïcode ✓");
      expect(await fresh.page.isChecked("#opt-prune")).toBe(false);
      // the link has done its work: a reload restores what the browser kept, the same text
      await fresh.page.reload();
      await fresh.page.waitForFunction(() => typeof (globalThis as unknown as WithHook).gdlPlayground === "object");
      await expect.poll(() => fresh.page.textContent("[data-testid=file-name]")).toBe("shared-game.kif");
      // an example by name
      await fresh.page.goto(`${fresh.url}#example=tictactoe`);
      await expect.poll(() => fresh.page.textContent("[data-testid=file-name]")).toBe("tictactoe.kif");
      // the text a link replaced is kept apart and offered back (the link overwrote it)
      await fresh.page.click("[data-testid=restore-before-link]");
      await expect.poll(() => fresh.page.textContent("[data-testid=file-name]")).toBe("shared-game.kif");
      // a page opened on a damaged example link says so and opens the kept text (it threw at
      // start, and leaving the page then kept its empty editor over the user's text)
      await fresh.page.goto("about:blank");
      await fresh.page.goto(`${fresh.url}#example=%E0%A4%A`);
      await fresh.page.waitForFunction(() => typeof (globalThis as unknown as WithHook).gdlPlayground === "object");
      await expect.poll(() => fresh.page.textContent("[data-testid=ground-status]")).toContain("cannot open the link");
      await expect.poll(() => fresh.page.textContent("[data-testid=file-name]")).toBe("shared-game.kif");
    } finally {
      await fresh.close();
    }
  });
  it("answers while Share compresses 3 MB of incompressible text (the page stood still 7-10 s), makes one link for two presses, and the link holds the text", async () => {
    const { page, browser, url } = opened();
    await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url).origin });
    const text = noise(3_000_000);
    await setSource(page, text, "noise.kif");
    await page.evaluate(() => {
      document.getElementById("share-note")!.textContent = "";
      (document.getElementById("share-link") as HTMLInputElement).value = "";
    });
    const sharesBefore = Number((await page.getAttribute("body", "data-shares")) ?? 0);
    // The page records, in order: the workspace posted to a worker (the share worker's request:
    // only it takes a Workspace), each round trip of ours it answered, and that worker's reply.
    // Round trips answered between the post and the reply prove the main thread ran while the
    // worker compressed: no time limit, so a slow machine cannot fail it (it only answers more
    // of them), and a compression on the main thread (no post, or a page that stands still until
    // the reply) answers none there.
    await page.evaluate(() => {
      const log: string[] = [];
      const post = Worker.prototype.postMessage;
      const hooked = globalThis as unknown as { shareLog: string[]; unhookShare(): void };
      hooked.shareLog = log;
      hooked.unhookShare = () => void (Worker.prototype.postMessage = post);
      Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker["postMessage"]>) {
        const message: unknown = args[0];
        if (typeof message === "object" && message !== null && "text" in message && "prune" in message) {
          log.push("posted");
          this.addEventListener("message", () => log.push("replied"), { once: true });
        }
        return post.apply(this, args);
      } as Worker["postMessage"];
    });
    try {
      // pressed from a task of the page, so that this call returns before the compression starts
      await page.evaluate(() => setTimeout(() => document.getElementById("share")!.click(), 0));
      // round trips to the page until the link is made
      const started = Date.now();
      for (;;) {
        const done = await page.evaluate(() => {
          const busy = document.getElementById("share")!.getAttribute("aria-busy") === "true";
          (globalThis as unknown as { shareLog: string[] }).shareLog.push(busy ? "answered busy" : "answered");
          // a second press while it works is not queued (the link is made once)
          if (busy) document.getElementById("share")!.click();
          return document.getElementById("share-note")!.textContent !== "";
        });
        if (done || Date.now() - started > 100_000) break;
        await page.waitForTimeout(50);
      }
    } finally {
      await page.evaluate(() => (globalThis as unknown as { unhookShare(): void }).unhookShare());
    }
    const log = await page.evaluate(() => (globalThis as unknown as { shareLog: string[] }).shareLog);
    expect(log.filter((e) => e === "posted"), "the workspace is posted to the share worker once").toHaveLength(1);
    const during = log.slice(log.indexOf("posted") + 1, log.indexOf("replied"));
    expect(log.indexOf("replied"), "the share worker replied").toBeGreaterThan(log.indexOf("posted"));
    // all of them while Share said it was busy; three at least (the compression takes seconds, each round trip some 60 ms)
    expect(during.every((e) => e === "answered busy")).toBe(true);
    expect(during.length, `round trips the page answered while the worker compressed (log: ${log.join(", ")})`).toBeGreaterThanOrEqual(3);
    // the limit is kept: the link is made, and said to be too long for a browser to open
    expect(await page.textContent("#share-note")).toMatch(/(link copied, but|the link is) [\d,]+ characters: browsers do not open links over 2 MB/);
    // a link no browser opens is not laid out in the box (3.4 M characters there stopped the page for 2-4 s): it is on the clipboard
    expect(await page.isHidden("[data-testid=share-link]")).toBe(true);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link.length).toBeGreaterThan(MAX_LINK_LENGTH);
    const opened2 = readFragment(link.slice(link.indexOf("#")));
    expect(opened2.kind === "code" && opened2.workspace.name).toBe("noise.kif");
    expect(opened2.kind === "code" && opened2.workspace.text === text).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getAttribute("[data-testid=share]", "aria-busy")).not.toBe("true");
    expect(Number(await page.getAttribute("body", "data-shares"))).toBe(sharesBefore + 1);
    await setSource(page, connectFour, "connect-four.kif");
  });
});

describe.skipIf(!chromiumPath)("the playground at 420 px, from the keyboard", () => {
  const narrow = playgroundForTests(chromiumPath!, shots, { width: 420, height: 900 });

  it("has one column, no horizontal scrolling, and the Ground button in reach", async () => {
    const { page } = narrow();
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await wide()).toBe(0);
    const ground = await page.locator("[data-testid=ground]").boundingBox();
    expect(ground!.x).toBeGreaterThanOrEqual(0);
    expect(ground!.x + ground!.width).toBeLessThanOrEqual(420);
    expect(ground!.height).toBeGreaterThanOrEqual(40);
    const editor = await page.locator("#editor").boundingBox();
    const right = await page.locator("#right").boundingBox();
    expect(right!.y).toBeGreaterThan(editor!.y + editor!.height - 1); // the panels below the editor
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 60_000 });
    expect(await wide()).toBe(0);
    await page.screenshot({ path: path.join(shots, "narrow.png"), fullPage: true });
  });

  it("opens an example, grounds, plays a move and jumps to a problem without a mouse", async () => {
    const { page } = narrow();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, "#examples");
    // typing an option's name selects it in a closed select
    await page.keyboard.type("tictactoe");
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("tictactoe.kif");
    const before = Number(await page.getAttribute("body", "data-grounds"));
    await page.keyboard.press("Control+Enter");
    await page.waitForFunction((n) => Number(document.body.dataset.grounds) > n, before);
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("examples"); // focus stayed
    await tabTo(page, "button[data-move]");
    const move = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.move);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=step][data-step='1']");
    expect(await page.textContent(".history")).toContain(move!);
    expect(await page.evaluate(() => document.activeElement?.matches("button[data-move], .play-buttons button"))).toBe(true); // focus kept in the panel
    // an invalid example, then its first problem
    await tabTo(page, "#examples", 200, true);
    await page.keyboard.type("arity-relation");
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("arity-relation.kif");
    await page.waitForSelector("[data-testid=problems] li.error");
    const line = Number(await page.getAttribute("[data-testid=problems] li.error", "data-line"));
    await tabTo(page, "#problems li.error button.problem");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))).toBe(true);
    const text = readFileSync(path.join(root, "corpus/invalid/arity-relation.kif"), "utf8");
    expect(await page.locator(".cm-activeLine").textContent()).toBe(text.split("\n")[line - 1]);
  });
});
