/**
 * For testing the propnet: the ground clauses of a `GroundGame` evaluated directly (no propnet,
 * no optimization), and a comparison of a state machine (either engine) with them along seeded
 * random playouts. For acyclic ground programs (positive recursion only through the
 * relations named in `recursive`, computed first by naive iteration).
 */
import { atomArguments, groundClauseList, type GroundClause, type GroundGame } from "../../src/ground/ground-game.js";
import { mulberry32, randomInt } from "../../src/propnet/search.js";
import type { GameStateMachine } from "../../src/propnet/machine.js";

/**
 * A direct evaluator of the ground clauses (memoized recursion, for acyclic programs): what the
 * propnet state machine is compared with. Slow and simple on purpose.
 */
export class GroundClauseEvaluator {
  private readonly byHead = new Map<number, { positive: readonly number[]; negative: readonly number[] }[]>();
  /** `recursive`: relations computed first as a least fixpoint by naive iteration (their
   *  clauses may be negative only on true/does). */
  private readonly clauses: readonly GroundClause[];
  constructor(
    readonly g: GroundGame,
    private readonly recursive: ReadonlySet<string> = new Set(),
  ) {
    this.clauses = groundClauseList(g.clauses);
    for (const c of this.clauses) {
      if (!this.byHead.has(c.head)) this.byHead.set(c.head, []);
      this.byHead.get(c.head)!.push(c);
    }
  }
  private arg(a: number, i: number): string {
    return atomArguments(this.g.atoms, a)[i];
  }
  /** The atoms that hold given the fluents and the moves (role -> move KIF). */
  model(state: ReadonlySet<string>, moves: ReadonlyMap<string, string>): (a: number) => boolean {
    const memo = new Map<number, boolean>();
    const base = (a: number): boolean => {
      const relation = this.g.atoms.relation[a];
      if (relation === "true") return state.has(this.arg(a, 0));
      if (relation === "does") return moves.get(this.arg(a, 0)) === this.arg(a, 1);
      return memo.get(a) === true;
    };
    if (this.recursive.size > 0) {
      const clauses = this.clauses.filter((c) => this.recursive.has(this.g.atoms.relation[c.head]));
      for (let changed = true; changed; ) {
        changed = false;
        for (const c of clauses)
          if (!memo.get(c.head) && c.positive.every(base) && !c.negative.some(base)) {
            memo.set(c.head, true);
            changed = true;
          }
      }
      this.g.atoms.relation.forEach((relation, a) => {
        if (this.recursive.has(relation) && !memo.has(a)) memo.set(a, false);
      });
    }
    const holds = (a: number): boolean => {
      const known = memo.get(a);
      if (known !== undefined) return known;
      const relation = this.g.atoms.relation[a];
      let value: boolean;
      if (relation === "true") value = state.has(this.arg(a, 0));
      else if (relation === "does") value = moves.get(this.arg(a, 0)) === this.arg(a, 1);
      else value = (this.byHead.get(a) ?? []).some((c) => c.positive.every(holds) && !c.negative.some(holds));
      memo.set(a, value);
      return value;
    };
    return holds;
  }
  private atomsOf(relation: string): number[] {
    return this.g.atoms.relation.flatMap((r, i) => (r === relation ? [i] : []));
  }
  initial(): string[] {
    const holds = this.model(new Set(), new Map());
    return this.atomsOf("init").filter(holds).map((a) => this.arg(a, 0)).sort();
  }
  legal(state: string[], role: string): string[] {
    const holds = this.model(new Set(state), new Map());
    return this.atomsOf("legal").filter((a) => this.arg(a, 0) === role && holds(a)).map((a) => this.arg(a, 1)).sort();
  }
  next(state: string[], moves: Map<string, string>): string[] {
    const holds = this.model(new Set(state), moves);
    return [...new Set(this.atomsOf("next").filter(holds).map((a) => this.arg(a, 0)))].sort();
  }
  terminal(state: string[]): boolean {
    const holds = this.model(new Set(state), new Map());
    return this.atomsOf("terminal").some(holds);
  }
  goals(state: string[]): (number | null)[] {
    const holds = this.model(new Set(state), new Map());
    return this.g.roles.map((r) => {
      const values = this.atomsOf("goal").filter((a) => this.arg(a, 0) === r && holds(a)).map((a) => Number(this.arg(a, 1)));
      return values.length > 0 ? Math.max(...values) : null;
    });
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Plays random games with the state machine and checks every step against the ground clauses:
 * initial state, terminal, goals, legal moves of every role, next state. Returns a description
 * of the first difference, or undefined.
 */
export function compareWithGroundClauses(
  g: GroundGame,
  sm: GameStateMachine,
  options: { seed: number; games: number; maxSteps?: number; recursive?: ReadonlySet<string> },
): string | undefined {
  const ref = new GroundClauseEvaluator(g, options.recursive);
  const rng = mulberry32(options.seed);
  const maxSteps = options.maxSteps ?? 50;
  for (let n = 0; n < options.games; n++) {
    let state = sm.initialState();
    const path: string[] = [];
    const differ = (what: string, expected: unknown, actual: unknown) =>
      `${what} differ after [${path.join(" | ")}]: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
    if (!same(sm.stateToKif(state), ref.initial())) return differ("initial states", ref.initial(), sm.stateToKif(state));
    for (let step = 0; step < maxSteps; step++) {
      const fluents = sm.stateToKif(state);
      if (sm.isTerminal(state) !== ref.terminal(fluents)) return differ("terminal", ref.terminal(fluents), sm.isTerminal(state));
      if (!same(sm.goals(state), ref.goals(fluents))) return differ("goals", ref.goals(fluents), sm.goals(state));
      if (sm.isTerminal(state)) break;
      const moves = new Map<string, string>();
      const joint: number[] = [];
      for (const [r, role] of sm.roles.entries()) {
        const legal = sm.legalMoveKifs(state, role);
        if (!same(legal, ref.legal(fluents, role))) return differ(`legal moves of ${role}`, ref.legal(fluents, role), legal);
        if (legal.length === 0) return undefined;
        const move = legal[randomInt(rng, legal.length)];
        moves.set(role, move);
        joint.push(sm.moveIndex(r, move)!);
      }
      path.push([...moves.values()].join(" "));
      state = sm.nextState(state, joint);
      const expected = ref.next(fluents, moves);
      if (!same(sm.stateToKif(state), expected)) return differ("states", expected, sm.stateToKif(state));
    }
  }
  return undefined;
}
