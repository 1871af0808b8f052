/**
 * Printing a ground game as a valid, variable-free GDL (KIF) description: roles, the derived
 * `base` and `input` facts, `init` facts, then the rules grouped by relation (legal, next, sees,
 * goal, terminal, then the view relations), each head's rules together.
 */
import { groundAtom, type GroundGame } from "./ground-game.js";
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
    const a = groundAtom(game.atoms, i);
    return atomToInfix({ kind: "atom", relation: a.relation, args: a.args, pos: NO_POSITION });
  };
  const { head, bodyStart, negativeStart, literals } = game.clauses;
  for (const c of sortedClauses(game)) {
    if (bodyStart[c] === bodyStart[c + 1]) {
      if (!roleFacts.has(game.atoms.kif[head[c]])) out.push(`${atom(head[c])}.`);
      continue;
    }
    const body: string[] = [];
    for (let k = bodyStart[c]; k < negativeStart[c]; k++) body.push(atom(literals[k]));
    for (let k = negativeStart[c]; k < bodyStart[c + 1]; k++) body.push(`~${atom(literals[k])}`);
    out.push(`${atom(head[c])} :- ${body.join(" & ")}.`);
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
  const kif = game.atoms.kif;
  const { bodyStart, negativeStart, literals } = game.clauses;
  for (const c of sortedClauses(game)) {
    const head = kif[game.clauses.head[c]];
    if (bodyStart[c] === bodyStart[c + 1]) {
      if (!roleFacts.has(head)) out.push(head);
      continue;
    }
    let line = `(<= ${head}`;
    for (let k = bodyStart[c]; k < negativeStart[c]; k++) line += ` ${kif[literals[k]]}`;
    for (let k = negativeStart[c]; k < bodyStart[c + 1]; k++) line += ` (not ${kif[literals[k]]})`;
    out.push(`${line})`);
  }
  return out.join("\n") + "\n";
}

/** Clause numbers by relation: legal, next, goal, terminal, then the views by name; in order within each. */
function sortedClauses(game: GroundGame): Int32Array {
  const rank = (relation: string) => {
    const i = ORDER.indexOf(relation);
    return i < 0 ? ORDER.length : i;
  };
  const { head } = game.clauses;
  const relation = game.atoms.relation;
  return Int32Array.from({ length: game.clauses.length }, (_, c) => c).sort((a, b) => {
    const ra = relation[head[a]];
    const rb = relation[head[b]];
    return rank(ra) - rank(rb) || (rank(ra) === ORDER.length ? ra.localeCompare(rb) : 0) || a - b;
  });
}
