/**
 * Small helpers of the propnet build's tests: an IntList of given components, and a seeded
 * pseudo-random generator for drafts that are the same on every run.
 */
import { IntList } from "../../src/int-list.js";

/** An IntList holding `xs`. */
export function list(...xs: number[]): IntList {
  const l = new IntList(4);
  for (const x of xs) l.push(x);
  return l;
}

/** A deterministic pseudo-random generator (xorshift): `next(n)` is in 0 .. n - 1. */
export function random(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}
