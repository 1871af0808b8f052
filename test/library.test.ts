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

  it("extraction gives atoms as KIF and clauses in compressed rows, and the arguments read back", async () => {
    const text = "(role r) (init (cell 1 a)) (init (cell 2 a)) (<= (legal r (go ?x)) (true (cell ?x a))) (<= (next (cell ?x b)) (does r (go ?x))) (<= terminal (true (cell 1 b))) (goal r 100)";
    const grounder = await lib.createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      const { game } = await lib.groundDescription(lib.loadText(text, "cells.kif"), { grounder, timeoutSeconds: 30 });
      const atoms = game!.atoms;
      const legal = atoms.kif.indexOf("(legal r (go 1))");
      expect(legal).toBeGreaterThanOrEqual(0);
      expect(atoms.relation[legal]).toBe("legal");
      expect(lib.atomArguments(atoms, legal)).toEqual(["r", "(go 1)"]);
      expect(lib.groundAtom(atoms, legal).args[1]).toMatchObject({ kind: "compound", functor: "go", args: [{ kind: "constant", name: "1" }] });
      const clauses = game!.clauses;
      expect(clauses.head).toBeInstanceOf(Int32Array);
      expect(clauses.bodyStart).toHaveLength(clauses.length + 1);
      const rule = lib.groundClauseList(clauses).find((c) => c.head === legal)!;
      expect(rule.positive.map((a) => atoms.kif[a])).toEqual(["(true (cell 1 a))"]);
      expect(rule.negative).toEqual([]);
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
