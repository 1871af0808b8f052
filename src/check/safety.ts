/**
 * Safety (Definition 1.2, "allowed" rules): every variable of a rule occurs in a positive
 * atom of the body. Variables of the head, of `not` and of `distinct` count only when a
 * positive atom binds them. With `or`, a variable is bound only if it is bound in every
 * variant (see variants.ts); each unsafe variable is reported once per rule, at its first
 * offending occurrence.
 *
 * An unsafe rule is a warning, not an error: such rules occur in the reasoner test cases of
 * GGP-Base (`(<= (legal ?p ?p) (cell 1 1))`), and the translation grounds them by binding the
 * variable to every ground term of the description (domain closure).
 */
import type { Diagnostic, Position } from "../diagnostics.js";
import type { Disjunction, Literal, Rule, Term } from "../syntax/ast.js";
import { atomVariables } from "../syntax/terms.js";
import type { CheckContext } from "./context.js";
import { BodyKeys, necessaryKeys, type KeyFunction } from "./variants.js";

const positiveVariables: KeyFunction = (atom, negated) => (negated ? [] : atomVariables(atom));

interface VariableOccurrence {
  readonly name: string;
  readonly pos: Position;
}

/**
 * The variables of terms and literals in written order, from a stack of its own: a term may nest
 * 2,000 deep (the reader's limit), and a generator per level overflowed the smaller stacks of the
 * browser's workers from about 1,500 levels.
 */
function* occurrences(root: Literal | Term): Generator<VariableOccurrence> {
  const stack: (Literal | Term)[] = [root];
  const pushAll = (parts: readonly (Literal | Term)[]) => {
    for (let k = parts.length - 1; k >= 0; k--) stack.push(parts[k]);
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.kind) {
      case "variable":
        yield { name: node.name, pos: node.pos };
        break;
      case "compound":
      case "atom":
        pushAll(node.args);
        break;
      case "not":
        stack.push(node.body);
        break;
      case "distinct":
        pushAll([node.left, node.right]);
        break;
      case "or":
        pushAll(node.disjuncts);
        break;
    }
  }
}

/**
 * For each variable, the `or`s (outside `not`) that bind it in some of their disjuncts but not
 * in all: one walk over the rule, made when its first unsafe variable is reported.
 */
function partialDisjunctions(rule: Rule): Map<string, Disjunction[]> {
  const out = new Map<string, Disjunction[]>();
  const visit = (literal: Literal) => {
    if (literal.kind !== "or") return;
    const binding = new Map<string, number>();
    for (const d of literal.disjuncts) for (const name of necessaryKeys(d, positiveVariables)) binding.set(name, (binding.get(name) ?? 0) + 1);
    for (const [name, count] of binding) {
      if (count === literal.disjuncts.length) continue;
      const list = out.get(name);
      if (list) list.push(literal);
      else out.set(name, [literal]);
    }
    literal.disjuncts.forEach(visit);
  };
  rule.body.forEach(visit);
  return out;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function checkSafety(context: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of context.description.rules) {
    context.deadline.poll();
    const reported = new Set<string>();
    let partialOrs: Map<string, Disjunction[]> | undefined;
    const complain = (occurrence: VariableOccurrence, where: string) => {
      if (reported.has(occurrence.name)) return;
      reported.add(occurrence.name);
      partialOrs ??= partialDisjunctions(rule);
      const partial = partialOrs.get(occurrence.name) ?? [];
      const why =
        partial.length > 0
          ? `it is bound only in some disjuncts of an 'or', so a variant of the rule leaves it unbound`
          : `no positive atom of the body binds it`;
      const related = partial.map((or) => ({
        message: `not every disjunct of ${shorten(context.print.literal(or))} binds ${context.print.variable(occurrence.name)}`,
        pos: or.pos,
      }));
      out.push(
        context.report(
          "warning",
          "safety",
          occurrence.pos,
          `unsafe variable ${context.print.variable(occurrence.name)} ${where}: ${why}; this is not valid GDL by Definition 1.2, ` +
            `and gdl-ground grounds it by binding ${context.print.variable(occurrence.name)} to every ground term of the description`,
          related,
        ),
      );
    };
    const body = new BodyKeys(rule, positiveVariables);
    for (const arg of rule.head.args)
      for (const occurrence of occurrences(arg))
        if (!body.head.has(occurrence.name)) complain(occurrence, "in the head");
    body.forEachLeaf((leaf, keys) => {
      context.deadline.poll();
      if (leaf.kind === "atom") return; // a positive atom binds its own variables
      const where = leaf.kind === "not" ? "under 'not'" : "in 'distinct'";
      for (const occurrence of occurrences(leaf))
        if (!keys.has(occurrence.name)) complain(occurrence, where);
    });
  }
  return out;
}

