/**
 * Facts about a whole description that several stages ask for: its roles in the order of the
 * `role` facts (the order of joint moves, goal vectors and every report, for the ground game and
 * the state machines alike), its dialect (GDL or GDL-II) and its size in literals (the x axis of
 * the paper's Figure 4).
 */
import { RANDOM_ROLE, type Description, type Literal } from "./ast.js";
import { atomsOf } from "./terms.js";
import { termToKif } from "./print.js";

/** The roles in the order of the description's role facts (the order of joint moves). */
export function roleOrder(description: Description): string[] {
  const roles = new Set<string>(); // a Set: a list's includes made 100,000 roles take 14 s
  for (const rule of description.rules) {
    if (rule.head.relation === "role" && rule.body.length === 0 && rule.head.args.length === 1) roles.add(termToKif(rule.head.args[0]));
  }
  return [...roles];
}

/**
 * `gdl2` for a GDL-II description (Thielscher 2010: one that declares the `random` role or uses
 * `sees`), `gdl1` for any other. The checks and the reports say which; every stage handles both.
 */
export type Dialect = "gdl1" | "gdl2";

export function dialectOf(description: Description): Dialect {
  for (const rule of description.rules) {
    const head = rule.head;
    if (head.relation === "sees") return "gdl2";
    if (head.relation === "role" && head.args.length === 1 && head.args[0].kind === "constant" && head.args[0].name === RANDOM_ROLE) return "gdl2";
    for (const l of rule.body) for (const { atom } of atomsOf(l)) if (atom.relation === "sees") return "gdl2";
  }
  return "gdl1";
}

/** The size of a description the way the paper's Figure 4 measures it: literals of all rules but base/input. */
export function gdlSizeInLiterals(description: Description): number {
  const count = (l: Literal): number => {
    switch (l.kind) {
      case "atom":
      case "distinct":
        return 1;
      case "not":
        return count(l.body);
      case "or":
        return l.disjuncts.reduce((sum, d) => sum + count(d), 0);
    }
  };
  let literals = 0;
  for (const rule of description.rules) {
    if (rule.head.relation === "base" || rule.head.relation === "input") continue;
    literals += 1 + rule.body.reduce((sum, l) => sum + count(l), 0);
  }
  return literals;
}
