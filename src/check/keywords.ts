/**
 * The rules of GDL on its keywords (Love et al. 2008):
 *  - `true` and `does` never in a head;
 *  - `role`, `init`, `base`, `input` do not depend on `true`, `does`, `next`, `legal`, `goal`
 *    or `terminal`;
 *  - `legal`, `goal`, `terminal` do not depend on `does`;
 *  - every keyword has its fixed arity (KEYWORD_ARITY);
 *  - `role` is given by facts only.
 * A dependency is reported at the body atom through which it runs, with the chain of
 * relations down to the forbidden keyword.
 */
import type { Diagnostic } from "../diagnostics.js";
import { KEYWORD_ARITY, type Atom, type Literal } from "../syntax/ast.js";
import { atomsOf } from "../syntax/terms.js";
import { ShortestChains } from "./chains.js";
import type { CheckContext } from "./context.js";

const STATE_INDEPENDENT = ["role", "init", "base", "input"];
const DYNAMIC = ["true", "does", "next", "legal", "goal", "terminal"];
const MOVE_INDEPENDENT = ["legal", "goal", "terminal"];

/** The forbidden dependencies of each keyword. */
export const FORBIDDEN_DEPENDENCIES: ReadonlyMap<string, readonly string[]> = new Map([
  ...STATE_INDEPENDENT.map((k): [string, string[]] => [k, DYNAMIC]),
  ...MOVE_INDEPENDENT.map((k): [string, string[]] => [k, ["does"]]),
]);

function* allAtoms(literals: readonly Literal[]): Generator<Atom> {
  for (const l of literals) for (const { atom } of atomsOf(l)) yield atom;
}

export function checkKeywords(context: CheckContext): Diagnostic[] {
  const { description, graph } = context;
  const out: Diagnostic[] = [];
  const reportedDependency = new Set<string>();
  const chainsByTargets = new Map<readonly string[], ShortestChains>();
  for (const rule of description.rules) {
    context.deadline.poll();
    const head = rule.head;
    if (head.relation === "true" || head.relation === "does")
      out.push(
        context.report(
          "error",
          "keywords",
          head.pos,
          `'${head.relation}' cannot be defined: it may not occur in the head of a rule or as a fact`,
        ),
      );
    if (head.relation === "role" && rule.body.length > 0)
      out.push(context.report("error", "keywords", head.pos, "'role' must be given by facts, not by a rule with a body"));

    for (const atom of [head, ...allAtoms(rule.body)]) {
      const arity = KEYWORD_ARITY.get(atom.relation);
      if (arity !== undefined && atom.args.length !== arity)
        out.push(
          context.report(
            "error",
            "keywords",
            atom.pos,
            `'${atom.relation}' takes ${arity} argument${arity === 1 ? "" : "s"}, here it has ${atom.args.length}`,
          ),
        );
    }

    const forbidden = FORBIDDEN_DEPENDENCIES.get(head.relation);
    if (!forbidden) continue;
    let chains = chainsByTargets.get(forbidden);
    if (!chains) chainsByTargets.set(forbidden, (chains = new ShortestChains(graph, forbidden)));
    for (const atom of allAtoms(rule.body)) {
      context.deadline.poll();
      const key = `${head.relation}\u0000${atom.relation}`;
      if (reportedDependency.has(key) || !chains.reaches(atom.relation)) continue;
      reportedDependency.add(key);
      const chain = chains.chain(atom.relation);
      const last = chains.end(atom.relation);
      const via = chain.length > 1 ? ` (${[head.relation, ...chain].join(" -> ")})` : "";
      out.push(
        context.report(
          "error",
          "keywords",
          atom.pos,
          `'${head.relation}' may not depend on '${last}'${via}`,
        ),
      );
    }
  }
  return out;
}
