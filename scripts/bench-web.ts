/**
 * `npm run bench:web [-- DIR] [--rounds N] [--games a,b,c]`
 *
 * Speed of the playground page against the CLI on the same machine: each game is grounded
 * to a propnet (parse, check, translate, ground, extract, propnet) by
 *   - the page, in Debian's Chromium through the browser test's harness (scripts/web-harness.ts;
 *     the page's pipeline worker with clingo-wasm in a nested Web Worker, warmed up at load);
 *   - the CLI, `gdl-ground GAME --propnet --json` in a fresh process (its printed total, which
 *     includes starting its clingo worker);
 *   - the same library pipeline in this Node process with a warm grounder (the stricter match
 *     for the page's warm worker).
 * Rounds are interleaved (page, CLI, Node for every game, then again) so that the load of a
 * shared machine falls on all three alike; medians are reported. Games are read at run time
 * from DIR (default ../shared/games/base), never copied into the repository.
 * Writes results/web/speed.md and results/web/speed.json.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createGrounder } from "../src/ground/index.js";
import { writeFileAtomic } from "../src/output-file.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { totalSeconds as sum, type PhaseTimes } from "../src/phases.js";
import { gamesFolder, machineLine, RESULTS, ROOT } from "./common.js";
import { findChromium, groundInPage, openPlayground } from "./web-harness.js";
import { scriptArgs } from "./script-args.js";

const DEFAULT_GAMES = ["connectFour", "breakthrough", "racer4"];

interface Sample {
  readonly total: number;
  readonly times: PhaseTimes;
  readonly components?: number;
  readonly wall?: number;
}

const args = scriptArgs("bench:web", "usage: npm run bench:web [-- DIR] [--rounds N] [--games a,b,c]\n", { rounds: "string", games: "string" }, 1);

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<number> {
  const dir = gamesFolder(args.positionals[0]);
  const rounds = args.positive("rounds", 3);
  const games = args.list("games", DEFAULT_GAMES).map((g) => ({ name: g, file: path.join(dir, `${g}.kif`) }));
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    process.stderr.write("bench:web needs Chromium (apt-get install chromium, or CHROMIUM_PATH)\n");
    return 2;
  }
  const texts = new Map(games.map((g) => [g.name, readFileSync(g.file, "utf8")]));
  const load = [loadavg()[0]];
  const session = await openPlayground(chromiumPath);
  const grounder = await createGrounder("wasm");
  if ("error" in grounder) throw new Error(grounder.error);
  await grounder.warmUp();
  const samples: Record<string, { page: Sample[]; cli: Sample[]; node: Sample[] }> = {};
  const cli = promisify(execFile);
  try {
    // one small game first, so that every side has its code compiled and its clingo warm
    const warm = readFileSync(path.join(ROOT, "corpus/valid/tictactoe.kif"), "utf8");
    await groundInPage(session.page, warm, "tictactoe.kif");
    await groundAndBuild(loadText(warm, "tictactoe.kif"), { grounder, timeoutSeconds: 60 });
    for (let round = 1; round <= rounds; round++) {
      for (const game of games) {
        const text = texts.get(game.name)!;
        const s = (samples[game.name] ??= { page: [], cli: [], node: [] });

        const page = await groundInPage(session.page, text, `${game.name}.kif`);
        if (page.report.status !== "ok") throw new Error(`${game.name} in the page: ${page.report.status}`);
        s.page.push({ total: page.report.totalSeconds, times: page.report.times, components: page.report.propnet?.optimizedComponents, wall: page.wallSeconds });

        const { stdout } = await cli(process.execPath, [path.join(ROOT, "bin/gdl-ground.js"), game.file, "--propnet", "--json"], { maxBuffer: 1 << 26 });
        const report = JSON.parse(stdout) as { status: string; seconds: PhaseTimes & { total: number }; propnet: { optimizedComponents: number } };
        if (report.status !== "ok") throw new Error(`${game.name} in the CLI: ${report.status}`);
        s.cli.push({ total: report.seconds.total, times: report.seconds, components: report.propnet.optimizedComponents });

        const started = performance.now();
        const result = await groundAndBuild(loadText(text, `${game.name}.kif`), { grounder, timeoutSeconds: 120 });
        if (!result.propnet) throw new Error(`${game.name} in Node: ${result.status}`);
        s.node.push({ total: sum(result.times), times: result.times, components: result.propnet.stats.optimizedComponents, wall: (performance.now() - started) / 1000 });

        process.stderr.write(
          `round ${round} ${game.name}: page ${page.report.totalSeconds.toFixed(3)} s (wall ${page.wallSeconds.toFixed(3)}), CLI ${report.seconds.total.toFixed(3)} s, Node ${sum(result.times).toFixed(3)} s; load ${loadavg()[0].toFixed(1)}\n`,
        );
        load.push(loadavg()[0]);
      }
    }
  } finally {
    await grounder.close();
    await session.close();
  }

  const f = (x: number) => x.toFixed(3);
  const lines = [
    "# The playground page's speed against the CLI",
    "",
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:web\` (scripts/bench-web.ts) on ${machineLine()}, ` +
      `Chromium ${session.browser.browser()?.version() ?? "(headless)"}; ${rounds} interleaved rounds, medians. ` +
      `The machine is shared with other work: 1-minute load average ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)} on ${cpus().length} cores during the run.`,
    "",
    "Pipeline time = parse + check + translate + ground + extract + propnet, in seconds, as the CLI prints it (`total`).",
    "`page` is measured inside the page's pipeline worker; `page wall` is from the Ground call to the report on the page",
    "(adds messaging, the state machine compile and drawing). `CLI` is `gdl-ground GAME --propnet --json` in a fresh",
    "process (its ground time includes starting clingo's worker); `Node warm` is the same pipeline in one Node process with",
    "a warm clingo worker, which is what the page has. The target is page ≤ 1.5 × CLI.",
    "",
    "| game | components | page | page wall | CLI | Node warm | page / CLI | page / Node warm | page ground, extract, propnet | Node warm ground, extract, propnet |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
  ];
  for (const game of games) {
    const s = samples[game.name];
    const page = median(s.page.map((x) => x.total));
    const wall = median(s.page.map((x) => x.wall!));
    const c = median(s.cli.map((x) => x.total));
    const n = median(s.node.map((x) => x.total));
    const phases = (xs: Sample[]) => (["ground", "extract", "propnet"] as const).map((p) => f(median(xs.map((x) => x.times[p] ?? 0)))).join(", ");
    const comps = new Set([...s.page, ...s.cli, ...s.node].map((x) => x.components));
    lines.push(
      `| ${game.name} | ${[...comps].join(" / ")} | ${f(page)} | ${f(wall)} | ${f(c)} | ${f(n)} | ${(page / c).toFixed(2)}× | ${(page / n).toFixed(2)}× | ${phases(s.page)} | ${phases(s.node)} |`,
    );
  }
  lines.push("", "Every run: results/web/speed.json.", "");
  writeFileAtomic(path.join(RESULTS, "web", "speed.md"), lines.join("\n"));
  writeFileAtomic(path.join(RESULTS, "web", "speed.json"), JSON.stringify({ machine: machineLine(), rounds, load, samples }, null, 1) + "\n");
  process.stdout.write(lines.join("\n"));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (e) => {
    process.stderr.write(`bench:web: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
