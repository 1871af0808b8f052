/**
 * Running the anchors (../shared/anchors/: independent reasoners in Java, each a ready command)
 * as separate processes, for the tests and the verification scripts: `gc-trace` (the Dresden
 * GameController's prover in GDL-II mode) and `prover-trace` (GGP-Base's prover). Their code is
 * never linked into ours; a missing Java or anchor folder is a reason to skip, not an error.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import type { AnchorTrace } from "./anchor-trace.js";

export type AnchorName = "gc-trace" | "prover-trace";

/** The anchors' folder beside the project (../shared/anchors), or undefined. */
export function anchorsFolder(): string | undefined {
  const dir = path.resolve(packageRoot(), "../shared/anchors");
  return existsSync(dir) ? dir : undefined;
}

/** Why an anchor cannot run here (no anchors folder, no Java), or undefined when it can. */
export function anchorUnavailable(name: AnchorName): string | undefined {
  const dir = anchorsFolder();
  if (!dir) return "no ../shared/anchors beside the project";
  const command = commandOf(dir, name);
  if (!existsSync(command)) return `no ${command}`;
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) return "no Java on PATH (the anchors need Java 17)";
  return undefined;
}

function commandOf(dir: string, name: AnchorName): string {
  return name === "gc-trace" ? path.join(dir, "dresden-gc", "gc-trace") : path.join(dir, "ggp-base", "prover-trace");
}

export interface AnchorRunOptions {
  readonly playouts: number;
  readonly seed: number;
  /** Joint moves per playout at most (the anchors' default: 40). */
  readonly maxMoves?: number;
  /** Seconds before the anchor stops with what it has. */
  readonly timeoutSeconds?: number;
}

/**
 * Seeded random playouts of `game` by an anchor, parsed; `{ error }` when it could not run or
 * printed no trace (its exit code and first line of output).
 */
export function runAnchorTrace(name: AnchorName, game: string, options: AnchorRunOptions): AnchorTrace | { error: string } {
  const dir = anchorsFolder();
  if (!dir) return { error: "no ../shared/anchors beside the project" };
  const args = [game, "--random", String(options.playouts), "--seed", String(options.seed)];
  if (options.maxMoves !== undefined && name === "gc-trace") args.push("--max-moves", String(options.maxMoves));
  if (options.timeoutSeconds !== undefined && name === "gc-trace") args.push("--timeout", String(options.timeoutSeconds));
  const run = spawnSync(commandOf(dir, name), args, {
    encoding: "utf8",
    maxBuffer: 1 << 28,
    timeout: ((options.timeoutSeconds ?? 300) + 30) * 1000,
  });
  if (run.error) return { error: `${name} could not run: ${run.error.message}` };
  try {
    const trace = JSON.parse(run.stdout) as AnchorTrace;
    if (!Array.isArray(trace.playouts)) return { error: `${name} printed no playouts (exit ${run.status})` };
    return trace;
  } catch {
    const first = (run.stdout || run.stderr).split("\n").find((l) => l.trim() !== "") ?? "";
    return { error: `${name} exited with ${run.status}: ${first.slice(0, 200)}` };
  }
}
