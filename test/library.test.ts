import { describe, expect, it } from "vitest";
import * as lib from "../src/index.js";

describe("the library entry point", () => {
  it("runs the pipeline stage by stage on a small game", async () => {
    const text = "(role r) (init p) (<= (legal r go) (true p)) (<= (next q) (does r go)) (<= terminal (true q)) (goal r 100)";
    const { description, diagnostics } = lib.parseGdl(text, "tiny.kif");
    expect(diagnostics).toEqual([]);
    expect(lib.checkDescription(description).filter((d) => d.severity === "error")).toEqual([]);
    const { program } = lib.translate(description);
    const grounder = await lib.createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      const outcome = await grounder.ground(program!.text, { timeoutMs: 30_000 });
      expect(outcome.status).toBe("ok");
      if (outcome.status !== "ok") return;
      const game = lib.extractGroundGame(lib.readCompactAspif(outcome.aspif), program!.symbols, { roles: ["r"] });
      const machine = lib.compileStateMachine(lib.buildPropnet(game));
      if (lib.isCompileError(machine)) throw new Error(machine.message);
      const s0 = machine.initialState();
      expect(machine.stateToKif(s0)).toEqual(["p"]);
      const s1 = machine.nextState(s0, [machine.moveIndex(0, "go")!]);
      expect(machine.isTerminal(s1)).toBe(true);
      expect(machine.goals(s1)).toEqual([100]);
    } finally {
      await grounder.close();
    }
  });
});
