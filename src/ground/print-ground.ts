/**
 * Printing a ground game as a valid, variable-free GDL (KIF) description: roles, the derived
 * `base` and `input` facts, `init` facts, then the rules grouped by relation (legal, next, goal,
 * terminal, then the view relations), each head's rules together.
 */
import type { GroundGame } from "./ground-game.js";

const ORDER = ["role", "base", "input", "init", "legal", "next", "goal", "terminal"];

export interface PrintOptions {
  /** Print the `base` and `input` facts of the static relaxation (default true). */
  readonly baseAndInput?: boolean;
  /** A comment for the first line. */
  readonly header?: string;
}

export function groundGameToKif(game: GroundGame, options: PrintOptions = {}): string {
  const out: string[] = [];
  if (options.header) for (const line of options.header.split("\n")) out.push(`; ${line}`);
  const roleFacts = new Set(game.roles.map((r) => `(role ${r})`));
  for (const r of game.roles) out.push(`(role ${r})`);
  if (options.baseAndInput !== false) {
    for (const f of game.base) out.push(`(base ${f})`);
    for (const { role, move } of game.input) out.push(`(input ${role} ${move})`);
  }
  const rank = (relation: string) => {
    const i = ORDER.indexOf(relation);
    return i < 0 ? ORDER.length : i;
  };
  const clauses = game.clauses
    .map((c, index) => ({ c, index }))
    .sort((a, b) => {
      const ra = game.atoms[a.c.head].relation;
      const rb = game.atoms[b.c.head].relation;
      return rank(ra) - rank(rb) || (rank(ra) === ORDER.length ? ra.localeCompare(rb) : 0) || a.index - b.index;
    });
  for (const { c } of clauses) {
    const head = game.atoms[c.head].kif;
    if (c.positive.length === 0 && c.negative.length === 0) {
      if (!roleFacts.has(head)) out.push(head);
      continue;
    }
    const body = [
      ...c.positive.map((a) => game.atoms[a].kif),
      ...c.negative.map((a) => `(not ${game.atoms[a].kif})`),
    ];
    out.push(`(<= ${head} ${body.join(" ")})`);
  }
  return out.join("\n") + "\n";
}
