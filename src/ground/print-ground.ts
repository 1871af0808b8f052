/**
 * Printing a ground game as a valid, variable-free GDL description, in KIF or infix: roles, the
 * derived `base` and `input` facts, `init` facts, then the rules grouped by relation (legal, next,
 * sees, goal, terminal, then the view relations), each head's rules together.
 */
import { groundAtom, groundTerm, type GroundGame } from "./ground-game.js";
import { NO_POSITION } from "../diagnostics.js";
import { atomToInfix, termToInfix } from "../syntax/infix-print.js";
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
  return new TextDecoder().decode(printGroundGameBytes(game, options));
}

/** The ground game in KIF. */
export function groundGameToKif(game: GroundGame, options: PrintOptions = {}): string {
  return printGroundGame(game, { ...options, syntax: "kif" });
}

/** The same clauses in the same order as groundGameToKif, in infix: `legal(xplayer, mark(1, 1)) :- true(control(xplayer)).` */
export function groundGameToInfix(game: GroundGame, options: PrintOptions = {}): string {
  return printGroundGame(game, { ...options, syntax: "infix" });
}

/** How a notation writes the parts of a clause: `(<= h b (not n))` or `h :- b & ~n.` */
interface Notation {
  readonly comment: string;
  /** Role, base and input facts, from the KIF of their arguments (infix: from their terms, `groundTerm`). */
  readonly fact: (game: GroundGame, relation: string, kifArgs: readonly string[]) => string;
  /** Every atom's text. */
  readonly atoms: (game: GroundGame) => readonly string[];
  readonly factClose: string;
  readonly ruleOpen: string;
  /** Before the first body literal, and before each of the others. */
  readonly neck: string;
  readonly and: string;
  readonly notOpen: string;
  readonly notClose: string;
  readonly ruleClose: string;
}

const KIF: Notation = {
  comment: "; ",
  fact: (_game, relation, args) => `(${relation} ${args.join(" ")})`,
  atoms: (game) => game.atoms.kif,
  factClose: "\n",
  ruleOpen: "(<= ",
  neck: " ",
  and: " ",
  notOpen: "(not ",
  notClose: ")",
  ruleClose: ")\n",
};

const INFIX: Notation = {
  comment: "% ",
  fact: (game, relation, args) => `${relation}(${args.map((a) => termToInfix(groundTerm(game, a))).join(", ")}).`,
  atoms: (game) =>
    Array.from({ length: game.atoms.length }, (_, i) => {
      const a = groundAtom(game.atoms, i);
      return atomToInfix({ kind: "atom", relation: a.relation, args: a.args, pos: NO_POSITION });
    }),
  factClose: ".\n",
  ruleOpen: "",
  neck: " :- ",
  and: " & ",
  notOpen: "~",
  notClose: "",
  ruleClose: ".\n",
};

/**
 * The ground game as UTF-8 bytes, what the command line writes to a file or a pipe: each atom's
 * text is made and encoded once and the clauses are copied together from those bytes. Why not a
 * string joined from a line per clause: amazonsTorus's 169 MB of KIF took 2 s to build, flatten and
 * encode; racer4 in infix took 10.8 s, each atom parsed and printed again at every occurrence; and a
 * string cannot pass V8's limit of about 512 M characters.
 */
export function printGroundGameBytes(game: GroundGame, options: PrintOptions = {}): Uint8Array {
  const notation = options.syntax === "infix" ? INFIX : KIF;
  const lines: string[] = [];
  if (options.header) for (const line of options.header.split("\n")) lines.push(`${notation.comment}${line}`);
  const roleFacts = new Set(game.roles.map((r) => `(role ${r})`));
  for (const r of game.roles) lines.push(notation.fact(game, "role", [r]));
  if (options.baseAndInput !== false) {
    for (const f of game.base) lines.push(notation.fact(game, "base", [f]));
    for (const { role, move } of game.input) lines.push(notation.fact(game, "input", [role, move]));
  }
  const encoder = new TextEncoder();
  const preamble = lines.length === 0 ? new Uint8Array(0) : encoder.encode(lines.join("\n") + "\n");
  const { start: at, bytes: atomBytes } = encodeAll(notation.atoms(game));
  const [factClose, ruleOpen, neck, and, notOpen, notClose, ruleClose] = [
    notation.factClose,
    notation.ruleOpen,
    notation.neck,
    notation.and,
    notation.notOpen,
    notation.notClose,
    notation.ruleClose,
  ].map((t) => encoder.encode(t));
  const { head, bodyStart, negativeStart, literals } = game.clauses;
  const order = sortedClauses(game);
  const skipped = new Uint8Array(game.atoms.length);
  game.atoms.kif.forEach((kif, a) => {
    if (roleFacts.has(kif)) skipped[a] = 1;
  });
  const size = (a: number) => at[a + 1] - at[a];
  let total = preamble.length;
  for (const c of order) {
    const from = bodyStart[c];
    const to = bodyStart[c + 1];
    if (from === to) {
      if (skipped[head[c]] === 0) total += size(head[c]) + factClose.length;
      continue;
    }
    total += ruleOpen.length + size(head[c]) + neck.length + (to - from - 1) * and.length + ruleClose.length;
    for (let k = from; k < to; k++) total += size(literals[k]);
    total += (to - negativeStart[c]) * (notOpen.length + notClose.length);
  }
  if (total === 0) return encoder.encode("\n"); // nothing to print: one empty line, as a join of no lines
  const out = new Uint8Array(total);
  out.set(preamble);
  let n = preamble.length;
  const put = (a: number): void => {
    for (let i = at[a], end = at[a + 1]; i < end; i++) out[n++] = atomBytes[i];
  };
  const text = (ascii: Uint8Array): void => {
    for (let i = 0; i < ascii.length; i++) out[n++] = ascii[i];
  };
  for (const c of order) {
    const from = bodyStart[c];
    const to = bodyStart[c + 1];
    if (from === to) {
      if (skipped[head[c]] === 0) {
        put(head[c]);
        text(factClose);
      }
      continue;
    }
    text(ruleOpen);
    put(head[c]);
    for (let k = from; k < to; k++) {
      text(k === from ? neck : and);
      if (k < negativeStart[c]) put(literals[k]);
      else {
        text(notOpen);
        put(literals[k]);
        text(notClose);
      }
    }
    text(ruleClose);
  }
  return out;
}
/** Every text as UTF-8, text a in `bytes[start[a] .. start[a + 1])`. */
function encodeAll(kifs: readonly string[]): { start: Int32Array; bytes: Uint8Array } {
  const start = new Int32Array(kifs.length + 1);
  let length = 0;
  for (let a = 0; a < kifs.length; a++) {
    start[a] = length;
    length += utf8Length(kifs[a]);
  }
  start[kifs.length] = length;
  const bytes = new Uint8Array(length);
  for (let a = 0; a < kifs.length; a++) {
    const kif = kifs[a];
    let n = start[a];
    let ascii = true;
    for (let i = 0; i < kif.length; i++) {
      const code = kif.charCodeAt(i);
      if (code >= 0x80) {
        ascii = false;
        break;
      }
      bytes[n++] = code;
    }
    if (!ascii) new TextEncoder().encodeInto(kif, bytes.subarray(start[a], start[a + 1]));
  }
  return { start, bytes };
}

/** The length of a string in UTF-8 (a lone surrogate counts as U+FFFD, as TextEncoder writes it). */
function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 2; // a pair: two UTF-16 units, four bytes
      i++;
    } else length += 2;
  }
  return length;
}

/**
 * Clause numbers by relation: legal, next, goal, terminal, then the views by name; in order within each.
 * A counting sort on one key per relation: a comparison sort that looked the relations up per
 * comparison took 1.3 s of amazonsTorus's 2.07 M clauses.
 */
function sortedClauses(game: GroundGame): Int32Array {
  const { head, length } = game.clauses;
  const relation = game.atoms.relation;
  const keyOf = new Map<string, number>();
  ORDER.forEach((r, i) => keyOf.set(r, i));
  const views = [...new Set(relation)].filter((r) => !keyOf.has(r)).sort((a, b) => a.localeCompare(b));
  let key = ORDER.length - 1;
  views.forEach((r, i) => {
    if (i === 0 || views[i - 1].localeCompare(r) !== 0) key++;
    keyOf.set(r, key);
  });
  const atomKey = new Int32Array(relation.length);
  for (let a = 0; a < relation.length; a++) atomKey[a] = keyOf.get(relation[a])!;
  const start = new Int32Array(key + 2);
  for (let c = 0; c < length; c++) start[atomKey[head[c]] + 1]++;
  for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
  const sorted = new Int32Array(length);
  for (let c = 0; c < length; c++) sorted[start[atomKey[head[c]]]++] = c;
  return sorted;
}
