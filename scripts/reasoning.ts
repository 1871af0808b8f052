/**
 * `npm run bench:reasoning [-- DIR] [--min-time S] [--repeats N] [--ground-timeout T] [--filter REGEXP]`
 *
 * Reasoning speed of both propnet engines (fast and reference, src/propnet/machine.ts) on the
 * games of Table 2 of the Regular Boardgames paper (Kowalski et al.;
 * shared/papers/kowalski-et-al-regular-boardgames.md), next to that table's "GDL Propnet" and
 * "RBG Interpreter" columns: flat Monte-Carlo (random playouts to the end, every legal move
 * computed at every visited node; nodes = states visited) and perft (every joint move path to a
 * depth; nodes = states reached), in nodes per second (src/propnet/bench.ts).
 *
 * Each game is grounded and measured in a child process (this script run with `--child`), with a
 * time and memory limit. The sizes of a run (playouts per run, perft depth) are chosen on the
 * fast engine; after a warm-up, `--repeats` rounds each measure both figures on both engines,
 * interleaved, each measure lasting at least `--min-time`. The ratio fast/reference is the figure
 * that holds across machines. Writes results/reasoning.csv and results/reasoning.md.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync, readFileSync } from "node:fs";
import { parse as parseCsv } from "csv-parse/sync";
import { cpus, loadavg } from "node:os";
import { Command } from "commander";
import { positiveNumber } from "../src/cli/option-values.js";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { groundAndBuild } from "../src/pipeline.js";
import { loadFile } from "../src/node-pipeline.js";
import { createGrounder } from "../src/ground/index.js";
import { flatMonteCarlo, measureRepeated, perftRun, type RepeatedSpeed } from "../src/propnet/bench.js";
import { compileMachine, fastEngineFallbackReason } from "../src/propnet/compile-machine.js";
import { isCompileError, type EngineName, type GameStateMachine } from "../src/propnet/machine.js";
import type { Propnet } from "../src/propnet/propnet.js";
import { writeFileAtomic } from "../src/output-file.js";
import { RESULTS, gamesFolder, machineLine } from "./common.js";

/** Table 2: "GDL Propnet" and "RBG Interpreter" columns (nodes per second; one core of an i7-4790 @3.60GHz). */
const TABLE2: Record<string, { perft: number; flatmc: number; rbgPerft: number; rbgFlatmc: number }> = {
  Amazons: { perft: 78_680, flatmc: 242, rbgPerft: 6_604_412, rbgFlatmc: 23_371 },
  Breakthrough: { perft: 589_111, flatmc: 175_888, rbgPerft: 5_113_725, rbgFlatmc: 371_164 },
  Chess: { perft: 396_367, flatmc: 14_467, rbgPerft: 315_120, rbgFlatmc: 16_708 },
  "Chess (without check)": { perft: 685_546, flatmc: 23_625, rbgPerft: 2_083_811, rbgFlatmc: 87_281 },
  "Connect four": { perft: 3_376_991, flatmc: 985_643, rbgPerft: 2_085_062, rbgFlatmc: 1_024_000 },
  "English checkers": { perft: 698_829, flatmc: 225_143, rbgPerft: 813_439, rbgFlatmc: 233_519 },
  "Hex (9x9)": { perft: 366_410, flatmc: 35_682, rbgPerft: 5_962_637, rbgFlatmc: 444_243 },
  Reversi: { perft: 172_756, flatmc: 22_994, rbgPerft: 263_945, rbgFlatmc: 93_601 },
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

interface EngineFigures {
  readonly flatmc: RepeatedSpeed;
  readonly perft: RepeatedSpeed;
  readonly compileSeconds: number;
}

interface Measured {
  readonly file: string;
  readonly groundSeconds: number;
  readonly buildSeconds: number;
  readonly components: number;
  readonly flatmcPlayouts: number;
  readonly perftDepth: number;
  readonly fast: EngineFigures;
  readonly reference: EngineFigures;
  /** Why the fast engine ran on the reference engine's evaluation, if it did. */
  readonly fallback?: string;
}

type ChildAnswer = { ok: true; measured: Measured } | { ok: false; reason: string };

// ---------------------------------------------------------------- child: one game
/** Grounds (clingo-wasm) and builds the propnet, the ground game left out before anything is compiled (as `play` and `bench` do). */
async function propnetOf(file: string, groundTimeout: number): Promise<{ propnet: Propnet; groundSeconds: number; buildSeconds: number } | { reason: string }> {
  const grounder = await createGrounder("wasm");
  if ("error" in grounder) return { reason: grounder.error };
  const started = performance.now();
  let built;
  try {
    built = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds: groundTimeout, keepGroundGame: false });
  } finally {
    await grounder.close();
  }
  if (!built.propnet) {
    const d = built.diagnostics.find((x) => x.severity === "error");
    return { reason: `${built.status}: ${d?.message ?? ""}` };
  }
  const buildSeconds = built.times.propnet ?? 0;
  return { propnet: built.propnet, groundSeconds: (performance.now() - started) / 1000 - buildSeconds, buildSeconds };
}

async function measureChild(file: string, minTime: number, repeats: number, groundTimeout: number, buildOnly = false): Promise<ChildAnswer> {
  const built = await propnetOf(file, groundTimeout);
  if ("reason" in built) return { ok: false, reason: built.reason };
  const { propnet, groundSeconds, buildSeconds } = built;
  const compile = (engine: EngineName): { sm: GameStateMachine; seconds: number } => {
    const t = performance.now();
    const sm = compileMachine(propnet, { engine });
    if (isCompileError(sm)) throw new Error(sm.message);
    return { sm, seconds: (performance.now() - t) / 1000 };
  };
  const engines = { fast: compile("fast"), reference: compile("reference") };
  const fast = engines.fast.sm;
  if (buildOnly) {
    const none: RepeatedSpeed = { nodesPerSecond: 0, min: 0, max: 0, repeats: [], nodes: 0, seconds: 0 };
    const only = (name: "fast" | "reference"): EngineFigures => ({ flatmc: none, perft: none, compileSeconds: engines[name].seconds });
    return {
      ok: true,
      measured: { file, groundSeconds, buildSeconds, components: propnet.stats.optimizedComponents, flatmcPlayouts: 0, perftDepth: 0, fast: only("fast"), reference: only("reference"), fallback: fastEngineFallbackReason(propnet) },
    };
  }

  // warm-up (the JIT), then the sizes of one run, chosen on the fast engine: playouts per run
  // doubled until a run takes 50 ms; perft deeper while the next depth is predicted to take at
  // most minTime (a measure repeats the walk until minTime has passed)
  const o = { minTime, warmup: 0, repeats: 1 };
  for (const e of [fast, engines.reference.sm]) {
    measureRepeated(() => flatMonteCarlo(e, 1, 7), { minTime: 0.3, warmup: 0, repeats: 1 });
    measureRepeated(() => perftRun(e, 1), { minTime: 0.2, warmup: 0, repeats: 1 });
  }
  let playouts = 1;
  while (flatMonteCarlo(fast, playouts, 1).seconds < 0.05 && playouts < 1 << 20) playouts *= 2;
  let depth = 1;
  let run = perftRun(fast, 1);
  let previousNodes = 1;
  for (let d = 2; d <= 64; d++) {
    const predicted = run.seconds * Math.max(1, run.nodes / previousNodes);
    if (predicted > minTime) break;
    const next = perftRun(fast, d);
    if (next.nodes === run.nodes) break; // the tree ends above this depth
    previousNodes = run.nodes;
    run = next;
    depth = d;
  }
  for (const e of [fast, engines.reference.sm]) {
    measureRepeated(() => flatMonteCarlo(e, playouts, 7), { minTime: 0.3, warmup: 0, repeats: 1 });
    measureRepeated(() => perftRun(e, depth), { minTime: 0.3, warmup: 0, repeats: 1 });
  }
  const series = { fast: { flatmc: [] as RepeatedSpeed[], perft: [] as RepeatedSpeed[] }, reference: { flatmc: [] as RepeatedSpeed[], perft: [] as RepeatedSpeed[] } };
  let seed = 100;
  for (let i = 0; i < repeats; i++)
    for (const name of ["fast", "reference"] as const) {
      const sm = engines[name].sm;
      series[name].flatmc.push(measureRepeated(() => flatMonteCarlo(sm, playouts, seed++), o));
      series[name].perft.push(measureRepeated(() => perftRun(sm, depth), o));
    }
  const combine = (xs: readonly RepeatedSpeed[]): RepeatedSpeed => {
    const values = xs.map((x) => x.nodesPerSecond);
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return {
      nodesPerSecond: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
      min: sorted[0],
      max: sorted[sorted.length - 1],
      repeats: values,
      nodes: xs.reduce((t, x) => t + x.nodes, 0),
      seconds: xs.reduce((t, x) => t + x.seconds, 0),
    };
  };
  const figures = (name: "fast" | "reference"): EngineFigures => ({
    flatmc: combine(series[name].flatmc),
    perft: combine(series[name].perft),
    compileSeconds: engines[name].seconds,
  });
  return {
    ok: true,
    measured: {
      file,
      groundSeconds,
      buildSeconds,
      components: propnet.stats.optimizedComponents,
      flatmcPlayouts: playouts,
      perftDepth: depth,
      fast: figures("fast"),
      reference: figures("reference"),
      fallback: fastEngineFallbackReason(propnet),
    },
  };
}

// ---------------------------------------------------------------- parent
function runChild(file: string, minTime: number, repeats: number, groundTimeout: number, memoryMb: number, buildOnly = false): Promise<ChildAnswer> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve) => {
    const args = ["--child", file, "--min-time", String(minTime), "--repeats", String(repeats), "--ground-timeout", String(groundTimeout), ...(buildOnly ? ["--build-only"] : [])];
    const child = fork(script, args, { execArgv: [`--max-old-space-size=${memoryMb}`], stdio: ["ignore", "ignore", "pipe", "ipc"] });
    let stderr = "";
    let answered = false;
    child.stderr?.on("data", (c: Buffer) => (stderr = (stderr + c.toString("utf8")).slice(-2000)));
    const limit = groundTimeout + minTime * repeats * 4 * 4 + 120;
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
  "flatmc_playouts_per_run",
  "flatmc_fast",
  "flatmc_fast_min",
  "flatmc_fast_max",
  "flatmc_reference",
  "flatmc_reference_min",
  "flatmc_reference_max",
  "perft_depth",
  "perft_fast",
  "perft_fast_min",
  "perft_fast_max",
  "perft_reference",
  "perft_reference_min",
  "perft_reference_max",
  "table2_game",
  "table2_gdl_propnet_perft",
  "table2_gdl_propnet_flatmc",
  "table2_rbg_interpreter_perft",
  "table2_rbg_interpreter_flatmc",
  "ground_s",
  "build_s",
  "compile_fast_s",
  "compile_reference_s",
  "load_1m",
  "note",
] as const;
type Row = Record<(typeof COLUMNS)[number], string | number | null>;

/** `triedNotes`: why the candidate files before the measured one (or all of them) were not measured. */
function toRow(entry: Entry, answer: ChildAnswer, triedNotes: readonly string[]): Row {
  const t2 = entry.table2 ? TABLE2[entry.table2] : undefined;
  const m = answer.ok ? answer.measured : undefined;
  const r = (x: number | undefined) => (x === undefined ? null : Math.round(x));
  const r3 = (x: number | undefined) => (x === undefined ? null : Math.round(x * 1000) / 1000);
  return {
    game: entry.game,
    file: m ? path.basename(m.file) : entry.files.map((f) => `${f}.kif`).join(" or "),
    propnet_components: m?.components ?? null,
    flatmc_playouts_per_run: m?.flatmcPlayouts ?? null,
    flatmc_fast: r(m?.fast.flatmc.nodesPerSecond),
    flatmc_fast_min: r(m?.fast.flatmc.min),
    flatmc_fast_max: r(m?.fast.flatmc.max),
    flatmc_reference: r(m?.reference.flatmc.nodesPerSecond),
    flatmc_reference_min: r(m?.reference.flatmc.min),
    flatmc_reference_max: r(m?.reference.flatmc.max),
    perft_depth: m?.perftDepth ?? null,
    perft_fast: r(m?.fast.perft.nodesPerSecond),
    perft_fast_min: r(m?.fast.perft.min),
    perft_fast_max: r(m?.fast.perft.max),
    perft_reference: r(m?.reference.perft.nodesPerSecond),
    perft_reference_min: r(m?.reference.perft.min),
    perft_reference_max: r(m?.reference.perft.max),
    table2_game: entry.table2 ?? "",
    table2_gdl_propnet_perft: t2?.perft ?? null,
    table2_gdl_propnet_flatmc: t2?.flatmc ?? null,
    table2_rbg_interpreter_perft: t2?.rbgPerft ?? null,
    table2_rbg_interpreter_flatmc: t2?.rbgFlatmc ?? null,
    ground_s: r3(m?.groundSeconds),
    build_s: r3(m?.buildSeconds),
    compile_fast_s: r3(m?.fast.compileSeconds),
    compile_reference_s: r3(m?.reference.compileSeconds),
    load_1m: Math.round(loadavg()[0] * 100) / 100,
    note: [...triedNotes, ...(m?.fallback ? [`fast engine falls back: ${m.fallback}`] : [])].join("; "),
  };
}

const fmt = (x: string | number | null) => (x === null || x === "" ? "–" : typeof x === "number" ? x.toLocaleString("en-US") : x);
const ratio = (ours: string | number | null, theirs: string | number | null) =>
  typeof ours === "number" && typeof theirs === "number" && theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : "–";

interface BuildRow {
  readonly game: string;
  readonly components: number;
  readonly build_s: number | null;
  readonly compile_fast_s: number | null;
  readonly compile_reference_s: number | null;
  readonly note: string;
}

function markdown(rows: readonly Row[], o: { minTime: number; repeats: number }, machine: string, loads: readonly number[], buildRows: readonly BuildRow[] = []): string {
  const lines = [
    "# Reasoning speed: the fast and the reference propnet engines vs Table 2 of the Regular Boardgames paper",
    "",
    "Generated by `npm run bench:reasoning` (scripts/reasoning.ts). Nodes per second; flat MC = random playouts to the end with every legal move computed at each visited node, nodes = states visited; perft = every joint move path to the depth, nodes = states reached (each reached state is computed).",
    "",
    `Ours: ${machine}, one thread. Per game, after a warm-up, ${o.repeats} rounds each measure flat MC and perft on the fast engine then on the reference engine (interleaved, so that a change of load hits both), each measure repeated until ${o.minTime} s; the figure is the median of the rounds, the CSV has the lowest and highest. ` +
      "fast = `--engine fast` (src/propnet/fast/; its perft walks the tree in place, apply/undo); reference = `--engine reference`, the engine as it was (src/propnet/reference-machine.ts, its perft copying a state per node). The ratio fast/reference is measured on the same machine at the same time: it is the figure that holds across machines. " +
      `Machine load (1-min load average, ${cpus().length} cores; the measurement itself counts 1): ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} during this run (load_1m in the CSV, after each game). Other users shared the machine: absolute figures are low by an unknown factor, the ratios much less so. ` +
      "Theirs (Kowalski et al., Table 2): one core of an Intel Core i7-4790 @ 3.60 GHz, at least ~10 min per test; GDL Propnet = the propnet reasoner of Sironi and Winands 2017 (Java), RBG interpreter = the RBG reasoner without compilation. A ratio ours/theirs also contains the hardware factor, which we could not measure.",
    "",
    "| game | file | components | flat MC fast | reference | fast/ref | GDL Propnet | fast/GDL | RBG interp. | fast/RBG | perft depth | perft fast | reference | fast/ref | GDL Propnet | fast/GDL | RBG interp. | fast/RBG |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.game}${r.table2_game ? ` (${r.table2_game})` : ""} | ${r.file} | ${fmt(r.propnet_components)} | ${fmt(r.flatmc_fast)} | ${fmt(r.flatmc_reference)} | ${ratio(r.flatmc_fast, r.flatmc_reference)} | ${fmt(r.table2_gdl_propnet_flatmc)} | ${ratio(r.flatmc_fast, r.table2_gdl_propnet_flatmc)} | ${fmt(r.table2_rbg_interpreter_flatmc)} | ${ratio(r.flatmc_fast, r.table2_rbg_interpreter_flatmc)} | ${fmt(r.perft_depth)} | ${fmt(r.perft_fast)} | ${fmt(r.perft_reference)} | ${ratio(r.perft_fast, r.perft_reference)} | ${fmt(r.table2_gdl_propnet_perft)} | ${ratio(r.perft_fast, r.table2_gdl_propnet_perft)} | ${fmt(r.table2_rbg_interpreter_perft)} | ${ratio(r.perft_fast, r.table2_rbg_interpreter_perft)} |`,
    );
  lines.push(
    "",
    "Compiling the state machine (after the propnet is built; seconds): propnet build, then the fast and the reference engine's compilation.",
    "",
    "| game | build | compile fast | compile reference |",
    "| --- | ---: | ---: | ---: |",
  );
  for (const r of rows) if (r.build_s !== null) lines.push(`| ${r.game} | ${r.build_s} | ${r.compile_fast_s} | ${r.compile_reference_s} |`);
  if (buildRows.length > 0) {
    const total = (pick: (r: BuildRow) => number | null) => buildRows.reduce((t, r) => t + (pick(r) ?? 0), 0);
    const done = buildRows.filter((r) => r.build_s !== null);
    const b = total((r) => r.build_s);
    const withFast = b + total((r) => r.compile_fast_s);
    const withReference = b + total((r) => r.compile_reference_s);
    lines.push(
      "",
      `The ${buildRows.length} largest games of results/ground.csv (optimized components): propnet build and compilation of each engine, seconds. ` +
        `Over the ${done.length} measured: build + fast compile ${withFast.toFixed(2)} s, build + reference compile ${withReference.toFixed(2)} s (${((withFast / withReference - 1) * 100).toFixed(1)} %).`,
      "",
      "| game | components | build | compile fast | compile reference | note |",
      "| --- | ---: | ---: | ---: | ---: | --- |",
    );
    const f3 = (x: number | null) => (x === null ? "–" : x.toFixed(3));
    for (const r of buildRows) lines.push(`| ${r.game} | ${r.components.toLocaleString("en-US")} | ${f3(r.build_s)} | ${f3(r.compile_fast_s)} | ${f3(r.compile_reference_s)} | ${r.note} |`);
  }
  const notes = rows.filter((r) => r.note);
  if (notes.length > 0) {
    lines.push("", "Notes:");
    for (const r of notes) lines.push(`- ${r.game}: ${r.note}`);
  }
  lines.push("");
  return lines.join("\n");
}

async function main(): Promise<void> {
  const program = new Command("reasoning")
    .description("reasoning speed (flat MC, perft) of both engines on the games of Table 2 of the Regular Boardgames paper")
    .argument("[dir]", "folder of the real games (default ../shared/games/base)")
    .option("--min-time <s>", "seconds of each measure at least", positiveNumber, 1)
    .option("--repeats <n>", "rounds of measures per game (median reported)", positiveNumber, 3)
    .option("--ground-timeout <s>", "time limit of the grounding", positiveNumber, 120)
    .option("--memory <MiB>", "JavaScript heap limit of each child", positiveNumber, 8192)
    .option("--filter <regexp>", "only the games whose name matches")
    .option("--out <file>", "results CSV (the .md is written beside it)", path.join(RESULTS, "reasoning.csv"))
    .option("--build-games <n>", "also time the propnet build and both compilations on the n largest games of results/ground.csv", (v) => Math.floor(positiveNumber(v)), 20)
    .option("--no-build-games", "skip that")
    .option("--child <file>", "(internal) measure one game and answer over IPC")
    .option("--build-only", "(internal) with --child: only the build and compile times")
    .parse();
  const opts = program.opts<{ minTime: number; repeats: number; groundTimeout: number; memory: number; filter?: string; out: string; child?: string; buildOnly?: boolean; buildGames: number | false }>();

  if (opts.child) {
    const answer = await measureChild(opts.child, opts.minTime, opts.repeats, opts.groundTimeout, opts.buildOnly).catch(
      (error: unknown): ChildAnswer => ({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
    );
    process.send?.(answer);
    return;
  }

  const dir = gamesFolder(program.args[0]);
  const filter = opts.filter ? new RegExp(opts.filter) : undefined;
  const machine = machineLine();
  process.stdout.write(`reasoning: ${dir}, ${opts.repeats} rounds of ${opts.minTime} s measures per game; ${machine}\n`);
  const rows: Row[] = [];
  const loads = [loadavg()[0]];
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
      answer = await runChild(file, opts.minTime, opts.repeats, opts.groundTimeout, opts.memory);
      if (answer.ok) break;
      tried.push(`${name}.kif: ${answer.reason}`);
    }
    const row = toRow(entry, answer, tried);
    rows.push(row);
    loads.push(Number(row.load_1m));
    process.stdout.write(
      `${entry.game}: ${row.file}: ${answer.ok ? `flat MC ${fmt(row.flatmc_fast)} vs ${fmt(row.flatmc_reference)} nodes/s (${ratio(row.flatmc_fast, row.flatmc_reference)}), perft(${row.perft_depth}) ${fmt(row.perft_fast)} vs ${fmt(row.perft_reference)} (${ratio(row.perft_fast, row.perft_reference)}); load ${row.load_1m}` : row.note}\n`,
    );
    writeFileAtomic(out, stringifyCsv(rows.map((r) => COLUMNS.map((c) => r[c])), { header: true, columns: [...COLUMNS] }));
    writeFileAtomic(mdOut, markdown(rows, opts, machine, loads));
  }
  // build and compile times on the largest games (by optimized components in results/ground.csv)
  const groundCsv = path.join(RESULTS, "ground.csv");
  const buildRows: BuildRow[] = [];
  if (opts.buildGames && existsSync(groundCsv)) {
    const records = parseCsv(readFileSync(groundCsv, "utf8"), { columns: true }) as Record<string, string>[];
    const largest = records
      .filter((r) => r.status === "ok" && Number(r.components_optimized) > 0)
      .sort((a, b) => Number(b.components_optimized) - Number(a.components_optimized))
      .slice(0, opts.buildGames);
    for (const r of largest) {
      const file = path.join(dir, `${r.game}.kif`);
      const found = existsSync(file) ? file : undefined;
      const answer: ChildAnswer = found ? await runChild(found, opts.minTime, 1, opts.groundTimeout, opts.memory, true) : { ok: false, reason: "not found" };
      const m = answer.ok ? answer.measured : undefined;
      const row: BuildRow = {
        game: r.game,
        components: Number(r.components_optimized),
        build_s: m ? m.buildSeconds : null,
        compile_fast_s: m ? m.fast.compileSeconds : null,
        compile_reference_s: m ? m.reference.compileSeconds : null,
        note: answer.ok ? (m?.fallback ? "fast engine falls back to the reference engine (cycles)" : "") : answer.reason,
      };
      buildRows.push(row);
      loads.push(loadavg()[0]);
      process.stdout.write(`build: ${r.game}: build ${row.build_s?.toFixed(2) ?? "–"} s, compile fast ${row.compile_fast_s?.toFixed(3) ?? "–"} s, reference ${row.compile_reference_s?.toFixed(3) ?? "–"} s ${row.note}\n`);
      writeFileAtomic(mdOut, markdown(rows, opts, machine, loads, buildRows));
    }
  }
  process.stdout.write(`reasoning: results in ${path.relative(process.cwd(), out)} and ${path.relative(process.cwd(), mdOut)}\n`);
}

await main();
