/**
 * Arity: a relation, or a function symbol, is used with one number of arguments throughout.
 * Relations and function symbols are checked apart (a name may be both). A 0-argument
 * compound `(f)` has arity 0 as a function symbol; the constant `f` is not compared with it.
 * The keywords are left to keywords.ts, which knows their fixed arities. Each clash is
 * reported once per (symbol, arity), at the first use with that arity, pointing at the
 * first use of the symbol.
 */
import type { Diagnostic, Position } from "../diagnostics.js";
import { KEYWORD_ARITY, type Atom, type Literal, type Term } from "../syntax/ast.js";
import { forEachSubterm } from "../syntax/terms.js";
import type { CheckContext } from "./context.js";

interface Use {
  readonly arity: number;
  readonly pos: Position;
}

class ArityTable {
  private readonly first = new Map<string, Use>();
  private readonly reported = new Set<string>();
  constructor(
    private readonly kind: "relation" | "function symbol",
    private readonly context: CheckContext,
    private readonly out: Diagnostic[],
  ) {}

  use(name: string, arity: number, pos: Position): void {
    const first = this.first.get(name);
    if (!first) {
      this.first.set(name, { arity, pos });
      return;
    }
    if (first.arity === arity) return;
    const key = `${name}/${arity}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.out.push(
      this.context.report(
        "error",
        "arity",
        pos,
        `the ${this.kind} '${name}' is used here with ${plural(arity)}, but with ${plural(first.arity)} before`,
        [{ message: `first use of '${name}', with ${plural(first.arity)}`, pos: first.pos }],
      ),
    );
  }
}

function plural(n: number): string {
  return `${n} argument${n === 1 ? "" : "s"}`;
}

export function checkArity(context: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const relations = new ArityTable("relation", context, out);
  const functions = new ArityTable("function symbol", context, out);
  const term = (root: Term) =>
    forEachSubterm(root, (t) => {
      if (t.kind === "compound") functions.use(t.functor, t.args.length, t.pos);
    });
  const atom = (a: Atom) => {
    if (!KEYWORD_ARITY.has(a.relation)) relations.use(a.relation, a.args.length, a.pos);
    a.args.forEach(term);
  };
  const literal = (l: Literal) => {
    switch (l.kind) {
      case "atom":
        return atom(l);
      case "not":
        return literal(l.body);
      case "or":
        return l.disjuncts.forEach(literal);
      case "distinct":
        term(l.left);
        term(l.right);
        return;
    }
  };
  for (const rule of context.description.rules) {
    context.deadline.poll();
    atom(rule.head);
    rule.body.forEach(literal);
  }
  return out;
}
