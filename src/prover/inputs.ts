/**
 * The input layers of the prover's evaluator (evaluator.ts): a state's fluents as `true` inputs and
 * a joint move as `does` inputs, each routed to the input relations that read it (`true/1` and
 * `true(name/arity)`, the same for `does`).
 *
 * Why apart: how a term becomes the tuples of input relations is fixed per game and per term; it is
 * kept here, once per fluent and per move, while the evaluator only reads the layers. A state given
 * as a bitset over a universe of fluents is routed once for the whole universe (fluent-universe.ts).
 */
import { inputKey, type Program, type Relation } from "./program.js";
import { TupleIndex } from "./tuple-index.js";
import { MoveTuples } from "./move-tuples.js";
import { Layer } from "./layer.js";

/** An input's routes: each input relation it goes to, followed by its tuple there. */
export type InputRoutes = (Relation | number[])[];

export class InputRouter {
  /** Per move term: its input relations and tuples there when the role at each position plays it (made once, never changed). */
  private readonly moveTuples = new Map<number, InputRoutes[]>();
  /** Per fluent: its input relations, each followed by its tuple there (see `addInput`). */
  private readonly fluentTuples = new Map<number, InputRoutes>();

  constructor(private readonly program: Program) {}

  /** A layer holding the fluents of a state as `true` inputs. */
  stateLayer(fluents: readonly number[]): Layer {
    const layer = new Layer();
    const indexes: TupleIndex[] = [];
    for (const f of fluents) {
      // A fluent's tuples are the same in every state (an index keeps them, never changed): made once.
      let tuples = this.fluentTuples.get(f);
      if (tuples === undefined) this.fluentTuples.set(f, (tuples = inputRoutes(this.program, "true", [], f)));
      for (let k = 0; k < tuples.length; k += 2) inputIndex(layer, indexes, tuples[k] as Relation).add(tuples[k + 1] as number[], true);
    }
    return layer;
  }

  /** A layer holding a joint move as `does` inputs: `moves[i]` is the move of `roles[i]`. */
  moveLayer(roles: readonly number[], moves: readonly number[]): Layer {
    const layer = new Layer();
    const moveTuples: MoveTuples[] = [];
    for (let i = 0; i < roles.length; i++) {
      let byRole = this.moveTuples.get(moves[i]);
      if (byRole === undefined) this.moveTuples.set(moves[i], (byRole = []));
      const tuples = (byRole[i] ??= inputRoutes(this.program, "does", [roles[i]], moves[i]));
      for (let k = 0; k < tuples.length; k += 2) {
        const r = tuples[k] as Relation;
        let into = moveTuples[r.index];
        if (into === undefined) layer.inputs[r.index] = moveTuples[r.index] = into = new MoveTuples();
        into.add(tuples[k + 1] as number[]);
      }
    }
    return layer;
  }
}

/** The input relations an input of `kind` (after `prefix` arguments) goes to, each followed by its tuple there. */
export function inputRoutes(program: Program, kind: "true" | "does", prefix: readonly number[], term: number): InputRoutes {
  return routesTo(program, inputRelations(program, kind, prefix.length, term), kind, prefix, term);
}

/** The input relations of `kind` that read `term` after `prefixLength` arguments: `kind/n` and `kind(name/arity)`. */
function inputRelations(program: Program, kind: "true" | "does", prefixLength: number, term: number): Relation[] {
  const store = program.store;
  const args = store.argsOf[term];
  const name = store.symbolNames[store.symbolOf[term]];
  const keys = [`${kind}/${prefixLength + 1}`, inputKey(kind, name, args === null ? null : args.length)];
  const found: Relation[] = [];
  for (const k of keys) {
    const r = program.relation(k);
    if (r !== undefined && r.kind === kind) found.push(r);
  }
  return found;
}

function routesTo(program: Program, targets: readonly Relation[], kind: "true" | "does", prefix: readonly number[], term: number): InputRoutes {
  const tuples: InputRoutes = [];
  for (const r of targets) tuples.push(r, r.key === `${kind}/${prefix.length + 1}` ? [...prefix, term] : [...prefix, ...(program.store.argsOf[term] ?? [])]);
  return tuples;
}

/** The layer's index of input relation `r`, made on first use (`indexes` keeps them typed as made here). */
function inputIndex(layer: Layer, indexes: TupleIndex[], r: Relation): TupleIndex {
  let index = indexes[r.index];
  if (index === undefined) layer.inputs[r.index] = indexes[r.index] = index = new TupleIndex(r.arity);
  return index;
}
