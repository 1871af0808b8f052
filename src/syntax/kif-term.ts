/**
 * A tiny reader of one KIF term, such as a fluent `(cell 1 1 x)` or a move `noop`, as the
 * prover receives them in states and joint moves. Names are lower-cased (GDL is
 * case-insensitive), or with `caseSensitive` kept as written but for keywords, exactly as the
 * description reader does (case.ts); `?x` reads as a variable; `(f)` is the 0-ary compound, not the constant.
 * Throws on text that is not exactly one term (callers pass strings they printed themselves).
 */
import type { Term } from "./ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { normalizeSymbol, type CaseOptions } from "./case.js";

function tokenize(text: string, options: CaseOptions | undefined): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "(" || ch === ")") {
      tokens.push(ch);
      i++;
    } else if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f" || ch === "\v") {
      i++;
    } else {
      let j = i;
      while (j < text.length && !" \t\n\r\f\v()".includes(text[j])) j++;
      tokens.push(normalizeSymbol(text.slice(i, j), options));
      i = j;
    }
  }
  return tokens;
}

/** The text quoted in a message, cut to a readable length. */
function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** Deepest nesting read (the same bound as the game reader's). */
const MAX_TERM_DEPTH = 2000;

export function parseKifTerm(text: string, options?: CaseOptions): Term {
  const tokens = tokenize(text, options);
  let at = 0;
  let depth = 0;
  const read = (): Term => {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`KIF term ended early: ${excerpt(text)}`);
    if (token === ")") throw new Error(`unexpected ')' in KIF term ${excerpt(text)}`);
    if (token !== "(") {
      if (token.startsWith("?")) return { kind: "variable", name: token.slice(1), pos: NO_POSITION };
      return { kind: "constant", name: token, pos: NO_POSITION };
    }
    const functor = tokens[at++];
    if (functor === undefined || functor === "(" || functor === ")" || functor.startsWith("?")) {
      throw new Error(`a compound term must start with a name: ${excerpt(text)}`);
    }
    if (++depth > MAX_TERM_DEPTH) throw new Error(`the term is nested deeper than ${MAX_TERM_DEPTH} levels`);
    const args: Term[] = [];
    while (tokens[at] !== ")") {
      if (at >= tokens.length) throw new Error(`unclosed '(' in KIF term ${excerpt(text)}`);
      args.push(read());
    }
    at++;
    depth--;
    return { kind: "compound", functor, args, pos: NO_POSITION };
  };
  const term = read();
  if (at !== tokens.length) throw new Error(`more than one term in ${excerpt(text)}`);
  return term;
}
