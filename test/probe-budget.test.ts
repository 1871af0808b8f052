/**
 * The grounder probe stops after a budget of ground rules, not at a wall-clock time: what it
 * counted, what it names and so the machine a player gets (hybrid or prover) are the same on a
 * quiet machine and a loaded one. Before, the probe counted what its seconds let the grounder write
 * (PLAYER_PROBE_SECONDS = 2), and alexChess's machine was seen to differ between runs under load.
 * Its seconds stay as an outer limit; beside P^base's grounding, a probe with a process of its
 * own may go on until that ends (ProbeBeside).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AspGrounder, GroundOptions, GroundOutcome } from "../src/ground/asp-grounder.js";
import { nativeGrounderOnPath } from "../src/ground/clingo/native.js";
import { grounderProbe, PROBE_GROUND_RULES } from "../src/hybrid/grounder-probe.js";
import { probeGrounding } from "../src/hybrid/probe.js";
import { GroundRuleCounter } from "../src/hybrid/probe-count.js";
import { describeProbeRun } from "../src/hybrid/relation-names.js";
import { loadFile } from "../src/node-pipeline.js";
import { loadText } from "../src/pipeline.js";
import { translate } from "../src/translate/index.js";
import { withGrounder } from "./support/grounder.js";

const BASE = path.resolve(import.meta.dirname, "..", "..", "shared", "games", "base");
const haveGames = existsSync(path.join(BASE, "alexChess.kif"));

const program = translate(loadText("(role r) (init (s 0)) (<= (legal r (go ?x)) (n ?x)) (n 1) (n 2) (<= (next (s ?x)) (does r (go ?x))) (<= terminal (true (s 2))) (goal r 100)", "t.kif").description!).program!;

/** 1,000 rules of `p`, then 1,000 of `q`, then 1,000 of `r`, as a text-mode grounding writes them. */
const RULES = ["p", "q", "r"].flatMap((relation) => Array.from({ length: 1000 }, (_, i) => `${relation}(${i}).\n`));

/**
 * A grounder that writes `RULES` slowly, `perTick` lines every `tickMs`, with the time limit and
 * the AbortSignal of a real one; it records whether it was stopped and how much it wrote.
 */
function slowGrounder(perTick: number, tickMs: number): AspGrounder & { readonly runs: { stoppedBy?: string; written: number }[] } {
  const runs: { stoppedBy?: string; written: number }[] = [];
  return {
    runs,
    ground(_text: string, options: GroundOptions): Promise<GroundOutcome> {
      const run: { stoppedBy?: string; written: number } = { written: 0 };
      runs.push(run);
      const started = performance.now();
      return new Promise((resolve) => {
        const tick = (): void => {
          if (options.signal?.aborted) return resolve((run.stoppedBy = "signal", { status: "cancelled" }));
          if (performance.now() - started >= options.timeoutMs) return resolve((run.stoppedBy = "time", { status: "timeout", seconds: (performance.now() - started) / 1000 }));
          if (run.written >= RULES.length) return resolve({ status: "ok", aspif: "", seconds: (performance.now() - started) / 1000, warnings: [] });
          const lines = RULES.slice(run.written, run.written + perTick);
          run.written += lines.length;
          // split anywhere: a chunk ends inside a line
          const bytes = new TextEncoder().encode(lines.join(""));
          const cut = Math.floor(bytes.length / 2) + 1;
          options.onOutput?.(bytes.subarray(0, cut));
          options.onOutput?.(bytes.subarray(cut));
          setTimeout(tick, tickMs);
        };
        tick();
      });
    },
  };
}

describe("the probe's budget of ground rules", () => {
  it("counts exactly the budget, wherever the chunks end, and no more", () => {
    const counter = new GroundRuleCounter(3);
    const bytes = new TextEncoder().encode("n(1).\n:- bad.\nn(2).\nlegal(r,go(1)) :- n(1).\nn(3).\nlegal(r,go(2)).\n");
    for (let i = 0; i < bytes.length; i += 4) counter.push(bytes.subarray(i, i + 4));
    expect(counter.full).toBe(true);
    const probe = counter.probe(program, 0.5, "a stub");
    expect(probe.relations).toEqual([
      { relation: "n", groundRules: 2 },
      { relation: "legal", groundRules: 1 },
    ]);
    expect(probe.stopped).toBe("budget");
    expect(probe.budget).toBe(3);
  });

  it("stops the grounding at its budget: the same counts whatever the time left and the grounder's speed", async () => {
    const results = [];
    for (const [perTick, tickMs, seconds] of [
      [50, 10, 30], // slow, much time left
      [50, 10, 1.5], // slow, little time left
      [400, 1, 30], // fast
    ] as const) {
      const grounder = slowGrounder(perTick, tickMs);
      const started = performance.now();
      const probe = await grounderProbe(grounder, "a stub")(program, seconds, 1500);
      const elapsed = (performance.now() - started) / 1000;
      // the grounding was stopped through its signal when the budget was reached, not waited out
      expect(grounder.runs[0].stoppedBy).toBe("signal");
      expect(grounder.runs[0].written).toBeLessThan(RULES.length);
      expect(elapsed).toBeLessThan(1.4);
      results.push(probe);
    }
    for (const probe of results) {
      expect(probe?.relations).toEqual([
        { relation: "p", groundRules: 1000 },
        { relation: "q", groundRules: 500 },
      ]);
      expect(probe?.stopped).toBe("budget");
      expect(describeProbeRun(probe!)).toBe("a stub, stopped after 1,500 ground rules");
    }
  });

  it("time stops it when the budget is not reached: said so", async () => {
    const probe = await grounderProbe(slowGrounder(10, 10), "a stub")(program, 0.2, 1500);
    expect(probe?.stopped).toBe("time");
    expect(probe?.relations[0].relation).toBe("p");
    expect(probe!.relations[0].groundRules).toBeLessThan(1000);
    expect(describeProbeRun(probe!)).toMatch(/^0 s of a stub, stopped by its time limit before 1,500 ground rules$/);
    // without a budget, as before: the seconds alone
    const timed = await grounderProbe(slowGrounder(10, 10), "a stub")(program, 0.2);
    expect(timed?.budget).toBeUndefined();
    expect(describeProbeRun(timed!)).toBe("0 s of a stub");
  });

  it("beside P^base's grounding, a probe with a grounder of its own goes on until P^base is done; a shared grounder keeps to its seconds", async () => {
    const until = new Promise((resolve) => setTimeout(resolve, 5000));
    // 1,500 rules at 50 per 10 ms: about 0.3 s, past the probe's 0.1 s but before P^base's end
    const own = await grounderProbe(slowGrounder(50, 10), "a stub", true)(program, 0.1, 1500, { until, maxSeconds: 10 });
    expect(own?.stopped).toBe("budget");
    expect(own?.relations.map((r) => r.groundRules)).toEqual([1000, 500]);
    const shared = await grounderProbe(slowGrounder(50, 10), "a stub")(program, 0.1, 1500, { until, maxSeconds: 10 });
    expect(shared?.stopped).toBe("time");
    // P^base done before the budget: stopped once its seconds have passed
    const ended = await grounderProbe(slowGrounder(10, 10), "a stub", true)(program, 0.2, 1500, { until: Promise.resolve(), maxSeconds: 10 });
    expect(ended?.stopped).toBe("time");
    expect(ended!.seconds).toBeLessThan(1);
  });

  const gringo = nativeGrounderOnPath();
  it.skipIf(!haveGames || gringo === undefined)("alexChess with a native gringo: the same counts twice, stopped by the budget, the process killed", async () => {
    const p = translate(loadFile(path.join(BASE, "alexChess.kif")).description!).program!;
    const first = await probeGrounding(p, 60, PROBE_GROUND_RULES);
    const second = await probeGrounding(p, 60, PROBE_GROUND_RULES);
    expect(first?.stopped).toBe("budget");
    expect(first?.relations.reduce((sum, r) => sum + r.groundRules, 0)).toBe(PROBE_GROUND_RULES);
    expect(second?.relations).toEqual(first?.relations);
    // what a player's probe names on alexChess: between^static (P^base) past 5 % of the rules
    expect(first?.relations.slice(0, 2).map((r) => r.relation)).toEqual(["a part cut off by existential splitting", "between^static (P^base)"]);
    // the grounding ended when the budget was reached (gringo killed), long before its 60 s
    expect(first!.seconds).toBeLessThan(30);
  });

  describe("with clingo-wasm", () => {
    let grounder!: AspGrounder;
    withGrounder("wasm", (g) => (grounder = g));

    it.skipIf(!haveGames || gringo === undefined)("laikLee_hex: the same counts as a native gringo's at the same budget, and the worker is dropped", async () => {
      const p = translate(loadFile(path.join(BASE, "laikLee_hex.kif")).description!).program!;
      const wasm = await grounderProbe(grounder)(p, 60, 50_000);
      const native = await probeGrounding(p, 60, 50_000);
      expect(wasm?.stopped).toBe("budget");
      expect(wasm?.relations).toEqual(native?.relations);
      // the grounder grounds again after its worker was stopped at the budget
      const again = await grounderProbe(grounder)(p, 60, 50_000);
      expect(again?.relations).toEqual(wasm?.relations);
    });
  });
});
