/**
 * Random valid games with variables (test/support/random-gdl.ts) through every reasoner we have,
 * along seeded random playouts: the whole pipeline (translation with existential splitting and
 * relevance pruning, grounding, propnet, both engines: `verifyGame`, as `npm run verify` checks
 * a real game) against the prover, with the default translation and with its flags flipped at random; the prover against a naive bottom-up evaluator; the prover's
 * machine over P^base (the partial path of a game that does not ground) against the prover; the
 * hybrid machine with a view lifted (as if it exploded) against the prover, where one can be; the
 * prover's machine with the views that a rule above enumerates ground below it (src/hybrid/below.ts),
 * where there are some.
 * Shapes no real game has: recursion through the state, `or` of negations, function terms in
 * negated and `distinct` literals, views that read `does`, unsafe rules (every third game). And one
 * real games have: bare variables for fluents and moves (`(next ?f) <= (true ?f)`, `(last ?r ?m)`:
 * every fourth game).
 *
 * Then games the anchors' provers can read (`anchorSafe`) replayed against independent reasoners:
 * GGP-Base's prover (prover-trace) for GDL, the Dresden GameController (gc-trace) for GDL-II, the
 * prover and the machine `loadGame` gives compared with their traces (skipped where Java is missing).
 *
 * RANDOM_GAMES=N (default 30) games from seed RANDOM_GAMES_FROM (default 1) (RANDOM_GAMES_SCALE,
 * RANDOM_GAMES_ROLES: their size and players), RANDOM_ANCHOR_GAMES=N
 * (default 6) against the anchors: CI runs a slice, a longer run is the same test with a larger N.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrounder, type ClosableGrounder } from "../src/ground/index.js";
import { loadGame } from "../src/player.js";
import { loadFile } from "../src/node-pipeline.js";
import { Prover, type ProverOptions } from "../src/prover/prover.js";
import { compareRandomPlayouts, describeMismatch } from "../src/verify/compare.js";
import { propnetKifReasoner, proverKifReasoner } from "../src/verify/reasoners.js";
import { verifyGame } from "../src/verify/verify-game.js";
import { chooseLifting } from "../src/hybrid/lifting.js";
import { HybridStateMachine } from "../src/hybrid/hybrid-machine.js";
import { groundBelow } from "../src/hybrid/below.js";
import { partialMachine } from "../src/hybrid/partial-machine.js";
import { playableDescription } from "../src/playable.js";
import { groundAndBuild } from "../src/pipeline.js";
import { compileMachine } from "../src/propnet/compile-machine.js";
import { isCompileError } from "../src/propnet/machine.js";
import { formatDiagnostic } from "../src/diagnostics.js";
import { TRANSLATE_DEFAULTS, type TranslateFlags } from "../src/translate/flags.js";
import { mulberry32 } from "../src/propnet/search.js";
import { anchorUnavailable, runAnchorTrace, type AnchorName } from "../src/verify/anchor-runner.js";
import { describeTraceMismatch, replayAnchorTrace } from "../src/verify/anchor-trace.js";
import type { KifReasoner } from "../src/verify/compare.js";
import { naiveKifReasoner } from "./support/naive-evaluator.js";
import { randomGdlGame } from "./support/random-gdl.js";

const COUNT = Number(process.env.RANDOM_GAMES ?? 30);
const FROM = Number(process.env.RANDOM_GAMES_FROM ?? 1);
/** Every other game twice the size (RANDOM_GAMES_SCALE sets the larger scale). */
const SCALE = Number(process.env.RANDOM_GAMES_SCALE ?? 2);
/** Players per game (RANDOM_GAMES_ROLES; default one or two at random, GDL-II's `random` besides). */
const ROLES = process.env.RANDOM_GAMES_ROLES ? Number(process.env.RANDOM_GAMES_ROLES) : undefined;
const PLAYOUTS = { playouts: 4, seed: 7, maxSteps: 10 };
let hybrids = 0;
let belows = 0;
const VARIANTS: readonly ProverOptions[] = [
  { compiledPlans: false },
  { compiledPlans: "modes" },
  { bodyOrder: "written" },
  { guards: false },
  { groundLoopLimit: 0 },
  { staticAnswers: false, staticTableLimit: 1 },
];

/** Each translation flag flipped from its default with probability 1/2, the same for the same seed. */
function flagsFor(seed: number): TranslateFlags {
  const rng = mulberry32(seed * 7919);
  const flags: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(TRANSLATE_DEFAULTS)) flags[name] = rng() < 0.5 ? !value : value;
  return flags;
}

describe.skipIf(COUNT === 0)("random games with variables: the pipeline, the prover and a naive evaluator agree", () => {
  let grounder: ClosableGrounder;
  let dir: string;
  beforeAll(async () => {
    const created = await createGrounder("auto");
    if ("error" in created) throw new Error(created.error);
    grounder = created;
    dir = mkdtempSync(path.join(tmpdir(), "random-games-"));
  });
  afterAll(async () => {
    console.log(`random games: ${hybrids} of ${COUNT} also played on a hybrid machine, ${belows} with relations ground below the prover`);
    await grounder?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (let seed = FROM; seed < FROM + COUNT; seed++) {
    it(`seed ${seed}`, async () => {
      const text = randomGdlGame(seed, { scale: seed % 2 === 0 ? SCALE : 1, roles: ROLES, gdl2: seed % 5 === 0, unsafe: seed % 3 === 1, untyped: seed % 4 === 3 });
      const file = path.join(dir, `random-${seed}.kif`);
      writeFileSync(file, text);
      const loaded = loadFile(file);
      const errors = loaded.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
      expect(errors, `the generator wrote an invalid game:\n${text}`).toEqual([]);
      expect(loaded.diagnostics.some((d) => d.code === "safety"), "a safety warning where (only where) the generator wrote an unsafe variable").toBe(/\?u\d/.test(text));
      const description = loaded.description!;

      // one of each, its answers kept across the comparisons (the naive evaluator's models are the slow part)
      const reference = proverKifReasoner(Prover.fromDescription(description));
      const naive = naiveKifReasoner(description);
      const withNaive = compareRandomPlayouts(reference, naive, PLAYOUTS);
      expect(withNaive.mismatch && `prover vs naive evaluator: ${describeMismatch(withNaive.mismatch)}`, text).toBeUndefined();
      // the prover's other ways of answering (the options its tests compare), one set per game
      const options = VARIANTS[seed % VARIANTS.length];
      const variant = compareRandomPlayouts(proverKifReasoner(Prover.fromDescription(description, options)), naive, PLAYOUTS);
      expect(variant.mismatch && `prover ${JSON.stringify(options)} vs naive evaluator: ${describeMismatch(variant.mismatch)}`, text).toBeUndefined();

      const row = await verifyGame(file, `random-${seed}`, { grounder, ...PLAYOUTS });
      expect(`${row.status}: ${row.detail}`, text).toMatch(/^agree/);
      // and with the translation's flags flipped at random (the command line's --no-split, --demand, ...)
      const translate = flagsFor(seed);
      const flipped = await verifyGame(file, `random-${seed}`, { grounder, ...PLAYOUTS, translate });
      expect(`${flipped.status}: ${flipped.detail} (${JSON.stringify(translate)})`, text).toMatch(/^agree/);

      const game = await loadGame(file, { engine: "prover" });
      const partial = compareRandomPlayouts(reference, propnetKifReasoner(game.machine), PLAYOUTS);
      expect(partial.mismatch && `prover's machine over P^base vs prover: ${describeMismatch(partial.mismatch)}`, text).toBeUndefined();

      // the hybrid machine: each view in turn said to explode, the first that can be lifted
      const views = [...new Set(description.rules.map((r) => r.head.relation).filter((name) => /^v\d+$/.test(name)))];
      for (const view of views) {
        const lifting = chooseLifting(description, [view]);
        if ("reason" in lifting) continue;
        const built = await groundAndBuild({ file, description: lifting.description, diagnostics: [], times: {} }, { grounder, timeoutSeconds: 30 });
        if (!built.propnet) throw new Error(built.diagnostics.map(formatDiagnostic).join("; "));
        const inner = compileMachine(built.propnet, { engine: seed % 3 === 0 ? "reference" : "fast" });
        if (isCompileError(inner)) throw new Error(inner.message);
        const hybrid = new HybridStateMachine(inner, Prover.fromDescription(description), lifting.lifted);
        const compared = compareRandomPlayouts(reference, propnetKifReasoner(hybrid), PLAYOUTS);
        const lifted = lifting.lifted.map((r) => r.relation).join(", ");
        expect(compared.mismatch && `hybrid machine (${lifted} lifted) vs prover: ${describeMismatch(compared.mismatch)}`, text).toBeUndefined();
        hybrids++;
        break;
      }

      // ground below the prover: nothing said to explode, so every view at the state's level that a rule above enumerates
      const onProver = await playableDescription(loaded, { grounder, timeoutSeconds: 30, engine: "prover" });
      if (!("game" in onProver)) throw new Error(onProver.diagnostics.map(formatDiagnostic).join("; "));
      const below = await groundBelow(description, [], onProver.game.propnet.baseFluents, async (d) => {
        const r = await groundAndBuild({ file, description: d, diagnostics: [], times: {} }, { grounder, timeoutSeconds: 30 });
        return { propnet: r.propnet, why: r.diagnostics.map(formatDiagnostic).join("; ") };
      });
      if (!("reason" in below)) {
        const machine = partialMachine(description, onProver.game.propnet, undefined, "fast", below);
        if (isCompileError(machine)) throw new Error(machine.message);
        const compared = compareRandomPlayouts(reference, propnetKifReasoner(machine), PLAYOUTS);
        const exported = below.exported.map((e) => e.relation).join(", ");
        expect(compared.mismatch && `prover's machine with ${exported} ground below it vs prover: ${describeMismatch(compared.mismatch)}`, text).toBeUndefined();
        belows++;
      }
    }, 300_000); // the naive evaluator joins by nested loops: a large game (RANDOM_GAMES_SCALE=3) can take a minute there
  }
});

const ANCHOR_COUNT = Number(process.env.RANDOM_ANCHOR_GAMES ?? 6);

describe.skipIf(ANCHOR_COUNT === 0)("random games against GGP-Base's prover (GDL) and the Dresden GameController (GDL-II)", () => {
  let dir: string;
  /** Per anchor: the games compared with it, and those it gave no step of within its time limit (skipped). */
  const compared = new Map<AnchorName, number>();
  const outOfTime = new Map<AnchorName, number>();
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), "random-anchors-"))));
  afterAll(() => void (dir && rmSync(dir, { recursive: true, force: true })));
  for (let i = 0; i < ANCHOR_COUNT; i++) {
    const seed = FROM + i;
    const gdl2 = i % 3 === 2;
    const anchor: AnchorName = gdl2 ? "gc-trace" : "prover-trace";
    const unavailable = anchorUnavailable(anchor);
    if (unavailable) {
      it.skip(`seed ${seed} against ${anchor}: skipped: ${unavailable}`, () => undefined);
      continue;
    }
    it(`seed ${seed} against ${anchor}`, async (context) => {
      const text = randomGdlGame(seed, { scale: gdl2 ? 1 : 1 + (i % 2), gdl2, anchorSafe: true, untyped: i % 2 === 1 });
      const file = path.join(dir, `random-${seed}.kif`);
      writeFileSync(file, text);
      // the JavaProver is slow on some games: a trace cut short by its limit is compared as far as it goes
      const trace = runAnchorTrace(anchor, file, { playouts: 3, seed: 7, maxMoves: 10, timeoutSeconds: 30 });
      if (!("playouts" in trace)) throw new Error(`${anchor}: ${trace.error}\n${text}`);
      if (trace.playouts.every((p) => p.steps.length === 0)) {
        // The Dresden JavaProver has no tabling: on some random GDL-II games it gives no step in minutes
        // (seed 90002: none in 5 min). Not a disagreement; the last test below fails when most of an
        // anchor's games end so, so that an anchor that hangs on everything is not passed over.
        if (!/timeout/.test(trace.error ?? "")) throw new Error(`${anchor} gave no step to compare: ${trace.error ?? "an empty trace"}`);
        outOfTime.set(anchor, (outOfTime.get(anchor) ?? 0) + 1);
        context.skip(`${anchor} gave no step within 30 s: ${trace.error}`);
      }
      const description = loadFile(file).description!;
      const game = await loadGame(file);
      const reasoners: [string, KifReasoner<unknown>][] = [
        ["the prover", proverKifReasoner(Prover.fromDescription(description)) as KifReasoner<unknown>],
        [`the ${game.machine.engine} machine`, propnetKifReasoner(game.machine) as KifReasoner<unknown>],
      ];
      for (const [name, reasoner] of reasoners) {
        const replay = replayAnchorTrace(trace, reasoner);
        if ("mismatch" in replay) throw new Error(`${name} vs ${anchor}: ${describeTraceMismatch(replay.mismatch)}\n${text}`);
        expect(replay.agreed.steps, name).toBeGreaterThan(0);
      }
      compared.set(anchor, (compared.get(anchor) ?? 0) + 1);
    }, 120_000);
  }
  it("compared at least half of each anchor's games (the others gave no step in time)", () => {
    for (const [anchor, late] of outOfTime) expect(compared.get(anchor) ?? 0, `${anchor}: ${late} games without a step in time`).toBeGreaterThanOrEqual(late);
  });
});
