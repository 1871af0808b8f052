/**
 * clingo symbols as they appear in ground output (aspif output statements, `--text`):
 * `true(cell(1,1,b))`, `-3`, `"a\"b"`, `f(a,(b,c))`, `(x,)`, `-p(1)`, `#inf`, `#sup`.
 * `parseAspSymbol` turns such a string into a small tree; `aspSymbolToString` prints it back
 * the way clingo does. Both are pure and written for speed: extraction reads every atom of
 * the ground program through them, millions for big games.
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

  symbol(): AspSymbol {
    const t = this.text;
    const c = t.charCodeAt(this.pos);
    if (c === LPAREN) {
      this.pos++;
      return this.tuple();
    }
    if (c === QUOTE) return this.string();
    if (c >= ZERO && c <= NINE) return this.number(this.pos);
    if (c === MINUS) {
      const d = t.charCodeAt(this.pos + 1);
      if (d >= ZERO && d <= NINE) return this.number(this.pos);
      this.pos++;
      return this.func(true);
    }
    if (c === HASH) {
      if (t.startsWith("#inf", this.pos)) {
        this.pos += 4;
        return INFIMUM;
      }
      if (t.startsWith("#sup", this.pos)) {
        this.pos += 4;
        return SUPREMUM;
      }
      this.fail("unknown #-symbol");
    }
    return this.func(false);
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

  /** Name (possibly empty for a tuple-like `f` without name is not allowed), then optional arguments. */
  func(negated: boolean): AspFunction {
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
    const args = this.argumentsUntilParen();
    return { kind: "function", name, args, negated };
  }

  /** After `(`: a tuple `()`, `(a,)`, `(a,b)`; parenthesis around a single term are a 1-tuple only with the comma. */
  tuple(): AspSymbol {
    const args = this.argumentsUntilParen(true);
    // `(a)` is not what clingo prints for a tuple; read it as the term itself.
    if (args.length === 1 && !this.trailingComma) return args[0];
    return { kind: "tuple", args: args.length === 0 ? NO_ARGS : args };
  }

  /** Whether the last `argumentsUntilParen(true)` ended with `,)`. */
  private trailingComma = false;

  /** After `(`: terms separated by commas up to `)`; `,)` only where allowed (a tuple's `(a,)`). */
  argumentsUntilParen(allowTrailingComma = false): AspSymbol[] {
    const args: AspSymbol[] = [];
    this.trailingComma = false;
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === RPAREN) {
      this.pos++;
      return args;
    }
    for (;;) {
      this.skipSpace();
      args.push(this.symbol());
      this.skipSpace();
      const c = this.text.charCodeAt(this.pos);
      if (c === RPAREN) {
        this.pos++;
        this.trailingComma = false; // a nested tuple may have set it
        return args;
      }
      if (c !== COMMA) this.fail("',' or ')' expected");
      this.pos++;
      if (allowTrailingComma) {
        this.skipSpace();
        if (this.text.charCodeAt(this.pos) === RPAREN) {
          this.pos++;
          this.trailingComma = true;
          return args;
        }
      }
    }
  }
}

/** Print a symbol as clingo does (so `aspSymbolToString(parseAspSymbol(s)) === s` for clingo output). */
export function aspSymbolToString(symbol: AspSymbol): string {
  switch (symbol.kind) {
    case "number":
      return String(symbol.value);
    case "string":
      return '"' + escapeAspString(symbol.value) + '"';
    case "infimum":
      return "#inf";
    case "supremum":
      return "#sup";
    case "tuple": {
      const inner = symbol.args.map(aspSymbolToString).join(",");
      return symbol.args.length === 1 ? `(${inner},)` : `(${inner})`;
    }
    case "function": {
      const sign = symbol.negated ? "-" : "";
      if (symbol.args.length === 0) return sign + symbol.name;
      return `${sign}${symbol.name}(${symbol.args.map(aspSymbolToString).join(",")})`;
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
