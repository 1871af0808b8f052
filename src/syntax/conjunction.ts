/**
 * KIF's `and`, which GDL leaves out (a rule body is already a conjunction), read as the
 * conjunction it is written for: GDL-II's mastermind448 writes its goals as
 * `(or (and (same ?c1 ?s1) (distinct ?c2 ?s2)) ...)`, which the Dresden GameController reads as
 * conjunctions; read as GDL, `and` would be a relation nobody defines, always false, and the
 * goals would silently differ. A rule that uses `and` becomes the rules without it that mean
 * the same (its disjunctive expansion over the `or`s that contain an `and`; `not` of a
 * conjunction by De Morgan's law), with a warning at the first `and`; every other rule is left
 * as it is. When the description defines a relation `and` itself (a rule head), `and` is that
 * relation and nothing is rewritten.
 *
 *   (<= (goal p 50) (t ?a ?b) (or (and (same ?a 1) (same ?b 2)) (same ?a 3)))
 * reads as
 *   (<= (goal p 50) (t ?a ?b) (same ?a 1) (same ?b 2))
 *   (<= (goal p 50) (t ?a ?b) (same ?a 3))
 */
import { diagnostic, type Diagnostic } from "../diagnostics.js";
import { literalsTooDeep, MAX_LITERAL_NESTING, type Atom, type Literal, type Rule, type Term } from "./ast.js";

/** Rules one rule may become at most (the product of its alternatives). */
export const MAX_CONJUNCTION_RULES = 1024;

const AND = "and";

/** The rules with every `and` expanded, and a warning per rewritten rule (an error when one becomes too many). */
export function expandConjunctions(rules: readonly Rule[], file: string): { rules: readonly Rule[]; diagnostics: Diagnostic[] } {
  if (!rules.some(usesAnd) || rules.some((r) => r.head.relation === AND)) return { rules, diagnostics: [] };
  const out: Rule[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const first = firstAnd(rule.body);
    if (!first) {
      out.push(rule);
      continue;
    }
    let bodies: Literal[][] = [[]];
    try {
      for (const literal of rule.body) {
        const choices = alternatives(literal, 1);
        bodies = bodies.flatMap((prefix) => choices.map((c) => [...prefix, ...c]));
        if (bodies.length > MAX_CONJUNCTION_RULES) break;
      }
    } catch (error) {
      if (!(error instanceof NotALiteral)) throw error;
      diagnostics.push(diagnostic("error", "syntax", file, error.term.pos, error.message));
      out.push(rule);
      continue;
    }
    if (bodies.length > MAX_CONJUNCTION_RULES) {
      diagnostics.push(diagnostic("error", "syntax", file, first.pos, `expanding 'and' in this rule gives more than ${MAX_CONJUNCTION_RULES} rules`));
      out.push(rule);
      continue;
    }
    diagnostics.push(
      diagnostic(
        "warning",
        "syntax",
        file,
        first.pos,
        `'and' is not part of GDL (a rule body is already a conjunction): read as KIF's conjunction, as the Dresden GameController reads it${bodies.length > 1 ? ` (this rule is read as ${bodies.length} rules)` : ""}`,
      ),
    );
    for (const body of bodies) out.push({ head: rule.head, body, pos: rule.pos });
  }
  return { rules: out, diagnostics };
}

function usesAnd(rule: Rule): boolean {
  return firstAnd(rule.body) !== undefined;
}

function firstAnd(literals: readonly Literal[]): Atom | undefined {
  for (const l of literals) {
    const found = andIn(l);
    if (found) return found;
  }
  return undefined;
}

function andIn(l: Literal): Atom | undefined {
  switch (l.kind) {
    case "atom":
      return l.relation === AND ? l : undefined;
    case "not":
      return andIn(l.body);
    case "or":
      for (const d of l.disjuncts) {
        const found = andIn(d);
        if (found) return found;
      }
      return undefined;
    case "distinct":
      return undefined;
  }
}

/**
 * The conjunctions (lists of literals without `and`) whose disjunction means `l`, a literal `depth`
 * literals deep (1: a literal of the body). A literal without `and` is its own single alternative,
 * so `or`s without one stay as they are.
 */
function alternatives(l: Literal, depth: number): Literal[][] {
  if (!andIn(l)) return [[l]];
  switch (l.kind) {
    case "atom": {
      // (and c1 ... cn): the product of the conjuncts' alternatives
      let product: Literal[][] = [[]];
      for (const conjunct of l.args.map((t) => termAsLiteral(t, depth + 1))) {
        const choices = alternatives(conjunct, depth + 1);
        product = product.flatMap((prefix) => choices.map((c) => [...prefix, ...c]));
      }
      return product;
    }
    case "or":
      return l.disjuncts.flatMap((d) => alternatives(d, depth + 1));
    case "not": {
      // not (A1 or ... or Ak), each Ai a conjunction: for every i, (or (not a_i1) ... (not a_im))
      const inner = alternatives(l.body, depth + 1);
      return [inner.map((conjunction): Literal => {
        const negated = conjunction.map((a): Literal => ({ kind: "not", body: a, pos: a.pos }));
        return negated.length === 1 ? negated[0] : { kind: "or", disjuncts: negated, pos: l.pos };
      })];
    }
    case "distinct":
      return [[l]];
  }
}

/** A term that `and` cannot read as a literal: a variable, or one nested past MAX_LITERAL_NESTING (its message says which). */
class NotALiteral extends Error {
  constructor(
    readonly term: Term,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An argument of `and`, read by the KIF reader as a term, as the literal it stands for, `depth`
 * literals deep: a term may nest far deeper than literals may (MAX_TERM_NESTING), and literals are
 * walked with a call per level.
 */
function termAsLiteral(t: Term, depth: number): Literal {
  if (depth > MAX_LITERAL_NESTING) throw new NotALiteral(t, literalsTooDeep());
  switch (t.kind) {
    case "constant":
      return { kind: "atom", relation: t.name, args: [], pos: t.pos };
    case "variable":
      throw new NotALiteral(t, "a variable cannot be a conjunct of 'and': it needs literals");
    case "compound":
      if (t.functor === "not" && t.args.length === 1) return { kind: "not", body: termAsLiteral(t.args[0], depth + 1), pos: t.pos };
      if (t.functor === "or") return { kind: "or", disjuncts: t.args.map((a) => termAsLiteral(a, depth + 1)), pos: t.pos };
      if (t.functor === "distinct" && t.args.length === 2) return { kind: "distinct", left: t.args[0], right: t.args[1], pos: t.pos };
      return { kind: "atom", relation: t.functor, args: t.args, pos: t.pos };
  }
}
