/**
 * Extraction's base fluents and input moves: sorted by UTF-16 code units, without repeats, whatever
 * order the grounder writes them in (extract.ts sorts flat copies of the KIF writer's slices).
 */
import { describe, expect, it } from "vitest";
import * as lib from "../src/index.js";

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("extraction's base and input", () => {
  it("come sorted by code units and distinct, long texts included", async () => {
    // names long enough that the writer's texts are slices of a decoded piece (13 characters or more)
    const cells = ["zzzzzzzzzzzzzzzz", "aaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "a", "zebra_long_name_1", "zebra_long_name_10", "zebra_long_name_2", "9_long_name_long"];
    const text = [
      "(role r) (role q)",
      ...cells.map((c) => `(pos ${c})`),
      "(<= (base (cell ?c)) (pos ?c)) (<= (base (cell ?c)) (pos ?c))",
      "(<= (input ?r (move_a_long_move_name ?c)) (role ?r) (pos ?c)) (<= (input ?r (move_a_long_move_name ?c)) (pos ?c) (role ?r))",
      "(<= (legal ?r (move_a_long_move_name ?c)) (role ?r) (pos ?c))",
      "(<= (next (cell ?c)) (does r (move_a_long_move_name ?c)))",
      "(<= terminal (true (cell a))) (goal r 100) (goal q 0)",
    ].join(" ");
    const grounder = await lib.createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    try {
      const { game } = await lib.groundDescription(lib.loadText(text, "order.kif"), { grounder, timeoutSeconds: 30 });
      const fluents = cells.map((c) => `(cell ${c})`).sort(byCodeUnits);
      expect(game!.base).toEqual(fluents);
      const moves = cells.map((c) => `(move_a_long_move_name ${c})`).sort(byCodeUnits);
      expect(game!.input).toEqual([...moves.map((move) => ({ role: "q", move })), ...moves.map((move) => ({ role: "r", move }))]);
    } finally {
      await grounder.close();
    }
  });
});
