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
import type { Token } from "./tokens.js";

class ClauseLayout {
  private i = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  /** The next token that is not a comment. */
  private peek(): Token | undefined {
    for (let k = this.i; k < this.tokens.length; k++) if (this.tokens[k].kind !== "comment") return this.tokens[k];
    return undefined;
  }

  private peekWord(): string | undefined {
    const t = this.peek();
    return t?.kind === "name" ? t.text.toLowerCase() : undefined;
  }

  /** The next token, after the comments before it. */
  private take(kind?: Token["kind"]): Doc {
    const parts: Doc[] = [];
    while (this.i < this.tokens.length && this.tokens[this.i].kind === "comment") {
      const c = this.tokens[this.i++];
      parts.push(comment(c.text, !c.lineStart));
    }
    const t = this.tokens[this.i++];
    if (!t || (kind && t.kind !== kind)) throw new Error(`expected ${kind ?? "a token"} at offset ${t?.start ?? "end"}`);
    parts.push(t.text);
    return parts;
  }

  /** A comment at the top level (between clauses), or undefined. */
  topComment(): Token | undefined {
    const t = this.tokens[this.i];
    if (t?.kind !== "comment") return undefined;
    this.i++;
    return t;
  }

  /** The token at `back` before the next one (1: the last one taken). */
  token(back = 0): Token {
    return this.tokens[this.i - back];
  }

  clause(): Doc {
    const parts: Doc[] = [this.atom()];
    if (this.peek()?.kind === ":-") {
      parts.push(" ", this.take(":-"), line, this.literal());
      for (let t = this.peek(); t?.kind === "," || t?.kind === "&"; t = this.peek()) {
        parts.push(t.kind === "&" ? " " : "", this.take(), line, this.literal());
      }
    }
    if (this.peek()?.kind === ".") parts.push(this.take("."));
    return indent(4, group(parts));
  }

  private atom(): Doc {
    const name = this.take();
    return this.peek()?.kind === "(" ? [name, this.list(() => this.term())] : name;
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
      if (this.peek()?.kind === "variable") doc = this.take();
      else {
        const name = this.take();
        if (this.peek()?.kind !== "(") doc = name;
        else {
          const open = this.take("(");
          if (this.peek()?.kind !== ")") {
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
        if (this.peek()?.kind === ",") {
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
    if (this.peek()?.kind !== ")") {
      inner.push(item());
      while (this.peek()?.kind === ",") inner.push(this.take(","), line, item());
    }
    parts.push(align(inner), this.take(")"));
    return group(parts);
  }

  private literal(): Doc {
    const t = this.peek();
    if (t?.kind === "~") return [this.take(), this.literal()];
    if (t?.kind === "(") return [this.take(), this.literal(), this.take(")")];
    const word = this.peekWord();
    if (word === "not") {
      const not = this.take();
      if (this.peek()?.kind === "(") return [not, this.take("("), this.literal(), this.take(")")];
      return [not, " ", this.literal()];
    }
    if (word === "or") return [this.take(), this.list(() => this.literal())];
    return this.atom(); // distinct(s, t) is laid out as an atom
  }
}

/** Reads the tokens of an infix text the reader has accepted into clauses and comments. */
export function infixLayout(tokens: readonly Token[]): LayoutItem[] {
  const reader = new ClauseLayout(tokens);
  const out: LayoutItem[] = [];
  while (!reader.atEnd()) {
    const c = reader.topComment();
    if (c) {
      const doc = comment(c.text, !c.lineStart);
      out.push({ doc: () => doc, first: c, last: c, trailingComment: !c.lineStart });
      continue;
    }
    const first = reader.token();
    const doc = reader.clause();
    out.push({ doc: () => doc, first, last: reader.token(1), trailingComment: false });
  }
  return out;
}
