/**
 * The validity checks of a GDL description (Definition 1 and 2 of the paper, plus the rules
 * of GDL on keywords and arities). Each check is a small function over a shared context
 * (see context.ts) returning diagnostics; `checkDescription` runs them all and sorts the result.
 */
import { diagnostic, NO_POSITION, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { DeadlineExceeded, type Deadline } from "../deadline.js";
import type { Description } from "../syntax/ast.js";
import { printerFor } from "../syntax/printer.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import { checkArity } from "./arity.js";
import { checkBounded } from "./bounded.js";
import { checkCase } from "./case.js";
import { checkGdl2 } from "./gdl2.js";
import { checkGoalValues } from "./goal-values.js";
import { createCheckContext, type CheckRule } from "./context.js";
import { checkKeywords } from "./keywords.js";
import { checkRecursionRestriction } from "./recursion-restriction.js";
import { checkRequired } from "./required.js";
import { checkSafety } from "./safety.js";
import { checkStratification } from "./stratification.js";

export type { CheckContext, CheckRule } from "./context.js";
export { argumentRanking, explainBoundedReading, definition2Rules, type ArgumentRanking, type GrowingRule } from "./bounded.js";
export { groundGoalValueErrors } from "./goal-values.js";
export { checkArity, checkBounded, checkCase, checkGdl2, checkGoalValues, checkKeywords, checkRecursionRestriction, checkRequired, checkSafety, checkStratification };

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
  ["goal-values", checkGoalValues],
  ["case", checkCase],
]);

export interface CheckOptions {
  /** The notation of the GDL quoted in messages (default `kif`). */
  readonly syntax?: GdlSyntax;
  /** A time limit: the checks stop when it is reached, with an `error[timeout]`. */
  readonly deadline?: Deadline;
}

/**
 * Runs the given checks (all by default) and returns their diagnostics sorted by position.
 * When the deadline passes, the checks stop: what they found so far and an `error[timeout]`.
 */
export function checkDescription(
  description: Description,
  rules: Iterable<CheckRule> = CHECK_RULES.values(),
  options: CheckOptions = {},
): Diagnostic[] {
  const context = createCheckContext(description, printerFor(options.syntax), options.deadline);
  const out: Diagnostic[] = [];
  for (const [name, rule] of namedRules(rules)) {
    try {
      if (options.deadline?.expired()) throw new DeadlineExceeded(options.deadline.seconds);
      for (const d of rule(context)) out.push(d);
    } catch (error) {
      if (!(error instanceof DeadlineExceeded)) throw error;
      out.push(diagnostic("error", "timeout", description.file, NO_POSITION, `the checks did not finish within the time limit of ${error.seconds} s (stopped in the ${name} check)`));
      break;
    }
  }
  return sortDiagnostics(out);
}

/** The checks with their names (a check not in CHECK_RULES is named by its function). */
function* namedRules(rules: Iterable<CheckRule>): Generator<[string, CheckRule]> {
  const names = new Map([...CHECK_RULES].map(([name, rule]) => [rule, name]));
  for (const rule of rules) yield [names.get(rule) ?? rule.name, rule];
}
