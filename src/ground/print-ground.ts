/**
 * Printing a ground game as a valid, variable-free GDL (KIF) description: roles, the derived
 * `base` and `input` facts, `init` facts, then the rules grouped by relation (legal, next, sees,
 * goal, terminal, then the view relations), each head's rules together.
 */
import type { GroundGame } from "./ground-game.js";
import { NO_POSITION } from "../diagnostics.js";
import { atomToInfix, termToInfix } from "../syntax/infix-print.js";
import { parseKifTerm } from "../syntax/kif-term.js";
import type { GdlSyntax } from "../syntax/sniff.js";

const ORDER = ["role", "base", "input", "init", "legal", "next", "sees", "goal", "terminal"];

export interface PrintOptions {
  /** Print the `base` and `input` facts of the static relaxation (default true). */
  readonly baseAndInput?: boolean;
  /** A comment for the first line. */
  readonly header?: string;
  /** The notation (default `kif`; `printGroundGame` reads it, `groundGameToKif` always writes KIF). */
  readonly syntax?: GdlSyntax;
}

/** The ground game in the notation of `options.syntax` (KIF by default). */
export function printGroundGame(game: GroundGame, options: PrintOptions = {}): string {
  return options.syntax === "infix" ? groundGameToInfix(game, options) : groundGameToKif(game, options);
}

/** The same clauses in the same order as groundGameToKif, in infix: `legal(xplayer, mark(1, 1)) :- true(control(xplayer)).` */
export function groundGameToInfix(game: GroundGame, options: PrintOptions = {}): string {
  const out: string[] = [];
  if (options.header) for (const line of options.header.split("\n")) out.push(`% ${line}`);
  const kifTerm = (kif: string) => termToInfix(parseKifTerm(kif));
  const roleFacts = new Set(game.roles.map((r) => `(role ${r})`));
  for (const r of game.roles) out.push(`role(${kifTerm(r)}).`);
  if (options.baseAndInput !== false) {
    for (const f of game.base) out.push(`base(${kifTerm(f)}).`);
    for (const { role, move } of game.input) out.push(`input(${kifTerm(role)}, ${kifTerm(move)}).`);
  }
  const atom = (i: number) => {
    const a = game.atoms[i];
    return atomToInfix({ kind: "atom", relation: a.relation, args: a.args, pos: NO_POSITION });
  };
  for (const { c } of sortedClauses(game)) {
    if (c.positive.length === 0 && c.negative.length === 0) {
      if (!roleFacts.has(game.atoms[c.head].kif)) out.push(`${atom(c.head)}.`);
      continue;
    }
    const body = [...c.positive.map(atom), ...c.negative.map((a) => `~${atom(a)}`)];
    out.push(`${atom(c.head)} :- ${body.join(" & ")}.`);
  }
  return out.join("\n") + "\n";
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
  for (const { c } of sortedClauses(game)) {
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

/** Clauses by relation: legal, next, goal, terminal, then the views by name; in order within each. */
function sortedClauses(game: GroundGame) {
  const rank = (relation: string) => {
    const i = ORDER.indexOf(relation);
    return i < 0 ? ORDER.length : i;
  };
  return game.clauses
    .map((c, index) => ({ c, index }))
    .sort((a, b) => {
      const ra = game.atoms[a.c.head].relation;
      const rb = game.atoms[b.c.head].relation;
      return rank(ra) - rank(rb) || (rank(ra) === ORDER.length ? ra.localeCompare(rb) : 0) || a.index - b.index;
    });
}
