/**
 * The tokens of a text (tokens.ts) packed in typed arrays: per token its kind, its span and its
 * two layout flags; its text is sliced from the source when asked. What the language server keeps
 * per version of a document (src/lsp/document.ts); the formatter's layouts read them packed too,
 * making one top-level item's tokens objects (`at`) as they lay that item out.
 *
 * Why: a ground game is a text the server is opened on too (`gdl-ground chess_200.kif -o g.kif`:
 * 130,000 lines, 10 MB, 3.3 million tokens); as objects holding their texts the tokens took 287 MiB
 * of the 836 MiB the server kept for that one document, here 10 bytes each.
 * Pure computation: no Node imports.
 */
import { firstAtLeast, resized } from "../int-list.js";

export type TokenKind =
  | "(" | ")"
  | "symbol" // KIF: a constant, relation or function name, a keyword or `<=`
  | "variable" // KIF `?x`, infix `X` or `_`
  | "name" // infix: a bare name (`cell`, `1`, `not`)
  | "quoted" // a quoted name: infix `'a-b'`, KIF `|x y|`
  | "," | "&" | "~" | "." | ":-" // infix punctuation
  | "comment"
  | "error";

export interface Token {
  readonly kind: TokenKind;
  /** The text as written (a comment with its markers, a quoted name with its quotes). */
  readonly text: string;
  /** Offset of the first character (UTF-16 units, from 0). */
  readonly start: number;
  /** Offset just after the last character. */
  readonly end: number;
  /** Nothing but blanks stands before it on its line. */
  readonly lineStart: boolean;
  /** An empty line (or more) stands between it and the token before it. */
  readonly blankBefore: boolean;
}

/** Every kind, numbered by its place here. */
const KINDS: readonly TokenKind[] = ["(", ")", "symbol", "variable", "name", "quoted", ",", "&", "~", ".", ":-", "comment", "error"];
const KIND_CODES = new Map<TokenKind, number>(KINDS.map((k, i) => [k, i]));
const LINE_START = 1;
const BLANK_BEFORE = 2;

export class TokenList {
  private kinds: Uint8Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private flags: Uint8Array;
  private count = 0;

  /** `source`: the text the tokens' offsets point into; `capacity`: the tokens expected (grown as needed). */
  constructor(
    readonly source: string,
    capacity = 16,
  ) {
    const n = Math.max(16, capacity);
    this.kinds = new Uint8Array(n);
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    this.flags = new Uint8Array(n);
  }

  /** How many tokens there are. */
  get length(): number {
    return this.count;
  }

  /** Adds a token after the last (the tokenizers add them in text order). */
  push(kind: TokenKind, start: number, end: number, lineStart: boolean, blankBefore: boolean): void {
    const i = this.count;
    if (i === this.kinds.length) this.resize(i * 2);
    this.kinds[i] = KIND_CODES.get(kind)!;
    this.starts[i] = start;
    this.ends[i] = end;
    this.flags[i] = (lineStart ? LINE_START : 0) | (blankBefore ? BLANK_BEFORE : 0);
    this.count = i + 1;
  }

  /** Gives back the room beyond the tokens added (once they all are). */
  trim(): this {
    if (this.kinds.length > this.count + (this.count >> 3) + 16) this.resize(this.count);
    return this;
  }

  kind(i: number): TokenKind {
    return KINDS[this.kinds[i]];
  }

  /** Offset of the token's first character (UTF-16 units). */
  start(i: number): number {
    return this.starts[i];
  }

  /** Offset just after its last character. */
  end(i: number): number {
    return this.ends[i];
  }

  /** The token's text as written. */
  text(i: number): string {
    return this.source.slice(this.starts[i], this.ends[i]);
  }

  /** Nothing but blanks stands before it on its line. */
  lineStart(i: number): boolean {
    return (this.flags[i] & LINE_START) !== 0;
  }

  /** An empty line (or more) stands between it and the token before it. */
  blankBefore(i: number): boolean {
    return (this.flags[i] & BLANK_BEFORE) !== 0;
  }

  /** Token `i` as an object, or undefined past the ends. */
  at(i: number): Token | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    return { kind: this.kind(i), text: this.text(i), start: this.starts[i], end: this.ends[i], lineStart: this.lineStart(i), blankBefore: this.blankBefore(i) };
  }

  /** Tokens `from` to `to` (excluded) as objects. */
  slice(from = 0, to = this.count): Token[] {
    const out: Token[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.count); i++) out.push(this.at(i)!);
    return out;
  }

  /** Every token as an object. */
  toArray(): Token[] {
    return this.slice();
  }

  /** The index of the first token starting at or after `offset` (`length` when none does). */
  indexAtOrAfter(offset: number): number {
    return firstAtLeast(this.starts, this.count, offset);
  }

  /** The index of the first token ending at or after `offset` (`length` when none does; tokens do not overlap, so their ends ascend). */
  indexEndingAtOrAfter(offset: number): number {
    return firstAtLeast(this.ends, this.count, offset);
  }

  private resize(n: number): void {
    this.kinds = resized(this.kinds, n);
    this.starts = resized(this.starts, n);
    this.ends = resized(this.ends, n);
    this.flags = resized(this.flags, n);
  }
}
