/**
 * The game's own base and input as P^base (`--declared-base-input`, ground/declared.ts): where they
 * leave out a fluent that `next` derives or a move that `legal` derives, a warning at the first `base`
 * says so and what it costs; before, such a game came out wrong without a word about why (a
 * counter's last value missing from base never ended the game, a move missing from input had no
 * effect: random game 60766). Real games whose declarations miss only what no reachable state
 * holds (gt_chicken, pawnToQueen) are still ground with them and agree with the prover.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ClosableGrounder } from "../src/ground/index.js";
import { groundAndBuild, loadText } from "../src/pipeline.js";
import { verifyGame } from "../src/verify/verify-game.js";
import { withGrounder } from "./support/grounder.js";

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));
const dir = mkdtempSync(path.join(tmpdir(), "declared-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A counter to 3 (terminal at 3) with a move `jump` that sets it to 3 at once; `base` and `input` as given. */
function counter(declarations: string): string {
  return `(role p)
(init (at 0))
(succ 0 1) (succ 1 2) (succ 2 3)
(legal p step)
(<= (legal p jump) (true (at 0)))
(<= (next (at ?y)) (does p step) (true (at ?x)) (succ ?x ?y))
(<= (next (at 3)) (does p jump))
(<= terminal (true (at 3)))
(<= (goal p 100) (true (at 3)))
(<= (goal p 0) (not (true (at 3))))
${declarations}
`;
}

const COMPLETE = "(base (at 0)) (base (at 1)) (base (at 2)) (base (at 3)) (input p step) (input p jump)";
/** base stops at 2, as gt_chicken's rounds stop short of the last. */
const SHORT_BASE = "(base (at 0)) (base (at 1)) (base (at 2)) (input p step) (input p jump)";
/** input has no jump, as pawnToQueen's has no pawn's double step. */
const SHORT_INPUT = "(base (at 0)) (base (at 1)) (base (at 2)) (base (at 3)) (input p step)";

async function ground(name: string, text: string) {
  const file = path.join(dir, `${name}.kif`);
  writeFileSync(file, text);
  const loaded = loadText(text, file);
  expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const result = await groundAndBuild(loaded, { grounder, timeoutSeconds: 30, declaredBaseInput: true });
  const verified = await verifyGame(file, name, { grounder, playouts: 4, seed: 3, maxSteps: 20, translate: { declaredBaseInput: true } });
  return { result, verified };
}

describe("declared base and input", () => {
  it("are used where they cover what the rules derive", async () => {
    const { result, verified } = await ground("complete", counter(COMPLETE));
    expect(result.status).toBe("ok");
    expect(result.program!.usedDeclaredBaseInput).toBe(true);
    expect(result.diagnostics.filter((d) => d.code === "declared")).toEqual([]);
    expect(verified.status, verified.detail).toBe("agree");
  });

  it("missing a fluent that next derives: a warning at the first base, and the game that results is wrong", async () => {
    const { result, verified } = await ground("short-base", counter(SHORT_BASE));
    expect(result.status).toBe("ok");
    expect(result.program!.usedDeclaredBaseInput).toBe(true);
    const warnings = result.diagnostics.filter((d) => d.code === "declared");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: "warning", pos: { line: 11, col: 1 } });
    expect(warnings[0].message).toMatch(/base lacks \(at 3\), which init or next derive.*the ground game is wrong/);
    // what the warning is about: the state after (at 2) lacks (at 3), so the game never ends
    expect(verified.status, verified.detail).toBe("disagree");
    expect(verified.detail).toMatch(/state|terminal/);
  });

  it("missing a move that legal derives: the same", async () => {
    const { result } = await ground("short-input", counter(SHORT_INPUT));
    const warnings = result.diagnostics.filter((d) => d.code === "declared");
    expect(warnings.map((d) => d.message)).toEqual([expect.stringMatching(/input lacks \(p jump\), which legal derives/)]);
  });

  it("without the flag, the static relaxation: no warning, and the game agrees", async () => {
    const file = path.join(dir, "short-base-derived.kif");
    writeFileSync(file, counter(SHORT_BASE));
    const result = await groundAndBuild(loadText(counter(SHORT_BASE), file), { grounder, timeoutSeconds: 30 });
    expect(result.diagnostics.filter((d) => d.code === "declared")).toEqual([]);
    const row = await verifyGame(file, "short-base", { grounder, playouts: 4, seed: 3, maxSteps: 20 });
    expect(row.status, row.detail).toBe("agree");
  });
});

const BASE = path.resolve(__dirname, "..", "..", "shared", "games", "base");
describe.skipIf(!existsSync(BASE))("declared base and input of real games that leave out only what is unreachable", () => {
  for (const [name, missing] of [
    ["gt_chicken", /base lacks \(round 100\)/],
    ["pawnToQueen", /input lacks .*\(white \(move wp d 2 d 4\)\)/],
  ] as const) {
    it(name, { timeout: 60_000 }, async () => {
      const file = path.join(BASE, `${name}.kif`);
      const result = await groundAndBuild(loadText(readFileSync(file, "utf8"), file), { grounder, timeoutSeconds: 30, declaredBaseInput: true });
      expect(result.diagnostics.find((d) => d.code === "declared")?.message).toMatch(missing);
      const row = await verifyGame(file, name, { grounder, playouts: 2, seed: 1, maxSteps: 200, translate: { declaredBaseInput: true } });
      expect(row.status, row.detail).toBe("agree");
    });
  }
});
