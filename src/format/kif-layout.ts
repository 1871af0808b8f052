/**
 * The canonical layout of KIF, from its tokens (tokens.ts): one top-level form per line; a rule
 * with a body as its head and then one body literal per line (as 94 % of the rules with two or
 * more body literals and 86 % of those with one are written in the 314 base games); any other
 * form on one line when it fits in the width, else its parts one per line, aligned under the
 * first argument. A rule is so laid out as
 *
 *   (<= (next (cell ?m ?n x))
 *       (does xplayer (mark ?m ?n))
 *       (true (cell ?m ?n b)))
 *
 * Single spaces between the parts of a list, none inside its parentheses; at most one empty line
 * kept between top-level forms and comments, none inside a form. Only whitespace changes: every
 * token is written as it was, so the text reads as the same rules, in either reading of case.
 */
import { align, brokenGroup, comment, group, line, type Doc } from "./doc.js";
import type { Token } from "./tokens.js";
import type { TokenList } from "./token-list.js";
import { foldTree } from "../syntax/fold-tree.js";

/** A top-level item: a form (with the token it starts with) or a comment. */
export interface LayoutItem {
  /** Its layout, made when asked (a large text's items are laid out one at a time as they are printed). */
  doc(): Doc;
  readonly first: Token;
  /** The token it ends with. */
  readonly last: Token;
  /** A comment after code on its line: printed at the end of that line. */
  readonly trailingComment: boolean;
}

type Node = { readonly kind: "token"; readonly token: Token } | ListNode;
interface ListNode {
  readonly kind: "list";
  readonly items: readonly Node[];
  readonly open: Token;
}

/**
 * Cuts the tokens of a text whose parentheses balance (the reader has accepted it) into items, by
 * counting parentheses: an item's tokens become objects and its layout only when its `doc` is asked
 * (a ground game of 10 MB has 3.3 million tokens; as objects with their layouts, all at once, they
 * were most of `fmt`'s 1.6 GB).
 */
export function kifLayout(tokens: TokenList): LayoutItem[] {
  const out: LayoutItem[] = [];
  let i = 0;
  while (i < tokens.length) {
    const from = i;
    const kind = tokens.kind(i);
    if (kind === ")") throw new Error(`unmatched ')' at offset ${tokens.start(i)}`);
    let depth = 0;
    do {
      const k = tokens.kind(i++);
      if (k === "(") depth++;
      else if (k === ")") depth--;
    } while (depth > 0 && i < tokens.length);
    if (depth > 0) throw new Error(`unclosed '(' at offset ${tokens.start(from)}`);
    out.push({ doc: () => nodeDoc(formOf(tokens, from)), first: tokens.at(from)!, last: tokens.at(i - 1)!, trailingComment: kind === "comment" && !tokens.lineStart(from) });
  }
  return out;
}

/**
 * The form starting at token `from`, read into nodes. Lists are read (and laid out) from stacks of
 * their own: a term may nest far deeper than a stack holds calls (MAX_TERM_NESTING).
 */
function formOf(tokens: TokenList, from: number): Node {
  let i = from;
  const outer: { readonly open: Token; readonly items: Node[] }[] = [];
  for (;;) {
    const token = tokens.at(i++)!;
    let done: Node | undefined;
    if (token.kind === "(") outer.push({ open: token, items: [] });
    else done = { kind: "token", token };
    for (;;) {
      const parent = outer.at(-1);
      if (parent === undefined) return done!;
      if (done !== undefined) parent.items.push(done);
      if (tokens.kind(i) !== ")") break; // its next item (the parentheses balance: kifLayout counted them)
      i++; // ')'
      outer.pop();
      done = { kind: "list", items: parent.items, open: parent.open };
    }
  }
}

function tokenDoc(token: Token): Doc {
  return token.kind === "comment" ? comment(token.text, !token.lineStart) : token.text;
}

/** The layout of a node, its lists' items laid out before the lists (a post-order fold, fold-tree.ts). */
function nodeDoc(root: Node): Doc {
  return foldTree(root, isList, (list) => list.items, (n) => tokenDoc(n.token), listDoc);
}

const isList = (n: Node): n is ListNode => n.kind === "list";

/** The layout of a list whose items are laid out as `docs`. */
function listDoc(n: ListNode, docs: readonly Doc[]): Doc {
  const items = n.items;
  if (items.length === 0) return "()";
  const isComment = (m: Node) => m.kind === "token" && m.token.kind === "comment";
  // the parts after `from`, each after a possible break (a comment follows its token directly)
  const rest = (from: number): Doc[] => {
    const parts: Doc[] = [];
    for (let k = from; k < items.length; k++) {
      if (!isComment(items[k])) parts.push(line);
      parts.push(docs[k]);
    }
    return parts;
  };
  const head = items[0];
  if (head.kind === "token" && head.token.kind !== "comment" && items.length > 1 && !isComment(items[1])) {
    // (op first-argument ... ): the rest aligned under the first argument
    const rule = head.token.text === "<=" && items.length > 2;
    return (rule ? brokenGroup : group)(["(", head.token.text, " ", align([docs[1], ...rest(2)]), ")"]);
  }
  return group(["(", align([docs[0], ...rest(1)]), ")"]);
}
