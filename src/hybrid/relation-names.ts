/**
 * Which relation of the description a relation of the ASP program P stands for, in words: the
 * game's own relations by their GDL names, P^base's relaxed copies (`p^static`), its demand
 * relations (static-demand.ts: the tuples of a view that its uses can ask about), the parts that
 * existential-variable splitting cut off. What the grounder probe (probe.ts) counts is named
 * with it.
 * Pure computation: no Node imports.
 */
import type { AspProgram } from "../translate/index.js";

/** The GDL reading of an ASP relation name of `program` (`threatened`, `between^static (P^base)`, ...). */
export function gdlRelationName(program: AspProgram, asp: string): string {
  const own = program.symbols.gdlName(asp);
  if (own !== undefined) return own;
  const internal = program.symbols.internalName(asp);
  if (internal === undefined) return asp;
  const [kind, ...rest] = internal.trim().split(" ");
  const demand = /^sdemand(\d+)$/.exec(kind);
  if (demand) {
    const view = program.stats.staticDemanded[Number(demand[1]) - 1];
    return view !== undefined ? `the demand of ${view} (P^base)` : asp;
  }
  switch (kind) {
    case "static":
      return `${rest.join(" ")}^static (P^base)`;
    case "base":
      return "base (P^base)";
    case "input":
      return "input (P^base)";
    default:
      return /^split/.test(kind) ? "a part cut off by existential splitting" : asp;
  }
}

/** A relation of the description and the ground rules the grounder wrote for it (probe.ts). */
export interface GroundedRelation {
  /** Its GDL reading (`gdlRelationName`). */
  readonly relation: string;
  readonly groundRules: number;
}

/**
 * What the grounder wrote, by relation, in a grounding that does not finish: the relations that
 * explode first. Stopped after `budget` ground rules (`stopped` "budget": the same counts on every
 * run), or by its time limit before that (`stopped` "time": what `seconds` of this machine gave).
 */
export interface GroundingProbe {
  /** Wall time of the probe's grounding. */
  readonly seconds: number;
  /** What grounded in text mode, in words (`clingo-wasm in text mode`); unset: a native `gringo --text`. */
  readonly grounder?: string;
  /** The largest first. */
  readonly relations: readonly GroundedRelation[];
  /** The ground rules the probe stopped at (`GroundAndBuildOptions.probeGroundRules`); unset: time alone stopped it. */
  readonly budget?: number;
  /**
   * Why it ended: after `budget` ground rules ("budget"), at its time limit ("time"), or the
   * grounding ended first ("end": it finished, or failed, e.g. out of memory); unset: not told.
   */
  readonly stopped?: "budget" | "time" | "end";
}

/**
 * How the probe ran, in words: `gringo --text, stopped after 300,000 ground rules` (the same on every
 * run: no time in it); `2 s of gringo --text` when time stopped it (`, stopped by its time limit before
 * 300,000 ground rules` when it had a budget).
 */
export function describeProbeRun(probe: GroundingProbe): string {
  const grounder = probe.grounder ?? "gringo --text";
  if (probe.stopped === "budget" && probe.budget !== undefined) return `${grounder}, stopped after ${probe.budget.toLocaleString("en-US")} ground rules`;
  const before = probe.stopped === "time" && probe.budget !== undefined ? `, stopped by its time limit before ${probe.budget.toLocaleString("en-US")} ground rules` : "";
  return `${probe.seconds.toFixed(0)} s of ${grounder}${before}`;
}

/** `exactlyfirst (1.9 M ground rules), …`: the relations that make up most of what the probe saw. */
export function describeProbe(probe: GroundingProbe, atMost = 3): string {
  const total = probe.relations.reduce((sum, r) => sum + r.groundRules, 0);
  const shown = probe.relations.filter((r, i) => i < atMost && r.groundRules >= total * 0.05);
  return shown.map((r) => `${r.relation} (${formatCount(r.groundRules)} ground rules)`).join(", ");
}

function formatCount(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)} k` : String(n);
}
