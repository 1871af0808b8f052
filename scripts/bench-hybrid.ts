/**
 * `npm run bench:hybrid [-- --seconds S] [GAME...]`
 *
 * Flat Monte-Carlo on the games that do not ground (issue 29): our prover's machine
 * (src/hybrid/prover-machine.ts, `--engine prover`) and the machine a player gets by default
 * (the hybrid machine, src/hybrid/hybrid-machine.ts, where the probe's relations can be lifted;
 * else the prover's, with the relations that can be ground below it ground, src/hybrid/below.ts)
 * against GGP-Base's ProverStateMachine (../shared/anchors/ggp-base/prover-bench),
 * interleaved game by game in one run, the load average noted beside each figure; and chess_200
 * (fully ground, the fast engine) for the target of a tenth of its speed on chess: chess as a player
 * gets it and chess_200, each a `gdl-ground bench` command, in alternation, CHESS_PAIRS pairs, the median of
 * the pairs' ratios (one chess_200 measure at the end of the run against chess's at its start gave
 * 7.7 % in one run and 12.9 % in another: this machine's speed moves by a third within minutes). Writes
 * results/hybrid.md and results/hybrid.csv; the hand-written sections of results/hybrid.md from
 * HANDWRITTEN on (counts and measures of the rounds of work on the prover) are kept as they are.
 *
 * Every side: a warm-up of 2 s, then flat Monte-Carlo for S seconds (default 10), one node per
 * state visited (the initial and terminal states included), goals not evaluated; ours also with
 * the goals asked at the end of each playout (as a Monte-Carlo player asks them), since the
 * hybrid machine asks the prover only for the questions that read a lifted relation.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { wholeNumber } from "../src/cli/option-values.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { createGrounder } from "../src/ground/index.js";
import { loadFile } from "../src/node-pipeline.js";
import { writeFileAtomic } from "../src/output-file.js";
import { playableDescription } from "../src/playable.js";
import type { EngineName, GameStateMachine } from "../src/propnet/machine.js";
import { flatMonteCarlo, measureRepeated, type RunSpeed } from "../src/propnet/bench.js";
import { mulberry32 } from "../src/propnet/search.js";
import { probeGrounding } from "../src/hybrid/probe.js";
import { describeExported } from "../src/hybrid/below.js";
import { median } from "../src/report/stats.js";
import { anchorsFolder, anchorUnavailable } from "../src/verify/anchor-runner.js";
import { RESULTS, ROOT, machineLine } from "./common.js";

const FIVE = ["chess", "alexChess", "slaughter", "sudoku", "laikLee_hex"];
const program = new Command("bench:hybrid")
  .argument("[games...]", `games of ../shared/games/base (default: ${FIVE.join(" ")})`)
  .option("--seconds <s>", "seconds of each measure", wholeNumber, 10)
  .option("--ground-timeout <s>", "seconds of the full grounding before the game is ground with relations lifted", wholeNumber, 20)
  .parse();
const opts = program.opts<{ seconds: number; groundTimeout: number }>();
const games = program.args.length > 0 ? program.args : FIVE;
const BASE = path.resolve(ROOT, "../shared/games/base");

const load = () => os.loadavg()[0].toFixed(1);

interface Row {
  game: string;
  ours: number | null;
  oursLoad: string;
  oursGoals: number | null;
  /** The default machine: the hybrid where the game could be ground with relations lifted. */
  hybrid: number | null;
  hybridLoad: string;
  hybridGoals: number | null;
  /** What the default machine is: the lifted relations, or why there is no hybrid. */
  machine: string;
  ggp: number | null;
  ggpLoad: string;
  note: string;
}

/** GGP-Base's prover: flat Monte-Carlo nodes per second (prover-bench), or why not. */
function proverBench(file: string): number | string {
  const unavailable = anchorUnavailable("prover-trace");
  if (unavailable) return unavailable;
  const run = spawnSync(path.join(anchorsFolder()!, "ggp-base", "prover-bench"), [file, String(opts.seconds)], { encoding: "utf8", timeout: (opts.seconds + 120) * 1000 });
  const m = /flatmc_nodes_per_s=([\d.]+)/.exec(run.stdout ?? "");
  return m ? Number(m[1]) : `prover-bench: exit ${run.status} ${(run.stderr ?? "").split("\n")[0]}`;
}

const created = await createGrounder("auto");
if ("error" in created) throw new Error(created.error);
const grounder = created;

/** Our flat Monte-Carlo nodes per second on `machine` (one playout per run, runs repeated for the measure's time). */
function flatMC(machine: GameStateMachine): number {
  let seed = 1;
  return measureRepeated(() => flatMonteCarlo(machine, 1, seed++), { minTime: opts.seconds, warmup: 2, repeats: 1 }).nodesPerSecond;
}

/** Flat Monte-Carlo nodes per second with every role's goals asked at the end of each playout. */
function flatMCWithGoals(machine: GameStateMachine): number {
  let seed = 1;
  const run = (): RunSpeed => {
    const rng = mulberry32(seed++);
    const started = performance.now();
    let state = machine.initialState();
    let nodes = 1;
    for (let step = 0; step < 100_000 && !machine.isTerminal(state); step++, nodes++) {
      const joint = machine.roles.map((_, r) => {
        const legal = machine.legalMoves(state, r);
        return legal[Math.floor(rng() * legal.length)];
      });
      if (joint.some((m) => m === undefined)) break;
      state = machine.nextState(state, joint);
    }
    machine.goals(state);
    return { nodes, seconds: (performance.now() - started) / 1000 };
  };
  return measureRepeated(run, { minTime: opts.seconds, warmup: 2, repeats: 1 }).nodesPerSecond;
}

/** The machine a player gets for `file` with `engine`, or why there is none. */
async function machineOf(file: string, engine: EngineName, timeoutSeconds: number): Promise<{ machine: GameStateMachine; lifted?: string; below?: string; why?: string } | string> {
  const playable = await playableDescription(loadFile(file), { grounder, timeoutSeconds, engine, keepGroundGame: false, tooLarge: "partial", probe: probeGrounding });
  if (!("game" in playable)) return playable.diagnostics.map(formatDiagnostic).join("; ");
  const partial = playable.game.partial;
  const lifted = partial?.lifted?.map((r) => `${r.relation}/${r.arity} (${r.atoms.length})`).join(", ");
  const below = partial?.below ? `${describeExported(partial.below.exported)} (${partial.below.atoms}) ground below the prover` : undefined;
  return { machine: playable.game.machine, ...(lifted ? { lifted } : {}), ...(below ? { below } : {}), ...(partial?.liftingFailed ? { why: partial.liftingFailed } : {}) };
}

const rows: Row[] = [];
for (const game of games) {
  const file = path.join(BASE, `${game}.kif`);
  const ggpLoad = load();
  const ggp = proverBench(file);
  const onProver = await machineOf(file, "prover", 60);
  const oursLoad = load();
  const mine = typeof onProver === "string" ? onProver : flatMC(onProver.machine);
  const oursGoals = typeof onProver === "string" ? null : flatMCWithGoals(onProver.machine);
  const byDefault = await machineOf(file, "fast", opts.groundTimeout);
  const hybridLoad = load();
  // the machine a player gets, where it is not the prover's alone: the hybrid, or the prover's with relations ground below it
  const isHybrid = typeof byDefault !== "string" && (byDefault.machine.engine === "hybrid" || byDefault.below !== undefined);
  const hybrid = isHybrid ? flatMC(byDefault.machine) : null;
  const hybridGoals = isHybrid ? flatMCWithGoals(byDefault.machine) : null;
  const machine = typeof byDefault === "string" ? byDefault : (byDefault.lifted ?? byDefault.below ?? `on the prover${byDefault.why ? `: ${byDefault.why}` : ""}`);
  const note = [typeof ggp === "string" ? ggp : "", typeof mine === "string" ? mine : ""].filter((s) => s !== "").join("; ");
  rows.push({ game, ours: typeof mine === "number" ? mine : null, oursLoad, oursGoals, hybrid, hybridLoad, hybridGoals, machine, ggp: typeof ggp === "number" ? ggp : null, ggpLoad, note });
  process.stderr.write(`${game}: ours ${typeof mine === "number" ? mine.toFixed(1) : mine} (load ${oursLoad}), hybrid ${hybrid?.toFixed(1) ?? "–"} (load ${hybridLoad}; ${machine}), GGP-Base's prover ${typeof ggp === "number" ? ggp.toFixed(1) : ggp} (load ${ggpLoad})\n`);
}
/** Flat Monte-Carlo nodes per second of `gdl-ground bench` in a process of its own (as a user runs it), or why not. */
function benchCommand(file: string, engine: EngineName, seconds: number): number | string {
  const args = [path.join(ROOT, "bin", "gdl-ground.js"), "bench", file, "--engine", engine, "--playouts", "1", "--min-time", String(seconds), "--warmup", "2", "--repeats", "1", "--json"];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: (seconds + 180) * 1000 });
  try {
    return (JSON.parse(run.stdout) as { flatMonteCarlo: { nodesPerSecond: number } }).flatMonteCarlo.nodesPerSecond;
  } catch {
    return `bench ${path.basename(file)}: exit ${run.status} ${(run.stderr ?? "").split("\n")[0]}`;
  }
}

/** Pairs of measures of chess on the prover and chess_200 on the fast engine, alternated, for the tenth; seconds of each. */
const CHESS_PAIRS = 5;
const PAIR_SECONDS = Math.max(2, opts.seconds / 2);

/**
 * chess on the prover against chess_200 fully ground, each a `bench` command of its own, in alternation (the first of
 * each pair alternates), or why not. Processes of their own: in this one, after the five games' machines were made,
 * chess on the prover ran at about half its speed in a process of its own.
 */
function tenthPairs(): { chess: number[]; chess200: number[]; loads: string[] } | string {
  if (!games.includes("chess")) return "not measured";
  const pairs = { chess: [] as number[], chess200: [] as number[], loads: [] as string[] };
  const sides = [
    // chess as a player gets it: the full grounding tried first (its load is not measured), then the prover's machine with legal2 below it
    { file: path.join(BASE, "chess.kif"), engine: "fast" as const, speeds: pairs.chess },
    { file: path.join(BASE, "chess_200.kif"), engine: "fast" as const, speeds: pairs.chess200 },
  ];
  for (let p = 0; p < CHESS_PAIRS; p++) {
    pairs.loads.push(load());
    for (const side of p % 2 === 0 ? sides : [...sides].reverse()) {
      const speed = benchCommand(side.file, side.engine, PAIR_SECONDS);
      if (typeof speed === "string") return speed;
      side.speeds.push(speed);
    }
  }
  return pairs;
}
const tenth = tenthPairs();
await grounder.close();

/** The tenth's line: the pairs, their ratios and the median ratio against the target. */
function tenthLine(): string {
  if (typeof tenth === "string") return `chess_200: ${tenth}`;
  const ratios = tenth.chess.map((c, i) => c / tenth.chess200[i]);
  const middle = median(ratios)!;
  const each = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
  return [
    `chess as a player gets it (on the prover, what grounds below it ground) against chess_200 (fully ground, the fast engine): \`gdl-ground bench\` commands in alternation, ${CHESS_PAIRS} pairs, ${PAIR_SECONDS} s each after 2 s of warm-up`,
    `(loads ${tenth.loads.join(", ")}): chess ${each(tenth.chess)} nodes/s, chess_200 ${each(tenth.chess200)} nodes/s; chess reaches`,
    `${ratios.map((r) => (100 * r).toFixed(2)).join(", ")} % of it, median ${(100 * middle).toFixed(2)} % (target: 10 %, ${middle >= 0.1 ? "met" : "missed"}).`,
  ].join("\n");
}

/** The heading from which results/hybrid.md is written by hand (kept when the tables are measured again). */
const HANDWRITTEN = "## Rounds of work on the prover";

/** The hand-written part of the results file (from HANDWRITTEN on), or nothing. */
function handwritten(file: string): string {
  if (!existsSync(file)) return "";
  const text = readFileSync(file, "utf8");
  const at = text.indexOf(`\n${HANDWRITTEN}\n`);
  return at < 0 ? "" : text.slice(at);
}

const ratio = (r: Row) => (r.ours !== null && r.ggp !== null ? r.ours / r.ggp : null);
const over = (a: number | null, b: number | null) => (a !== null && b !== null ? a / b : null);
const fmt = (x: number | null, digits = 1) => (x === null ? "–" : x.toFixed(digits));
const lines = [
  "# Games that do not ground: on the prover, and on the hybrid machine (issue 29)",
  "",
  `\`npm run bench:hybrid\`, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machineLine()}.`,
  `Flat Monte-Carlo, nodes (states visited) per second after 2 s of warm-up, ${opts.seconds} s per measure;`,
  "ours: the prover's machine over P^base (`--engine prover`); GGP-Base: its ProverStateMachine (prover-bench,",
  "a fresh JVM). The two are run one after the other for each game; the load average (1 min) is noted beside each figure.",
  "",
  "## On the prover",
  "",
  "| game | ours (nodes/s) | load | GGP-Base's prover (nodes/s) | load | ours / GGP-Base | target 3× |",
  "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map((r) => `| ${r.game} | ${fmt(r.ours)} | ${r.oursLoad} | ${fmt(r.ggp)} | ${r.ggpLoad} | ${fmt(ratio(r), 2)} | ${ratio(r) === null ? "–" : ratio(r)! >= 3 ? "met" : "missed"} |`),
  "",
  tenthLine(),
  "",
  "## On the machine a player gets: the hybrid, or the prover with what grounds below it",
  "",
  `The machine a player gets (\`loadGame\`, \`play\`): the full grounding gets ${opts.groundTimeout} s, the probe (gringo --text) names what`,
  "explodes. Where nothing can be lifted, the game is played on the prover with the relations that read no exploding",
  "relation and that a rule above enumerates ground below it (src/hybrid/below.ts: chess's legal2), read by the prover per",
  "state as fluents. Else the relations above it with small domains are lifted (src/hybrid/lifting.ts), the rest is ground and played on the",
  "fast engine, the lifted atoms asked of the prover per state, only for the questions that read them (where the terminal",
  "check reads them and the legal moves and successors do not, as laikLee_hex's `line`, the terminal check and the goals are",
  "asked of the prover itself, as the prover's machine asks them). *with goals*: the same",
  "flat Monte-Carlo with every role's goals asked at the end of each playout (ours on the prover too), through the",
  "allocating interface (`legalMoves`, `nextState`).",
  "",
  "| game | lifted or ground below (atoms), or why not | that machine (nodes/s) | load | it / prover | it / GGP-Base | with goals: it | with goals: prover | it / prover |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map((r) => `| ${r.game} | ${r.machine.replace(/\|/g, "\\|")} | ${fmt(r.hybrid)} | ${r.hybrid === null ? "–" : r.hybridLoad} | ${fmt(over(r.hybrid, r.ours), 2)} | ${fmt(over(r.hybrid, r.ggp), 2)} | ${fmt(r.hybridGoals)} | ${fmt(r.oursGoals)} | ${fmt(over(r.hybridGoals, r.oursGoals), 2)} |`),
  ...(rows.some((r) => r.note !== "") ? ["", "Notes:", ...rows.filter((r) => r.note !== "").map((r) => `- ${r.game}: ${r.note}`)] : []),
  "",
];
writeFileAtomic(path.join(RESULTS, "hybrid.md"), lines.join("\n") + handwritten(path.join(RESULTS, "hybrid.md")));
writeFileAtomic(
  path.join(RESULTS, "hybrid.csv"),
  [
    "game,ours_nodes_per_s,ours_load,ggp_nodes_per_s,ggp_load,hybrid_nodes_per_s,hybrid_load,hybrid_goals_nodes_per_s,ours_goals_nodes_per_s",
    ...rows.map((r) => `${r.game},${fmt(r.ours)},${r.oursLoad},${fmt(r.ggp)},${r.ggpLoad},${fmt(r.hybrid)},${r.hybridLoad},${fmt(r.hybridGoals)},${fmt(r.oursGoals)}`),
  ].join("\n") + "\n",
);
process.stdout.write(lines.join("\n"));
