/**
 * The ground game: what extraction produces from clingo's ground program and what the
 * propnet is built from. Variable-free GDL rules over interned ground atoms, with the static
 * parts evaluated away (a static atom that holds is dropped from bodies; a rule that needs a
 * false one is gone) and the P^base / generator machinery removed.
 *
 * Atoms and clauses are parallel arrays, not an object each: a big game has millions of both
 * (amazonsTorus: 1.40 M atoms, 2.07 M clauses), and an object per clause with two arrays for its
 * body made most of extraction's and the build's time garbage collection (measured: 29 % of the
 * CPU profile of extract + build on amazonsTorus). An atom is its normalized KIF; its arguments
 * are read back from that text (`atomArguments`), or, for the rare atom with a name that KIF writes
 * between bars (infix's quoted names with a blank or a parenthesis: `|x y|`, kif-name.ts), kept
 * as terms. The KIF is one text per atom: `cell('(f x)')` is `(cell |(f x)|)`, `cell(f(x))` `(cell (f x))`.
 */
import type { Term } from "../syntax/ast.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import { termToKif } from "../syntax/print.js";
import { isPlainKifName, kifName } from "../syntax/kif-name.js";
import { IntList } from "../int-list.js";

/** The ground atoms, atom i in `kif[i]` and `relation[i]`. */
export interface GroundAtoms {
  readonly length: number;
  /** Normalized KIF of each atom, unique per atom: `(true (cell 1 1 b))`, `terminal`. */
  readonly kif: readonly string[];
  /** `true`, `does`, `next`, `sees` (GDL-II), `legal`, `goal`, `terminal`, `init`, `role`, or a view relation. */
  readonly relation: readonly string[];
  /**
   * The arguments of the atoms whose KIF cannot be split at its blanks (a name between bars: with a
   * blank, a parenthesis, a bar, or a leading `?`, which only infix's quoted names can be), by atom index.
   */
  readonly irregular: ReadonlyMap<number, readonly Term[]>;
}

/**
 * The clauses `head <= positive..., (not negative)...` over atom indices, in compressed rows:
 * clause c's body is `literals[bodyStart[c] .. bodyStart[c + 1])`, its positive atoms first, its
 * negated ones from `negativeStart[c]` on, each in the order of the rule. A fact has an empty body.
 */
export interface GroundClauses {
  readonly length: number;
  readonly head: Int32Array;
  /** `length + 1` entries. */
  readonly bodyStart: Int32Array;
  readonly negativeStart: Int32Array;
  readonly literals: Int32Array;
}

/** One clause as an object (`groundClause`): for printing, checks and tests, not for bulk work. */
export interface GroundClause {
  readonly head: number;
  readonly positive: readonly number[];
  readonly negative: readonly number[];
}

/** One atom as an object (`groundAtom`), its arguments as terms. */
export interface GroundAtom {
  readonly relation: string;
  /** Ground terms (their positions are NO_POSITION). */
  readonly args: readonly Term[];
  readonly kif: string;
}

export interface InputMove {
  /** KIF of the role, e.g. `xplayer`. */
  readonly role: string;
  /** KIF of the move, e.g. `(mark 1 1)`. */
  readonly move: string;
}

export interface GroundGame {
  /** The roles in the order of the description's `role` facts (the order of joint moves). */
  readonly roles: readonly string[];
  readonly atoms: GroundAtoms;
  readonly clauses: GroundClauses;
  /** KIF of every fluent that can be part of a state (`base`, from the static relaxation). */
  readonly base: readonly string[];
  /** Every move a role can possibly make (`input`, from the static relaxation). */
  readonly input: readonly InputMove[];
  /**
   * The terms of the roles, base fluents and input roles and moves whose KIF above has a name
   * between bars (a name with a blank or a parenthesis, which only infix's quoted names can be:
   * `'a b'` is written `|a b|`), by that KIF. Absent or empty for most games; the others are read
   * back from their KIF (`groundTerm`).
   */
  readonly irregularTerms?: ReadonlyMap<string, Term>;
}

/** The term of a role, base fluent or input role or move of `game`, given as its KIF. */
export function groundTerm(game: GroundGame, kif: string): Term {
  return game.irregularTerms?.get(kif) ?? parseKifTerm(kif, { caseSensitive: true });
}

/** The arguments of the irregular `role` atoms (`GroundAtoms.irregular`), by their KIF: roles the KIF of `GroundGame.roles` cannot hold. */
export function irregularRoles(atoms: GroundAtoms, into: Map<string, Term>): Map<string, Term> {
  for (const [i, args] of atoms.irregular) if (atoms.relation[i] === "role" && args.length === 1) into.set(termToKif(args[0]), args[0]);
  return into;
}

/** Clause c as an object. */
export function groundClause(clauses: GroundClauses, c: number): GroundClause {
  const { bodyStart, negativeStart, literals } = clauses;
  return {
    head: clauses.head[c],
    positive: Array.from(literals.subarray(bodyStart[c], negativeStart[c])),
    negative: Array.from(literals.subarray(negativeStart[c], bodyStart[c + 1])),
  };
}

/** Every clause as an object, in order. */
export function groundClauseList(clauses: GroundClauses): GroundClause[] {
  const list: GroundClause[] = new Array(clauses.length);
  for (let c = 0; c < clauses.length; c++) list[c] = groundClause(clauses, c);
  return list;
}

/** Whether clause c is a fact (an empty body). */
export function isFact(clauses: GroundClauses, c: number): boolean {
  return clauses.bodyStart[c] === clauses.bodyStart[c + 1];
}

/**
 * The KIF of each argument of atom i: `["xplayer", "(mark 1 1)"]` for `(legal xplayer (mark 1 1))`,
 * `[]` for `terminal`.
 */
export function atomArguments(atoms: GroundAtoms, i: number): string[] {
  const terms = atoms.irregular.get(i);
  if (terms !== undefined) return terms.map(termToKif);
  return kifArguments(atoms.kif[i]);
}

/** The number of arguments of atom i. */
export function atomArity(atoms: GroundAtoms, i: number): number {
  const terms = atoms.irregular.get(i);
  return terms !== undefined ? terms.length : kifArguments(atoms.kif[i]).length;
}

/** Atom i as an object, its arguments read back as terms. */
export function groundAtom(atoms: GroundAtoms, i: number): GroundAtom {
  const kif = atoms.kif[i];
  const args = atoms.irregular.get(i) ?? kifArguments(kif).map((a) => parseKifTerm(a, { caseSensitive: true }));
  return { relation: atoms.relation[i], args, kif };
}

const OPEN = 40;
const CLOSE = 41;
const BLANK = 32;

/** Where the two arguments of a two-argument atom are in a text (`argumentPair`). */
export interface ArgumentPair {
  /** The text: the atom's KIF, or its two arguments' KIF joined by a blank for an irregular atom. */
  text: string;
  firstFrom: number;
  firstTo: number;
  secondFrom: number;
  secondTo: number;
}

/**
 * Whether atom i has exactly two arguments; if so `pair` says where their KIF is (the same texts
 * as `atomArguments`), without a string made per argument of a regular atom.
 * Why: normalize looks up the role and move of every `does` and `legal` atom (amazonsTorus: 0.5 M),
 * and a slice per argument was most of that lookup's time.
 */
export function argumentPair(atoms: GroundAtoms, i: number, pair: ArgumentPair): boolean {
  if (atoms.irregular.has(i)) {
    const args = atomArguments(atoms, i);
    if (args.length !== 2) return false;
    pair.text = `${args[0]} ${args[1]}`;
    pair.firstFrom = 0;
    pair.firstTo = args[0].length;
    pair.secondFrom = args[0].length + 1;
    pair.secondTo = pair.text.length;
    return true;
  }
  // the blanks at depth 0 (as kifArguments): exactly two make two arguments
  const kif = atoms.kif[i];
  if (kif.charCodeAt(0) !== OPEN) return false;
  const end = kif.length - 1;
  const first = nextArgumentBlank(kif, 1, end);
  if (first < 0) return false;
  const second = nextArgumentBlank(kif, first + 1, end);
  if (second < 0 || nextArgumentBlank(kif, second + 1, end) >= 0) return false;
  pair.text = kif;
  pair.firstFrom = first + 1;
  pair.firstTo = second;
  pair.secondFrom = second + 1;
  pair.secondTo = end;
  return true;
}

/** The top-level arguments of a regular atom's KIF `(r a (f b) c)`: `a`, `(f b)`, `c`. */
function kifArguments(kif: string): string[] {
  if (kif.charCodeAt(0) !== OPEN) return [];
  const args: string[] = [];
  const end = kif.length - 1;
  for (let k = nextArgumentBlank(kif, 1, end); k >= 0; ) {
    const next = nextArgumentBlank(kif, k + 1, end);
    args.push(kif.slice(k + 1, next < 0 ? end : next));
    k = next;
  }
  return args;
}

/**
 * The first blank of `kif[from, to)` outside parentheses opened there, or -1: inside a regular
 * atom's KIF, from just after its `(` or an argument's blank, the blank that starts the next
 * argument (the relation's name ends at the first).
 */
function nextArgumentBlank(kif: string, from: number, to: number): number {
  let depth = 0;
  for (let k = from; k < to; k++) {
    const c = kif.charCodeAt(k);
    if (c === BLANK && depth === 0) return k;
    if (c === OPEN) depth++;
    else if (c === CLOSE) depth--;
  }
  return -1;
}

/** Whether every name of a term is written in KIF as it is (`isPlainKifName`: its KIF splits back at blanks and parentheses); from a stack of its own (terms nest deeper than a stack holds calls). */
export function isRegularTerm(term: Term): boolean {
  const stack: Term[] = [term];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t.kind === "variable") return false;
    if (t.kind === "constant") {
      if (!isPlainKifName(t.name)) return false;
    } else {
      if (!isPlainKifName(t.functor)) return false;
      for (let k = t.args.length - 1; k >= 0; k--) stack.push(t.args[k]);
    }
  }
  return true;
}

/** The KIF of an atom of `relation` over `args`. */
export function groundAtomKif(relation: string, args: readonly Term[]): string {
  const name = kifName(relation);
  return args.length === 0 ? name : `(${name} ${args.map(termToKif).join(" ")})`;
}

/**
 * Builds a ground game atom by atom and clause by clause (atoms interned by their KIF): for ground
 * games made other than by extraction (tests, small experiments).
 */
export class GroundGameBuilder {
  private readonly kif: string[] = [];
  private readonly relation: string[] = [];
  private readonly irregular = new Map<number, readonly Term[]>();
  private readonly index = new Map<string, number>();
  private readonly head = new IntList();
  private readonly bodyStart = new IntList();
  private readonly negativeStart = new IntList();
  private readonly literals = new IntList();

  /** The index of the atom `relation(args)`, interned by its KIF. */
  atom(relation: string, args: readonly Term[]): number {
    const kif = groundAtomKif(relation, args);
    let i = this.index.get(kif);
    if (i === undefined) {
      i = this.kif.length;
      this.index.set(kif, i);
      this.kif.push(kif);
      this.relation.push(relation);
      if (!isPlainKifName(relation) || !args.every(isRegularTerm)) this.irregular.set(i, args);
    }
    return i;
  }

  clause(head: number, positive: readonly number[], negative: readonly number[]): void {
    this.head.push(head);
    this.bodyStart.push(this.literals.length);
    for (const a of positive) this.literals.push(a);
    this.negativeStart.push(this.literals.length);
    for (const a of negative) this.literals.push(a);
  }

  finish(roles: readonly string[], base: readonly string[], input: readonly InputMove[]): GroundGame {
    this.bodyStart.push(this.literals.length);
    const atoms: GroundAtoms = { length: this.kif.length, kif: this.kif, relation: this.relation, irregular: this.irregular };
    const clauses: GroundClauses = {
      length: this.head.length,
      head: this.head.toArray(),
      bodyStart: this.bodyStart.toArray(),
      negativeStart: this.negativeStart.toArray(),
      literals: this.literals.toArray(),
    };
    return { roles, atoms, clauses, base, input, irregularTerms: irregularRoles(atoms, new Map()) };
  }
}
