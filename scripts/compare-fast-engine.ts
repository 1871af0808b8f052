/**
 * `npm run compare:fast -- --old MODULE [DIR] [--largest N] [--others N] [--filter RE]`
 * `npm run compare:fast -- --write-fixture FILE [--module MODULE]`
 *
 * The same fast engine machine from two builds: MODULE is another build's module exporting
 * `FastStateMachine` (e.g. a checkout of main compiled with `npm run build`:
 * OLD/dist/src/propnet/fast-machine.js, or fast/machine.js after the split). Every game is
 * grounded and built once, by this build; both builds' machines are compiled from that one
 * propnet under each option set of OPTION_SETS, and every typed array, scalar and stat of the
 * two is compared (scripts/fast-engine-snapshot.ts), then again after the same flat Monte-Carlo
 * playouts and perft on both (the legal sets' order depends on a machine's history). Games: the
 * N largest of results/ground.csv (optimized components) and N others spread over the rest.
 * Prints each difference, a summary, and exits 1 when any.
 *
 * `--write-fixture` writes the digest (a hash per array) of the machines of a few corpus/ games
 * under FIXTURE_OPTION_SETS, built by MODULE (default: this build), for test/fast-machine.test.ts.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadavg } from "node:os";
import { parse as parseCsv } from "csv-parse/sync";
import { Command } from "commander";
import { groundAndBuild } from "../src/pipeline.js";
import { loadFile } from "../src/node-pipeline.js";
import { createGrounder, type ClosableGrounder, type GrounderKind } from "../src/ground/index.js";
import type { Propnet } from "../src/propnet/propnet.js";
import type { FastCompileOptions } from "../src/propnet/fast/options.js";
import { FastStateMachine } from "../src/propnet/fast/machine.js";
import { fastEngineFallbackReason } from "../src/propnet/compile-machine.js";
import { mulberry32 } from "../src/propnet/search.js";
import { writeFileAtomic } from "../src/output-file.js";
import { RESULTS, ROOT, gamesFolder } from "./common.js";
import { digestFields, fieldDifferences, machineFields, type FieldValue } from "./fast-engine-snapshot.js";

/** What a build's module must export. */
interface EngineModule {
  readonly FastStateMachine: new (p: Propnet, options?: FastCompileOptions) => FastStateMachine;
}

/** Every pass turned off or forced once, and together. */
export const OPTION_SETS: readonly FastCompileOptions[] = [
  {},
  { guards: "none" },
  { guards: "all" },
  { complementMoves: false },
  { deMorgan: false },
  { flatten: false },
  { clearMoves: true, restore: true },
  { clearMoves: false, restore: false },
  { guards: "all", complementMoves: false, deMorgan: false, flatten: false, clearMoves: true, restore: false },
];

/**
 * The fixture's games (corpus/valid) and option sets: tictactoe has guards, silent gates and De
 * Morgan; distinct complemented ORs; recursion flattened chains; fixed-fluents 289 guarded gates.
 */
export const FIXTURE_GAMES: readonly string[] = ["tictactoe.kif", "simultaneous.kif", "distinct.kif", "recursion.kif", "fixed-fluents.kif"];
export const FIXTURE_OPTION_SETS: readonly FastCompileOptions[] = [{}, { guards: "none" }, { guards: "all" }, { complementMoves: false, deMorgan: false, flatten: false, clearMoves: true, restore: true }];

/** The machine after its compile, and after flat MC playouts and perft run on it; the nodes they counted. */
export function exercise(machine: FastStateMachine, perftDepth: number): { compiled: Map<string, FieldValue>; played: Map<string, FieldValue>; nodes: number[]; stats: string } {
  const compiled = machineFields(machine);
  const stats = JSON.stringify(machine.stats);
  // copies: the arrays of `compiled` change as the machine plays
  for (const [name, value] of compiled) if (typeof value !== "string") compiled.set(name, (value as unknown as Int32Array).slice());
  const nodes = [machine.randomPlayoutNodes(3, mulberry32(1), 200), machine.perftInPlace(perftDepth).nodes];
  return { compiled, played: machineFields(machine), nodes, stats };
}

/** The perft depth a comparison walks: 2, 1, or 0 where the joint moves of the initial state are too many (gt_two_thirds_6p: 6 roles of 101 moves). */
function perftDepth(p: Propnet): number {
  const m = new FastStateMachine(p);
  const initial = m.initialState();
  let joint = 1;
  for (let r = 0; r < m.roles.length; r++) joint *= Math.max(1, m.legalMoves(initial, r).length);
  return joint <= 300 && p.components.length <= 50_000 ? 2 : joint <= 100_000 ? 1 : 0;
}

async function propnetOf(file: string, grounder: ClosableGrounder, timeoutSeconds: number): Promise<Propnet | string> {
  const result = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds, keepGroundGame: false });
  return result.propnet ?? result.status;
}

/** The N largest games of results/ground.csv and `others` spread evenly over the rest. */
function chooseGames(dir: string, largest: number, others: number, filter: RegExp | undefined): string[] {
  const rows = (parseCsv(readFileSync(path.join(RESULTS, "ground.csv"), "utf8"), { columns: true }) as Record<string, string>[])
    .filter((r) => r.status === "ok" && Number(r.components_optimized) > 0 && (!filter || filter.test(r.game)))
    .sort((a, b) => Number(b.components_optimized) - Number(a.components_optimized));
  const rest = rows.slice(largest);
  const step = rest.length / Math.max(1, others);
  const spread = Array.from({ length: Math.min(others, rest.length) }, (_, i) => rest[Math.floor(i * step)]);
  return [...rows.slice(0, largest), ...spread].map((r) => path.join(dir, `${r.game}.kif`)).filter((f) => existsSync(f));
}

async function compare(dir: string, old: EngineModule, o: { largest: number; others: number; filter?: RegExp; grounder: GrounderKind; timeout: number }): Promise<number> {
  const games = chooseGames(dir, o.largest, o.others, o.filter);
  const grounder = await createGrounder(o.grounder);
  if ("error" in grounder) throw new Error(grounder.error);
  let differing = 0;
  let compared = 0;
  const skipped: string[] = [];
  const started = performance.now();
  try {
    for (const file of games) {
      const name = path.basename(file, ".kif");
      const p = await propnetOf(file, grounder, o.timeout);
      if (typeof p === "string" || fastEngineFallbackReason(p)) {
        skipped.push(`${name} (${typeof p === "string" ? p : "runs on the reference engine"})`);
        continue;
      }
      const depth = perftDepth(p);
      const problems: string[] = [];
      for (const options of OPTION_SETS) {
        const a = exercise(new old.FastStateMachine(p, options), depth);
        const b = exercise(new FastStateMachine(p, options), depth);
        const label = JSON.stringify(options);
        if (a.stats !== b.stats) problems.push(`${label} stats: ${a.stats} against ${b.stats}`);
        if (a.nodes.join() !== b.nodes.join()) problems.push(`${label} flat MC and perft nodes: ${a.nodes.join()} against ${b.nodes.join()}`);
        for (const d of fieldDifferences(a.compiled, b.compiled)) problems.push(`${label} compiled: ${d}`);
        for (const d of fieldDifferences(a.played, b.played)) problems.push(`${label} played: ${d}`);
        compared++;
      }
      if (problems.length > 0) differing++;
      process.stdout.write(`${name}: ${p.components.length} components, ${OPTION_SETS.length} option sets: ${problems.length === 0 ? "same" : `${problems.length} differences`}; load ${loadavg()[0].toFixed(2)}\n`);
      for (const line of problems.slice(0, 20)) process.stdout.write(`  ${line}\n`);
    }
  } finally {
    await grounder.close();
  }
  process.stdout.write(
    `compare:fast: ${games.length - skipped.length} games (${compared} machines a side), ${differing} differing, in ${((performance.now() - started) / 1000).toFixed(0)} s` +
      (skipped.length > 0 ? `; not compared: ${skipped.join(", ")}` : "") +
      "\n",
  );
  return differing > 0 ? 1 : 0;
}

/** The fixture of test/fast-machine.test.ts: per game and option set, the digest of the machine compiled and played. */
export async function fixtureOf(engine: EngineModule, grounder: ClosableGrounder): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const game of FIXTURE_GAMES) {
    const p = await propnetOf(path.join(ROOT, "corpus/valid", game), grounder, 60);
    if (typeof p === "string") throw new Error(`${game}: ${p}`);
    out[game] = FIXTURE_OPTION_SETS.map((options) => {
      const x = exercise(new engine.FastStateMachine(p, options), 2);
      return { options, stats: JSON.parse(x.stats) as unknown, nodes: x.nodes, compiled: digestFields(x.compiled), played: digestFields(x.played) };
    });
  }
  return out;
}

async function main(): Promise<void> {
  const program = new Command("compare-fast-engine")
    .argument("[dir]", "the folder of games (default ../shared/games/base)")
    .option("--old <module>", "another build's module exporting FastStateMachine")
    .option("--largest <n>", "the n largest games of results/ground.csv", (v) => Number.parseInt(v, 10), 20)
    .option("--others <n>", "and n others spread over the rest", (v) => Number.parseInt(v, 10), 50)
    .option("--filter <re>", "only games whose name matches")
    .option("--grounder <kind>", "auto, wasm or native", "auto")
    .option("--timeout <s>", "grounding time limit per game", (v) => Number(v), 120)
    .option("--write-fixture <file>", "write the fixture of test/fast-machine.test.ts instead")
    .option("--module <module>", "with --write-fixture: the module whose FastStateMachine makes it (default: this build's)")
    .parse();
  const opts = program.opts<{ old?: string; largest: number; others: number; filter?: string; grounder: GrounderKind; timeout: number; writeFixture?: string; module?: string }>();
  const load = async (file: string) => (await import(pathToFileURL(path.resolve(file)).href)) as EngineModule;
  if (opts.writeFixture) {
    // clingo-wasm, which every machine has: the test grounds with it too
    const grounder = await createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      const fixture = await fixtureOf(opts.module ? await load(opts.module) : { FastStateMachine }, grounder);
      writeFileAtomic(opts.writeFixture, JSON.stringify(fixture, null, 1) + "\n");
    } finally {
      await grounder.close();
    }
    return;
  }
  if (!opts.old) {
    process.stderr.write("compare-fast-engine: give --old MODULE (or --write-fixture FILE)\n");
    process.exitCode = 2;
    return;
  }
  const dir = gamesFolder(program.args[0]);
  process.exitCode = await compare(dir, await load(opts.old), { ...opts, filter: opts.filter ? new RegExp(opts.filter) : undefined });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
