/**
 * Reader for aspif, the intermediate format gringo prints with `--output=intermediate`
 * (the potassco guide's "aspif" section; libpotassco's reader is the reference):
 *
 * ```
 * asp 1 0 0                 header: version 1.0.0, optional tags such as `incremental`
 * 1 0 1 3 0 2 1 -2          rule: head type (0 disjunction, 1 choice), head atoms,
 *                           body type 0 (normal: literals) or 1 (weight: bound, literal weight pairs)
 * 2 0 2 1 3 2 1             minimize: priority, literal weight pairs
 * 3 2 1 2                   projection: atoms
 * 4 4 p(1) 1 1              output: byte length, symbol, condition literals
 * 5 3 2                     external: atom, value (0 free, 1 true, 2 false, 3 release)
 * 6 1 -4                    assumption: literals
 * 7 0 4 1 0 0               heuristic: modifier, atom, bias, priority, condition
 * 8 0 1 1 4                 edge: from, to, condition
 * 9 ...                     theory terms, elements and atoms
 * 10 text                   comment
 * 0                         end of a step
 * ```
 *
 * `parseAspif` reads the text into typed statements (one list per step); `aspifView`
 * indexes a program for extraction: the output symbol of every atom, the facts, the rules.
 * The reader scans character codes directly and builds no intermediate strings, since a
 * large game yields millions of statements.
 *
 * Test-only: the pipeline reads aspif with src/ground/aspif-compact.ts (the subset gringo writes,
 * streamed into arrays); this reader of the whole format is what the tests check it and
 * clingo's output against.
 */

/** A literal: a positive atom id, or the negated id for default negation. */
export type AspifLiteral = number;

export interface AspifNormalBody {
  readonly kind: "normal";
  readonly literals: readonly AspifLiteral[];
}
export interface AspifWeightBody {
  readonly kind: "weight";
  readonly lowerBound: number;
  readonly literals: readonly AspifLiteral[];
  /** `weights[i]` belongs to `literals[i]`. */
  readonly weights: readonly number[];
}

export interface AspifRule {
  readonly type: "rule";
  /** `{a;b} :- body` when true, `a | b :- body` (or `a :- body`, or a constraint) when false. */
  readonly choice: boolean;
  /** Head atoms; empty for an integrity constraint (with `choice` false). */
  readonly head: readonly number[];
  readonly body: AspifNormalBody | AspifWeightBody;
}
export interface AspifMinimize {
  readonly type: "minimize";
  readonly priority: number;
  readonly literals: readonly AspifLiteral[];
  readonly weights: readonly number[];
}
export interface AspifProject {
  readonly type: "project";
  readonly atoms: readonly number[];
}
export interface AspifOutput {
  readonly type: "output";
  /** The shown term as clingo prints it, e.g. `true(cell(1,1,b))`; see asp-symbol.ts. */
  readonly symbol: string;
  /** The symbol holds when all these literals hold; empty for a fact. */
  readonly condition: readonly AspifLiteral[];
}
export type AspifExternalValue = "free" | "true" | "false" | "release";
export interface AspifExternal {
  readonly type: "external";
  readonly atom: number;
  readonly value: AspifExternalValue;
}
export interface AspifAssume {
  readonly type: "assume";
  readonly literals: readonly AspifLiteral[];
}
export type AspifHeuristicModifier = "level" | "sign" | "factor" | "init" | "true" | "false";
export interface AspifHeuristic {
  readonly type: "heuristic";
  readonly modifier: AspifHeuristicModifier;
  readonly atom: number;
  readonly bias: number;
  readonly priority: number;
  readonly condition: readonly AspifLiteral[];
}
export interface AspifEdge {
  readonly type: "edge";
  readonly from: number;
  readonly to: number;
  readonly condition: readonly AspifLiteral[];
}
export interface AspifTheoryNumber {
  readonly type: "theory-number";
  readonly id: number;
  readonly value: number;
}
export interface AspifTheorySymbol {
  readonly type: "theory-symbol";
  readonly id: number;
  readonly name: string;
}
export type AspifTupleKind = "paren" | "brace" | "bracket";
export interface AspifTheoryCompound {
  readonly type: "theory-compound";
  readonly id: number;
  /** The term id of the function name, or undefined for a tuple. */
  readonly functor: number | undefined;
  /** For a tuple: `(..)`, `{..}` or `[..]`. */
  readonly tuple: AspifTupleKind | undefined;
  readonly args: readonly number[];
}
export interface AspifTheoryElement {
  readonly type: "theory-element";
  readonly id: number;
  readonly terms: readonly number[];
  readonly condition: readonly AspifLiteral[];
}
export interface AspifTheoryAtom {
  readonly type: "theory-atom";
  /** The program atom it stands for, 0 for a directive. */
  readonly atom: number;
  readonly term: number;
  readonly elements: readonly number[];
  readonly guard: { readonly operator: number; readonly term: number } | undefined;
}
export interface AspifComment {
  readonly type: "comment";
  readonly text: string;
}

export type AspifStatement =
  | AspifRule
  | AspifMinimize
  | AspifProject
  | AspifOutput
  | AspifExternal
  | AspifAssume
  | AspifHeuristic
  | AspifEdge
  | AspifTheoryNumber
  | AspifTheorySymbol
  | AspifTheoryCompound
  | AspifTheoryElement
  | AspifTheoryAtom
  | AspifComment;

export interface AspifProgram {
  readonly version: readonly [number, number, number];
  /** Header tags, e.g. `incremental`. */
  readonly tags: readonly string[];
  /** Statements of each step (a non-incremental program has one step). */
  readonly steps: readonly (readonly AspifStatement[])[];
}

/** Malformed aspif (clingo does not print it; seeing this means a bug or a truncated text). */
export class AspifSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based line of the aspif text. */
    readonly line: number,
    readonly column: number,
  ) {
    super(`aspif line ${line}, column ${column}: ${message}`);
    this.name = "AspifSyntaxError";
  }
}

const SPACE = 32;
const NEWLINE = 10;
const CR = 13;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

const NO_NUMBERS: readonly number[] = Object.freeze([]);
const EMPTY_BODY: AspifNormalBody = Object.freeze({ kind: "normal", literals: NO_NUMBERS });

const EXTERNAL_VALUES: readonly AspifExternalValue[] = ["free", "true", "false", "release"];
const HEURISTIC_MODIFIERS: readonly AspifHeuristicModifier[] = [
  "level",
  "sign",
  "factor",
  "init",
  "true",
  "false",
];
const TUPLE_KINDS: Record<number, AspifTupleKind> = { [-1]: "paren", [-2]: "brace", [-3]: "bracket" };

/** Parse aspif text. Throws `AspifSyntaxError` when the text is not aspif. */
export function parseAspif(text: string): AspifProgram {
  return new AspifReader(text).program();
}

class AspifReader {
  private pos = 0;
  private lineStart = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  private fail(message: string): never {
    throw new AspifSyntaxError(message, this.line, this.pos - this.lineStart + 1);
  }

  program(): AspifProgram {
    const t = this.text;
    if (!t.startsWith("asp ", 0)) this.fail("header `asp 1 0 0` expected");
    this.pos = 4;
    const major = this.uint();
    const minor = this.uint();
    const revision = this.uint();
    if (major !== 1) this.fail(`unsupported aspif version ${major}.${minor}.${revision}`);
    const tags: string[] = [];
    for (;;) {
      this.skipSpaces();
      const c = t.charCodeAt(this.pos);
      if (c === NEWLINE || c === CR || Number.isNaN(c)) break;
      const start = this.pos;
      while (this.pos < t.length && t.charCodeAt(this.pos) > SPACE) this.pos++;
      tags.push(t.slice(start, this.pos));
    }
    this.endLine();
    const steps: AspifStatement[][] = [];
    let current: AspifStatement[] = [];
    for (;;) {
      this.skipBlankLines();
      if (this.pos >= t.length) {
        // A text cut off before its final `0` is an error; an empty trailing step is not.
        if (current.length > 0 || steps.length === 0) this.fail("unexpected end of text, `0` expected");
        break;
      }
      const type = this.uint();
      if (type === 0) {
        this.endLine();
        steps.push(current);
        current = [];
        if (!tags.includes("incremental")) {
          this.skipBlankLines();
          if (this.pos < t.length) this.fail("text after the end of a non-incremental program");
          break;
        }
        continue;
      }
      current.push(this.statement(type));
    }
    return { version: [major, minor, revision], tags, steps };
  }

  private statement(type: number): AspifStatement {
    let s: AspifStatement;
    switch (type) {
      case 1: {
        const headType = this.uint();
        if (headType > 1) this.fail("head type 0 or 1 expected");
        const head = this.uints();
        const bodyType = this.uint();
        let body: AspifNormalBody | AspifWeightBody;
        if (bodyType === 0) {
          const literals = this.ints();
          body = literals.length === 0 ? EMPTY_BODY : { kind: "normal", literals };
        }
        else if (bodyType === 1) {
          const lowerBound = this.int();
          const [literals, weights] = this.weightedLiterals();
          body = { kind: "weight", lowerBound, literals, weights };
        } else this.fail("body type 0 or 1 expected");
        s = { type: "rule", choice: headType === 1, head, body };
        break;
      }
      case 2: {
        const priority = this.int();
        const [literals, weights] = this.weightedLiterals();
        s = { type: "minimize", priority, literals, weights };
        break;
      }
      case 3:
        s = { type: "project", atoms: this.uints() };
        break;
      case 4: {
        const length = this.uint();
        const symbol = this.bytes(length);
        s = { type: "output", symbol, condition: this.ints() };
        break;
      }
      case 5: {
        const atom = this.uint();
        const v = this.uint();
        const value = EXTERNAL_VALUES[v];
        if (value === undefined) this.fail(`external value ${v} not in 0..3`);
        s = { type: "external", atom, value };
        break;
      }
      case 6:
        s = { type: "assume", literals: this.ints() };
        break;
      case 7: {
        const m = this.uint();
        const modifier = HEURISTIC_MODIFIERS[m];
        if (modifier === undefined) this.fail(`heuristic modifier ${m} not in 0..5`);
        const atom = this.uint();
        const bias = this.int();
        const priority = this.uint();
        s = { type: "heuristic", modifier, atom, bias, priority, condition: this.ints() };
        break;
      }
      case 8: {
        const from = this.int();
        const to = this.int();
        s = { type: "edge", from, to, condition: this.ints() };
        break;
      }
      case 9:
        s = this.theory();
        break;
      case 10: {
        const t = this.text;
        if (t.charCodeAt(this.pos) === SPACE) this.pos++;
        const start = this.pos;
        while (this.pos < t.length && t.charCodeAt(this.pos) !== NEWLINE) this.pos++;
        let end = this.pos;
        if (end > start && t.charCodeAt(end - 1) === CR) end--;
        s = { type: "comment", text: t.slice(start, end) };
        break;
      }
      default:
        this.fail(`unknown statement type ${type}`);
    }
    this.endLine();
    return s;
  }

  private theory(): AspifStatement {
    const kind = this.uint();
    const id = this.uint();
    switch (kind) {
      case 0:
        return { type: "theory-number", id, value: this.int() };
      case 1: {
        const length = this.uint();
        return { type: "theory-symbol", id, name: this.bytes(length) };
      }
      case 2: {
        const f = this.int();
        const tuple = f < 0 ? TUPLE_KINDS[f] : undefined;
        if (f < 0 && tuple === undefined) this.fail(`unknown tuple type ${f}`);
        return { type: "theory-compound", id, functor: f >= 0 ? f : undefined, tuple, args: this.uints() };
      }
      case 4: {
        const terms = this.uints();
        return { type: "theory-element", id, terms, condition: this.ints() };
      }
      case 5:
      case 6: {
        const term = this.uint();
        const elements = this.uints();
        const guard = kind === 6 ? { operator: this.uint(), term: this.uint() } : undefined;
        return { type: "theory-atom", atom: id, term, elements, guard };
      }
      default:
        this.fail(`unknown theory statement type ${kind}`);
    }
  }

  /** Skip the separating blank(s) before a number, then read it. */
  private int(): number {
    const t = this.text;
    let i = this.pos;
    while (t.charCodeAt(i) === SPACE) i++;
    let negative = false;
    if (t.charCodeAt(i) === MINUS) {
      negative = true;
      i++;
    }
    let c = t.charCodeAt(i);
    if (!(c >= ZERO && c <= NINE)) {
      this.pos = i;
      this.fail("number expected");
    }
    let value = 0;
    do {
      value = value * 10 + (c - ZERO);
      c = t.charCodeAt(++i);
    } while (c >= ZERO && c <= NINE);
    this.pos = i;
    return negative ? -value : value;
  }

  private uint(): number {
    const value = this.int();
    if (value < 0) this.fail("non-negative number expected");
    return value;
  }

  /** `n x1 ... xn` (the empty list is shared: most rules of a big program are facts). */
  private ints(): number[] {
    const n = this.uint();
    if (n === 0) return NO_NUMBERS as number[];
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = this.int();
    return out;
  }

  private uints(): number[] {
    const n = this.uint();
    if (n === 0) return NO_NUMBERS as number[];
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = this.uint();
    return out;
  }

  /** `n l1 w1 ... ln wn` */
  private weightedLiterals(): [number[], number[]] {
    const n = this.uint();
    const literals = new Array<number>(n);
    const weights = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      literals[i] = this.int();
      weights[i] = this.int();
    }
    return [literals, weights];
  }

  /** After a length: one blank, then that many UTF-8 bytes (the string has no newline). */
  private bytes(length: number): string {
    const t = this.text;
    if (t.charCodeAt(this.pos) !== SPACE) this.fail("blank before string expected");
    const start = ++this.pos;
    let end = start + length;
    // Fast path: ASCII, where a byte is a character.
    let ascii = end <= t.length;
    if (ascii) {
      for (let i = start; i < end; i++) {
        const c = t.charCodeAt(i);
        if (c >= 0x80) {
          ascii = false;
          break;
        }
        if (c === NEWLINE) this.fail("string shorter than its length");
      }
    }
    if (!ascii) {
      let bytes = 0;
      let i = start;
      while (bytes < length) {
        if (i >= t.length) this.fail("string shorter than its length");
        const c = t.charCodeAt(i);
        if (c === NEWLINE) this.fail("string shorter than its length");
        if (c < 0x80) bytes += 1;
        else if (c < 0x800) bytes += 2;
        else if (c >= 0xd800 && c <= 0xdbff) {
          bytes += 4;
          i++; // the low surrogate
        } else bytes += 3;
        i++;
      }
      if (bytes !== length) this.fail("string length ends inside a character");
      end = i;
    }
    this.pos = end;
    return t.slice(start, end);
  }

  private skipSpaces(): void {
    while (this.text.charCodeAt(this.pos) === SPACE) this.pos++;
  }

  /** Trailing blanks, then the end of the line (or of the text). */
  private endLine(): void {
    const t = this.text;
    this.skipSpaces();
    let c = t.charCodeAt(this.pos);
    if (c === CR) c = t.charCodeAt(++this.pos);
    if (c === NEWLINE) {
      this.pos++;
      this.line++;
      this.lineStart = this.pos;
    } else if (this.pos < t.length) this.fail("end of line expected");
  }

  private skipBlankLines(): void {
    const t = this.text;
    for (;;) {
      let i = this.pos;
      while (t.charCodeAt(i) === SPACE || t.charCodeAt(i) === CR) i++;
      if (t.charCodeAt(i) !== NEWLINE) return;
      this.pos = i + 1;
      this.line++;
      this.lineStart = this.pos;
    }
  }
}

/** Every statement of every step, in order. */
export function* aspifStatements(program: AspifProgram): Iterable<AspifStatement> {
  for (const step of program.steps) yield* step;
}

/**
 * An aspif program indexed for reading the ground program back: which symbol each atom
 * stands for, which symbols are facts, and the rules.
 */
export interface AspifView {
  /** The largest atom id used anywhere (atoms are 1..maxAtom; not all need be used). */
  readonly maxAtom: number;
  /**
   * `atomSymbol[a]` is the symbol of atom `a`: the first output statement whose condition is
   * exactly the positive literal `a`. Undefined for atoms clingo does not show (auxiliary
   * atoms, hidden predicates, and facts unless `--preserve-facts=symtab` or `all` is given).
   */
  readonly atomSymbol: readonly (string | undefined)[];
  /**
   * The symbols that are facts: output statements with an empty condition (gringo's
   * default for facts), and the symbols of fact atoms, without duplicates.
   */
  readonly facts: readonly string[];
  /** Atoms that are facts: the single head of a non-choice rule with an empty normal body. */
  readonly factAtoms: readonly number[];
  /** All rules, facts included, in order. */
  readonly rules: readonly AspifRule[];
  /**
   * All output statements whose condition is neither empty nor a single positive atom
   * (e.g. `#show s(X) : q(X), r(X).` or `#show 5.`).
   */
  readonly conditionalOutputs: readonly AspifOutput[];
  readonly externals: readonly AspifExternal[];
  /** Every other statement (minimize, projection, assumption, heuristic, edge, theory, comment). */
  readonly others: readonly AspifStatement[];
}

export function aspifView(program: AspifProgram): AspifView {
  let maxAtom = 0;
  const atomSymbol: (string | undefined)[] = [];
  const facts: string[] = [];
  const factSet = new Set<string>();
  const factAtoms: number[] = [];
  const rules: AspifRule[] = [];
  const conditionalOutputs: AspifOutput[] = [];
  const externals: AspifExternal[] = [];
  const others: AspifStatement[] = [];
  const seeLiterals = (lits: readonly number[]): void => {
    for (let i = 0; i < lits.length; i++) {
      const a = lits[i] < 0 ? -lits[i] : lits[i];
      if (a > maxAtom) maxAtom = a;
    }
  };
  const addFact = (symbol: string): void => {
    if (!factSet.has(symbol)) {
      factSet.add(symbol);
      facts.push(symbol);
    }
  };
  for (const step of program.steps) {
    for (const s of step) {
      switch (s.type) {
        case "rule":
          rules.push(s);
          seeLiterals(s.head);
          seeLiterals(s.body.literals);
          if (!s.choice && s.head.length === 1 && s.body.kind === "normal" && s.body.literals.length === 0) {
            factAtoms.push(s.head[0]);
          }
          break;
        case "output":
          seeLiterals(s.condition);
          if (s.condition.length === 0) addFact(s.symbol);
          else if (s.condition.length === 1 && s.condition[0] > 0) {
            if (atomSymbol[s.condition[0]] === undefined) atomSymbol[s.condition[0]] = s.symbol;
          } else conditionalOutputs.push(s);
          break;
        case "external":
          if (s.atom > maxAtom) maxAtom = s.atom;
          externals.push(s);
          break;
        default:
          others.push(s);
          if (s.type === "minimize" || s.type === "assume") seeLiterals(s.literals);
          else if (s.type === "project") seeLiterals(s.atoms);
          else if (s.type === "heuristic") {
            seeLiterals(s.condition);
            if (s.atom > maxAtom) maxAtom = s.atom;
          } else if (s.type === "edge" || s.type === "theory-element") seeLiterals(s.condition);
          else if (s.type === "theory-atom" && s.atom > maxAtom) maxAtom = s.atom;
      }
    }
  }
  for (const a of factAtoms) {
    const symbol = atomSymbol[a];
    if (symbol !== undefined) addFact(symbol);
  }
  atomSymbol.length = Math.max(atomSymbol.length, maxAtom + 1);
  return { maxAtom, atomSymbol, facts, factAtoms, rules, conditionalOutputs, externals, others };
}
