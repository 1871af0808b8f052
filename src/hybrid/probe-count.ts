/**
 * Counting what a grounder writes in text mode, ground rule by ground rule, per head relation:
 * the count behind the grounder probe (grounder-probe.ts; probe.ts runs it on a native gringo). Text mode prints one ground rule per line, its head first (`exactlyfirst(1,2,...)`,
 * `threatened(white,...) :- ...`), so the relation is the name that starts the line; a line
 * that starts otherwise (a constraint `:- ...`, a choice `{...}`) is not counted.
 *
 * With a budget the counter stops at exactly that many counted rules, wherever a chunk ends: the
 * grounder writes its rules in the same order on every run, so the counts are then the same on a
 * quiet machine and a loaded one (a probe stopped by wall time counted what the machine's load
 * let it: alexChess's machine was seen to differ between runs).
 * Pure computation: no Node imports.
 */
import type { AspProgram } from "../translate/index.js";
import { gdlRelationName, type GroundingProbe } from "./relation-names.js";

const HEAD = /^([a-z_][A-Za-z0-9_']*)/;

/** Counts the lines a text-mode grounding writes by the relation that starts them; chunks may split lines anywhere. */
export class GroundRuleCounter {
  private readonly counts = new Map<string, number>();
  private rest = "";
  private decoder = new TextDecoder();
  private counted = 0;

  /** `budget`: the ground rules counted at most (`full` then; what comes after is not read). */
  constructor(readonly budget = Infinity) {}

  /** Whether `budget` ground rules have been counted. */
  get full(): boolean {
    return this.counted >= this.budget;
  }

  /** A piece of the output, as text or as UTF-8 bytes (a character split between two chunks is joined). */
  push(chunk: string | Uint8Array): void {
    if (this.full) return;
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) {
      const m = HEAD.exec(line);
      if (!m) continue;
      this.counts.set(m[1], (this.counts.get(m[1]) ?? 0) + 1);
      if (++this.counted >= this.budget) {
        this.rest = "";
        return;
      }
    }
  }

  /** Forgets what was counted (the grounder started over: `GroundOptions.onRestart`). */
  clear(): void {
    this.counts.clear();
    this.rest = "";
    this.decoder = new TextDecoder();
    this.counted = 0;
  }

  /**
   * What was counted, by relation of the description (`gdlRelationName`), the largest first;
   * `stopped`: how the grounding ended ("budget" when `full`, else the caller's "time" or "end").
   */
  probe(program: AspProgram, seconds: number, grounder?: string, stopped?: "time" | "end"): GroundingProbe {
    const byRelation = new Map<string, number>();
    for (const [asp, n] of this.counts) {
      const relation = gdlRelationName(program, asp);
      byRelation.set(relation, (byRelation.get(relation) ?? 0) + n);
    }
    const relations = [...byRelation].map(([relation, groundRules]) => ({ relation, groundRules })).sort((a, b) => b.groundRules - a.groundRules || (a.relation < b.relation ? -1 : 1));
    const stop = this.full ? "budget" : stopped;
    return { seconds, relations, ...(grounder !== undefined ? { grounder } : {}), ...(Number.isFinite(this.budget) ? { budget: this.budget } : {}), ...(stop !== undefined ? { stopped: stop } : {}) };
  }
}
