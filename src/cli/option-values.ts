/**
 * Parsers of option values, the same for the command line and the scripts (commander reports
 * the error with the option's name).
 */
import { InvalidArgumentError } from "commander";

/** 0, 1, 2, … */
export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number");
  return n;
}

/** Any number above 0 (seconds, counts). */
export function positiveNumber(value: string): number {
  const n = Number(value);
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
