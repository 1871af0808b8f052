/**
 * `npm run survey:boards [-- DIR] [--filter RE] [--timeout S] [--playouts N] [--shots a,b,...]`:
 * which games of DIR (default ../shared/games/base) the playground draws as boards
 * (src/report/board.ts), and the ones that look wrong. Each game is grounded (the default
 * grounder, `--timeout` 20 s), its boards inferred from the ground game, then `--playouts`
 * (default 3) seeded random playouts check every visited state against the boards: a fluent of
 * a board's relation outside its drawn cells, or two pieces on one cell, is flagged, and so are
 * orientations decided by the order of the arguments alone. Writes results/web/boards.md and
 * boards.csv. `--shots` also opens the page in Chromium (scripts/web-harness.ts), grounds
 * each named game, plays a few seeded random steps and saves results/web/boards/NAME.png.
 */
import { readdirSync, readFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { createGrounder } from "../src/ground/index.js";
import { loadFile } from "../src/node-pipeline.js";
import { playableDescription } from "../src/playable.js";
import { mulberry32 } from "../src/propnet/index.js";
import { boardsOfGame, extent, placePieces, type Board } from "../src/report/board.js";
import { writeFileAtomic } from "../src/output-file.js";
import { gamesFolder, machineLine, RESULTS } from "./common.js";
import { findChromium, openPlayground } from "./web-harness.js";
import { scriptArgs } from "./script-args.js";

interface Row {
  game: string;
  status: string;
  boards: string;
  why: string;
  flags: string[];
}

const args = scriptArgs("survey:boards", "usage: npm run survey:boards [-- DIR] [--filter RE] [--timeout S] [--playouts N] [--shots a,b,...]\n", { filter: "string", timeout: "string", playouts: "string", shots: "string" }, 1);

function describeBoard(b: Board): string {
  return `${b.relation}/${b.arity} ${extent(b.columns)}×${extent(b.rows)}${b.shape === "hex" ? " hex" : ""}${b.holes.length ? ` (${b.holes.length} holes)` : ""}`;
}

async function survey(dir: string, files: string[], timeoutSeconds: number, playouts: number): Promise<Row[]> {
  const grounder = await createGrounder("auto");
  if ("error" in grounder) throw new Error(grounder.error);
  const rows: Row[] = [];
  try {
    for (const file of files) {
      const game = file.replace(/\.kif$/, "");
      const loaded = loadFile(path.join(dir, file));
      const outcome = await playableDescription(loaded, { grounder, timeoutSeconds });
      if (!("game" in outcome) || !outcome.game.result.game || !loaded.description) {
        const status = "game" in outcome ? "no ground game" : outcome.status === "ok" ? "not playable" : outcome.status;
        rows.push({ game, status, boards: "", why: "", flags: [] });
        process.stderr.write(`${game}: ${status}\n`);
        continue;
      }
      const { machine, result } = outcome.game;
      const initial = machine.initialState();
      const boards = boardsOfGame(result.game!, loaded.description, machine);
      const flags = new Set<string>();
      for (const b of boards) {
        if (b.why.startsWith("in the order written")) flags.add(`${b.relation}: orientation from the order of its arguments only`);
        if (extent(b.columns) > 20 || extent(b.rows) > 20) flags.add(`${b.relation}: over 20 cells a side`);
      }
      const rng = mulberry32(1);
      for (let p = 0; p < playouts; p++) {
        let state = initial;
        for (let step = 0; step < 300; step++) {
          const kif = machine.stateToKif(state);
          for (const b of boards) {
            const placed = placePieces(b, kif, loaded.description.caseSensitive === true);
            for (const f of placed.outside.slice(0, 2)) flags.add(`${b.relation}: ${f} outside the drawn cells`);
            const crowded = placed.cells.find((c) => c.pieces.length > 1);
            if (crowded) flags.add(`${b.relation}: two pieces on one cell (${crowded.fluents.slice(0, 2).join(" ")})`);
          }
          if (machine.isTerminal(state)) break;
          const joint = machine.roles.map((_, r) => {
            const legal = machine.legalMoves(state, r);
            return legal[Math.floor(rng() * legal.length)];
          });
          if (joint.some((m) => m === undefined)) break;
          state = machine.nextState(state, joint);
        }
      }
      const row = { game, status: "ok", boards: boards.map(describeBoard).join("; "), why: boards.map((b) => `${b.relation}: ${b.why}`).join(" | "), flags: [...flags] };
      rows.push(row);
      process.stderr.write(`${game}: ${row.boards || "no board"}  [${row.why}]${row.flags.length ? `  FLAGS: ${row.flags.join("; ")}` : ""}\n`);
    }
  } finally {
    await grounder.close();
  }
  return rows;
}

function report(rows: Row[], dir: string, command: string): string {
  const ok = rows.filter((r) => r.status === "ok");
  const withBoard = ok.filter((r) => r.boards);
  const flagged = withBoard.filter((r) => r.flags.length > 0);
  const hex = withBoard.filter((r) => r.boards.includes(" hex"));
  const lines = [
    "# Boards the playground draws",
    "",
    `\`${command}\`, ${new Date().toISOString().slice(0, 10)}, ${machineLine()}, load ${os.loadavg()[0].toFixed(2)} at the end.`,
    `Games: ${dir} (${rows.length}). Boards are inferred from the ground game by src/report/board.ts; every visited state of the seeded random playouts is placed on them.`,
    "",
    `- grounded and playable: ${ok.length}; with a board: **${withBoard.length}** (hex: ${hex.map((r) => r.game).join(", ") || "none"}); the state as a list: ${ok.length - withBoard.length}`,
    `- flagged: ${flagged.length} (a fluent outside the drawn cells, two pieces on one cell, over 20 cells a side, or an orientation taken from the order of the arguments alone)`,
    `- not grounded or not playable here: ${rows.length - ok.length} (${rows.filter((r) => r.status !== "ok").map((r) => `${r.game} ${r.status}`).join(", ")})`,
    "",
    "| game | boards (columns × rows) | orientation | flags |",
    "| --- | --- | --- | --- |",
    ...ok.map((r) => `| ${r.game} | ${r.boards || "–"} | ${r.why.replace(/\|/g, "/")} | ${r.flags.join("; ").replace(/\|/g, "/")} |`),
    "",
  ];
  return lines.join("\n");
}

async function screenshots(dir: string, games: string[]): Promise<void> {
  const chromium = findChromium();
  if (!chromium) throw new Error("--shots needs Chromium (apt-get install chromium, or CHROMIUM_PATH)");
  const out = path.join(RESULTS, "web", "boards");
  mkdirSync(out, { recursive: true });
  const session = await openPlayground(chromium, { width: 1280, height: 900 });
  try {
    for (const game of games) {
      const text = readFileSync(path.join(dir, `${game}.kif`), "utf8");
      await session.page.evaluate(([t, n]) => (globalThis as unknown as { gdlPlayground: { setSource(t: string, n: string): void } }).gdlPlayground.setSource(t, n), [text, `${game}.kif`] as const);
      await session.page.click("[data-testid=ground]");
      await session.page.waitForSelector("[data-testid=ground-status][data-status]", { timeout: 120_000 });
      for (let i = 0; i < 6; i++) {
        const step = session.page.locator("[data-testid=random-step]");
        if ((await step.count()) === 0 || (await step.isDisabled())) break;
        await step.click();
        await session.page.waitForSelector(`[data-testid=step][data-step='${i + 1}']`);
      }
      // the boards alone when there are some (the whole panel is taller than the window), else the panel with the state list
      const boards = session.page.locator("#play [data-testid=boards]");
      await ((await boards.count()) > 0 ? boards : session.page.locator("#play-panel")).screenshot({ path: path.join(out, `${game}.png`) });
      process.stderr.write(`${game}: ${path.join(out, `${game}.png`)}\n`);
    }
  } finally {
    await session.close();
  }
}

async function main() {
  const dir = gamesFolder(args.positionals[0]);
  const filter = args.string("filter");
  if (args.string("shots") !== undefined) return screenshots(dir, args.list("shots", []));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".kif") && (!filter || new RegExp(filter).test(f)))
    .sort();
  const rows = await survey(dir, files, args.positive("timeout", 20), args.positive("playouts", 3));
  if (filter) return; // a partial run prints, and keeps the results files as they are
  const command = `npm run survey:boards${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  writeFileAtomic(path.join(RESULTS, "web", "boards.md"), report(rows, dir, command));
  writeFileAtomic(
    path.join(RESULTS, "web", "boards.csv"),
    stringify(rows.map((r) => [r.game, r.status, r.boards, r.why, r.flags.join("; ")]), { header: true, columns: ["game", "status", "boards", "orientation", "flags"] }),
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`board-survey: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
