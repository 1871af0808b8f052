/**
 * Begins clingo-wasm's start for a grounding on this thread (inline-host.ts): its wasm module's
 * compile (in V8's background threads) and the import of its emscripten JavaScript.
 *
 * A module of its own because of the import: `import()` works from an ES module, not from the
 * command line's chunks, which are compiled from V8's code cache (src/cli/chunk-loader.ts). So
 * bin/gdl-ground.js loads this file from dist/src/ as an ES module and calls it before the
 * command line loads; it is not part of the command line's bundle.
 */
import { CLINGO_WASM_MAX_MEMORY_MB } from "./worker-grounder.js";
import { clingoWasmFiles, compiledClingoModule, tuneWasmCompile } from "./wasm-binary.js";
import type { ClingoStart } from "./inline-host.js";

export type { ClingoStart } from "./inline-host.js";

export interface ClingoStartOptions {
  /** Memory limit of clingo in MiB (default and upper bound: 2048). */
  readonly maxMemoryMb?: number;
  /** V8's baseline compiler only (`--wasm-tier baseline`; a process-wide flag). */
  readonly liftoffOnly?: boolean;
}

export function startClingo(options: ClingoStartOptions = {}): ClingoStart {
  const maxMemoryMb = Math.min(options.maxMemoryMb ?? CLINGO_WASM_MAX_MEMORY_MB, CLINGO_WASM_MAX_MEMORY_MB);
  const liftoffOnly = options.liftoffOnly ?? false;
  // the functions a small grounding calls compile in V8's background threads meanwhile
  tuneWasmCompile(liftoffOnly, true);
  const module = compiledClingoModule(maxMemoryMb);
  const emscripten: Promise<unknown> = import(clingoWasmFiles().moduleUrl);
  // a start the command does not use fails nothing: its failure shows in the grounding that uses it
  module.catch(() => undefined);
  emscripten.catch(() => undefined);
  return { emscripten, module, maxMemoryMb, liftoffOnly };
}
