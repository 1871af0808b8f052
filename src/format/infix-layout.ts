/**
 * The canonical layout of infix GDL, from its tokens (tokens.ts), as papers and `convert` write
 * it: a clause on one line when it fits in the width, else its head and `:-`, then one body
 * literal per line, four columns in, each separator at the end of its line:
 *
 *   next(cell(M, N, x)) :-
 *       does(xplayer, mark(M, N)) &
 *       true(cell(M, N, b)).
 *
 * `f(a, b)` with a space after each comma, `~l`, `not l`, ` & ` or `, ` between literals as
 * written, the final `.` where there was one. Only whitespace changes: every token is written
 * as it was. Lines a comment forces inside a clause start at least four columns in, since a name
 * at the start of a line may begin a new clause (the reader's rule for clauses without `.`).
 */
import { align, comment, group, indent, line, type Doc } from "./doc.js";
import type { LayoutItem } from "./kif-layout.js";
import type { Token, TokenKind } from "./tokens.js";
import type { TokenList } from "./token-list.js";

class ClauseLayout {
  /** `from`: the token it starts at. */
  constructor(
    private readonly tokens: TokenList,
    private i = 0,
  ) {}

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  /** The index of the next token. */
  get position(): number {
    return this.i;
  }

  /** The index of the next token that is not a comment, or -1. */
  private peekIndex(): number {
    for (let k = this.i; k < this.tokens.length; k++) if (this.tokens.kind(k) !== "comment") return k;
    return -1;
  }

  /** The kind of the next token that is not a comment. */
  private peekKind(): TokenKind | undefined {
    const k = this.peekIndex();
    return k < 0 ? undefined : this.tokens.kind(k);
  }

  private peekWord(): string | undefined {
    const k = this.peekIndex();
    return k >= 0 && this.tokens.kind(k) === "name" ? this.tokens.text(k).toLowerCase() : undefined;
  }

  /** The next token, after the comments before it. */
  private take(kind?: TokenKind): Doc {
    const parts: Doc[] = [];
    while (this.i < this.tokens.length && this.tokens.kind(this.i) === "comment") {
      const c = this.i++;
      parts.push(comment(this.tokens.text(c), !this.tokens.lineStart(c)));
    }
    const t = this.i++;
    if (t >= this.tokens.length || (kind && this.tokens.kind(t) !== kind)) throw new Error(`expected ${kind ?? "a token"} at offset ${t < this.tokens.length ? this.tokens.start(t) : "end"}`);
    parts.push(this.tokens.text(t));
    return parts;
  }

  /** A comment at the top level (between clauses), or undefined. */
  topComment(): Token | undefined {
    if (this.i >= this.tokens.length || this.tokens.kind(this.i) !== "comment") return undefined;
    return this.tokens.at(this.i++);
  }

  /** The token at `back` before the next one (1: the last one taken). */
  token(back = 0): Token {
    return this.tokens.at(this.i - back)!;
  }

  clause(): Doc {
    const parts: Doc[] = [this.atom()];
    if (this.peekKind() === ":-") {
      parts.push(" ", this.take(":-"), line, this.literal());
      for (let k = this.peekKind(); k === "," || k === "&"; k = this.peekKind()) {
        parts.push(k === "&" ? " " : "", this.take(), line, this.literal());
      }
    }
    if (this.peekKind() === ".") parts.push(this.take("."));
    return indent(4, group(parts));
  }

  private atom(): Doc {
    const name = this.take();
    return this.peekKind() === "(" ? [name, this.list(() => this.term())] : name;
  }

  /**
   * A term, laid out with a cursor: the compound terms it is inside, each with its name, its `(`
   * and the parts of its arguments so far, on a stack of its own (a term may nest far deeper than
   * a stack holds calls, MAX_TERM_NESTING). The same layout as `atom` with `list` gives.
   */
  private term(): Doc {
    const outer: { readonly name: Doc; readonly open: Doc; readonly inner: Doc[] }[] = [];
    for (;;) {
      let doc: Doc | undefined;
      if (this.peekKind() === "variable") doc = this.take();
      else {
        const name = this.take();
        if (this.peekKind() !== "(") doc = name;
        else {
          const open = this.take("(");
          if (this.peekKind() !== ")") {
            outer.push({ name, open, inner: [] }); // its first argument next
            continue;
          }
          doc = [name, group([open, align([]), this.take(")")])];
        }
      }
      // a term is laid out: an argument of the innermost open term, which the next ',' goes on or its ')' ends
      for (;;) {
        const parent = outer.at(-1);
        if (parent === undefined) return doc;
        parent.inner.push(doc);
        if (this.peekKind() === ",") {
          parent.inner.push(this.take(","), line);
          break;
        }
        outer.pop();
        doc = [parent.name, group([parent.open, align(parent.inner), this.take(")")])];
      }
    }
  }

  /** `( x, y, ... )` with the current token at `(`. */
  private list(item: () => Doc): Doc {
    const parts: Doc[] = [this.take("(")];
    const inner: Doc[] = [];
    if (this.peekKind() !== ")") {
      inner.push(item());
      while (this.peekKind() === ",") inner.push(this.take(","), line, item());
    }
    parts.push(align(inner), this.take(")"));
    return group(parts);
  }

  private literal(): Doc {
    const k = this.peekKind();
    if (k === "~") return [this.take(), this.literal()];
    if (k === "(") return [this.take(), this.literal(), this.take(")")];
    const word = this.peekWord();
    if (word === "not") {
      const not = this.take();
      if (this.peekKind() === "(") return [not, this.take("("), this.literal(), this.take(")")];
      return [not, " ", this.literal()];
    }
    if (word === "or") return [this.take(), this.list(() => this.literal())];
    return this.atom(); // distinct(s, t) is laid out as an atom
  }
}

/**
 * Reads the tokens of an infix text the reader has accepted into clauses and comments. A clause is
 * read once to find where it ends (its layout let go) and laid out again when its `doc` is asked,
 * so that a large text's layouts are not all held at once (see kif-layout.ts).
 */
export function infixLayout(tokens: TokenList): LayoutItem[] {
  const reader = new ClauseLayout(tokens);
  const out: LayoutItem[] = [];
  while (!reader.atEnd()) {
    const c = reader.topComment();
    if (c) {
      out.push({ doc: () => comment(c.text, !c.lineStart), first: c, last: c, trailingComment: !c.lineStart });
      continue;
    }
    const from = reader.position;
    const first = reader.token();
    reader.clause();
    out.push({ doc: () => new ClauseLayout(tokens, from).clause(), first, last: reader.token(1), trailingComment: false });
  }
  return out;
}
