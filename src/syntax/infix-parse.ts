/**
 * Reading infix (Prolog-style) GDL into the same `Description` as the KIF reader:
 *
 *   legal(W, mark(X, Y)) :- true(cell(X, Y, b)) & true(control(W)).
 *
 * - variables start with an upper-case letter or `_`; `_` alone is anonymous (each occurrence
 *   is a new variable); other names start with a lower-case letter or a digit, or are quoted
 *   like Prolog atoms (`'a-b'`, `'VerticalTerrorist'`, with `\'` and `\\` inside);
 * - rules `head :- body`, body literals separated by `&` or `,`, an optional final `.` (without
 *   it the next clause must start on a new line);
 * - negation `~l`, `not l` or `not(l)`; `distinct(s, t)`; `or(l1, ..., ln)`;
 * - `%` comments to the end of the line, and `;` comments when the `;` is the first thing on its
 *   line (elsewhere a `;` is refused: it would be Prolog's disjunction);
 * - `f()` is the 0-ary compound term, kept apart from the constant `f` (as KIF's `(f)`).
 *
 * Names go through `normalizeSymbol` (lower case by default). A variable keeps its identity: its
 * stored name is the written one with the first letter lower-cased, which is what KIF writes
 * after the `?` (`Piece` <-> `?piece`, `XY` <-> `?xY`). Pure: no I/O, never throws. Terms are
 * read with a cursor (they nest up to MAX_TERM_NESTING deep), literals with a call per level (up
 * to MAX_LITERAL_NESTING, ast.ts).
 */
import { diagnostic, type Diagnostic, type Position } from "../diagnostics.js";
import { CONNECTIVES, literalsTooDeep, MAX_LITERAL_NESTING, MAX_TERM_NESTING, termsTooDeep, type Atom, type Literal, type Rule, type Term } from "./ast.js";
import { LineIndex, commentAt, startsLine, type SourceComment } from "./comments.js";
import { SpellingRecorder, normalizeSymbol, type CaseOptions } from "./case.js";
import { atomVariables, literalVariables, renameVariables } from "./terms.js";

export interface InfixParseResult {
  readonly rules: Rule[];
  readonly diagnostics: Diagnostic[];
  readonly comments: SourceComment[];
  /** The spellings of the symbols (for the `case` check). */
  readonly spellings: SpellingRecorder;
}

/** Reading stops after this many syntax errors (one more says so). */
export const MAX_SYNTAX_ERRORS = 20;

type TokenKind = "name" | "quoted" | "var" | "(" | ")" | "," | "&" | "~" | "." | ":-" | "eof";

interface Token {
  readonly kind: TokenKind;
  /** For names and variables the text; for quoted names the unescaped content. */
  readonly text: string;
  readonly pos: Position;
  /** Offset just after the token. */
  readonly end: number;
  /** The token is the first one on its line. */
  readonly lineStart: boolean;
}

const IDENT_CHAR = /[A-Za-z0-9_]/;

function isBlank(c: string): boolean {
  return c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === "\v";
}

function describeToken(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "the end of the text";
    case "quoted":
      return `'${t.text}'`;
    default:
      return `'${t.text}'`;
  }
}

class SyntaxStop extends Error {}

function tokenize(text: string, lines: LineIndex, error: (pos: Position, message: string) => void, comments: SourceComment[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let lineStart = true;
  const push = (kind: TokenKind, value: string, start: number, end: number) => {
    tokens.push({ kind, text: value, pos: lines.at(start), end, lineStart });
    lineStart = false;
  };
  while (i < text.length) {
    const c = text[i];
    if (isBlank(c)) {
      if (c === "\n" || c === "\r") lineStart = true;
      i++;
      continue;
    }
    if (c === "%" || (c === ";" && startsLine(text, i))) {
      const { body, end, markers } = commentAt(text, i, c);
      comments.push({ pos: lines.at(i), text: body, trailing: !startsLine(text, i), markers });
      i = end;
      continue;
    }
    if (IDENT_CHAR.test(c)) {
      let j = i + 1;
      while (j < text.length && IDENT_CHAR.test(text[j])) j++;
      const word = text.slice(i, j);
      push(/[A-Z_]/.test(c) ? "var" : "name", word, i, j);
      i = j;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      let value = "";
      let closed = false;
      while (j < text.length) {
        const d = text[j];
        if (d === "\\" && j + 1 < text.length) {
          const e = text[j + 1];
          value += e === "n" ? "\n" : e === "t" ? "\t" : e;
          j += 2;
        } else if (d === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
          } else {
            closed = true;
            j++;
            break;
          }
        } else if (d === "\n" || d === "\r") {
          break;
        } else {
          value += d;
          j++;
        }
      }
      if (!closed) {
        error(lines.at(i), "unclosed quote: a quoted name ends with ' on the same line");
        i = j;
        continue;
      }
      if (value === "") {
        error(lines.at(i), "empty quoted name ''");
        i = j;
        continue;
      }
      push("quoted", value, i, j);
      i = j;
      continue;
    }
    if (c === ":" && text[i + 1] === "-") {
      push(":-", ":-", i, i + 2);
      i += 2;
      continue;
    }
    if (c === "(" || c === ")" || c === "," || c === "&" || c === "~" || c === ".") {
      push(c as TokenKind, c, i, i + 1);
      i++;
      continue;
    }
    if (c === ";") {
      error(lines.at(i), "unexpected ';': write a disjunction as or(a, b); a comment starts with % (or ; first on its line)");
    } else if (c === "?" && /[A-Za-z0-9_]/.test(text[i + 1] ?? "")) {
      error(lines.at(i), "unexpected '?': infix variables start with an upper-case letter (X, not ?x); is this KIF? (try --syntax kif)");
    } else if (c === "<" && text[i + 1] === "=") {
      error(lines.at(i), "unexpected '<=': infix rules are written head :- body");
      i++;
    } else {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      error(lines.at(i), `unexpected character '${ch}': quote names with other characters, as in 'a-b'`);
      i += ch.length - 1;
    }
    i++;
  }
  tokens.push({ kind: "eof", text: "", pos: lines.at(text.length), end: text.length, lineStart: true });
  return tokens;
}

/** A variable name as stored: the written name with its first letter lower-cased. */
export function infixVariableToName(written: string): string {
  return /^[A-Z]/.test(written) ? written[0].toLowerCase() + written.slice(1) : written;
}

const ANONYMOUS = "\u0000anonymous";

export function parseInfix(text: string, file: string, options: CaseOptions = {}): InfixParseResult {
  const spellings = new SpellingRecorder();
  const diagnostics: Diagnostic[] = [];
  const comments: SourceComment[] = [];
  const lines = new LineIndex(text);
  let stopped = false;
  const error = (pos: Position, message: string) => {
    if (stopped) return;
    if (diagnostics.length >= MAX_SYNTAX_ERRORS) {
      diagnostics.push(diagnostic("error", "syntax", file, pos, `too many syntax errors: reading stops here (after ${MAX_SYNTAX_ERRORS})`));
      stopped = true;
      return;
    }
    diagnostics.push(diagnostic("error", "syntax", file, pos, message));
  };
  // a character the tokenizer refused explains the errors that follow on its line: report it alone
  const lexicalErrorLines = new Set<number>();
  const tokens = tokenize(text, lines, (pos, message) => (lexicalErrorLines.add(pos.line), error(pos, message)), comments);
  const reader = new ClauseReader(tokens, options, spellings, (pos, message) => {
    if (!lexicalErrorLines.has(pos.line)) error(pos, message);
    throw new SyntaxStop();
  });
  const rules: Rule[] = [];
  while (!reader.atEnd() && !stopped) {
    const start = reader.index;
    try {
      const rule = reader.clause();
      if (rule) rules.push(rule);
    } catch (e) {
      if (!(e instanceof SyntaxStop)) throw e;
      reader.recover(start);
    }
  }
  return { rules, diagnostics, comments, spellings };
}

class ClauseReader {
  index = 0;
  private depth = 0;
  private anonymous = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly options: CaseOptions,
    private readonly spellings: SpellingRecorder,
    private readonly fail: (pos: Position, message: string) => never,
  ) {}

  atEnd(): boolean {
    return this.peek().kind === "eof";
  }

  private peek(k = 0): Token {
    return this.tokens[Math.min(this.index + k, this.tokens.length - 1)];
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.index++;
    return t;
  }

  /** After an error: skip to just after the next '.', or to the next token first on its line. */
  recover(start: number): void {
    if (this.index <= start) this.index = start + 1;
    else if (this.tokens[this.index - 1]?.kind === ".") return;
    while (!this.atEnd()) {
      const t = this.peek();
      if (t.kind === ".") {
        this.index++;
        return;
      }
      if (t.lineStart && t.pos.col === 1 && (t.kind === "name" || t.kind === "quoted" || t.kind === "var")) return;
      this.index++;
    }
  }

  clause(): Rule | undefined {
    const first = this.peek();
    if (first.kind === ")") this.fail(first.pos, "unmatched ')': there is no '(' for it to close");
    if (first.kind === ":-") this.fail(first.pos, "a rule needs a head before ':-'");
    if (first.kind === ".") this.fail(first.pos, "unexpected '.': a clause is missing before it");
    this.anonymous = 0;
    const head = this.atom("the head of a rule", true);
    const body: Literal[] = [];
    if (this.peek().kind === ":-") {
      const arrow = this.next();
      const t = this.peek();
      if (t.kind === "." || t.kind === "eof") this.fail(arrow.pos, "':-' must be followed by a body: at least one literal");
      body.push(this.literal());
      while (this.peek().kind === "," || this.peek().kind === "&") {
        this.next();
        body.push(this.literal());
      }
    }
    const after = this.peek();
    if (after.kind === ")") this.fail(after.pos, "unmatched ')': there is no '(' for it to close");
    if (after.kind === ".") this.next();
    else if (after.kind !== "eof" && !after.lineStart) {
      const what = body.length > 0 ? "'&', ',' or '.' after a literal" : "':-' or '.' after the head";
      this.fail(after.pos, `expected ${what}, found ${describeToken(after)}`);
    }
    const rule: Rule = { head, body, pos: head.pos };
    return this.anonymous > 0 ? nameAnonymous(rule) : rule;
  }

  /** One literal deeper (the literals are read with a call per level: their nesting is bounded). */
  private enter(pos: Position): void {
    if (++this.depth > MAX_LITERAL_NESTING) this.fail(pos, literalsTooDeep());
  }

  private leave(): void {
    this.depth--;
  }

  private name(t: Token): string {
    this.spellings.note(t.text, t.pos);
    return normalizeSymbol(t.text, this.options);
  }

  atom(what: string, head = false): Atom {
    const t = this.next();
    if (t.kind === "var") {
      this.fail(t.pos, `${what} must be an atom, not the variable '${t.text}' (variables start with an upper-case letter; quote a constant, as in '${t.text}')`);
    }
    if (t.kind !== "name" && t.kind !== "quoted") {
      this.fail(t.pos, `expected ${what === "the head of a rule" && head ? "a fact or a rule" : what}, found ${describeToken(t)}`);
    }
    const relation = this.name(t);
    if (CONNECTIVES.has(relation) || relation === ":-") {
      this.fail(t.pos, `${head ? "the head of a rule" : what} must be an atom, not '${t.text}'`);
    }
    const args = this.peek().kind === "(" ? this.argumentList() : [];
    return { kind: "atom", relation, args, pos: t.pos };
  }

  literal(): Literal {
    const t = this.peek();
    this.enter(t.pos);
    try {
      if (t.kind === "~") {
        this.next();
        return { kind: "not", body: this.literal(), pos: t.pos };
      }
      if (t.kind === "name") {
        const word = t.text.toLowerCase();
        if (word === "not") {
          this.next();
          if (this.peek().kind === "(") {
            const open = this.next();
            const body = this.literal();
            if (this.peek().kind === "," || this.peek().kind === "&")
              this.fail(t.pos, "'not' takes exactly one literal");
            this.close(open);
            return { kind: "not", body, pos: t.pos };
          }
          return { kind: "not", body: this.literal(), pos: t.pos };
        }
        if (word === "or") {
          this.next();
          const open = this.expectOpen(t, "'or' is written or(l1, ..., ln)");
          if (this.peek().kind === ")") this.fail(t.pos, "'or' needs at least one literal");
          const disjuncts: Literal[] = [this.literal()];
          while (this.peek().kind === ",") {
            this.next();
            disjuncts.push(this.literal());
          }
          this.close(open);
          return { kind: "or", disjuncts, pos: t.pos };
        }
        if (word === "distinct") {
          this.next();
          this.expectOpen(t, "'distinct' is written distinct(s, t)");
          this.index--;
          const args = this.argumentList();
          if (args.length !== 2) this.fail(t.pos, `'distinct' takes exactly two terms, here it has ${args.length}`);
          return { kind: "distinct", left: args[0], right: args[1], pos: t.pos };
        }
      }
      if (t.kind === "var") this.fail(t.pos, `a body literal must be an atom, not the variable '${t.text}'`);
      if (t.kind === "(") {
        const open = this.next();
        const inner = this.literal();
        this.close(open);
        return inner;
      }
      return this.atom("a body literal");
    } finally {
      this.leave();
    }
  }

  private expectOpen(keyword: Token, usage: string): Token {
    const t = this.next();
    if (t.kind !== "(") this.fail(keyword.pos, usage);
    return t;
  }

  /** Expects the ')' matching `open`. */
  private close(open: Token): void {
    const t = this.peek();
    if (t.kind === ")") {
      this.next();
      return;
    }
    if (t.kind === "eof" || (t.lineStart && t.pos.col === 1) || t.kind === "." || t.kind === ":-") {
      this.fail(open.pos, `unclosed '(': ${t.kind === "eof" ? "the text ends" : `${describeToken(t)} at ${t.pos.line}:${t.pos.col} comes`} before its ')'`);
    }
    this.fail(t.pos, `expected ',' or ')', found ${describeToken(t)}`);
  }

  /** `( t1, ..., tn )` with the current token at '('; `()` is the empty list. */
  private argumentList(): Term[] {
    const open = this.next();
    const args: Term[] = [];
    if (this.peek().kind === ")") {
      this.next();
      return args;
    }
    args.push(this.term());
    while (this.peek().kind === ",") {
      this.next();
      args.push(this.term());
    }
    this.close(open);
    return args;
  }

  /**
   * A term, read with a cursor: the compound terms it is inside, each with its name's token, its
   * `(` and its arguments read so far, on a stack of its own (a term may nest MAX_TERM_NESTING
   * deep, far more levels than a stack holds calls).
   */
  term(): Term {
    let outer: { readonly token: Token; readonly functor: string; readonly open: Token; readonly args: Term[] }[] | undefined; // made at the first compound term
    for (;;) {
      let term: Term;
      const t = this.next();
      if (t.kind === "var") {
        if (this.peek().kind === "(" && this.peek().pos.offset === t.end)
          this.fail(t.pos, `a function name cannot be the variable '${t.text}' (quote it, as in '${t.text}'(...), or write it in lower case)`);
        if (t.text === "_") {
          this.anonymous++;
          term = { kind: "variable", name: `${ANONYMOUS}${this.anonymous}`, pos: t.pos };
        } else term = { kind: "variable", name: infixVariableToName(t.text), pos: t.pos };
      } else if (t.kind === "name" || t.kind === "quoted") {
        const name = this.name(t);
        if (this.peek().kind !== "(") term = { kind: "constant", name, pos: t.pos };
        else {
          if (outer?.length === MAX_TERM_NESTING) this.fail(t.pos, termsTooDeep());
          const open = this.next();
          if (this.peek().kind !== ")") {
            (outer ??= []).push({ token: t, functor: name, open, args: [] }); // its first argument next
            continue;
          }
          this.next();
          term = { kind: "compound", functor: name, args: [], pos: t.pos };
        }
      } else {
        if (t.kind === ")") this.fail(t.pos, "expected a term before ')'");
        this.fail(t.pos, `expected a term, found ${describeToken(t)}`);
      }
      // a term is read: it is an argument of the innermost open term, which the next ',' goes on or its ')' ends
      for (;;) {
        const parent = outer?.at(-1);
        if (parent === undefined) return term;
        parent.args.push(term);
        if (this.peek().kind === ",") {
          this.next();
          break;
        }
        this.close(parent.open);
        outer!.pop();
        term = { kind: "compound", functor: parent.functor, args: parent.args, pos: parent.token.pos };
      }
    }
  }
}

/** Gives each anonymous `_` of a rule its own name `_1`, `_2`, ... not used by the rule's other variables. */
function nameAnonymous(rule: Rule): Rule {
  const used = atomVariables(rule.head);
  for (const l of rule.body) literalVariables(l, used);
  const names = new Map<string, string>();
  let n = 1;
  for (const v of used) {
    if (!v.startsWith(ANONYMOUS)) continue;
    while (used.has(`_${n}`)) n++;
    names.set(v, `_${n++}`);
  }
  return renameVariables(rule, names);
}
