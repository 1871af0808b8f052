/**
 * A command's time limit as a point in time that its long passes poll. A timer cannot stop
 * synchronous work (a check on a huge rule runs to its end before any callback fires), so the
 * checks and the extraction ask `poll()` as they go: it reads the clock once in a while and
 * throws `DeadlineExceeded` once the time is up; the stage that catches it reports a timeout.
 * The grounding, which runs elsewhere (a worker, a process), gets what is left as its own
 * limit, and a stage that has not started does not start once the time is up.
 */

/** The longest delay a timer of Node.js or a browser keeps (2^31 - 1 ms, 24.8 days): a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Thrown by `Deadline.poll` once the time is up; the stage that runs the pass reports it. */
export class DeadlineExceeded extends Error {
  constructor(readonly seconds: number) {
    super(`the time limit of ${seconds} s was reached`);
  }
}

/** Calls to `poll` between two readings of the clock (a reading costs about 50 ns). */
const POLL_EVERY = 1024;

export class Deadline {
  /** `performance.now()` at which the time is up. */
  readonly at: number;
  private calls = 0;

  /** A deadline `seconds` from `start` (default: now). */
  constructor(
    readonly seconds: number,
    start: number = performance.now(),
  ) {
    this.at = start + seconds * 1000;
  }

  /** Milliseconds left (0 once the time is up). */
  remainingMs(): number {
    return Math.max(0, this.at - performance.now());
  }

  expired(): boolean {
    return performance.now() >= this.at;
  }

  /** Throws `DeadlineExceeded` when the time is up; cheap enough to call per literal. */
  poll(): void {
    if (++this.calls % POLL_EVERY !== 0) return;
    if (performance.now() >= this.at) throw new DeadlineExceeded(this.seconds);
  }
}

/** The deadline of work that has none: `poll` never throws. */
export const NO_DEADLINE: Deadline = new Deadline(Infinity);
