/**
 * A small layout algebra in the manner of Wadler's "prettier printer" (and Prettier's docs): a
 * layout says where a line may break, a group is printed on one line when it fits in the width
 * and has no comment inside, else every break of the group is taken (a broken group always
 * takes them: a rule's body literals, one per line). Both notations' layouts (kif-layout.ts,
 * infix-layout.ts) are written in it, so that "on one line when it fits, else one part per
 * line" is decided in one place.
 *
 * Comments are part of the layout and never move across a token: an end-of-line comment stays
 * after the token it followed (when a break was taken just before it, it goes back to the end
 * of the line above), a comment on its own line stays on its own line, and whatever follows a
 * comment starts on a new line.
 */

export type Doc = string | readonly Doc[] | Group | Align | Indent | Line | CommentDoc;

interface Group {
  readonly kind: "group";
  readonly doc: Doc;
  /** Always broken, whatever its width. */
  readonly broken: boolean;
}
interface Align {
  readonly kind: "align";
  readonly doc: Doc;
}
interface Indent {
  readonly kind: "indent";
  readonly by: number;
  readonly doc: Doc;
}
interface Line {
  readonly kind: "line";
  /** What it is on one line: a space (`line`) or nothing (`softline`). */
  readonly flat: string;
}
interface CommentDoc {
  readonly kind: "comment";
  readonly text: string;
  /** Code stood before it on its line. */
  readonly trailing: boolean;
}

/** One line when it fits and holds no comment, else every `line` in it (not in inner groups) breaks. */
export const group = (doc: Doc): Doc => ({ kind: "group", doc, broken: false });
/** A group whose breaks are always taken. */
export const brokenGroup = (doc: Doc): Doc => ({ kind: "group", doc, broken: true });
/** Lines broken inside `doc` start at the column where `doc` starts. */
export const align = (doc: Doc): Doc => ({ kind: "align", doc });
/** Lines broken inside `doc` start `by` columns further in than the enclosing ones. */
export const indent = (by: number, doc: Doc): Doc => ({ kind: "indent", by, doc });
/** A space, or a line break. */
export const line: Doc = { kind: "line", flat: " " };
/** Nothing, or a line break. */
export const softline: Doc = { kind: "line", flat: "" };
export const comment = (text: string, trailing: boolean): Doc => ({ kind: "comment", text: text.trimEnd(), trailing });

/**
 * Whether `doc` fits on one line in `room` columns: false past them, or at a comment (which ends its
 * line) or a broken group. It stops where the room ends, and walks with a stack of its own: a term
 * nested 2,000 deep (the reader's limit) is a doc nested thousands deep.
 */
function fitsFlat(doc: Doc, room: number): boolean {
  const stack: Doc[] = [doc];
  let width = 0;
  while (stack.length > 0) {
    const d = stack.pop()!;
    if (typeof d === "string") width += d.length;
    else if (Array.isArray(d)) for (let k = d.length - 1; k >= 0; k--) stack.push((d as readonly Doc[])[k]);
    else {
      const node = d as Group | Align | Indent | Line | CommentDoc;
      switch (node.kind) {
        case "line":
          width += node.flat.length;
          break;
        case "comment":
          return false;
        case "group":
          if (node.broken) return false;
          stack.push(node.doc);
          break;
        default:
          stack.push(node.doc);
      }
    }
    if (width > room) return false;
  }
  return true;
}

/** `text` without the spaces and tabs at its end. */
function trimSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * Prints docs one after the other (the top-level items of a text), lines up to `width` columns.
 * The lines printed are kept apart from the one being printed: what is done to the end of a line
 * (trimming it, a comment going back to it) costs that line's length, not the text's.
 */
export class DocPrinter {
  /** The lines before the current one, trimmed. */
  private readonly done: string[] = [];
  /** The current line. */
  private line = "";
  private column = 0;
  /** A comment ended the line: what is printed next starts on a new one. */
  private pendingBreak = false;

  constructor(private readonly width: number) {}

  /** The text so far, its lines ended by `lineBreak` (a token's own line breaks, as in a KIF name between bars, are kept as written). */
  text(lineBreak = "\n"): string {
    return [...this.done, trimSpaces(this.line)].join(lineBreak) + lineBreak;
  }

  /** Starts a new line at column 0, after `blankLines` empty ones (nothing at the start of the text). */
  newLine(blankLines: number): void {
    if (this.done.length === 0 && this.line === "") return;
    this.done.push(trimSpaces(this.line));
    for (let k = 0; k < blankLines; k++) this.done.push("");
    this.line = "";
    this.column = 0;
    this.pendingBreak = false;
  }

  print(doc: Doc): void {
    this.doc(doc, 0, false);
  }

  private breakLine(indent: number): void {
    this.done.push(trimSpaces(this.line));
    this.line = " ".repeat(indent);
    this.column = indent;
    this.pendingBreak = false;
  }

  private atLineStart(): boolean {
    return trimSpaces(this.line) === "";
  }

  private emit(text: string, indent: number): void {
    if (this.pendingBreak) this.breakLine(indent);
    this.line += text;
    this.column += text.length;
  }

  /** Prints `root` in pre-order from a stack of its own (a doc may nest thousands deep), each part with its indent and whether it is flat. */
  private doc(root: Doc, rootIndent: number, rootFlat: boolean): void {
    const docs: Doc[] = [root];
    const indents: number[] = [rootIndent];
    const flats: boolean[] = [rootFlat];
    const push = (doc: Doc, indent: number, flat: boolean) => {
      docs.push(doc);
      indents.push(indent);
      flats.push(flat);
    };
    while (docs.length > 0) {
      const doc = docs.pop()!;
      const indent = indents.pop()!;
      const flat = flats.pop()!;
      if (typeof doc === "string") {
        if (doc.length > 0) this.emit(doc, indent);
        continue;
      }
      if (Array.isArray(doc)) {
        for (let k = doc.length - 1; k >= 0; k--) push((doc as readonly Doc[])[k], indent, flat);
        continue;
      }
      const d = doc as Group | Align | Indent | Line | CommentDoc;
      switch (d.kind) {
        case "group":
          push(d.doc, indent, flat || (!d.broken && !this.pendingBreak && fitsFlat(d.doc, this.width - this.column)));
          break;
        case "align":
          push(d.doc, this.pendingBreak ? indent : this.column, flat);
          break;
        case "indent":
          push(d.doc, indent + d.by, flat);
          break;
        case "line":
          if (flat && !this.pendingBreak) this.emit(d.flat, indent);
          else this.breakLine(indent);
          break;
        case "comment":
          this.commentDoc(d, indent);
      }
    }
  }

  private commentDoc(d: CommentDoc, indent: number): void {
    if (d.trailing) {
      if (this.atLineStart() && this.done.length > 0 && !this.pendingBreak) {
        // a break was taken just before it: back to the end of the line it ended
        this.line = this.done.pop()!;
      }
      this.line += " " + d.text;
    } else {
      if (!this.atLineStart() || this.pendingBreak) this.breakLine(indent);
      else if (this.column !== indent) {
        this.line = " ".repeat(indent);
        this.column = indent;
      }
      this.line += d.text;
    }
    this.pendingBreak = true;
  }
}
