import { describe, expect, it } from "vitest";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createGrounder, preferNative, type AspGrounder, type ClosableGrounder, type GroundOutcome } from "../src/ground/index.js";
import { findNativeGrounder, groundAspNative, startNativeGrounder } from "../src/ground/clingo/index.js";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
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

const native = await findNativeGrounder();
// CI (.ci/run) installs gringo; GDL_GROUND_REQUIRE_GRINGO=1 turns its absence into a failure there
const required = process.env.GDL_GROUND_REQUIRE_GRINGO === "1";

describe("--grounder auto", () => {
  it("is clingo-wasm without a native gringo, and says so", async () => {
    const g = await created({ nativeExecutable: null });
    try {
      const outcome = await g.ground("a. b :- a.", { timeoutMs: 30_000 });
      expect(outcome).toMatchObject({ status: "ok", grounder: "clingo-wasm" });
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

  describe.skipIf(native === undefined)(`uses a native gringo from PATH (${native ?? "none on PATH: skipped"})`, () => {
    it("grounds with gringo, not clingo-wasm, and says which", async () => {
      const g = await created({ maxMemoryMb: 32 }); // clingo-wasm could not hold BIG in 32 MiB
      try {
        let bytes = 0;
        const outcome = await g.ground(BIG, { timeoutMs: 60_000, onOutput: (chunk) => (bytes += chunk.length) });
        expect(outcome).toMatchObject({ status: "ok", grounder: native });
        expect(outcome.status === "ok" && outcome.fallback).toBeUndefined();
        expect(bytes).toBeGreaterThan(1_000_000);
        expect(g.description).toContain(native!);
      } finally {
        await g.close();
      }
    }, 90_000);

    it("starts gringo ahead, waiting for the program, and grounds with that process", async () => {
      const ahead = startNativeGrounder(native!);
      await new Promise((resolve) => setTimeout(resolve, 50)); // the caller reads the game meanwhile
      expect(ahead.available).toBe(true);
      const outcome = await groundAspNative("a. b :- a.", { executable: native, started: ahead, timeoutMs: 30_000 });
      expect(outcome.status).toBe("ok");
      expect(ahead.available).toBe(false);
      // a process grounds one program; the next grounding starts its own
      expect((await ahead.ground("c.", { timeoutMs: 30_000 })).status).toBe("error");
      expect((await groundAspNative("c.", { executable: native, started: ahead, timeoutMs: 30_000 })).status).toBe("ok");
    }, 60_000);

    it("a process started ahead and never used does not keep Node running", () => {
      const nativeJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", "src", "ground", "clingo", "native.js");
      const script = `import(${JSON.stringify(nativeJs)}).then((m) => { m.startNativeGrounder(${JSON.stringify(native)}); });`;
      const run = spawnSync(process.execPath, ["-e", script], { timeout: 20_000, encoding: "utf8" });
      expect(run.error).toBeUndefined(); // no ETIMEDOUT: Node exited by itself
      expect(run.status).toBe(0);
    }, 30_000);

    it("the pipeline reports the grounder, with no note", async () => {
      const g = await created({});
      try {
        const result = await groundDescription(loadText(BIG_GAME, "big.kif"), { grounder: g, timeoutSeconds: 60 });
        expect(result.status).toBe("ok");
        expect(result.grounder).toBe(native);
        expect(result.fallback).toBeUndefined();
        expect(result.diagnostics.filter((d) => d.code === "ground")).toEqual([]);
        expect(result.game!.input.length).toBe(500);
      } finally {
        await g.close();
      }
    }, 90_000);
  });

  describe("falls back to clingo-wasm when the native executable cannot be used", () => {
    /** A stand-in for clingo-wasm: answers `outcome` after `ms`, or "cancelled" when stopped first. */
    const fakeWasm = (ms: number, outcome: GroundOutcome, chunks: string[] = []): AspGrounder & { calls: number } => {
      const fake = {
        calls: 0,
        ground: (_program: string, options: Parameters<AspGrounder["ground"]>[1]) =>
          new Promise<GroundOutcome>((resolve) => {
            fake.calls++;
            for (const c of chunks) options.onOutput?.(new TextEncoder().encode(c));
            const timer = setTimeout(() => resolve(outcome), ms);
            options.signal?.addEventListener("abort", () => {
              clearTimeout(timer);
              resolve({ status: "cancelled" });
            });
          }),
      };
      return fake;
    };
    /** A stand-in for gringo: a shell script. */
    const script = (body: string): string => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "gdl-native-"));
      const file = path.join(dir, "gringo");
      writeFileSync(file, `#!/bin/sh\n${body}\n`);
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
    const OK: GroundOutcome = { status: "ok", aspif: "", seconds: 0.1, warnings: [] };

    it("a native run that crashes after writing part of the program: clingo-wasm starts over, and the outcome says why", async () => {
      const crasher = script('cat > /dev/null; echo "asp 1 0 0"; echo "half a program"; echo "Segmentation fault" >&2; kill -SEGV $$');
      const wasm = fakeWasm(50, OK, ["asp 1 0 0\n0\n"]);
      const { state, options } = collect();
      const outcome = await preferNative(wasm, async () => crasher).ground("a.", { timeoutMs: 60_000, ...options });
      expect(outcome).toMatchObject({ status: "ok", grounder: "clingo-wasm" });
      expect(outcome.status === "ok" && outcome.fallback).toMatch(/gringo could not be used \(.*SIGSEGV.*\); grounded by clingo-wasm instead/);
      expect(wasm.calls).toBe(1);
      expect(state).toEqual({ text: "asp 1 0 0\n0\n", restarts: 1 });
    }, 30_000);

    it("an older grounder whose output is not aspif: the pipeline falls back to clingo-wasm (the version is never asked)", async () => {
      const old = script('cat > /dev/null; echo "1 1 1 0 0"; echo "0"; echo "B+"; exit 0');
      const g = await created({ nativeExecutable: old });
      try {
        await g.warmUp(); // started ahead, like the command line does
        const small = "(role robot) (init (on 1)) (num 1) (num 2) (num 3) (<= (legal robot (go ?y)) (true (on ?x)) (num ?y) (distinct ?x ?y)) (<= (next (on ?y)) (does robot (go ?y))) (<= terminal (true (on 3))) (<= (goal robot 100) (true (on 3))) (<= (goal robot 0) (not (true (on 3))))";
        const result = await groundDescription(loadText(small, "small.kif"), { grounder: g, timeoutSeconds: 60 });
        expect(result.status).toBe("ok");
        expect(result.grounder).toBe("clingo-wasm");
        expect(result.fallback).toMatch(/could not be used/);
        expect(result.game!.input.length).toBe(3);
      } finally {
        await g.close();
      }
    }, 60_000);

    it("an executable that is not a grounder at all: clingo-wasm grounds", async () => {
      const wasm = fakeWasm(10, OK);
      const outcome = await preferNative(wasm, async () => "/nonexistent/gringo").ground("a.", { timeoutMs: 60_000 });
      expect(outcome).toMatchObject({ status: "ok", grounder: "clingo-wasm" });
      expect(outcome.status === "ok" && outcome.fallback).toMatch(/could not be used/);
    });

    it("an error in the program is the answer: clingo-wasm would report it too", async () => {
      const complainer = script('cat > /dev/null; echo "<stdin>:1:3-4: error: syntax error, unexpected ." >&2; exit 65');
      const wasm = fakeWasm(10, OK);
      const outcome = await preferNative(wasm, async () => complainer).ground("a :- .", { timeoutMs: 60_000 });
      expect(outcome).toMatchObject({ status: "error", aspLine: 1 });
      expect(wasm.calls).toBe(0);
    });

    it("a timeout is the answer, with no second try", async () => {
      const sleeper = script("exec sleep 30");
      const wasm = fakeWasm(10, OK);
      const started = performance.now();
      const outcome = await preferNative(wasm, async () => sleeper).ground("a.", { timeoutMs: 300 });
      expect(outcome.status).toBe("timeout");
      expect(wasm.calls).toBe(0);
      expect(performance.now() - started).toBeLessThan(20_000); // the 30 s sleeper was killed
    }, 30_000);

    it("a cancel stops the native run and starts nothing else", async () => {
      const sleeper = script("exec sleep 30");
      const wasm = fakeWasm(10, OK);
      const stop = new AbortController();
      setTimeout(() => stop.abort(), 200);
      const outcome = await preferNative(wasm, async () => sleeper).ground("a.", { timeoutMs: 60_000, signal: stop.signal });
      expect(outcome.status).toBe("cancelled");
      expect(wasm.calls).toBe(0);
    }, 30_000);

    it("without a native executable it is clingo-wasm alone", async () => {
      const wasm = fakeWasm(10, { status: "ok", aspif: "x", seconds: 0.01, warnings: [] });
      expect(await preferNative(wasm, async () => undefined).ground("a.", { timeoutMs: 60_000 })).toMatchObject({ status: "ok", aspif: "x", grounder: "clingo-wasm" });
      expect(wasm.calls).toBe(1);
    });
  });
});
