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
import { CONNECTIVES, type Atom, type Literal, type Rule, type Term } from "./ast.js";
import { writeTerm, type TermParts } from "./term-writer.js";
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

/** A term in infix: `f(a, X)`, `f()` for the 0-ary compound (written by term-writer.ts, at any depth). */
export function termToInfix(term: Term, variable: VariableNamer = infixVariable): string {
  return writeTerm(term, partsFor(variable));
}

export function atomToInfix(atom: Atom, variable: VariableNamer = infixVariable): string {
  return atomText(atom, partsFor(variable));
}

export function literalToInfix(literal: Literal, variable: VariableNamer = infixVariable): string {
  return literalText(literal, partsFor(variable));
}

/** Infix's parts of a term, its variables named by `variable`. */
function infixParts(variable: VariableNamer): TermParts {
  return {
    open: (t) => `${infixName(t.functor)}(`,
    leaf: (t) => (t.kind === "constant" ? infixName(t.name) : variable(t.name)),
    separator: ", ",
  };
}

const INFIX_PARTS = infixParts(infixVariable);

/** The parts for `variable`: made once per call of a printer, not once per term. */
function partsFor(variable: VariableNamer): TermParts {
  return variable === infixVariable ? INFIX_PARTS : infixParts(variable);
}

function atomText(atom: Atom, parts: TermParts): string {
  if (atom.args.length === 0) return infixName(atom.relation);
  return `${infixName(atom.relation)}(${atom.args.map((a) => writeTerm(a, parts)).join(", ")})`;
}

function literalText(literal: Literal, parts: TermParts): string {
  switch (literal.kind) {
    case "atom":
      return atomText(literal, parts);
    case "not":
      return `~${literalText(literal.body, parts)}`;
    case "distinct":
      return `distinct(${writeTerm(literal.left, parts)}, ${writeTerm(literal.right, parts)})`;
    case "or":
      return `or(${literal.disjuncts.map((d) => literalText(d, parts)).join(", ")})`;
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
  const parts = infixParts((v) => names.get(v) ?? infixVariable(v));
  const head = atomText(rule.head, parts);
  if (rule.body.length === 0) return `${head}.`;
  const body = rule.body.map((l) => literalText(l, parts));
  const line = `${head} :- ${body.join(" & ")}.`;
  if (layout.width === undefined || line.length <= layout.width) return line;
  return `${head} :-\n${body.map((b) => `    ${b}`).join(" &\n")}.`;
}
