/**
 * GDL-II in the playground (issue 24, the page), in Debian's Chromium: MontyHall.gdl (read at
 * run time from ../shared/games/gdl2, never copied here) played as the candidate — chance's moves
 * drawn with the Chance button, a door chosen — where the candidate sees the door the host
 * opened and nothing of the state (no car, no closed or chosen door, not the host's moves); the
 * same game as everyone (the state, both roles' moves, chance not offered as a role to choose
 * for); then with the switch on, chance moving by itself. And tic-tac-toe, a GDL game, shows
 * nothing of GDL-II. Screenshots go to a temporary folder, or to GDL_GROUND_SCREENSHOTS
 * (results/web renews the README's). Skipped, and says so, without Chromium or without the game.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findChromium, groundInPage } from "../scripts/web-harness.js";
import { STORAGE_KEY } from "../web/keep.js";
import { playgroundForTests } from "./support/playground.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = process.env.GDL_GROUND_SCREENSHOTS
  ? path.resolve(root, process.env.GDL_GROUND_SCREENSHOTS)
  : mkdtempSync(path.join(os.tmpdir(), "gdl-ground-web-shots-"));
const montyHall = path.resolve(root, "../shared/games/gdl2/MontyHall.gdl");
const chromiumPath = findChromium();
if (!chromiumPath) console.warn("web-gdl2.test.ts: SKIPPED — no Chromium found (apt-get install chromium, or CHROMIUM_PATH).");
else if (!existsSync(montyHall)) console.warn(`web-gdl2.test.ts: Monty Hall SKIPPED — no ${montyHall} (the GDL-II games of ../shared/games/gdl2).`);

/** What the Play panel holds, markup and attributes included: what the page shows of the game. */
const playMarkup = (page: Page) => page.innerHTML("#play");
const step = (page: Page, n: number) => page.waitForSelector(`[data-testid=step][data-step='${n}']`);
/** Fluents and moves that say where the car is or what the host did: never shown to the candidate. */
const HIDDEN = /\bcar\b|hide_car|open_door|\(closed|\(chosen|\(step/;

describe.skipIf(!chromiumPath)("GDL-II in the playground", () => {
  const playground = playgroundForTests(chromiumPath!, shots, { width: 1280, height: 900 });

  it.skipIf(!existsSync(montyHall))("plays Monty Hall as the candidate: chance by the button, only the opened door shown", async () => {
    const session = playground();
    const { page } = session;
    const { report } = await groundInPage(page, readFileSync(montyHall, "utf8"), "MontyHall.gdl");
    expect(report.status).toBe("ok");
    await step(page, 0);
    expect(await page.textContent("[data-testid=dialect]")).toContain("GDL-II");
    expect(await page.textContent("[data-testid=propositions]")).toMatch(/sees [1-9]/);
    // chance is never a role to choose for or to view as
    expect(await page.locator("[data-testid=view-as] option").allTextContents()).toEqual(["everyone", "candidate"]);
    expect(await page.locator(".role[data-role=random] button").count()).toBe(0);

    await page.selectOption("[data-testid=view-as]", "candidate");
    expect(await page.locator("[data-testid=state]").count()).toBe(0);
    expect(await page.locator(".role[data-role=random]").count()).toBe(0);
    expect(await playMarkup(page)).not.toMatch(HIDDEN);
    expect(await page.textContent("[data-testid=chance-status]")).toBe("random to move");

    // move 1: the host hides the car (the button), the candidate chooses door 1
    await page.click("[data-testid=chance]");
    expect(await page.textContent("[data-testid=chance-status]")).toBe("random has moved");
    expect(await playMarkup(page)).not.toMatch(HIDDEN);
    await page.click(".role[data-role=candidate] button[data-move='(choose 1)']");
    await step(page, 1);
    expect(await page.textContent("[data-testid=percepts-last]")).toBe("after move 1: nothing");
    // move 2: the candidate's only move is noop; the host opens a door when chance is drawn
    await page.click("[data-testid=chance]");
    await step(page, 2);
    const told = (await page.textContent("[data-testid=percepts-last]"))!;
    const opened = /^after move 2: ([23])$/.exec(told)?.[1];
    expect(opened, told).toBeDefined();
    const markup = await playMarkup(page);
    expect(markup).not.toMatch(HIDDEN);
    expect(await page.locator(".percepts").count()).toBe(1);
    expect(await page.textContent("[data-testid=history]")).toBe("1. (choose 1)\n2. noop");
    await page.locator("#play-panel").screenshot({ path: path.join(shots, "gdl2-candidate.png") });

    // as everyone: the state (where the car is: not the opened door, nor the chosen one), the host's moves
    await page.selectOption("[data-testid=view-as]", "");
    const state = (await page.textContent("[data-testid=state]"))!;
    const car = /\(car (\d)\)/.exec(state)?.[1];
    expect(car).toBeDefined();
    expect(car).not.toBe(opened);
    expect(state).toContain("(chosen 1)");
    expect(await page.textContent("[data-testid=history]")).toContain(`(open_door ${opened})`);
    expect(await page.textContent(".percepts[data-role=candidate] [data-testid=percepts-last]")).toBe(`after move 2: ${opened}`);
    await page.locator("#play-panel").screenshot({ path: path.join(shots, "gdl2-everyone.png") });

    // the last move as the candidate: switch; the host's noop by the button; at the end the candidate is told where the car is
    await page.selectOption("[data-testid=view-as]", "candidate");
    await page.click(".role[data-role=candidate] button[data-move=switch]");
    expect(await page.getAttribute(".role[data-role=candidate] button[data-move=switch]", "aria-pressed")).toBe("true");
    expect(await page.textContent("[data-testid=chance-status]")).toBe("random to move");
    await page.click("[data-testid=chance]");
    await step(page, 3);
    expect(await page.textContent("[data-testid=percepts-last]")).toBe(`after move 3: ${car}`);
    const goal = car === "1" ? 0 : 100; // switching wins unless the first choice was the car
    expect(await page.textContent("[data-testid=terminal]")).toBe(`terminal; goal: candidate ${goal}`);
    expect(session.pageErrors).toEqual([]);
  });

  it.skipIf(!existsSync(montyHall))("lets chance move by itself with the switch on, and keeps the switch", async () => {
    const session = playground();
    const { page } = session;
    await page.click("[data-testid=restart]");
    await step(page, 0);
    await page.check("[data-testid=auto-chance]");
    expect(await page.isDisabled("[data-testid=chance]")).toBe(true);
    expect(await page.textContent("[data-testid=chance-status]")).toBe("random has moved");
    // one click: the first joint move, then the second (the candidate's only move, chance drawn) by itself
    await page.click(".role[data-role=candidate] button[data-move='(choose 2)']");
    await step(page, 2);
    expect(await page.textContent("[data-testid=percepts-last]")).toMatch(/^after move 2: [13]$/);
    await page.click(".role[data-role=candidate] button[data-move=noop]");
    await step(page, 3);
    expect(await page.textContent("[data-testid=terminal]")).toMatch(/^terminal; goal: candidate (0|100)$/);
    // after Undo chance waits for its button (else Undo could not go back past a step where only chance has a choice)
    await page.click("[data-testid=undo]");
    await step(page, 2);
    expect(await page.textContent("[data-testid=chance-status]")).toBe("random to move");
    await page.click(".role[data-role=candidate] button[data-move=noop]");
    await page.click("[data-testid=chance]");
    await step(page, 3);
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}").autoChance, STORAGE_KEY)).toBe(true);
    await page.uncheck("[data-testid=auto-chance]");
    expect(session.pageErrors).toEqual([]);
  });

  it("shows nothing of GDL-II for a GDL game (tic-tac-toe)", async () => {
    const session = playground();
    const { page } = session;
    await page.selectOption("[data-testid=examples]", "valid/tictactoe.kif");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 60_000 });
    await step(page, 0);
    for (const part of ["gdl2-bar", "view-as", "chance", "auto-chance", "percepts", "dialect"]) expect(await page.locator(`[data-testid=${part}]`).count(), part).toBe(0);
    expect(await page.locator(".role.chance").count()).toBe(0);
    expect(await page.textContent("[data-testid=propositions]")).not.toContain("sees");
    expect(await page.locator("[data-testid=state]").count()).toBe(1);
    await page.click(".role[data-role=x] button[data-move='(mark 2 2)']");
    await step(page, 1);
    expect(await page.textContent("[data-testid=history]")).toBe("1. (mark 2 2)  wait");
    expect(session.pageErrors).toEqual([]);
  });
});
