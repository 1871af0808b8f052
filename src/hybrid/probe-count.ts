/**
 * Counting what a grounder writes in text mode, ground rule by ground rule, per head relation:
 * the count behind the grounder probe (grounder-probe.ts; probe.ts runs it on a native gringo). Text mode prints one ground rule per line, its head first (`exactlyfirst(1,2,...)`,
 * `threatened(white,...) :- ...`), so the relation is the name that starts the line; a line
 * that starts otherwise (a constraint `:- ...`, a choice `{...}`) is not counted.
 * Pure computation: no Node imports.
 */
import type { AspProgram } from "../translate/index.js";
import { gdlRelationName, type GroundingProbe } from "./relation-names.js";

const HEAD = /^([a-z_][A-Za-z0-9_']*)/;

/** Counts the lines a text-mode grounding writes by the relation that starts them; chunks may split lines anywhere. */
export class GroundRuleCounter {
  private readonly counts = new Map<string, number>();
  private rest = "";
  private readonly decoder = new TextDecoder();

  /** A piece of the output, as text or as UTF-8 bytes (a character split between two chunks is joined). */
  push(chunk: string | Uint8Array): void {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) {
      const m = HEAD.exec(line);
      if (m) this.counts.set(m[1], (this.counts.get(m[1]) ?? 0) + 1);
    }
  }

  /** What was counted, by relation of the description (`gdlRelationName`), the largest first. */
  probe(program: AspProgram, seconds: number, grounder?: string): GroundingProbe {
    const byRelation = new Map<string, number>();
    for (const [asp, n] of this.counts) {
      const relation = gdlRelationName(program, asp);
      byRelation.set(relation, (byRelation.get(relation) ?? 0) + n);
    }
    const relations = [...byRelation].map(([relation, groundRules]) => ({ relation, groundRules })).sort((a, b) => b.groundRules - a.groundRules || (a.relation < b.relation ? -1 : 1));
    return { seconds, relations, ...(grounder !== undefined ? { grounder } : {}) };
  }
}
