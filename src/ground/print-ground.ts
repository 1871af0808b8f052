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

/** The same as `printGroundGame`, as UTF-8 bytes when that is cheaper (KIF): what a file or a pipe gets. */
export function printGroundGameBytes(game: GroundGame, options: PrintOptions = {}): string | Uint8Array {
  return options.syntax === "infix" ? groundGameToInfix(game, options) : groundGameKifBytes(game, options);
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

/** The ground game in KIF as text: `groundGameKifBytes`, decoded. */
export function groundGameToKif(game: GroundGame, options: PrintOptions = {}): string {
  return new TextDecoder().decode(groundGameKifBytes(game, options));
}

/**
 * The ground game in KIF as UTF-8 bytes, what the command line writes: each atom's KIF is encoded
 * once and the clauses are copied together from those bytes. Why not one string joined from a
 * line per clause: amazonsTorus's 169 MB took 2 s to build, flatten and encode (1.5 s of it the
 * flattening and encoding), and a string cannot pass V8's limit of about 512 M characters.
 */
export function groundGameKifBytes(game: GroundGame, options: PrintOptions = {}): Uint8Array {
  const lines: string[] = [];
  if (options.header) for (const line of options.header.split("\n")) lines.push(`; ${line}`);
  const roleFacts = new Set(game.roles.map((r) => `(role ${r})`));
  for (const r of game.roles) lines.push(`(role ${r})`);
  if (options.baseAndInput !== false) {
    for (const f of game.base) lines.push(`(base ${f})`);
    for (const { role, move } of game.input) lines.push(`(input ${role} ${move})`);
  }
  const encoder = new TextEncoder();
  const preamble = lines.length === 0 ? new Uint8Array(0) : encoder.encode(lines.join("\n") + "\n");
  const atoms = encodeAtoms(game.atoms.kif);
  const { start: at, bytes: atomBytes } = atoms;
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
      if (skipped[head[c]] === 0) total += size(head[c]) + 1;
      continue;
    }
    total += RULE_OPEN.length + size(head[c]) + RULE_CLOSE.length;
    for (let k = from; k < negativeStart[c]; k++) total += 1 + size(literals[k]);
    for (let k = negativeStart[c]; k < to; k++) total += NOT_OPEN.length + size(literals[k]) + 1;
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
        out[n++] = NEWLINE;
      }
      continue;
    }
    text(RULE_OPEN);
    put(head[c]);
    for (let k = from; k < negativeStart[c]; k++) {
      out[n++] = BLANK;
      put(literals[k]);
    }
    for (let k = negativeStart[c]; k < to; k++) {
      text(NOT_OPEN);
      put(literals[k]);
      out[n++] = CLOSE;
    }
    text(RULE_CLOSE);
  }
  return out;
}

const NEWLINE = 10;
const BLANK = 32;
const CLOSE = 41;
const RULE_OPEN = new TextEncoder().encode("(<= ");
const RULE_CLOSE = new TextEncoder().encode(")\n");
const NOT_OPEN = new TextEncoder().encode(" (not ");

/** Every atom's KIF as UTF-8, atom a in `bytes[start[a] .. start[a + 1])`. */
function encodeAtoms(kifs: readonly string[]): { start: Int32Array; bytes: Uint8Array } {
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
