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

/** The text without its comment lines and `%` comments (the rough cut sniffing needs). */
function significantLines(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trimStart())
    .filter((line) => line !== "" && !line.startsWith(";") && !line.startsWith("%"));
}

export function detectSyntax(text: string): GdlSyntax {
  const lines = significantLines(text);
  if (lines.length === 0) return "kif";
  const first = lines[0];
  if (first.startsWith("(")) return "kif";
  if (/^('[^']*'|[A-Za-z0-9_]+)[(.]/.test(first)) return "infix";
  if (lines.some((line) => stripComment(line).includes(":-"))) return "infix";
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
  const lines = significantLines(text);
  if (readAs === "kif") {
    const arrow = lines.findIndex((l) => stripComment(l).includes(":-"));
    const call = lines.findIndex((l) => /^[a-z][A-Za-z0-9_]*\(/.test(l));
    if (arrow >= 0 || call >= 0) return "hint: this looks like infix GDL (head :- body); read it with --syntax infix";
    return undefined;
  }
  const kifLines = lines.filter((l) => l.startsWith("(")).length;
  if (kifLines > 0 && (kifLines * 2 >= lines.length || /\(\s*<=/.test(text) || /\?[A-Za-z]/.test(text)))
    return "hint: this looks like KIF, prefix GDL ((<= head body...)); read it with --syntax kif";
  return undefined;
}
