/**
 * A GDL name as KIF text, one text per name. A name that KIF's tokens cannot hold (empty, or with a
 * blank, a tab, a line break or a parenthesis, or a leading `?`: only infix's quoted names, `'x y'`,
 * `'(f x)'`, `'?a'`) is written between bars, as Common Lisp quotes a symbol: `|x y|`, `|(f x)|`,
 * `|?a|`, with `|` and `\` inside escaped by a `\`; so is a name that contains a bar, which a KIF
 * description cannot have (its reader refuses `|`). Every other name is written as it is.
 * Why: the ground game, the propnet and the state machines key fluents and moves by their KIF, and
 * the prover and the command line read terms back from it (`parseKifTerm` reads bars); written
 * bare, `cell('(f x)')` and `cell(f(x))` were both `(cell (f x))`, one fluent, and `move('x y')`
 * read back as `move(x, y)`.
 */

const BAR = 124;
const BACKSLASH = 92;

/** Whether `name` is written in KIF as it is (`kifName`): not empty, no blank, tab, line break, parenthesis or bar, no leading `?`. */
export function isPlainKifName(name: string): boolean {
  if (name.length === 0 || name.charCodeAt(0) === 63) return false;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c === 40 || c === 41 || c === BAR) return false;
  }
  return true;
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
 * The name quoted by bars at `text[from]` (a `|`) and where it ends (just after its closing `|`),
 * or undefined when no `|` closes it.
 */
export function readBarName(text: string, from: number): { readonly name: string; readonly end: number } | undefined {
  let name = "";
  for (let k = from + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === BAR) return { name, end: k + 1 };
    if (c === BACKSLASH && k + 1 < text.length) k++;
    name += text[k];
  }
  return undefined;
}
