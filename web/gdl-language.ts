/**
 * GDL in KIF notation for CodeMirror 6: a stream tokenizer (s-expressions are regular enough
 * that a Lezer grammar buys nothing here) that tells comments, GDL's keywords, variables,
 * numbers, other constants and parentheses apart.
 */
import { StreamLanguage, type StringStream } from "@codemirror/language";

const KEYWORDS = new Set(["role", "init", "true", "next", "legal", "does", "goal", "terminal", "distinct", "not", "or", "base", "input", "<="]);
const SYMBOL = /^[^\s();]+/;

export const gdlLanguage = StreamLanguage.define<{ depth: number }>({
  name: "gdl",
  startState: () => ({ depth: 0 }),
  token(stream: StringStream, state) {
    if (stream.eatSpace()) return null;
    if (stream.peek() === ";") {
      stream.skipToEnd();
      return "comment";
    }
    const ch = stream.next();
    if (ch === "(") {
      state.depth++;
      return "paren";
    }
    if (ch === ")") {
      state.depth = Math.max(0, state.depth - 1);
      return "paren";
    }
    stream.backUp(1);
    const word = stream.match(SYMBOL) as RegExpMatchArray | null;
    if (!word) {
      stream.next();
      return null;
    }
    const text = word[0];
    if (text.startsWith("?")) return "variableName";
    if (/^-?\d+$/.test(text)) return "number";
    if (KEYWORDS.has(text.toLowerCase())) return "keyword";
    return "atom";
  },
  languageData: { commentTokens: { line: ";" }, closeBrackets: { brackets: ["("] } },
});
