/**
 * Constant folding: which atoms always hold and which can never hold, computed together as a
 * fixpoint, and which clauses can fire at all. The optimized draft reads TRUE/FALSE for those atoms
 * and drops the clauses that cannot fire and the constant literals.
 * Why: a fact (an `init`, a fixed goal value) needs no gate. Measured on 309 base games (all that
 * ground but alexChess): 19,403 atoms always hold (in every game); none can never hold and no
 * clause is dead, since extraction has already evaluated the static relations away: this pass
 * guards ground games from elsewhere (and `groundGameFromRules` in the tests).
 */
import { rows, type Normalized } from "./normalize.js";

export const VARIABLE = 0;
export const ALWAYS = 1;
export const NEVER = 2;

/**
 * Which atoms always hold and which can never hold, as a joint fixpoint: `possible` is the
 * least model where fluents and moves may all hold and a negative literal blocks only when
 * its atom always holds; `always` is the least model where a negative literal is satisfied
 * only by an atom that can never hold. Returns VARIABLE / ALWAYS / NEVER per atom.
 */
export function foldConstants(g: Normalized): Uint8Array {
  const n = g.kifs.length;
  const occurPos = rows(n, (emit) =>
    g.clauses.forEach((c, ci) => {
      for (const a of c.positive) emit(a, ci);
    }),
  );
  let always = new Uint8Array(n);
  let possible = new Uint8Array(n);
  const need = new Int32Array(g.clauses.length);
  /** Marks in `holds` what follows from the atoms queued (marked already): a clause fires when `need` counts down to 0. */
  const derive = (holds: Uint8Array, queue: number[]): void => {
    for (let qi = 0; qi < queue.length; qi++)
      for (let k = occurPos.start[queue[qi]]; k < occurPos.start[queue[qi] + 1]; k++) {
        const ci = occurPos.items[k];
        if (need[ci] > 0 && --need[ci] === 0) {
          const h = g.clauses[ci].head;
          if (!holds[h]) {
            holds[h] = 1;
            queue.push(h);
          }
        }
      }
  };
  for (let round = 0; ; round++) {
    // possible, given `always`
    const p = new Uint8Array(n);
    const queue: number[] = [];
    for (let a = 0; a < n; a++)
      if (g.cls[a] === "base" || g.cls[a] === "input") {
        p[a] = 1;
        queue.push(a);
      }
    g.clauses.forEach((c, ci) => {
      need[ci] = c.negative.some((a) => always[a]) ? -1 : c.positive.length;
      if (need[ci] === 0 && !p[c.head]) {
        p[c.head] = 1;
        queue.push(c.head);
      }
    });
    derive(p, queue);
    // always, given never = not possible
    const t = new Uint8Array(n);
    queue.length = 0;
    g.clauses.forEach((c, ci) => {
      let k = c.positive.length;
      for (const a of c.negative) if (p[a]) k = -1;
      need[ci] = k < 0 ? -1 : k;
      if (need[ci] === 0 && !t[c.head]) {
        t[c.head] = 1;
        queue.push(c.head);
      }
    });
    derive(t, queue);
    const same = t.every((v, i) => v === always[i]) && p.every((v, i) => v === possible[i]);
    always = t;
    possible = p;
    if (same && round > 0) break;
  }
  const result = new Uint8Array(n);
  for (let a = 0; a < n; a++) result[a] = always[a] ? ALWAYS : possible[a] ? VARIABLE : NEVER;
  return result;
}

/** Whether a clause can fire: no positive literal that can never hold, no negative one that always holds. */
export function isLiveClause(g: Normalized, value: Uint8Array, ci: number): boolean {
  const c = g.clauses[ci];
  for (let k = 0; k < c.positive.length; k++) if (value[c.positive[k]] === NEVER) return false;
  for (let k = 0; k < c.negative.length; k++) if (value[c.negative[k]] === ALWAYS) return false;
  return true;
}
