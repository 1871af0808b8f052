#!/usr/bin/env node
// The command-line entry point: a thin shell over the compiled library (dist/, built by `npm ci`).
import { fileURLToPath } from "node:url";

/** Leaves with one line, never a stack trace, when the command line is not built (`npm run build`). */
function notBuilt(error) {
  process.stderr.write(`gdl-ground: cannot load the command line (is it built? npm run build): ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(70);
}

const argv = process.argv.slice(2);

// the chunk loader, the start-up tiering and clingo-wasm's early start, as one ES module (src/cli/start.ts)
const { clingoStartFor, loadCommandLine, startupTiering } = await import("../dist/bin/start.mjs").catch(notBuilt);

// Most commands are done in a fraction of a second, before optimized JavaScript would pay for its
// compiling: the first 300 ms run on V8's baseline tiers only, and a command says where its long
// work starts (src/cli/tiering.ts).
const tiering = startupTiering(300);

// A grounding with clingo-wasm (`gdl-ground GAME`, --grounder wasm or no gringo on PATH): its
// module compiles in V8's background threads and its JavaScript is imported from here, while
// the command line loads; the grounding then runs on this thread (src/cli/early-clingo.ts). The
// V8 flags it sets are part of the command line's code cache's key (chunk-loader, src/v8-flags.ts).
const clingo = clingoStartFor(argv);

// The command table and each command's chunk, compiled from V8's code cache (see chunk-loader).
let commandLine;
try {
  commandLine = loadCommandLine(fileURLToPath(new URL("../dist/cli/", import.meta.url))).exports;
} catch (error) {
  notBuilt(error);
}
const { main, failureJson } = commandLine;

main(argv, undefined, tiering, { clingo }).then(
  (code) => {
    process.exitCode = code;
    // Done: leave without waiting for V8's background compile jobs (clingo-wasm's functions
    // being optimized), which would keep a finished process alive for tens of milliseconds;
    // every write was synchronous (the CLI writes descriptors 1 and 2 itself, and checks them).
    // Leave only after the event loop has polled once more, so that a signal that came during
    // the last write ends the process with its own status (and removes a temporary file)
    // instead of being lost behind an exit with 0.
    setImmediate(() => setImmediate(() => process.exit(code)));
  },
  (error) => {
    // Never a stack trace for the user: an internal error is reported in one line, or with
    // --json as the one JSON document on stdout (and nothing on stderr).
    const message = error instanceof Error ? error.message : String(error);
    if (argv.includes("--json")) process.stdout.write(failureJson("internal-error", 70, message));
    else process.stderr.write(`gdl-ground: internal error: ${message}\n`);
    process.exitCode = 70;
  },
);

// A reader that stops early (`gdl-ground check ... | head`) is not an error of ours; a stream
// that fails otherwise (what writes there directly: the progress bar) has nothing more to say.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  });
}
