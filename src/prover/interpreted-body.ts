/**
 * The interpretive evaluation of a clause (evaluator.ts): the head matched against a call, then
 * the body solved literal by literal as its compiled plan says (plan.ts: the order, each
 * argument's mode, each lookup's mask), each solution an answer of the table, or with no table the
 * end of a depth-first search (`found`). The evaluator runs it for a clause without a generated
 * body (plan-code.ts: past that file's limits, or with `compiledPlans` "modes" or false, the
 * reference the tests compare the generated bodies with).
 *
 * Its bindings: a frame per clause from a pool, a trail of the slots bound since each mark, and the
 * levels of the bodies being solved on a stack of its own, so that one body of thousands of literals
 * is one JavaScript frame (it was a call per literal: about 4,000 fitted). Every stack and pool
 * keeps its own height: V8 trims an array that `pop` leaves less than half full and allocates
 * again on the next `push`.
 */
import type { Clause, CompiledPlan, Pattern, Relation } from "./program.js";
import { groundPattern, patternVars } from "./program.js";
import { ARG_BIND, ARG_CONST, ARG_GENERIC, ARG_GROUND, ARG_MATCH, ARG_READ } from "./plan.js";
import { floundering, notStratified, unboundEquality, unsafeRule } from "./plan-code.js";
import type { Table } from "./table.js";
import type { TermStore } from "./term-store.js";
import { Trail } from "./trail.js";

const EMPTY: readonly number[][] = [];
/** A level of the body stack with no call in it. */
const NO_CALL: number[] = [];

/** What the interpretive evaluation asks of the evaluator. */
export interface BodyHost {
  readonly store: TermStore;
  /** Set at the first solution of a body searched without a table: every loop stops. */
  found: boolean;
  /** Whether the answers `answersFor` returned last are final. */
  readonly lastComplete: boolean;
  answersFor(relation: Relation, call: readonly number[]): readonly number[][];
  lookupAt(relation: Relation, call: readonly number[], mask: number): readonly number[][];
  /** A call array of length `n` from the evaluator's pool (given back by `giveBack`). */
  takeCall(n: number): number[];
  giveBack(call: number[]): void;
  addAnswer(t: Table, tuple: number[]): void;
}

/** Solves clauses over their compiled plans for one evaluator, with the bindings described above. */
export class InterpretedBodies {
  /** The bindings of the frames being solved. */
  private readonly trail: Trail;
  /** Frames of clauses, reused. */
  private readonly frames: number[][] = [];
  private framesFree = 0;
  /** Per level of the bodies being solved (the innermost on top): a positive literal's answers, the next to try, its call; every literal's trail mark. */
  private readonly bodyAnswers: (readonly number[][])[] = [];
  private readonly bodyNext: number[] = [];
  private readonly bodyMarks: number[] = [];
  private readonly bodyCalls: number[][] = [];
  private bodyTop = 0;

  constructor(private readonly host: BodyHost) {
    this.trail = new Trail(host.store);
  }

  /** Forgets the bindings of a query that failed (the evaluator empties its stacks). */
  reset(): void {
    this.trail.top = this.bodyTop = 0;
  }

  /** Solves `clause` by `plan` for `call` (its constant head positions already checked by the caller): each answer added to `t`, or with `t` null until the body holds. */
  solve(clause: Clause, plan: CompiledPlan, call: readonly number[], t: Table | null): void {
    const frame = this.framesFree > 0 ? this.frames[--this.framesFree] : [];
    for (let v = frame.length; v < clause.varNames.length; v++) frame.push(-1);
    const mark = this.trail.top;
    let unifies = true;
    for (let j = 0; j < call.length && unifies; j++) {
      if (call[j] >= 0) unifies = this.trail.match(clause.head[j], call[j], frame);
    }
    if (unifies) this.solveBody(plan, frame, clause, t);
    this.trail.undo(mark, frame);
    this.frames[this.framesFree++] = frame;
  }

  /**
   * Solves the body from its first literal; a solution is an answer of `t`, or with `t` null ends
   * the search (`found`). A loop over the literals, not a call per literal: a body of thousands of
   * literals is as deep as one (the levels' answers, places, trail marks and calls on a stack of
   * this object's, which the bodies it calls stack above).
   */
  private solveBody(plan: CompiledPlan, frame: number[], clause: Clause, t: Table | null): void {
    const host = this.host;
    const literals = plan.literals;
    const n = literals.length;
    const base = this.bodyTop;
    this.bodyTop = base + n;
    const answersAt = this.bodyAnswers;
    const next = this.bodyNext;
    const marks = this.bodyMarks;
    const calls = this.bodyCalls;
    while (answersAt.length < base + n) {
      answersAt.push(EMPTY);
      next.push(0);
      marks.push(0);
      calls.push(NO_CALL);
    }
    try {
      let i = 0;
      // Enters literal i (`entering`), or comes back to it after the literals after it are done.
      let entering = true;
      while (i >= 0) {
        if (i === n) {
          if (t === null) host.found = true;
          else this.emit(clause, frame, t);
          i--;
          entering = false;
          continue;
        }
        const literal = literals[i];
        const at = base + i;
        if (!entering) {
          // Back from the literals after it: undo what it bound, and try its next answer (a positive literal).
          this.trail.undo(marks[at], frame);
          if (literal.kind !== "pos") {
            i--;
            continue;
          }
        } else {
          marks[at] = this.trail.top;
          switch (literal.kind) {
            case "pos": {
              const call = this.callArgs(literal.args, plan.modes[i], plan.slots[i], frame);
              const mask = plan.masks[i];
              answersAt[at] = mask < 0 ? host.answersFor(literal.relation, call) : host.lookupAt(literal.relation, call, mask);
              calls[at] = call;
              next[at] = 0;
              break;
            }
            case "neg": {
              const args = literal.args;
              const modes = plan.modes[i];
              const slots = plan.slots[i];
              const call = this.callArgs(args, modes, slots, frame);
              const answers = host.answersFor(literal.relation, call);
              if (!host.lastComplete) throw notStratified(host.store, literal.relation, call, clause);
              let matched = false;
              for (let a = 0; a < answers.length && !matched; a++) {
                const mark = this.trail.top;
                matched = this.matchFree(args, modes, slots, call, answers[a], frame);
                this.trail.undo(mark, frame);
              }
              host.giveBack(call);
              if (matched) {
                i--;
                entering = false;
              } else i++;
              continue;
            }
            case "distinct": {
              const left = groundPattern(host.store, literal.left, frame);
              const right = groundPattern(host.store, literal.right, frame);
              if (left < 0 || right < 0) throw floundering(clause);
              if (left !== right) i++;
              else {
                i--;
                entering = false;
              }
              continue;
            }
            case "equal": {
              const left = groundPattern(host.store, literal.left, frame);
              const right = groundPattern(host.store, literal.right, frame);
              if (left < 0 && right < 0) throw unboundEquality(clause);
              const holds =
                left >= 0 && right >= 0 ? left === right : left >= 0 ? this.trail.match(literal.right, left, frame) : this.trail.match(literal.left, right, frame);
              if (holds) i++;
              else {
                this.trail.undo(marks[at], frame);
                i--;
                entering = false;
              }
              continue;
            }
          }
        }
        // A positive literal: its next answer that matches, or back to the literal before it.
        const answers = answersAt[at];
        const call = calls[at];
        let a = host.found ? answers.length : next[at];
        for (; a < answers.length; a++) {
          if (this.matchFree(literal.args, plan.modes[i], plan.slots[i], call, answers[a], frame)) break;
          this.trail.undo(marks[at], frame);
        }
        if (a < answers.length) {
          next[at] = a + 1;
          i++;
          entering = true;
        } else {
          answersAt[at] = EMPTY;
          host.giveBack(call);
          calls[at] = NO_CALL;
          i--;
          entering = false;
        }
      }
    } finally {
      this.bodyTop = base;
    }
  }

  private emit(clause: Clause, frame: number[], t: Table): void {
    const host = this.host;
    const call = t.call;
    const tuple = new Array<number>(call.length);
    for (let j = 0; j < call.length; j++) {
      const id = call[j] >= 0 ? call[j] : groundPattern(host.store, clause.head[j], frame);
      if (id < 0) {
        const unbound = patternVars([clause.head[j]]).filter((s) => frame[s] < 0).map((s) => `?${clause.varNames[s]}`);
        throw unsafeRule(host.store, clause, call, unbound);
      }
      tuple[j] = id;
    }
    host.addAnswer(t, tuple);
  }

  /** The call of a literal under the frame, by its arguments' modes (plan.ts), in an array from the pool (given back by the caller). */
  private callArgs(args: readonly Pattern[], modes: Uint8Array, slots: Int32Array, frame: number[]): number[] {
    const n = args.length;
    const store = this.host.store;
    const call = this.host.takeCall(n);
    for (let j = 0; j < n; j++) {
      const mode = modes[j];
      if (mode === ARG_READ) call[j] = frame[slots[j]];
      else if (mode === ARG_CONST) call[j] = slots[j];
      else if (mode !== ARG_GENERIC) call[j] = mode === ARG_GROUND ? groundPattern(store, args[j], frame) : -1;
      else {
        const p = args[j];
        call[j] = p.k === 0 ? p.id : p.k === 1 ? frame[p.slot] : groundPattern(store, p, frame);
      }
    }
    return call;
  }

  /** Matches an answer at the positions the call left free, by the arguments' modes (plan.ts). */
  private matchFree(args: readonly Pattern[], modes: Uint8Array, slots: Int32Array, call: readonly number[], tuple: readonly number[], frame: number[]): boolean {
    for (let j = 0; j < modes.length; j++) {
      const mode = modes[j];
      if (mode === ARG_BIND) {
        this.trail.bind(frame, slots[j], tuple[j]);
      } else if (mode === ARG_MATCH || (mode === ARG_GENERIC && call[j] < 0)) {
        if (!this.trail.match(args[j], tuple[j], frame)) return false;
      }
    }
    return true;
  }
}
