/**
 * clingo's messages on standard error, read into values. clingo prints one block per
 * message, blocks separated by a blank line:
 *
 * ```
 * <asp>:1:1-11: error: unsafe variables in:
 *   p(X):-[#inc_base];q.
 * <asp>:1:3-4: note: 'X' is unsafe
 *
 * *** ERROR: (clingo): grounding stopped because of errors
 * ```
 *
 * Locations are `file:line:col[-[endLine:]endCol]`, 1-based, in the ASP text given to clingo.
 */

export type ClingoSeverity = "error" | "warning" | "info";

export interface ClingoMessage {
  readonly severity: ClingoSeverity;
  /** The whole block, lines joined with `\n`. */
  readonly text: string;
  /** Where the first line points to, when it has a location. */
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
}

/** The name clingo is told the ASP text comes from (it is read from `/dev/stdin`). */
export const ASP_INPUT_NAME = "<asp>";

const LOCATED = /^(.*?):(\d+):(\d+)(?:-(?:(\d+):)?(\d+))?: (error|warning|info|note): /;
const GLOBAL = /^\*\*\* (ERROR|Warn|Info)\s*: /;

/** Replace clingo's name for the input file at line starts (`/dev/stdin:` becomes `<asp>:`). */
export function renameInput(line: string, inputName: string): string {
  return line.startsWith(inputName + ":") ? ASP_INPUT_NAME + line.slice(inputName.length) : line;
}

export function parseClingoMessages(lines: readonly string[]): ClingoMessage[] {
  const messages: ClingoMessage[] = [];
  let block: string[] = [];
  const flush = (): void => {
    if (block.length > 0) messages.push(message(block));
    block = [];
  };
  for (const line of lines) {
    if (line.trim() === "") flush();
    else {
      // `*** ERROR` lines start a block of their own even without a blank line before them.
      if (GLOBAL.test(line)) flush();
      block.push(line);
    }
  }
  flush();
  return messages;
}

function message(block: readonly string[]): ClingoMessage {
  const first = block[0];
  const text = block.join("\n");
  const located = LOCATED.exec(first);
  if (located) {
    const severity = located[6] === "error" ? "error" : located[6] === "warning" ? "warning" : "info";
    const line = Number(located[2]);
    const column = Number(located[3]);
    const endLine = located[4] !== undefined ? Number(located[4]) : line;
    const endColumn = located[5] !== undefined ? Number(located[5]) : column;
    return { severity, text, line, column, endLine, endColumn };
  }
  const global = GLOBAL.exec(first);
  if (global) {
    const severity = global[1] === "ERROR" ? "error" : global[1] === "Warn" ? "warning" : "info";
    return { severity, text };
  }
  return { severity: /\berror\b/i.test(first) ? "error" : "info", text };
}

/** The text of 1-based line `line` of `text` (without its line break), or undefined. */
export function lineOf(text: string, line: number): string | undefined {
  if (line < 1) return undefined;
  let start = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf("\n", start);
    if (nl < 0) return undefined;
    start = nl + 1;
  }
  let end = text.indexOf("\n", start);
  if (end < 0) end = text.length;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return text.slice(start, end);
}
