/**
 * The input layers of the prover's evaluator (evaluator.ts): a state's fluents as `true` inputs and
 * a joint move as `does` inputs, each routed to the input relations that read it (`true/1` and
 * `true(name/arity)`, the same for `does`).
 *
 * Why apart: how a term becomes the tuples of input relations is fixed per game and per term; it is
 * kept here, once per fluent and per move, while the evaluator only reads the layers.
 */
import type { Program, Relation } from "./program.js";
import type { TermStore } from "./term-store.js";
import { TupleIndex } from "./tuple-index.js";
import { Layer } from "./layer.js";

export class InputRouter {
  private readonly store: TermStore;
  /** Per move term: the input relations a `does` of it goes to (a fluent's are in fluentTuples). */
  private readonly routes = new Map<number, Relation[]>();
  /** Per fluent: its input relations, each followed by its tuple there (see `addInput`). */
  private readonly fluentTuples = new Map<number, (Relation | number[])[]>();

  constructor(private readonly program: Program) {
    this.store = program.store;
  }

  /** A layer holding the fluents of a state as `true` inputs. */
  stateLayer(fluents: readonly number[]): Layer {
    const layer = new Layer();
    for (const f of fluents) this.addInput(layer, "true", [], f);
    return layer;
  }

  /** A layer holding a joint move as `does` inputs: `moves[i]` is the move of `roles[i]`. */
  moveLayer(roles: readonly number[], moves: readonly number[]): Layer {
    const layer = new Layer();
    for (let i = 0; i < roles.length; i++) this.addInput(layer, "does", [roles[i]], moves[i]);
    return layer;
  }

  private addInput(layer: Layer, kind: "true" | "does", prefix: readonly number[], term: number): void {
    if (kind === "true") {
      // A fluent's tuples are the same in every state (an index keeps them, never changed): made once.
      let tuples = this.fluentTuples.get(term);
      if (tuples === undefined) this.fluentTuples.set(term, (tuples = this.routeTuples(kind, prefix, term)));
      for (let k = 0; k < tuples.length; k += 2) inputIndex(layer, tuples[k] as Relation).add(tuples[k + 1] as number[], true);
      return;
    }
    const tuples = this.routeTuples(kind, prefix, term);
    for (let k = 0; k < tuples.length; k += 2) inputIndex(layer, tuples[k] as Relation).add(tuples[k + 1] as number[]);
  }

  /** The input relations an input goes to, each followed by its tuple there. */
  private routeTuples(kind: "true" | "does", prefix: readonly number[], term: number): (Relation | number[])[] {
    // a fluent's tuples are kept by fluentTuples (this runs once per fluent): only a move's routes are kept here
    let targets = kind === "does" ? this.routes.get(term) : undefined;
    if (targets === undefined) {
      const store = this.store;
      const args = store.argsOf[term];
      const name = store.symbolNames[store.symbolOf[term]];
      const keys = [
        `${kind}/${prefix.length + 1}`,
        args === null ? `${kind}(${name})` : `${kind}(${name}/${args.length})`,
      ];
      const found: Relation[] = [];
      for (const k of keys) {
        const r = this.program.relation(k);
        if (r !== undefined && r.kind === kind) found.push(r);
      }
      targets = found;
      if (kind === "does") this.routes.set(term, found);
    }
    const tuples: (Relation | number[])[] = [];
    for (const r of targets) tuples.push(r, r.key === `${kind}/${prefix.length + 1}` ? [...prefix, term] : [...prefix, ...(this.store.argsOf[term] ?? [])]);
    return tuples;
  }
}

function inputIndex(layer: Layer, r: Relation): TupleIndex {
  return (layer.inputs[r.index] ??= new TupleIndex(r.arity));
}
