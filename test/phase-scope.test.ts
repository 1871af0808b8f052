/**
 * `onPhase` says which grounding a stage belongs to: the full one ("game"), or P^base alone
 * ("base") once the full one failed under `tooLarge: "partial"`; the page's progress line says so
 * (web/progress-text.ts) instead of "grounding with clingo" for the whole wait.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AspGrounder, GroundOptions, GroundOutcome } from "../src/ground/asp-grounder.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild } from "../src/pipeline.js";
import type { TranslateScope } from "../src/translate/index.js";
import { progressText } from "../web/progress-text.js";
import { withGrounder } from "./support/grounder.js";

const TICTACTOE = path.resolve(import.meta.dirname, "..", "corpus", "valid", "tictactoe.kif");

/** Times out on its first grounding (the full one), then grounds with `inner`. */
function timingOutOnce(inner: AspGrounder): AspGrounder {
  let first = true;
  return {
    ground(program: string, options: GroundOptions): Promise<GroundOutcome> {
      if (!first) return inner.ground(program, options);
      first = false;
      return Promise.resolve({ status: "timeout", seconds: options.timeoutMs / 1000 });
    },
  };
}

describe("the scope of each phase", () => {
  let grounder!: AspGrounder;
  withGrounder("wasm", (g) => (grounder = g));

  it("is game for a grounding that finishes", async () => {
    const phases: string[] = [];
    const result = await groundAndBuild(loadFile(TICTACTOE), { grounder, timeoutSeconds: 30, tooLarge: "partial", onPhase: (phase, _d, _t, scope) => phases.push(`${phase}/${scope}`) });
    expect(result.status).toBe("ok");
    expect(phases).toEqual(["translate/game", "ground/game", "extract/game", "propnet/game"]);
  });

  it("is base for P^base's stages after the full grounding timed out", async () => {
    const phases: string[] = [];
    const result = await groundAndBuild(loadFile(TICTACTOE), { grounder: timingOutOnce(grounder), timeoutSeconds: 30, tooLarge: "partial", onPhase: (phase, _d, _t, scope) => phases.push(`${phase}/${scope}`) });
    expect(result.status).toBe("partial");
    expect(phases).toEqual(["translate/game", "ground/game", "translate/base", "ground/base", "extract/base", "propnet/base"]);
  });
});

describe("the page's progress line", () => {
  it("names the stage, and says when it is P^base's after the full grounding failed", () => {
    const scopes: TranslateScope[] = ["game", "base"];
    const [full, base] = scopes.map((scope) => progressText("ground", scope, 46.25));
    expect(full).toBe("grounding with clingo… 46.3 s");
    expect(base).toBe("did not ground in time; P^base for the prover: grounding with clingo… 46.3 s");
    expect(progressText("check", "game", 0)).toBe("parsing and checking… 0.0 s");
  });
});
