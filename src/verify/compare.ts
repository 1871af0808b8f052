/**
 * Checking that two reasoners describe the same game: from the initial state, they must agree on
 * the state, the legal moves of every role, terminality and goal values, step by step, and, where
 * both can tell, on what each role perceives of every joint move (GDL-II's `sees`), either
 * breadth-first over every joint move to a depth, or along seeded random playouts.
 *
 * Both sides work on normalized KIF (states as sorted fluent lists, moves as KIF strings), so
 * any reasoner fits: the non-ground prover, the same evaluator on the ground game,
 * the propnet state machine.
 */
import { mulberry32 } from "../propnet/search.js";

/** A game as seen by a reasoner, states being sorted lists of fluents in normalized KIF. */
export interface KifReasoner<S = readonly string[]> {
  readonly roles: readonly string[];
  initialState(): S;
  legalMoves(state: S, role: string): readonly string[];
  nextState(state: S, jointMove: readonly string[]): S;
  isTerminal(state: S): boolean;
  goals(state: S): Readonly<Record<string, number | null>>;
  stateToKif(state: S): readonly string[];
  /** Each role's percepts (GDL-II's `sees`) when a joint move is played in a state; absent where the reasoner cannot tell. */
  percepts?(state: S, jointMove: readonly string[]): Readonly<Record<string, readonly string[]>>;
}

export interface Mismatch {
  /** The joint moves from the initial state to where the reasoners disagree. */
  readonly path: readonly (readonly string[])[];
  readonly what: "roles" | "state" | "legal" | "terminal" | "goals" | "sees";
  readonly expected: unknown;
  readonly actual: unknown;
}

export function describeMismatch(m: Mismatch): string {
  const path = m.path.length === 0 ? "at the initial state" : `after ${m.path.map((j) => `[${j.join(", ")}]`).join(" ")}`;
  return `${m.what} differ ${path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`;
}

export interface CompareStats {
  states: number;
  jointMoves: number;
}

interface Pair<A, B> {
  readonly a: A;
  readonly b: B;
  readonly path: readonly (readonly string[])[];
}

/** Compares one state; returns the mismatch and, when they agree, the legal moves per role. */
function compareState<A, B>(
  ra: KifReasoner<A>,
  rb: KifReasoner<B>,
  pair: Pair<A, B>,
): { mismatch: Mismatch } | { legal: string[][]; terminal: boolean } {
  const sa = [...ra.stateToKif(pair.a)].sort();
  const sb = [...rb.stateToKif(pair.b)].sort();
  if (!sameList(sa, sb)) return { mismatch: { path: pair.path, what: "state", expected: sa, actual: sb } };
  const ta = ra.isTerminal(pair.a);
  const tb = rb.isTerminal(pair.b);
  if (ta !== tb) return { mismatch: { path: pair.path, what: "terminal", expected: ta, actual: tb } };
  if (ta) {
    const ga = ra.goals(pair.a);
    const gb = rb.goals(pair.b);
    for (const role of ra.roles)
      if ((ga[role] ?? null) !== (gb[role] ?? null))
        return { mismatch: { path: pair.path, what: "goals", expected: ga, actual: gb } };
    return { legal: [], terminal: true };
  }
  const legal: string[][] = [];
  for (const role of ra.roles) {
    const la = [...ra.legalMoves(pair.a, role)].sort();
    const lb = [...rb.legalMoves(pair.b, role)].sort();
    if (!sameList(la, lb)) return { mismatch: { path: pair.path, what: "legal", expected: { [role]: la }, actual: { [role]: lb } } };
    legal.push(la);
  }
  return { legal, terminal: false };
}

/** Every joint move (the cartesian product of the roles' legal moves), up to `limit`. */
export function jointMoves(legal: readonly (readonly string[])[], limit = Infinity): string[][] {
  let result: string[][] = [[]];
  for (const moves of legal) {
    const next: string[][] = [];
    for (const prefix of result) for (const m of moves) if (next.length < limit) next.push([...prefix, m]);
    result = next;
  }
  return result;
}

export function compareBreadthFirst<A, B>(
  ra: KifReasoner<A>,
  rb: KifReasoner<B>,
  options: { depth: number; maxStates?: number },
): { mismatch?: Mismatch; stats: CompareStats } {
  const stats: CompareStats = { states: 0, jointMoves: 0 };
  if (!sameList([...ra.roles], [...rb.roles]))
    return { mismatch: { path: [], what: "roles", expected: ra.roles, actual: rb.roles }, stats };
  const maxStates = options.maxStates ?? 2000;
  let frontier: Pair<A, B>[] = [{ a: ra.initialState(), b: rb.initialState(), path: [] }];
  const seen = new Set<string>();
  for (let level = 0; level <= options.depth && frontier.length > 0; level++) {
    const next: Pair<A, B>[] = [];
    for (const pair of frontier) {
      const key = [...ra.stateToKif(pair.a)].sort().join(" ");
      if (seen.has(key)) continue;
      seen.add(key);
      stats.states++;
      const verdict = compareState(ra, rb, pair);
      if ("mismatch" in verdict) return { mismatch: verdict.mismatch, stats };
      if (verdict.terminal || level === options.depth) continue;
      for (const joint of jointMoves(verdict.legal, Math.max(0, maxStates - seen.size - next.length))) {
        stats.jointMoves++;
        const seen = comparePercepts(ra, rb, pair, joint);
        if (seen) return { mismatch: seen, stats };
        next.push({ a: ra.nextState(pair.a, joint), b: rb.nextState(pair.b, joint), path: [...pair.path, joint] });
      }
    }
    frontier = next;
  }
  return { stats };
}

export function compareRandomPlayouts<A, B>(
  ra: KifReasoner<A>,
  rb: KifReasoner<B>,
  options: { playouts: number; seed: number; maxSteps?: number },
): { mismatch?: Mismatch; stats: CompareStats } {
  const stats: CompareStats = { states: 0, jointMoves: 0 };
  if (!sameList([...ra.roles], [...rb.roles]))
    return { mismatch: { path: [], what: "roles", expected: ra.roles, actual: rb.roles }, stats };
  const random = mulberry32(options.seed);
  const maxSteps = options.maxSteps ?? 500;
  for (let p = 0; p < options.playouts; p++) {
    let pair: Pair<A, B> = { a: ra.initialState(), b: rb.initialState(), path: [] };
    for (let step = 0; step <= maxSteps; step++) {
      stats.states++;
      const verdict = compareState(ra, rb, pair);
      if ("mismatch" in verdict) return { mismatch: verdict.mismatch, stats };
      if (verdict.terminal) break;
      // both agree that some role cannot move: the game is stuck here, nothing more to compare
      if (verdict.legal.some((moves) => moves.length === 0)) break;
      const joint = verdict.legal.map((moves) => moves[Math.floor(random() * moves.length)]);
      stats.jointMoves++;
      const seen = comparePercepts(ra, rb, pair, joint);
      if (seen) return { mismatch: seen, stats };
      pair = { a: ra.nextState(pair.a, joint), b: rb.nextState(pair.b, joint), path: [...pair.path, joint] };
    }
  }
  return { stats };
}

/** What each role perceives of the joint move played in the pair's state, when both reasoners can tell; the mismatch is at the joint move's path. */
function comparePercepts<A, B>(ra: KifReasoner<A>, rb: KifReasoner<B>, pair: Pair<A, B>, joint: readonly string[]): Mismatch | undefined {
  if (!ra.percepts || !rb.percepts) return undefined;
  const pa = ra.percepts(pair.a, joint);
  const pb = rb.percepts(pair.b, joint);
  for (const role of ra.roles) {
    const sa = [...(pa[role] ?? [])].sort();
    const sb = [...(pb[role] ?? [])].sort();
    if (!sameList(sa, sb)) return { path: [...pair.path, joint], what: "sees", expected: { [role]: sa }, actual: { [role]: sb } };
  }
  return undefined;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
