/**
 * Constant folding: which atoms always hold and which can never hold, computed together as a
 * fixpoint, and which clauses can fire at all. The optimized draft reads TRUE/FALSE for those atoms
 * and drops the clauses that cannot fire and the constant literals.
 * Why: a fact (an `init`, a fixed goal value) needs no gate. Measured on 309 base games (all that
 * ground but alexChess): 19,403 atoms always hold (in every game); none can never hold and no
 * clause is dead, since extraction has already evaluated the static relations away: this pass
 * guards ground games from elsewhere (and `groundGameFromRules` in the tests).
 */
import { BASE_ATOM, INPUT_ATOM, rows, type Normalized } from "./normalize.js";

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
  const { head, bodyStart, negativeStart, literals } = g.clauses;
  const clauseCount = g.clauses.length;
  const occurPos = rows(n, (emit) => {
    for (let c = 0; c < clauseCount; c++) for (let k = bodyStart[c]; k < negativeStart[c]; k++) emit(literals[k], c);
  });
  let always = new Uint8Array(n);
  let possible = new Uint8Array(n);
  const need = new Int32Array(clauseCount);
  const queue = new Int32Array(n);
  let queued = 0;
  const hold = (holds: Uint8Array, a: number) => {
    if (!holds[a]) {
      holds[a] = 1;
      queue[queued++] = a;
    }
  };
  /** Marks in `holds` what follows from the atoms queued (marked already): a clause fires when `need` counts down to 0. */
  const derive = (holds: Uint8Array): void => {
    for (let qi = 0; qi < queued; qi++)
      for (let k = occurPos.start[queue[qi]]; k < occurPos.start[queue[qi] + 1]; k++) {
        const ci = occurPos.items[k];
        if (need[ci] > 0 && --need[ci] === 0) hold(holds, head[ci]);
      }
  };
  // each clause's count of positive literals still needed; a clause with a negative literal on an
  // atom that `blocking` holds is out (-1); a clause that needs nothing holds its head in `holds`
  const seed = (holds: Uint8Array, blocking: Uint8Array) => {
    for (let c = 0; c < clauseCount; c++) {
      let blocked = false;
      for (let k = negativeStart[c]; k < bodyStart[c + 1] && !blocked; k++) blocked = blocking[literals[k]] === 1;
      need[c] = blocked ? -1 : negativeStart[c] - bodyStart[c];
      if (need[c] === 0) hold(holds, head[c]);
    }
  };
  for (;;) {
    // possible, given `always`
    const p = new Uint8Array(n);
    queued = 0;
    for (let a = 0; a < n; a++) if (g.cls[a] === BASE_ATOM || g.cls[a] === INPUT_ATOM) hold(p, a);
    seed(p, always);
    derive(p);
    // always, given never = not possible
    const t = new Uint8Array(n);
    queued = 0;
    seed(t, p);
    derive(t);
    // `possible` reads `always` only through negative literals: when they see the same atoms
    // holding as this round's did, the next round would find these very models again
    const settled = sameOnNegatives(g.clauses, t, always);
    always = t;
    possible = p;
    if (settled) break;
  }
  const result = new Uint8Array(n);
  for (let a = 0; a < n; a++) result[a] = always[a] ? ALWAYS : possible[a] ? VARIABLE : NEVER;
  return result;
}

/**
 * Whether `x` and `y` agree on every atom of a negative literal.
 * Why: the fixpoint's last round only confirmed the one before; this check says so without it
 * (amazonsTorus: 0.46-0.70 -> 0.30-0.55 s of CPU at load 4-6, a round of `seed` and `derive` less).
 */
function sameOnNegatives(clauses: Normalized["clauses"], x: Uint8Array, y: Uint8Array): boolean {
  const { bodyStart, negativeStart, literals } = clauses;
  for (let c = 0; c < clauses.length; c++) for (let k = negativeStart[c]; k < bodyStart[c + 1]; k++) if (x[literals[k]] !== y[literals[k]]) return false;
  return true;
}

/**
 * Whether each clause can fire (1) or not (0): no positive literal that can never hold, no negative
 * one that always holds. Computed once for the passes that skip dead clauses (the optimized draft,
 * the cycles among atoms).
 */
export function liveClauses(g: Normalized, value: Uint8Array): Uint8Array {
  const { bodyStart, negativeStart, literals } = g.clauses;
  const live = new Uint8Array(g.clauses.length).fill(1);
  let someNever = false;
  for (let a = 0; a < value.length && !someNever; a++) someNever = value[a] === NEVER;
  for (let c = 0; c < live.length; c++) {
    let can = true;
    if (someNever) for (let k = bodyStart[c]; k < negativeStart[c] && can; k++) can = value[literals[k]] !== NEVER;
    for (let k = negativeStart[c]; k < bodyStart[c + 1] && can; k++) can = value[literals[k]] !== ALWAYS;
    if (!can) live[c] = 0;
  }
  return live;
}
