/**
 * clingo symbols as they appear in ground output (aspif output statements, `--text`):
 * `true(cell(1,1,b))`, `-3`, `"a\"b"`, `f(a,(b,c))`, `(x,)`, `-p(1)`, `#inf`, `#sup`.
 * `parseAspSymbol` turns such a string into a small tree; `aspSymbolToString` prints it back
 * the way clingo does. Both are pure and written for speed: extraction reads the atoms that
 * symbol-kif.ts does not write through them. Neither takes a call per level of a symbol: a
 * game's terms may nest far deeper than a JavaScript stack holds calls.
 *
 * A tuple is clingo's function symbol without a name; it gets its own kind here. A function
 * symbol may carry clingo's classical negation (`-p(1)`), kept in `negated`.
 */

export type AspSymbol =
  | AspFunction
  | AspNumber
  | AspString
  | AspTuple
  | AspInfimum
  | AspSupremum;

export interface AspFunction {
  readonly kind: "function";
  readonly name: string;
  readonly args: readonly AspSymbol[];
  /** Classical negation: `-p(1)`. */
  readonly negated: boolean;
}
export interface AspNumber {
  readonly kind: "number";
  readonly value: number;
}
export interface AspString {
  /** The value without quotes, escapes resolved. */
  readonly kind: "string";
  readonly value: string;
}
export interface AspTuple {
  readonly kind: "tuple";
  readonly args: readonly AspSymbol[];
}
export interface AspInfimum {
  readonly kind: "infimum";
}
export interface AspSupremum {
  readonly kind: "supremum";
}

/** Thrown for text that is not a clingo symbol (clingo never prints such a thing). */
export class AspSymbolSyntaxError extends Error {
  constructor(
    message: string,
    readonly text: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset} in symbol ${JSON.stringify(text)}`);
    this.name = "AspSymbolSyntaxError";
  }
}

const LPAREN = 40;
const RPAREN = 41;
const COMMA = 44;
const MINUS = 45;
const QUOTE = 34;
const BACKSLASH = 92;
const HASH = 35;
const SPACE = 32;
const TAB = 9;
const ZERO = 48;
const NINE = 57;

const INFIMUM: AspInfimum = Object.freeze({ kind: "infimum" });
const SUPREMUM: AspSupremum = Object.freeze({ kind: "supremum" });
const NO_ARGS: readonly AspSymbol[] = Object.freeze([]);

/** Parse one clingo symbol. Throws `AspSymbolSyntaxError` on malformed text. */
export function parseAspSymbol(text: string): AspSymbol {
  const p = new SymbolParser(text);
  p.skipSpace();
  const symbol = p.symbol();
  p.skipSpace();
  if (p.pos !== text.length) p.fail("unexpected text after the symbol");
  return symbol;
}

class SymbolParser {
  pos = 0;
  constructor(readonly text: string) {}

  fail(message: string): never {
    throw new AspSymbolSyntaxError(message, this.text, this.pos);
  }

  skipSpace(): void {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    while (c === SPACE || c === TAB) c = t.charCodeAt(++this.pos);
  }

  /**
   * One symbol, read with a cursor: the function symbols and tuples it is inside, with their
   * arguments so far, on a stack of its own (a symbol of a game's term may nest far deeper than a
   * stack holds calls).
   */
  symbol(): AspSymbol {
    const t = this.text;
    const outer: OpenSymbol[] = [];
    for (;;) {
      // a symbol starts here: one read whole, or one whose arguments follow
      let done: AspSymbol | undefined;
      const c = t.charCodeAt(this.pos);
      if (c === LPAREN) {
        this.pos++;
        done = this.open(outer, { name: undefined, negated: false, args: [] });
      } else if (c === QUOTE) done = this.string();
      else if (c >= ZERO && c <= NINE) done = this.number(this.pos);
      else if (c === MINUS) {
        const d = t.charCodeAt(this.pos + 1);
        if (d >= ZERO && d <= NINE) done = this.number(this.pos);
        else {
          this.pos++;
          done = this.func(true, outer);
        }
      } else if (c === HASH) {
        if (t.startsWith("#inf", this.pos)) {
          this.pos += 4;
          done = INFIMUM;
        } else if (t.startsWith("#sup", this.pos)) {
          this.pos += 4;
          done = SUPREMUM;
        } else this.fail("unknown #-symbol");
      } else done = this.func(false, outer);
      // a symbol is read: an argument of the innermost open one, which a ',' goes on or a ')' ends
      while (done !== undefined) {
        const parent = outer.at(-1);
        if (parent === undefined) return done;
        parent.args.push(done);
        done = this.afterArgument(outer, parent);
      }
    }
  }

  number(start: number): AspNumber {
    const t = this.text;
    let i = start;
    if (t.charCodeAt(i) === MINUS) i++;
    let value = 0;
    let c = t.charCodeAt(i);
    while (c >= ZERO && c <= NINE) {
      value = value * 10 + (c - ZERO);
      c = t.charCodeAt(++i);
    }
    this.pos = i;
    return { kind: "number", value: t.charCodeAt(start) === MINUS ? -value : value };
  }

  string(): AspString {
    const t = this.text;
    const start = ++this.pos;
    // Fast path: no escapes.
    let i = start;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === QUOTE) {
        this.pos = i + 1;
        return { kind: "string", value: t.slice(start, i) };
      }
      if (c === BACKSLASH) break;
      if (Number.isNaN(c)) {
        this.pos = i;
        this.fail("unterminated string");
      }
      i++;
    }
    let value = t.slice(start, i);
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === QUOTE) {
        this.pos = i + 1;
        return { kind: "string", value };
      }
      if (Number.isNaN(c)) {
        this.pos = i;
        this.fail("unterminated string");
      }
      if (c === BACKSLASH) {
        const e = t[i + 1];
        if (e === "n") value += "\n";
        else if (e === "t") value += "\t";
        else if (e === "\\" || e === '"') value += e;
        else if (e === undefined) {
          this.pos = i;
          this.fail("unterminated string");
        } else value += "\\" + e; // unknown escape: keep it verbatim
        i += 2;
      } else {
        value += t[i];
        i++;
      }
    }
  }

  /**
   * Name (possibly empty for a tuple-like `f` without name is not allowed), then optional
   * arguments: the symbol, or undefined when it is opened on `outer` (its arguments follow).
   */
  func(negated: boolean, outer: OpenSymbol[]): AspFunction | undefined {
    const t = this.text;
    const start = this.pos;
    let i = start;
    let c = t.charCodeAt(i);
    // clingo identifiers are `_*[a-z]['A-Za-z0-9_]*`; accept any run of characters that
    // cannot start or end a term, so names made through the API survive as well.
    while (
      i < t.length &&
      c !== LPAREN &&
      c !== RPAREN &&
      c !== COMMA &&
      c !== QUOTE &&
      c !== SPACE &&
      c !== TAB
    ) {
      c = t.charCodeAt(++i);
    }
    if (i === start) this.fail("symbol expected");
    const name = t.slice(start, i);
    this.pos = i;
    if (c !== LPAREN) return { kind: "function", name, args: NO_ARGS, negated };
    this.pos++;
    return this.open(outer, { name, negated, args: [] }) as AspFunction | undefined;
  }

  /** After `(`: `()` read whole, or else the symbol opened on `outer`, its first argument next. */
  private open(outer: OpenSymbol[], symbol: OpenSymbol): AspSymbol | undefined {
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === RPAREN) {
      this.pos++;
      return closed(symbol, false);
    }
    outer.push(symbol);
    return undefined;
  }

  /**
   * After an argument of `symbol` (the innermost open one): its `)`, then the symbol read whole
   * (popped from `outer`), or a `,` and undefined (its next argument follows); `,)` ends a tuple.
   */
  private afterArgument(outer: OpenSymbol[], symbol: OpenSymbol): AspSymbol | undefined {
    this.skipSpace();
    const c = this.text.charCodeAt(this.pos);
    if (c === RPAREN) {
      this.pos++;
      outer.pop();
      return closed(symbol, false);
    }
    if (c !== COMMA) this.fail("',' or ')' expected");
    this.pos++;
    this.skipSpace();
    if (symbol.name === undefined && this.text.charCodeAt(this.pos) === RPAREN) {
      this.pos++;
      outer.pop();
      return closed(symbol, true);
    }
    return undefined;
  }
}

/** A function symbol (with its name) or a tuple (without) whose arguments are being read. */
interface OpenSymbol {
  readonly name: string | undefined;
  readonly negated: boolean;
  readonly args: AspSymbol[];
}

/**
 * The symbol whose arguments are all read. `(a)` is not what clingo prints for a tuple (that is
 * `(a,)`, `trailingComma`): it is read as the term itself.
 */
function closed(symbol: OpenSymbol, trailingComma: boolean): AspSymbol {
  const { name, negated, args } = symbol;
  if (name !== undefined) return { kind: "function", name, args, negated };
  if (args.length === 1 && !trailingComma) return args[0];
  return { kind: "tuple", args: args.length === 0 ? NO_ARGS : args };
}

/**
 * Print a symbol as clingo does (so `aspSymbolToString(parseAspSymbol(s)) === s` for clingo
 * output), from left to right with a cursor: the symbols it is inside on a stack of its own.
 */
export function aspSymbolToString(root: AspSymbol): string {
  const outer: (AspFunction | AspTuple)[] = [];
  const resume: number[] = [];
  let text = "";
  let symbol: AspSymbol = root;
  for (;;) {
    // a symbol starts: written whole, or opened (its arguments next)
    let opened: AspFunction | AspTuple | undefined;
    switch (symbol.kind) {
      case "number":
        text += String(symbol.value);
        break;
      case "string":
        text += '"' + escapeAspString(symbol.value) + '"';
        break;
      case "infimum":
        text += "#inf";
        break;
      case "supremum":
        text += "#sup";
        break;
      case "tuple":
        text += "(";
        opened = symbol;
        break;
      case "function":
        if (symbol.negated) text += "-";
        text += symbol.name;
        if (symbol.args.length > 0) {
          text += "(";
          opened = symbol;
        }
    }
    if (opened !== undefined) {
      outer.push(opened);
      resume.push(0);
    }
    // the symbols whose arguments are all written, innermost first; then the next argument
    for (;;) {
      const parent = outer.at(-1);
      if (parent === undefined) return text;
      const k = resume[resume.length - 1];
      if (k < parent.args.length) {
        if (k > 0) text += ",";
        resume[resume.length - 1] = k + 1;
        symbol = parent.args[k];
        break;
      }
      text += parent.kind === "tuple" && parent.args.length === 1 ? ",)" : ")";
      outer.pop();
      resume.pop();
    }
  }
}

/** Escape a string value the way clingo quotes it: backslash, double quote and newline. */
export function escapeAspString(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === "\n" ? "\\n" : "\\" + c));
}

/** `name/arity` of a function symbol (tuples and others have no signature). */
export function aspSignature(symbol: AspSymbol): string | undefined {
  return symbol.kind === "function"
    ? `${symbol.negated ? "-" : ""}${symbol.name}/${symbol.args.length}`
    : undefined;
}
