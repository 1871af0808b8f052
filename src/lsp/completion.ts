/**
 * Completion: after `?` in KIF, or on an upper-case word in infix, the variables of the rule
 * under the cursor; elsewhere GDL's keywords (with their meaning) and the document's relations,
 * fluents, moves, roles and constants, each with its kind and arity. The editor filters by what
 * is typed; names are written as the notation needs them (quoted in infix when not bare).
 */
import { CompletionItemKind, type CompletionItem, type Position } from "vscode-languageserver";
import { KEYWORD_ARITY } from "../syntax/ast.js";
import type { Token } from "../format/tokens.js";
import type { TokenList } from "../format/token-list.js";
import { infixName } from "../syntax/infix-print.js";
import { KEYWORD_MEANINGS, keywordSignature, shortKind, withArity } from "./describe.js";
import type { GdlDocument } from "./document.js";

const CONNECTIVES = ["not", "or", "distinct"];

function kindOf(short: string): CompletionItemKind {
  if (short.startsWith("keyword")) return CompletionItemKind.Keyword;
  if (short.includes("relation")) return CompletionItemKind.Function;
  if (short.startsWith("role")) return CompletionItemKind.EnumMember;
  if (short.startsWith("fluent")) return CompletionItemKind.Field;
  if (short.startsWith("move")) return CompletionItemKind.Event;
  if (short.startsWith("function")) return CompletionItemKind.Struct;
  return CompletionItemKind.Constant;
}

/**
 * The tokens of the rule around `offset`, read from the tokens alone (the text may not read
 * while it is typed): in KIF the top-level form, by its parentheses; in infix from the end of
 * the clause before (a `.`, or a name at the start of a line) to the end of this one.
 */
function clauseTokens(tokens: TokenList, offset: number, infix: boolean): Token[] {
  const ending = tokens.indexEndingAtOrAfter(offset);
  const k = ending < tokens.length ? ending : tokens.length - 1;
  if (!infix) {
    let start = 0;
    let depth = 0;
    for (let i = 0; i <= k && i < tokens.length; i++) {
      if (tokens.kind(i) === "(" && depth++ === 0) start = i;
      else if (tokens.kind(i) === ")" && depth > 0) depth--;
    }
    let end = start;
    for (depth = 0; end < tokens.length; end++) {
      if (tokens.kind(end) === "(") depth++;
      else if (tokens.kind(end) === ")" && --depth <= 0) break;
    }
    return tokens.slice(start, end + 1);
  }
  const CONTINUES = new Set<Token["kind"]>(["&", ",", ":-", "(", "~"]);
  const startsClause = (i: number) =>
    i === 0 ||
    tokens.kind(i - 1) === "." ||
    (tokens.lineStart(i) && (tokens.kind(i) === "name" || tokens.kind(i) === "quoted") && !CONTINUES.has(tokens.kind(i - 1)));
  let start = Math.max(0, k);
  while (start > 0 && !startsClause(start)) start--;
  let end = Math.max(0, k);
  while (end + 1 < tokens.length && !startsClause(end + 1)) end++;
  return tokens.slice(start, end + 1);
}

export function completion(doc: GdlDocument, position: Position): CompletionItem[] {
  const a = doc.analysis;
  const offset = doc.lines.offsetAt(position);
  let start = offset;
  while (start > 0 && !/[\s()&,.~;%]/.test(doc.text[start - 1])) start--;
  const word = doc.text.slice(start, offset);
  const infix = a.syntax === "infix";
  if ((!infix && word.startsWith("?")) || (infix && /^[A-Z_]/.test(word))) {
    // the rule being written does not read yet: its variables are found among its tokens
    const names = new Set(clauseTokens(doc.tokens, offset, infix).filter((t) => t.kind === "variable" && t.end !== offset && t.text !== "_" && t.text !== "?").map((t) => t.text));
    return [...names].map((label) => ({ label, kind: CompletionItemKind.Variable, detail: "variable of this rule" }));
  }
  const items: CompletionItem[] = [];
  for (const [name, arity] of KEYWORD_ARITY) {
    items.push({
      label: name,
      kind: CompletionItemKind.Keyword,
      labelDetails: arity > 0 ? { detail: `/${arity}` } : undefined,
      detail: keywordSignature(name, a.syntax),
      documentation: KEYWORD_MEANINGS.get(name)!.meaning,
      sortText: `1${name}`,
    });
  }
  for (const name of CONNECTIVES) {
    items.push({ label: name, kind: CompletionItemKind.Keyword, detail: keywordSignature(name, a.syntax), documentation: KEYWORD_MEANINGS.get(name)!.meaning, sortText: `1${name}` });
  }
  for (const s of a.symbols.values()) {
    if (KEYWORD_ARITY.has(s.name)) continue;
    const short = shortKind(a, s);
    const arities = new Set([...s.relationArities, ...s.termArities]);
    const shown = withArity(s.name, arities);
    items.push({
      label: infix ? infixName(s.name) : s.name,
      kind: kindOf(short),
      labelDetails: shown !== s.name ? { detail: shown.slice(s.name.length) } : undefined,
      detail: `${short} ${shown}`,
      sortText: `0${s.name}`,
    });
  }
  return items;
}
