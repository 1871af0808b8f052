/**
 * Which fully bound calls can hold in no state at all: the static part of the rule bodies,
 * evaluated once per call for the whole game instead of in every state (evaluator.ts asks it
 * before it searches a call of a ground component, ground-calls.ts).
 *
 * A call is *possible* when it holds in the relaxation of the rules in which every literal that
 * reads the state or the move is assumed true: a `true`/`does` literal whose variables are bound,
 * a fully bound call of a state-dependent relation outside the ground components, and every
 * `not` of a state-dependent relation. Static relations are evaluated exactly (by an evaluator of
 * their own), fully bound calls of ground components are asked recursively. Whatever the
 * relaxation cannot decide (a state literal that would bind a variable, a call left with free
 * arguments, a loop back to a call being checked, an error of the static evaluation) counts as
 * possible. The relaxation only widens what holds, so a call that is not possible fails in every
 * state: the evaluator answers it "no" without a search.
 *
 * Why: chess's threat checks ask `clear_diagonal_ne_ig` and its kin about squares that are not
 * on the piece's ray at all (three of the four directions a bishop is asked about); each such
 * search walked the empty squares from the piece until it left the board or met a piece, in every
 * state. Whether a square is on a ray is static.
 *
 * A relation whose first RELAXED_TRIAL_CHECKS checks ruled out fewer than one call in a hundred is
 * no longer checked (the check only filters: its calls count as possible, and are searched).
 *
 * Projections (projection.ts): before its own check, a call is checked with some positions left
 * free, "is it possible for some values there": a call ruled out so is ruled out (the projected
 * check only widens what holds). Its answers are kept by the other positions alone, so they are
 * known after a few states where the calls themselves were not after thousands: chess's six-ary
 * `clear_*_ig` calls (a piece's square, a target, a square left empty: 64^3 calls each) keep
 * 64^2, the square left empty projected out.
 */
import { DenseMemo, IMPOSSIBLE, POSSIBLE, UNKNOWN } from "./dense-memo.js";
import { sameIds } from "./id-hash.js";
import { BoundAnswers } from "./layer.js";
import { MAX_NESTING } from "./nesting.js";
import { planFor } from "./plan.js";
import { projectedPositions } from "./projection.js";
import type { BodyLiteral, Clause, Pattern, Program, Relation } from "./program.js";
import { groundPattern } from "./program.js";
import type { TermStore } from "./term-store.js";
import { Trail } from "./trail.js";

/** Calls whose possibility is kept at most; more and the memo starts again (it is a cache). */
export const RELAXED_MEMO_LIMIT = 1_000_000;

/**
 * Checks of a relation's calls after which, if they ruled out fewer than one in a hundred, the
 * relation is no longer checked (its calls count as possible: the check only filters). chess's
 * `threatened` and `threatened_with_capture` were asked 28 times a node and never ruled out, and
 * their new calls (7-ary: a move's squares and the king's) were decided afresh about once a node.
 */
export const RELAXED_TRIAL_CHECKS = 2000;

/** Thrown inside a check when the relaxation cannot decide: the call counts as possible. */
class Undecided extends Error {}
const UNDECIDED = new Undecided("undecided");

/** The answers of a call of a static relation (term ids, -1 for a free position). */
export type StaticQuery = (relation: Relation, call: readonly number[]) => readonly number[][];

type AtomLiteral = Extract<BodyLiteral, { readonly relation: Relation }>;
type CompareLiteral = Extract<BodyLiteral, { readonly left: Pattern }>;

export class RelaxedCheck {
  private readonly store: TermStore;
  /** Static relations, evaluated apart from the main evaluator's queries. */
  private readonly statics: StaticQuery;
  /** Per relation index: the possibilities of its calls whose values fit a dense table. */
  private readonly dense: (DenseMemo | undefined)[] = [];
  /** The possibilities of the other calls. */
  private readonly memo = new BoundAnswers();
  /** Per relation index: the positions its projected checks leave free (bit mask), 0 for none (projection.ts). */
  private readonly projected: Int32Array;
  /** Per relation index: the possibilities of its projected calls, by the other positions (the free ones read 0). */
  private readonly projectedDense: (DenseMemo | undefined)[] = [];
  /** Per relation index: its checks so far and how many ruled the call out, up to RELAXED_TRIAL_CHECKS; whether it is still checked. */
  private readonly checks: Int32Array;
  private readonly ruledOut: Int32Array;
  private readonly unchecked: Uint8Array;
  /** Whether the check running leaves positions free: a `not` of a static relation must then have its variables bound. */
  private projecting = false;
  /** The bindings of the frames being checked. */
  private readonly trail: Trail;
  /** Calls being checked, outermost first, up to `depth` (a loop back to one of them counts as possible). */
  private readonly checkingRelations: Relation[] = [];
  private readonly checkingCalls: (readonly number[])[] = [];
  private depth = 0;
  /**
   * Frames and calls, reused (the checks ask many calls: they were most of their garbage); one lost
   * when a check is undecided (thrown through) is left to the collector.
   */
  private readonly frames: number[][] = [];
  private framesFree = 0;
  /** Calls by their length, and per length how many are free. */
  private readonly calls: number[][][] = [];
  private readonly callsFree: number[] = [];

  constructor(
    program: Program,
    /** Per relation index: its ground component (ground-calls.ts), or -1. */
    private readonly groundComponent: Int32Array,
    /** The answers of static relations, from an evaluator of the same program apart from the one that asks. */
    statics: StaticQuery,
  ) {
    this.store = program.store;
    this.trail = new Trail(program.store);
    this.statics = statics;
    this.projected = projectedPositions(program, groundComponent);
    const n = program.relations.length;
    this.checks = new Int32Array(n);
    this.ruledOut = new Int32Array(n);
    this.unchecked = new Uint8Array(n);
  }

  /** Whether calls of `relation` are still checked (its trial ruled out enough of them, or is not over). */
  checking(relation: Relation): boolean {
    return this.unchecked[relation.index] === 0;
  }

  /** Counts a check of `relation` and stops checking it once its trial ruled out too few; returns `possible`. */
  private counted(relation: Relation, possible: boolean): boolean {
    const r = relation.index;
    const checks = this.checks[r];
    if (checks < RELAXED_TRIAL_CHECKS) {
      this.checks[r] = checks + 1;
      if (!possible) this.ruledOut[r]++;
      if (checks + 1 === RELAXED_TRIAL_CHECKS && this.ruledOut[r] * 100 < RELAXED_TRIAL_CHECKS) this.unchecked[r] = 1;
    }
    return possible;
  }

  /** Whether the fully bound call of `relation` (level 1 or 2, of a ground component) may hold in some state. */
  possible(relation: Relation, call: readonly number[]): boolean {
    return this.unchecked[relation.index] === 1 || this.counted(relation, this.keptOrDecided(relation, call));
  }

  /** The answer of `possible`: kept, or decided (and kept). */
  private keptOrDecided(relation: Relation, call: readonly number[]): boolean {
    const dense = (this.dense[relation.index] ??= new DenseMemo(relation.arity));
    const cell = dense.get(call);
    if (cell > UNKNOWN) return cell === POSSIBLE;
    if (cell < 0) {
      const known = this.memo.answer(relation, call);
      if (known >= 0) return known === 1;
    }
    const projected = this.projected[relation.index];
    const possible = (projected === 0 || this.possibleProjected(relation, call, projected)) && this.decide(relation, call, false);
    // The call's cell is looked up again: the checks above may have grown the table.
    if (cell >= 0 && dense.set(call, possible ? POSSIBLE : IMPOSSIBLE)) return possible;
    if (this.memo.size >= RELAXED_MEMO_LIMIT) this.memo.clear();
    this.memo.keep(relation, call, possible);
    return possible;
  }

  /**
   * Whether `relation` may hold in some state for some values at the positions in `free` (bit mask),
   * the others as in `call` (whose values at `free` are not read); kept by the other positions.
   */
  private possibleProjected(relation: Relation, call: readonly number[], free: number): boolean {
    const n = call.length;
    const key = this.takeCall(n);
    for (let j = 0; j < n; j++) key[j] = free & (1 << j) ? 0 : call[j];
    const dense = (this.projectedDense[relation.index] ??= new DenseMemo(relation.arity));
    const cell = dense.get(key);
    if (cell > UNKNOWN) {
      this.calls[n][this.callsFree[n]++] = key;
      return cell === POSSIBLE;
    }
    for (let j = 0; j < n; j++) if (free & (1 << j)) key[j] = -1;
    let possible = true;
    if (cell < 0) {
      const known = this.memo.answer(relation, key);
      if (known >= 0) possible = known === 1;
      else {
        possible = this.decide(relation, key, true);
        if (this.memo.size >= RELAXED_MEMO_LIMIT) this.memo.clear();
        this.memo.keep(relation, key, possible);
      }
    } else {
      possible = this.decide(relation, key, true);
      for (let j = 0; j < n; j++) if (free & (1 << j)) key[j] = 0;
      dense.set(key, possible ? POSSIBLE : IMPOSSIBLE);
    }
    this.calls[n][this.callsFree[n]++] = key;
    return possible;
  }

  /** Runs the check of a call (with free positions when `projecting`): a loop back to a call being checked, or undecided, is possible. */
  private decide(relation: Relation, call: readonly number[], projecting: boolean): boolean {
    const depth = this.depth;
    // Past the evaluator's nesting limit the check stops, undecided (nesting.ts: a JavaScript stack holds about a thousand).
    if (depth >= MAX_NESTING) return true;
    for (let d = 0; d < depth; d++) if (this.checkingRelations[d] === relation && sameIds(this.checkingCalls[d], call)) return true;
    this.checkingRelations[depth] = relation;
    this.checkingCalls[depth] = call;
    this.depth = depth + 1;
    const mark = this.trail.top;
    const outer = this.projecting;
    this.projecting = projecting;
    try {
      return this.check(relation, call);
    } catch {
      return true; // undecided, or the static evaluation failed: a search will tell
    } finally {
      this.trail.top = mark;
      this.depth = depth;
      this.projecting = outer;
    }
  }

  /** Whether a clause of the relation holds in the relaxation for the call (-1 at a free position). */
  private check(relation: Relation, call: readonly number[]): boolean {
    if (relation.facts.size > 0 && relation.facts.lookup(call).length > 0) return true;
    let bound = 0;
    for (let j = 0; j < call.length; j++) if (call[j] >= 0) bound |= 1 << j;
    clauses: for (const clause of relation.clauses) {
      for (let j = 0; j < call.length; j++) {
        const p = clause.head[j];
        if (p.k === 0 && call[j] >= 0 && p.id !== call[j]) continue clauses;
      }
      const frame = this.framesFree > 0 ? this.frames[--this.framesFree] : [];
      for (let v = 0; v < clause.varNames.length; v++) frame[v] = -1;
      const mark = this.trail.top;
      let unifies = true;
      for (let j = 0; j < call.length && unifies; j++) if (call[j] >= 0) unifies = this.trail.match(clause.head[j], call[j], frame);
      const holds = unifies && this.body(planFor(clause, bound), 0, frame, clause);
      this.trail.top = mark; // the frame is reset when it is taken again: its bindings need no undoing
      this.frames[this.framesFree++] = frame;
      if (holds) return true;
    }
    return false;
  }

  /** Whether the relaxed body holds from literal `i` on under `frame` (which it leaves as it found it). */
  private body(plan: readonly BodyLiteral[], i: number, frame: number[], clause: Clause): boolean {
    if (i === plan.length) return true;
    const literal = plan[i];
    switch (literal.kind) {
      case "pos":
      case "neg":
        return this.atom(literal, plan, i, frame, clause);
      case "distinct":
      case "equal":
        return this.compare(literal, plan, i, frame, clause);
    }
  }

  /** `body` at a `distinct` or `not distinct`. */
  private compare(literal: CompareLiteral, plan: readonly BodyLiteral[], i: number, frame: number[], clause: Clause): boolean {
    const left = groundPattern(this.store, literal.left, frame);
    const right = groundPattern(this.store, literal.right, frame);
    if (left >= 0 && right >= 0) return (left === right) === (literal.kind === "equal") && this.body(plan, i + 1, frame, clause);
    if (literal.kind === "distinct" || (left < 0 && right < 0)) throw UNDECIDED;
    const mark = this.trail.top;
    const holds = (left >= 0 ? this.trail.match(literal.right, left, frame) : this.trail.match(literal.left, right, frame)) && this.body(plan, i + 1, frame, clause);
    this.trail.undo(mark, frame);
    return holds;
  }

  /** `body` at a positive or negated atom. */
  private atom(literal: AtomLiteral, plan: readonly BodyLiteral[], i: number, frame: number[], clause: Clause): boolean {
    const args = literal.args;
    const call = this.takeCall(args.length);
    let bound = true;
    for (let j = 0; j < args.length; j++) if ((call[j] = groundPattern(this.store, args[j], frame)) < 0) bound = false;
    const holds = this.atomWith(literal, call, bound, plan, i, frame, clause);
    this.calls[call.length][this.callsFree[call.length]++] = call;
    return holds;
  }

  /** A call's array of length `n`, from the pool (`atom` gives it back). */
  private takeCall(n: number): number[] {
    while (this.calls.length <= n) {
      this.calls.push([]);
      this.callsFree.push(0);
    }
    return this.callsFree[n] > 0 ? this.calls[n][--this.callsFree[n]] : new Array<number>(n);
  }

  /** `atom` with the literal's call built (`bound`: every argument ground). */
  private atomWith(literal: AtomLiteral, call: number[], bound: boolean, plan: readonly BodyLiteral[], i: number, frame: number[], clause: Clause): boolean {
    const relation = literal.relation;
    if (relation.level === 0 && relation.kind === "derived") {
      const answers = relation.clauses.length === 0 ? relation.facts.lookup(call) : this.statics(relation, call);
      if (literal.kind === "neg") {
        // A variable left free by a projection stands for one value: "no answer matches" would not widen.
        if (this.projecting && !bound) throw UNDECIDED;
        for (const answer of answers) {
          const mark = this.trail.top;
          const matched = this.trail.matchFree(literal.args, call, answer, frame);
          this.trail.undo(mark, frame);
          if (matched) return false;
        }
        return this.body(plan, i + 1, frame, clause);
      }
      for (const answer of answers) {
        const mark = this.trail.top;
        const holds = this.trail.matchFree(literal.args, call, answer, frame) && this.body(plan, i + 1, frame, clause);
        this.trail.undo(mark, frame);
        if (holds) return true;
      }
      return false;
    }
    // A literal that reads the state or the move: assumed to hold, when it binds nothing.
    if (literal.kind === "neg") return this.body(plan, i + 1, frame, clause);
    const ground = relation.kind === "derived" && this.groundComponent[relation.index] >= 0;
    if (!bound) {
      // A call of a ground component free at projected positions alone: possible for some values there?
      const free = ground ? this.projected[relation.index] : 0;
      if (free === 0) throw UNDECIDED;
      for (let j = 0; j < call.length; j++) if (call[j] < 0 && !(free & (1 << j))) throw UNDECIDED;
      if (!this.possibleProjected(relation, call, free)) return false;
      // The variables it leaves free stand for values it would bind: read as in a projected check.
      const outer = this.projecting;
      this.projecting = true;
      try {
        return this.body(plan, i + 1, frame, clause);
      } finally {
        this.projecting = outer;
      }
    }
    if (ground && !this.possible(relation, call)) return false;
    return this.body(plan, i + 1, frame, clause);
  }
}
