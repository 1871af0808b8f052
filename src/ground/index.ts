/**
 * The grounding stage's entry: picks a backend (clingo-wasm in a worker thread by default, or a
 * native gringo/clingo from PATH) behind one small interface.
 */
import type { AspGrounder } from "../pipeline.js";
import type { GroundOptions, GroundOutcome } from "./clingo/outcome.js";

export type GrounderKind = "wasm" | "native";

export interface ClosableGrounder extends AspGrounder {
  close(): Promise<void>;
}

// TEMPORARY in-process backend until the worker backend lands.
export async function createGrounder(kind: GrounderKind): Promise<ClosableGrounder | { error: string }> {
  if (kind !== "wasm") return { error: "native grounder not available yet" };
  const { createRequire } = await import("node:module");
  const { dirname, join } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const pkg = createRequire(import.meta.url).resolve("clingo-wasm/package.json");
  const { default: factory } = (await import(pathToFileURL(join(dirname(pkg), "dist", "clingo.js")).href)) as { default: (o: object) => Promise<{ ccall: (...a: unknown[]) => number }> };
  let out: string[] = [];
  let err: string[] = [];
  const m = await factory({ print: (l: string) => out.push(l), printErr: (l: string) => err.push(l) });
  return {
    async ground(text: string, _options: GroundOptions): Promise<GroundOutcome> {
      out = [];
      err = [];
      const st = m.ccall("run", "number", ["string", "string"], [text, "--mode=gringo --output=intermediate --warn=none"]);
      return st === 0 ? { status: "ok", aspif: out.join("\n"), seconds: 0, warnings: [] } : { status: "error", message: err.join("\n") };
    },
    async close() {},
  };
}
