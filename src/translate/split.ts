/**
 * Existential-variable splitting (the paper's `qr` rewrite, after Haufe et al. 2012, 6.2),
 * applied repeatedly as variable elimination.
 *
 * A body variable that is not in the head is existential. Eliminating one takes the body
 * literals that contain it (its bucket) into a rule of their own, whose head keeps only the
 * bucket's other variables; existential variables that occur nowhere else go with it:
 *
 *   p(X, Z) :- q(X, Y), r(Y), s(Z).
 * becomes
 *   p(X, Z) :- _split1(X), s(Z).
 *   _split1(X) :- q(X, Y), r(Y).
 *
 * so the grounder enumerates X*Y and then X*Z instead of X*Y*Z. The variable with the smallest
 * split atom goes first (the min-degree order of bucket elimination), and the rewrite repeats on
 * the shortened rule until no existential variable can go. A bucket is left alone when it is the
 * whole body, or when a negative literal or comparison in it has a variable that no positive atom
 * of the bucket binds (its own rule would be unsafe):
 *
 *   next(cell(M,N,b)) :- does(W,mark(J,K)), true(cell(M,N,b)), M != J.
 * becomes
 *   next(cell(M,N,b)) :- _split2(J), true(cell(M,N,b)), M != J.
 *   _split2(J) :- does(W,mark(J,K)).
 *
 * (J cannot go: its bucket would hold M != J without anything binding M.) Both rules are safe
 * by construction, and the rewrite is an equivalence: ∃V (A(V) ∧ B) = (∃V A(V)) ∧ B.
 */
import type { Atom, Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { atomVariables } from "../syntax/terms.js";
import { flatLiteralVariables, positivelyBound, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";

export interface SplitResult {
  readonly rules: FlatRule[];
  /** How many rules were split off. */
  readonly splits: number;
}

export interface SplitOptions {
  /**
   * Relations whose extension is a fixed table (the static relations of the game). A bucket made
   * of such tables only is not split off when one of its kept variables is bound by a positive
   * atom outside it: the split-off rule would tabulate the bucket for every value of that
   * variable, where the whole rule only looks up the values the outside atom gives it (in
   * ad_game_2x2, `invdist(...,P1), add(P1,P2,P)` for every P2 instead of those of
   * `collectmouthpoints(...,P2)`).
   */
  readonly isTable?: (relation: string) => boolean;
}

export function splitExistentialVariables(rules: readonly FlatRule[], options: SplitOptions = {}): SplitResult {
  const out: FlatRule[] = [];
  const counter = { value: 0 };
  const isTable = options.isTable ?? (() => false);
  for (const rule of rules) for (const piece of eliminate(rule, counter, isTable)) out.push(piece);
  return { rules: out, splits: counter.value };
}

interface Bucket {
  readonly members: Set<number>;
  /** The variables of the split atom. */
  readonly keep: string[];
}

/** Splits one rule as long as some existential variable can be eliminated. */
function eliminate(rule: FlatRule, counter: { value: number }, isTable: (relation: string) => boolean): FlatRule[] {
  const produced: FlatRule[] = [];
  let body = [...rule.body];
  const headVars = atomVariables(rule.head);
  for (;;) {
    const bucket = bestBucket(body, headVars, isTable);
    if (!bucket) break;
    counter.value++;
    const head: Atom = {
      kind: "atom",
      relation: `${INTERNAL_PREFIX}split${counter.value}`,
      args: bucket.keep.map((name): Term => ({ kind: "variable", name, pos: NO_POSITION })),
      pos: rule.head.pos,
    };
    produced.push({ head, body: body.filter((_, i) => bucket.members.has(i)), origin: rule.origin, part: "split" });
    body = [{ kind: "pos", atom: head }, ...body.filter((_, i) => !bucket.members.has(i))];
  }
  return [...produced, body === rule.body ? rule : { ...rule, body }];
}

/**
 * True when the bucket is made of tables only and the rest of the rule binds one of its kept
 * variables: the split-off rule would tabulate the bucket for every value of that variable.
 * (Refusing also mixed buckets whose kept variable only tables bind was tried: it made
 * ad_game_2x2 faster but connectFour 30 times larger and gt_attrition time out.)
 */
function losesOutsideBinding(
  body: readonly FlatLiteral[],
  members: ReadonlySet<number>,
  keep: readonly string[],
  headVars: ReadonlySet<string>,
  isTable: (relation: string) => boolean,
): boolean {
  const isTableLiteral = (l: FlatLiteral) => (l.kind === "pos" || l.kind === "neg" ? isTable(l.atom.relation) : true);
  const tablesOnly = [...members].every((i) => isTableLiteral(body[i]));
  return keep.some((v) => {
    if (headVars.has(v)) return false;
    const binders = (inside: boolean) =>
      body.filter((l, i) => members.has(i) === inside && l.kind === "pos" && atomVariables(l.atom).has(v));
    if (!binders(true).every(isTableLiteral)) return false;
    return tablesOnly && binders(false).length > 0;
  });
}

function bestBucket(
  body: readonly FlatLiteral[],
  headVars: ReadonlySet<string>,
  isTable: (relation: string) => boolean,
): Bucket | undefined {
  const literalVars = body.map((l) => flatLiteralVariables(l));
  const occurrences = new Map<string, number[]>();
  literalVars.forEach((vars, i) =>
    vars.forEach((v) => {
      if (headVars.has(v)) return;
      if (!occurrences.has(v)) occurrences.set(v, []);
      occurrences.get(v)!.push(i);
    }),
  );
  let best: Bucket | undefined;
  for (const [, where] of occurrences) {
    const members = new Set(where);
    if (members.size === body.length) continue; // the whole body: nothing to gain
    const literals = [...members].map((i) => body[i]);
    const bound = positivelyBound(literals);
    const vars = new Set<string>();
    members.forEach((i) => literalVars[i].forEach((v) => vars.add(v)));
    if (![...vars].every((v) => bound.has(v))) continue; // its own rule would be unsafe
    // the variables that occur only inside the bucket go with it
    const keep = [...vars].filter((v) => headVars.has(v) || occurrences.get(v)!.some((i) => !members.has(i))).sort();
    if (keep.length === vars.size) continue;
    if (losesOutsideBinding(body, members, keep, headVars, isTable)) continue;
    if (!best || keep.length < best.keep.length || (keep.length === best.keep.length && members.size < best.members.size))
      best = { members, keep };
  }
  return best;
}
