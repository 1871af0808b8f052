#!/usr/bin/env node
// The command-line entry point: a thin shell over the compiled library (dist/, built by `npm ci`).
import { fileURLToPath } from "node:url";

/** Leaves with one line, never a stack trace, when the command line is not built (`npm run build`). */
function notBuilt(error) {
  process.stderr.write(`gdl-ground: cannot load the command line (is it built? npm run build): ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(70);
}

const [{ loadCommandLine }, { startupTiering }] = await Promise.all([
  import("../dist/src/cli/chunk-loader.js"),
  import("../dist/src/cli/tiering.js"),
]).catch(notBuilt);

// Most commands are done in a fraction of a second, before optimized JavaScript would pay for its
// compiling: the first 300 ms run on V8's baseline tiers only, and a command says where its long
// work starts (src/cli/tiering.ts).
const tiering = startupTiering(300);

// The command table and each command's chunk, compiled from V8's code cache (see chunk-loader).
let commandLine;
try {
  commandLine = loadCommandLine(fileURLToPath(new URL("../dist/cli/", import.meta.url))).exports;
} catch (error) {
  notBuilt(error);
}
const { main, failureJson } = commandLine;

const argv = process.argv.slice(2);
main(argv, undefined, tiering).then(
  (code) => {
    process.exitCode = code;
    // Done: leave once stdout and stderr are flushed, without waiting for V8's background
    // compile jobs (clingo-wasm's functions being optimized), which would keep a finished
    // process alive for tens of milliseconds.
    process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
  },
  (error) => {
    // Never a stack trace for the user: an internal error is reported in one line (and, with
    // --json, as the one JSON document on stdout).
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`gdl-ground: internal error: ${message}\n`);
    if (argv.includes("--json")) process.stdout.write(failureJson("internal-error", 70, message));
    process.exitCode = 70;
  },
);

// A reader that stops early (`gdl-ground check ... | head`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}
