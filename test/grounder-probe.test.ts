/**
 * The grounder probe without a native gringo: clingo-wasm grounds P in text mode (an `--output=`
 * in `extraArgs` replaces the default aspif output) and streams it, so the probe names what
 * explodes on any grounder (src/hybrid/grounder-probe.ts), and a game that does not ground becomes
 * a hybrid game without gringo (`--grounder wasm`, the page). Before, the probe needed a native
 * gringo, and clingo-wasm refused a second `--output` ("multiple occurrences: 'output'").
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AspGrounder } from "../src/ground/asp-grounder.js";
import { groundOnlyArgs } from "../src/ground/clingo/outcome.js";
import { grounderProbe } from "../src/hybrid/grounder-probe.js";
import { GroundRuleCounter } from "../src/hybrid/probe-count.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { translate } from "../src/translate/index.js";
import { Deadline } from "../src/deadline.js";
import { withGrounder } from "./support/grounder.js";

const BASE = path.resolve(import.meta.dirname, "..", "..", "shared", "games", "base");
const haveGames = existsSync(path.join(BASE, "laikLee_hex.kif"));
if (!haveGames) console.warn("../shared/games/base is missing: the grounder probe's tests on real games are skipped");

describe("the arguments of a grounding", () => {
  it("an --output= of the caller's replaces the default aspif output, nothing else does", () => {
    expect(groundOnlyArgs(undefined)).toEqual(["--mode=gringo", "--output=intermediate"]);
    expect(groundOnlyArgs(["--output=text"])).toEqual(["--mode=gringo", "--output=text"]);
    expect(groundOnlyArgs(["-c", "n=3"])).toEqual(["--mode=gringo", "--output=intermediate", "-c", "n=3"]);
  });
});

describe("counting a text-mode grounding", () => {
  const program = translate(loadText("(role r) (init (s 0)) (<= (legal r (go ?x)) (n ?x)) (n 1) (n 2) (<= (next (s ?x)) (does r (go ?x))) (<= terminal (true (s 2))) (goal r 100)", "t.kif").description!).program!;

  it("counts lines by the relation that starts them, across chunk boundaries, multi-byte characters split or not", () => {
    const counter = new GroundRuleCounter();
    const text = "n(1).\nn(2).\nlegal(r,go(1)) :- n(1).\n:- bad.\n{ x }.\nlegal(r,go(2)).\nn(\"é\").\n";
    const bytes = new TextEncoder().encode(text);
    for (let i = 0; i < bytes.length; i += 3) counter.push(bytes.subarray(i, i + 3));
    const probe = counter.probe(program, 1.5);
    expect(probe.seconds).toBe(1.5);
    // the constraint and the choice start with no relation: not counted
    expect(probe.relations).toEqual([
      { relation: "n", groundRules: 3 },
      { relation: "legal", groundRules: 2 },
    ]);
  });

  describe("with clingo-wasm", () => {
    let grounder!: AspGrounder;
    withGrounder("wasm", (g) => (grounder = g));

    it("a grounding that finishes: every ground rule counted", async () => {
      const probe = await grounderProbe(grounder)(program, 5);
      expect(probe?.relations.find((r) => r.relation === "legal")?.groundRules).toBe(2);
    });

    it.skipIf(!haveGames)("names laikLee_hex's islist and sudoku's exactlyfirst within 3 s", async () => {
      for (const [game, relation] of [
        ["laikLee_hex", "islist"],
        ["sudoku", "exactlyfirst"],
      ]) {
        const p = translate(loadFile(path.join(BASE, `${game}.kif`)).description!).program!;
        const probe = await grounderProbe(grounder)(p, 3);
        expect(probe?.relations[0]?.relation, game).toBe(relation);
      }
    });

    it.skipIf(!haveGames)("laikLee_hex on clingo-wasm alone becomes a hybrid game, line/1 lifted", async () => {
      const result = await groundAndBuild(loadFile(path.join(BASE, "laikLee_hex.kif")), { grounder, timeoutSeconds: 2, tooLarge: "partial", probe: grounderProbe(grounder), probeSeconds: 30 });
      expect(result.status).toBe("partial");
      expect(result.partial?.lifted?.map((r) => `${r.relation}/${r.arity}`)).toEqual(["line/1"]);
      // stopped at its budget of ground rules (PROBE_GROUND_RULES), as a native gringo's probe: the
      // same words on a loaded machine (its 30 s are only an outer limit)
      expect(result.partial?.reason).toMatch(/what explodes \(clingo-wasm in text mode, stopped after 300,000 ground rules\): islist \(300 k ground rules\)/);
    });

    it.skipIf(!haveGames)("a game whose P^base does not ground in the time left says so as a warning, not a note the command line drops", async () => {
      // chess: the full grounding gets most of 2 s, P^base the rest, too little for clingo-wasm (about 4 s)
      const result = await groundAndBuild(loadFile(path.join(BASE, "chess.kif")), { grounder, timeoutSeconds: 2, tooLarge: "partial", deadline: new Deadline(2) });
      expect(result.status).toBe("timeout");
      const warning = result.diagnostics.find((d) => /P\^base alone/.test(d.message));
      expect(warning?.severity).toBe("warning");
      expect(warning?.message).toMatch(/^P\^base alone did not ground either, so the game cannot be played on the prover: .*time limit of 2 s/);
    });
  });
});
