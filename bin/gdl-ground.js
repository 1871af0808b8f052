#!/usr/bin/env node
// The command-line entry point: a thin shell over the compiled library (dist/, built by `npm ci`).
import { main } from "../dist/src/cli/main.js";

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // Never a stack trace for the user: an internal error is reported in one line.
    process.stderr.write(`gdl-ground: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 70;
  },
);
