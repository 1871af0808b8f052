/**
 * Recursion deeper than a JavaScript stack: a query whose calls (tables being computed, depth-first
 * searches, evaluator.ts) nested past what V8's stack holds ("Maximum call stack size exceeded") is
 * solved from the middle of its chain of calls first. The query keeps what is complete (the tables
 * and kept answers of the calls below, which do not depend on the calls above), drops the rest,
 * solves the call halfway down the chain as a query of its own, and starts again: the chain from the
 * top now ends where that call's complete answers are. Those attempts nest MAX_NESTING calls at most
 * (the evaluator stops there before it changes anything, `NESTING_TOO_DEEP`): a chain of N nested
 * calls takes about 2N / MAX_NESTING of them. A query that stays within the stack is not limited:
 * it runs as it always did.
 *
 * Why: each nested call is a few JavaScript frames (the search or table, the clause loop, the
 * generated body), and Node's stack held about 950 of them: a static `reach` over a `succ` chain of
 * 1,000 numbers ended the game with "Maximum call stack size exceeded". Base games count to 600.
 *
 * What this cannot help: a cycle of calls longer than the stack whose tables complete only together
 * (one strongly connected set), so that no call halfway down completes before the others. The
 * attempts come round to a call already waiting; a last one without the limit overflows again, and
 * the query fails with `RecursionTooDeepError`, which says so (as it does after MAX_ATTEMPTS); so does
 * an overflow with no chain of calls to solve from its middle (one rule body of a thousand literals).
 */
import { sameIds } from "./id-hash.js";
import type { Relation } from "./program.js";
import type { TermStore } from "./term-store.js";

/** Calls nested at most in an attempt after the first (tables being computed plus depth-first searches). */
export const MAX_NESTING = 200;

/** Attempts of one query at most (each solves a call halfway down a chain that went too deep). */
export const MAX_ATTEMPTS = 2000;

/** Thrown by the evaluator where calls nest past its limit (MAX_NESTING in the attempts after the first), before it changes anything. */
export const NESTING_TOO_DEEP = new Error("calls nested too deep");

/** Whether `error` tells that the calls nested too deep: the evaluator's limit, or V8's stack. */
export function nestedTooDeep(error: unknown): boolean {
  return error === NESTING_TOO_DEEP || (error instanceof RangeError && /call stack/i.test(error.message));
}

/** A query that recursed too deep in every attempt: a cycle of calls longer than the stack allows, or an overflow through no chain of calls. */
export class RecursionTooDeepError extends Error {
  /** `chained`: whether the overflow went through a chain of nested calls (else through one body's own levels). */
  constructor(what: string, attempts: number, chained: boolean) {
    super(
      chained
        ? `recursion deeper than the prover follows: the calls from ${what} nest deeper than the JavaScript stack holds, in a ` +
            `cycle that completes only as a whole (${attempts} attempts, each from a call halfway down the one before)`
        : `recursion deeper than the prover follows: ${what} goes deeper than the JavaScript stack holds without a chain of ` +
            `nested calls to solve from its middle (a rule body of hundreds of literals is a level of the search each)`,
    );
    this.name = "RecursionTooDeepError";
  }
}

/** What a query's evaluator does for `solveAfterTooDeep`. */
export interface DeepSolver<Goal, Answer> {
  /** Solves the query itself (`goal` null) or a goal of its own; throws on too deep a nesting. */
  solve(goal: Goal | null): Answer;
  /** The call halfway down the chain that nested too deep (copied), or null when there is none. */
  middle(): Goal | null;
  /** Forgets what the failed attempt left incomplete, keeps what it completed. */
  reset(): void;
  /** Nests at most MAX_NESTING calls from now on (true), or as deep as the stack allows (false). */
  limit(on: boolean): void;
  /** Whether two goals are the same call. */
  same(a: Goal, b: Goal): boolean;
  /** A goal as text (null: the query), for the error. */
  describe(goal: Goal | null): string;
}

/**
 * The answer of `solver`'s query, whose first attempt has just nested too deep: solves the call
 * halfway down first, and again wherever an attempt nests too deep (see above).
 */
export function solveAfterTooDeep<Goal, Answer>(solver: DeepSolver<Goal, Answer>): Answer {
  const pending: Goal[] = [];
  solver.limit(true);
  try {
    for (let attempt = 1; ; attempt++) {
      const middle = solver.middle();
      solver.reset();
      // a call already waiting below: the chain came round to it (a cycle), no attempt will get further
      const round = middle !== null && pending.some((goal) => solver.same(goal, middle));
      if (middle === null || round || attempt >= MAX_ATTEMPTS) {
        // the last attempt, as deep as the stack allows: a cycle that fits it is solved as before
        solver.limit(false);
        try {
          for (let k = pending.length - 1; k >= 0; k--) solver.solve(pending[k]);
          return solver.solve(null);
        } catch (error) {
          if (!nestedTooDeep(error)) throw error;
          solver.reset();
          const chained = middle !== null || pending.length > 0;
          throw new RecursionTooDeepError(solver.describe(middle ?? pending[0] ?? null), attempt, chained);
        }
      }
      pending.push(middle);
      try {
        for (;;) {
          const goal = pending.length > 0 ? pending[pending.length - 1] : null;
          const answer = solver.solve(goal);
          if (goal === null) return answer;
          pending.pop();
        }
      } catch (error) {
        if (!nestedTooDeep(error)) throw error;
      }
    }
  } finally {
    solver.limit(false);
  }
}

/** A call of a chain that nested too deep. */
export interface NestedCall {
  readonly relation: Relation;
  readonly call: readonly number[];
}

/** What `deepSolver` needs of the evaluator (evaluator.ts). */
export interface NestingHost {
  readonly store: TermStore;
  answersFor(relation: Relation, call: readonly number[]): readonly number[][];
  middleOfNesting(): NestedCall | null;
  /** Calls nested at most before `NESTING_TOO_DEEP` (Infinity: as deep as the stack allows). */
  nestingLimit: number;
  dropIncomplete(): void;
}

/** The evaluator's query of `relation` with `call` as `solveAfterTooDeep` solves it. */
export function deepSolver(host: NestingHost, relation: Relation, call: readonly number[]): DeepSolver<NestedCall, readonly number[][]> {
  return {
    solve: (goal) => (goal === null ? host.answersFor(relation, call) : host.answersFor(goal.relation, goal.call)),
    middle: () => host.middleOfNesting(),
    same: (a, b) => a.relation === b.relation && sameIds(a.call, b.call),
    reset: () => host.dropIncomplete(),
    limit: (on) => (host.nestingLimit = on ? MAX_NESTING : Infinity),
    describe: (goal) => {
      const [r, c] = goal === null ? [relation, call] : [goal.relation, goal.call];
      return `(${r.key} ${c.map((id) => (id >= 0 ? host.store.kif(id) : "_")).join(" ")})`;
    },
  };
}
