/**
 * The move table: each role's moves by their text, for normalize, looked up by a range of any
 * text (an atom's KIF) so that no string is cut out per lookup. An open-addressing table of
 * (entry, 32-bit hash) pairs in one typed array, kept under half full; an entry is a role, a move
 * and a number (the move's index among the role's moves).
 * Why not a `Map<string, number>` per role: normalize sliced the move out of every `does` and
 * `legal` atom's KIF and hashed the slice; on amazonsTorus (259,202 moves, twice as many atoms
 * looked up) the maps' set and get were 0.57 s of a 5.5 s build (CPU profile, load 2-5).
 */

/** A 32-bit hash of role `role`'s move `text[from .. to)`. */
function moveHash(role: number, text: string, from: number, to: number): number {
  let h = Math.imul(role + 1, 0x85ebca6b);
  for (let k = from; k < to; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x9e3779b1) ^ (h >>> 15);
  return h;
}

export class MoveTable {
  /** Slot i is the pair `slots[2i]` (an entry, -1 when empty) and `slots[2i + 1]` (its hash). */
  private slots: Int32Array;
  private mask: number;
  private readonly roles: number[] = [];
  private readonly moves: string[] = [];
  private readonly values: number[] = [];

  /** A table with room for `expected` moves before it grows. */
  constructor(expected = 0) {
    let size = 1024;
    while (size < 2 * expected + 2) size *= 2;
    this.slots = new Int32Array(2 * size).fill(-1);
    this.mask = size - 1;
  }

  /** The number given with role `role`'s move `text[from .. to)`, or -1 if it has none. */
  get(role: number, text: string, from: number, to: number): number {
    const { slots, mask, moves } = this;
    const hash = moveHash(role, text, from, to);
    const length = to - from;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const e = slots[2 * i];
      if (e < 0) return -1;
      if (slots[2 * i + 1] !== hash || this.roles[e] !== role) continue;
      const move = moves[e];
      if (move.length !== length) continue;
      let same = true;
      for (let k = 0; k < length && same; k++) same = move.charCodeAt(k) === text.charCodeAt(from + k);
      if (same) return this.values[e];
    }
  }

  /** Gives role `role`'s move `move`, which has none yet (`get` is -1), the number `value`. */
  add(role: number, move: string, value: number): void {
    const e = this.moves.length;
    this.roles.push(role);
    this.moves.push(move);
    this.values.push(value);
    this.place(e, moveHash(role, move, 0, move.length));
    if (2 * (e + 1) > this.mask + 1) this.grow();
  }

  private place(e: number, hash: number): void {
    const { slots, mask } = this;
    let i = hash & mask;
    while (slots[2 * i] >= 0) i = (i + 1) & mask;
    slots[2 * i] = e;
    slots[2 * i + 1] = hash;
  }

  /** Twice the slots, the entries put back by their stored hashes. */
  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(2 * old.length).fill(-1);
    this.mask = old.length - 1;
    for (let j = 0; j < old.length; j += 2) if (old[j] >= 0) this.place(old[j], old[j + 1]);
  }
}
