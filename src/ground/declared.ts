/**
 * Whether a game's own `base` and `input`, used as P^base (`--declared-base-input`), cover what its
 * ground rules derive: the fluent of every ground `init`/`next` atom declared in base, the move of
 * every ground `legal` atom in input. Where they do not, the ground game lacks whatever reads the
 * rest: the state generator made `true` atoms only for the declared fluents and the action
 * generator `does` atoms only for the declared moves, so a rule reading another was never ground
 * (a move with no effect, a fluent that never ends the game). The pipeline says so in a warning.
 *
 * Why a warning and not an error or a second grounding: the ground program over-approximates the
 * reachable states, so a miss may be unreachable, and the paper's Definition 5 ("well defined")
 * asks only for what is reachable. Of the base games that declare both (and ground within 40 s),
 * 25 miss some (gt_chicken's base stops at `(round 99)` where the ground `next` reaches `(round
 * 100)`, pawnToQueen's input has no pawn's double step from d2), and all 25 agree with the prover
 * along three whole playouts when ground with their declarations. A game whose declarations do miss reachable fluents or moves
 * (random game 60766: a move over an unsafe variable's terms) comes out wrong, now with the warning.
 */
import { argumentPair, atomArguments, type ArgumentPair, type GroundGame, type InputMove } from "./ground-game.js";
import { diagnostic, NO_POSITION, type Diagnostic } from "../diagnostics.js";
import type { Description } from "../syntax/ast.js";
import { sampleList } from "../text.js";

/** What a ground game derives that its declared base and input leave out. */
export interface Undeclared {
  /** KIF of fluents of `init`/`next` atoms that base does not declare, in atom order. */
  readonly fluents: readonly string[];
  /** Moves of `legal` atoms that input does not declare, in atom order. */
  readonly moves: readonly InputMove[];
}

/** The fluents and moves `game` derives beyond its `base` and `input` (both empty when they cover it). */
export function undeclared(game: GroundGame): Undeclared {
  const base = new Set(game.base);
  const input = new Set(game.input.map((m) => `${m.role} ${m.move}`));
  const fluents: string[] = [];
  const moves: InputMove[] = [];
  const atoms = game.atoms;
  const pair: ArgumentPair = { text: "", firstFrom: 0, firstTo: 0, secondFrom: 0, secondTo: 0 };
  for (let i = 0; i < atoms.length; i++) {
    const relation = atoms.relation[i];
    if (relation === "init" || relation === "next") {
      const args = atomArguments(atoms, i);
      if (args.length === 1 && !base.has(args[0])) fluents.push(args[0]);
    } else if (relation === "legal" && argumentPair(atoms, i, pair)) {
      const role = pair.text.slice(pair.firstFrom, pair.firstTo);
      const move = pair.text.slice(pair.secondFrom, pair.secondTo);
      if (!input.has(`${role} ${move}`)) moves.push({ role, move });
    }
  }
  return { fluents: [...new Set(fluents)], moves };
}

/** The warning of a grounding with the game's own base and input that leave out `missing`, at its first `base` rule (the pipeline adds it). */
export function undeclaredWarning(file: string, description: Description, missing: Undeclared): Diagnostic {
  const at = description.rules.find((r) => r.head.relation === "base")?.pos ?? NO_POSITION;
  const lacks = [
    ...(missing.fluents.length > 0 ? [`base lacks ${sampleList(missing.fluents)}, which init or next derive`] : []),
    ...(missing.moves.length > 0 ? [`input lacks ${sampleList(missing.moves.map((m) => `(${m.role} ${m.move})`))}, which legal derives`] : []),
  ];
  return diagnostic(
    "warning",
    "declared",
    file,
    at,
    `the game's own base and input leave out what its ground rules derive (${lacks.join("; ")}): where a reachable state holds such a fluent or allows such a move, ` +
      `the ground game is wrong (what reads it was not ground); without --declared-base-input the static relaxation covers them`,
  );
}
