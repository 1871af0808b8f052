/**
 * GDL in KIF notation for CodeMirror 6: a stream tokenizer (s-expressions are regular enough
 * that a Lezer grammar buys nothing here) that tells comments, GDL's keywords, variables,
 * numbers, other constants, names between bars (`|x y|`, kif-name.ts: one name, whose `;` or `?`
 * is neither a comment nor a variable, and which may go on over lines) and parentheses apart.
 */
import { StreamLanguage, type StreamParser, type StringStream } from "@codemirror/language";

const KEYWORDS = new Set(["role", "init", "true", "next", "legal", "does", "goal", "terminal", "distinct", "not", "or", "base", "input", "<="]);
const SYMBOL = /^[^\s();|]+/;

export interface GdlState {
  depth: number;
  /** Inside a name between bars that an earlier line opened. */
  bar: boolean;
}

/** Reads a bar name's characters up to its closing `|` (the state says whether it closed on this line). */
function readBar(stream: StringStream, state: GdlState): void {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === "\\") stream.next();
    else if (ch === "|") {
      state.bar = false;
      return;
    }
  }
}

/** The tokenizer (exported for its test). */
export const gdlStreamParser: StreamParser<GdlState> = {
  name: "gdl",
  startState: () => ({ depth: 0, bar: false }),
  token(stream: StringStream, state) {
    if (state.bar) {
      readBar(stream, state);
      return "string";
    }
    if (stream.eatSpace()) return null;
    if (stream.peek() === ";") {
      stream.skipToEnd();
      return "comment";
    }
    const ch = stream.next();
    if (ch === "|") {
      state.bar = true;
      readBar(stream, state);
      return "string";
    }
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
};

export const gdlLanguage = StreamLanguage.define<GdlState>(gdlStreamParser);
