/**
 * The validity checks of a GDL description (Definition 1 and 2 of the paper, plus the rules
 * of GDL on keywords and arities). Each check is a small function over a shared context
 * (see context.ts) returning diagnostics; `checkDescription` runs them all and sorts the result.
 */
import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import type { Description } from "../syntax/ast.js";
import { checkArity } from "./arity.js";
import { checkBounded } from "./bounded.js";
import { checkCase } from "./case.js";
import { createCheckContext, type CheckRule } from "./context.js";
import { checkKeywords } from "./keywords.js";
import { checkRecursionRestriction } from "./recursion-restriction.js";
import { checkSafety } from "./safety.js";
import { checkStratification } from "./stratification.js";

export type { CheckContext, CheckRule } from "./context.js";
export { argumentRanking, explainBoundedReading, definition2Rules, type ArgumentRanking, type GrowingRule } from "./bounded.js";
export { checkArity, checkBounded, checkCase, checkKeywords, checkRecursionRestriction, checkSafety, checkStratification };

/** Every check, by name, in the order they run. */
export const CHECK_RULES: ReadonlyMap<string, CheckRule> = new Map<string, CheckRule>([
  ["safety", checkSafety],
  ["stratification", checkStratification],
  ["recursion-restriction", checkRecursionRestriction],
  ["keywords", checkKeywords],
  ["arity", checkArity],
  ["bounded", checkBounded],
  ["case", checkCase],
]);

/** Runs the given checks (all by default) and returns their diagnostics sorted by position. */
export function checkDescription(description: Description, rules: Iterable<CheckRule> = CHECK_RULES.values()): Diagnostic[] {
  const context = createCheckContext(description);
  const out: Diagnostic[] = [];
  for (const rule of rules) out.push(...rule(context));
  return sortDiagnostics(out);
}
