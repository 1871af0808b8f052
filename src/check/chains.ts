/**
 * Shortest chains of relations in the dependency graph to a set of target relations, for every
 * relation at once: the chains the keyword check names (`legal -> ... -> does`) and the cycles
 * the bounded check names. One backward breadth-first walk from the targets gives each relation
 * its distance; a chain then follows, from each relation, its first edge (in the graph's order)
 * one step closer, which is the chain a forward breadth-first search from it finds. Searching
 * forward from every body atom instead costs relations × edges on a long chain of views.
 */
import { readersOf, type DependencyGraph } from "../analysis/dependency-graph.js";

/** Relations shown of a long chain before its middle is elided (`a -> b -> ... -> does`). */
export const CHAIN_SHOWN = 8;

export class ShortestChains {
  private readonly distance = new Map<string, number>();
  private readonly nextOf = new Map<string, string>();
  private readonly endOf = new Map<string, string>();

  /** Chains to `targets`, through the relations `inside` accepts (all by default). */
  constructor(
    private readonly graph: DependencyGraph,
    targets: readonly string[],
    private readonly inside: (relation: string) => boolean = () => true,
  ) {
    const backward = readersOf(graph);
    const queue = targets.filter((t) => graph.relations.has(t) && inside(t));
    for (const t of queue) this.distance.set(t, 0);
    for (let i = 0; i < queue.length; i++) {
      const d = this.distance.get(queue[i])! + 1;
      for (const from of backward.get(queue[i]) ?? []) {
        if (this.distance.has(from) || !inside(from)) continue;
        this.distance.set(from, d);
        queue.push(from);
      }
    }
  }

  /** Whether a chain from `from` reaches a target. */
  reaches(from: string): boolean {
    return this.distance.has(from);
  }

  private next(relation: string): string {
    let next = this.nextOf.get(relation);
    if (next === undefined) {
      const closer = this.distance.get(relation)! - 1;
      next = this.graph.edgesFrom.get(relation)!.find((e) => this.distance.get(e.to) === closer && this.inside(e.to))!.to;
      this.nextOf.set(relation, next);
    }
    return next;
  }

  /** The target a chain from `from` ends at (`from` must reach one). */
  end(from: string): string {
    const walked: string[] = [];
    let at = from;
    while (this.distance.get(at)! > 0 && !this.endOf.has(at)) {
      walked.push(at);
      at = this.next(at);
    }
    const end = this.endOf.get(at) ?? at;
    for (const r of walked) this.endOf.set(r, end);
    return end;
  }

  /** The chain from `from` to its target, both ends included, the middle elided when it is long. */
  chain(from: string): string[] {
    const out = [from];
    let at = from;
    while (this.distance.get(at)! > 0 && out.length < CHAIN_SHOWN) out.push((at = this.next(at)));
    if (this.distance.get(at)! > 0) out.push("...", this.end(from));
    return out;
  }
}
