/**
 * Which notation a GDL text is written in, KIF (prefix) or infix (Prolog-style), and a one-line
 * hint when a text read in one notation looks like the other.
 *
 * The rule (`--syntax auto`, the default): skip blanks and comment lines (starting with `;` or
 * `%`); if the first character left is `(`, the text is KIF; otherwise it is infix when it has
 * a `:-` outside comments or when its first word is followed directly by `(` or `.`; anything
 * else (an empty text, a bare word) is read as KIF.
 */
export type GdlSyntax = "kif" | "infix";

/**
 * The text's lines without blanks at their start, but for blank and comment lines (the rough cut
 * sniffing needs), one at a time: sniffing a KIF text reads its first line alone (splitting a
 * 300,000-line text up front was a good part of reading it).
 */
function* significantLines(text: string): Generator<string> {
  const lineBreak = /\r\n|\n|\r/g;
  let from = 0;
  while (from <= text.length) {
    lineBreak.lastIndex = from;
    const m = lineBreak.exec(text);
    const end = m === null ? text.length : m.index;
    const line = text.slice(from, end).trimStart();
    if (line !== "" && !line.startsWith(";") && !line.startsWith("%")) yield line;
    if (m === null) return;
    from = end + m[0].length;
  }
}

export function detectSyntax(text: string): GdlSyntax {
  const lines = significantLines(text);
  const { value: first, done } = lines.next();
  if (done) return "kif";
  if (first.startsWith("(")) return "kif";
  if (/^('[^']*'|[A-Za-z0-9_]+)[(.]/.test(first)) return "infix";
  if (stripComment(first).includes(":-")) return "infix";
  for (const line of lines) if (stripComment(line).includes(":-")) return "infix";
  return "kif";
}

function stripComment(line: string): string {
  const at = line.search(/[%;]/);
  return at < 0 ? line : line.slice(0, at);
}

/**
 * When `text`, read as `readAs`, looks like the other notation: a short hint to append to the
 * first syntax error. Undefined when it does not.
 */
export function notationHint(text: string, readAs: GdlSyntax): string | undefined {
  if (readAs === "kif") {
    for (const l of significantLines(text)) {
      if (stripComment(l).includes(":-") || /^[a-z][A-Za-z0-9_]*\(/.test(l)) return "hint: this looks like infix GDL (head :- body); read it with --syntax infix";
    }
    return undefined;
  }
  let lines = 0;
  let kifLines = 0;
  for (const l of significantLines(text)) {
    lines++;
    if (l.startsWith("(")) kifLines++;
  }
  if (kifLines > 0 && (kifLines * 2 >= lines || /\(\s*<=/.test(text) || /\?[A-Za-z]/.test(text)))
    return "hint: this looks like KIF, prefix GDL ((<= head body...)); read it with --syntax kif";
  return undefined;
}
