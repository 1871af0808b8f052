/**
 * A `GroundGame` built directly from KIF text of ground (variable-free) GDL rules, without
 * clingo: a helper for tests and small experiments with propnets.
 *
 * Every atom is interned by its normalized KIF. Ground `distinct` literals are decided on the
 * spot (a true one is dropped from the body, a false one drops the rule); `or` is expanded
 * into several clauses; `(not (or a b))` becomes `(not a) (not b)`. `base` and `input` facts
 * give `GroundGame.base` / `GroundGame.input`; when a description has none they are derived:
 * base = every f of `(init f)`, `(next f)` and `(true f)` atoms, input = every `(legal r m)`
 * and `(does r m)` atom. No static evaluation is done (the propnet builder folds constants).
 *
 *     (role robot) (init p) (<= (next q) (true p) (does robot go))
 *   ──▶ roles [robot], base [p, q], input [robot go], clauses: role(robot)., init(p).,
 *       next(q) <= true(p), does(robot, go).
 */
import { diagnostic, type Diagnostic } from "../../src/diagnostics.js";
import type { Atom, Literal, Rule } from "../../src/syntax/ast.js";
import { parseGdl } from "../../src/syntax/parse.js";
import { termToKif } from "../../src/syntax/print.js";
import { isGround } from "../../src/syntax/terms.js";
import { orFreeBodies } from "../../src/syntax/or-free.js";
import { GroundGameBuilder, type GroundGame, type InputMove } from "../../src/ground/ground-game.js";

export interface GroundGameFromRulesResult {
  readonly game: GroundGame;
  readonly diagnostics: readonly Diagnostic[];
}

/** One expanded body: positive and negative atoms. */
interface Body {
  readonly positive: Atom[];
  readonly negative: Atom[];
}

/** Expands a body with `or` (syntax/or-free.ts) and ground `distinct` (decided here) into alternative conjunctions of atoms. */
function expandBody(body: readonly Literal[]): Body[] {
  const bodies = orFreeBodies(body, Infinity);
  if ("tooManyVariants" in bodies) return [];
  const out: Body[] = [];
  for (const literals of bodies) {
    const expanded: Body = { positive: [], negative: [] };
    let holds = true;
    for (const l of literals) {
      if (l.kind === "pos") expanded.positive.push(l.atom);
      else if (l.kind === "neg") expanded.negative.push(l.atom);
      else holds &&= (termToKif(l.left) !== termToKif(l.right)) === (l.kind === "distinct");
    }
    if (holds) out.push(expanded);
  }
  return out;
}

function ruleIsGround(rule: Rule): boolean {
  const literalGround = (l: Literal): boolean => {
    switch (l.kind) {
      case "atom":
        return l.args.every(isGround);
      case "distinct":
        return isGround(l.left) && isGround(l.right);
      case "not":
        return literalGround(l.body);
      case "or":
        return l.disjuncts.every(literalGround);
    }
  };
  return rule.head.args.every(isGround) && rule.body.every(literalGround);
}

/**
 * Reads ground GDL rules into a `GroundGame`. Rules that are not ground are reported (code
 * `syntax`) and left out; parse diagnostics are passed on.
 */
export function groundGameFromRules(text: string, file = "<ground rules>"): GroundGameFromRulesResult {
  const parsed = parseGdl(text, file);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const builder = new GroundGameBuilder();
  /** The atoms in the order first met, with their arguments (for base and input when they are derived). */
  const atoms: Atom[] = [];
  const intern = (atom: Atom): number => {
    const index = builder.atom(atom.relation, atom.args);
    if (index === atoms.length) atoms.push(atom);
    return index;
  };

  const roles: string[] = [];
  const declaredBase: string[] = [];
  const declaredInput: InputMove[] = [];
  const seenRole = new Set<string>();
  for (const rule of parsed.description.rules) {
    if (!ruleIsGround(rule)) {
      diagnostics.push(diagnostic("error", "syntax", file, rule.pos, "groundGameFromRules: the rule has variables"));
      continue;
    }
    const head = rule.head;
    if (head.relation === "role" && rule.body.length === 0 && head.args.length === 1) {
      const role = termToKif(head.args[0]);
      if (!seenRole.has(role)) {
        seenRole.add(role);
        roles.push(role);
      }
    }
    if (head.relation === "base" && head.args.length === 1) {
      if (rule.body.length === 0) declaredBase.push(termToKif(head.args[0]));
      continue;
    }
    if (head.relation === "input" && head.args.length === 2) {
      if (rule.body.length === 0)
        declaredInput.push({ role: termToKif(head.args[0]), move: termToKif(head.args[1]) });
      continue;
    }
    for (const body of expandBody(rule.body)) {
      const h = intern(head);
      builder.clause(h, body.positive.map(intern), body.negative.map(intern));
    }
  }

  const unique = <T>(items: Iterable<T>, key: (t: T) => string): T[] => {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const item of items) {
      const k = key(item);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(item);
      }
    }
    return out;
  };

  let base: string[];
  if (declaredBase.length > 0) base = unique(declaredBase, (b) => b);
  else
    base = unique(
      atoms.filter((a) => (a.relation === "init" || a.relation === "next" || a.relation === "true") && a.args.length === 1).map((a) => termToKif(a.args[0])),
      (b) => b,
    );
  let input: InputMove[];
  if (declaredInput.length > 0) input = unique(declaredInput, (m) => `${m.role} ${m.move}`);
  else
    input = unique(
      atoms
        .filter((a) => (a.relation === "legal" || a.relation === "does") && a.args.length === 2)
        .map((a) => ({ role: termToKif(a.args[0]), move: termToKif(a.args[1]) })),
      (m) => `${m.role} ${m.move}`,
    );
  return { game: builder.finish(roles, base, input), diagnostics };
}
