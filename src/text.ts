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
