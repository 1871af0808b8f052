/**
 * The grounding stage's entry: picks a backend behind one small interface, clingo-wasm in a
 * worker thread (the default; one warm worker is reused for every program of a batch) or a
 * native gringo/clingo found on PATH.
 */
import type { AspGrounder } from "../pipeline.js";
import { findNativeGrounder, groundAspNative, Grounder } from "./clingo/index.js";

export type GrounderKind = "wasm" | "native";

export interface ClosableGrounder extends AspGrounder {
  readonly kind: GrounderKind;
  /** What runs the grounding: `clingo-wasm` or the path of the native executable. */
  readonly description: string;
  close(): Promise<void>;
}

export interface CreateGrounderOptions {
  /** Memory limit of clingo-wasm in MiB (at most 2048). */
  readonly maxMemoryMb?: number;
  /** V8's baseline compiler only for clingo-wasm: faster start, slower long runs. */
  readonly liftoffOnly?: boolean;
}

export async function createGrounder(
  kind: GrounderKind,
  options: CreateGrounderOptions = {},
): Promise<ClosableGrounder | { error: string }> {
  if (kind === "native") {
    const executable = findNativeGrounder();
    if (!executable) return { error: "--grounder native needs a gringo or clingo executable on PATH (e.g. apt-get install gringo)" };
    return {
      kind,
      description: executable,
      ground: (program, groundOptions) => groundAspNative(program, { ...groundOptions }),
      close: async () => undefined,
    };
  }
  const grounder = new Grounder({ maxMemoryMb: options.maxMemoryMb, liftoffOnly: options.liftoffOnly });
  return {
    kind,
    description: "clingo-wasm",
    ground: (program, groundOptions) => grounder.ground(program, groundOptions),
    close: () => grounder.close(),
  };
}
