/**
 * Infix on the real games: KIF -> infix -> KIF gives the same rules on every game of
 * ../shared/games/base and tests (exactly, or up to renaming the variables infix cannot spell,
 * `?n++`), and grounding the infix version gives the same propnet as the KIF version on a
 * slice of games (all 314: `npm run bench:infix`, results/infix-roundtrip.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { roundTripInfix } from "../src/syntax/roundtrip.js";
import { detectSyntax } from "../src/syntax/sniff.js";
import { groundDescription, loadText } from "../src/pipeline.js";
import { type ClosableGrounder } from "../src/ground/index.js";
import { buildPropnet } from "../src/propnet/build.js";
import { createdGrounder } from "./support/grounder.js";

const GAMES = path.resolve(__dirname, "../../shared/games");
const present = existsSync(path.join(GAMES, "base"));

const games = (dir: string) =>
  present ? readdirSync(path.join(GAMES, dir)).filter((f) => f.endsWith(".kif")).sort().map((f) => path.join(GAMES, dir, f)) : [];

describe.skipIf(!present)("KIF -> infix -> KIF on the real games", () => {
  for (const dir of ["base", "tests"]) {
    it(`gives the same rules on every game of ${dir}`, () => {
      const files = games(dir);
      if (dir === "base") expect(files.length).toBe(314);
      let exact = 0;
      const failures: string[] = [];
      for (const file of files) {
        const text = readFileSync(file, "utf8");
        const rt = roundTripInfix(text, path.basename(file));
        const diagnostics = [...rt.original.diagnostics, ...rt.fromInfix.diagnostics, ...rt.back.diagnostics];
        if (diagnostics.length > 0) failures.push(`${file}: ${diagnostics[0].message}`);
        else if (!rt.equivalent) failures.push(`${file}: the rules differ`);
        if (detectSyntax(text) !== "kif" || detectSyntax(rt.infix) !== "infix") failures.push(`${file}: sniffed wrongly`);
        if (rt.exact) exact++;
      }
      expect(failures).toEqual([]);
      // only games with variables such as ?n++ are equal up to renaming
      expect(exact).toBeGreaterThanOrEqual(files.length - 7);
    });
  }
});

const SLICE = ["ticTacToe", "connectFour", "nim1", "blocksWorld", "hanoi", "buttons", "roshambo2", "asteroids", "knightThrough", "3pffa"];

let grounder: ClosableGrounder;
beforeAll(async () => {
  if (!present) return;
  const g = await createdGrounder("wasm");
  grounder = g;
});
afterAll(async () => {
  await grounder?.close();
});

async function propnetStats(text: string, file: string) {
  const loaded = loadText(text, file);
  const result = await groundDescription(loaded, { grounder, timeoutSeconds: 60 });
  expect(result.status, result.diagnostics.map((d) => d.message).join("\n")).toBe("ok");
  const { stats } = buildPropnet(result.game!);
  return { syntax: loaded.syntax, stats, clauses: result.game!.clauses.length, base: result.game!.base, input: result.game!.input };
}

describe.skipIf(!present)("grounding the infix version", () => {
  for (const game of SLICE) {
    it(`${game}: the same ground game and propnet as the KIF version`, async () => {
      const file = path.join(GAMES, "base", `${game}.kif`);
      const text = readFileSync(file, "utf8");
      const kif = await propnetStats(text, `${game}.kif`);
      const infix = await propnetStats(roundTripInfix(text, game).infix, `${game}.gdl`);
      expect(kif.syntax).toBe("kif");
      expect(infix.syntax).toBe("infix");
      expect(infix.stats).toEqual(kif.stats);
      expect(infix.clauses).toBe(kif.clauses);
      expect(infix.base).toEqual(kif.base);
      expect(infix.input).toEqual(kif.input);
    });
  }
});
