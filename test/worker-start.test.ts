/**
 * clingo-wasm's start in WorkerGrounder (ground/clingo/worker-grounder.ts): the worker is spawned
 * before the wasm module is compiled, so that its boot (the longest part of the start) overlaps
 * the compile, and is sent the module once it is there. A host with a fake worker and a compile
 * the test resolves or fails by hand.
 */
import { describe, expect, it } from "vitest";
import { WorkerGrounder, type ClingoWorkerHost, type CompiledWasmModule, type WorkerPort, type WorkerReply } from "../src/ground/clingo/worker-grounder.js";

interface FakeHost {
  readonly host: ClingoWorkerHost;
  readonly events: string[];
  compile: { resolve(module: CompiledWasmModule): void; reject(error: Error): void };
}

function fakeHost(): FakeHost {
  const events: string[] = [];
  const fake = {} as FakeHost;
  const compiled = new Promise<CompiledWasmModule>((resolve, reject) => (fake.compile = { resolve, reject }));
  const port = (): WorkerPort => {
    let reply: (r: WorkerReply) => void = () => undefined;
    return {
      postMessage(message) {
        const type = (message as { type: string }).type;
        events.push(`post ${type}`);
        if (type === "init") queueMicrotask(() => reply({ type: "ready" }));
        if (type === "run") {
          const stdout = new TextEncoder().encode("asp 1 0 0\n0\n");
          queueMicrotask(() => reply({ type: "result", status: 0, exception: undefined, stdout, overflow: false, stderr: [], stderrDropped: 0, seconds: 0, memoryBytes: 0 }));
        }
      },
      listen(handlers) {
        reply = handlers.message;
      },
      terminate() {
        events.push("terminate");
      },
    };
  };
  const host: ClingoWorkerHost = {
    spawn: () => {
      events.push("spawn");
      return port();
    },
    moduleUrl: () => "clingo.js",
    compiledModule: () => {
      events.push("compile");
      return compiled;
    },
    maxStringBytes: 1 << 20,
  };
  return Object.assign(fake, { host, events });
}

describe("clingo-wasm's start", () => {
  it("spawns the worker before the module is compiled and sends it the module once it is there", async () => {
    const fake = fakeHost();
    const grounder = new WorkerGrounder(fake.host);
    const outcome = grounder.ground("p.", { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.events).toEqual(["spawn", "compile"]); // booting, nothing sent yet
    fake.compile.resolve({});
    expect((await outcome).status).toBe("ok");
    expect(fake.events).toEqual(["spawn", "compile", "post init", "post run"]);
    await grounder.close();
  });

  it("ends the grounding with the compile's error when the module does not compile, and stops the worker", async () => {
    const fake = fakeHost();
    const grounder = new WorkerGrounder(fake.host);
    const outcome = grounder.ground("p.", { timeoutMs: 10_000 });
    fake.compile.reject(new Error("WebAssembly.compile(): expected magic word"));
    expect(await outcome).toEqual({ status: "error", message: "WebAssembly.compile(): expected magic word" });
    expect(fake.events).toEqual(["spawn", "compile", "terminate"]);
    await grounder.close();
  });
});
