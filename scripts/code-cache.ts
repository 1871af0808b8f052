/**
 * The last step of `npm run build`: fills dist/cli/v8-cache/ with V8's code cache of the command
 * line's chunks (src/cli/chunk-loader.ts), so that the installed command starts without
 * compiling its JavaScript, from its very first run.
 *
 * Each cache is made at the end of the first run that loads its chunk and holds the bytecode of
 * everything that run called, so the runs are the commands users run most: `GAME --propnet` first
 * (the command table, the pipeline, the grounders, the reports), the same with `--grounder wasm`
 * (clingo-wasm's V8 flags make caches of their own), then `check` and `--help`, on
 * corpus/valid/tictactoe.kif. A run's output is not looked at, only that it succeeded.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../src/package-root.js";

const ROOT = packageRoot();

const CLI = path.join(ROOT, "dist", "cli");
const CACHE = path.join(CLI, "v8-cache");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const GAME = path.join(ROOT, "corpus", "valid", "tictactoe.kif");

rmSync(CACHE, { recursive: true, force: true });
// `--grounder wasm` starts clingo-wasm before the chunks load, with V8 flags of its own, which
// are part of a cache's key: its chunks get caches of their own
for (const args of [[GAME, "--propnet"], [GAME, "--propnet", "--grounder", "wasm"], ["check", GAME], ["--help"]]) {
  const run = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, GDL_GROUND_CODE_CACHE: CACHE }, encoding: "utf8" });
  if (run.status !== 0) {
    process.stderr.write(`code cache: gdl-ground ${args.join(" ")} failed (exit ${run.status}):\n${run.stderr}`);
    process.exit(1);
  }
}
const files = readdirSync(CACHE);
process.stdout.write(`code cache: ${files.length} chunks cached in ${path.relative(ROOT, CACHE)}/\n`);
