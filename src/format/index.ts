/**
 * The canonical formatter of GDL, KIF and infix: `gdl-ground fmt`, and the language server's
 * formatting. It changes whitespace only (the layouts are in kif-layout.ts and infix-layout.ts):
 * every token is written as it was, every comment stays where it was relative to the code, so
 * the text reads as the same rules in the same order, and formatting twice gives what formatting
 * once gave. Lines end as the text's first line does (`\r\n` or `\n`).
 *
 * Text with syntax errors is not formatted (its diagnostics are returned): a formatter that
 * guessed at broken text could change what the author meant. And each result is read back
 * before it is returned: should a layout ever change the rules, the comments or the notation
 * the text is sniffed as, the formatter says so instead of handing out a changed text.
 */
import { diagnostic, hasErrors, NO_POSITION, type Diagnostic } from "../diagnostics.js";
import type { SourceComment } from "../syntax/comments.js";
import { parseGdl } from "../syntax/parse.js";
import { ruleKey } from "../syntax/roundtrip.js";
import { detectSyntax, type GdlSyntax } from "../syntax/sniff.js";
import { DocPrinter } from "./doc.js";
import { infixLayout } from "./infix-layout.js";
import { kifLayout, type LayoutItem } from "./kif-layout.js";
import { tokenListOf } from "./tokens.js";

export { kifTokens, infixTokens, tokensOf, unquote, type Token, type TokenKind } from "./tokens.js";
export type { LayoutItem } from "./kif-layout.js";

/** Lines are kept within this many columns where a break can be taken. */
export const FORMAT_WIDTH = 80;

export interface FormatOptions {
  /** The notation of the text (default: sniffed). */
  readonly syntax?: GdlSyntax | "auto";
  /** The name of the text in diagnostics. */
  readonly file?: string;
  /** The width to fill (default FORMAT_WIDTH). */
  readonly width?: number;
  /** Read symbols as GGP-Base does (for the check that nothing changed; the layout is the same). */
  readonly caseSensitive?: boolean;
}

export type FormatResult =
  | { readonly ok: true; readonly text: string; readonly syntax: GdlSyntax; readonly changed: boolean }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Offsets of a part of a text: `start` inclusive, `end` exclusive. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** A replacement of `span` of the original text by `text`. */
export interface TextReplacement {
  readonly span: TextSpan;
  readonly text: string;
}

/** What a text reads as, for the check that its layout changed nothing: its notation, its comments and its rules' keys. */
interface ReadAs {
  readonly syntax: GdlSyntax;
  readonly comments: readonly SourceComment[];
  readonly keys: string[];
}

/** A text read, kept only as `ReadAs` (its syntax tree is not: a large text's tree goes before its tokens are laid out), or its errors. */
function readAs(text: string, options: FormatOptions): ReadAs | { diagnostics: readonly Diagnostic[] } {
  const parsed = parseGdl(text, options.file ?? "<input>", { syntax: options.syntax, caseSensitive: options.caseSensitive });
  if (hasErrors(parsed.diagnostics)) return { diagnostics: parsed.diagnostics.filter((d) => d.severity === "error") };
  return { syntax: parsed.syntax, comments: parsed.comments, keys: parsed.description.rules.map((r) => ruleKey(r)) };
}

/** The top-level items of a text the reader accepts, or its diagnostics. */
function layoutOf(text: string, options: FormatOptions): (ReadAs & { items: LayoutItem[] }) | { diagnostics: readonly Diagnostic[] } {
  const read = readAs(text, options);
  if ("diagnostics" in read) return read;
  const tokens = tokenListOf(text, read.syntax);
  try {
    const items = read.syntax === "infix" ? infixLayout(tokens) : kifLayout(tokens);
    return { ...read, items };
  } catch (error) {
    return { diagnostics: [internal(options.file ?? "<input>", `cannot lay this text out: ${error instanceof Error ? error.message : String(error)}`)] };
  }
}

function internal(file: string, message: string): Diagnostic {
  return diagnostic("error", "syntax", file, NO_POSITION, `gdl-ground fmt: ${message} (please report it)`);
}

/** The line break of a text: `\r\n` when its first one is (130 of the 314 base games), else `\n`. */
function lineBreakOf(text: string): string {
  return /\r\n|\n|\r/.exec(text)?.[0] === "\r\n" ? "\r\n" : "\n";
}

/** Prints top-level items, one after the other, keeping at most one empty line between them. */
function printItems(items: readonly LayoutItem[], width: number, lineBreak: string): string {
  const printer = new DocPrinter(width);
  items.forEach((item, k) => {
    if (!item.trailingComment) printer.newLine(k > 0 && item.first.blankBefore ? 1 : 0);
    printer.print(item.doc());
  });
  return items.length === 0 ? "" : printer.text(lineBreak);
}

const commentKey = (c: SourceComment) => `${c.trailing ? "T" : "L"}${c.markers}:${c.text.trimEnd()}`;

/** Why `formatted` is not the same description as the original, or undefined when it is. */
function difference(formatted: string, original: ReadAs, sniffed: boolean, options: FormatOptions): string | undefined {
  const again = readAs(formatted, { ...options, syntax: original.syntax });
  if ("diagnostics" in again) return `the formatted text does not read: ${again.diagnostics[0].message}`;
  const keys = again.keys;
  if (keys.length !== original.keys.length || keys.some((k, i) => k !== original.keys[i])) return "the formatted text reads as other rules";
  const a = original.comments.map(commentKey);
  const b = again.comments.map(commentKey);
  if (a.length !== b.length || a.some((k, i) => k !== b[i])) return "the formatted text lost or moved a comment";
  if (sniffed && detectSyntax(formatted) !== original.syntax) return `the formatted text would be read as ${detectSyntax(formatted)}`;
  return undefined;
}

/** The canonical layout of a whole text. */
export function formatGdl(text: string, options: FormatOptions = {}): FormatResult {
  const printed = printWhole(text, options);
  if ("diagnostics" in printed) return { ok: false, diagnostics: printed.diagnostics };
  const { formatted, read } = printed;
  if (formatted !== text) {
    const sniffed = detectSyntax(text) === read.syntax;
    const why = difference(formatted, read, sniffed, options);
    if (why) return { ok: false, diagnostics: [internal(options.file ?? "<input>", why)] };
  }
  return { ok: true, text: formatted, syntax: read.syntax, changed: formatted !== text };
}

/** The whole text laid out and printed, with what it reads as (its layout is not kept: a large text's goes before the check reads the result). */
function printWhole(text: string, options: FormatOptions): { formatted: string; read: ReadAs } | { diagnostics: readonly Diagnostic[] } {
  const layout = layoutOf(text, options);
  if ("diagnostics" in layout) return layout;
  const { syntax, comments, keys } = layout;
  return { formatted: printItems(layout.items, options.width ?? FORMAT_WIDTH, lineBreakOf(text)), read: { syntax, comments, keys } };
}

/**
 * The canonical layout of the top-level items (forms, clauses, comments) that `span` touches:
 * one replacement of the text from the first of them to the last, or none when they are laid
 * out already. The whole text must read without syntax errors.
 */
export function formatSpan(text: string, span: TextSpan, options: FormatOptions = {}): { readonly ok: true; readonly replacements: readonly TextReplacement[] } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] } {
  const layout = layoutOf(text, options);
  if ("diagnostics" in layout) return { ok: false, diagnostics: layout.diagnostics };
  const items = layout.items;
  let first = items.findIndex((item) => item.last.end > span.start);
  if (first < 0) return { ok: true, replacements: [] };
  while (first > 0 && (items[first].trailingComment || !items[first].first.lineStart)) first--;
  let last = first;
  while (last + 1 < items.length && (items[last + 1].first.start < span.end || items[last + 1].trailingComment)) last++;
  const chosen = items.slice(first, last + 1);
  const lineBreak = lineBreakOf(text);
  const formatted = printItems(chosen, options.width ?? FORMAT_WIDTH, lineBreak).slice(0, -lineBreak.length);
  const replaced: TextSpan = { start: chosen[0].first.start, end: chosen[chosen.length - 1].last.end };
  if (text.slice(replaced.start, replaced.end) === formatted) return { ok: true, replacements: [] };
  const whole = text.slice(0, replaced.start) + formatted + text.slice(replaced.end);
  const why = difference(whole, layout, detectSyntax(text) === layout.syntax, options);
  if (why) return { ok: false, diagnostics: [internal(options.file ?? "<input>", why)] };
  return { ok: true, replacements: [{ span: replaced, text: formatted }] };
}
