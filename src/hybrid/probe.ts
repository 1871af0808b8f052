/**
 * The grounder probe: grounds P with a native gringo in text mode for a few seconds and counts
 * the ground rules it writes per head relation. gringo grounds a program component by
 * component, so in a grounding that explodes, what it writes after a few seconds is the relation
 * that does not finish: sudoku's `exactlyfirst`, laikLee_hex's `islist`, the demand of chess's
 * attack relations. Run once a grounding has failed, to name what exploded (pipeline.ts,
 * `GroundAndBuildOptions.probe`); clingo's aspif names no atom before the end of a grounding.
 *
 * Node only (a child process). Without a native gringo on PATH, `probeFor` probes with the
 * grounder at hand (grounder-probe.ts).
 */
import { spawn } from "node:child_process";
import type { AspProgram } from "../translate/index.js";
import { nativeGrounderOnPath } from "../ground/clingo/native.js";
import type { AspGrounder } from "../ground/asp-grounder.js";
import { grounderProbe } from "./grounder-probe.js";
export { PLAYER_PROBE_SECONDS } from "./grounder-probe.js";
import { GroundRuleCounter } from "./probe-count.js";
import type { GroundingProbe } from "./relation-names.js";

/** Seconds the probe grounds for (default of `probeGrounding`). */
export const PROBE_SECONDS = 5;


/** Ground rules per relation that gringo writes for `program` in `seconds`; undefined without a native gringo. */
export function probeGrounding(program: AspProgram, seconds = PROBE_SECONDS): Promise<GroundingProbe | undefined> {
  const executable = nativeGrounderOnPath();
  if (executable === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const started = performance.now();
    const counter = new GroundRuleCounter();
    const child = spawn(executable, ["--text"], { stdio: ["pipe", "pipe", "ignore"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), seconds * 1000);
    child.stdout.on("data", (chunk: Buffer) => counter.push(chunk));
    child.stdin.on("error", () => undefined); // killed before it read the whole program
    child.on("error", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on("close", () => {
      clearTimeout(timer);
      resolve(counter.probe(program, (performance.now() - started) / 1000));
    });
    child.stdin.end(program.text);
  });
}

/**
 * The probe for a Node caller grounding with `grounder`: a native gringo of its own where one is on
 * PATH (it runs beside P^base's grounding), else `grounder` itself in text mode (grounder-probe.ts;
 * P^base's grounding then waits for it).
 */
export function probeFor(grounder: AspGrounder): (program: AspProgram, seconds: number) => Promise<GroundingProbe | undefined> {
  return nativeGrounderOnPath() !== undefined ? probeGrounding : grounderProbe(grounder);
}
