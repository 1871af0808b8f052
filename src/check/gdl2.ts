/**
 * The rules of GDL-II on its two keywords (Thielscher 2010; ../shared/papers/gdl2-notes.md):
 *  - `sees` appears in rule heads only: no relation may depend on what a role perceives (its
 *    bodies are like `next`'s: they may use `true` and `does`);
 *  - the role of a `sees` head is a declared role (or a variable);
 *  - the `random` role needs legal moves, for chance to choose from (it needs no goals: see
 *    required.ts).
 * A GDL-I description has neither keyword, and nothing here reports on it.
 */
import type { Diagnostic } from "../diagnostics.js";
import { RANDOM_ROLE, type Atom, type Literal } from "../syntax/ast.js";
import { termToKif } from "../syntax/print.js";
import { atomsOf } from "../syntax/terms.js";
import type { CheckContext } from "./context.js";

function* bodyAtoms(literals: readonly Literal[]): Generator<Atom> {
  for (const l of literals) for (const { atom } of atomsOf(l)) yield atom;
}

export function checkGdl2(context: CheckContext): Diagnostic[] {
  const { rules } = context.description;
  const out: Diagnostic[] = [];
  const roles = new Set<string>();
  let randomRole: (typeof rules)[number] | undefined;
  let randomHasLegal = false;
  for (const rule of rules) {
    const head = rule.head;
    if (head.relation === "role" && rule.body.length === 0 && head.args.length === 1 && head.args[0].kind !== "variable") {
      const role = termToKif(head.args[0]);
      roles.add(role);
      if (role === RANDOM_ROLE) randomRole ??= rule;
    }
    if (head.relation === "legal" && head.args.length === 2) {
      const role = head.args[0];
      if (role.kind === "variable" || termToKif(role) === RANDOM_ROLE) randomHasLegal = true;
    }
    for (const atom of bodyAtoms(rule.body)) {
      if (atom.relation !== "sees") continue;
      out.push(
        context.report(
          "error",
          "keywords",
          atom.pos,
          "'sees' cannot be used in a rule body: it says what a role perceives after a joint move, and no relation may depend on it (GDL-II)",
        ),
      );
    }
  }
  for (const rule of rules) {
    const head = rule.head;
    if (head.relation !== "sees" || head.args.length !== 2) continue;
    const role = head.args[0];
    if (role.kind === "variable") continue;
    const name = termToKif(role);
    if (!roles.has(name)) {
      out.push(context.report("error", "keywords", role.pos, `'sees' names ${context.print.term(role)}, which is not a role: no role fact declares it`));
    }
  }
  if (randomRole && !randomHasLegal) {
    out.push(
      context.report(
        "error",
        "missing",
        randomRole.pos,
        "role random has no legal rule: chance (the random role of GDL-II) needs legal moves to choose from",
      ),
    );
  }
  return out;
}
