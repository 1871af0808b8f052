/**
 * Reading GDL text into a `Description`: `parseGdl` reads KIF (below) or infix
 * (infix-parse.ts), chosen by `options.syntax` or by sniffing the text (sniff.ts).
 *
 * The KIF reader:
 *
 *   1. blanks comments out (keeping every offset, so positions stay true),
 *   2. splits the text into top-level forms, reporting unbalanced parentheses, characters
 *      that KIF does not allow, and a name between bars that no `|` closes,
 *   3. reads each form into lists and symbols with their line and column, in one pass (a
 *      general s-expression reader followed by a walk to find positions was half of `check`'s
 *      time on a 100,000-literal rule),
 *   4. turns the positioned tree into rules, literals and terms, reporting forms that are
 *      not GDL (a head that is not an atom, `(not a b)`, a variable standing as a literal...).
 *      A term is read with a cursor, the lists it is inside on a stack of its own: terms nest
 *      up to MAX_TERM_NESTING deep, literals (`not`, `or`) up to MAX_LITERAL_NESTING (ast.ts).
 *
 * A name between bars (`|x y|`, `|(f x)|`, with `\|` and `\\` inside: how `termToKif` writes a
 * name KIF's tokens cannot hold, kif-name.ts) is that name, as infix's quoted `'x y'` is: it goes
 * through `normalizeSymbol` like any name (so `(|role| a)` is the role relation, as `'role'(a)` is
 * in infix), and it is never a variable (`|?x|` is the constant `?x`), a rule arrow or a
 * connective (`(|not| p)` is refused as infix's `'not'(p)` is). It stands alone as a token: a name
 * or another bar name right next to it is an error, and so is the empty `||` (infix refuses `''`).
 *
 * Parsing never throws: problems are `syntax` diagnostics, and the rules that could be
 * read are still returned.
 */
import { diagnostic, type Diagnostic, type Position } from "../diagnostics.js";
import { kifComments, KifCommentScanner, LineIndex, type SourceComment } from "./comments.js";
import { barNameEnd, readBarName } from "./kif-name.js";
import { MAX_SYNTAX_ERRORS, parseInfix } from "./infix-parse.js";
import { expandConjunctions } from "./conjunction.js";
import { detectSyntax, notationHint, type GdlSyntax } from "./sniff.js";
import { SpellingRecorder, normalizeSymbol, type CaseOptions } from "./case.js";
import { CONNECTIVES, literalsTooDeep, MAX_LITERAL_NESTING, MAX_TERM_NESTING, termsTooDeep, type Atom, type Compound, type Description, type Literal, type Rule, type Term } from "./ast.js";

/** How to read GDL text. */
export interface ParseOptions {
  /** The notation of the text: `kif`, `infix`, or `auto` (the default: sniffed, see sniff.ts). */
  readonly syntax?: GdlSyntax | "auto";
  /**
   * Keep the case of non-keyword symbols as written, as GGP-Base does (default: lower-case every
   * name, KIF being case-insensitive). See case.ts.
   */
  readonly caseSensitive?: boolean;
}

export interface ParseResult {
  readonly description: Description;
  readonly diagnostics: readonly Diagnostic[];
  /** The notation the text was read in (the sniffed one with `auto`). */
  readonly syntax: GdlSyntax;
  /** The comments of the text, in order (for writing them back, see printGdl). */
  readonly comments: readonly SourceComment[];
}

/** A symbol or list of the source with the position where it starts. */
type Node = SymbolNode | ListNode;
/** A symbol as written (`symbol`), or a name between bars (`bar`: `text` is the name inside, read). */
interface SymbolNode {
  readonly kind: "symbol" | "bar";
  readonly text: string;
  readonly pos: Position;
}
interface ListNode {
  readonly kind: "list";
  readonly items: readonly Node[];
  readonly pos: Position;
}

/** Characters a Lisp reader takes for quotes, strings or escapes; KIF in GDL has none: they are refused (`|` starts a bar name). */
const FORBIDDEN = new Set(["'", "`", ",", '"', "\\"]);

function isSpace(ch: string): boolean {
  return ch === " " || ch === "\n" || ch === "\t" || ch === "\r" || ch === "\f" || ch === "\v";
}

/** Replaces every `;` comment by spaces, so that offsets, lines and columns are kept (a `;` in a bar name is no comment). */
export function blankComments(text: string): string {
  let out = "";
  let i = 0;
  const comments = new KifCommentScanner(text);
  while (i < text.length) {
    const semicolon = comments.next(i);
    if (semicolon < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, semicolon);
    let end = semicolon;
    while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
    out += " ".repeat(end - semicolon);
    i = end;
  }
  return out;
}

/**
 * Reads GDL text, KIF or infix. Never throws: problems are `syntax` diagnostics (at most
 * MAX_SYNTAX_ERRORS and one saying that reading stopped), and the rules that could be read are
 * returned. When the text has syntax errors and looks like the other notation, the first error
 * says so.
 */
export function parseGdl(text: string, file = "<input>", options: ParseOptions = {}): ParseResult {
  const syntax: GdlSyntax = !options.syntax || options.syntax === "auto" ? detectSyntax(text) : options.syntax;
  let rules: readonly Rule[];
  let diagnostics: Diagnostic[];
  let comments: readonly SourceComment[];
  let spellings: SpellingRecorder;
  if (syntax === "infix") {
    ({ rules, diagnostics, comments, spellings } = parseInfix(text, file, options));
  } else {
    ({ rules, diagnostics, spellings } = parseKif(text, file, options));
    comments = kifComments(text);
  }
  if (diagnostics.length > MAX_SYNTAX_ERRORS + 1) {
    const more = diagnostics.length - MAX_SYNTAX_ERRORS;
    diagnostics = [
      ...diagnostics.slice(0, MAX_SYNTAX_ERRORS),
      diagnostic("error", "syntax", file, diagnostics[MAX_SYNTAX_ERRORS].pos, `too many syntax errors: ${more} more from here on are not shown`),
    ];
  }
  // KIF's `and` read as a conjunction (conjunction.ts), in both notations
  const expanded = expandConjunctions(rules, file);
  rules = expanded.rules;
  diagnostics.push(...expanded.diagnostics);
  const hint = notationHint(text, syntax);
  if (hint && diagnostics.length > 0) {
    diagnostics[0] = { ...diagnostics[0], message: `${diagnostics[0].message} (${hint})` };
  } else if (hint && syntax === "kif") {
    // KIF reads almost anything as bare-symbol facts: say so when the text looks like infix
    diagnostics.push(diagnostic("warning", "syntax", file, { line: 1, col: 1, offset: 0 }, `read as KIF, but ${hint.replace(/^hint: /, "")}`));
  }
  const caseSensitive = options.caseSensitive === true;
  return {
    description: { file, rules, ...(caseSensitive ? { caseSensitive } : {}), spellings: spellings.spellings },
    diagnostics,
    syntax,
    comments,
  };
}

/** The KIF reader alone. */
export function parseKif(
  text: string,
  file = "<input>",
  options: CaseOptions = {},
): { rules: Rule[]; diagnostics: Diagnostic[]; spellings: SpellingRecorder } {
  const diagnostics: Diagnostic[] = [];
  const source = blankComments(text);
  const lines = new LineIndex(source);
  const syntaxError = (pos: Position, message: string) =>
    diagnostics.push(diagnostic("error", "syntax", file, pos, message));

  const forms = splitTopLevel(source, lines, syntaxError);
  const rules: Rule[] = [];
  const spellings = new SpellingRecorder();
  for (const form of forms) {
    const node = readForm(source, form, lines);
    const rule = new RuleReader(syntaxError, options, spellings, node.pos).rule(node);
    if (rule) rules.push(rule);
  }
  return { rules, diagnostics, spellings };
}

interface FormSpan {
  readonly start: number;
  readonly end: number; // exclusive
}

/**
 * Finds the top-level forms: balanced `( ... )` groups and bare symbols. Reports a `)` with no
 * `(`, a `(` never closed, forbidden characters, and bar names that are not closed, empty or not
 * apart from the name before or after them; the forms that are whole are returned.
 */
function splitTopLevel(
  source: string,
  lines: LineIndex,
  syntaxError: (pos: Position, message: string) => void,
): FormSpan[] {
  const forms: FormSpan[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (isSpace(ch)) {
      i++;
    } else if (ch === ")") {
      syntaxError(lines.at(i), "unmatched ')': there is no '(' for it to close");
      i++;
    } else if (FORBIDDEN.has(ch)) {
      syntaxError(lines.at(i), `unexpected character '${ch}': GDL symbols cannot contain it`);
      i++;
    } else if (ch === "|") {
      const bar = checkBarName(source, i, lines, syntaxError);
      if (bar === undefined) return forms;
      if (bar.ok) forms.push({ start: i, end: bar.end });
      i = bar.end;
    } else if (ch === "(") {
      const start = i;
      const open: number[] = [];
      let bad = false;
      for (; i < source.length; i++) {
        const code = source.charCodeAt(i);
        // most characters are none of the six below: one comparison each, no string made
        if (code > 41 && code !== 44 && code !== 92 && code !== 96 && code !== 124) continue;
        const c = source[i];
        if (c === "(") open.push(i);
        else if (c === ")") {
          open.pop();
          if (open.length === 0) break;
        } else if (c === "|") {
          const bar = checkBarName(source, i, lines, syntaxError);
          if (bar === undefined) return forms;
          if (!bar.ok) bad = true;
          i = bar.end - 1;
        } else if (FORBIDDEN.has(c)) {
          syntaxError(lines.at(i), `unexpected character '${c}': GDL symbols cannot contain it`);
          bad = true;
        }
      }
      if (open.length > 0) {
        const innermost = open[open.length - 1];
        syntaxError(
          lines.at(start),
          open.length === 1 || innermost === start
            ? "unclosed '(': the text ends before its ')'"
            : `unclosed '(': the text ends before its ')' (the innermost open '(' is at ${lines.at(innermost).line}:${lines.at(innermost).col})`,
        );
        return forms;
      }
      i++;
      if (!bad) forms.push({ start, end: i });
    } else {
      const start = i;
      while (i < source.length && !isSpace(source[i]) && source[i] !== "(" && source[i] !== ")" && source[i] !== "|") {
        if (FORBIDDEN.has(source[i])) break;
        i++;
      }
      if (i === start) i++;
      else forms.push({ start, end: i });
    }
  }
  return forms;
}

/** Whether the character at `i` would run into a bar name next to it: a symbol's or another bar's. */
function joins(source: string, i: number): boolean {
  if (i < 0 || i >= source.length) return false;
  const c = source[i];
  return !isFormSpace(source.charCodeAt(i)) && c !== "(" && c !== ")" && !FORBIDDEN.has(c);
}

/**
 * The name between bars at `source[at]` (a `|`): where it ends and whether it is a name (not
 * empty, apart from the names before and after it), each problem reported; undefined when no `|`
 * closes it (reported: the rest of the text is inside it).
 */
function checkBarName(
  source: string,
  at: number,
  lines: LineIndex,
  syntaxError: (pos: Position, message: string) => void,
): { readonly end: number; readonly ok: boolean } | undefined {
  const end = barNameEnd(source, at);
  if (end < 0) {
    syntaxError(lines.at(at), "unclosed '|': the text ends before the '|' that closes this name");
    return undefined;
  }
  let ok = true;
  if (end === at + 2) {
    syntaxError(lines.at(at), "empty name '||': a name between bars has at least one character");
    ok = false;
  }
  if (source[at - 1] !== "|" && joins(source, at - 1)) {
    syntaxError(lines.at(at), "a name between bars stands alone: write a blank between it and the name before it");
    ok = false;
  }
  if (joins(source, end)) {
    syntaxError(lines.at(end), "a name between bars stands alone: write a blank between it and what follows it");
    ok = false;
  }
  return { end, ok };
}

/** Whether the character code is white space inside a form (JavaScript's `\s`, as the forms were read before). */
function isFormSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && /\s/.test(String.fromCharCode(code));
}

/**
 * Reads one top-level form (balanced, without forbidden characters, its bar names closed and
 * apart: splitTopLevel made sure) into positioned lists and symbols, in one pass over its text
 * with an explicit stack.
 */
function readForm(source: string, span: FormSpan, lines: LineIndex): Node {
  const open: { readonly pos: Position; readonly items: Node[] }[] = [];
  let result: Node | undefined;
  const place = (node: Node) => {
    if (open.length > 0) open[open.length - 1].items.push(node);
    else result = node;
  };
  let i = span.start;
  while (i < span.end) {
    const code = source.charCodeAt(i);
    if (code === 40 /* ( */) {
      open.push({ pos: lines.at(i), items: [] });
      i++;
    } else if (code === 41 /* ) */) {
      const list = open.pop()!;
      place({ kind: "list", items: list.items, pos: list.pos });
      i++;
    } else if (isFormSpace(code)) {
      i++;
    } else if (code === 124 /* | */) {
      const read = readBarName(source, i)!;
      place({ kind: "bar", text: read.name, pos: lines.at(i) });
      i = read.end;
    } else {
      const start = i;
      while (i < span.end) {
        const c = source.charCodeAt(i);
        if (c === 40 || c === 41 || c === 124 || isFormSpace(c)) break;
        i++;
      }
      place({ kind: "symbol", text: source.slice(start, i), pos: lines.at(start) });
    }
  }
  return result!;
}

/** A symbol as the text writes it: a bar name between its bars again (`kifName`). */
function written(node: SymbolNode): string {
  return node.kind === "bar" ? `|${node.text.replace(/[|\\]/g, "\\$&")}|` : node.text;
}

/** Turns positioned s-expressions into rules, literals and terms. */
class RuleReader {
  constructor(
    private readonly syntaxError: (pos: Position, message: string) => void,
    private readonly options: ParseOptions,
    private readonly spellings: SpellingRecorder,
    private readonly rulePos: Position,
  ) {}

  /** The stored name of a symbol (see case.ts), noting how it is written (a bar name as infix notes a quoted one: never as a variable). */
  private name(node: SymbolNode): string {
    if (node.kind === "bar") this.spellings.note(node.text, node.pos);
    else this.spellings.note(node.text, node.pos, this.rulePos);
    return normalizeSymbol(node.text, this.options);
  }

  rule(node: Node): Rule | undefined {
    if (node.kind === "list" && node.items.length > 0) {
      const first = node.items[0];
      if (first.kind === "symbol" && first.text === "<=") {
        if (node.items.length < 2) {
          this.syntaxError(node.pos, "a rule '(<= ...)' needs a head");
          return undefined;
        }
        const head = this.atom(node.items[1], "the head of a rule");
        const body: Literal[] = [];
        let ok = head !== undefined;
        for (const item of node.items.slice(2)) {
          const literal = this.literal(item);
          if (literal) body.push(literal);
          else ok = false;
        }
        return ok && head ? { head, body, pos: node.pos } : undefined;
      }
    }
    const head = this.atom(node, "a fact");
    return head ? { head, body: [], pos: node.pos } : undefined;
  }

  private describe(node: Node): string {
    if (node.kind !== "list") return `'${written(node)}'`;
    const first = node.items[0];
    return first !== undefined && first.kind !== "list" ? `'(${written(first)} ...)'` : "a list";
  }

  atom(node: Node, what: string): Atom | undefined {
    if (node.kind !== "list") {
      const name = this.name(node);
      if (node.kind === "symbol" && name.startsWith("?")) {
        this.syntaxError(node.pos, `${what} must be an atom, not the variable '${node.text}'`);
        return undefined;
      }
      if (CONNECTIVES.has(name)) {
        this.syntaxError(node.pos, `${what} must be an atom, not the keyword '${written(node)}'`);
        return undefined;
      }
      return { kind: "atom", relation: name, args: [], pos: node.pos };
    }
    const [first, ...rest] = node.items;
    if (!first) {
      this.syntaxError(node.pos, `${what} must be an atom, not the empty list '()'`);
      return undefined;
    }
    if (first.kind === "list") {
      this.syntaxError(node.pos, `${what} must be an atom: it starts with a list instead of a relation name`);
      return undefined;
    }
    const name = this.name(first);
    if (first.kind === "symbol" && name.startsWith("?")) {
      this.syntaxError(node.pos, `${what} must be an atom: its relation name is the variable '${first.text}'`);
      return undefined;
    }
    if (CONNECTIVES.has(name)) {
      this.syntaxError(node.pos, `${what} must be an atom, not ${this.describe(node)}`);
      return undefined;
    }
    const args: Term[] = [];
    for (const item of rest) {
      const term = this.term(item);
      if (!term) return undefined;
      args.push(term);
    }
    return { kind: "atom", relation: name, args, pos: node.pos };
  }

  /** A body literal, `depth` literals deep (1: a literal of the body itself). */
  literal(node: Node, depth = 1): Literal | undefined {
    if (node.kind === "list" && node.items[0]?.kind === "symbol") {
      const keyword = node.items[0].text.toLowerCase();
      const operands = node.items.slice(1);
      switch (keyword) {
        case "not": {
          if (operands.length !== 1) {
            this.syntaxError(node.pos, `'not' takes exactly one literal, here it has ${operands.length}`);
            return undefined;
          }
          if (depth === MAX_LITERAL_NESTING) {
            this.syntaxError(operands[0].pos, literalsTooDeep());
            return undefined;
          }
          const body = this.literal(operands[0], depth + 1);
          return body ? { kind: "not", body, pos: node.pos } : undefined;
        }
        case "or": {
          if (operands.length === 0) {
            this.syntaxError(node.pos, "'or' needs at least one literal");
            return undefined;
          }
          if (depth === MAX_LITERAL_NESTING) {
            this.syntaxError(operands[0].pos, literalsTooDeep());
            return undefined;
          }
          const disjuncts: Literal[] = [];
          for (const operand of operands) {
            const d = this.literal(operand, depth + 1);
            if (!d) return undefined;
            disjuncts.push(d);
          }
          return { kind: "or", disjuncts, pos: node.pos };
        }
        case "distinct": {
          if (operands.length !== 2) {
            this.syntaxError(node.pos, `'distinct' takes exactly two terms, here it has ${operands.length}`);
            return undefined;
          }
          const left = this.term(operands[0]);
          const right = this.term(operands[1]);
          return left && right ? { kind: "distinct", left, right, pos: node.pos } : undefined;
        }
        case "<=":
          this.syntaxError(node.pos, "a rule '(<= ...)' cannot stand inside another rule");
          return undefined;
      }
    }
    return this.atom(node, "a body literal");
  }

  /**
   * A term, read with a cursor: the lists it is inside, with the terms of each read so far, on
   * stacks of its own (a term may nest MAX_TERM_NESTING deep, far more levels than a stack holds
   * calls). Names are noted in written order; the first bad subterm ends the term.
   */
  term(node: Node): Term | undefined {
    if (node.kind !== "list") return this.leaf(node);
    let outer: { readonly list: ListNode; readonly functor: string; readonly args: Term[] }[] | undefined; // made at the first list inside
    let list = node;
    let functor = this.functor(list);
    if (functor === undefined) return undefined;
    let args: Term[] = [];
    for (;;) {
      let inner: ListNode | undefined;
      while (args.length + 1 < list.items.length) {
        const item = list.items[args.length + 1];
        if (item.kind === "list") {
          inner = item;
          break;
        }
        const leaf = this.leaf(item);
        if (!leaf) return undefined;
        args.push(leaf);
      }
      if (inner !== undefined) {
        if ((outer?.length ?? 0) + 1 === MAX_TERM_NESTING) {
          this.syntaxError(inner.pos, termsTooDeep());
          return undefined;
        }
        const name = this.functor(inner);
        if (name === undefined) return undefined;
        (outer ??= []).push({ list, functor, args });
        list = inner;
        functor = name;
        args = [];
        continue;
      }
      const term: Compound = { kind: "compound", functor, args, pos: list.pos };
      const parent = outer?.pop();
      if (parent === undefined) return term;
      ({ list, functor, args } = parent);
      args.push(term);
    }
  }

  /** A constant or a variable (a bar name is a constant, whatever it holds). */
  private leaf(node: SymbolNode): Term | undefined {
    const name = this.name(node);
    if (node.kind === "bar") return { kind: "constant", name, pos: node.pos };
    if (name.startsWith("?")) {
      if (name.length === 1) {
        this.syntaxError(node.pos, "'?' must be followed by a variable name");
        return undefined;
      }
      return { kind: "variable", name: name.slice(1), pos: node.pos };
    }
    if (name === "<=") {
      this.syntaxError(node.pos, "'<=' cannot stand inside a term");
      return undefined;
    }
    return { kind: "constant", name, pos: node.pos };
  }

  /** The function name of a list read as a term, or undefined (reported) when it has none. */
  private functor(list: ListNode): string | undefined {
    const first = list.items[0];
    if (!first) {
      this.syntaxError(list.pos, "the empty list '()' is not a term");
      return undefined;
    }
    if (first.kind === "list" || (first.kind === "symbol" && first.text.startsWith("?"))) {
      this.syntaxError(list.pos, "a function term must start with a function name");
      return undefined;
    }
    return this.name(first);
  }
}
