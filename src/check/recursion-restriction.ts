/**
 * The recursion restriction (Definition 1.3), on the description as written: if p and q lie
 * on a cycle of the dependency graph and a rule with head p(s1..sm) has q(v1..vk) in its
 * body, then every vi is variable-free, or one of the head arguments s1..sm, or occurs in
 * (is a subterm of an argument of) some body literal whose relation is not on a cycle with
 * p. With `or`, that literal must be there in every variant containing q (variants.ts).
 *
 * `restrictionViolations` is shared with the literal reading of Definition 2 (bounded.ts),
 * which runs it on G' = G + {true <= init, true <= next, does <= legal}.
 */
import type { DependencyGraph } from "../analysis/dependency-graph.js";
import type { Diagnostic } from "../diagnostics.js";
import type { Atom, Rule, Term } from "../syntax/ast.js";
import { termToKif } from "../syntax/print.js";
import { KIF_PRINTER, type GdlPrinter } from "../syntax/printer.js";
import { isGround } from "../syntax/terms.js";
import type { CheckContext } from "./context.js";
import { NO_DEADLINE, type Deadline } from "../deadline.js";
import { forEachLeaf } from "./variants.js";

export interface RestrictionViolation {
  readonly rule: Rule;
  /** The recursive body atom q(v1..vk). */
  readonly atom: Atom;
  /** The argument vi that is not restricted. */
  readonly argument: Term;
}

function addSubterms(term: Term, into: string[]): void {
  into.push(termToKif(term));
  if (term.kind === "compound") for (const a of term.args) addSubterms(a, into);
}

export function restrictionViolations(rules: readonly Rule[], graph: DependencyGraph, deadline: Deadline = NO_DEADLINE): RestrictionViolation[] {
  const out: RestrictionViolation[] = [];
  for (const rule of rules) {
    deadline.poll();
    const p = rule.head.relation;
    if (!graph.isRecursive(p)) continue;
    const headArgs = new Set(rule.head.args.map(termToKif));
    const nonRecursiveSubterms = (atom: Atom): string[] => {
      if (graph.inCycle(p, atom.relation)) return [];
      const keys: string[] = [];
      for (const a of atom.args) addSubterms(a, keys);
      return keys;
    };
    forEachLeaf(rule, nonRecursiveSubterms, (leaf, context) => {
      deadline.poll();
      if (leaf.kind !== "atom" || !graph.inCycle(p, leaf.relation)) return;
      for (const v of leaf.args) {
        if (isGround(v)) continue;
        const kif = termToKif(v);
        if (headArgs.has(kif) || context.has(kif)) continue;
        out.push({ rule, atom: leaf, argument: v });
      }
    });
  }
  return out;
}

export function describeViolation(v: RestrictionViolation, print: GdlPrinter = KIF_PRINTER): string {
  return `the argument ${print.term(v.argument)} of ${print.atom(v.atom)} (recursive with '${v.rule.head.relation}') is neither variable-free, nor a head argument, nor in a body literal outside the recursion`;
}

export function checkRecursionRestriction(context: CheckContext): Diagnostic[] {
  return restrictionViolations(context.description.rules, context.graph, context.deadline).map((v) =>
    context.report("error", "recursion-restriction", v.argument.pos, `${describeViolation(v, context.print)} (Definition 1.3)`, [
      { message: `in this rule for '${v.rule.head.relation}'`, pos: v.rule.pos },
    ]),
  );
}
