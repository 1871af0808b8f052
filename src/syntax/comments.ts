/**
 * Comments of a source text, kept aside by the readers so that `convert` can write them back
 * next to the rules they stood by.
 */
import type { Position } from "../diagnostics.js";
import { barNameEnd } from "./kif-name.js";

export interface SourceComment {
  /** Where the comment marker (`;` or `%`) is. */
  readonly pos: Position;
  /** The text after the marker(s), without the end of line; leading spaces kept. */
  readonly text: string;
  /** True when code stands before the comment on its line (an end-of-line comment). */
  readonly trailing: boolean;
  /** How many markers it starts with (`;;;` is 3), to write as many of the other notation's. */
  readonly markers: number;
}

/** Maps offsets to 1-based lines and columns (a `\r\n`, `\n` or lone `\r` ends a line). */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    // the ends of lines found by indexOf (native), not by a loop over every character
    let lf = text.indexOf("\n");
    let cr = text.indexOf("\r");
    while (lf >= 0 || cr >= 0) {
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        if (cr + 1 !== lf) this.starts.push(cr + 1); // a lone \r; a \r\n ends its line at the \n
        cr = text.indexOf("\r", cr + 1);
      } else {
        this.starts.push(lf + 1);
        lf = text.indexOf("\n", lf + 1);
      }
    }
  }
  at(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo] + 1, offset };
  }
}

/** Whether only blanks stand between the start of the line and `offset`. */
export function startsLine(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i];
    if (c === "\n" || c === "\r") return true;
    if (c !== " " && c !== "\t" && c !== "\f" && c !== "\v") return false;
  }
  return true;
}

/** The text of a comment starting at `offset` (markers stripped) and the offset of its end of line. */
export function commentAt(text: string, offset: number, marker: string): { body: string; end: number; markers: number } {
  let end = offset;
  while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
  let start = offset;
  while (start < end && text[start] === marker) start++;
  return { body: text.slice(start, end), end, markers: start - offset };
}

/**
 * The offset of the next `;` from `from` on that starts a KIF comment, or -1: every `;` but one
 * inside a name between bars (`|a;b|`, kif-name.ts; the rest of a text after a `|` that nothing
 * closes is inside it). KIF has no strings, so a text without bars needs nothing but `indexOf`.
 */
export function nextKifComment(text: string, from: number): number {
  let semicolon = text.indexOf(";", from);
  let bar = semicolon < 0 ? -1 : text.indexOf("|", from);
  while (bar >= 0 && bar < semicolon) {
    const end = barNameEnd(text, bar);
    if (end < 0) return -1;
    if (semicolon < end) semicolon = text.indexOf(";", end);
    bar = semicolon < 0 ? -1 : text.indexOf("|", end);
  }
  return semicolon;
}

/** The `;` comments of a KIF text (every `;` outside a name between bars starts one, `nextKifComment`). */
export function kifComments(text: string, lines: LineIndex = new LineIndex(text)): SourceComment[] {
  const out: SourceComment[] = [];
  let i = nextKifComment(text, 0);
  while (i >= 0) {
    const { body, end, markers } = commentAt(text, i, ";");
    out.push({ pos: lines.at(i), text: body, trailing: !startsLine(text, i), markers });
    i = nextKifComment(text, end);
  }
  return out;
}
