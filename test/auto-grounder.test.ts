import { describe, expect, it } from "vitest";
import { createGrounder, type ClosableGrounder } from "../src/ground/index.js";
import { findNativeGrounder } from "../src/ground/clingo/index.js";
import { groundDescription, loadText } from "../src/pipeline.js";

/** About 250 000 ground rules: more than clingo-wasm can hold in 32 MiB, seconds for a native gringo. */
const BIG = "p(1..500). q(X,Y) :- p(X), p(Y).";

/** A game whose ground program needs more than 32 MiB of wasm heap. */
const BIG_GAME = `
(role robot)
(init (on 1))
${Array.from({ length: 500 }, (_, i) => `(num ${i + 1})`).join(" ")}
(<= (pair ?x ?y) (num ?x) (num ?y))
(<= (legal robot (go ?y)) (true (on ?x)) (pair ?x ?y))
(<= (next (on ?y)) (does robot (go ?y)))
(<= terminal (true (on 500)))
(<= (goal robot 100) (true (on 500)))
(<= (goal robot 0) (not (true (on 500))))
`;

async function created(options: Parameters<typeof createGrounder>[1]): Promise<ClosableGrounder> {
  const g = await createGrounder("auto", options);
  if ("error" in g) throw new Error(g.error);
  return g;
}

const native = findNativeGrounder();
// CI (.ci/run) installs gringo; GDL_GROUND_REQUIRE_GRINGO=1 turns its absence into a failure there
const required = process.env.GDL_GROUND_REQUIRE_GRINGO === "1";

describe("--grounder auto", () => {
  it("is clingo-wasm when that suffices", async () => {
    const g = await created({});
    try {
      const outcome = await g.ground("a. b :- a.", { timeoutMs: 30_000 });
      expect(outcome).toMatchObject({ status: "ok" });
      expect(outcome.status === "ok" && outcome.fallback).toBeUndefined();
    } finally {
      await g.close();
    }
  });

  it("without a native gringo, reports clingo-wasm's out-of-memory", async () => {
    const g = await created({ maxMemoryMb: 32, nativeExecutable: null });
    try {
      const outcome = await g.ground(BIG, { timeoutMs: 60_000 });
      expect(outcome.status).toBe("out-of-memory");
    } finally {
      await g.close();
    }
  }, 90_000);

  if (required && native === undefined) {
    it("needs gringo on PATH (GDL_GROUND_REQUIRE_GRINGO=1; .ci/run installs it)", () => {
      expect.fail("no gringo on PATH");
    });
  }

  describe.skipIf(native === undefined)(`falls back to native gringo (${native ?? "none on PATH: skipped"})`, () => {
    it("grounds with gringo when clingo-wasm runs out of memory, restarting the stream, and says so", async () => {
      const g = await created({ maxMemoryMb: 32 });
      try {
        let bytes = 0;
        let restarts = 0;
        const outcome = await g.ground(BIG, {
          timeoutMs: 60_000,
          onOutput: (chunk) => (bytes += chunk.length),
          onRestart: () => {
            restarts++;
            bytes = 0;
          },
        });
        expect(outcome.status).toBe("ok");
        expect(outcome.status === "ok" && outcome.fallback).toMatch(/clingo-wasm ran out of memory.*32 MiB.*grounded by .*gringo/);
        expect(restarts).toBe(1);
        expect(bytes).toBeGreaterThan(1_000_000);
      } finally {
        await g.close();
      }
    }, 90_000);

    it("the pipeline grounds the game and notes the fallback", async () => {
      const g = await created({ maxMemoryMb: 32 });
      try {
        const result = await groundDescription(loadText(BIG_GAME, "big.kif"), { grounder: g, timeoutSeconds: 60 });
        expect(result.status).toBe("ok");
        expect(result.fallback).toMatch(/grounded by/);
        expect(result.diagnostics.some((d) => d.severity === "note" && /clingo-wasm ran out of memory/.test(d.message))).toBe(true);
        expect(result.game!.input.length).toBe(500);
      } finally {
        await g.close();
      }
    }, 90_000);
  });
});
