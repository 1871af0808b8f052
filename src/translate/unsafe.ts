/**
 * Rules that are not safe (Definition 1.2) but that Prolog-style GDL reasoners accept, made safe
 * for the grounder with the meaning those reasoners give them:
 *
 * 1. A variable that occurs only inside one negative literal is local to it: `(not (succ ?x ?y))`
 *    with ?y nowhere else means "there is no ?y with (succ ?x ?y)". The literal becomes the
 *    negation of a projection:
 *        p(X) :- q(X), not succ(X, Y).
 *    becomes
 *        p(X) :- q(X), not _neg1(X).      _neg1(X) :- succ(X, Y).
 * 2. A variable still unbound (only in the head, in `distinct`, or in several negative literals)
 *    ranges over the ground terms written in the description, through `_dom`:
 *        (<= (legal ?p ?p) (cell 1 1))  ->  legal(P,P) :- cell(1,1), _dom(P).
 */
import type { Description, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { atomVariables, unsafeVariables, writtenGroundTerms } from "../syntax/terms.js";
import { flatLiteralVariables, variableUses, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { DOMAIN_RELATION, INTERNAL_PREFIX } from "./symbols.js";

export function projectLocalNegations(
  rules: readonly FlatRule[],
  statics: ReadonlySet<string>,
): { rules: FlatRule[]; staticAux: Set<string> } {
  const out: FlatRule[] = [];
  const staticAux = new Set<string>();
  let counter = 0;
  for (const rule of rules) {
    const literalVars = rule.body.map((l) => flatLiteralVariables(l));
    const headVars = atomVariables(rule.head);
    // a literal's variable occurs elsewhere when in the head or in another literal (counted, not
    // collected per literal: bodies of thousands of `not`s)
    const uses = variableUses(literalVars);
    const elsewhere = (v: string) => headVars.has(v) || uses.get(v)! > 1;
    let body: FlatLiteral[] | undefined;
    rule.body.forEach((literal, i) => {
      if (literal.kind !== "neg") return;
      const local = [...literalVars[i]].filter((v) => !elsewhere(v));
      if (local.length === 0) return;
      const kept = [...literalVars[i]].filter(elsewhere).sort();
      const relation = `${INTERNAL_PREFIX}neg${++counter}`;
      const head = {
        kind: "atom" as const,
        relation,
        args: kept.map((name): Term => ({ kind: "variable", name, pos: NO_POSITION })),
        pos: literal.atom.pos,
      };
      out.push({ head, body: [{ kind: "pos", atom: literal.atom }], origin: rule.origin, part: "game" });
      if (statics.has(literal.atom.relation)) staticAux.add(relation);
      body ??= [...rule.body];
      body[i] = { kind: "neg", atom: head };
    });
    out.push(body ? { ...rule, body } : rule);
  }
  return { rules: out, staticAux };
}

export function closeUnsafeVariables(rules: readonly FlatRule[], description: Description): FlatRule[] {
  // after projectLocalNegations no variable is local to one negative literal: every unsafe one ranges over the domain
  const unsafe = rules.map((rule) => unsafeVariables(rule.head, rule.body));
  if (unsafe.every((vars) => vars.length === 0)) return [...rules];
  const first = description.rules[0];
  const domainFacts: FlatRule[] = writtenGroundTerms(description).map((t) => ({
    head: { kind: "atom", relation: DOMAIN_RELATION, args: [t], pos: first.pos },
    body: [],
    origin: first,
    part: "game",
  }));
  const closed = rules.map((rule, i) =>
    unsafe[i].length === 0
      ? rule
      : {
          ...rule,
          body: [
            ...rule.body,
            ...unsafe[i].map((name): FlatLiteral => ({
              kind: "pos",
              atom: { kind: "atom", relation: DOMAIN_RELATION, args: [{ kind: "variable", name, pos: rule.head.pos }], pos: rule.head.pos },
            })),
          ],
        },
  );
  return [...closed, ...domainFacts];
}
