/**
 * `npm run bench:hybrid [-- --seconds S] [GAME...]`
 *
 * Flat Monte-Carlo on the games that do not ground (issue 29): our prover's machine
 * (src/hybrid/prover-machine.ts, `--engine prover`) against GGP-Base's ProverStateMachine
 * (../shared/anchors/ggp-base/prover-bench), interleaved game by game in one run, the load
 * average noted beside each figure; and chess_200 (fully ground, the fast engine) for the
 * target of a tenth of its speed on chess. Writes results/hybrid.md and results/hybrid.csv.
 *
 * Both sides: a warm-up of 2 s, then flat Monte-Carlo for S seconds (default 10), one node per
 * state visited (the initial and terminal states included), goals not evaluated.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { wholeNumber } from "../src/cli/option-values.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { createGrounder } from "../src/ground/index.js";
import { loadFile } from "../src/node-pipeline.js";
import { writeFileAtomic } from "../src/output-file.js";
import { playableDescription } from "../src/pipeline.js";
import type { EngineName } from "../src/propnet/machine.js";
import { flatMonteCarlo, measureRepeated } from "../src/propnet/bench.js";
import { anchorsFolder, anchorUnavailable } from "../src/verify/anchor-runner.js";
import { RESULTS, ROOT, machineLine } from "./common.js";

const FIVE = ["chess", "alexChess", "slaughter", "sudoku", "laikLee_hex"];
const program = new Command("bench:hybrid")
  .argument("[games...]", `games of ../shared/games/base (default: ${FIVE.join(" ")})`)
  .option("--seconds <s>", "seconds of each measure", wholeNumber, 10)
  .parse();
const opts = program.opts<{ seconds: number }>();
const games = program.args.length > 0 ? program.args : FIVE;
const BASE = path.resolve(ROOT, "../shared/games/base");

const load = () => os.loadavg()[0].toFixed(1);

interface Row {
  game: string;
  ours: number | null;
  oursLoad: string;
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

/** Our flat Monte-Carlo nodes per second with `engine` (one playout per run, runs repeated for the measure's time). */
async function ours(file: string, engine: EngineName): Promise<number | string> {
  const playable = await playableDescription(loadFile(file), { grounder, timeoutSeconds: 60, engine, keepGroundGame: false });
  if (!("game" in playable)) return playable.diagnostics.map(formatDiagnostic).join("; ");
  let seed = 1;
  const speed = measureRepeated(() => flatMonteCarlo(playable.game.machine, 1, seed++), { minTime: opts.seconds, warmup: 2, repeats: 1 });
  return speed.nodesPerSecond;
}

const rows: Row[] = [];
for (const game of games) {
  const file = path.join(BASE, `${game}.kif`);
  const ggpLoad = load();
  const ggp = proverBench(file);
  const oursLoad = load();
  const mine = await ours(file, "prover");
  const note = [typeof ggp === "string" ? ggp : "", typeof mine === "string" ? mine : ""].filter((s) => s !== "").join("; ");
  rows.push({ game, ours: typeof mine === "number" ? mine : null, oursLoad, ggp: typeof ggp === "number" ? ggp : null, ggpLoad, note });
  process.stderr.write(`${game}: ours ${typeof mine === "number" ? mine.toFixed(1) : mine} (load ${oursLoad}), GGP-Base's prover ${typeof ggp === "number" ? ggp.toFixed(1) : ggp} (load ${ggpLoad})\n`);
}
const groundLoad = load();
const chess200 = games.includes("chess") ? await ours(path.join(BASE, "chess_200.kif"), "fast") : "not measured";
await grounder.close();

const ratio = (r: Row) => (r.ours !== null && r.ggp !== null ? r.ours / r.ggp : null);
const fmt = (x: number | null, digits = 1) => (x === null ? "–" : x.toFixed(digits));
const chessRow = rows.find((r) => r.game === "chess");
const lines = [
  "# Games that do not ground, played on the prover (issue 29)",
  "",
  `\`npm run bench:hybrid\`, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machineLine()}.`,
  `Flat Monte-Carlo, nodes (states visited) per second after 2 s of warm-up, ${opts.seconds} s per measure;`,
  "ours: the prover's machine over P^base (`--engine prover`); GGP-Base: its ProverStateMachine (prover-bench,",
  "a fresh JVM). The two are run one after the other for each game; the load average (1 min) is noted beside each figure.",
  "",
  "| game | ours (nodes/s) | load | GGP-Base's prover (nodes/s) | load | ours / GGP-Base | target 3× |",
  "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map((r) => `| ${r.game} | ${fmt(r.ours)} | ${r.oursLoad} | ${fmt(r.ggp)} | ${r.ggpLoad} | ${fmt(ratio(r), 2)} | ${ratio(r) === null ? "–" : ratio(r)! >= 3 ? "met" : "missed"} |`),
  "",
  typeof chess200 === "number" && chessRow?.ours != null
    ? `chess_200 (fully ground, the fast engine): ${chess200.toFixed(0)} nodes/s (load ${groundLoad}); chess on the prover reaches ${((chessRow.ours / chess200) * 100).toFixed(2)} % of it (target: 10 %, ${chessRow.ours / chess200 >= 0.1 ? "met" : "missed"}).`
    : `chess_200: ${chess200}`,
  ...(rows.some((r) => r.note !== "") ? ["", "Notes:", ...rows.filter((r) => r.note !== "").map((r) => `- ${r.game}: ${r.note}`)] : []),
  "",
];
writeFileAtomic(path.join(RESULTS, "hybrid.md"), lines.join("\n"));
writeFileAtomic(
  path.join(RESULTS, "hybrid.csv"),
  ["game,ours_nodes_per_s,ours_load,ggp_nodes_per_s,ggp_load", ...rows.map((r) => `${r.game},${fmt(r.ours)},${r.oursLoad},${fmt(r.ggp)},${r.ggpLoad}`)].join("\n") + "\n",
);
process.stdout.write(lines.join("\n"));
