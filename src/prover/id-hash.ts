/**
 * Hashing and comparing lists of term ids, for the prover's tables and indexes (evaluator.ts,
 * tuple-index.ts, term-store.ts): each keys a Map by a hash of ids instead of the ids joined as
 * text (that text was most of the prover's garbage on chess) and chains the rare collisions.
 * The hash is a small integer, a Map key that needs no heap number.
 */

/** The start of a hash, from a seed that tells apart what is hashed (a relation, a symbol). */
export function hashSeed(seed: number): number {
  return Math.imul(seed + 1, 0x9e3779b1);
}

/** The hash `h` with one more id mixed in. */
export function mixId(h: number, id: number): number {
  return Math.imul(h ^ (id + 1), 0x01000193) ^ (h >>> 15);
}

/** The finished hash: a non-negative small integer. */
export function finishHash(h: number): number {
  return h & 0x3fffffff;
}

/** A hash of `ids` after `seed`. */
export function hashIds(seed: number, ids: readonly number[]): number {
  let h = hashSeed(seed);
  for (let j = 0; j < ids.length; j++) h = mixId(h, ids[j]);
  return finishHash(h);
}

/** Whether two lists of ids of the same length are equal. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}
