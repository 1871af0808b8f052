/**
 * Printing terms, atoms, literals and rules in infix GDL, so that `parseInfix` reads back the
 * same tree:
 *
 *   legal(W, mark(X, Y)) :- true(cell(X, Y, b)) & true(control(W)).
 *
 * - names that are not bare infix names (`[a-z0-9][a-z0-9_]*`, not `not`/`or`/`distinct`) are
 *   quoted: `'a-b'`, `'+'`, `'VerticalTerrorist'` (a name kept in upper case);
 * - `(f)`, the 0-ary compound, is `f()`; the constant is `f`;
 * - variables: `?x` -> `X`, `?piece` -> `Piece`, `?_v` -> `_v` (exact: the reader lower-cases the
 *   first letter again); any other name (`?x++`, `?1`, `?_`) gets a made-up name (`X__`, `V1`,
 *   `V_`), numbered so that it does not collide with another variable of the rule;
 * - negation `~l`, body literals separated by ` & `, every clause ends with `.`.
 */
import { CONNECTIVES, type Atom, type Compound, type Literal, type Rule, type Term } from "./ast.js";
import { collectTermVariables } from "./terms.js";

const BARE = /^[a-z0-9][a-z0-9_]*$/;

/** A constant, function or relation name as infix writes it: bare, or quoted like a Prolog atom. */
export function infixName(name: string): string {
  if (BARE.test(name) && !CONNECTIVES.has(name)) return name;
  return `'${name.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
}

/** The names a variable can keep exactly through infix (the reader maps `Piece` back to `piece`). */
const CLEAN_VARIABLE = /^([a-z][A-Za-z0-9_]*|_[A-Za-z0-9_]+)$/;

/** The infix spelling of one variable name, without regard to the other variables of its rule. */
export function infixVariable(name: string): string {
  if (CLEAN_VARIABLE.test(name)) return name[0] === "_" ? name : name[0].toUpperCase() + name.slice(1);
  let s = name.replace(/[^A-Za-z0-9_]/g, "_");
  if (/^[a-z]/.test(s)) s = s[0].toUpperCase() + s.slice(1);
  else if (!/^[A-Z]/.test(s) || s === "_") s = `V${s}`;
  return s;
}

/**
 * Infix names for the variables of one rule: exact for clean names, made up and numbered apart
 * for the others (so two variables never share a name).
 */
export function infixVariableNames(names: Iterable<string>): Map<string, string> {
  const all = [...new Set(names)];
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const v of all) {
    if (!CLEAN_VARIABLE.test(v)) continue;
    const n = infixVariable(v);
    out.set(v, n);
    taken.add(n);
  }
  for (const v of all) {
    if (out.has(v)) continue;
    const base = infixVariable(v);
    let n = base;
    for (let i = 2; taken.has(n); i++) n = `${base}${i}`;
    out.set(v, n);
    taken.add(n);
  }
  return out;
}

export type VariableNamer = (name: string) => string;

/**
 * A term in infix, written from left to right with a cursor, the compound terms it is inside kept
 * on a stack of its own (terms nest far deeper than a JavaScript stack holds calls, MAX_TERM_NESTING).
 */
export function termToInfix(term: Term, variable: VariableNamer = infixVariable): string {
  if (term.kind === "constant") return infixName(term.name);
  if (term.kind === "variable") return variable(term.name);
  let outer: Compound[] | undefined; // the compound terms the cursor is inside,
  let resume: number[] | undefined; // and the argument of each to go on from
  let t = term;
  let k = 0;
  let text = `${infixName(t.functor)}(`;
  for (;;) {
    const args = t.args;
    let inner: Compound | undefined;
    while (k < args.length) {
      const a = args[k++];
      if (k > 1) text += ", ";
      if (a.kind === "constant") text += infixName(a.name);
      else if (a.kind === "variable") text += variable(a.name);
      else {
        inner = a;
        break;
      }
    }
    if (inner !== undefined) {
      (outer ??= []).push(t);
      (resume ??= []).push(k);
      t = inner;
      k = 0;
      text += `${infixName(t.functor)}(`;
      continue;
    }
    text += ")";
    if (outer === undefined || outer.length === 0) return text;
    t = outer.pop()!;
    k = resume!.pop()!;
  }
}

export function atomToInfix(atom: Atom, variable: VariableNamer = infixVariable): string {
  if (atom.args.length === 0) return infixName(atom.relation);
  return `${infixName(atom.relation)}(${atom.args.map((a) => termToInfix(a, variable)).join(", ")})`;
}

export function literalToInfix(literal: Literal, variable: VariableNamer = infixVariable): string {
  switch (literal.kind) {
    case "atom":
      return atomToInfix(literal, variable);
    case "not":
      return `~${literalToInfix(literal.body, variable)}`;
    case "distinct":
      return `distinct(${termToInfix(literal.left, variable)}, ${termToInfix(literal.right, variable)})`;
    case "or":
      return `or(${literal.disjuncts.map((d) => literalToInfix(d, variable)).join(", ")})`;
  }
}

/** The variable names of a rule in order of first occurrence. */
export function ruleVariables(rule: Rule): string[] {
  const out = new Set<string>();
  const term = (t: Term): void => void collectTermVariables(t, out);
  const literal = (l: Literal): void => {
    if (l.kind === "atom") l.args.forEach(term);
    else if (l.kind === "not") literal(l.body);
    else if (l.kind === "distinct") (term(l.left), term(l.right));
    else l.disjuncts.forEach(literal);
  };
  rule.head.args.forEach(term);
  rule.body.forEach(literal);
  return [...out];
}

export interface RuleLayout {
  /** Rules longer than this are written one literal per line (default: always one line). */
  readonly width?: number;
}

/** A whole clause, ending with `.`; variables named apart within the rule. */
export function ruleToInfix(rule: Rule, layout: RuleLayout = {}): string {
  const names = infixVariableNames(ruleVariables(rule));
  const variable = (v: string) => names.get(v) ?? infixVariable(v);
  const head = atomToInfix(rule.head, variable);
  if (rule.body.length === 0) return `${head}.`;
  const body = rule.body.map((l) => literalToInfix(l, variable));
  const line = `${head} :- ${body.join(" & ")}.`;
  if (layout.width === undefined || line.length <= layout.width) return line;
  return `${head} :-\n${body.map((b) => `    ${b}`).join(" &\n")}.`;
}
