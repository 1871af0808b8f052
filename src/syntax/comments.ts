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
 * The `;` that start KIF comments, from the start of a text to its end: every `;` but one inside a
 * name between bars (`|a;b|`, kif-name.ts; the rest of a text after a `|` that nothing closes is
 * inside it). KIF has no strings, so a text without bars needs nothing but `indexOf`. The next `|`
 * is kept from one call to the next, so that a text is scanned once, however many comments it has.
 */
export class KifCommentScanner {
  /** The first `|` at or after the last position asked from, or -1. */
  private bar: number;

  constructor(private readonly text: string) {
    this.bar = text.indexOf("|");
  }

  /** The offset of the next `;` at or after `from` that starts a comment, or -1; `from` never goes back. */
  next(from: number): number {
    const text = this.text;
    let semicolon = text.indexOf(";", from);
    if (this.bar >= 0 && this.bar < from) this.bar = text.indexOf("|", from); // a | inside a comment
    while (semicolon >= 0 && this.bar >= 0 && this.bar < semicolon) {
      const end = barNameEnd(text, this.bar);
      if (end < 0) return -1;
      if (semicolon < end) semicolon = text.indexOf(";", end);
      this.bar = text.indexOf("|", end);
    }
    return semicolon;
  }
}

/** The `;` comments of a KIF text (every `;` outside a name between bars starts one, `KifCommentScanner`). */
export function kifComments(text: string, lines: LineIndex = new LineIndex(text)): SourceComment[] {
  const out: SourceComment[] = [];
  const comments = new KifCommentScanner(text);
  let i = comments.next(0);
  while (i >= 0) {
    const { body, end, markers } = commentAt(text, i, ";");
    out.push({ pos: lines.at(i), text: body, trailing: !startsLine(text, i), markers });
    i = comments.next(end);
  }
  return out;
}
