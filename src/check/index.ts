/**
 * The validity checks of a GDL description (Definition 1 and 2 of the paper, plus the rules
 * of GDL on keywords and arities). Each check is a small function over a shared context
 * (see context.ts) returning diagnostics; `checkDescription` runs them all and sorts the result.
 */
import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import type { Description } from "../syntax/ast.js";
import { printerFor } from "../syntax/printer.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import { checkArity } from "./arity.js";
import { checkBounded } from "./bounded.js";
import { checkCase } from "./case.js";
import { checkGdl2 } from "./gdl2.js";
import { createCheckContext, type CheckRule } from "./context.js";
import { checkKeywords } from "./keywords.js";
import { checkRecursionRestriction } from "./recursion-restriction.js";
import { checkRequired } from "./required.js";
import { checkSafety } from "./safety.js";
import { checkStratification } from "./stratification.js";

export type { CheckContext, CheckRule } from "./context.js";
export { argumentRanking, explainBoundedReading, definition2Rules, type ArgumentRanking, type GrowingRule } from "./bounded.js";
export { checkArity, checkBounded, checkCase, checkGdl2, checkKeywords, checkRecursionRestriction, checkRequired, checkSafety, checkStratification };

/** Every check, by name, in the order they run. */
export const CHECK_RULES: ReadonlyMap<string, CheckRule> = new Map<string, CheckRule>([
  ["safety", checkSafety],
  ["stratification", checkStratification],
  ["recursion-restriction", checkRecursionRestriction],
  ["keywords", checkKeywords],
  ["gdl2", checkGdl2],
  ["arity", checkArity],
  ["bounded", checkBounded],
  ["required", checkRequired],
  ["case", checkCase],
]);

export interface CheckOptions {
  /** The notation of the GDL quoted in messages (default `kif`). */
  readonly syntax?: GdlSyntax;
}

/** Runs the given checks (all by default) and returns their diagnostics sorted by position. */
export function checkDescription(
  description: Description,
  rules: Iterable<CheckRule> = CHECK_RULES.values(),
  options: CheckOptions = {},
): Diagnostic[] {
  const context = createCheckContext(description, printerFor(options.syntax));
  const out: Diagnostic[] = [];
  for (const rule of rules) for (const d of rule(context)) out.push(d);
  return sortDiagnostics(out);
}
