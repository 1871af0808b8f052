/**
 * Gate merging (structural hashing): gates of the same kind over the same representative inputs are
 * one; `not (not x)` is x; a gate over constants or one input is what it computes. Passes over the
 * gates, inputs first, until one changes nothing, or until one whose walk met no cycle: then each
 * gate was rewritten after every input it reads (a gate is replaced only by one looked at before
 * it), so a next pass would find every gate canonical already.
 * Why again after drafting: drafting shares gates over the same draft ids, but two gates become
 * equal only once their inputs are merged or seen through views. Measured on 309 base games (all
 * that ground but alexChess): 1.70 M of 8.63 M reached components merged away, in 134 games (racer4
 * 1.07 M to 0.45 M); one pass per call where there were two on racer4, crossers3, pancakes88.
 */
import { sortRange } from "../../int-list.js";
import type { Draft } from "./draft.js";
import { gateHash, GateTable } from "./gate-table.js";
import { AND, FALSE, NOT, OR, TRUE } from "./kinds.js";
import type { Representatives } from "./representatives.js";

/**
 * A gate table for `mergeGates` (one for all its calls: it is emptied per pass), with room for a
 * quarter of the draft's gates before it grows. Its size does not change what a probe finds: a
 * pass puts a gate in only when no gate of the same kind and row is in, and those rows stay as
 * they are until the pass ends, so each kind and row is in once. Why a quarter: merge probes what
 * the outputs reach, about a third of the draft (racer4 455 k of 1.2 M components), and a smaller
 * table misses the cache less (merge's CPU on pancakes88 0.070 s against 0.078-0.086 s, racer4
 * 0.355-0.432 against 0.363-0.449; load 5-6, minimum of 5 in one process).
 */
export function mergeTable(d: Draft): GateTable {
  let gates = 0;
  for (let v = 0; v < d.size; v++) if (d.kind[v] === AND || d.kind[v] === OR || d.kind[v] === NOT) gates++;
  return new GateTable(gates >> 2);
}

/**
 * Structural hashing: gates of the same kind over the same (representative) inputs are one;
 * `not (not x)` is x, a gate over constants or over one input is what it computes. Passes over
 * the gates inputs first until one changes nothing. An open-addressing table of gate ids keyed
 * by a 32-bit hash of kind and inputs, compared input by input on a hit: no key strings and no
 * allocation per gate; a gate's inputs are rewritten in place in the draft's pool.
 */
export function mergeGates(d: Draft, reps: Representatives, table = mergeTable(d)): void {
  const trueId = d.trueId;
  const falseId = d.falseId;
  d.rowsRewritten();
  /** The gate already in the table with v's kind and inputs, else v after adding it. */
  const canonical = (v: number, kind: number): number => {
    const hash = gateHash(kind, d.pool, d.start[v], d.count[v]);
    const found = table.find(d, kind, d.pool, d.start[v], d.count[v], hash);
    if (found >= 0) return found;
    table.insertAt(d, found, v, hash);
    return v;
  };
  for (let pass = 0; pass < 100; pass++) {
    let changed = false;
    table.clear();
    const order = reps.postorder();
    // inputs before readers with no cycle: each gate is looked at once its inputs are final, so
    // a pass after this one would change nothing (see the header)
    const acyclic = reps.acyclic;
    for (let o = 0; o < order.length; o++) {
      const v = order[o];
      const kind = d.kind[v];
      if (kind !== AND && kind !== OR && kind !== NOT) continue;
      if (!reps.isOwn(v)) continue;
      const s = d.start[v];
      if (kind === NOT) {
        const x = reps.find(d.pool[s]);
        d.pool[s] = x;
        let to = -1;
        if (d.kind[x] === NOT) to = reps.find(d.input(x, 0));
        else if (d.kind[x] === TRUE) to = falseId >= 0 ? falseId : -1;
        else if (d.kind[x] === FALSE) to = trueId >= 0 ? trueId : -1;
        if (to < 0) {
          const other = canonical(v, NOT);
          if (other !== v) to = other;
        }
        if (to >= 0 && to !== v) {
          reps.replace(v, to);
          changed = true;
        }
        continue;
      }
      const absorbing = kind === AND ? FALSE : TRUE;
      const neutral = kind === AND ? TRUE : FALSE;
      // representatives of the inputs, sorted, without duplicates or the neutral constant
      // (rewritten in place: the row is v's own)
      const pool = d.pool;
      const n = d.count[v];
      for (let k = s; k < s + n; k++) pool[k] = reps.find(pool[k]);
      sortRange(pool, s, s + n);
      let kept = 0;
      let absorbed = -1;
      for (let k = 0; k < n; k++) {
        const x = pool[s + k];
        if (k > 0 && x === pool[s + k - 1]) continue;
        const xk = d.kind[x];
        if (xk === neutral) continue;
        if (xk === absorbing && absorbed < 0) absorbed = x;
        pool[s + kept++] = x;
      }
      d.count[v] = kept;
      if (absorbed >= 0) {
        d.count[v] = 1;
        pool[s] = absorbed;
      }
      const constant = kind === AND ? trueId : falseId;
      if (d.count[v] === 0 && constant >= 0) d.setInput(v, constant);
      if (d.count[v] === 1 && d.input(v, 0) !== v) {
        reps.replace(v, d.input(v, 0));
        changed = true;
        continue;
      }
      const other = canonical(v, kind);
      if (other !== v) {
        reps.replace(v, other);
        changed = true;
      }
    }
    if (!changed || acyclic) break;
  }
}
