/**
 * Relevance pruning: ground only the instances of a rule that some other rule can use.
 *
 * In tictactoe, `line(?x)` is only ever used as `(line x)` and `(line o)`, so
 *   line(X) :- row(M, X).
 * is handed to the grounder as
 *   line(x) :- row(M, x).
 *   line(o) :- row(M, o).
 * and then, since `row` is now only used with x and o in its second argument, the rules for `row`
 * are specialised the same way, and so on until nothing changes. A relation that no rule uses (and
 * that is not an output) loses its rules altogether.
 *
 * For each relation: the argument positions that are ground in every use give a set of patterns;
 * every rule for the relation is instantiated with each pattern its head unifies with, and dropped
 * when none does. A head ground at those positions is looked up among the patterns by its text
 * instead of matched against each: a ground game read back (`gdl-ground game.kif -o g.kif; gdl-ground
 * g.kif`) has relations of thousands of ground rules, each used with up to `maxPatterns` patterns,
 * and the matching took a relation's rules times its patterns.
 */
import type { Atom, Term } from "../syntax/ast.js";
import { isGround, mapTermLeaves } from "../syntax/terms.js";
import { termToKif } from "../syntax/print.js";
import type { FlatLiteral, FlatRule } from "./flat-rules.js";

export interface PruneResult {
  readonly rules: FlatRule[];
  /** Rules dropped because no instance of them can be used. */
  readonly removed: number;
  /** Rules replaced by partially instantiated copies. */
  readonly specialized: number;
}

export interface PruneOptions {
  /** Relations never pruned: the outputs and what the generators use. */
  readonly keep: ReadonlySet<string>;
  /** Above this many distinct use patterns a relation is left alone. */
  readonly maxPatterns?: number;
  readonly maxRounds?: number;
}

type Substitution = Map<string, Term>;

const key = (atom: Atom) => `${atom.relation}/${atom.args.length}`;

export function pruneIrrelevant(input: readonly FlatRule[], options: PruneOptions): PruneResult {
  const maxPatterns = options.maxPatterns ?? 256;
  const maxRounds = options.maxRounds ?? 16;
  let rules = [...input];
  let removed = 0;
  let specialized = 0;
  for (let round = 0; round < maxRounds; round++) {
    const uses = new Map<string, Atom[]>();
    for (const rule of rules)
      for (const literal of rule.body)
        if (literal.kind === "pos" || literal.kind === "neg") {
          const k = key(literal.atom);
          if (!uses.has(k)) uses.set(k, []);
          uses.get(k)!.push(literal.atom);
        }

    // per relation: its use patterns, "unused", or "kept" (left alone: no position ground in every use, or too many
    // patterns; decided once per relation, not again at each of its rules: that was rules × uses per round)
    // (the patterns by their text: a ground head is looked up there)
    const patternsOf = new Map<string, { positions: number[]; patterns: Map<string, Term[]> } | "unused" | "kept">();
    for (const rule of rules) {
      const k = key(rule.head);
      if (patternsOf.has(k) || options.keep.has(rule.head.relation)) continue;
      const used = uses.get(k);
      if (!used) {
        patternsOf.set(k, "unused");
        continue;
      }
      const arity = rule.head.args.length;
      const positions: number[] = [];
      for (let i = 0; i < arity; i++) if (used.every((a) => isGround(a.args[i]))) positions.push(i);
      if (positions.length === 0) {
        patternsOf.set(k, "kept");
        continue;
      }
      const distinct = new Map<string, Term[]>();
      for (const a of used) {
        const pattern = positions.map((i) => a.args[i]);
        distinct.set(pattern.map(termToKif).join(" "), pattern);
        if (distinct.size > maxPatterns) break;
      }
      if (distinct.size > maxPatterns) {
        patternsOf.set(k, "kept");
        continue;
      }
      patternsOf.set(k, { positions, patterns: distinct });
    }
    if ([...patternsOf.values()].every((info) => info === "kept")) break;

    let changed = false;
    const next: FlatRule[] = [];
    for (const rule of rules) {
      const info = patternsOf.get(key(rule.head));
      if (info === undefined || info === "kept") {
        next.push(rule);
        continue;
      }
      if (info === "unused") {
        removed++;
        changed = true;
        continue;
      }
      const copies: FlatRule[] = [];
      const seen = new Set<string>();
      if (info.positions.every((pos) => isGround(rule.head.args[pos]))) {
        // a ground pattern matches a ground head exactly when they are the same terms, with nothing to substitute
        if (info.patterns.has(info.positions.map((pos) => termToKif(rule.head.args[pos])).join(" "))) copies.push(rule);
      } else for (const pattern of info.patterns.values()) {
        const subst: Substitution = new Map();
        if (!info.positions.every((pos, j) => match(pattern[j], rule.head.args[pos], subst))) continue;
        const signature = [...subst.entries()].map(([v, t]) => `${v}=${termToKif(t)}`).join(",");
        if (seen.has(signature)) continue;
        seen.add(signature);
        copies.push(subst.size === 0 ? rule : substituteRule(rule, subst));
      }
      if (copies.length === 0) {
        removed++;
        changed = true;
      } else if (copies.length === 1 && copies[0] === rule) {
        next.push(rule);
      } else {
        specialized++;
        changed = true;
        for (const copy of copies) next.push(copy);
      }
    }
    rules = next;
    if (!changed) break;
  }
  return { rules, removed, specialized };
}

/**
 * Matches a ground term against a term with variables, extending the substitution: pairs of
 * subterms from stacks of their own, left to right (a term may nest far deeper than a stack holds calls).
 */
function match(groundRoot: Term, termRoot: Term, subst: Substitution): boolean {
  let grounds: Term[] | undefined; // made at the first compound term
  let terms: Term[] | undefined;
  let ground = groundRoot;
  let term = termRoot;
  for (;;) {
    switch (term.kind) {
      case "variable": {
        const bound = subst.get(term.name);
        if (!bound) subst.set(term.name, ground);
        else if (termToKif(bound) !== termToKif(ground)) return false;
        break;
      }
      case "constant":
        if (ground.kind !== "constant" || ground.name !== term.name) return false;
        break;
      case "compound":
        if (ground.kind !== "compound" || ground.functor !== term.functor || ground.args.length !== term.args.length) return false;
        for (let k = term.args.length - 1; k >= 0; k--) {
          (grounds ??= []).push(ground.args[k]);
          (terms ??= []).push(term.args[k]);
        }
    }
    if (terms === undefined || terms.length === 0) return true;
    ground = grounds!.pop()!;
    term = terms.pop()!;
  }
}

function substituteTerm(term: Term, subst: Substitution): Term {
  return mapTermLeaves(term, (t) => (t.kind === "variable" ? (subst.get(t.name) ?? t) : t));
}

function substituteAtom(atom: Atom, subst: Substitution): Atom {
  return { ...atom, args: atom.args.map((a) => substituteTerm(a, subst)) };
}

function substituteLiteral(literal: FlatLiteral, subst: Substitution): FlatLiteral {
  switch (literal.kind) {
    case "pos":
    case "neg":
      return { kind: literal.kind, atom: substituteAtom(literal.atom, subst) };
    case "distinct":
    case "equal":
      return {
        kind: literal.kind,
        left: substituteTerm(literal.left, subst),
        right: substituteTerm(literal.right, subst),
      };
  }
}

export function substituteRule(rule: FlatRule, subst: Substitution): FlatRule {
  return {
    ...rule,
    head: substituteAtom(rule.head, subst),
    body: rule.body.map((l) => substituteLiteral(l, subst)),
  };
}
