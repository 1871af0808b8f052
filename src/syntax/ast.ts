/**
 * The typed syntax tree of a GDL description (KIF, prefix notation).
 *
 * GDL is case-insensitive: every name is stored in lower case (unless the description was read
 * with `caseSensitive`, as GGP-Base reads it: then non-keyword names keep their case; see
 * case.ts). Numbers are ordinary
 * constants (`1` and `01` are different constants). Every rule, literal and term keeps
 * the position where it starts in the source text, so that diagnostics can point at it.
 */

import type { SymbolSpellings } from "./case.js";
import type { Position } from "../diagnostics.js";

export { NO_POSITION, type Position } from "../diagnostics.js";

export type Term = Constant | Variable | Compound;

/** A constant symbol or number: `b`, `xplayer`, `100`, `a-b`. */
export interface Constant {
  readonly kind: "constant";
  readonly name: string;
  readonly pos: Position;
}

/** A variable `?x`; `name` is stored without the question mark. */
export interface Variable {
  readonly kind: "variable";
  readonly name: string;
  readonly pos: Position;
}

/** A function term `(f t1 ... tn)`; `(f)` (n = 0, seen in real games) is kept apart from the constant `f`. */
export interface Compound {
  readonly kind: "compound";
  readonly functor: string;
  readonly args: readonly Term[];
  readonly pos: Position;
}

/** An atom `(p t1 ... tn)`, or a bare `p` when it has no arguments. */
export interface Atom {
  readonly kind: "atom";
  readonly relation: string;
  readonly args: readonly Term[];
  readonly pos: Position;
}

export interface Negation {
  readonly kind: "not";
  readonly body: Literal;
  readonly pos: Position;
}

export interface Distinct {
  readonly kind: "distinct";
  readonly left: Term;
  readonly right: Term;
  readonly pos: Position;
}

export interface Disjunction {
  readonly kind: "or";
  readonly disjuncts: readonly Literal[];
  readonly pos: Position;
}

export type Literal = Atom | Negation | Distinct | Disjunction;

/** A rule `(<= head body...)`; a fact is a rule with an empty body. */
export interface Rule {
  readonly head: Atom;
  readonly body: readonly Literal[];
  readonly pos: Position;
}

/** A parsed game description. `file` names the source in diagnostics. */
export interface Description {
  readonly file: string;
  readonly rules: readonly Rule[];
  /** Read with `caseSensitive`: non-keyword names keep the case they are written in. */
  readonly caseSensitive?: boolean;
  /** How the reader found each symbol written (for the `case` check); absent for built descriptions. */
  readonly spellings?: SymbolSpellings;
  /**
   * The ground terms an unsafe rule's variable ranges over (`writtenGroundTerms`), where they are
   * not those written in `rules`: a description built from another keeps the other's (the hybrid
   * machine's lifting adds fluents of its own and drops the lifted relations' rules).
   */
  readonly writtenTerms?: readonly Term[];
}

/**
 * The relations with a meaning fixed by GDL (Love et al. 2008), with their arities; `sees` is
 * GDL-II's (Thielscher 2010): what a role perceives after a joint move, defined like `next`.
 */
export const KEYWORD_ARITY: ReadonlyMap<string, number> = new Map([
  ["role", 1],
  ["init", 1],
  ["true", 1],
  ["next", 1],
  ["legal", 2],
  ["does", 2],
  ["goal", 2],
  ["terminal", 0],
  ["base", 1],
  ["input", 2],
  ["sees", 2],
]);

/** GDL-II's reserved role: chance, whose legal moves the game master picks from uniformly at random. */
export const RANDOM_ROLE = "random";

/**
 * Terms nested deeper than this are refused by the readers (a syntax error at the first term past
 * it); real games nest less than 20. Reading, the checks, the translation, the printers, the
 * formatter and extraction walk terms from stacks of their own, with no call per level: their
 * depth is not bounded by a JavaScript stack (a browser worker's held about 1,500 calls of them).
 * The grounders have limits of their own: gringo, with its 8 MiB stack, crashes on some games
 * from 50,000 levels, clingo-wasm on the command line's stack from about 10,000.
 */
export const MAX_TERM_NESTING = 100_000;

/**
 * Literals nested this deep or deeper (`not`, `or`, and in infix parentheses around a literal) are
 * refused by the readers: the checks, the translation (the disjunctive normal form of or-free.ts),
 * the prover, the printers and the language server walk literals with a call per level (real games
 * nest a few). 499 levels of `not`, of `or` and of both hold on a browser worker's stack (tested on
 * `node --stack-size=500`); at 2,000 the disjunctive normal form of 1,999 `or`s overflowed Node's
 * own, and 1,000 `not`s the page's.
 */
export const MAX_LITERAL_NESTING = 500;

/** The readers' message for a term nested past MAX_TERM_NESTING. */
export function termsTooDeep(): string {
  return `terms nested deeper than ${MAX_TERM_NESTING.toLocaleString("en-US")} levels`;
}

/** The readers' message for literals nested past MAX_LITERAL_NESTING. */
export function literalsTooDeep(): string {
  return `literals nested deeper than ${MAX_LITERAL_NESTING.toLocaleString("en-US")} levels`;
}

/** Words of the language itself, which cannot be used as relation names. */
export const CONNECTIVES: ReadonlySet<string> = new Set(["<=", "not", "or", "distinct"]);
