/**
 * Lookups of a relation of facts alone at fixed bound positions, for the generated bodies
 * (plan-code.ts): the facts never change once the program is made, so the tuples agreeing on the
 * bound positions are laid out once per (relation, mask) as nested arrays indexed by term id, one
 * level per bound position in order. A lookup is one array read per bound position, where the
 * tuple index (tuple-index.ts) hashes the bound ids and reads a Map behind the evaluator's
 * dispatch. Chess asks about 500 such lookups per node (`coordinate/1` bound, `opponent/2` with
 * its first position bound, `piece_owner_type/3` with two bound).
 */
import type { TupleIndex } from "./tuple-index.js";

/** Largest term id a level indexes (an array past it would be sparse): past it the tuple index is read. */
const MAX_ID = 1 << 20;
/** Array cells a trie may take beyond its tuples' count (levels are as long as their largest id). */
const SPARE_CELLS = 1 << 18;

/** A level of the trie: by the term id at its position, the next level, or at the last the tuples; holes for none. */
export type FactTrie = (FactTrie | readonly number[][] | undefined)[];

const built = new WeakMap<TupleIndex, Map<number, FactTrie | null>>();

/**
 * The trie of `facts` by the positions in `mask` (at least one; below 30 positions), or null when
 * a value there has a term id past MAX_ID or the levels would be too sparse. Made on first use and kept with the facts.
 */
export function factTrie(facts: TupleIndex, mask: number): FactTrie | null {
  let byMask = built.get(facts);
  if (byMask === undefined) built.set(facts, (byMask = new Map()));
  let trie = byMask.get(mask);
  if (trie === undefined) byMask.set(mask, (trie = buildTrie(facts, mask)));
  return trie;
}

function buildTrie(facts: TupleIndex, mask: number): FactTrie | null {
  const positions: number[] = [];
  for (let j = 0; j < facts.arity; j++) if (mask & (1 << j)) positions.push(j);
  const root: FactTrie = [];
  let budget = SPARE_CELLS + 4 * facts.tuples.length;
  for (const tuple of facts.tuples) {
    let level = root;
    for (let p = 0; p < positions.length; p++) {
      const id = tuple[positions[p]];
      if (id > MAX_ID) return null;
      budget -= Math.max(0, id + 1 - level.length);
      if (budget < 0) return null;
      while (level.length <= id) level.push(undefined);
      if (p === positions.length - 1) {
        const bucket = (level[id] as number[][] | undefined) ?? [];
        bucket.push(tuple);
        level[id] = bucket;
      } else {
        level = (level[id] as FactTrie | undefined) ?? (level[id] = []);
      }
    }
  }
  return root;
}
