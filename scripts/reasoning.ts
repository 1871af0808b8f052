/**
 * `npm run bench:reasoning [-- DIR] [--seconds S] [--ground-timeout T] [--filter REGEXP]`
 *
 * Reasoning speed of the propnet state machine on the games of Table 2 of the Regular
 * Boardgames paper (Kowalski et al.; shared/papers/kowalski-et-al-regular-boardgames.md), next
 * to that table's "GDL Propnet" columns: flat Monte-Carlo (random playouts to the end, every
 * legal move computed at every visited node; nodes = states visited) and perft (every joint
 * move path to a depth; nodes = states reached), in nodes per second, as `gdl-ground bench`
 * measures them (src/cli/play-commands.ts measureReasoning).
 *
 * Each game is grounded and measured in a child process (this script run with `--child`), with a
 * time and memory limit. The budget per game (`--seconds`, grounding not counted) is split
 * between flat MC (playout counts doubled until a run takes a quarter of its half, then one run
 * scaled to the half) and perft (depth 1, 2, ... while the next depth is predicted to fit; the
 * deepest is walked again while its half lasts, and perft_nodes counts every walk).
 * Writes results/reasoning.csv and results/reasoning.md.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { Command, InvalidArgumentError } from "commander";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { playableGame } from "../src/io.js";
import { createGrounder } from "../src/ground/index.js";
import { measureReasoning } from "../src/cli/play-commands.js";
import { writeFileAtomic } from "../src/output-file.js";
import { RESULTS, gamesFolder, machineLine } from "./common.js";

/** The "GDL Propnet" columns of Table 2 (nodes per second; one core of an i7-4790 @3.60GHz). */
const TABLE2: Record<string, { perft: number; flatmc: number }> = {
  Amazons: { perft: 78_680, flatmc: 242 },
  Breakthrough: { perft: 589_111, flatmc: 175_888 },
  Chess: { perft: 396_367, flatmc: 14_467 },
  "Chess (without check)": { perft: 685_546, flatmc: 23_625 },
  "Connect four": { perft: 3_376_991, flatmc: 985_643 },
  "English checkers": { perft: 698_829, flatmc: 225_143 },
  "Hex (9x9)": { perft: 366_410, flatmc: 35_682 },
  Reversi: { perft: 172_756, flatmc: 22_994 },
};

interface Entry {
  readonly game: string;
  /** Candidate files (without .kif), best match first: the first that grounds is measured. */
  readonly files: readonly string[];
  readonly table2?: string;
}

const GAMES: readonly Entry[] = [
  { game: "tictactoe", files: ["ticTacToe"] },
  { game: "connect four", files: ["connectFour"], table2: "Connect four" },
  { game: "breakthrough", files: ["breakthrough"], table2: "Breakthrough" },
  { game: "reversi", files: ["reversi", "othello-comp2007"], table2: "Reversi" },
  // standard 10x10 amazons, a move is queen move + arrow in one (the best match of Table 2)
  { game: "amazons", files: ["amazons", "amazons_10x10", "amazons_8x8"], table2: "Amazons" },
  // the same board with queen move and arrow as two turns: a different game tree, not in Table 2
  { game: "amazons (move and arrow as two turns)", files: ["amazons_10x10"] },
  { game: "chess", files: ["chess", "alexChess"], table2: "Chess" },
  // Alex Landau's speed chess ignores check (king capture ends the game): Table 2's chess without check
  { game: "chess without check", files: ["speedChess"], table2: "Chess (without check)" },
  { game: "hex", files: ["hex"], table2: "Hex (9x9)" },
  // jumps chain across turns, as the GDL checkers of Table 2 (its note †)
  { game: "english checkers", files: ["englishDraughts"], table2: "English checkers" },
];

interface Measured {
  readonly file: string;
  readonly groundSeconds: number;
  readonly components: number;
  readonly flatmc: { playouts: number; nodes: number; seconds: number; nodesPerSecond: number };
  readonly perft: { depth: number; nodes: number; seconds: number; nodesPerSecond: number };
}

type ChildAnswer = { ok: true; measured: Measured } | { ok: false; reason: string };

// ---------------------------------------------------------------- child: one game
async function measureChild(file: string, seconds: number, groundTimeout: number): Promise<ChildAnswer> {
  const grounder = await createGrounder("wasm");
  if ("error" in grounder) return { ok: false, reason: grounder.error };
  const started = performance.now();
  let loaded;
  try {
    loaded = await playableGame(file, { grounder, timeoutSeconds: groundTimeout });
  } finally {
    await grounder.close();
  }
  const groundSeconds = (performance.now() - started) / 1000;
  if ("diagnostics" in loaded) {
    const d = loaded.diagnostics.find((x) => x.severity === "error");
    return { ok: false, reason: `${loaded.status}: ${d?.message ?? ""}` };
  }
  const game = loaded.game;
  const half = seconds / 2;

  // flat MC: double the playouts until a run takes a quarter of the half, then fill the half
  let playouts = 1;
  let run = measureReasoning(file, game, { playouts, seed: 1 }).playouts!;
  while (run.seconds < half / 4 && playouts < 1 << 24) {
    playouts *= 2;
    run = measureReasoning(file, game, { playouts, seed: playouts }).playouts!;
  }
  const scaled = Math.max(1, Math.round((playouts * half) / Math.max(run.seconds, 1e-3)));
  if (scaled > playouts) run = measureReasoning(file, game, { playouts: scaled, seed: 12345 }).playouts!;
  const flatmc = { playouts: run.count, nodes: run.nodes, seconds: run.seconds, nodesPerSecond: run.nodesPerSecond };

  // perft: deeper while the next depth is predicted to fit in what is left of the half
  const perftEnd = performance.now() + half * 1000;
  let best = measureReasoning(file, game, { perft: 1, seed: 1 }).perft!;
  let previousNodes = 1;
  for (let depth = 2; depth <= 64; depth++) {
    const growth = Math.max(1, best.nodes / previousNodes);
    const predicted = best.seconds * growth;
    if (performance.now() + predicted * 1000 > perftEnd) break;
    previousNodes = best.nodes;
    const next = measureReasoning(file, game, { perft: depth, seed: 1 }).perft!;
    if (next.nodes === best.nodes) break; // the tree ends above this depth
    best = next;
  }
  // a shallow tree (the next depth would not fit) is walked again while the half lasts
  let nodes = best.nodes;
  let perftSeconds = best.seconds;
  while (performance.now() + best.seconds * 1000 < perftEnd && perftSeconds < half) {
    const again = measureReasoning(file, game, { perft: best.depth, seed: 1 }).perft!;
    nodes += again.nodes;
    perftSeconds += again.seconds;
  }
  const perft = { depth: best.depth, nodes, seconds: perftSeconds, nodesPerSecond: nodes / perftSeconds };
  return { ok: true, measured: { file, groundSeconds, components: game.propnet.stats.optimizedComponents, flatmc, perft } };
}

// ---------------------------------------------------------------- parent
function runChild(file: string, seconds: number, groundTimeout: number, memoryMb: number): Promise<ChildAnswer> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve) => {
    const child = fork(script, ["--child", file, "--seconds", String(seconds), "--ground-timeout", String(groundTimeout)], {
      execArgv: [`--max-old-space-size=${memoryMb}`],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    let answered = false;
    child.stderr?.on("data", (c: Buffer) => (stderr = (stderr + c.toString("utf8")).slice(-2000)));
    const limit = groundTimeout + seconds * 3 + 60;
    const timer = setTimeout(() => {
      answered = true;
      child.kill("SIGKILL");
      resolve({ ok: false, reason: `no answer within ${limit} s` });
    }, limit * 1000);
    child.on("message", (m: ChildAnswer) => {
      answered = true;
      clearTimeout(timer);
      resolve(m);
      child.disconnect();
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (!answered) resolve({ ok: false, reason: `the child died (${signal ?? code}): ${stderr.trim().split("\n").pop() ?? ""}` });
    });
  });
}

const COLUMNS = [
  "game",
  "file",
  "propnet_components",
  "flatmc_nodes_per_s",
  "flatmc_playouts",
  "perft_depth",
  "perft_nodes_per_s",
  "table2_game",
  "table2_gdl_propnet_perft",
  "table2_gdl_propnet_flatmc",
  "ground_s",
  "flatmc_nodes",
  "flatmc_s",
  "perft_nodes",
  "perft_s",
  "load_1m",
  "note",
] as const;
type Row = Record<(typeof COLUMNS)[number], string | number | null>;

/** `triedNotes`: why the candidate files before the measured one (or all of them) were not measured. */
function toRow(entry: Entry, answer: ChildAnswer, triedNotes: readonly string[]): Row {
  const t2 = entry.table2 ? TABLE2[entry.table2] : undefined;
  const m = answer.ok ? answer.measured : undefined;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    game: entry.game,
    file: m ? `${path.basename(m.file)}` : entry.files.map((f) => `${f}.kif`).join(" or "),
    propnet_components: m?.components ?? null,
    flatmc_nodes_per_s: m ? Math.round(m.flatmc.nodesPerSecond) : null,
    flatmc_playouts: m?.flatmc.playouts ?? null,
    perft_depth: m?.perft.depth ?? null,
    perft_nodes_per_s: m ? Math.round(m.perft.nodesPerSecond) : null,
    table2_game: entry.table2 ?? "",
    table2_gdl_propnet_perft: t2?.perft ?? null,
    table2_gdl_propnet_flatmc: t2?.flatmc ?? null,
    ground_s: m ? r2(m.groundSeconds) : null,
    flatmc_nodes: m?.flatmc.nodes ?? null,
    flatmc_s: m ? r2(m.flatmc.seconds) : null,
    perft_nodes: m?.perft.nodes ?? null,
    perft_s: m ? r2(m.perft.seconds) : null,
    load_1m: r2(loadavg()[0]),
    note: triedNotes.join("; "),
  };
}

const fmt = (x: string | number | null) => (x === null || x === "" ? "–" : typeof x === "number" ? x.toLocaleString("en-US") : x);
const ratio = (ours: string | number | null, theirs: string | number | null) =>
  typeof ours === "number" && typeof theirs === "number" && theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : "–";

function markdown(rows: readonly Row[], seconds: number, machine: string): string {
  const lines = [
    "# Reasoning speed: propnet state machine vs Table 2 (GDL Propnet) of the Regular Boardgames paper",
    "",
    "Generated by `npm run bench:reasoning` (scripts/reasoning.ts). Nodes per second; flat MC = random playouts to the end with every legal move computed at each visited node, nodes = states visited; perft = every joint move path to the depth, nodes = states reached.",
    "",
    `Ours: ${machine}, one thread, about ${seconds} s per game (half flat MC, half perft; grounding not counted). ` +
      "Theirs (Kowalski et al., Table 2, GDL Propnet of Sironi and Winands 2017): one core of an Intel Core i7-4790 @ 3.60 GHz, 16 GB RAM, at least ~10 min per test. " +
      `The load average (1 min) after each game is in the CSV (load_1m; this run: ${Math.min(...rows.map((r) => Number(r.load_1m)))}–${Math.max(...rows.map((r) => Number(r.load_1m)))}, with ${cpus().length} cores; the measurement itself counts 1): above the number of cores, processes waited for a core and our figures are low. ` +
      "The machines differ (a shared virtual Xeon core against a desktop Haswell core at 3.6–4.0 GHz, Java against JavaScript, seconds against minutes), so a ratio ours/theirs says how far apart the two propnet reasoners are, up to a factor for the hardware that we could not measure.",
    "",
    "| game | file | propnet components | flat MC ours | flat MC Table 2 | ours/theirs | perft depth | perft ours | perft Table 2 | ours/theirs |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.game}${r.table2_game ? ` (${r.table2_game})` : ""} | ${r.file} | ${fmt(r.propnet_components)} | ${fmt(r.flatmc_nodes_per_s)} | ${fmt(r.table2_gdl_propnet_flatmc)} | ${ratio(r.flatmc_nodes_per_s, r.table2_gdl_propnet_flatmc)} | ${fmt(r.perft_depth)} | ${fmt(r.perft_nodes_per_s)} | ${fmt(r.table2_gdl_propnet_perft)} | ${ratio(r.perft_nodes_per_s, r.table2_gdl_propnet_perft)} |`,
    );
  const notes = rows.filter((r) => r.note);
  if (notes.length > 0) {
    lines.push("", "Notes:");
    for (const r of notes) lines.push(`- ${r.game}: ${r.note}`);
  }
  lines.push("");
  return lines.join("\n");
}

async function main(): Promise<void> {
  const number = (value: string) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a positive number");
    return n;
  };
  const program = new Command("reasoning")
    .description("reasoning speed (flat MC, perft) on the games of Table 2 of the Regular Boardgames paper")
    .argument("[dir]", "folder of the real games (default ../shared/games/base)")
    .option("--seconds <s>", "measuring budget per game (grounding not counted)", number, 10)
    .option("--ground-timeout <s>", "time limit of the grounding", number, 120)
    .option("--memory <MiB>", "JavaScript heap limit of each child", number, 8192)
    .option("--filter <regexp>", "only the games whose name matches")
    .option("--out <file>", "results CSV (the .md is written beside it)", path.join(RESULTS, "reasoning.csv"))
    .option("--child <file>", "(internal) measure one game and answer over IPC")
    .parse();
  const opts = program.opts<{ seconds: number; groundTimeout: number; memory: number; filter?: string; out: string; child?: string }>();

  if (opts.child) {
    const answer = await measureChild(opts.child, opts.seconds, opts.groundTimeout).catch(
      (error: unknown): ChildAnswer => ({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
    );
    process.send?.(answer);
    return;
  }

  const dir = gamesFolder(program.args[0]);
  const filter = opts.filter ? new RegExp(opts.filter) : undefined;
  const machine = machineLine();
  process.stdout.write(`reasoning: ${dir}, ${opts.seconds} s per game; ${machine}\n`);
  const rows: Row[] = [];
  const out = path.resolve(opts.out);
  const mdOut = out.replace(/\.csv$/i, "") + ".md";
  for (const entry of GAMES.filter((g) => !filter || filter.test(g.game))) {
    const tried: string[] = [];
    let answer: ChildAnswer = { ok: false, reason: "no candidate file" };
    for (const name of entry.files) {
      const file = path.join(dir, `${name}.kif`);
      if (!existsSync(file)) {
        tried.push(`${name}.kif absent`);
        continue;
      }
      answer = await runChild(file, opts.seconds, opts.groundTimeout, opts.memory);
      if (answer.ok) break;
      tried.push(`${name}.kif: ${answer.reason}`);
    }
    const row = toRow(entry, answer, tried);
    rows.push(row);
    process.stdout.write(
      `${entry.game}: ${row.file}: ${answer.ok ? `${fmt(row.propnet_components)} components; flat MC ${fmt(row.flatmc_nodes_per_s)} nodes/s (${row.flatmc_playouts} playouts), perft(${row.perft_depth}) ${fmt(row.perft_nodes_per_s)} nodes/s` : row.note}\n`,
    );
    writeFileAtomic(out, stringifyCsv(rows.map((r) => COLUMNS.map((c) => r[c])), { header: true, columns: [...COLUMNS] }));
    writeFileAtomic(mdOut, markdown(rows, opts.seconds, machine));
  }
  process.stdout.write(`reasoning: results in ${path.relative(process.cwd(), out)} and ${path.relative(process.cwd(), mdOut)}\n`);
}

await main();
