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

  it("extraction makes one term per constant and one empty body (amazons' ground game: 811 -> 461 MB of heap)", async () => {
    const text = "(role r) (init (cell 1 a)) (init (cell 2 a)) (<= (legal r (go ?x)) (true (cell ?x a))) (<= (next (cell ?x b)) (does r (go ?x))) (<= terminal (true (cell 1 b))) (goal r 100)";
    const grounder = await lib.createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      const { game } = await lib.groundDescription(lib.loadText(text, "cells.kif"), { grounder, timeoutSeconds: 30 });
      const constants = new Map<string, Set<object>>();
      const visit = (t: lib.Term): void => {
        if (t.kind === "constant") {
          if (!constants.has(t.name)) constants.set(t.name, new Set());
          constants.get(t.name)!.add(t);
        } else if (t.kind === "compound") t.args.forEach(visit);
      };
      for (const atom of game!.atoms) atom.args.forEach(visit);
      expect(constants.get("1")?.size).toBe(1);
      expect(constants.get("a")?.size).toBe(1);
      expect(game!.atoms.filter((a) => a.kif.includes(" 1 ")).length).toBeGreaterThan(2);
      // bodies without literals of a sign share one frozen empty array (811 -> 461 MB with the constants)
      const empty = game!.clauses.flatMap((c) => [c.positive, c.negative]).filter((b) => b.length === 0);
      expect(empty.length).toBeGreaterThan(2);
      expect(new Set(empty).size).toBe(1);
      expect(Object.isFrozen(empty[0])).toBe(true);
    } finally {
      await grounder.close();
    }
  });

  it("groundAndBuild and playableDescription leave the ground game out when asked, and play the same", async () => {
    const text = "(role r) (init p) (<= (legal r go) (true p)) (<= (next q) (does r go)) (<= terminal (true q)) (goal r 100)";
    const grounder = await lib.createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      const loaded = lib.loadText(text, "tiny.kif");
      const kept = await lib.groundAndBuild(loaded, { grounder, timeoutSeconds: 30 });
      const left = await lib.groundAndBuild(loaded, { grounder, timeoutSeconds: 30, keepGroundGame: false });
      if (!kept.propnet || !left.propnet) throw new Error("did not ground");
      expect(kept.game?.atoms.length).toBeGreaterThan(0);
      expect(left.game).toBeUndefined();
      expect(left.times.propnet).toBeGreaterThanOrEqual(0);
      expect(left.propnet.stats).toEqual(kept.propnet.stats);
      const playable = await lib.playableDescription(loaded, { grounder, timeoutSeconds: 30, keepGroundGame: false });
      if (!("game" in playable)) throw new Error("not playable");
      expect(playable.game.result.game).toBeUndefined();
      const sm = playable.game.machine;
      expect(sm.goals(sm.nextState(sm.initialState(), [sm.moveIndex(0, "go")!]))).toEqual([100]);
    } finally {
      await grounder.close();
    }
  });
});
