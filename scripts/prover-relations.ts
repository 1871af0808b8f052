/**
 * `npm run bench:prover-relations [-- GAME] [--playouts N] [--seeds N] [--free REL,...]`
 *
 * Where a game's time goes on the prover (src/prover/), per relation, and what a relation would save
 * if it cost nothing: the measure behind results/hybrid.md's "upper33" (chess: answering `legal2` is
 * 28 % of a node). The game is played on the prover's machine (`--engine prover`, without trying the
 * full grounding), flat Monte-Carlo over seeded playouts (`--seeds` runs of `--playouts` each, after
 * as many of warm-up).
 *
 * - Inclusive time per relation: each call of the evaluator's `answersFor`, `holds` and `exists` of a
 *   relation with rules, timed from call to return where it is not inside a call of the same relation
 *   (a recursive relation counts once); in µs per node and as a share of the timed run. The timing
 *   adds a third or so to the run: the shares count, not the microseconds.
 * - `--free`: the same seeds played alternately as they are and with every call of the relations named
 *   answered from a tape recorded in a first run (the evaluation is deterministic: the calls come in
 *   the same order), four rounds each; the ratio of the sums is what the game would gain if those
 *   relations cost nothing. An upper bound for any other way of answering them.
 *
 * Writes results/prover-relations.md. A measuring tool: it replaces the evaluator's methods in this
 * process (nothing of the kind is in src/).
 */
import os from "node:os";
import path from "node:path";
import { formatDiagnostic } from "../src/diagnostics.js";
import { createGrounder } from "../src/ground/index.js";
import { loadFile } from "../src/node-pipeline.js";
import { writeFileAtomic } from "../src/output-file.js";
import { playableDescription } from "../src/playable.js";
import { flatMonteCarlo } from "../src/propnet/bench.js";
import type { GameStateMachine } from "../src/propnet/machine.js";
import { Evaluator } from "../src/prover/evaluator.js";
import type { Relation } from "../src/prover/program.js";
import { BASE_GAMES, RESULTS, machineLine } from "./common.js";
import { scriptArgs } from "./script-args.js";

const USAGE = "usage: npm run bench:prover-relations [-- GAME] [--playouts N] [--seeds N] [--free REL,...]\n";
const args = scriptArgs("bench:prover-relations", USAGE, { playouts: "string", seeds: "string", free: "string" }, 1);
const game = args.positionals[0] ?? "chess";
const playouts = Math.round(args.positive("playouts", 10));
const seeds = Math.round(args.positive("seeds", 8));
const free = args.string("free") === undefined ? [] : args.list("free", []);
const file = game.includes("/") || game.endsWith(".kif") ? path.resolve(game) : path.join(BASE_GAMES, `${game}.kif`);

const created = await createGrounder("auto");
if ("error" in created) throw new Error(created.error);
const played = await playableDescription(loadFile(file), { grounder: created, timeoutSeconds: 120, engine: "prover", keepGroundGame: false, tooLarge: "partial" });
await created.close();
if (!("game" in played)) {
  process.stderr.write(`${played.diagnostics.map(formatDiagnostic).join("\n")}\n`);
  process.exit(1);
}
const machine: GameStateMachine = played.game.machine;
if (machine.engine !== "prover") throw new Error(`${game} is played on ${machine.engine}, not the prover`);

type Method = (this: Evaluator, relation: Relation, ...rest: never[]) => unknown;
const METHODS = ["answersFor", "holds", "exists"] as const;
const originals = new Map<string, Method>(METHODS.map((m) => [m, Evaluator.prototype[m] as unknown as Method]));
const setMethod = (name: string, f: Method) => ((Evaluator.prototype as unknown as Record<string, Method>)[name] = f);
const restore = () => METHODS.forEach((m) => setMethod(m, originals.get(m)!));

/** Flat Monte-Carlo over seeds `from`.. (`seeds` runs): nodes and seconds. */
function run(from: number): { nodes: number; seconds: number } {
  let nodes = 0;
  let seconds = 0;
  for (let s = from; s < from + seeds; s++) {
    const r = flatMonteCarlo(machine, playouts, s);
    nodes += r.nodes;
    seconds += r.seconds;
  }
  return { nodes, seconds };
}

const lines = [`# Where a game's time goes on the prover (\`npm run bench:prover-relations\`)`, ""];
const load = () => os.loadavg()[0].toFixed(2);
lines.push(`${new Date().toISOString().slice(0, 10)}, ${machineLine()}. ${game}, flat Monte-Carlo on the prover's machine, ${seeds} runs of ${playouts} playouts after as many of warm-up.`, "");

run(1); // warm-up (the relaxation decides most of what it will, the code is optimized)
const plain = run(1 + seeds);
lines.push(`Untimed: ${plain.nodes} nodes in ${plain.seconds.toFixed(2)} s, ${Math.round(plain.nodes / plain.seconds)} nodes/s (load ${load()}).`, "");

// ---- inclusive time per relation --------------------------------------------------------------------
{
  const total = new Map<string, { ms: number; calls: number }>();
  const depth = new Map<string, number>();
  for (const name of METHODS) {
    const original = originals.get(name)!;
    setMethod(name, function (this: Evaluator, relation: Relation, ...rest: never[]) {
      if (relation.clauses.length === 0) return original.call(this, relation, ...rest);
      const key = relation.key;
      const d = depth.get(key) ?? 0;
      depth.set(key, d + 1);
      const started = performance.now();
      try {
        return original.call(this, relation, ...rest);
      } finally {
        depth.set(key, d);
        if (d === 0) {
          const t = total.get(key) ?? { ms: 0, calls: 0 };
          t.ms += performance.now() - started;
          t.calls++;
          total.set(key, t);
        }
      }
    });
  }
  const timed = run(1 + seeds);
  restore();
  const ms = timed.seconds * 1000;
  lines.push(
    `## Inclusive time per relation`,
    "",
    `Timed run: ${timed.nodes} nodes in ${timed.seconds.toFixed(2)} s (${(ms * 1000 / timed.nodes).toFixed(1)} µs a node, ${((timed.seconds / plain.seconds - 1) * 100).toFixed(0)} % more than untimed). A relation's time includes the relations it calls: the rows overlap.`,
    "",
    "| relation | µs a node | share of the run | outermost calls a node |",
    "| --- | ---: | ---: | ---: |",
  );
  for (const [key, t] of [...total].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    lines.push(`| ${key} | ${((t.ms * 1000) / timed.nodes).toFixed(1)} | ${((100 * t.ms) / ms).toFixed(1)} % | ${(t.calls / timed.nodes).toFixed(1)} |`);
  }
  lines.push("");
}

// ---- what the relations named by --free would save ---------------------------------------------------
if (free.length > 0) {
  const wanted = new Set(free);
  const tape: unknown[] = [];
  let at = 0;
  /** Sets each method to answer the wanted relations by `answer` (the others as they are). */
  const wrap = (answer: (evaluator: Evaluator, original: Method, relation: Relation, rest: never[]) => unknown) => {
    for (const name of METHODS) {
      const original = originals.get(name)!;
      setMethod(name, function (this: Evaluator, relation: Relation, ...rest: never[]) {
        return wanted.has(relation.key) ? answer(this, original, relation, rest) : original.call(this, relation, ...rest);
      });
    }
  };
  wrap((evaluator, original, relation, rest) => {
    const answer = original.call(evaluator, relation, ...rest);
    tape.push(answer);
    return answer;
  });
  run(1 + seeds);
  const recorded = tape.length;
  const asIs: number[] = [];
  const freed: number[] = [];
  for (let round = 0; round < 4; round++) {
    restore();
    const a = run(1 + seeds);
    asIs.push(a.nodes / a.seconds);
    wrap((evaluator) => {
      evaluator.lastComplete = true;
      return tape[at++];
    });
    at = 0;
    const b = run(1 + seeds);
    freed.push(b.nodes / b.seconds);
    if (at !== recorded) throw new Error(`the replay asked ${at} answers of ${recorded} recorded: the calls did not come in the same order`);
  }
  restore();
  const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  lines.push(
    `## If ${free.join(", ")} cost nothing`,
    "",
    `Every call of ${free.join(", ")} answered from a tape recorded in a first run of the same seeds (${recorded} answers), alternated with runs as they are, four rounds (load ${load()} at the end):`,
    "",
    `- as they are: ${asIs.map((x) => Math.round(x)).join(", ")} nodes/s`,
    `- answered from the tape: ${freed.map((x) => Math.round(x)).join(", ")} nodes/s`,
    `- **${(sum(freed) / sum(asIs)).toFixed(2)}×** by the sums`,
    "",
  );
}

const out = path.join(RESULTS, "prover-relations.md");
writeFileAtomic(out, lines.join("\n"));
process.stdout.write(`${lines.join("\n")}\nwritten: ${out}\n`);
