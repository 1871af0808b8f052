/**
 * `npm run verify:gdl2 [-- DIR] [--playouts N] [--anchor-playouts N] [--seed S]`
 *
 * The GDL-II table (results/gdl2.md, results/gdl2.csv): for every game of a folder (default
 * ../shared/games/gdl2), whether it is valid GDL (and its error when not), its propnet (the
 * paper's and our component counts, sees propositions per role), our agreement with the prover
 * (verify: seeded random playouts on the propnet, percepts included, both engines and both
 * evaluations) and with the Dresden GameController's own prover in GDL-II mode (gc-trace, an
 * independent reasoner: seeded playouts of its own, replayed through both engines). The games are
 * small: everything runs in this process, one game after another.
 */
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { wholeNumber } from "../src/cli/option-values.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { createGrounder } from "../src/ground/index.js";
import { loadFile } from "../src/node-pipeline.js";
import { writeFileAtomic } from "../src/output-file.js";
import { ENGINE_NAMES } from "../src/propnet/machine.js";
import { playableDescription } from "../src/playable.js";
import { anchorUnavailable, runAnchorTrace } from "../src/verify/anchor-runner.js";
import { describeTraceMismatch, replayAnchorTrace } from "../src/verify/anchor-trace.js";
import { propnetKifReasoner } from "../src/verify/reasoners.js";
import { verifyGame } from "../src/verify/verify-game.js";
import { RESULTS, ROOT, machineLine } from "./common.js";

const program = new Command("verify:gdl2")
  .argument("[dir]", "folder of GDL-II games (default ../shared/games/gdl2)")
  .option("--playouts <n>", "verify's random playouts per game", wholeNumber, 5)
  .option("--anchor-playouts <n>", "gc-trace's random playouts per game", wholeNumber, 2)
  .option("--seed <n>", "seed of the first playout", wholeNumber, 1)
  .parse();
const opts = program.opts<{ playouts: number; anchorPlayouts: number; seed: number }>();
const dir = path.resolve(program.args[0] ?? path.join(ROOT, "../shared/games/gdl2"));

interface Row {
  game: string;
  valid: string;
  roles: string;
  clauses: number | null;
  paperComponents: number | null;
  components: number | null;
  sees: string;
  prover: string;
  dresden: string;
}

const grounder = await createGrounder("auto");
if ("error" in grounder) throw new Error(grounder.error);
const anchor = anchorUnavailable("gc-trace");
const rows: Row[] = [];
const started = performance.now();
const load = [os.loadavg()[0]];
try {
  for (const name of readdirSync(dir).filter((f) => /\.(gdl|kif)$/i.test(f)).sort()) {
    const file = path.join(dir, name);
    const loaded = loadFile(file);
    const row: Row = { game: name, valid: "yes", roles: "", clauses: null, paperComponents: null, components: null, sees: "", prover: "", dresden: "" };
    rows.push(row);
    const error = loaded.diagnostics.find((d) => d.severity === "error");
    if (!loaded.description) {
      row.valid = `no: ${error ? formatDiagnostic(error).split("\n")[0].replace(`${file}:`, "") : "unreadable"}`;
      process.stdout.write(`${name}: not valid\n`);
      continue;
    }
    const playables = [];
    for (const engine of ENGINE_NAMES) {
      const playable = await playableDescription(loaded, { grounder, timeoutSeconds: 60, engine });
      if (!("game" in playable)) {
        const first = playable.diagnostics.find((d) => d.severity === "error");
        const said = first ? formatDiagnostic(first).split("\n")[0].replace(`${file}:`, "") : playable.status;
        row.valid = playable.status === "invalid" ? `no (after grounding): ${said}` : `grounding failed: ${said}`;
        process.stdout.write(`${name}: ${row.valid}\n`);
        break;
      }
      playables.push(playable.game);
    }
    if (playables.length < ENGINE_NAMES.length) continue;
    const { propnet, machine } = playables[0];
    row.roles = propnet.roles.map((r) => (r === machine.randomRole ? `${r} (chance)` : r)).join(", ");
    row.clauses = playables[0].result.game?.clauses.length ?? null;
    row.paperComponents = propnet.stats.paperComponents;
    row.components = propnet.stats.optimizedComponents;
    row.sees = propnet.roles.map((r, i) => `${r} ${propnet.sees.filter((x) => x.role === i).length}`).join(", ");
    const verdict = await verifyGame(file, name, { grounder, playouts: opts.playouts, seed: opts.seed });
    row.prover = `${verdict.status} (${verdict.playouts} playouts, ${verdict.steps} states)${verdict.status === "agree" ? "" : `: ${verdict.detail}`}`;
    if (anchor) row.dresden = `not run: ${anchor}`;
    else {
      const trace = runAnchorTrace("gc-trace", file, { playouts: opts.anchorPlayouts, seed: opts.seed, timeoutSeconds: 300 });
      if ("error" in trace && !("playouts" in trace)) row.dresden = `anchor failed: ${trace.error}`;
      else {
        const verdicts = playables.map((p) => replayAnchorTrace(trace, propnetKifReasoner(p.machine)));
        const bad = verdicts.find((v) => "mismatch" in v);
        const agreed = verdicts[0];
        row.dresden =
          bad && "mismatch" in bad
            ? `disagree: ${describeTraceMismatch(bad.mismatch)}`
            : "agreed" in agreed
              ? `agree (${agreed.agreed.playouts} playouts, ${agreed.agreed.steps} states, percepts at ${agreed.agreed.perceptSteps} steps)${trace.error ? `; the anchor stopped: ${trace.error}` : ""}`
              : "";
      }
    }
    load.push(os.loadavg()[0]);
    process.stdout.write(`${name}: ${row.prover}; Dresden: ${row.dresden}\n`);
  }
} finally {
  await grounder.close();
}

const cell = (x: string | number | null) => (x === null ? "–" : String(x).replace(/\|/g, "\\|"));
const lines = [
  "# GDL-II: the games of ../shared/games/gdl2",
  "",
  `Made ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run verify:gdl2\` (scripts/gdl2.ts) on ${machineLine()}, ` +
    `load ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}, in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  "",
  `- **prover**: \`verify\` (src/verify/): ${opts.playouts} seeded random playouts (seeds ${opts.seed}…) on the propnet state machine, compared step by step with the prover (states, legal moves, terminal, goals, and every role's percepts of every joint move), the fast engine against the reference engine and the full against the differential evaluation on the same playouts.`,
  `- **Dresden**: ../shared/anchors/dresden-gc/gc-trace (the Dresden GameController's own prover in GDL-II mode, an independent reasoner) plays ${opts.anchorPlayouts} seeded random playouts of its own (at most 40 joint moves each); both our engines replay them and must give the same state, legal moves, terminal flag, goals and percepts at every step.`,
  "- **sees**: sees propositions of the optimized propnet, per role; components: the paper's count (no optimization) → ours.",
  "",
  "| game | valid | roles | ground clauses | components | sees propositions | prover | Dresden GameController |",
  "| --- | --- | --- | ---: | ---: | --- | --- | --- |",
  ...rows.map((r) =>
    `| ${cell(r.game)} | ${cell(r.valid)} | ${cell(r.roles)} | ${cell(r.clauses)} | ${r.components === null ? "–" : `${r.paperComponents} → ${r.components}`} | ${cell(r.sees)} | ${cell(r.prover)} | ${cell(r.dresden)} |`,
  ),
  "",
];
writeFileAtomic(path.join(RESULTS, "gdl2.md"), lines.join("\n"));
const csv = ["game,valid,roles,ground_clauses,components_paper,components_optimized,sees,prover,dresden"];
const q = (x: string | number | null) => (x === null ? "" : /[",\n]/.test(String(x)) ? `"${String(x).replace(/"/g, '""')}"` : String(x));
for (const r of rows) csv.push([r.game, r.valid, r.roles, r.clauses, r.paperComponents, r.components, r.sees, r.prover, r.dresden].map(q).join(","));
writeFileAtomic(path.join(RESULTS, "gdl2.csv"), csv.join("\n") + "\n");
process.stdout.write(`results: results/gdl2.md, results/gdl2.csv\n`);
