/**
 * `gdl-ground play --as ROLE`: a game as one role is told it, as a game master tells a player.
 * A GDL-II player is told its own legal moves, its percepts (`sees`) after each joint move and
 * its goal at the end, never the state or the other roles' moves; a GDL player is told the joint
 * move instead of percepts (GDL's players see every move). The output is one JSON object:
 *   {"role", "seed", "steps": [{"legal": [...], "sees": [...] | "moves": [...], "move"?, "terminal", "goal"?}]}
 * `sees` (GDL-II) or `moves` (GDL) is what the role was told of the joint move that led to the
 * step (absent, for GDL, at the first step); `move` is the role's own move from the step (absent at
 * the last); `goal` is its goal value at a terminal step.
 */

/** One step of the whole game, as play-commands.ts describes it. */
interface GameStep {
  readonly legal: Record<string, string[]>;
  readonly terminal: boolean;
  readonly goals: Record<string, number | null> | null;
  readonly sees?: Record<string, string[]>;
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
 * The steps of a game (and the joint moves between them) as role `index` is told them; terms
 * printed by `show`.
 */
export function roleView(
  role: string,
  steps: readonly GameStep[],
  jointMoves: readonly (readonly string[])[],
  index: number,
  gdl2: boolean,
  show: (kif: string) => string,
  seed: number,
): RoleView {
  return {
    role: show(role),
    seed,
    steps: steps.map((step, i): RoleStep => {
      const told = gdl2 ? { sees: (step.sees?.[role] ?? []).map(show) } : i > 0 ? { moves: jointMoves[i - 1].map(show) } : {};
      const move = i < jointMoves.length ? { move: show(jointMoves[i][index]) } : {};
      const goal = step.terminal && step.goals ? { goal: step.goals[role] ?? null } : {};
      return { legal: step.legal[role].map(show), ...told, ...move, terminal: step.terminal, ...goal };
    }),
  };
}
