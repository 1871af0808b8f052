/**
 * A GDL name as KIF text, one text per name, and the KIF reader's bar names. A name that KIF's
 * tokens cannot hold is written between bars, as Common Lisp quotes a symbol: `|x y|`, `|(f x)|`,
 * `|?a|`, with `|` and `\` inside escaped by a `\`. Such names are only infix's quoted names
 * (`'x y'`, `'(f x)'`, `'?a'`, `'a,b'`): empty; with a blank, a tab, a line break (or any other
 * white space the KIF reader splits at), a parenthesis, a `;` (a comment), or a character the KIF
 * reader refuses outside bars (`'` `` ` `` `,` `"` `\` `|`); with a leading `?` (a variable); or
 * `<=` (the rule arrow). Every other name is written as it is, so a KIF game's text is unchanged.
 * The KIF description reader (parse.ts), the one-term reader (`parseKifTerm`, kif-term.ts), the
 * formatter's and language server's tokens (format/tokens.ts) read `|...|` back as the name inside
 * (`readBarName`): a constant, relation or function name, never a variable or a connective.
 * Why: the ground game, the propnet and the state machines key fluents and moves by their KIF;
 * written bare, `cell('(f x)')` and `cell(f(x))` were both `(cell (f x))`, one fluent, and
 * `move('x y')` read back as `move(x, y)`; and `convert --to kif` of an infix game must read back.
 */

const BAR = 124;
const BACKSLASH = 92;

/** ASCII characters that make a name need bars: white space, `(`, `)`, `;`, and what the KIF reader refuses. */
const NEEDS_BARS = new Uint8Array(128);
for (const c of " \t\n\r\f\v();'`,\"\\|") NEEDS_BARS[c.charCodeAt(0)] = 1;

/** Whether `name` is written in KIF as it is (`kifName`): see the header for the names that are not. */
export function isPlainKifName(name: string): boolean {
  if (name.length === 0 || name.charCodeAt(0) === 63 /* ? */) return false;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c < 128 ? NEEDS_BARS[c] === 1 : isWideSpace(c)) return false;
  }
  return name !== "<=";
}

/** White space beyond ASCII, which the KIF reader splits at as it does at a blank (JavaScript's `\s`). */
function isWideSpace(code: number): boolean {
  return /\s/.test(String.fromCharCode(code));
}

/** `name` as KIF text: as it is, or between bars (`isPlainKifName`). */
export function kifName(name: string): string {
  if (isPlainKifName(name)) return name;
  let text = "|";
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c === BAR || c === BACKSLASH) text += "\\";
    text += name[k];
  }
  return text + "|";
}

/**
 * The name quoted by bars at `text[from]` (a `|`) and where it ends (just after its closing `|`,
 * `barNameEnd`), or undefined when no `|` closes it. A `\` takes the character after it as it is.
 */
export function readBarName(text: string, from: number): { readonly name: string; readonly end: number } | undefined {
  const end = barNameEnd(text, from);
  if (end < 0) return undefined;
  let name = "";
  for (let k = from + 1; k < end - 1; k++) {
    if (text.charCodeAt(k) === BACKSLASH) k++;
    name += text[k];
  }
  return { name, end };
}

/** Where the bar name at `text[from]` (a `|`) ends, just after its closing `|`; -1 when no `|` closes it. */
export function barNameEnd(text: string, from: number): number {
  for (let k = from + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === BAR) return k + 1;
    if (c === BACKSLASH) k++;
  }
  return -1;
}
