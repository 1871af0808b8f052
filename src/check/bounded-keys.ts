/**
 * The keys the bounded check ranks (bounded.ts): each argument position of the description with
 * the paths written below it, to PATH_DEPTH steps (`next/1`, `next/1 cell/3:1`,
 * `next/1 last/1:1 at/1:1`), the positions Definition 2 links sharing their paths; and where a
 * variable occurs below an argument. Apart from the ranking so that the ranking reads as
 * constraints over keys, whatever a key is.
 */
import type { Compound, Literal, Rule, Term } from "../syntax/ast.js";
import { termDepth } from "../syntax/terms.js";
import { pushTo } from "./lists.js";

/**
 * A path below an argument: one step ` f/n:i` (the i-th argument, 1-based, of a term with function
 * symbol f of arity n) after another; "" is the argument itself.
 */
export type Path = string;

export const positionKey = (relation: string, index: number) => `${relation}/${index + 1}`;

const step = (term: Compound, index: number): Path => ` ${term.functor}/${term.args.length}:${index + 1}`;

/** The steps of a path: the depth of what it reaches below the argument. */
export const stepsOf = (path: Path): number => {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 32) n++;
  return n;
};

export const parentOf = (path: Path): Path => path.slice(0, path.lastIndexOf(" "));

/** How deep below an argument paths are ranked apart (deeper, a term is ranked by its path at this depth). */
export const PATH_DEPTH = 6;

/** An occurrence of a variable below an argument: at `path` (at most `maxDepth` steps), and `rest` steps below it. */
export interface PathOccurrence {
  readonly variable: string;
  readonly path: Path;
  readonly rest: number;
}

/** Each occurrence of a variable in `term`. */
export function occurrences(term: Term, maxDepth: number, path: Path = "", depth = 0, into: PathOccurrence[] = []): PathOccurrence[] {
  if (term.kind === "variable") into.push({ variable: term.name, path, rest: 0 });
  else if (term.kind === "compound") {
    if (depth === maxDepth) {
      for (const [variable, d] of variableDepths(term)) into.push({ variable, path, rest: d });
    } else for (let j = 0; j < term.args.length; j++) occurrences(term.args[j], maxDepth, path + step(term, j), depth + 1, into);
  }
  return into;
}

/**
 * Each variable of `term` with the depth of its deepest occurrence, in order of first occurrence;
 * from stacks of its own (a term may nest far deeper than a stack holds calls).
 */
function variableDepths(term: Term): Map<string, number> {
  const into = new Map<string, number>();
  const stack: Term[] = [term];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const t = stack.pop()!;
    const depth = depths.pop()!;
    if (t.kind === "variable") {
      if ((into.get(t.name) ?? -1) < depth) into.set(t.name, depth);
    } else if (t.kind === "compound") {
      for (let k = t.args.length - 1; k >= 0; k--) {
        stack.push(t.args[k]);
        depths.push(depth + 1);
      }
    }
  }
  return into;
}

/**
 * The ranked keys of a description: each argument position with every path written below it in
 * some atom of the description, to `maxDepth` steps (`next/1`, `next/1 cell/3:1`,
 * `next/1 last/1:1 at/1:1`). The positions Definition 2 links (init/1 and next/1 to true/1,
 * legal/i to does/i) share their paths.
 */
export class Keys {
  /** position -> the position whose paths it shares */
  private readonly group = new Map<string, string>();
  /** shared position -> its written paths ("" included) */
  private readonly written = new Map<string, Set<Path>>();
  /** shared position + path -> the written paths one step below */
  private readonly children = new Map<string, Path[]>();
  /** shared position + path at `maxDepth` -> how deep the terms written there go (variables counting 0) */
  private readonly floors = new Map<string, number>();
  /** relation -> its argument positions */
  private readonly positions = new Map<string, Set<string>>();
  /** shared position -> path -> the suffixes below it (`suffixesBelow`), dropped per position as its paths grow */
  private readonly below = new Map<string, Map<Path, Path[]>>();

  constructor(
    rules: readonly Rule[],
    links: readonly (readonly [string, string])[],
    readonly maxDepth: number,
  ) {
    for (const [from, to] of links) this.group.set(from, to);
    const visit = (literal: Literal): void => {
      if (literal.kind === "atom") {
        literal.args.forEach((arg, j) => {
          const position = positionKey(literal.relation, j);
          const relationPositions = this.positions.get(literal.relation);
          if (relationPositions) relationPositions.add(position);
          else this.positions.set(literal.relation, new Set([position]));
          this.add(this.groupOf(position), arg, "", 0);
        });
      } else if (literal.kind === "not") visit(literal.body);
      else if (literal.kind === "or") literal.disjuncts.forEach(visit);
    };
    for (const rule of rules) {
      visit(rule.head);
      rule.body.forEach(visit);
    }
  }

  /**
   * Makes the keys a variable carries from a head to a body written too: where a rule's head has X
   * at path p of a position and its body X at p' of another, each written path p + s below the
   * head's gets p' + s below the body's (to `maxDepth` steps), until no rule adds one, or `budget`
   * paths were added. The ranking then reads what sits at p' + s from its own key, not from the
   * nearest written key above it: `(<= (legal ?r ?m) (true (last ?r ?m)))` reads each move's
   * arguments from `true/1 last/2:2 m/1:1`, not from the depth of every move that `last` holds (which
   * made a game that records its last move and builds a move from a view of the state look as if
   * its moves could nest without bound). More keys only make the ranking finer: each is ranked by
   * the same constraints as a written one. Returns the paths added.
   */
  closeOverRules(rules: readonly Rule[], budget: number): number {
    // the rules to visit again when a group gets a path: those with a head position in it (a worklist,
    // so that a chain of 40,000 relations written against its direction is one visit per rule, not a pass per link)
    const byHeadGroup = new Map<string, Rule[]>();
    for (const rule of rules) for (let i = 0; i < rule.head.args.length; i++) pushTo(byHeadGroup, this.groupOf(positionKey(rule.head.relation, i)), rule);
    const queue = [...rules];
    const queued = new Set(queue);
    let added = 0;
    for (let q = 0; q < queue.length && added < budget; q++) {
      const rule = queue[q];
      queued.delete(rule);
      const heads = new Map<string, { position: string; path: Path }[]>();
      rule.head.args.forEach((arg, i) => {
        for (const o of occurrences(arg, this.maxDepth)) if (o.rest === 0) pushTo(heads, o.variable, { position: positionKey(rule.head.relation, i), path: o.path });
      });
      if (heads.size === 0) continue;
      const grown = new Set<string>();
      const visit = (literal: Literal): void => {
        if (literal.kind === "or") literal.disjuncts.forEach(visit);
        if (literal.kind !== "atom") return;
        literal.args.forEach((arg, j) => {
          const group = this.groupOf(positionKey(literal.relation, j));
          for (const o of occurrences(arg, this.maxDepth)) {
            if (o.rest > 0) continue;
            for (const head of heads.get(o.variable) ?? []) {
              for (const suffix of this.suffixesBelow(head.position, head.path)) {
                if (suffix === "" || stepsOf(o.path) + stepsOf(suffix) > this.maxDepth || added >= budget) continue;
                if (this.addPath(group, o.path + suffix)) {
                  added++;
                  grown.add(group);
                }
              }
            }
          }
        });
      };
      rule.body.forEach(visit);
      for (const group of grown) {
        for (const again of byHeadGroup.get(group) ?? []) {
          if (queued.has(again)) continue;
          queued.add(again);
          queue.push(again);
        }
      }
    }
    return added;
  }

  /** Writes `path` (and the paths above it) at `group`; true when it was not written. */
  private addPath(group: string, path: Path): boolean {
    let paths = this.written.get(group);
    if (!paths) this.written.set(group, (paths = new Set([""])));
    if (paths.has(path)) return false;
    const parent = parentOf(path);
    if (parent !== "" && !paths.has(parent)) this.addPath(group, parent);
    paths.add(path);
    pushTo(this.children, group + parent, path);
    this.below.delete(group);
    return true;
  }

  private add(group: string, term: Term, path: Path, depth: number): void {
    let paths = this.written.get(group);
    if (!paths) this.written.set(group, (paths = new Set([""])));
    if (!paths.has(path)) {
      paths.add(path);
      pushTo(this.children, group + parentOf(path), path);
    }
    if (term.kind !== "compound") return;
    if (depth === this.maxDepth) {
      const key = group + path;
      this.floors.set(key, Math.max(this.floors.get(key) ?? 0, termDepth(term)));
      return;
    }
    term.args.forEach((a, j) => this.add(group, a, path + step(term, j), depth + 1));
  }

  private groupOf(position: string): string {
    return this.group.get(position) ?? position;
  }

  /** The written paths of a position ("" included). */
  pathsOf(position: string): ReadonlySet<Path> {
    return this.written.get(this.groupOf(position)) ?? new Set([""]);
  }

  /** The keys of a relation with a floor, and their floors. */
  floorsOf(relation: string): [string, number][] {
    const out: [string, number][] = [];
    if (this.floors.size === 0) return out;
    for (const position of this.positionsOf(relation)) {
      const group = this.groupOf(position);
      for (const path of this.pathsOf(position)) {
        const floor = this.floors.get(group + path);
        if (floor !== undefined) out.push([position + path, floor]);
      }
    }
    return out;
  }

  /** The argument positions of a relation, as written in the description. */
  positionsOf(relation: string): ReadonlySet<string> {
    return this.positions.get(relation) ?? new Set();
  }

  /** The suffixes s of the written paths `path + s` of `position`, "" first (a walk down the written paths). */
  suffixesBelow(position: string, path: Path): readonly Path[] {
    const group = this.groupOf(position);
    let cached = this.below.get(group);
    if (!cached) this.below.set(group, (cached = new Map()));
    let out = cached.get(path);
    if (!out) {
      out = [""];
      const walk = (p: Path): void => {
        for (const c of this.children.get(group + p) ?? []) {
          out!.push(c.slice(path.length));
          walk(c);
        }
      };
      walk(path);
      cached.set(path, out);
    }
    return out;
  }

  /** The longest written prefix of `path` at `position`, and the steps left below it. */
  writtenPrefix(position: string, path: Path): { readonly path: Path; readonly rest: number } {
    const paths = this.pathsOf(position);
    let rest = 0;
    while (path !== "" && !paths.has(path)) {
      path = parentOf(path);
      rest++;
    }
    return { path, rest };
  }
}
