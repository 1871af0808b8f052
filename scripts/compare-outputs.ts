/**
 * `npm run compare:outputs -- [DIR] --save FILE | --against FILE [--filter RE] [--jobs N] [--timeout S] [--ground-timeout S] [--memory MiB] [--grounder auto|wasm|native] [--no-unoptimized] [--shape]`
 *
 * Did a change change what the tool outputs? For every .kif game below DIR (default
 * ../shared/games/base), each in a child process with a time limit: a digest of the printed
 * ground game and of the propnet (exact, and a renumbering-invariant shape; also of the
 * unoptimized propnet) with their counts (scripts/compare-outputs/). `--save FILE` writes them
 * (JSON lines, one game a line); `--against FILE` compares this run with a saved one, prints every
 * game that differs and a summary, and exits 1 on any difference (a game that fails alike on both
 * sides, a timeout say, counts as equal and is reported). Both together save this run and compare
 * it. The usual check of a refactoring: `--save before.jsonl` on main, `--against before.jsonl` on
 * the branch. (The npm script compiles first: the children run dist/.)
 */
import os from "node:os";
import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { positiveNumber, regularExpression, wholeNumber } from "../src/cli/option-values.js";
import { resolveOutput, writeOutput } from "../src/output-file.js";
import { GROUNDER_KINDS, type GrounderKind } from "../src/ground/index.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { gamesFolder, machineLine } from "./common.js";
import { compareRuns, formatDigestFile, parseDigestFile, type DigestFile, type DigestRunOptions, type GameComparison } from "./compare-outputs/compare.js";
import { digestFolder, gamesToDigest } from "./compare-outputs/run.js";
import type { GameDigest } from "./compare-outputs/game-digest.js";

const program = new Command("compare-outputs")
  .description("digests of the ground game and the propnet of every game, saved or compared with a saved run")
  .argument("[dir]", "folder of .kif games (default ../shared/games/base)")
  .option("--save <file>", "write this run's digests (JSON lines)")
  .option("--against <file>", "compare this run with saved digests; exit 1 on any difference")
  .option("--filter <regexp>", "only the games whose name matches", regularExpression)
  .option("--jobs <n>", "games at a time", wholeNumber, os.cpus().length)
  .option("--timeout <seconds>", "time limit per game: grounding, builds and digests", positiveNumber, 120)
  .option("--ground-timeout <seconds>", "time limit of the grounding", positiveNumber, 60)
  .option("--memory <MiB>", "JavaScript heap limit of each child process", wholeNumber, 4096)
  .addOption(new Option("--grounder <kind>", "auto: a native gringo when there is one, else clingo-wasm").choices(GROUNDER_KINDS).default("auto"))
  .option("--no-unoptimized", "leave out the unoptimized propnet")
  .option("--shape", "compare propnets by shape and counts, not by their exact export (components numbered differently, or a field added to the export)")
  .showHelpAfterError()
  .parse();

const opts = program.opts<{
  save?: string;
  against?: string;
  filter?: RegExp;
  jobs: number;
  timeout: number;
  groundTimeout: number;
  memory: number;
  grounder: GrounderKind;
  unoptimized: boolean;
  shape?: boolean;
}>();
const propnetComparison = opts.shape ? "shape" : "exact";

function fail(message: string): never {
  process.stderr.write(`compare-outputs: ${message}\n`);
  process.exit(2);
}

if (!opts.save && !opts.against) fail("say what to do: --save FILE, --against FILE, or both");
const dir = gamesFolder(program.args[0]);
if (opts.save) {
  const target = resolveOutput(opts.save);
  if (!target.ok) fail(formatDiagnostic(target.diagnostic));
}
let saved: DigestFile | undefined;
if (opts.against) {
  let text: string;
  try {
    text = readFileSync(opts.against, "utf8");
  } catch (error) {
    fail(`cannot read ${opts.against}: ${(error as Error).message}`);
  }
  const parsed = parseDigestFile(text);
  if ("error" in parsed) fail(`${opts.against}: ${parsed.error}`);
  saved = parsed;
}

/** Progress and verdicts: on stdout, unless the digests go there (`--save -`). */
const report = (text: string) => (opts.save === "-" ? process.stderr : process.stdout).write(text);
const runOptions: DigestRunOptions = { timeoutSeconds: opts.timeout, groundTimeoutSeconds: Math.min(opts.groundTimeout, opts.timeout), unoptimized: opts.unoptimized };
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
const total = gamesToDigest(dir, opts.filter).length;
if (total === 0) fail(`no .kif game below ${dir}${opts.filter ? ` matching ${opts.filter}` : ""}`);
report(
  `compare-outputs: ${total} games of ${dir}, ${opts.jobs} at a time, limit ${runOptions.timeoutSeconds} s per game (grounding ${runOptions.groundTimeoutSeconds} s), grounder ${opts.grounder}; ${machineLine()}; load ${load()}\n`,
);
if (saved) {
  const notes = (Object.keys(runOptions) as (keyof DigestRunOptions)[]).filter((k) => saved.options[k] !== runOptions[k]).map((k) => `${k} ${saved.options[k]} there, ${runOptions[k]} here`);
  if (notes.length > 0) report(`note: ${opts.against} was made with other options: ${notes.join("; ")}\n`);
}

const savedByGame = new Map(saved?.games.map((g) => [g.game, g]));
const width = String(total).length;
const started = performance.now();
const digests = await digestFolder({ ...runOptions, dir, filter: opts.filter, jobs: Math.max(1, opts.jobs), memoryMb: opts.memory, grounder: opts.grounder }, (digest, seconds, done) => {
  const verdict = saved ? ` — ${describe(compareRuns(savedByGame.has(digest.game) ? [savedByGame.get(digest.game)!] : [], [digest], false, propnetComparison)[0])}` : "";
  const status = digest.status === "ok" ? "ok" : `${digest.status} (${digest.detail ?? ""})`;
  report(`[${String(done).padStart(width)}/${total}] ${digest.game}: ${status}, ${seconds.toFixed(1)} s${verdict}\n`);
});
const seconds = (performance.now() - started) / 1000;

function describe(c: GameComparison): string {
  return c.verdict === "differs" ? `DIFFERS: ${c.differences.join("; ")}` : c.verdict === "same" ? "same" : "failed alike on both sides";
}

const failed = digests.filter((d) => d.status !== "ok");
const byStatus = (list: readonly GameDigest[]) =>
  [...new Set(list.map((d) => d.status))].map((s) => `${s}: ${list.filter((d) => d.status === s).map((d) => d.game).join(", ")}`).join("; ");
report(`${digests.length} games in ${seconds.toFixed(0)} s (load ${load()}): ${digests.length - failed.length} ok${failed.length > 0 ? `, ${failed.length} not (${byStatus(failed)})` : ""}\n`);

if (opts.save) {
  const written = writeOutput(opts.save, formatDigestFile({ options: runOptions, games: digests }));
  if (!written.ok) fail(formatDiagnostic(written.diagnostic));
  if (opts.save !== "-") report(`saved: ${opts.save}\n`);
}
if (saved) {
  const comparisons = compareRuns(saved.games, digests, !opts.filter, propnetComparison);
  const differ = comparisons.filter((c) => c.verdict === "differs");
  const alike = comparisons.filter((c) => c.verdict === "both-failed");
  for (const c of differ) report(`differs: ${c.game}: ${c.differences.join("; ")}\n`);
  const alikeList = alike.map((c) => `${c.game} (${savedByGame.get(c.game)?.status})`).join(", ");
  report(
    `against ${opts.against}: ${comparisons.length} games, ${comparisons.length - differ.length - alike.length} same, ${differ.length} differ, ${alike.length} failed alike on both sides (counted as equal)${alike.length > 0 ? `: ${alikeList}` : ""}\n`,
  );
  process.exitCode = differ.length > 0 ? 1 : 0;
}
