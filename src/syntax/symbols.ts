/**
 * How names are read, in one place for both notations (KIF and infix).
 *
 * GDL is case-insensitive for symbols: by default every constant, function and relation name
 * is stored in lower case, whichever reader met it and whether it was written bare or quoted.
 * (Issue 15, keeping the case of non-keyword symbols, hooks in here.)
 */

/** The stored form of a constant, function or relation name as written in the source. */
export function normalizeSymbol(name: string): string {
  return name.toLowerCase();
}
