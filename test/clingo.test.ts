import { afterAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import {
  Grounder,
  findNativeGrounder,
  groundAsp,
  groundAspNative,
  parseClingoMessages,
} from "../src/ground/clingo/index.js";
import type { GroundOutcome } from "../src/ground/asp-grounder.js";
import { clingoWasmFiles, limitWasmMemory } from "../src/ground/clingo/wasm-binary.js";
import { nodeClingoHost } from "../src/ground/clingo/node-host.js";
import { WorkerGrounder } from "../src/ground/clingo/worker-grounder.js";
import { lineOf } from "../src/ground/clingo/messages.js";
import { aspifView, parseAspif } from "./support/aspif.js";
import { parseAspSymbol } from "../src/ground/asp-symbol.js";

/** Grounds for many seconds (and would need far more than 2 GiB). */
const ENDLESS = "p(1..3000). q(X,Y,Z) :- p(X), p(Y), p(Z).";

const TICTACTOE_ASP = `
role(xplayer). role(oplayer).
init(cell(M,N,b)) :- index(M), index(N). index(1..3).
init(control(xplayer)).
legal(W, mark(X,Y)) :- true(cell(X,Y,b)), true(control(W)).
legal(oplayer, noop) :- true(control(xplayer)).
legal(xplayer, noop) :- true(control(oplayer)).
next(cell(M,N,x)) :- does(xplayer, mark(M,N)), true(cell(M,N,b)).
next(cell(M,N,o)) :- does(oplayer, mark(M,N)), true(cell(M,N,b)).
next(cell(M,N,W)) :- true(cell(M,N,W)), W != b.
next(cell(M,N,b)) :- does(W, mark(J,K)), true(cell(M,N,b)), M != J.
next(cell(M,N,b)) :- does(W, mark(J,K)), true(cell(M,N,b)), N != K.
next(control(xplayer)) :- true(control(oplayer)).
next(control(oplayer)) :- true(control(xplayer)).
row(M,X) :- true(cell(M,1,X)), true(cell(M,2,X)), true(cell(M,3,X)).
line(X) :- row(M,X).
open :- true(cell(M,N,b)).
terminal :- line(x). terminal :- not open.
base(F) :- init(F).
base(cell(M,N,x)) :- input(xplayer, mark(M,N)), base(cell(M,N,b)).
base(cell(M,N,o)) :- input(oplayer, mark(M,N)), base(cell(M,N,b)).
base(control(xplayer)) :- base(control(oplayer)).
base(control(oplayer)) :- base(control(xplayer)).
input(W, mark(X,Y)) :- base(cell(X,Y,b)), base(control(W)).
input(oplayer, noop) :- base(control(xplayer)).
input(xplayer, noop) :- base(control(oplayer)).
{ true(F) : base(F) }.
1 = { does(R,M) : input(R,M) } :- role(R).
`;

function ok(outcome: GroundOutcome): Extract<GroundOutcome, { status: "ok" }> {
  if (outcome.status !== "ok") throw new Error(`grounding failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

const grounder = new Grounder();
afterAll(() => grounder.close());

describe("Grounder (clingo-wasm in a worker)", () => {
  it("grounds a small program to aspif without solving", async () => {
    const outcome = ok(await grounder.ground("p(1..3). q(X) :- p(X), not r(X). r(2). {s}.", { timeoutMs: 30_000 }));
    const view = aspifView(parseAspif(outcome.aspif));
    expect([...view.facts].sort()).toEqual(["p(1)", "p(2)", "p(3)", "q(1)", "q(3)", "r(2)"]);
    // The choice rule survives as a choice rule; no answer sets are printed.
    expect(view.rules.some((r) => r.choice)).toBe(true);
    expect(outcome.aspif).not.toMatch(/Answer|SATISFIABLE/);
    expect(outcome.warnings).toEqual([]);
  });

  it("grounds a tictactoe-sized program and its output reads back", async () => {
    const outcome = ok(await grounder.ground(TICTACTOE_ASP, { timeoutMs: 60_000 }));
    const view = aspifView(parseAspif(outcome.aspif));
    const symbols = view.atomSymbol.filter((s): s is string => s !== undefined).map(parseAspSymbol);
    const does = symbols.filter((s) => s.kind === "function" && s.name === "does");
    expect(does).toHaveLength(20); // 9 marks per role + 2 noops
    expect(view.facts).toContain("input(xplayer,mark(2,3))");
    expect(view.facts).toContain("base(cell(1,1,x))");
    expect(view.rules.length).toBeGreaterThan(100);
  });

  it("keeps fact atoms' symbols with --preserve-facts=symtab", async () => {
    const outcome = ok(
      await grounder.ground("p(1..2). q :- p(1).", { timeoutMs: 30_000, extraArgs: ["--preserve-facts=symtab"] }),
    );
    const view = aspifView(parseAspif(outcome.aspif));
    expect(view.factAtoms.map((a) => view.atomSymbol[a]).sort()).toEqual(["p(1)", "p(2)", "q"]);
  });

  it("reports clingo's warnings", async () => {
    const outcome = ok(await grounder.ground("a :- b.", { timeoutMs: 30_000 }));
    expect(outcome.warnings).toHaveLength(1);
    expect(outcome.warnings[0]).toMatch(/^<asp>:1:6-7: info: atom does not occur in any rule head/);
  });

  it("reports a syntax error with its ASP line", async () => {
    const outcome = await grounder.ground("p(1..3).\nq(X :- p(X).\n", { timeoutMs: 30_000 });
    expect(outcome).toMatchObject({ status: "error", aspLine: 2, aspCol: 5, aspLineText: "q(X :- p(X)." });
    expect(outcome.status === "error" && outcome.message).toMatch(/syntax error/);
  });

  it("reports unsafe variables with their ASP line", async () => {
    const outcome = await grounder.ground("p(1).\n\nr(Y) :- p(X).", { timeoutMs: 30_000 });
    expect(outcome).toMatchObject({ status: "error", aspLine: 3, aspCol: 1, aspLineText: "r(Y) :- p(X)." });
    expect(outcome.status === "error" && outcome.message).toMatch(/unsafe variables/);
  });

  it("reads programs larger than clingo-wasm's 1 MiB stack", async () => {
    const facts = Array.from({ length: 60_000 }, (_, i) => `fact(${i},abcdefgh).`).join("\n");
    expect(facts.length).toBeGreaterThan(1_100_000);
    const outcome = ok(await grounder.ground(facts, { timeoutMs: 60_000 }));
    expect(aspifView(parseAspif(outcome.aspif)).facts).toHaveLength(60_000);
  });

  it("refuses options with blanks", async () => {
    const outcome = await grounder.ground("a.", { timeoutMs: 30_000, extraArgs: ["-c n=3"] });
    expect(outcome.status).toBe("error");
  });

  it("stops a long grounding at the time limit, and the next call still works", async () => {
    const started = grounder.workersStarted;
    const outcome = await grounder.ground(ENDLESS, { timeoutMs: 300 });
    expect(outcome.status).toBe("timeout");
    const next = ok(await grounder.ground("a. b :- a.", { timeoutMs: 30_000 }));
    expect([...aspifView(parseAspif(next.aspif)).facts].sort()).toEqual(["a", "b"]);
    expect(grounder.workersStarted).toBe(started + 1);
  });

  it("reports heap exhaustion as out-of-memory (with a 64 MiB limit)", async () => {
    const small = new Grounder({ maxMemoryMb: 64 });
    try {
      const outcome = await small.ground(ENDLESS, { timeoutMs: 60_000 });
      expect(outcome.status).toBe("out-of-memory");
      expect(outcome.status === "out-of-memory" && outcome.message).toMatch(/bad_alloc.*64 MiB/);
      ok(await small.ground("a.", { timeoutMs: 30_000 }));
      expect(small.workersStarted).toBe(2);
    } finally {
      await small.close();
    }
  });

  it("reports a ground program beyond maxOutputBytes as out-of-memory", async () => {
    const small = new Grounder({ maxOutputBytes: 1000 });
    try {
      const outcome = await small.ground("p(1..1000).", { timeoutMs: 30_000 });
      expect(outcome).toMatchObject({ status: "out-of-memory" });
      expect(outcome.status === "out-of-memory" && outcome.message).toMatch(/larger than 1000 bytes/);
      ok(await small.ground("p(1..10).", { timeoutMs: 30_000 }));
    } finally {
      await small.close();
    }
  });

  it("close() ends a run in progress", async () => {
    const g = new Grounder();
    await g.warmUp();
    const pending = g.ground(ENDLESS, { timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await g.close();
    expect(await pending).toMatchObject({ status: "error", message: "the clingo worker was stopped" });
    expect((await g.ground("a.", { timeoutMs: 1000 })).status).toBe("error");
  });

  it("streams the ground program in pieces equal to the whole, while clingo writes it", async () => {
    const program = "p(1..3000). q(X) :- p(X), not r(X). r(7).";
    const whole = ok(await grounder.ground(program, { timeoutMs: 30_000 })).aspif;
    const small = new Grounder({ chunkBytes: 4096 });
    try {
      const chunks: Uint8Array[] = [];
      const streamed = ok(await small.ground(program, { timeoutMs: 30_000, onOutput: (c) => chunks.push(c.slice()) }));
      expect(streamed.aspif).toBe("");
      expect(chunks.length).toBeGreaterThan(2);
      expect(chunks.slice(0, -1).every((c) => c.length === 4096)).toBe(true);
      const joined = Buffer.concat(chunks).toString("utf8");
      expect(joined).toBe(whole);
      expect(streamed.peakMemoryBytes).toBeGreaterThan(1 << 20);
    } finally {
      await small.close();
    }
  });

  it("streamed output has no string limit (maxOutputBytes applies to whole output only)", async () => {
    const small = new Grounder({ maxOutputBytes: 1000, chunkBytes: 512 });
    try {
      let bytes = 0;
      ok(await small.ground("p(1..1000).", { timeoutMs: 30_000, onOutput: (c) => (bytes += c.length) }));
      expect(bytes).toBeGreaterThan(1000);
    } finally {
      await small.close();
    }
  });

  it("a failing output reader ends the run as an error, not a crash", async () => {
    const outcome = await grounder.ground("p(1..10).", {
      timeoutMs: 30_000,
      onOutput: () => {
        throw new Error("disk full");
      },
    });
    expect(outcome).toMatchObject({ status: "error" });
    expect(outcome.status === "error" && outcome.message).toMatch(/disk full/);
  });

  it("an AbortSignal stops a long grounding as cancelled, and the next call still works", async () => {
    const controller = new AbortController();
    const pending = grounder.ground(ENDLESS, { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    expect(await pending).toEqual({ status: "cancelled" });
    expect(performance.now() - started).toBeLessThan(30_000);
    ok(await grounder.ground("a.", { timeoutMs: 30_000 }));
    expect(await grounder.ground("a.", { timeoutMs: 30_000, signal: AbortSignal.abort() })).toEqual({ status: "cancelled" });
  });

  it("a signal that fires while the worker starts cancels the run", async () => {
    const fresh = new Grounder();
    try {
      const controller = new AbortController();
      const pending = fresh.ground("p(1..10).", { timeoutMs: 60_000, signal: controller.signal });
      setImmediate(() => controller.abort()); // the worker is still starting: no run has begun
      expect(await pending).toEqual({ status: "cancelled" });
      ok(await fresh.ground("a.", { timeoutMs: 30_000 }));
    } finally {
      await fresh.close();
    }
  });

  it("groundAsp grounds once and lets go of its worker", async () => {
    const outcome = ok(await groundAsp("x(1).", { timeoutMs: 30_000 }));
    expect(aspifView(parseAspif(outcome.aspif)).facts).toEqual(["x(1)"]);
  });
});

describe("clingo messages", () => {
  it("splits blocks and reads locations", () => {
    const messages = parseClingoMessages([
      "<asp>:1:1-11: error: unsafe variables in:",
      "  p(X):-[#inc_base];q.",
      "<asp>:1:3-4: note: 'X' is unsafe",
      "",
      "<asp>:2:1-3:4: warning: something",
      "*** ERROR: (clingo): grounding stopped because of errors",
    ]);
    expect(messages.map((m) => [m.severity, m.line, m.column, m.endLine, m.endColumn])).toEqual([
      ["error", 1, 1, 1, 11],
      ["warning", 2, 1, 3, 4],
      ["error", undefined, undefined, undefined, undefined],
    ]);
    expect(messages[0].text.split("\n")).toHaveLength(3);
  });

  it("finds lines of the ASP text", () => {
    expect(lineOf("a.\r\nb.\nc.", 2)).toBe("b.");
    expect(lineOf("a.\nb.", 3)).toBeUndefined();
  });
});

describe("clingo-wasm binary", () => {
  it("lowers the memory maximum in place", () => {
    const binary = new Uint8Array(readFileSync(clingoWasmFiles().wasmPath));
    const limited = limitWasmMemory(binary, 1024);
    expect(limited).toBeDefined();
    expect(limited!.length).toBe(binary.length);
    const differing = limited!.reduce((n, b, i) => n + (b !== binary[i] ? 1 : 0), 0);
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThanOrEqual(3);
    expect(limitWasmMemory(binary, 1)).toBeUndefined(); // below the initial memory
  });
});

const native = await findNativeGrounder();
// .ci/run installs gringo and sets GDL_GROUND_REQUIRE_GRINGO=1: there a missing gringo fails
if (process.env.GDL_GROUND_REQUIRE_GRINGO === "1") {
  describe("native grounder required", () => {
    it("finds gringo on PATH", () => expect(native, "GDL_GROUND_REQUIRE_GRINGO=1 but no gringo/clingo on PATH").toBeDefined());
  });
}
describe.skipIf(native === undefined)(`native grounder (${native ?? "none on PATH: skipped"})`, () => {
  it("grounds to the same facts as clingo-wasm", async () => {
    const program = "p(1..3). q(X) :- p(X), not r(X). r(2).";
    const nat = ok(await groundAspNative(program, { timeoutMs: 30_000 }));
    const wasm = ok(await grounder.ground(program, { timeoutMs: 30_000 }));
    expect([...aspifView(parseAspif(nat.aspif)).facts].sort()).toEqual([...aspifView(parseAspif(wasm.aspif)).facts].sort());
  });

  it("reports errors with their ASP line", async () => {
    const outcome = await groundAspNative("p(1).\nq(X) :- r.", { timeoutMs: 30_000 });
    expect(outcome).toMatchObject({ status: "error", aspLine: 2, aspCol: 1, aspLineText: "q(X) :- r." });
  });

  it("stops at the time limit", async () => {
    expect((await groundAspNative(ENDLESS, { timeoutMs: 300 })).status).toBe("timeout");
  });
});

describe("closing a grounder while it starts", () => {
  it("close() during the warm-up ends at once, whenever it comes (once hung when the worker was stopped before it was ready)", async () => {
    for (const delay of [0, 2, 5, 10, 20, 40, 80, 160]) {
      const g = new Grounder();
      void g.warmUp();
      await new Promise((resolve) => setTimeout(resolve, delay));
      const closed = await Promise.race([g.close().then(() => "closed"), new Promise((resolve) => setTimeout(() => resolve("stuck"), 20_000))]);
      expect(closed, `close() after ${delay} ms`).toBe("closed");
    }
  });
});

describe("V8's tier-up of clingo-wasm in Node", () => {
  it("optimizes none or a few small ones of clingo's functions for a small grounding (its start-up code stays baseline)", () => {
    // A child process, since the trace flag is per process; it runs the compiled dist/ (npm test builds first).
    const url = new URL("../dist/src/ground/clingo/index.js", import.meta.url).href;
    const script = `
      const { Grounder } = await import(${JSON.stringify(url)});
      const g = new Grounder();
      const outcome = await g.ground(${JSON.stringify(TICTACTOE_ASP)}, { timeoutMs: 30000 });
      await g.close();
      console.log("status", outcome.status);`;
    const run = spawnSync(process.execPath, ["--trace-wasm-compilation-times", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
    expect(run.stdout).toContain("status ok");
    const optimized = run.stdout.split("\n").filter((line) => /using TurboFan/.test(line));
    const bodySizes = optimized.map((line) => Number(/bodysize (\d+)/.exec(line)?.[1] ?? NaN));
    // before: 24, among them the 48 KB start-up function (100–200 ms of compiling); now none, or
    // one or two small ones that happen to reach their budget (a few ms each)
    expect(bodySizes.length).toBeLessThanOrEqual(4);
    expect(bodySizes.every((size) => size < 10_000)).toBe(true);
  }, 60_000);
});

describe("clingo-wasm's worker and this thread's ArrayBuffers", () => {
  it("never transfers (detaches) a buffer of this thread: the first detach slows every typed-array access of optimized code", async () => {
    // V8's ArrayBufferDetaching protector: once any ArrayBuffer of an isolate is detached, optimized
    // code checks for detachment at every typed-array access (the fast propnet engine ran 0.8x as
    // fast afterwards)
    const host = nodeClingoHost();
    const transfers: number[] = [];
    const spied = {
      ...host,
      spawn: () => {
        const port = host.spawn();
        const post = port.postMessage.bind(port);
        port.postMessage = (message: unknown, transfer?: readonly ArrayBuffer[]) => {
          transfers.push(transfer?.length ?? 0);
          post(message, transfer);
        };
        return port;
      },
    };
    const g = new WorkerGrounder(spied);
    try {
      const outcome = await g.ground(TICTACTOE_ASP, { timeoutMs: 30_000 });
      expect(outcome.status).toBe("ok");
    } finally {
      await g.close();
    }
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers.every((n) => n === 0)).toBe(true);
  }, 60_000);
});
