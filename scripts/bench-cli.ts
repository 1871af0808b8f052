/**
 * `npm run bench:cli [-- DIR | FILE.kif... | --list FILE] [--every N] [--rounds N] [--timeout S]`:
 * what a user waits for, whole process against whole process.
 *
 *  1. `node bin/gdl-ground.js GAME --propnet` (the default grounder, `auto`: a native gringo when
 *     one is on PATH) against GGP-Base's OptimizingPropNetFactory in a fresh JVM
 *     (`../shared/anchors/ggp-base/opnf-time GAME`), and the same command with
 *     `--grounder wasm` (clingo-wasm alone: what a user without gringo gets), interleaved game by
 *     game (A B C, B C A, C A B, ...: the order turns with the round): `--rounds` rounds (default
 *     3) on games where all take under 2 s, one round on the others; the figure per game is the median of its rounds. All are timed
 *     from outside (spawn to exit, wall clock), with a time limit per run (default 60 s).
 *  2. ticTacToe (10 rounds, interleaved, the order turning, whether or not it is among the games), and
 *     `gdl-ground --help` and `--version` against `node -e 0` (10 rounds, interleaved).
 *  3. The corpus runner's overhead per game beyond the pipeline: a `corpus --jobs 1` run over
 *     the same games, its wall time less its start-up and the pipeline times it reports.
 *  4. The V8 tier choice on big games: the `--slowest N` (default 20) slowest games that ground
 *     in results/ground.csv, `--propnet --grounder wasm` with `--wasm-tier baseline` (Liftoff
 *     only) against `--wasm-tier optimizing` (V8's own tier-up, the default), interleaved.
 *
 * Default games: every 4th game of ../shared/games/base in name order. Writes
 * results/cli-speed.csv and results/cli-speed.md, with the machine's load before and after.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { writeFileAtomic } from "../src/output-file.js";
import { parseResults } from "../src/report/results-file.js";
import { RESULTS, ROOT, machineLine } from "./common.js";
import { scriptArgs } from "./script-args.js";
import { findNativeGrounder } from "../src/ground/clingo/index.js";

const USAGE = "usage: npm run bench:cli [-- DIR | FILE.kif... | --list FILE] [--every N] [--rounds N] [--timeout S] [--slowest N]\n";

const cli = scriptArgs("bench:cli", USAGE, { every: "string", rounds: "string", timeout: "string", slowest: "string", list: "string" });
const args = { every: cli.positive("every", 4), rounds: cli.positive("rounds", 3), timeout: cli.positive("timeout", 60), slowest: cli.positive("slowest", 20), list: cli.string("list") };
const positional = cli.positionals;
const every = args.every;
const rounds = args.rounds;
const timeoutS = args.timeout;
const slowest = args.slowest;

const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const OPNF = path.resolve(ROOT, "../shared/anchors/ggp-base/opnf-time");
const BASE = path.resolve(ROOT, "../shared/games/base");

function games(): string[] {
  const list = args.list;
  if (list) return readFileSync(list, "utf8").split("\n").map((l) => l.trim()).filter((l) => l !== "");
  if (positional.length === 1 && existsSync(positional[0]) && statSync(positional[0]).isDirectory()) return spread(positional[0]);
  if (positional.length > 0) return [...positional];
  return spread(BASE);
}

function spread(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".kif"))
    .sort()
    .filter((_, i) => i % every === 0)
    .map((f) => path.join(dir, f));
}

interface Run {
  readonly seconds: number;
  readonly ok: boolean;
  readonly stdout: string;
}

function timedRun(command: string, args: readonly string[], limitS = timeoutS): Run {
  const started = process.hrtime.bigint();
  // coreutils' timeout kills the whole process group at the limit: opnf-time's JVM is a child of
  // its shell script, and killing the script alone would leave the JVM running (and loading the
  // machine for every later measurement).
  const r = spawnSync("timeout", ["-s", "KILL", String(limitS), command, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, ok: r.status === 0 && r.error === undefined, stdout: r.stdout ?? "" };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round3 = (x: number) => Math.round(x * 1000) / 1000;

interface GameRow {
  game: string;
  ours_s: number | null;
  ggp_s: number | null;
  ratio: number | null;
  ours_status: string;
  ggp_status: string;
  rounds: number;
  ours_components: number | null;
  ours_paper_components: number | null;
  ggp_components: number | null;
  ours_pipeline_s: number | null;
  /** Who grounded our run (`--grounder auto`): a native gringo from PATH, or clingo-wasm. */
  ours_grounder: string;
  /** The same command with `--grounder wasm`: clingo-wasm alone. */
  wasm_s: number | null;
  wasm_status: string;
  wasm_ratio: number | null;
}

function ours(file: string, extra: readonly string[] = []): Run & { components?: number; paper?: number; pipeline?: number; grounder?: string } {
  const run = timedRun(process.execPath, [BIN, file, "--propnet", "--timeout", String(timeoutS), ...extra]);
  const components = /after our optimizations\):\s+(\d+)/.exec(run.stdout)?.[1];
  const paper = /the paper's count, no optimization\):\s+(\d+)/.exec(run.stdout)?.[1];
  const pipeline = /; total ([\d.]+)/.exec(run.stdout)?.[1];
  const grounder = /^\s*grounder: (\S+)/m.exec(run.stdout)?.[1];
  return {
    ...run,
    grounder: grounder !== undefined ? path.basename(grounder) : undefined,
    ok: run.ok && components !== undefined,
    components: components === undefined ? undefined : Number(components),
    paper: paper === undefined ? undefined : Number(paper),
    pipeline: pipeline === undefined ? undefined : Number(pipeline),
  };
}

/**
 * The three commands of a round, in an order that turns with the round (A B C, B C A, C A B): each
 * command follows each other one as often, so that none always pays for what the one before left
 * behind (the JVM's exit, its memory given back, a cold page cache).
 */
const COMMANDS = ["ours", "ggp", "wasm"] as const;
const rotated = <T>(items: readonly T[], r: number): T[] => items.map((_, i) => items[(i + r) % items.length]);

function ggp(file: string): Run & { components?: number } {
  const run = timedRun(OPNF, [file]);
  const components = /components=(\d+)/.exec(run.stdout)?.[1];
  return { ...run, ok: run.ok && components !== undefined, components: components === undefined ? undefined : Number(components) };
}

const nativeOnPath = await findNativeGrounder();
const loadBefore = os.loadavg();
const list = games();
const haveAnchor = existsSync(OPNF);
if (!haveAnchor) process.stderr.write(`no GGP-Base anchor at ${OPNF}: measuring gdl-ground alone\n`);
const rows: GameRow[] = [];
for (const [i, file] of list.entries()) {
  const game = path.basename(file, ".kif");
  const oursTimes: number[] = [];
  const ggpTimes: number[] = [];
  const wasmTimes: number[] = [];
  let o = ours(file);
  let g = haveAnchor ? ggp(file) : undefined;
  let w = ours(file, ["--grounder", "wasm"]);
  oursTimes.push(o.seconds);
  if (g) ggpTimes.push(g.seconds);
  wasmTimes.push(w.seconds);
  const small = o.ok && o.seconds < 2 && (!g || (g.ok && g.seconds < 2)) && w.ok && w.seconds < 2;
  for (let r = 1; small && r < rounds; r++)
    for (const which of rotated(COMMANDS, r)) {
      if (which === "ours") {
        o = ours(file);
        oursTimes.push(o.seconds);
      } else if (which === "ggp") {
        if (!haveAnchor) continue;
        g = ggp(file);
        ggpTimes.push(g.seconds);
      } else {
        w = ours(file, ["--grounder", "wasm"]);
        wasmTimes.push(w.seconds);
      }
    }
  const row: GameRow = {
    game,
    ours_s: o.ok ? round3(median(oursTimes)) : null,
    ggp_s: g?.ok ? round3(median(ggpTimes)) : null,
    ratio: null,
    ours_status: o.ok ? "ok" : o.seconds >= timeoutS - 0.5 ? "timeout" : "failed",
    ggp_status: !g ? "not run" : g.ok ? "ok" : g.seconds >= timeoutS - 0.5 ? "timeout" : "failed",
    rounds: oursTimes.length,
    ours_components: o.components ?? null,
    ours_paper_components: o.paper ?? null,
    ggp_components: g?.components ?? null,
    ours_pipeline_s: o.pipeline ?? null,
    ours_grounder: o.ok ? (o.grounder ?? "") : "",
    wasm_s: w.ok ? round3(median(wasmTimes)) : null,
    wasm_status: w.ok ? "ok" : w.seconds >= timeoutS - 0.5 ? "timeout" : "failed",
    wasm_ratio: null,
  };
  if (row.ours_s !== null && row.ggp_s !== null) row.ratio = round3(row.ours_s / row.ggp_s);
  if (row.wasm_s !== null && row.ggp_s !== null) row.wasm_ratio = round3(row.wasm_s / row.ggp_s);
  rows.push(row);
  process.stdout.write(`[${i + 1}/${list.length}] ${game}: ours ${row.ours_s ?? row.ours_status} s, GGP-Base ${row.ggp_s ?? row.ggp_status} s${row.ratio !== null ? `, ratio ${row.ratio}` : ""}; clingo-wasm alone ${row.wasm_s ?? row.wasm_status} s\n`);
}

// ticTacToe, the issue's small-game yardstick: 10 rounds interleaved, whether or not it is in the list
const tttFile = path.join(BASE, "ticTacToe.kif");
const tttTimes = { ours: [] as number[], ggp: [] as number[], wasm: [] as number[] };
if (existsSync(tttFile))
  for (let r = 0; r < 10; r++)
    for (const which of rotated(COMMANDS, r)) {
      if (which === "ggp" && !haveAnchor) continue;
      const run = which === "ggp" ? ggp(tttFile) : which === "ours" ? ours(tttFile) : ours(tttFile, ["--grounder", "wasm"]);
      if (run.ok) tttTimes[which].push(run.seconds);
    }
const medianAndRange = (a: number[]) => (a.length ? `${median(a).toFixed(3)} s (${Math.min(...a).toFixed(3)}–${Math.max(...a).toFixed(3)})` : "-");

// --help / --version against node -e 0, interleaved
const startup = { node: [] as number[], help: [] as number[], version: [] as number[] };
for (let r = 0; r < 10; r++) {
  startup.node.push(timedRun(process.execPath, ["-e", "0"]).seconds);
  startup.help.push(timedRun(process.execPath, [BIN, "--help"]).seconds);
  startup.version.push(timedRun(process.execPath, [BIN, "--version"]).seconds);
}

// The corpus runner's overhead per game beyond the pipeline (one job, the games that ground)
const grounded = rows.filter((r) => r.ours_status === "ok").map((r) => list.find((f) => path.basename(f, ".kif") === r.game)!);
const work = mkdtempSync(path.join(os.tmpdir(), "gdl-bench-cli-"));
const gamesDir = path.join(work, "games");
let overheadMs: number | null = null;
{
  const { mkdirSync, symlinkSync } = await import("node:fs");
  mkdirSync(gamesDir);
  for (const f of grounded) symlinkSync(path.resolve(f), path.join(gamesDir, path.basename(f)));
  // start-up of the runner itself: one trivial game
  const one = path.join(work, "one");
  mkdirSync(one);
  symlinkSync(path.join(ROOT, "corpus", "valid", "step-counter.kif"), path.join(one, "step-counter.kif"));
  const startRun = timedRun(process.execPath, [BIN, "corpus", one, "--out", path.join(work, "one.csv"), "--jobs", "1", "--no-progress"], 600);
  const oneRows = parseResults(readFileSync(path.join(work, "one.csv"), "utf8")).rows;
  const startup1 = startRun.seconds - oneRows.reduce((s, r) => s + (r.total_s ?? 0), 0);
  const all = timedRun(process.execPath, [BIN, "corpus", gamesDir, "--out", path.join(work, "all.csv"), "--jobs", "1", "--no-progress"], 3600);
  const allRows = parseResults(readFileSync(path.join(work, "all.csv"), "utf8")).rows;
  const pipeline = allRows.reduce((s, r) => s + (r.total_s ?? 0), 0);
  if (allRows.length > 1) overheadMs = ((all.seconds - startup1 - pipeline) / (allRows.length - 1)) * 1000;
}
rmSync(work, { recursive: true, force: true });

// The V8 tier choice on the slowest games that ground
interface TierRow {
  game: string;
  baseline_s: number | null;
  optimizing_s: number | null;
  ratio: number | null;
}
const tierRows: TierRow[] = [];
const groundCsv = path.join(RESULTS, "ground.csv");
if (slowest > 0 && existsSync(groundCsv)) {
  const slow = parseResults(readFileSync(groundCsv, "utf8"))
    .rows.filter((r) => r.status === "ok" && r.total_s !== null)
    .sort((a, b) => b.total_s! - a.total_s!)
    .slice(0, slowest);
  for (const [i, r] of slow.entries()) {
    const file = path.join(BASE, `${r.game}.kif`);
    if (!existsSync(file)) continue;
    const tier = (t: string) => timedRun(process.execPath, [BIN, file, "--propnet", "--grounder", "wasm", "--wasm-tier", t, "--timeout", String(timeoutS)], timeoutS + 60);
    const opt = tier("optimizing");
    const base = tier("baseline");
    const row: TierRow = {
      game: r.game,
      baseline_s: base.ok ? round3(base.seconds) : null,
      optimizing_s: opt.ok ? round3(opt.seconds) : null,
      ratio: base.ok && opt.ok ? round3(base.seconds / opt.seconds) : null,
    };
    tierRows.push(row);
    process.stdout.write(`[tiers ${i + 1}/${slow.length}] ${r.game}: baseline ${row.baseline_s ?? "failed"} s, optimizing ${row.optimizing_s ?? "failed"} s\n`);
  }
}
const loadAfter = os.loadavg();

// Figures
const both = rows.filter((r) => r.ratio !== null);
const faster = both.filter((r) => r.ratio! < 1).length;
const medianRatio = both.length > 0 ? median(both.map((r) => r.ratio!)) : null;
const bothWasm = rows.filter((r) => r.wasm_ratio !== null);
const fasterWasm = bothWasm.filter((r) => r.wasm_ratio! < 1).length;
const medianWasmRatio = bothWasm.length > 0 ? median(bothWasm.map((r) => r.wasm_ratio!)) : null;
const grounders = [...new Set(rows.map((r) => r.ours_grounder).filter((g) => g !== ""))];
const pipelineRatios = rows.filter((r) => r.ours_pipeline_s !== null && r.ggp_s !== null).map((r) => r.ours_pipeline_s! / r.ggp_s!);
const nodeMs = median(startup.node) * 1000;
const helpMs = median(startup.help) * 1000;
const versionMs = median(startup.version) * 1000;

const columns = Object.keys(rows[0] ?? {}) as (keyof GameRow)[];
writeFileAtomic(
  path.join(RESULTS, "cli-speed.csv"),
  stringifyCsv(rows.map((r) => columns.map((c) => r[c] ?? "")), { header: true, columns: columns as string[] }),
);
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(", ");
const md = [
  "# Whole-process speed: `gdl-ground GAME --propnet` against GGP-Base's propnet factory",
  "",
  `Generated by \`npm run bench:cli\` on ${new Date().toISOString().slice(0, 10)}: ${machineLine()}. Load average (1, 5, 15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}.`,
  "",
  `Each figure is a whole process timed from outside, spawn to exit, as a user waits for it: \`node bin/gdl-ground.js GAME --propnet\` (and the same with \`--grounder wasm\`) against \`../shared/anchors/ggp-base/opnf-time GAME\` (OptimizingPropNetFactory in a fresh JVM, \`-Xmx4g\`), interleaved game by game (the order of the three commands turning with the round), ${rounds} rounds (median) where all take under 2 s, else one; limit ${timeoutS} s per run. Games: ${args.list ? "from a list" : positional.length > 0 ? "as given" : `every ${every}th game of ../shared/games/base`} (${rows.length}).`,
  "",
  "## Headline",
  "",
  `- Median ratio ours/GGP-Base, whole process, default command (\`--grounder auto\`), over the ${both.length} games both finish: **${medianRatio === null ? "-" : medianRatio.toFixed(2)}** (${medianRatio === null ? "-" : (1 / medianRatio).toFixed(1)}× faster); ours faster on **${faster} of ${both.length}** (${both.length ? Math.round((100 * faster) / both.length) : 0} %).`,
  `- The same with \`--grounder wasm\` (clingo-wasm alone, what a user without gringo gets), over the ${bothWasm.length} games both finish: median ratio **${medianWasmRatio === null ? "-" : medianWasmRatio.toFixed(2)}**; faster on **${fasterWasm} of ${bothWasm.length}** (${bothWasm.length ? Math.round((100 * fasterWasm) / bothWasm.length) : 0} %).`,
  `- Finished within ${timeoutS} s: ours ${rows.filter((r) => r.ours_status === "ok").length} of ${rows.length} (clingo-wasm alone ${rows.filter((r) => r.wasm_status === "ok").length}), GGP-Base ${rows.filter((r) => r.ggp_status === "ok").length} of ${rows.length}.`,
  `- ticTacToe \`--propnet\`, whole process, 10 rounds interleaved, median (lowest–highest): ${medianAndRange(tttTimes.ours)}; with \`--grounder wasm\` ${medianAndRange(tttTimes.wasm)}; GGP-Base ${medianAndRange(tttTimes.ggp)}.`,
  `- Grounder of the default command: ${nativeOnPath ? `a native gringo is on PATH (${nativeOnPath}), so \`--grounder auto\` grounds with it` : "no native gringo on PATH, so \`--grounder auto\` is clingo-wasm"} (reported by the runs: ${grounders.join(", ") || "-"}).`,
  `- \`--help\` ${helpMs.toFixed(0)} ms, \`--version\` ${versionMs.toFixed(0)} ms, \`node -e 0\` ${nodeMs.toFixed(0)} ms: ${(helpMs / nodeMs).toFixed(2)}× and ${(versionMs / nodeMs).toFixed(2)}× (medians of 10, interleaved).`,
  `- Corpus runner overhead per game beyond the pipeline (\`corpus --jobs 1\` over the games that ground, its wall time less its start-up and the pipeline times it reports): ${overheadMs === null ? "-" : `${overheadMs.toFixed(1)} ms`}.`,
  `- For comparison only, not what a user sees: our pipeline time (parse to propnet, inside the process) over GGP-Base's whole process, median ${pipelineRatios.length ? median(pipelineRatios).toFixed(3) : "-"}.`,
  "",
  "clingo-wasm's start, part by part (Node, our code, the compile, the worker, the grounding): results/wasm-start.md.",
  "",
  ...(tierRows.length > 0
    ? [
        "## V8's tiers for clingo-wasm on the slowest games",
        "",
        `The ${tierRows.length} slowest games that ground in results/ground.csv, whole process \`--propnet\`, one run each, interleaved: \`--wasm-tier baseline\` (Liftoff only) against \`--wasm-tier optimizing\` (V8's own tier-up to TurboFan, the default). Median ratio baseline/optimizing: **${(() => {
          const r = tierRows.filter((t) => t.ratio !== null).map((t) => t.ratio!);
          return r.length ? median(r).toFixed(3) : "-";
        })()}**.`,
        "",
        "| game | baseline s | optimizing s | ratio |",
        "| --- | ---: | ---: | ---: |",
        ...tierRows.map((t) => `| ${t.game} | ${t.baseline_s ?? "failed"} | ${t.optimizing_s ?? "failed"} | ${t.ratio ?? "-"} |`),
        "",
      ]
    : []),
  "## Per game",
  "",
  "| game | ours s | GGP-Base s | ratio | rounds | our components (paper's count) | GGP-Base components | our pipeline s | grounded by | clingo-wasm alone s | ratio |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.game} | ${r.ours_s ?? r.ours_status} | ${r.ggp_s ?? r.ggp_status} | ${r.ratio ?? "-"} | ${r.rounds} | ${r.ours_components ?? "-"} (${r.ours_paper_components ?? "-"}) | ${r.ggp_components ?? "-"} | ${r.ours_pipeline_s ?? "-"} | ${r.ours_grounder || "-"} | ${r.wasm_s ?? r.wasm_status} | ${r.wasm_ratio ?? "-"} |`,
  ),
  "",
].join("\n");
writeFileAtomic(path.join(RESULTS, "cli-speed.md"), md);
process.stdout.write("\n" + md.split("## Per game")[0]);
