/**
 * Small text helpers for messages: the first line of a long message, the first items of a long
 * list, and sizes written for a person reading a one-line progress or failure message (`1.2 M
 * ground rules`, `310 MiB`).
 * Tables of results use report/format.ts instead (exact counts with separators).
 */

/** The first non-blank line of `text`, trimmed; with `countRest`, followed by ` (N more lines)` when there are more. */
export function firstLine(text: string, countRest = false): string {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const first = lines[0]?.trim() ?? "";
  return countRest && lines.length > 1 ? `${first} (${lines.length - 1} more lines)` : first;
}

/** A count rounded to its magnitude: `987`, `12 k`, `1.2 M`, `3.4 G`. */
export function formatMagnitude(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(0)} k`;
  return String(Math.round(n));
}

/** Bytes in KiB, MiB or GiB. */
export function formatBytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GiB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(0)} MiB`;
  return `${(n / 1024).toFixed(0)} KiB`;
}

/** The first three items, and how many there are in all when there are more: `a, b, c, ... (12 in all)`. */
export function sampleList(items: readonly string[]): string {
  const shown = items.slice(0, 3).join(", ");
  return items.length > 3 ? `${shown}, ... (${items.length} in all)` : shown;
}

/**
 * The longest quote of GDL in a message (a check's: src/check/context.ts), in characters. A longer
 * one (a term thousands of levels deep, a rule of thousands of literals) keeps its first
 * `QUOTE_HEAD` and last `QUOTE_TAIL` characters and says how many it leaves out: a message stays a
 * line a person reads, not 200 KB.
 */
export const MAX_QUOTE = 300;
const QUOTE_HEAD = 200;
const QUOTE_TAIL = 60;

/** `text` as quoted in a message: whole up to `MAX_QUOTE` characters, else its start and end (never half a surrogate pair). */
export function quoteForMessage(text: string): string {
  if (text.length <= MAX_QUOTE) return text;
  const isHigh = (i: number) => (text.charCodeAt(i) & 0xfc00) === 0xd800;
  const isLow = (i: number) => (text.charCodeAt(i) & 0xfc00) === 0xdc00;
  const head = isHigh(QUOTE_HEAD - 1) ? QUOTE_HEAD - 1 : QUOTE_HEAD;
  const tail = isLow(text.length - QUOTE_TAIL) ? text.length - QUOTE_TAIL + 1 : text.length - QUOTE_TAIL;
  return `${text.slice(0, head)} …(${(tail - head).toLocaleString("en-US")} characters)… ${text.slice(tail)}`;
}
