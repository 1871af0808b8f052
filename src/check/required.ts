/**
 * What every game must have (Love et al. 2008, section 3): at least one `role`, a `terminal`
 * rule, and for every role a `goal` rule that can give it a value (a goal head whose role is
 * that role or a variable). Without them there is no game to play: an empty file, a
 * fragment, or a description whose goals name a role that does not exist. GDL-II's `random`
 * role is chance, not a player: it needs no goal (its legal moves: gdl2.ts).
 */
import type { Diagnostic, Position } from "../diagnostics.js";

/** Where an empty description is reported: its first character. */
const START: Position = { line: 1, col: 1, offset: 0 };
import { termToKif } from "../syntax/print.js";
import { RANDOM_ROLE } from "../syntax/ast.js";
import type { CheckContext } from "./context.js";

export function checkRequired(context: CheckContext): Diagnostic[] {
  const { rules } = context.description;
  const out: Diagnostic[] = [];
  if (rules.length === 0) {
    return [context.report("error", "missing", START, "the description has no rules: a game needs roles, a terminal rule and goals")];
  }
  const roles = new Map<string, (typeof rules)[number]>();
  let terminal = false;
  let goalForAnyRole = false;
  const goalRoles = new Set<string>();
  for (const rule of rules) {
    context.deadline.poll();
    const head = rule.head;
    if (head.relation === "role" && head.args.length === 1 && rule.body.length === 0 && head.args[0].kind !== "variable") {
      const role = termToKif(head.args[0]);
      if (!roles.has(role)) roles.set(role, rule);
    } else if (head.relation === "terminal" && head.args.length === 0) {
      terminal = true;
    } else if (head.relation === "goal" && head.args.length === 2) {
      const role = head.args[0];
      if (role.kind === "variable") goalForAnyRole = true;
      else goalRoles.add(termToKif(role));
    }
  }
  const end = rules[rules.length - 1].pos;
  if (roles.size === 0 && !rules.some((r) => r.head.relation === "role")) {
    out.push(context.report("error", "missing", rules[0].pos, "the description has no (role ...) fact: a game needs at least one role"));
  }
  if (!terminal) out.push(context.report("error", "missing", end, "the description has no terminal rule: the game could never end"));
  if (!goalForAnyRole) {
    for (const [role, rule] of roles) {
      if (!goalRoles.has(role) && role !== RANDOM_ROLE) out.push(context.report("error", "missing", rule.pos, `role ${role} has no goal rule: every role needs a goal value at the end`));
    }
  }
  return out;
}
