/**
 * The line under the Ground button while a grounding runs: which stage, for how long. Once the
 * full grounding has failed and P^base alone is ground (the game is then played on the prover),
 * the line says so: before, it went on saying "grounding with clingo" for up to P^base's own limit,
 * as if the first grounding were still under way. Pure: the page's timer calls it.
 */
import type { TranslateScope } from "../src/browser/index.js";
import type { Phase } from "./protocol.js";

const PHASE_TEXT: Record<Phase | "check", string> = {
  check: "parsing and checking",
  translate: "translating to ASP",
  ground: "grounding with clingo",
  extract: "reading the ground program",
  propnet: "building the propnet",
};

/** What the page shows for `phase` of a grounding of `scope`, `seconds` after Ground was pressed. */
export function progressText(phase: Phase | "check", scope: TranslateScope, seconds: number): string {
  const stage = scope === "base" ? `did not ground in time; P^base for the prover: ${PHASE_TEXT[phase]}` : PHASE_TEXT[phase];
  return `${stage}… ${seconds.toFixed(1)} s`;
}
