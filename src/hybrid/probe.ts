/**
 * The grounder probe: grounds P with a native gringo in text mode for a few seconds and counts
 * the ground rules it writes per head relation. gringo grounds a program component by
 * component, so in a grounding that explodes, what it writes after a few seconds is the relation
 * that does not finish: sudoku's `exactlyfirst`, laikLee_hex's `islist`, the demand of chess's
 * attack relations. Run once a grounding has failed, to name what exploded (pipeline.ts,
 * `GroundAndBuildOptions.probe`); clingo's aspif names no atom before the end of a grounding.
 *
 * Node only (a child process). Without a native gringo on PATH there is no probe.
 */
import { spawn } from "node:child_process";
import type { AspProgram } from "../translate/index.js";
import { nativeGrounderOnPath } from "../ground/clingo/native.js";
import { gdlRelationName, type GroundingProbe } from "./relation-names.js";

/** Seconds the probe grounds for (default of `probeGrounding`). */
export const PROBE_SECONDS = 5;

/**
 * Seconds of the probe when a player waits for the game (loadGame, play, replay, bench): it runs
 * beside P^base's grounding, and at 5 s it was the longer of the two on all five games that do not
 * ground. At 2 s it names the same relations as at 5 s on sudoku, laikLee_hex, alexChess and
 * slaughter, and chess's clear-path demand second to `different_cells`; at 1 s chess and
 * slaughter lead with `different_cells`.
 */
export const PLAYER_PROBE_SECONDS = 2;

const HEAD = /^([a-z_][A-Za-z0-9_']*)/;

/** Ground rules per relation that gringo writes for `program` in `seconds`; undefined without a native gringo. */
export function probeGrounding(program: AspProgram, seconds = PROBE_SECONDS): Promise<GroundingProbe | undefined> {
  const executable = nativeGrounderOnPath();
  if (executable === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const started = performance.now();
    const counts = new Map<string, number>();
    let rest = "";
    const child = spawn(executable, ["--text"], { stdio: ["pipe", "pipe", "ignore"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), seconds * 1000);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const m = HEAD.exec(line);
        if (m) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
      }
    });
    child.stdin.on("error", () => undefined); // killed before it read the whole program
    child.on("error", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on("close", () => {
      clearTimeout(timer);
      const byRelation = new Map<string, number>();
      for (const [asp, n] of counts) {
        const relation = gdlRelationName(program, asp);
        byRelation.set(relation, (byRelation.get(relation) ?? 0) + n);
      }
      const relations = [...byRelation].map(([relation, groundRules]) => ({ relation, groundRules })).sort((a, b) => b.groundRules - a.groundRules || (a.relation < b.relation ? -1 : 1));
      resolve({ seconds: (performance.now() - started) / 1000, relations });
    });
    child.stdin.end(program.text);
  });
}
