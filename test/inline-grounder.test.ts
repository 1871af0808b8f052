/**
 * clingo-wasm on the calling thread (ground/clingo/inline-host.ts), the command line's grounder
 * for `gdl-ground GAME`: the same outcomes as in a worker, and a time limit that stops a
 * grounding although no timer can fire while it runs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startClingo } from "../src/ground/clingo/clingo-start.js";
import { inlineClingoHost } from "../src/ground/clingo/inline-host.js";
import { WorkerGrounder } from "../src/ground/clingo/worker-grounder.js";
import { Grounder } from "../src/ground/clingo/index.js";
import { createGrounder, type GroundOutcome } from "../src/ground/index.js";

/** Grounds for many seconds (and would need far more than 2 GiB). */
const ENDLESS = "p(1..3000). q(X,Y,Z) :- p(X), p(Y), p(Z).";
const PROGRAM = `
cell(1..3,1..3). mark(x;o).
{ put(X,Y,M) : cell(X,Y), mark(M) }.
row(X,M) :- put(X,1,M), put(X,2,M), put(X,3,M).
won(M) :- row(X,M).
`;

function ok(outcome: GroundOutcome): Extract<GroundOutcome, { status: "ok" }> {
  if (outcome.status !== "ok") throw new Error(`grounding failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

const start = startClingo();
const inline = new WorkerGrounder(inlineClingoHost(start));
const worker = new Grounder();
afterAll(async () => {
  await inline.close();
  await worker.close();
});

describe("clingo-wasm on this thread", () => {
  it("grounds as the worker does: the same aspif, warnings and errors", async () => {
    const here = ok(await inline.ground(PROGRAM, { timeoutMs: 30_000 }));
    const there = ok(await worker.ground(PROGRAM, { timeoutMs: 30_000 }));
    expect(here.aspif).toBe(there.aspif);
    expect(here.aspif).toMatch(/^asp 1 0 0/);
    const warned = ok(await inline.ground("a :- b.", { timeoutMs: 30_000 }));
    expect(warned.warnings[0]).toMatch(/^<asp>:1:6-7: info: atom does not occur in any rule head/);
    const bad = await inline.ground("p(1..3).\nq(X :- p(X).\n", { timeoutMs: 30_000 });
    expect(bad).toMatchObject({ status: "error", aspLine: 2, aspCol: 5, aspLineText: "q(X :- p(X)." });
  });

  it("streams the ground program in pieces, the same bytes as whole", async () => {
    const chunked = new WorkerGrounder(inlineClingoHost(start), { chunkBytes: 64 });
    try {
      const pieces: Uint8Array[] = [];
      const streamed = ok(await chunked.ground(PROGRAM, { timeoutMs: 30_000, onOutput: (bytes) => pieces.push(bytes.slice()) }));
      expect(streamed.aspif).toBe("");
      expect(pieces.length).toBeGreaterThan(1);
      const whole = ok(await inline.ground(PROGRAM, { timeoutMs: 30_000 }));
      expect(Buffer.concat(pieces).toString("utf8")).toBe(whole.aspif);
    } finally {
      await chunked.close();
    }
  });

  it("streams in pieces of any size, each filled to the byte (the ground program copied from clingo's memory in bulk)", async () => {
    const whole = ok(await inline.ground(PROGRAM, { timeoutMs: 30_000 }));
    for (const chunkBytes of [1, 7, 4096]) {
      const chunked = new WorkerGrounder(inlineClingoHost(start), { chunkBytes });
      try {
        const pieces: Uint8Array[] = [];
        ok(await chunked.ground(PROGRAM, { timeoutMs: 30_000, onOutput: (bytes) => pieces.push(bytes.slice()) }));
        expect(pieces.slice(0, -1).every((piece) => piece.length === chunkBytes)).toBe(true);
        expect(Buffer.concat(pieces).toString("utf8")).toBe(whole.aspif);
      } finally {
        await chunked.close();
      }
    }
  });

  it("finds emscripten's fd_read and fd_write among clingo's imports, which it replaces by bulk copies", async () => {
    const { clingoWasmFiles } = await import("../src/ground/clingo/wasm-binary.js");
    const factory = ((await import(clingoWasmFiles().moduleUrl)) as { default: (options: object) => Promise<unknown> }).default;
    const names = await new Promise<string[]>((resolve) => {
      void factory({
        instantiateWasm(imports: Record<string, Record<string, unknown>>) {
          resolve(Object.values(imports).flatMap((table) => Object.values(table).map((f) => (typeof f === "function" ? f.name : ""))));
          return {};
        },
      });
    });
    expect(names).toContain("_fd_read");
    expect(names).toContain("_fd_write");
  });

  it("stops a long grounding at the time limit though no timer fires during it; the next grounding starts a fresh clingo", async () => {
    const before = inline.workersStarted;
    const outcome = await inline.ground(ENDLESS, { timeoutMs: 300 });
    expect(outcome.status).toBe("timeout");
    expect(outcome.status === "timeout" && outcome.seconds).toBeGreaterThanOrEqual(0.3);
    const next = ok(await inline.ground(PROGRAM, { timeoutMs: 30_000 }));
    expect(next.aspif).toBe(ok(await worker.ground(PROGRAM, { timeoutMs: 30_000 })).aspif);
    expect(inline.workersStarted).toBe(before + 1);
  }, 60_000);

  it("reports heap exhaustion as out-of-memory (with a 64 MiB limit), and leaves the process's exit code alone", async () => {
    const small = new WorkerGrounder(inlineClingoHost(start), { maxMemoryMb: 64 });
    const exitCode = process.exitCode;
    try {
      const outcome = await small.ground(ENDLESS, { timeoutMs: 60_000 });
      expect(outcome.status).toBe("out-of-memory");
      expect(outcome.status === "out-of-memory" && outcome.message).toMatch(/bad_alloc.*64 MiB/);
      ok(await small.ground("a.", { timeoutMs: 30_000 }));
      expect(process.exitCode).toBe(exitCode);
    } finally {
      await small.close();
    }
  }, 60_000);

  it("a signal aborted before the run cancels it", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await inline.ground(PROGRAM, { timeoutMs: 30_000, signal: controller.signal })).toEqual({ status: "cancelled" });
  });
});

describe("createGrounder's inline option", () => {
  it("grounds on this thread with a start of the same tier and memory limit, in a worker otherwise", async () => {
    const spawned: string[] = [];
    // the inline host reads the start's module of clingo's JavaScript once per clingo it starts
    const counting = Object.defineProperty({ ...start }, "emscripten", {
      get: () => {
        spawned.push("inline");
        return start.emscripten;
      },
    });
    // (a tier other than the start's would be the worker's too; it is not tried here: V8's
    // --liftoff-only is process-wide)
    for (const [options, expected] of [
      [{ inline: counting }, ["inline"]],
      [{ inline: counting, maxMemoryMb: 512 }, []],
    ] as const) {
      spawned.length = 0;
      const g = await createGrounder("wasm", options);
      if ("error" in g) throw new Error(g.error);
      try {
        ok(await g.ground(PROGRAM, { timeoutMs: 30_000 }));
      } finally {
        await g.close();
      }
      expect(spawned, JSON.stringify(Object.keys(options))).toEqual(expected);
    }
  }, 60_000);
});
