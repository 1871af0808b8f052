/**
 * The ground game: what extraction produces from clingo's ground program and what the
 * propnet is built from. Variable-free GDL rules over interned ground atoms, with the static
 * parts evaluated away (a static atom that holds is dropped from bodies; a rule that needs a
 * false one is gone) and the P^base / generator machinery removed.
 */
import type { Term } from "../syntax/ast.js";

/** A ground atom such as `(true (cell 1 1 b))`, `(legal xplayer noop)` or `terminal`. */
export interface GroundAtom {
  /** `true`, `does`, `next`, `sees` (GDL-II), `legal`, `goal`, `terminal`, `init`, `role`, or a view relation. */
  readonly relation: string;
  /** Ground terms (their positions are NO_POSITION). */
  readonly args: readonly Term[];
  /** Normalized KIF of the whole atom, unique per atom: `(true (cell 1 1 b))`, `terminal`. */
  readonly kif: string;
}

/** `head <= positive..., (not negative)...`, atoms by index into `GroundGame.atoms`. A fact has an empty body. */
export interface GroundClause {
  readonly head: number;
  readonly positive: readonly number[];
  readonly negative: readonly number[];
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
  readonly atoms: readonly GroundAtom[];
  readonly clauses: readonly GroundClause[];
  /** KIF of every fluent that can be part of a state (`base`, from the static relaxation). */
  readonly base: readonly string[];
  /** Every move a role can possibly make (`input`, from the static relaxation). */
  readonly input: readonly InputMove[];
}
