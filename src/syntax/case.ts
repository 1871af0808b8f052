/**
 * The case of symbols: the one place that decides how a reader stores a written name.
 *
 * KIF, and so GDL, is case-insensitive: by default every name is lower-cased, and `Up`, `UP` and
 * `up` are one symbol. GGP-Base (and the players and servers built on it) lower-cases only the GDL
 * keywords and keeps the case of every other constant and variable as written. `caseSensitive`
 * reads GDL that way. The keywords and connectives are case-insensitive in both readings.
 *
 * Readers also record every spelling of every symbol (`SpellingRecorder`), so that the `case`
 * check can say when a description spells one symbol in two ways, that is, when its meaning
 * depends on the reading.
 */
import type { Position } from "../diagnostics.js";

export interface CaseOptions {
  /** Keep the case of non-keyword symbols (constants, relation and function names, variables) as written. */
  readonly caseSensitive?: boolean;
}

/** Words that are lower-cased in both readings: the GDL relations with a fixed meaning and the connectives. */
export const CASE_INSENSITIVE_KEYWORDS: ReadonlySet<string> = new Set([
  "role",
  "init",
  "true",
  "next",
  "legal",
  "does",
  "goal",
  "terminal",
  "base",
  "input",
  "sees",
  "random",
  "distinct",
  "not",
  "or",
  "<=",
]);

/**
 * The name a reader stores for a symbol written `written` (a variable keeps its `?`): lower case
 * by default; with `caseSensitive`, as written unless it is a keyword.
 */
export function normalizeSymbol(written: string, options?: CaseOptions): string {
  if (!options?.caseSensitive) return written.toLowerCase();
  const lower = written.toLowerCase();
  return CASE_INSENSITIVE_KEYWORDS.has(lower) ? lower : written;
}

/** One way a symbol is written in a description, where it is first written that way. */
export interface Spelling {
  readonly text: string;
  readonly pos: Position;
}

/**
 * The spellings of the symbols of one description, each spelling with its first position, in the
 * order they first appear. The key is the symbol in lower case; a variable is one symbol only
 * within its rule, so its key is `?name@offset`, with the offset of the rule. Keywords are not
 * recorded (they are one symbol in every reading).
 */
export type SymbolSpellings = ReadonlyMap<string, readonly Spelling[]>;

/** Collects spellings as a reader meets the symbols. */
export class SpellingRecorder {
  private readonly bySymbol = new Map<string, Spelling[]>();

  /** A symbol written `written` at `pos`; for a variable, `rule` is where its rule starts. */
  note(written: string, pos: Position, rule?: Position): void {
    const lower = written.toLowerCase();
    if (CASE_INSENSITIVE_KEYWORDS.has(lower)) return;
    const key = lower.startsWith("?") && rule ? `${lower}@${rule.offset}` : lower;
    const known = this.bySymbol.get(key);
    if (!known) this.bySymbol.set(key, [{ text: written, pos }]);
    else if (!known.some((s) => s.text === written)) known.push({ text: written, pos });
  }

  get spellings(): SymbolSpellings {
    return this.bySymbol;
  }
}
