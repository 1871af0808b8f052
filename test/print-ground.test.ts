/**
 * The ground game's printer writes bytes (printGroundGameBytes: each atom's KIF or infix made and
 * encoded once, clauses copied together) and sorts clauses by a counting sort on one key per relation: both checked
 * against a plain reference written here, a line per clause sorted by comparison and joined, on
 * games with views in an order a naive sort gets wrong and with names outside ASCII (two-, three-
 * and four-byte UTF-8).
 */
import { describe, expect, it } from "vitest";
import { groundGameToInfix, groundGameToKif, printGroundGameBytes, type PrintOptions } from "../src/ground/print-ground.js";
import { groundAtom, type GroundGame } from "../src/ground/ground-game.js";
import { NO_POSITION } from "../src/diagnostics.js";
import { atomToInfix, termToInfix } from "../src/syntax/infix-print.js";
import { parseKifTerm } from "../src/syntax/kif-term.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { UNICODE_GROUND_RULES as UNICODE } from "./support/unicode-game.js";

const ORDER = ["role", "base", "input", "init", "legal", "next", "sees", "goal", "terminal"];

/** Clause numbers sorted by comparing their relations: keywords in ORDER, then views by name. */
function referenceOrder(game: GroundGame): number[] {
  const { relation } = game.atoms;
  const { head } = game.clauses;
  const rank = (r: string) => (ORDER.includes(r) ? ORDER.indexOf(r) : ORDER.length);
  return Array.from({ length: game.clauses.length }, (_, c) => c).sort((a, b) => {
    const ra = relation[head[a]];
    const rb = relation[head[b]];
    return rank(ra) - rank(rb) || (rank(ra) === ORDER.length ? ra.localeCompare(rb) : 0) || a - b;
  });
}

/** The infix reference: every atom parsed and printed where it occurs, a line per clause, joined. */
function referenceInfix(game: GroundGame, options: PrintOptions = {}): string {
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
  for (const c of referenceOrder(game)) {
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

/** The KIF reference: a line per clause, clauses sorted by comparing relations, joined. */
function referenceKif(game: GroundGame, options: PrintOptions = {}): string {
  const out: string[] = [];
  if (options.header) for (const line of options.header.split("\n")) out.push(`; ${line}`);
  const roleFacts = new Set(game.roles.map((r) => `(role ${r})`));
  for (const r of game.roles) out.push(`(role ${r})`);
  if (options.baseAndInput !== false) {
    for (const f of game.base) out.push(`(base ${f})`);
    for (const { role, move } of game.input) out.push(`(input ${role} ${move})`);
  }
  const { kif } = game.atoms;
  const { head, bodyStart, negativeStart, literals } = game.clauses;
  for (const c of referenceOrder(game)) {
    if (bodyStart[c] === bodyStart[c + 1]) {
      if (!roleFacts.has(kif[head[c]])) out.push(kif[head[c]]);
      continue;
    }
    let line = `(<= ${kif[head[c]]}`;
    for (let k = bodyStart[c]; k < negativeStart[c]; k++) line += ` ${kif[literals[k]]}`;
    for (let k = negativeStart[c]; k < bodyStart[c + 1]; k++) line += ` (not ${kif[literals[k]]})`;
    out.push(`${line})`);
  }
  return out.join("\n") + "\n";
}

const VIEWS = `
(role white) (role black)
(init (cell a)) (init (control white))
(<= (zeta) (true (cell a)))
(<= (Alpha) (true (cell b)))
(<= (alpha) (true (control white)) (not (zeta)))
(<= (beta_2) (alpha))
(<= (beta_10) (zeta))
(<= (legal white (go a)) (true (control white)) (alpha))
(<= (legal black noop) (true (control white)))
(<= (next (cell b)) (does white (go a)))
(<= (next (control black)) (true (control white)))
(<= terminal (true (cell b)))
(<= (goal white 100) (true (cell b)) (beta_2))
(<= (goal white 0) (not (true (cell b))))
(<= (goal black 0) (beta_10))
`;

describe("the ground game's KIF printer", () => {
  for (const [name, text] of [["views and keywords", VIEWS], ["names outside ASCII", UNICODE]] as const) {
    it(`prints what the reference prints: ${name}`, () => {
      const { game, diagnostics } = groundGameFromRules(text);
      expect(diagnostics).toEqual([]);
      for (const options of [{}, { baseAndInput: false }, { header: "ground by a test\nsecond line" }]) {
        const expected = referenceKif(game, options);
        expect(groundGameToKif(game, options)).toBe(expected);
        expect(printGroundGameBytes(game, options)).toEqual(new TextEncoder().encode(expected));
        const infix = referenceInfix(game, options);
        expect(groundGameToInfix(game, options)).toBe(infix);
        expect(printGroundGameBytes(game, { ...options, syntax: "infix" })).toEqual(new TextEncoder().encode(infix));
      }
    });
  }

  it("sorts the views by name after the keywords, each view's clauses together in their order", () => {
    const { game } = groundGameFromRules(VIEWS);
    const heads = groundGameToKif(game)
      .split("\n")
      .filter((l) => l.startsWith("(<= "))
      .map((l) => l.slice(4).split(/[ )]/)[0].replace("(", ""));
    const views = heads.filter((h) => !ORDER.includes(h));
    expect(views).toEqual(["alpha", "alpha", "beta_10", "beta_2", "zeta"]); // Alpha is read as alpha
    expect(heads.indexOf("terminal")).toBeLessThan(heads.indexOf("alpha"));
  });
});
