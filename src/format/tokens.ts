/**
 * The tokens of a GDL text, comments included, with their exact offsets: what the formatter
 * lays out again and what the language server colours and points into. The readers
 * (syntax/parse.ts, syntax/infix-parse.ts) keep only the tree and the comments' texts; a
 * formatter that must change nothing but whitespace needs every token as written (`?X` stays
 * `?X`, `'a-b'` stays quoted), and an editor needs the span of each name, which the tree does
 * not have (a KIF atom's position is its `(`).
 *
 * Both tokenizers accept any text and never throw: a character the notation does not allow is
 * an `error` token (the readers report it; here it only has to be skipped). A KIF name between
 * bars (`|x y|`, kif-name.ts) is one `quoted` token, as an infix quoted name is; a `|` that nothing
 * closes is an `error` token of its own (the reader reports it there; what follows is cut as usual,
 * so that an editor marks the `|` being typed, not the rest of the text).
 */
import type { GdlSyntax } from "../syntax/sniff.js";
import { barNameEnd, readBarName } from "../syntax/kif-name.js";
import { TokenList, type Token, type TokenKind } from "./token-list.js";

export type { Token, TokenKind } from "./token-list.js";

function isBlank(c: string): boolean {
  return c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === "\v";
}

/** Where a comment ends: at the end of its line (the line break is not part of it). */
function lineEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
  return i;
}

/** Blanks from `i` on: where they end, and how many line breaks they hold (`\r\n` is one). */
function skipBlanks(text: string, i: number): { end: number; breaks: number } {
  let breaks = 0;
  while (i < text.length && isBlank(text[i])) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) breaks++;
    i++;
  }
  return { end: i, breaks };
}

/**
 * Cuts a text into tokens: `cut` says what the token at `i` is and where it ends (`lineStart`:
 * only blanks stand before it on its line); blanks between tokens are skipped here.
 */
function scan(text: string, cut: (i: number, lineStart: boolean) => { kind: TokenKind; end: number }): TokenList {
  // a token takes two characters or more, with its blank, in most texts: the list rarely grows
  const tokens = new TokenList(text, text.length >> 1);
  let i = 0;
  let breaks = 1; // the start of the text counts as a line start
  while (i < text.length) {
    const blanks = skipBlanks(text, i);
    i = blanks.end;
    breaks += blanks.breaks;
    if (i >= text.length) break;
    const { kind, end } = cut(i, breaks > 0);
    tokens.push(kind, i, end, breaks > 0, tokens.length > 0 && breaks > 1);
    breaks = 0;
    i = end;
  }
  return tokens.trim();
}

/** Characters a Lisp reader takes for quotes or escapes: the KIF reader refuses them (`|` starts a name between bars). */
const KIF_FORBIDDEN = new Set(["'", "`", ",", '"', "\\"]);

/** The tokens of a KIF text: parentheses, symbols, names between bars, variables and `;` comments. */
export function kifTokens(text: string): Token[] {
  return kifTokenList(text).toArray();
}

/** `kifTokens`, packed. */
export function kifTokenList(text: string): TokenList {
  return scan(text, (i) => {
    const c = text[i];
    if (c === ";") return { kind: "comment", end: lineEnd(text, i) };
    if (c === "(" || c === ")") return { kind: c, end: i + 1 };
    if (c === "|") {
      const end = barNameEnd(text, i);
      return end < 0 ? { kind: "error", end: i + 1 } : { kind: "quoted", end };
    }
    if (KIF_FORBIDDEN.has(c)) return { kind: "error", end: i + 1 };
    let end = i + 1;
    while (end < text.length && !isBlank(text[end]) && text[end] !== "(" && text[end] !== ")" && text[end] !== ";" && text[end] !== "|" && !KIF_FORBIDDEN.has(text[end])) end++;
    return { kind: c === "?" ? "variable" : "symbol", end };
  });
}

const IDENT = /[A-Za-z0-9_]/;

/** The end of an infix quoted name starting at `i`, and whether it is one (closed on its line, not empty). */
function quotedEnd(text: string, i: number): { kind: TokenKind; end: number } {
  let end = i + 1;
  while (end < text.length && text[end] !== "\n" && text[end] !== "\r") {
    if (text[end] === "\\" && end + 1 < text.length) end += 2;
    else if (text[end] === "'" && text[end + 1] === "'") end += 2;
    else if (text[end] === "'") return { kind: end - i > 1 ? "quoted" : "error", end: end + 1 };
    else end++;
  }
  return { kind: "error", end };
}

/** The tokens of an infix text (the same cut as the infix reader's tokenizer). */
export function infixTokens(text: string): Token[] {
  return infixTokenList(text).toArray();
}

/** `infixTokens`, packed. */
export function infixTokenList(text: string): TokenList {
  return scan(text, (i, lineStart) => {
    const c = text[i];
    if (c === "%" || (c === ";" && lineStart)) return { kind: "comment", end: lineEnd(text, i) };
    if (IDENT.test(c)) {
      let end = i + 1;
      while (end < text.length && IDENT.test(text[end])) end++;
      return { kind: /[A-Z_]/.test(c) ? "variable" : "name", end };
    }
    if (c === "'") return quotedEnd(text, i);
    if (c === ":" && text[i + 1] === "-") return { kind: ":-", end: i + 2 };
    if (c === "(" || c === ")" || c === "," || c === "&" || c === "~" || c === ".") return { kind: c, end: i + 1 };
    return { kind: "error", end: i + (text.codePointAt(i)! > 0xffff ? 2 : 1) };
  });
}

export function tokensOf(text: string, syntax: GdlSyntax): Token[] {
  return tokenListOf(text, syntax).toArray();
}

/** `tokensOf`, packed (what the language server keeps: token-list.ts). */
export function tokenListOf(text: string, syntax: GdlSyntax): TokenList {
  return syntax === "infix" ? infixTokenList(text) : kifTokenList(text);
}

/** The content of a quoted name (infix `'a-b'` or KIF `|x y|`), as the reader stores it before case folding. */
export function unquote(quoted: string): string {
  if (quoted.startsWith("|")) return readBarName(quoted, 0)?.name ?? quoted;
  let out = "";
  for (let i = 1; i < quoted.length - 1; i++) {
    const c = quoted[i];
    if (c === "\\" && i + 1 < quoted.length - 1) {
      const e = quoted[++i];
      out += e === "n" ? "\n" : e === "t" ? "\t" : e;
    } else if (c === "'" && quoted[i + 1] === "'") {
      out += "'";
      i++;
    } else out += c;
  }
  return out;
}
