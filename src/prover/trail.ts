/**
 * A frame's variables bound by matching patterns against ground terms, each binding recorded on a
 * trail so that everything bound since a mark can be undone: the interpretive bodies
 * (interpreted-body.ts), the relaxation's checks (relaxed.ts) and the guards' bottom-up pass
 * (possible-guards.ts) match the same way. The trail keeps its own height (`top`): V8 trims an
 * array that `pop` leaves less than half full and allocates again on the next `push`.
 */
import { CALLED_PATTERN_DEPTH, type CompoundPattern, type Pattern } from "./program.js";
import type { TermStore } from "./term-store.js";

export class Trail {
  /** Slots bound, in order, up to `top`. */
  private readonly slots: number[] = [];
  /** The height of the trail: a mark to undo to. */
  top = 0;

  constructor(private readonly store: TermStore) {}

  /** Binds a free slot of the frame to a term id. */
  bind(frame: number[], slot: number, id: number): void {
    frame[slot] = id;
    this.slots[this.top++] = slot;
  }

  /** Unbinds the slots bound since `mark`. */
  undo(mark: number, frame: number[]): void {
    const slots = this.slots;
    let top = this.top;
    while (top > mark) frame[slots[--top]] = -1;
    this.top = top;
  }

  /** Matches a pattern against a ground term, binding the frame's free variables in it. */
  match(p: Pattern, id: number, frame: number[]): boolean {
    if (p.k === 0) return p.id === id;
    if (p.k === 1) {
      const bound = frame[p.slot];
      if (bound < 0) {
        this.bind(frame, p.slot, id);
        return true;
      }
      return bound === id;
    }
    return this.matchCompound(p, id, frame, 0);
  }

  /** `match` of a compound `depth` levels down: a call per level to CALLED_PATTERN_DEPTH, a stack of its own below. */
  private matchCompound(p: CompoundPattern, id: number, frame: number[], depth: number): boolean {
    const store = this.store;
    const args = store.argsOf[id];
    if (args === null || store.symbolOf[id] !== p.sym || args.length !== p.args.length) return false;
    if (depth === CALLED_PATTERN_DEPTH) return this.matchDeep(p, id, frame);
    for (let j = 0; j < args.length; j++) {
      const q = p.args[j];
      if (q.k === 2 ? !this.matchCompound(q, args[j], frame, depth + 1) : !this.match(q, args[j], frame)) return false;
    }
    return true;
  }

  /** `match` of a compound from a stack of its own: the subpatterns still to match and their term ids, in written order. */
  private matchDeep(top: CompoundPattern, id: number, frame: number[]): boolean {
    const store = this.store;
    const patterns: Pattern[] = [top];
    const ids: number[] = [id];
    while (patterns.length > 0) {
      const p = patterns.pop()!;
      const t = ids.pop()!;
      if (p.k !== 2) {
        if (!this.match(p, t, frame)) return false;
        continue;
      }
      const args = store.argsOf[t];
      if (args === null || store.symbolOf[t] !== p.sym || args.length !== p.args.length) return false;
      for (let j = args.length - 1; j >= 0; j--) {
        patterns.push(p.args[j]);
        ids.push(args[j]);
      }
    }
    return true;
  }

  /** Matches an answer `tuple` at the positions `call` left free (negative), binding the frame's variables there. */
  matchFree(args: readonly Pattern[], call: readonly number[], tuple: readonly number[], frame: number[]): boolean {
    for (let j = 0; j < args.length; j++) if (call[j] < 0 && !this.match(args[j], tuple[j], frame)) return false;
    return true;
  }
}
