/**
 * The occurrences of a document's names (analysis.ts) packed in typed arrays, in text order: per
 * occurrence its name (numbered), kind, span, rule, arity, context and whether it defines; an
 * `Occurrence` object is made when one is asked for (the occurrence under the cursor, a symbol's
 * references). The semantic colours read the fields without objects.
 *
 * Why: a ground game is a text the server is opened on too: chess_200's (130,000 lines, 10 MB) names
 * two million occurrences, which took 217 MiB as objects; here 21 bytes each.
 * Pure computation: no Node imports.
 */
import { firstAtLeast, resized } from "../int-list.js";

/** Where a term stands, as far as its meaning goes. */
export type TermContext = "fluent" | "action" | "role" | "term";

export interface Occurrence {
  /** The stored name (a variable's without `?`; `<=`, `not`, `or`, `distinct` for connectives). */
  readonly name: string;
  readonly kind: "relation" | "function" | "constant" | "variable" | "connective";
  /** The span of the name's token. */
  readonly start: number;
  readonly end: number;
  /** The index of the rule it is in. */
  readonly rule: number;
  /** Arguments of a relation or function (0 for a constant or a relation written bare). */
  readonly arity: number;
  /** A relation in the head of its rule, a role in `(role r)`, a variable's first occurrence in its rule. */
  readonly definition: boolean;
  /** For a term: a fluent (argument of init/true/next/base), a move (of legal/does/input), a role. */
  readonly context: TermContext;
}

const KINDS: readonly Occurrence["kind"][] = ["relation", "function", "constant", "variable", "connective"];
const CONTEXTS: readonly TermContext[] = ["fluent", "action", "role", "term"];
const KIND_CODES = new Map(KINDS.map((k, i) => [k, i]));
const CONTEXT_CODES = new Map(CONTEXTS.map((c, i) => [c, i]));
/** `flags`: the kind in bits 0-2, the context in bits 3-4, the definition in bit 5. */
const CONTEXT_SHIFT = 3;
const DEFINITION = 1 << 5;

export class OccurrenceList implements Iterable<Occurrence> {
  /** The names, each once, numbered in the order first met. */
  private readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();
  private nameOf = new Int32Array(16);
  private starts = new Int32Array(16);
  private ends = new Int32Array(16);
  private rules = new Int32Array(16);
  private arities = new Int32Array(16);
  private flags = new Uint8Array(16);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Adds an occurrence (in any order: `sortByStart` puts them in text order). */
  push(o: Occurrence): void {
    const i = this.count;
    if (i === this.starts.length) this.resize(i * 2);
    let id = this.nameIds.get(o.name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(o.name);
      this.nameIds.set(o.name, id);
    }
    this.nameOf[i] = id;
    this.starts[i] = o.start;
    this.ends[i] = o.end;
    this.rules[i] = o.rule;
    this.arities[i] = o.arity;
    this.flags[i] = KIND_CODES.get(o.kind)! | (CONTEXT_CODES.get(o.context)! << CONTEXT_SHIFT) | (o.definition ? DEFINITION : 0);
    this.count = i + 1;
  }

  /** Puts the occurrences in text order (by start; those starting alike as added) and gives back the room beyond them. */
  sortByStart(): this {
    const n = this.count;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = this.starts[i - 1] <= this.starts[i];
    if (sorted) {
      this.resize(n);
      return this;
    }
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.starts[a] - this.starts[b] || a - b);
    const permute = <T extends Uint8Array | Int32Array>(from: T, to: T): T => {
      for (let k = 0; k < n; k++) to[k] = from[order[k]];
      return to;
    };
    this.nameOf = permute(this.nameOf, new Int32Array(n));
    this.starts = permute(this.starts, new Int32Array(n));
    this.ends = permute(this.ends, new Int32Array(n));
    this.rules = permute(this.rules, new Int32Array(n));
    this.arities = permute(this.arities, new Int32Array(n));
    this.flags = permute(this.flags, new Uint8Array(n));
    return this;
  }

  /** How many distinct names there are; `nameId(i)` numbers occurrence i's below it. */
  get nameCount(): number {
    return this.names.length;
  }

  nameId(i: number): number {
    return this.nameOf[i];
  }

  name(i: number): string {
    return this.names[this.nameOf[i]];
  }

  kind(i: number): Occurrence["kind"] {
    return KINDS[this.flags[i] & 7];
  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.ends[i];
  }

  rule(i: number): number {
    return this.rules[i];
  }

  arity(i: number): number {
    return this.arities[i];
  }

  definition(i: number): boolean {
    return (this.flags[i] & DEFINITION) !== 0;
  }

  context(i: number): TermContext {
    return CONTEXTS[(this.flags[i] >> CONTEXT_SHIFT) & 3];
  }

  /** Occurrence `i` as an object, or undefined past the ends. */
  at(i: number): Occurrence | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    return {
      name: this.name(i),
      kind: this.kind(i),
      start: this.starts[i],
      end: this.ends[i],
      rule: this.rules[i],
      arity: this.arities[i],
      definition: this.definition(i),
      context: this.context(i),
    };
  }

  /** Every occurrence as an object, in text order. */
  toArray(): Occurrence[] {
    return [...this];
  }

  *[Symbol.iterator](): Iterator<Occurrence> {
    for (let i = 0; i < this.count; i++) yield this.at(i)!;
  }

  /** The index of the first occurrence starting at or after `offset` (`length` when none does). */
  indexAtOrAfter(offset: number): number {
    return firstAtLeast(this.starts, this.count, offset);
  }

  private resize(n: number): void {
    this.nameOf = resized(this.nameOf, n);
    this.starts = resized(this.starts, n);
    this.ends = resized(this.ends, n);
    this.rules = resized(this.rules, n);
    this.arities = resized(this.arities, n);
    this.flags = resized(this.flags, n);
  }
}
