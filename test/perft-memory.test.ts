/**
 * perft's memory follows the depth the game reaches, not the depth asked (issue 25: `bench
 * ticTacToe.kif --perft 1e9` ran out of memory after 74 s, though tictactoe ends by depth 9).
 * A size test: a frame per level asked was 5 arrays × 10,000,000 levels before the first move.
 */
import { describe, expect, it } from "vitest";
import { buildPropnet, isCompileError, perftCounts } from "../src/propnet/index.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";
import { compileMachine } from "../src/propnet/compile-machine.js";
import { perftCountsInPlace } from "../src/propnet/search.js";

describe("perft", () => {
  // size test: a frame per level asked was 5 arrays × 10,000,000 levels before the first move
  it("keeps memory for the depth the game reaches, not for the depth asked", () => {
    const { game } = groundGameFromRules(groundTictactoeKif());
    const p = buildPropnet(game);
    for (const engine of ["fast", "reference"] as const) {
      const sm = compileMachine(p, { engine });
      if (isCompileError(sm)) throw new Error(sm.message);
      const deep = perftCountsInPlace(sm, 10_000_000);
      // every path of tictactoe ends by depth 9: no leaf at that depth, the whole tree visited
      expect(deep).toEqual({ ...perftCounts(sm, 10_000_000), depth: 10_000_000 });
      expect(deep.leaves).toBe(0);
      expect(deep.nodes).toBe(549_946);
    }
  });
});

