/**
 * Facts that gringo writes late (`withoutFactLiterals`, src/ground/extract.ts): in a recursion an
 * atom can be read by rules written before the atom turns out to be a fact (`_split1(2) :- chain(3).`
 * then `chain(3).`). Extraction keeps no facts of static relations, so such a rule read an atom that
 * nothing derives and was lost: the ground game differed from the prover (random game 40283).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ClosableGrounder } from "../src/ground/index.js";
import { withoutFactLiterals } from "../src/ground/extract.js";
import type { CompactRules } from "../src/ground/aspif-compact.js";
import { verifyGame } from "../src/verify/verify-game.js";
import { withGrounder } from "./support/grounder.js";

let grounder!: ClosableGrounder;
withGrounder("auto", (g) => (grounder = g));

/** Rules as aspif rows: atom ids from 1, a negative id a negative literal. */
function rows(rules: { head: number; body: number[] }[]): CompactRules {
  const bodyStart = new Int32Array(rules.length + 1);
  rules.forEach((r, i) => (bodyStart[i + 1] = bodyStart[i] + r.body.length));
  return { count: rules.length, heads: Int32Array.from(rules, (r) => r.head), bodyStart, body: Int32Array.from(rules.flatMap((r) => r.body)) };
}

function unrows(rules: CompactRules): { head: number; body: number[] }[] {
  return Array.from({ length: rules.count }, (_, r) => ({ head: rules.heads[r], body: [...rules.body.subarray(rules.bodyStart[r], rules.bodyStart[r + 1])] }));
}

describe("rules that read a fact", () => {
  it("lose a positive literal of a fact, and the whole rule for a negative one", () => {
    const factAtoms = new Uint8Array(8);
    factAtoms[3] = 1;
    const rules = rows([
      { head: 1, body: [3] }, // becomes a rule without a body: 1 holds
      { head: 2, body: [4, 3, -5] },
      { head: 6, body: [4, -3] }, // never holds
      { head: 7, body: [5] },
    ]);
    expect(unrows(withoutFactLiterals(rules, factAtoms))).toEqual([
      { head: 1, body: [] },
      { head: 2, body: [4, -5] },
      { head: 7, body: [5] },
    ]);
  });

  it("are the same rows where no rule reads a fact", () => {
    const rules = rows([{ head: 1, body: [2, -3] }]);
    const factAtoms = new Uint8Array(4);
    factAtoms[1] = 1; // a fact, but only a head here
    expect(withoutFactLiterals(rows([{ head: 1, body: [2, -3] }]), new Uint8Array(4))).toEqual(rows([{ head: 1, body: [2, -3] }]));
    expect(withoutFactLiterals(rules, factAtoms)).toBe(rules);
  });

  it("ground a game whose static chain is a fact only once its recursion is done, as the prover plays it", async () => {
    // chain(3) is read by the split-off part of chain's recursive rule before gringo has it as a
    // fact (chain also holds of the step, a rule per number): the game lost (split1 2) <= (chain 3)
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gdl-ground-")), "late.kif");
    writeFileSync(
      file,
      [
        "(role r) (init (step 0)) (legal r go)",
        "(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)",
        "(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))",
        "(<= (chain ?x) (true (step ?x)))",
        "(chain 4)",
        "(<= (chain ?x) (succ ?x ?y) (chain ?y))",
        "(<= (next won) (not (chain 1)))",
        "(<= terminal (true (step 2)))",
        "(<= (goal r 100) (true won)) (<= (goal r 0) (not (true won)))",
      ].join("\n"),
    );
    const row = await verifyGame(file, "late", { grounder, playouts: 2, seed: 1 });
    expect(`${row.status}: ${row.detail}`).toMatch(/^agree/);
  });
});
