/**
 * Goal values: GDL's goals are integers from 0 to 100 (Love et al. 2008, section 3). A value
 * written in a `goal` atom (a head or a body literal) that is not one is an error at once; a
 * value that only grounding tells (`(<= (goal ?r ?v) (score ?v))`) is checked on the ground
 * game, and reported at the goal rule that derives it. Players and game managers read goal
 * values as numbers: `1000`, `-5` or `high` would be read differently, or not at all.
 */
import { diagnostic, NO_POSITION, type Diagnostic } from "../diagnostics.js";
import type { Atom, Description, Literal, Rule, Term } from "../syntax/ast.js";
import { atomsOf } from "../syntax/terms.js";
import { termToKif } from "../syntax/print.js";
import { groundAtom, type GroundAtom, type GroundGame } from "../ground/ground-game.js";
import type { CheckContext } from "./context.js";
import { unifiesWithHead } from "./stratification.js";

/** Why a term written as a goal value is not one, or undefined when it is (or is a variable). */
export function badGoalValue(term: Term): string | undefined {
  if (term.kind === "variable") return undefined;
  if (term.kind === "compound") return "it is a compound term";
  if (!/^[0-9]+$/.test(term.name)) return "it is not a whole number";
  return Number(term.name) <= 100 ? undefined : "it is above 100";
}

const RANGE = "goal values are whole numbers from 0 to 100";

function* goalAtoms(rule: Rule): Generator<Atom> {
  yield rule.head;
  for (const literal of rule.body as readonly Literal[]) for (const { atom } of atomsOf(literal)) yield atom;
}

export function checkGoalValues(context: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of context.description.rules) {
    context.deadline.poll();
    for (const atom of goalAtoms(rule)) {
      if (atom.relation !== "goal" || atom.args.length !== 2) continue;
      const why = badGoalValue(atom.args[1]);
      if (why) out.push(context.report("error", "goal", atom.args[1].pos, `${context.print.term(atom.args[1])} is not a goal value: ${why} (${RANGE})`));
    }
  }
  return out;
}

/** At most this many ground goal atoms are reported (the rest are counted). */
const MAX_REPORTED = 20;

/**
 * The goal values that grounding derived and that are not integers from 0 to 100, each at
 * the goal rule that derives it (the first whose head matches), or none.
 */
export function groundGoalValueErrors(game: GroundGame, description: Description): Diagnostic[] {
  const bad: GroundAtom[] = [];
  for (let i = 0; i < game.atoms.length; i++) {
    if (game.atoms.relation[i] !== "goal") continue;
    const a = groundAtom(game.atoms, i);
    if (a.args.length === 2 && badGoalValue(a.args[1]) !== undefined) bad.push(a);
  }
  if (bad.length === 0) return [];
  const goalRules = description.rules.filter((r) => r.head.relation === "goal" && r.head.args.length === 2);
  const out = bad.slice(0, MAX_REPORTED).map((atom) => {
    const rule = goalRules.find((r) => unifiesWithHead({ kind: "atom", relation: "goal", args: atom.args, pos: r.pos }, r.head));
    return diagnostic(
      "error",
      "goal",
      description.file,
      rule?.head.args[1].pos ?? rule?.pos ?? NO_POSITION,
      `this goal rule derives ${atom.kif}: ${termToKif(atom.args[1])} is not a goal value: ${badGoalValue(atom.args[1])} (${RANGE})`,
    );
  });
  if (bad.length > MAX_REPORTED) {
    out.push(diagnostic("error", "goal", description.file, out[0].pos, `and ${bad.length - MAX_REPORTED} more ground goal atoms with values that are not goal values`));
  }
  return out;
}
