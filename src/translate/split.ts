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
import { flatLiteralVariables, positivelyBound, variableUses, type FlatLiteral, type FlatRule } from "./flat-rules.js";
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

/** A split atom's head, `_splitN(keep...)`, numbered by `counter`. */
function splitHead(rule: FlatRule, keep: readonly string[], counter: { value: number }): Atom {
  counter.value++;
  return {
    kind: "atom",
    relation: `${INTERNAL_PREFIX}split${counter.value}`,
    args: keep.map((name): Term => ({ kind: "variable", name, pos: NO_POSITION })),
    pos: rule.head.pos,
  };
}

/** Splits one rule as long as some existential variable can be eliminated. */
function eliminate(rule: FlatRule, counter: { value: number }, isTable: (relation: string) => boolean): FlatRule[] {
  const produced: FlatRule[] = [];
  const headVars = atomVariables(rule.head);
  let body = eliminateOwnLiterals(rule, headVars, counter, produced);
  for (;;) {
    const bucket = bestBucket(body, headVars, isTable);
    if (!bucket) break;
    const head = splitHead(rule, bucket.keep, counter);
    produced.push({ head, body: body.filter((_, i) => bucket.members.has(i)), origin: rule.origin, part: "split" });
    body = [{ kind: "pos", atom: head }, ...body.filter((_, i) => !bucket.members.has(i))];
  }
  body = chainLongBody(rule, body, counter, produced);
  return [...produced, body === rule.body ? rule : { ...rule, body }];
}

/**
 * The first rounds of `eliminate` in one pass: a positive atom whose variables occur nowhere
 * else (not in the head, not in another literal) is the best bucket there is (an atom without
 * arguments, split off alone), and taking it changes no other bucket, so these go first, in
 * body order, as the rounds would take them. Searching the whole body again for each of them
 * cost body² (a body of 8,000 such literals: 114 s).
 */
function eliminateOwnLiterals(rule: FlatRule, headVars: ReadonlySet<string>, counter: { value: number }, produced: FlatRule[]): FlatLiteral[] {
  const body = rule.body;
  if (body.length < 2) return [...body];
  const literalVars = body.map((l) => flatLiteralVariables(l));
  const uses = variableUses(literalVars);
  const own = (i: number) => body[i].kind === "pos" && literalVars[i].size > 0 && [...literalVars[i]].every((v) => uses.get(v) === 1 && !headVars.has(v));
  const split: FlatLiteral[] = [];
  const rest: FlatLiteral[] = [];
  body.forEach((literal, i) => {
    if (!own(i)) return void rest.push(literal);
    const head = splitHead(rule, [], counter);
    produced.push({ head, body: [literal], origin: rule.origin, part: "split" });
    split.push({ kind: "pos", atom: head });
  });
  return [...split.reverse(), ...rest];
}

/** More split atoms without arguments than this in one body are chained (see chainLongBody). */
const MAX_PLAIN_SPLITS = 32;

/**
 * A body with many split atoms without arguments (`p :- _s1, ..., _sn`) becomes a chain of
 * rules of two (`_c1 :- _s1, _s2. _c2 :- _c1, _s3. ... p :- _cn-1, ...`): gringo grounds a
 * long body in a recursive component in time n³ (1,000 such atoms: 30 s, 2,000: 170 s), a
 * chain in time n. Real games have no such bodies: their programs are unchanged.
 */
function chainLongBody(rule: FlatRule, body: FlatLiteral[], counter: { value: number }, produced: FlatRule[]): FlatLiteral[] {
  const plain = (l: FlatLiteral) => l.kind === "pos" && l.atom.args.length === 0 && l.atom.relation.startsWith(`${INTERNAL_PREFIX}split`);
  const splits = body.filter(plain);
  if (splits.length <= MAX_PLAIN_SPLITS) return body;
  let chained: FlatLiteral = splits[0];
  for (let i = 1; i < splits.length; i++) {
    const head = splitHead(rule, [], counter);
    produced.push({ head, body: [chained, splits[i]], origin: rule.origin, part: "split" });
    chained = { kind: "pos", atom: head };
  }
  return [chained, ...body.filter((l) => !plain(l))];
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
  occurrences: ReadonlyMap<string, readonly number[]>,
  isTable: (relation: string) => boolean,
): boolean {
  const isTableLiteral = (l: FlatLiteral) => (l.kind === "pos" || l.kind === "neg" ? isTable(l.atom.relation) : true);
  const tablesOnly = [...members].every((i) => isTableLiteral(body[i]));
  return keep.some((v) => {
    // head variables are not in `occurrences`: they never make a bucket lose
    const where = occurrences.get(v);
    if (!where) return false;
    const binders = (inside: boolean) => where.filter((i) => members.has(i) === inside && body[i].kind === "pos").map((i) => body[i]);
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
    if (losesOutsideBinding(body, members, keep, occurrences, isTable)) continue;
    if (!best || keep.length < best.keep.length || (keep.length === best.keep.length && members.size < best.members.size))
      best = { members, keep };
  }
  return best;
}
