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

/** A call of a chain that nested too deep. */
export interface NestedCall {
  readonly relation: Relation;
  readonly call: readonly number[];
}

/** What `solveAfterTooDeep` needs of the evaluator (evaluator.ts). */
export interface NestingHost {
  readonly store: TermStore;
  answersFor(relation: Relation, call: readonly number[]): readonly number[][];
  /** The call halfway down the chain that nested too deep (copied), or null when there is none. */
  middleOfNesting(): NestedCall | null;
  /** Calls nested at most before `NESTING_TOO_DEEP` (Infinity: as deep as the stack allows). */
  nestingLimit: number;
  /** Forgets what the failed attempt left incomplete, keeps what it completed. */
  dropIncomplete(): void;
}

/**
 * The answers of the query of `relation` with `call`, whose first attempt has just nested too deep:
 * solves the call halfway down first, and again wherever an attempt nests too deep (see above).
 */
export function solveAfterTooDeep(host: NestingHost, relation: Relation, call: readonly number[]): readonly number[][] {
  const query: NestedCall = { relation, call };
  // the query at the bottom, above it the calls halfway down, each solved before the one below
  const pending: NestedCall[] = [query];
  const solveDown = (): readonly number[][] => {
    for (;;) {
      const goal = pending[pending.length - 1];
      const answers = host.answersFor(goal.relation, goal.call);
      if (pending.length === 1) return answers;
      pending.pop();
    }
  };
  host.nestingLimit = MAX_NESTING;
  try {
    for (let attempt = 1; ; attempt++) {
      const middle = host.middleOfNesting();
      host.dropIncomplete();
      // a call already waiting below: the chain came round to it (a cycle), no attempt will get further
      const round = middle !== null && pending.some((goal, k) => k > 0 && sameCall(goal, middle));
      if (middle === null || round || attempt >= MAX_ATTEMPTS) {
        const what = describe(host.store, middle ?? pending[1] ?? query);
        const chained = middle !== null || pending.length > 1;
        // the last attempt, as deep as the stack allows: a cycle that fits it is solved as before
        host.nestingLimit = Infinity;
        try {
          return solveDown();
        } catch (error) {
          if (!nestedTooDeep(error)) throw error;
          host.dropIncomplete();
          throw new RecursionTooDeepError(what, attempt, chained);
        }
      }
      pending.push(middle);
      try {
        return solveDown();
      } catch (error) {
        if (!nestedTooDeep(error)) throw error;
      }
    }
  } finally {
    host.nestingLimit = Infinity;
  }
}

function sameCall(a: NestedCall, b: NestedCall): boolean {
  return a.relation === b.relation && sameIds(a.call, b.call);
}

/** A call as text, its free positions as `_`, for the error. */
function describe(store: TermStore, { relation, call }: NestedCall): string {
  return `(${relation.key} ${call.map((id) => (id >= 0 ? store.kif(id) : "_")).join(" ")})`;
}
