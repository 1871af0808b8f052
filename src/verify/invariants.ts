/**
 * The propnet invariants that verification asks for (issue 4, item 5), one message per
 * violation:
 *   - everything `checkPropnetInvariants` checks (well-formed graph, every legal has its input,
 *     transitions, numeric goal values, legal/goal/terminal independent of `does`), except that
 *     a cycle without a transition is allowed when it is positive: the state machine evaluates
 *     it as a least fixpoint (`cycles: "fixpoint"`);
 *   - no cycle through a NOT (such a propnet has no meaning: the rules are not stratified);
 *   - a `next` that always holds (a ground fact `(next f)`) keeps its transition (GGP-Base #75);
 *   - every `(legal r m)` atom of the ground game that may hold has a legal proposition, and
 *     every legal proposition has the input `(does r m)` of the same role and move.
 */
import { atomArguments, isFact, type GroundGame } from "../ground/ground-game.js";
import { cyclicComponents } from "../propnet/graph.js";
import { checkPropnetInvariants } from "../propnet/invariants.js";
import { isProposition, type Propnet } from "../propnet/propnet.js";

export function verifyPropnetInvariants(propnet: Propnet, game?: GroundGame): string[] {
  const problems = checkPropnetInvariants(propnet).filter((m) => !m.startsWith("cycle without a transition"));
  const comps = propnet.components;
  const n = comps.length;
  if (comps.some((c, i) => c.id !== i || c.inputs.some((w) => !(w >= 0 && w < n)))) return problems;

  // cycles without a transition: allowed when positive
  const inputsOf = (v: number) => (comps[v].kind === "base" ? [] : comps[v].inputs);
  for (const members of cyclicComponents(n, inputsOf)) {
    const nots = members.filter((v) => comps[v].kind === "not");
    if (nots.length === 0) continue;
    const names = members.filter((v) => isProposition(comps[v].kind) || comps[v].label !== comps[v].kind).map((v) => comps[v].label).sort();
    problems.push(`cycle through a NOT (${nots.length} NOT gates) without a transition: ${names.slice(0, 8).join(", ")}${names.length > 8 ? `, ... (${names.length})` : ""}`);
  }

  if (game) {
    const baseIndex = new Map(propnet.baseFluents.map((f, b) => [f, b]));
    const legalKeys = new Set(propnet.legals.map((l) => `${l.role} ${l.move}`));
    const roleIndex = new Map(propnet.roles.map((r, i) => [r, i]));
    const factHeads = new Set<number>();
    for (let c = 0; c < game.clauses.length; c++) {
      if (isFact(game.clauses, c)) factHeads.add(game.clauses.head[c]);
    }
    for (const a of factHeads) {
      if (game.atoms.relation[a] !== "next") continue;
      const args = atomArguments(game.atoms, a);
      if (args.length !== 1) continue;
      const fluent = args[0];
      const b = baseIndex.get(fluent);
      if (b === undefined) problems.push(`(next ${fluent}) always holds but ${fluent} is not a base fluent`);
      else if (propnet.transitionIds[b] < 0) problems.push(`(next ${fluent}) always holds but ${fluent} has no transition`);
    }
    // a legal atom with a fact clause must have its legal proposition (others may be dead rules)
    for (const a of factHeads) {
      if (game.atoms.relation[a] !== "legal") continue;
      const args = atomArguments(game.atoms, a);
      if (args.length !== 2) continue;
      const role = roleIndex.get(args[0]);
      const move = args[1];
      if (role === undefined) continue; // a legal of a non-role: nobody plays it
      if (!legalKeys.has(`${role} ${move}`)) problems.push(`${game.atoms.kif[a]} always holds but has no legal proposition`);
    }
  }
  return problems;
}
