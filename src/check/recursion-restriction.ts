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
import type { Atom, Compound, Constant, Rule, Term, Variable } from "../syntax/ast.js";
import { foldTree } from "../syntax/fold-tree.js";
import { KIF_PRINTER, type GdlPrinter } from "../syntax/printer.js";
import { isGround } from "../syntax/terms.js";
import { kifName } from "../syntax/kif-name.js";
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

/** Key texts longer than this give way to numbers. */
const MAX_TEXT_KEY = 64;

/**
 * The keys terms are compared by: a term's KIF text, as long as it is short; a longer one's, a
 * number for its function name with its arguments' keys, after a blank (no KIF text starts with
 * one). The texts of all subterms of a term n deep are n² characters; the numbers make the keys
 * of a term's subterms in time linear in it. Both are one per term: names are written as `kifName`
 * writes them (`f('a b')` is `(f |a b|)`, `f(a, b)` `(f a b)`; a constant `' a'` is `| a|`, not a number).
 */
const isCompound = (t: Term): t is Compound => t.kind === "compound";

class TermKeys {
  private readonly numbers = new Map<string, number>();

  /** The key of `root`, and of each of its subterms to `visit` (the arguments before the term), without a call per level (fold-tree.ts). */
  keyOf(root: Term, visit?: (key: string) => void): string {
    const leaf = (t: Constant | Variable): string => {
      const key = t.kind === "constant" ? kifName(t.name) : `?${t.name}`;
      visit?.(key);
      return key;
    };
    const compound = (t: Compound, keys: readonly string[]): string => {
      let key: string | undefined;
      if (!keys.some((k) => k.charCodeAt(0) === 32)) {
        const functor = kifName(t.functor);
        key = keys.length === 0 ? `(${functor})` : `(${functor} ${keys.join(" ")})`;
        if (key.length > MAX_TEXT_KEY) key = undefined;
      }
      if (key === undefined) {
        const text = `${kifName(t.functor)}(${keys.join(" ")})`;
        let n = this.numbers.get(text);
        if (n === undefined) this.numbers.set(text, (n = this.numbers.size));
        key = ` ${n}`;
      }
      visit?.(key);
      return key;
    };
    return foldTree(root, isCompound, (t) => t.args, leaf, compound);
  }

}

export function restrictionViolations(rules: readonly Rule[], graph: DependencyGraph, deadline: Deadline = NO_DEADLINE): RestrictionViolation[] {
  const out: RestrictionViolation[] = [];
  const termKeys = new TermKeys();
  for (const rule of rules) {
    deadline.poll();
    const p = rule.head.relation;
    if (!graph.isRecursive(p)) continue;
    const keyOf = (t: Term) => termKeys.keyOf(t);
    const headArgs = new Set(rule.head.args.map(keyOf));
    const nonRecursiveSubterms = (atom: Atom): string[] => {
      if (graph.inCycle(p, atom.relation)) return [];
      const keys: string[] = [];
      const add = (key: string) => void keys.push(key);
      for (const a of atom.args) termKeys.keyOf(a, add);
      return keys;
    };
    forEachLeaf(rule, nonRecursiveSubterms, (leaf, context) => {
      deadline.poll();
      if (leaf.kind !== "atom" || !graph.inCycle(p, leaf.relation)) return;
      for (const v of leaf.args) {
        if (isGround(v)) continue;
        const key = keyOf(v);
        if (headArgs.has(key) || context.has(key)) continue;
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
