import { describe, expect, it } from "vitest";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createGrounder, raceWithNative, type AspGrounder, type ClosableGrounder, type GroundOutcome } from "../src/ground/index.js";
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
      const g = await created({ maxMemoryMb: 32, nativeRaceAfterMs: Infinity }); // the out-of-memory path alone, no race
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
      const g = await created({ maxMemoryMb: 32, nativeRaceAfterMs: Infinity }); // the out-of-memory path alone, no race
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

  describe("races a native gringo when clingo-wasm is slow", () => {
    /** A stand-in for clingo-wasm: answers `outcome` after `ms`, or "cancelled" when stopped first. */
    const fakeWasm = (ms: number, outcome: GroundOutcome, chunks: string[] = []): AspGrounder & { stopped: boolean } => {
      const fake = {
        stopped: false,
        ground: (_program: string, options: Parameters<AspGrounder["ground"]>[1]) =>
          new Promise<GroundOutcome>((resolve) => {
            for (const c of chunks) options.onOutput?.(new TextEncoder().encode(c));
            const timer = setTimeout(() => resolve(outcome), ms);
            options.signal?.addEventListener("abort", () => {
              fake.stopped = true;
              clearTimeout(timer);
              resolve({ status: "cancelled" });
            });
          }),
      };
      return fake;
    };
    const sleeper = (): string => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-race-"));
      const file = path.join(dir, "gringo");
      writeFileSync(file, "#!/bin/sh\nexec sleep 30\n");
      chmodSync(file, 0o755);
      return file;
    };
    const collect = () => {
      const state = { text: "", restarts: 0 };
      const decoder = new TextDecoder();
      return {
        state,
        options: {
          onOutput: (chunk: Uint8Array) => (state.text += decoder.decode(chunk)),
          onRestart: () => {
            state.restarts++;
            state.text = "";
          },
        },
      };
    };

    it("keeps clingo-wasm's answer when it finishes first, and stops the native run", async () => {
      const wasm = fakeWasm(300, { status: "ok", aspif: "", seconds: 0.3, warnings: [] }, ["asp 1 0 0\n"]);
      const { state, options } = collect();
      const started = performance.now();
      const outcome = await raceWithNative(wasm, sleeper, 0).ground("a.", { timeoutMs: 60_000, ...options });
      expect(outcome).toMatchObject({ status: "ok" });
      expect(outcome.status === "ok" && outcome.fallback).toBeUndefined();
      // read from the native run at the race's start, then clingo-wasm's kept chunks again when it won
      expect(state).toEqual({ text: "asp 1 0 0\n", restarts: 2 });
      expect(performance.now() - started).toBeLessThan(20_000); // the 30 s sleeper was killed, not waited for
    }, 30_000);

    it("says whose sizes a race that ran out of time reports (the native run's, being read)", async () => {
      const wasm = fakeWasm(300, { status: "timeout", seconds: 0.3 });
      const outcome = await raceWithNative(wasm, sleeper, 0).ground("a.", { timeoutMs: 60_000 });
      expect(outcome.status).toBe("timeout");
      expect(outcome.status === "timeout" && outcome.fallback).toMatch(/raced clingo-wasm from 0\.0 s and did not finish either; the sizes are .*gringo's/);
    }, 30_000);

    it("does not race without a native gringo", async () => {
      const wasm = fakeWasm(200, { status: "ok", aspif: "x", seconds: 0.2, warnings: [] });
      expect(await raceWithNative(wasm, () => undefined, 0).ground("a.", { timeoutMs: 60_000 })).toMatchObject({ status: "ok", aspif: "x" });
      expect(wasm.stopped).toBe(false);
    });

    it("passes a cancel to both runs", async () => {
      const wasm = fakeWasm(60_000, { status: "ok", aspif: "", seconds: 60, warnings: [] });
      const stop = new AbortController();
      setTimeout(() => stop.abort(), 300);
      const outcome = await raceWithNative(wasm, sleeper, 0).ground("a.", { timeoutMs: 60_000, signal: stop.signal });
      expect(outcome.status).toBe("cancelled");
      expect(wasm.stopped).toBe(true);
    }, 30_000);

    describe.skipIf(native === undefined)("with native gringo", () => {
      it("uses the native answer when it finishes first: clingo-wasm is stopped, its part of the stream dropped", async () => {
        const wasm = fakeWasm(60_000, { status: "ok", aspif: "", seconds: 60, warnings: [] }, ["partial from wasm\n"]);
        const { state, options } = collect();
        const outcome = await raceWithNative(wasm, () => native, 0).ground("p(1..3). q(X) :- p(X).", { timeoutMs: 60_000, ...options });
        expect(outcome.status).toBe("ok");
        expect(outcome.status === "ok" && outcome.fallback).toMatch(/grounded by .*gringo.*clingo-wasm was still grounding after 0\.0 s/);
        expect(wasm.stopped).toBe(true);
        expect(state.restarts).toBe(1);
        expect(state.text).toMatch(/^asp 1 0 0/);
        expect(state.text).not.toContain("partial from wasm");
      }, 30_000);

      it("after clingo-wasm runs out of memory mid-race, the native run under way is the answer", async () => {
        const wasm = fakeWasm(100, { status: "out-of-memory", message: "std::bad_alloc (memory limit 32 MiB)" }, ["partial\n"]);
        const { state, options } = collect();
        const outcome = await raceWithNative(wasm, () => native, 0).ground(BIG, { timeoutMs: 60_000, ...options });
        expect(outcome.status).toBe("ok");
        expect(outcome.status === "ok" && outcome.fallback).toMatch(/clingo-wasm ran out of memory.*32 MiB.*grounded by/);
        expect(state.restarts).toBe(1);
        expect(state.text.length).toBeGreaterThan(1_000_000);
      }, 60_000);

      it("the real auto grounder gives a slow clingo-wasm grounding to gringo", async () => {
        const g = await created({ nativeRaceAfterMs: 0 });
        try {
          const { state, options } = collect();
          const outcome = await g.ground(BIG, { timeoutMs: 60_000, ...options });
          expect(outcome.status).toBe("ok");
          // whichever won, the caller read one whole ground program
          expect(state.text.length).toBeGreaterThan(1_000_000);
          // 1: gringo won; 0 or 2: clingo-wasm won before or after the race began
          expect(outcome.status === "ok" && outcome.fallback ? [1] : [0, 2]).toContain(state.restarts);
        } finally {
          await g.close();
        }
      }, 60_000);
    });
  });
});
