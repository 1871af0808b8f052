/**
 * What a role is told of a game, as a game master tells a player: the rule behind
 * `gdl-ground play --as ROLE` (src/cli/play-commands.ts) and the page's "view as" (web/).
 * A GDL-II player is told its own legal moves, its percepts (`sees`) after each joint move and
 * its goal at the end, never the state or the other roles' moves; a GDL player is told the joint
 * move instead of percepts (GDL's players see every move). `play --as` prints one JSON object:
 *   {"role", "seed", "steps": [{"legal": [...], "sees": [...] | "moves": [...], "move"?, "terminal", "goal"?}]}
 * `sees` (GDL-II) or `moves` (GDL) is what the role was told of the joint move that led to the
 * step (absent, for GDL, at the first step); `move` is the role's own move from the step (absent at
 * the last); `goal` is its goal value at a terminal step.
 * Pure: no imports, so that the command line and the page share it.
 */

/** One step of the whole game, every role's view of it (terms as KIF). */
export interface GameStep {
  readonly legal: Readonly<Record<string, readonly string[]>>;
  readonly terminal: boolean;
  readonly goals: Readonly<Record<string, number | null>> | null;
  /** GDL-II: what each role was told of the joint move that led here (every role [] at the first step). */
  readonly sees?: Readonly<Record<string, readonly string[]>>;
}

/** One step as the role is told it. */
export interface RoleStep {
  readonly legal: string[];
  readonly sees?: string[];
  readonly moves?: string[];
  readonly move?: string;
  readonly terminal: boolean;
  readonly goal?: number | null;
}

export interface RoleView {
  readonly role: string;
  readonly seed: number;
  readonly steps: RoleStep[];
}

/**
 * The steps of a game (and the joint moves between them, in role order) as role `index` is told
 * them; terms printed by `show`.
 */
export function roleSteps(
  role: string,
  steps: readonly GameStep[],
  jointMoves: readonly (readonly string[])[],
  index: number,
  gdl2: boolean,
  show: (kif: string) => string = (kif) => kif,
): RoleStep[] {
  return steps.map((step, i): RoleStep => {
    const told = gdl2 ? { sees: (step.sees?.[role] ?? []).map(show) } : i > 0 ? { moves: jointMoves[i - 1].map(show) } : {};
    const move = i < jointMoves.length ? { move: show(jointMoves[i][index]) } : {};
    const goal = step.terminal && step.goals ? { goal: step.goals[role] ?? null } : {};
    return { legal: (step.legal[role] ?? []).map(show), ...told, ...move, terminal: step.terminal, ...goal };
  });
}

/** `play --as`'s output: the role's steps, with the role (printed by `show`) and the seed of the playout. */
export function roleView(
  role: string,
  steps: readonly GameStep[],
  jointMoves: readonly (readonly string[])[],
  index: number,
  gdl2: boolean,
  show: (kif: string) => string,
  seed: number,
): RoleView {
  return { role: show(role), seed, steps: roleSteps(role, steps, jointMoves, index, gdl2, show) };
}
