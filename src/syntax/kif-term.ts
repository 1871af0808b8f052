/**
 * A tiny reader of one KIF term, such as a fluent `(cell 1 1 x)` or a move `noop`, as the
 * prover receives them in states and joint moves. Names are lower-cased (GDL is
 * case-insensitive), or with `caseSensitive` kept as written but for keywords, exactly as the
 * description reader does (case.ts); `?x` reads as a variable; `(f)` is the 0-ary compound, not the constant;
 * a name between bars is the name inside (`|x y|`, `|?a|`: how `termToKif` writes a name KIF's tokens cannot hold, kif-name.ts),
 * apart from its neighbours by a blank or a parenthesis, as the description reader (parse.ts) has it.
 * Throws on text that is not exactly one term (callers pass strings they printed themselves).
 */
import { MAX_TERM_NESTING, type Term } from "./ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { normalizeSymbol, type CaseOptions } from "./case.js";
import { readBarName } from "./kif-name.js";

/** The tokens of a KIF text: `(`, `)` and names; `quoted[i]` when token i was a name between bars (`|x y|`, kif-name.ts). */
interface Tokens {
  readonly text: string[];
  readonly quoted: boolean[];
}

/** What ends a name: a blank or a parenthesis (as the description reader, parse.ts, reads a name between bars apart from its neighbours). */
const DELIMITERS = " \t\n\r\f\v()";

function tokenize(text: string, options: CaseOptions | undefined): Tokens {
  const tokens: Tokens = { text: [], quoted: [] };
  const push = (token: string, quoted: boolean) => {
    tokens.text.push(token);
    tokens.quoted.push(quoted);
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "(" || ch === ")") {
      push(ch, false);
      i++;
    } else if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f" || ch === "\v") {
      i++;
    } else if (ch === "|") {
      const read = readBarName(text, i);
      if (read === undefined) throw new Error(`unclosed '|' in KIF term ${excerpt(text)}`);
      if (read.end < text.length && !DELIMITERS.includes(text[read.end])) throw new Error(`a name between bars stands alone (a blank or a parenthesis after it) in KIF term ${excerpt(text)}`);
      push(normalizeSymbol(read.name, options), true);
      i = read.end;
    } else {
      let j = i;
      while (j < text.length && !DELIMITERS.includes(text[j]) && text[j] !== "|") j++;
      if (text[j] === "|") throw new Error(`a name between bars stands alone (a blank or a parenthesis before it) in KIF term ${excerpt(text)}`);
      push(normalizeSymbol(text.slice(i, j), options), false);
      i = j;
    }
  }
  return tokens;
}

/** The text quoted in a message, cut to a readable length. */
function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/**
 * The term of `text`, read with a cursor: the compound terms it is inside, with their arguments
 * read so far, on a stack of its own (a term may nest MAX_TERM_NESTING deep, the game reader's
 * bound, far more levels than a stack holds calls).
 */
export function parseKifTerm(text: string, options?: CaseOptions): Term {
  const { text: tokens, quoted } = tokenize(text, options);
  let at = 0;
  let outer: { readonly functor: string; readonly args: Term[] }[] | undefined; // made at the first compound term
  for (;;) {
    const plain = !quoted[at];
    const token = tokens[at++];
    if (token === undefined) throw new Error(`KIF term ended early: ${excerpt(text)}`);
    if (plain && token === ")") throw new Error(`unexpected ')' in KIF term ${excerpt(text)}`);
    let term: Term | undefined; // a term read whole; none when a compound term was opened
    if (!plain || token !== "(") {
      term = plain && token.startsWith("?") ? { kind: "variable", name: token.slice(1), pos: NO_POSITION } : { kind: "constant", name: token, pos: NO_POSITION };
    } else {
      const plainFunctor = !quoted[at];
      const functor = tokens[at++];
      if (functor === undefined || (plainFunctor && (functor === "(" || functor === ")" || functor.startsWith("?")))) {
        throw new Error(`a compound term must start with a name: ${excerpt(text)}`);
      }
      if (outer?.length === MAX_TERM_NESTING) throw new Error(`the term is nested deeper than ${MAX_TERM_NESTING} levels`);
      (outer ??= []).push({ functor, args: [] });
    }
    // close the compound terms whose arguments are all read, innermost first
    for (;;) {
      const parent = outer?.at(-1);
      if (parent === undefined) {
        if (at !== tokens.length) throw new Error(`more than one term in ${excerpt(text)}`);
        return term!;
      }
      if (term !== undefined) parent.args.push(term);
      if (tokens[at] !== ")" || quoted[at]) {
        if (at >= tokens.length) throw new Error(`unclosed '(' in KIF term ${excerpt(text)}`);
        break; // its next argument
      }
      at++;
      outer!.pop();
      term = { kind: "compound", functor: parent.functor, args: parent.args, pos: NO_POSITION };
    }
  }
}
