/**
 * A long rule body through the translation (issue 25): literals with variables of their own
 * are split off in one pass, in the order the elimination rounds took them, and a body of
 * more than 32 split atoms without arguments becomes a chain of rules of two (gringo grounds
 * a long body in a recursive component in time n³). The game means the same: the long legal
 * rule holds exactly where its short form does.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadText } from "../src/pipeline.js";
import { playableDescription } from "../src/playable.js";
import { translate } from "../src/translate/index.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { withGrounder } from "./support/grounder.js";

const GAME = readFileSync(path.resolve(__dirname, "..", "corpus", "valid", "step-counter.kif"), "utf8");
/** The step counter with a move `jump`, legal when n literals hold (and `extra`). */
const withLegal = (n: number, extra = "") => `${GAME}\n(<= (legal climber jump) ${Array.from({ length: n }, (_, i) => `(true (height ?x${i}))`).join(" ")} ${extra})\n`;

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

describe("a long body", () => {
  it("is split literal by literal, and chained in rules of two above 32 split atoms", () => {
    for (const [n, longest] of [
      [32, 32],
      [33, 2],
      [1000, 2],
    ] as const) {
      const { program } = translate(loadText(withLegal(n), "long.kif").description!);
      const rules = program!.text.split("\n").filter((line) => line.startsWith("legal(climber,jump) :- "));
      expect(rules, String(n)).toHaveLength(1);
      const bodyLength = rules[0].split("_split").length - 1;
      expect(bodyLength, String(n)).toBe(n <= 32 ? n : 1);
      const widest = Math.max(...program!.text.split("\n").filter((l) => l.startsWith("_split")).map((l) => l.split("_split").length - 2));
      expect(widest, String(n)).toBeLessThanOrEqual(longest);
    }
  });

  it("holds where its short form holds", async () => {
    const jumps = async (text: string) => {
      const played = await playableDescription(loadText(text, "long.kif"), { grounder, timeoutSeconds: 60 });
      if (!("game" in played)) throw new Error(played.diagnostics.map((d) => d.message).join("; "));
      const sm = played.game.machine;
      return sm.legalMoveKifs(sm.initialState(), 0).includes("jump");
    };
    expect(await jumps(withLegal(1))).toBe(true);
    expect(await jumps(withLegal(100))).toBe(true);
    // a literal that never holds (the height is a number from 0 to 4)
    expect(await jumps(withLegal(1, "(true (height 7))"))).toBe(false);
    expect(await jumps(withLegal(100, "(true (height 7))"))).toBe(false);
  });
});
