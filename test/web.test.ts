/**
 * The playground page in a real browser: Debian's Chromium driven by playwright-core (no
 * browser download), the built page (dist/web, `npm run build`; `npm test` builds it first)
 * served as `gdl-ground web` serves it. Loads the tictactoe example, grounds it, compares the
 * propnet counts with the library's Node pipeline on the same text, plays a whole game by
 * clicking moves, types an invalid rule and finds its diagnostic at the right line. Saves
 * screenshots in a temporary folder, or in the folder GDL_GROUND_SCREENSHOTS names
 * (`GDL_GROUND_SCREENSHOTS=results/web npx vitest run test/web.test.ts` renews the README's), so
 * that a test run leaves the working tree as it was.
 *
 * Without Chromium the test is skipped and says so (CHROMIUM_PATH, /usr/bin/chromium or
 * `chromium` on PATH; `apt-get install chromium`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, openPlayground, type PageSession, type WithHook } from "../scripts/web-harness.js";
import type { Page } from "playwright-core";
import { createGrounder } from "../src/ground/index.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = process.env.GDL_GROUND_SCREENSHOTS
  ? path.resolve(root, process.env.GDL_GROUND_SCREENSHOTS)
  : mkdtempSync(path.join(os.tmpdir(), "gdl-ground-web-shots-"));
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn(
    `web.test.ts: SKIPPED — no Chromium found (${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist` : "looked for /usr/bin/chromium and chromium on PATH; CHROMIUM_PATH names another"}). ` +
      "Install it with `apt-get install chromium` to run the browser test of the playground page.",
  );
}

/** Puts `text` in the editor, grounds it and waits for the Play panel's first step. */
async function groundText(page: Page, text: string, name: string): Promise<void> {
  await page.evaluate(([t, n]) => (globalThis as unknown as WithHook).gdlPlayground.setSource(t, n), [text, name] as const);
  await page.click("[data-testid=ground]");
  await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 30_000 });
  await page.waitForSelector("[data-testid=step][data-step='0']");
}

describe.skipIf(!chromiumPath)("the playground page in Chromium", () => {
  let session: PageSession;
  const tictactoe = readFileSync(path.join(root, "corpus/valid/tictactoe.kif"), "utf8");

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    session = await openPlayground(chromiumPath!, { width: 1400, height: 900 });
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("grounds the tictactoe example with the same propnet counts as the Node pipeline", async () => {
    const { page } = session;
    await page.selectOption("[data-testid=examples]", "valid/tictactoe.kif");
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("tictactoe.kif");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 30_000 });

    const grounder = await createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    const result = await groundAndBuild(loadText(tictactoe, "tictactoe.kif"), { grounder, timeoutSeconds: 60 }).finally(() => grounder.close());
    const propnet = result.propnet;
    if (!propnet) throw new Error("tictactoe did not ground");

    const cell = async (id: string) => (await page.textContent(`[data-testid=${id}]`))?.trim();
    expect(await cell("paper-components")).toBe(String(propnet.stats.paperComponents));
    expect(await cell("optimized-components")).toBe(String(propnet.stats.optimizedComponents));
    expect(await cell("base-input")).toBe(`${result.game!.base.length}, ${result.game!.input.length}`);
    expect(await cell("ground-rules")).toContain(`${result.groundRules} rules from clingo`);
    await page.screenshot({ path: path.join(shots, "ground.png") });
  });

  it("plays a whole game by clicking moves, and undoes a step", async () => {
    const { page } = session;
    // x: (mark 1 1), (mark 1 3), (mark 2 2), (mark 3 1) wins on the diagonal; o: (mark 1 2), (mark 2 1), (mark 2 3)
    const moves = ["(mark 1 1)", "(mark 1 2)", "(mark 1 3)", "(mark 2 1)", "(mark 2 2)", "(mark 2 3)", "(mark 3 1)"];
    await page.waitForSelector("[data-testid=step][data-step='0']");
    for (const [i, move] of moves.entries()) {
      const mover = i % 2 === 0 ? "x" : "o";
      await page.click(`.role[data-role=${mover}] button[data-move='${move}']`);
      await page.waitForSelector(`[data-testid=step][data-step='${i + 1}']`);
      if (i + 1 === 4) await page.screenshot({ path: path.join(shots, "playing.png") });
    }
    const terminal = await page.textContent("[data-testid=terminal]");
    expect(terminal).toContain("x 100");
    expect(terminal).toContain("o 0");
    await page.screenshot({ path: path.join(shots, "play.png") });
    await page.click("[data-testid=undo]");
    await page.waitForSelector("[data-testid=step][data-step='6']");
    expect(await page.locator("[data-testid=terminal]").count()).toBe(0);
    await page.click("[data-testid=playout]");
    await page.waitForSelector("[data-testid=terminal]");
  });

  it("plays a double-clicked move once, and a move clicked as a grounding starts leaves the grounding alone", async () => {
    const { page } = session;
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 30_000 });
    await page.waitForSelector("[data-testid=step][data-step='0']");
    // the second click went out against the view it was made on: "(mark 2 2) is not legal for x", in the Ground status
    await page.dblclick(".role[data-role=x] button[data-move='(mark 2 2)']");
    await page.waitForSelector("[data-testid=step][data-step='1']");
    await page.waitForTimeout(500);
    expect(await page.locator("[data-testid=play-error]").count()).toBe(0);
    expect(await page.textContent("[data-testid=ground-status]")).not.toContain("not legal");
    // the worker has no game while it grounds: the move fails in the Play panel, and the grounding
    // goes on (the failure ended it as an error, and its result was dropped)
    await page.evaluate(() => {
      document.getElementById("ground")!.click();
      (document.querySelector(".role[data-role=o] button[data-move='(mark 1 1)']") as HTMLElement).click();
    });
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 30_000 });
    await page.waitForSelector("[data-testid=step][data-step='0']");
  });

  it("notes (not as an error) why a playout stopped short of a terminal state, shows a failed play action as an error, and refuses a time limit of 0 (read as 60 s)", async () => {
    const { page } = session;
    const endless = "(role p) (init (at 0)) (<= (next (at ?y)) (true (at ?x)) (succ ?x ?y)) (succ 0 1) (succ 1 0) (legal p go) (<= terminal (true (at 5))) (goal p 0)";
    await page.evaluate((text) => (globalThis as unknown as WithHook).gdlPlayground.setSource(text, "endless.kif"), endless);
    await page.fill("#opt-timeout", "0");
    await page.click("[data-testid=ground]");
    await expect.poll(() => page.textContent("[data-testid=ground-status]")).toBe('the time limit must be a number of seconds above 0 (it reads "0")');
    await page.fill("#opt-timeout", "60");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 30_000 });
    await page.waitForSelector("[data-testid=step][data-step='0']");
    await page.click("[data-testid=playout]");
    await page.waitForSelector("[data-testid=step][data-step='10000']");
    // a note, not an error (it came as a play-error, the kind a failed action is said with)
    expect(await page.textContent("[data-testid=play-note]")).toBe("the playout stopped after 10,000 steps without reaching a terminal state (Playout again goes on from here)");
    expect(await page.locator("[data-testid=play-error]").count()).toBe(0);
    const color = (testid: string) => page.locator(`[data-testid=${testid}]`).evaluate((e) => getComputedStyle(e).color);
    expect(await color("play-note")).not.toBe("rgb(192, 38, 45)");
    // a play action that fails is still an error, in red: a random step where the role has no legal move and the game goes on
    const stuck = "(role p) (init (at 0)) (<= (legal p go) (true (at 0))) (<= (next (at 1)) (true (at 0))) (<= terminal (true (at 5))) (goal p 0)";
    await groundText(page, stuck, "stuck.kif");
    await page.click("[data-testid=random-step]");
    await page.waitForSelector("[data-testid=step][data-step='1']");
    await page.click("[data-testid=random-step]");
    await page.waitForSelector("[data-testid=play-error]");
    expect(await page.textContent("[data-testid=play-error]")).toBe("role p has no legal move");
    expect(await color("play-error")).toBe("rgb(192, 38, 45)");
    expect(await page.locator("[data-testid=play-note]").count()).toBe(0);
    await groundText(page, tictactoe, "tictactoe.kif"); // the game the next tests read
  });

  it("checks and grounds a term nested 1,990 deep, as the command line does (the workers' smaller stacks overflowed from 1,500)", async () => {
    const { page } = session;
    const deep = `${tictactoe}\n(init (deep ${"(f ".repeat(1990)}a${")".repeat(1990)}))\n`;
    await groundText(page, deep, "deep.kif");
    await expect.poll(() => page.textContent("[data-testid=problems]")).toContain("no problems");
    await groundText(page, tictactoe, "tictactoe.kif");
  });

  it("says a report is of the text as it was when the text changed during its grounding, and keeps its diagnostics out of the new text's Problems", async () => {
    const { page } = session;
    const first = `${tictactoe}\n(<= (bad ?x) (true (control x)))\n`; // a safety warning the second text does not have
    await page.evaluate(
      ([a, b]) => {
        const hook = (globalThis as unknown as WithHook).gdlPlayground;
        hook.setSource(a, "first.kif");
        document.getElementById("ground")!.click();
        hook.setSource(b, "second.kif");
      },
      [first, tictactoe] as const,
    );
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]", { timeout: 30_000 });
    expect(await page.textContent("[data-testid=ground-status]")).toBe("grounded (first.kif as it was when Ground was pressed: the text has changed since)");
    await expect.poll(() => page.textContent("[data-testid=problems]")).toContain("no problems");
    await groundText(page, tictactoe, "tictactoe.kif");
  });

  it("downloads the ground game, the ASP program and the propnet as JSON and DOT", async () => {
    const { page } = session;
    await page.click("#output-panel summary");
    const download = async (what: string) => {
      const [file] = await Promise.all([page.waitForEvent("download"), page.click(`[data-download=${what}]`)]);
      const stream = await file.createReadStream();
      let text = "";
      for await (const chunk of stream) text += chunk.toString();
      return { name: file.suggestedFilename(), text };
    };
    const ground = await download("ground");
    expect(ground.name).toBe("tictactoe.ground.kif");
    expect(ground.text).toContain("(role x)");
    expect((await download("asp")).name).toBe("tictactoe.lp");
    const json = await download("json");
    expect(JSON.parse(json.text)).toMatchObject({ format: "gdl-ground-propnet", roles: ["x", "o"] });
    expect((await download("dot")).text).toMatch(/^digraph/);
  });

  it("opens a .kif from the file input and from a drop on the page", async () => {
    const { page } = session;
    await page.setInputFiles("#open-file", { name: "opened.kif", mimeType: "text/plain", buffer: Buffer.from("(role a)\n(role b)\n") });
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("opened.kif");
    expect(await page.textContent(".cm-content")).toContain("(role b)");
    const transfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(["(role dropped)\n(init (p))\n"], "dropped.kif", { type: "text/plain" }));
      return dt;
    });
    await page.dispatchEvent("body", "drop", { dataTransfer: transfer });
    await expect.poll(() => page.textContent("[data-testid=file-name]")).toBe("dropped.kif");
    expect(await page.textContent(".cm-content")).toContain("(role dropped)");
  });

  it("plays a game that does not ground within the time limit on the prover, cancels, and keeps working", async () => {
    const { page } = session;
    // A board of 40 x 40 cells: tictactoe grounded in a warm clingo worker sometimes finished
    // within the 1 ms limit (the test then saw "grounded"); this takes clingo-wasm a good part of
    // a second. Out of time, the game is played on the prover over P^base (status partial), whose
    // grounding has a limit of its own (src/pipeline.ts, BASE_MIN_SECONDS)
    const n = 40;
    const board = [
      "(role x) (role o) (init (control x))",
      Array.from({ length: n }, (_, i) => `(index ${i + 1})`).join(" "),
      "(<= (init (cell ?i ?j b)) (index ?i) (index ?j))",
      "(<= (legal ?p (mark ?i ?j)) (true (cell ?i ?j b)) (true (control ?p)))",
      "(<= (legal x noop) (true (control o))) (<= (legal o noop) (true (control x)))",
      "(<= (next (cell ?i ?j ?p)) (does ?p (mark ?i ?j)))",
      "(<= (marked ?i ?j) (does ?p (mark ?i ?j)))",
      "(<= (next (cell ?i ?j ?m)) (true (cell ?i ?j ?m)) (not (marked ?i ?j)))",
      "(<= (next (control o)) (true (control x))) (<= (next (control x)) (true (control o)))",
      "(<= open (true (cell ?i ?j b))) (<= terminal (not open)) (goal x 50) (goal o 50)",
    ].join("\n");
    await page.evaluate((text) => (globalThis as unknown as WithHook).gdlPlayground.setSource(text, "board.kif"), board);
    await page.fill("#opt-timeout", "0.001");
    await page.click("[data-testid=ground]");
    // (a generous wait: with the rest of the suite running on two cores the page's workers can be
    // slow to start; on failure, say what the page shows instead)
    await page.waitForSelector("[data-testid=ground-status][data-status=partial]", { timeout: 60_000 }).catch(async (e: unknown) => {
      const shown = await page.evaluate(() => {
        const el = document.querySelector("[data-testid=ground-status]");
        return `status ${el?.getAttribute("data-status")}: ${el?.textContent}; progress: ${document.getElementById("progress-text")?.textContent}`;
      });
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe page shows: ${shown}`);
    });
    expect(await page.textContent("[data-testid=ground-status]")).toBe("did not ground within 0.001 s: played on the prover; the propnet shown is P^base's");
    expect(await page.textContent("[data-testid=partial]")).toContain("grounding did not finish within 0.001 s");
    // P^base's propnet: 1,600 cells of 3 marks and a control of 2, 2 x 1,600 marks and 2 noops
    expect(await page.textContent("[data-testid=base-input]")).toBe(`${3 * n * n + 2}, ${2 * n * n + 2}`);
    // the Play panel plays on the prover: a move clicked, and o then has every free cell but that one
    await page.waitForSelector("[data-testid=step][data-step='0']");
    await page.click(".role[data-role=x] button[data-move='(mark 7 9)']");
    await page.waitForSelector("[data-testid=step][data-step='1']");
    expect(await page.textContent("[data-testid=state]")).toContain("(cell 7 9 x)");
    expect(await page.locator(".role[data-role=o] button[data-move='(mark 7 9)']").count()).toBe(0);
    expect(await page.locator(".role[data-role=o] button[data-move='(mark 7 8)']").count()).toBe(1);
    await page.fill("#opt-timeout", "60");
    // Cancel right after Ground: the worker reads the cancel while clingo runs.
    await page.evaluate(() => {
      document.getElementById("ground")!.click();
      document.getElementById("cancel")!.click();
    });
    await page.waitForSelector("[data-testid=ground-status][data-status=cancelled]");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=ok]");
    await page.waitForSelector("[data-testid=step][data-step='0']");
  });

  // a real game of ../shared that does not ground (207 M simple paths in `connection`), read at run time
  const hex = path.resolve(root, "..", "shared", "games", "base", "laikLee_hex.kif");
  it.skipIf(!existsSync(hex))("plays laikLee_hex on a hybrid propnet when it does not ground within the time limit: clingo-wasm's probe names what explodes", async () => {
    const { page } = session;
    await page.evaluate((text) => (globalThis as unknown as WithHook).gdlPlayground.setSource(text, "laikLee_hex.kif"), readFileSync(hex, "utf8"));
    await page.fill("#opt-timeout", "0.01");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=partial]", { timeout: 60_000 });
    // the probe (clingo-wasm in text mode, its first 300,000 ground rules, 3 s at most) names islist;
    // line/1 above it is lifted, the rest grounds
    expect(await page.textContent("[data-testid=ground-status]")).toBe("did not ground within 0.01 s: played on a hybrid propnet, line/1 asked of the prover per state");
    expect(await page.textContent("[data-testid=partial]")).toMatch(/^a hybrid propnet: the rest of the game ground, line\/1 \(2 atoms\) lifted \(evaluated by the prover per state\): grounding did not finish within 0\.01 s.*what explodes \((clingo-wasm in text mode, stopped after 300,000 ground rules|\d s of clingo-wasm in text mode, stopped by its time limit before 300,000 ground rules)\): islist/);
    await page.waitForSelector("[data-testid=step][data-step='0']");
    for (let step = 1; step <= 6; step++) {
      await page.click("[data-testid=random-step]");
      await page.waitForSelector(`[data-testid=step][data-step='${step}']`);
    }
    await page.screenshot({ path: path.join(shots, "hybrid.png") });
    await page.locator("[data-testid=partial]").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, "hybrid-report.png") });
    await page.fill("#opt-timeout", "60");
  });

  it("shows the diagnostic of an invalid rule at its line as it is typed", async () => {
    const { page } = session;
    const rule = "(<= (next (cell ?r ?c x)) (true (turn x)) (index ?r ?c))";
    const expected = loadText(`${tictactoe}\n${rule}`, "tictactoe.kif").diagnostics.find((d) => d.severity === "error")!;
    const line = tictactoe.split("\n").length + 1;
    expect(expected.pos.line).toBe(line);
    await page.evaluate((text) => (globalThis as unknown as WithHook).gdlPlayground.setSource(text, "tictactoe.kif"), tictactoe);
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.keyboard.type(`\n${rule}`);
    // while the rule is typed, the text before its last ')' has its own error on the same line
    // (an unclosed '('): wait for the problem of the whole rule, not the first one on the line
    const said = `${line}:${expected.pos.col} error[arity]`;
    const problem = page.locator(`[data-testid=problems] li.error[data-line='${line}']`, { hasText: said });
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.textContent()).toContain(said);
    await page.waitForSelector(".cm-lintRange-error");
    await page.click("[data-testid=ground]");
    await page.waitForSelector("[data-testid=ground-status][data-status=invalid]");
    await page.screenshot({ path: path.join(shots, "diagnostic.png") });
    expect(session.pageErrors).toEqual([]);
  });
});
