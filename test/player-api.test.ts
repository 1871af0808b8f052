/**
 * The player API example of the README ("Playing a game from code"), run exactly as written:
 * the code block is taken from README.md, its import pointed at the built library (dist/, which
 * `npm test` builds first), and run with Node from the repository root.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadGame, GameLoadError } from "../src/player.js";
import { nativeGrounderOnPath } from "../src/ground/clingo/native.js";

const ROOT = path.resolve(__dirname, "..");
const TICTACTOE = path.resolve(ROOT, "../shared/games/base/ticTacToe.kif");

function readmeExample(): string {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Playing a game from code"));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error("no js block in the README's player API section");
  return match[1];
}

describe.skipIf(!existsSync(TICTACTOE))("the README's player API example", () => {
  it("runs as written and prints the goals it promises", () => {
    const code = readmeExample();
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-ground-readme-"));
    const file = path.join(dir, "example.mjs");
    writeFileSync(file, code.replace(`from "gdl-ground"`, `from ${JSON.stringify(pathToFileURL(path.join(ROOT, "dist/src/index.js")).href)}`));
    const out = execFileSync(process.execPath, [file], { cwd: ROOT, encoding: "utf8" });
    const promised = /console\.log\(game\.goals\(state\)\); \/\/ (.*)/.exec(code)?.[1];
    expect(promised).toBeDefined();
    expect(out.replace(/\s+/g, " ").trim()).toBe(promised!.replace(/\s+/g, " ").trim());
  }, 60_000);

  it("the same calls in-process, with moves as a role record, on both engines", async () => {
    for (const engine of ["fast", "reference"] as const) {
      const game = await loadGame(TICTACTOE, { engine });
      expect(game.machine.engine).toBe(engine);
      let state = game.initialState();
      expect(game.legalMoves(state, "xplayer")).toHaveLength(9);
      state = game.nextState(state, { xplayer: "(mark 2 2)", oplayer: "noop" });
      expect(game.stateToKif(state)).toContain("(cell 2 2 x)");
      expect(game.isTerminal(state)).toBe(false);
      expect(() => game.nextState(state, ["(mark 9 9)", "noop"])).toThrow(RangeError);
    }
  }, 60_000);

  // loadGame once defaulted to clingo-wasm where the command line takes a native gringo from PATH:
  // a library user with gringo installed got the slower grounder, and alexChess's hybrid rest did
  // not ground in the time its limit leaves (played on the prover instead).
  it.skipIf(nativeGrounderOnPath() === undefined)("grounds with the native gringo on PATH by default, clingo-wasm when asked", async () => {
    expect((await loadGame(TICTACTOE)).grounder).toBe(nativeGrounderOnPath());
    expect((await loadGame(TICTACTOE, { grounder: "wasm" })).grounder).toBe("clingo-wasm");
  }, 60_000);

  it("an invalid game is a GameLoadError with diagnostics", async () => {
    await expect(loadGame("(role x) (<= (legal x noop)")).rejects.toBeInstanceOf(GameLoadError);
  }, 60_000);
});
