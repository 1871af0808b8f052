/**
 * Parsers of option values, the same for the command line and the scripts (commander reports
 * the error with the option's name). A number the platform cannot hold is a usage error that
 * says the allowed range, never a value taken modulo something or a timer that fires at once:
 * Node keeps timers up to 2^31 - 1 ms (a longer one fires immediately), the random moves take a
 * 32-bit seed, and perft keeps a frame per level it reaches.
 */
import { InvalidArgumentError } from "commander";

/**
 * The longest time limit, in seconds: 2147483 s (24.8 days), the longest timer Node.js keeps
 * (deadline.ts's MAX_TIMER_MS, 2^31 - 1 ms; not imported: the command table loads nothing else).
 */
export const MAX_SECONDS = 2_147_483;
/** Seeds are 32-bit: 0 to 2^32 - 1. */
export const MAX_SEED = 2 ** 32 - 1;
/**
 * The deepest perft: one frame per level on the stack and in memory. No game tree with more
 * than one path gets anywhere near it in a human's lifetime; a game that ends earlier ends
 * its paths earlier, whatever the depth asked.
 */
export const MAX_PERFT_DEPTH = 1000;
/** A child process needs this much heap (MiB) to load the pipeline at all. */
export const MIN_MEMORY_MB = 64;
const MAX_MEMORY_MB = 2 ** 20;

/** The number in `value`, or a usage error: blanks are not 0. */
function numberIn(value: string, expected: string): number {
  if (value.trim() === "") throw new InvalidArgumentError(`expected ${expected}, got nothing`);
  const n = Number(value);
  if (Number.isNaN(n)) throw new InvalidArgumentError(`expected ${expected}`);
  return n;
}

function wholeIn(value: string, low: number, high: number, expected: string): number {
  const n = numberIn(value, expected);
  if (!Number.isInteger(n) || n < low || n > high) throw new InvalidArgumentError(`expected ${expected}`);
  return n;
}

/** 0, 1, 2, … (up to 2^53 - 1). */
export function wholeNumber(value: string): number {
  return wholeIn(value, 0, Number.MAX_SAFE_INTEGER, "a whole number");
}

/** 1, 2, 3, … (counts: playouts, jobs, steps, repeats). */
export function positiveWholeNumber(value: string): number {
  return wholeIn(value, 1, Number.MAX_SAFE_INTEGER, "a whole number of at least 1");
}

/** Any number above 0 (durations that no timer holds, such as a measure's length). */
export function positiveNumber(value: string): number {
  const n = numberIn(value, "a positive number");
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a positive number");
  return n;
}

/** A regular expression (`--filter`): the syntax error is the message. */
export function regularExpression(value: string): RegExp {
  try {
    return new RegExp(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** Any number of 0 or more (a warm-up that may be left out). */
export function nonNegativeNumber(value: string): number {
  const n = numberIn(value, "a number of 0 or more");
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError("expected a number of 0 or more");
  return n;
}

/** A time limit in seconds: above 0, at most MAX_SECONDS. */
export function seconds(value: string): number {
  const expected = `a number of seconds above 0 and at most ${MAX_SECONDS} (24.8 days, the longest timer Node.js keeps)`;
  const n = numberIn(value, expected);
  if (!(n > 0 && n <= MAX_SECONDS)) throw new InvalidArgumentError(`expected ${expected}`);
  return n;
}

/** A seed of the random moves: 0 to 2^32 - 1. */
export function seed(value: string): number {
  return wholeIn(value, 0, MAX_SEED, `a whole number from 0 to ${MAX_SEED} (a 32-bit seed)`);
}

/** A perft depth: 0 to MAX_PERFT_DEPTH. */
export function perftDepth(value: string): number {
  return wholeIn(value, 0, MAX_PERFT_DEPTH, `a whole number from 0 to ${MAX_PERFT_DEPTH}`);
}

/** A child's heap limit in MiB. */
export function memoryMb(value: string): number {
  return wholeIn(value, MIN_MEMORY_MB, MAX_MEMORY_MB, `a whole number of MiB from ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB}`);
}

/** A TCP port: 0 (any free one) to 65535. */
export function port(value: string): number {
  return wholeIn(value, 0, 65535, "a port number from 0 to 65535");
}

/**
 * A limit of ground rules (`--max-ground-rules`): a whole number of at least 1, written out or with
 * k, M or G for thousands, millions, billions (`8M`, `2.5M`, `500k`), or `none` (no limit but the time).
 */
export function groundRuleLimit(value: string): number {
  const expected = "a whole number of ground rules of at least 1 (8000000, 8M, 500k) or none";
  const text = value.trim();
  if (text.toLowerCase() === "none") return Infinity;
  const m = /^(\d+)(?:\.(\d+))?([kKmMgG]?)$/.exec(text);
  if (!m) throw new InvalidArgumentError(`expected ${expected}`);
  // decimals only as far as the suffix takes them (2.5M, not 1.5 or 1.0005k): the digits, shifted
  const places = { "": 0, k: 3, m: 6, g: 9 }[m[3].toLowerCase() as "" | "k" | "m" | "g"];
  const decimals = (m[2] ?? "").replace(/0+$/, "");
  if (decimals.length > places) throw new InvalidArgumentError(`expected ${expected}`);
  const n = Number(m[1] + decimals.padEnd(places, "0"));
  if (!(n >= 1 && n <= Number.MAX_SAFE_INTEGER)) throw new InvalidArgumentError(`expected ${expected}`);
  return n;
}
