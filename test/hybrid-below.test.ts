/**
 * Ground below the prover (issue 29, src/hybrid/below.ts, below-machine.ts): which relations go
 * below and which are handed to the prover, the machine that derives them per state on a propnet
 * agreeing with the prover alone, and chess, where `legal2` goes below.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../src/diagnostics.js";
import type { ClosableGrounder } from "../src/ground/index.js";
import { chooseBelow, groundBelow, type Below } from "../src/hybrid/below.js";
import { partialMachine } from "../src/hybrid/partial-machine.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild, loadText, type LoadResult } from "../src/pipeline.js";
import { playableDescription } from "../src/playable.js";
import { isCompileError } from "../src/propnet/machine.js";
import { Prover } from "../src/prover/prover.js";
import { compareRandomPlayouts, describeMismatch } from "../src/verify/compare.js";
import { propnetKifReasoner, proverKifReasoner } from "../src/verify/reasoners.js";
import type { Description } from "../src/syntax/ast.js";
import { withGrounder } from "./support/grounder.js";

const BASE = path.resolve(__dirname, "..", "..", "shared", "games", "base");
const haveChess = existsSync(path.join(BASE, "chess.kif"));

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

/**
 * A walker on cells 1..5 with walls: `free` (a leaf: the state and a static relation), `path`
 * (recursive: where the walker can go) enumerated by legal, `hop` (a move term, always `move/2`)
 * enumerated by legal, `near` read by next as a check of one
 * atom, `big` named exploding and `uses_big` reading it, `moved` reading does.
 */
const WALKER = `
(role r)
(init (at 1)) (init (wall 4)) (init (step 0))
(cell 1) (cell 2) (cell 3) (cell 4) (cell 5)
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
(<= (free ?x) (cell ?x) (not (true (wall ?x))))
(<= (path ?x ?y) (succ ?x ?y) (free ?y))
(<= (path ?x ?z) (succ ?x ?y) (free ?y) (path ?y ?z))
(<= (near ?x ?y) (path ?x ?y) (succ ?x ?y))
(<= (big ?x) (true (at ?x)) (succ ?x 5))
(<= (uses_big ?x) (big ?x) (free ?x))
(<= (moved) (does r (go ?y)))
(<= (moved) (does r (jump ?y)))
(<= (hop (move ?x ?y)) (true (at ?x)) (path ?x ?y) (succ ?x ?y))
(<= (legal r (jump ?y)) (hop (move ?x ?y)))
(<= (next (at ?y)) (does r (jump ?y)))
(<= (legal r (go ?y)) (true (at ?x)) (path ?x ?y))
(<= (legal r stay) (true (at ?x)))
(<= (legal r (breach ?x)) (true (wall ?x)) (true (at ?y)) (succ ?y ?x))
(<= (next (at ?y)) (does r (go ?y)))
(<= (next (at ?x)) (true (at ?x)) (not (moved)))
(<= (next (wall ?x)) (true (wall ?x)) (not (does r (breach ?x))))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next (close ?y)) (does r (go ?y)) (true (at ?x)) (near ?x ?y))
(<= terminal (true (step 5)))
(<= terminal (uses_big ?x))
(<= (goal r 100) (true (at 5)))
(<= (goal r 50) (true (close ?y)) (not (true (at 5))))
(<= (goal r 0) (not (true (at 5))) (not (true (close 2))) (not (true (close 3))) (not (true (close 4))) (not (true (close 5))))
`;

function described(text: string): Description {
  const loaded = loadText(text, "walker.kif");
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || !loaded.description) throw new Error(errors.map(formatDiagnostic).join("; "));
  return loaded.description;
}

function chosen(description: Description, exploding: readonly string[]): Below {
  const below = chooseBelow(description, exploding);
  if ("reason" in below) throw new Error(below.reason);
  return below;
}

describe("which relations go below the prover", () => {
  it("the state-level relations that reach no exploding relation and no does; handed over, what a rule above enumerates, no leaf", async () => {
    const below = chosen(described(WALKER), ["big"]);
    // what the exported relations read is ground with them; near, below too but read by no exported relation, is not
    expect(below.below).toEqual(["free", "hop", "path"]);
    // near is read by next with both arguments bound (does, true): a check, left to the prover
    expect(below.exported.map((e) => `${e.relation}/${e.arity} ${e.fluent}`)).toEqual(["hop/1 below_hop", "path/2 below_path"]);
    // hop's argument is always (move ?x ?y): its fluent holds the move's arguments, (below_hop ?x ?y)
    expect(below.exported.map((e) => e.flattened)).toEqual([[{ functor: "move", arity: 2 }], [null, null]]);
    const { ruleToKif } = await import("../src/syntax/print.js");
    expect(below.proverDescription.rules.filter((r) => r.head.relation === "legal").map(ruleToKif)).toContain("(<= (legal r (jump ?y)) (true (below_hop ?x ?y)))");
    const rules = below.proverDescription.rules.map((r) => r.head.relation);
    expect(rules).not.toContain("path");
    // still read on the prover's side: near reads path as a fluent now
    expect(rules).toContain("near");
    expect(rules).toContain("free");
  });

  it("the grounder's description: the exported atoms as legal moves of a role of its own, P^base's fluents as next facts", () => {
    const below = chosen(described(WALKER), ["big"]);
    const d = below.belowDescription(["(at 1)", "(wall 4)"]);
    const heads = [...new Set(d.rules.map((r) => r.head.relation))].sort();
    expect(heads).toEqual(["cell", "free", "hop", "legal", "next", "path", "role", "succ"]);
    expect(d.rules.filter((r) => r.head.relation === "role").length).toBe(1);
  });

  it("a fresh name when the game uses below_path already; no choice when nothing is left or the game reads (true ?x)", () => {
    expect(chosen(described(`${WALKER} (cell below_path)`), ["big"]).exported.map((e) => e.fluent)).toEqual(["below_hop", "below_path_"]);
    expect(chooseBelow(described(WALKER), ["big", "free"])).toEqual({ reason: "no relation at the state's level depends on none of the exploding ones" });
    expect(chooseBelow(described(`${WALKER} (<= (any) (true ?f))`), ["big"])).toEqual({ reason: "the game reads a whole state fluent as a variable, (true ?x)" });
    // path read as a check alone (both arguments bound by the state and a static relation before it), hop exploding
    const checks = WALKER.replace("(<= (legal r (go ?y)) (true (at ?x)) (path ?x ?y))", "(<= (legal r (go ?y)) (true (at ?x)) (succ ?x ?y) (path ?x ?y))");
    expect(chooseBelow(described(checks), ["big", "hop"])).toEqual({ reason: "no relation that could be ground below the prover (free, near, path) is enumerated by a rule above it" });
  });
});

async function proverPropnet(loaded: LoadResult) {
  const played = await playableDescription(loaded, { grounder, timeoutSeconds: 60, engine: "prover" });
  if (!("game" in played)) throw new Error(played.diagnostics.map(formatDiagnostic).join("; "));
  return played.game.propnet;
}

describe("the prover's machine with what is ground below it", () => {
  it("walker: the same states, legal moves, terminal flags and goals as the prover alone, along seeded playouts", async () => {
    const loaded = loadText(WALKER, "walker.kif");
    const description = loaded.description!;
    const propnet = await proverPropnet(loaded);
    const below = await groundBelow(description, ["big"], propnet.baseFluents, async (d) => {
      const r = await groundAndBuild({ ...loaded, description: d }, { grounder, timeoutSeconds: 60, propnet: true });
      return { propnet: r.propnet, why: r.status };
    });
    if ("reason" in below) throw new Error(below.reason);
    // path's atoms that can hold: from each of 0..4 to each later cell, 5 + 4 + 3 + 2 + 1; hop's: 4
    expect(below.atoms).toBe(19);
    const machine = partialMachine(description, propnet, undefined, "fast", below);
    if (isCompileError(machine)) throw new Error(machine.message);
    const compared = compareRandomPlayouts(proverKifReasoner(Prover.fromDescription(description)), propnetKifReasoner(machine), { playouts: 40, seed: 3 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
    expect(compared.stats.states).toBeGreaterThan(100);
    // path read off the below propnet: the wall at 4 stops the walker at 3, until it is breached
    const start = machine.initialState();
    expect(machine.legalMoveKifs(start, 0)).toEqual(["(go 2)", "(go 3)", "(jump 2)", "stay"]);
    const at3 = machine.nextState(start, [machine.moveIndex(0, "(go 3)")!]);
    expect(machine.legalMoveKifs(at3, 0)).toEqual(["(breach 4)", "stay"]);
    const breached = machine.nextState(at3, [machine.moveIndex(0, "(breach 4)")!]);
    expect(machine.legalMoveKifs(breached, 0)).toEqual(["(go 4)", "(go 5)", "(jump 4)", "stay"]);
  });
});

describe.skipIf(!haveChess)("chess: legal2 ground below the prover", () => {
  it("the probe's exploding relations leave legal2 below; seeded playouts agree with the prover alone on every step", async () => {
    const file = path.join(BASE, "chess.kif");
    // what a native gringo's probe sees of chess (its share of 300,000 ground rules), without one
    const seen: [string, number][] = [
      ["different_cells", 65280],
      ["the demand of clear_diagonal_se_ig (P^base)", 35600],
      ["the demand of clear_col_ig (P^base)", 35078],
      ["the demand of clear_row_ig (P^base)", 35042],
      ["the demand of rook_move_ig (P^base)", 21232],
      ["the demand of clear_diagonal_ne_ig (P^base)", 19526],
      ["the demand of bishop_move_ig (P^base)", 18446],
      ["the demand of queen_move_ig (P^base)", 7962],
      ["the demand of pawn_advance (P^base)", 3072],
      ["legal2^static (P^base)", 631],
    ];
    const probe = async (_p: unknown, seconds: number) => ({ seconds, relations: seen.map(([relation, groundRules]) => ({ relation, groundRules })) });
    const played = await playableDescription(loadFile(file), { grounder, timeoutSeconds: 60, tooLarge: "partial", maxGroundRules: 1_000_000, probe });
    if (!("game" in played)) throw new Error(played.diagnostics.map(formatDiagnostic).join("; "));
    const { machine, partial, result } = played.game;
    expect(machine.engine).toBe("prover");
    expect(partial?.below?.exported.map((e) => e.relation)).toEqual(["legal2"]);
    expect(partial?.below?.relations).toContain("clear_diagonal_ne");
    expect(result.diagnostics.map(formatDiagnostic).join("\n")).toMatch(/note\[ground\]: ground below the prover: legal2\/2 \(\d+ atoms that can hold; \d+ components\)/);
    const compared = compareRandomPlayouts(proverKifReasoner(Prover.fromDescription(result.description!)), propnetKifReasoner(machine), { playouts: 2, seed: 29 });
    if (compared.mismatch) throw new Error(describeMismatch(compared.mismatch));
    expect(compared.stats.states).toBeGreaterThan(100);
  });
});
