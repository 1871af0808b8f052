/**
 * Top-down evaluation with tabling over the compiled clauses (see program.ts).
 *
 * A call is a relation with some arguments bound to ground terms (the others free). Each call
 * gets a table holding all its answers (ground tuples), computed by resolving the relation's
 * facts and clauses. Recursive calls are handled as in SCC-based linear tabling: a call met
 * again while it is being computed returns the answers found so far, and the leader of the
 * strongly connected set of such calls re-evaluates them until a whole pass finds no new
 * answer; then they are all complete. Negation (`not`) only reads complete tables, which
 * stratification guarantees. A negated literal with variables bound nowhere means "no
 * answer matches" (the usual reading by GDL provers). `distinct` needs both sides ground;
 * `not distinct` may bind a variable.
 *
 * Tables of static relations are kept across queries, up to STATIC_TABLE_LIMIT of them: a
 * query that starts with more drops them all first (they are a cache: every one can be
 * computed again). quad's 8-ary `square`, called with the cells of each state bound, made 2.1
 * million static tables (900 MB) in 5 random playouts, and verify's child ran out of its 4 GiB
 * on the fourth. Those of level 1 live with a state, those of level 2 with a state and a joint
 * move.
 */
import type { BodyLiteral, Clause, Pattern, Program, Relation } from "./program.js";
import { patternVars } from "./program.js";
import { ruleToKif } from "../syntax/print.js";
import type { TermStore } from "./term-store.js";
import { hashIds, sameIds } from "./id-hash.js";
import { TupleIndex } from "./tuple-index.js";

const EMPTY: readonly number[][] = [];

/** Static tables kept across queries at most (see the module comment); about 250 MB on quad. */
export const STATIC_TABLE_LIMIT = 500_000;

/** Packs two term ids into one safe integer key when the second is below 2^26. */
const PAIR = 2 ** 26;

/** Answers a table keeps in a list before it indexes them by a set (see `Table.add`). */
const SCAN_LIMIT = 8;

/** No positions free: shared by every fully bound call. */
const NONE_FREE: readonly number[] = [];

export class Table {
  /** The answers found so far. */
  readonly answers: number[][] = [];
  /** The set that tells answers apart once there are more than SCAN_LIMIT of them. */
  private seen: Set<number | string> | null = null;
  complete = false;
  /** On the stack of tables whose SCC is not complete yet. */
  active = false;
  onCallStack = false;
  looped = false;
  index = -1;
  low = -1;
  pass = -1;
  /** The next table whose call hashes alike in the layer (see `Layer.tables`). */
  nextAlike: Table | undefined = undefined;
  constructor(
    readonly relation: Relation,
    readonly call: readonly number[],
    /** Positions the call leaves free; answers are told apart by them alone. */
    readonly free: readonly number[],
  ) {}

  /** Adds an answer unless it is there already; returns whether it was new. */
  add(tuple: number[]): boolean {
    const answers = this.answers;
    const free = this.free;
    if (answers.length === 0) {
      answers.push(tuple);
      return true;
    }
    if (free.length === 0) return false;
    let seen = this.seen;
    if (seen === null) {
      if (answers.length < SCAN_LIMIT) {
        for (let a = 0; a < answers.length; a++) if (sameAt(answers[a], tuple, free)) return false;
        answers.push(tuple);
        return true;
      }
      seen = this.seen = new Set();
      for (const answer of answers) seen.add(answerKey(answer, free));
    }
    const key = answerKey(tuple, free);
    if (seen.has(key)) return false;
    seen.add(key);
    answers.push(tuple);
    return true;
  }
}

function sameAt(a: readonly number[], b: readonly number[], positions: readonly number[]): boolean {
  for (let k = 0; k < positions.length; k++) if (a[positions[k]] !== b[positions[k]]) return false;
  return true;
}

/** An answer's key by its free positions: a number where one or two small ids tell it, else text. */
function answerKey(tuple: readonly number[], free: readonly number[]): number | string {
  if (free.length === 1) return tuple[free[0]];
  if (free.length === 2 && tuple[free[1]] < PAIR) return tuple[free[0]] * PAIR + tuple[free[1]];
  let key = "";
  for (const j of free) key += `${tuple[j]},`;
  return key;
}

/** A hash of a call of a relation (see id-hash.ts). */
export function callHash(relation: number, call: readonly number[]): number {
  return hashIds(relation, call);
}

function freeOf(call: readonly number[]): number[] {
  const positions: number[] = [];
  for (let j = 0; j < call.length; j++) if (call[j] < 0) positions.push(j);
  return positions;
}

/** Tables and inputs of one level: a state (level 1) or a state with a joint move (level 2). */
export class Layer {
  /**
   * Every table of the layer, by the hash of its relation and call; tables whose calls hash
   * alike are chained through `Table.nextAlike`. One map per layer instead of a trie of maps per
   * relation: chess made about 2,400 maps a state, most of the prover's garbage.
   */
  readonly tables = new Map<number, Table>();
  readonly inputs: (TupleIndex | undefined)[] = [];

  /** The table of a call of `relation`, made by `make` (and kept) when the layer has none. */
  tableOf(relation: Relation, call: readonly number[], make: (layer: Layer, relation: Relation, call: readonly number[]) => Table): Table {
    const hash = callHash(relation.index, call);
    const first = this.tables.get(hash);
    let table = first;
    while (table !== undefined && (table.relation !== relation || !sameIds(table.call, call))) table = table.nextAlike;
    if (table === undefined) {
      table = make(this, relation, call);
      table.nextAlike = first;
      this.tables.set(hash, table);
    }
    return table;
  }
}

export class Evaluator {
  readonly store: TermStore;
  private staticLayer = new Layer();
  /** Tables made in `staticLayer` since it was made. */
  private staticTables = 0;
  private layers: [Layer, Layer | null, Layer | null];
  private readonly trail: number[] = [];
  private readonly callStack: Table[] = [];
  private readonly sccStack: Table[] = [];
  private pass = 0;
  private passCounter = 0;
  private answerCount = 0;
  private lastComplete = true;
  private readonly routes = new Map<number, Relation[]>();
  /** Frames of clauses and calls of literals, reused: most of the evaluator's garbage otherwise. */
  private readonly frames: number[][] = [];
  /** Calls by their length (an array's length is never changed: that was slow). */
  private readonly calls: number[][][] = [];
  /** Per relation, the free positions of a call by the mask of them (shared by its tables). */
  private readonly freePositions: (Map<number, readonly number[]> | undefined)[] = [];

  /** `staticTableLimit`: static tables kept across queries at most (default STATIC_TABLE_LIMIT). */
  constructor(
    readonly program: Program,
    private readonly staticTableLimit = STATIC_TABLE_LIMIT,
  ) {
    this.store = program.store;
    this.layers = [this.staticLayer, null, null];
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
    const cacheKey = kind === "true" ? term : -1 - term;
    let targets = this.routes.get(cacheKey);
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
      this.routes.set(cacheKey, found);
    }
    for (const r of targets) {
      let index = layer.inputs[r.index];
      if (index === undefined) index = layer.inputs[r.index] = new TupleIndex(r.arity);
      if (r.key === `${kind}/${prefix.length + 1}`) index.add([...prefix, term]);
      else index.add([...prefix, ...(this.store.argsOf[term] ?? [])]);
    }
  }

  /**
   * The answers to `relation` called with `call` (term ids, -1 for a free position), reading
   * `true` from `state` and `does` from `move` (either may be null when not needed).
   */
  query(relation: Relation, call: readonly number[], state: Layer | null, move: Layer | null): readonly number[][] {
    if (this.staticTables > this.staticTableLimit) this.forgetStaticTables();
    this.layers = [this.staticLayer, state, move];
    try {
      return this.answersFor(relation, call);
    } catch (error) {
      // Tables met by the failed query may be half built: forget them all.
      this.forgetStaticTables();
      this.callStack.length = 0;
      this.sccStack.length = 0;
      this.trail.length = 0;
      this.pass = 0;
      throw error;
    } finally {
      this.layers = [this.staticLayer, null, null];
    }
  }

  private forgetStaticTables(): void {
    this.staticLayer = new Layer();
    this.staticTables = 0;
  }

  /** How many tables of static relations are kept. */
  get staticTableCount(): number {
    return this.staticTables;
  }


  /** A new table of a call in `layer`, counted when the layer is the static one. */
  private readonly makeTable = (layer: Layer, relation: Relation, call: readonly number[]): Table => {
    if (layer === this.staticLayer) this.staticTables++;
    let mask = 0;
    for (let j = 0; j < call.length; j++) if (call[j] < 0) mask |= 1 << j;
    let free: readonly number[] | undefined = NONE_FREE;
    if (call.length > 30) {
      free = freeOf(call);
    } else if (mask !== 0) {
      const byMask = (this.freePositions[relation.index] ??= new Map());
      free = byMask.get(mask);
      if (free === undefined) byMask.set(mask, (free = freeOf(call)));
    }
    return new Table(relation, call.slice(), free);
  };

  /** The answers of a call; sets `lastComplete` to whether they are final. */
  private answersFor(relation: Relation, call: readonly number[]): readonly number[][] {
    this.lastComplete = true;
    if (relation.kind !== "derived") {
      const layer = this.layers[relation.level];
      if (layer === null) throw new Error(`no ${relation.kind} input to read ${relation.key} from`);
      return layer.inputs[relation.index]?.lookup(call) ?? EMPTY;
    }
    if (relation.clauses.length === 0) return relation.facts.lookup(call);
    const layer = this.layers[relation.level];
    if (layer === null) throw new Error(`${relation.key} depends on inputs that were not given`);
    const table = layer.tableOf(relation, call, this.makeTable);
    if (!table.complete) this.solveCall(table);
    this.lastComplete = table.complete;
    return table.answers;
  }

  private solveCall(t: Table): void {
    if (t.complete) return;
    const caller = this.callStack.length > 0 ? this.callStack[this.callStack.length - 1] : null;
    if (t.onCallStack) {
      t.looped = true;
      if (caller !== null) caller.low = Math.min(caller.low, t.index);
      return;
    }
    if (t.active && t.pass === this.pass) {
      if (caller !== null) caller.low = Math.min(caller.low, t.low);
      return;
    }
    if (!t.active) {
      t.active = true;
      t.index = t.low = this.sccStack.length;
      this.sccStack.push(t);
    }
    t.onCallStack = true;
    this.callStack.push(t);
    const savedPass = this.pass;
    t.pass = this.pass;
    for (;;) {
      const before = this.answerCount;
      this.evaluate(t);
      if (t.low < t.index) break; // a follower: its leader iterates
      if (this.answerCount === before) break;
      if (!t.looped && this.sccStack.length - 1 === t.index) break;
      this.pass = ++this.passCounter;
      t.pass = this.pass;
    }
    this.pass = savedPass;
    this.callStack.pop();
    t.onCallStack = false;
    if (t.low === t.index) {
      for (;;) {
        const member = this.sccStack.pop()!;
        member.complete = true;
        member.active = false;
        if (member === t) break;
      }
    } else if (caller !== null) {
      caller.low = Math.min(caller.low, t.low);
    }
  }

  private addAnswer(t: Table, tuple: number[]): void {
    if (t.add(tuple)) this.answerCount++;
  }

  /** One pass over the facts and clauses of a call's relation. */
  private evaluate(t: Table): void {
    const relation = t.relation;
    const call = t.call;
    for (const fact of relation.facts.lookup(call)) this.addAnswer(t, fact);
    let mask = 0;
    for (let j = 0; j < call.length; j++) if (call[j] >= 0) mask |= 1 << (j & 31);
    // One frame for every clause of the pass, taken from a pool and reset by the trail.
    const frame = this.frames.pop() ?? [];
    clauses: for (const clause of relation.clauses) {
      const head = clause.head;
      for (let j = 0; j < call.length; j++) {
        const p = head[j];
        if (call[j] >= 0 && p.k === 0 && p.id !== call[j]) continue clauses;
      }
      for (let v = frame.length; v < clause.varNames.length; v++) frame.push(-1);
      const mark = this.trail.length;
      let unifies = true;
      for (let j = 0; j < call.length && unifies; j++) {
        if (call[j] >= 0) unifies = this.match(clause.head[j], call[j], frame);
      }
      if (unifies) this.solveBody(planFor(clause, mask), 0, frame, clause, t);
      this.undo(mark, frame);
    }
    this.frames.push(frame);
  }

  private solveBody(plan: readonly BodyLiteral[], i: number, frame: number[], clause: Clause, t: Table): void {
    if (i === plan.length) {
      this.emit(clause, frame, t);
      return;
    }
    const literal = plan[i];
    switch (literal.kind) {
      case "pos": {
        const args = literal.args;
        const call = this.callArgs(args, frame);
        const answers = this.answersFor(literal.relation, call);
        for (let a = 0; a < answers.length; a++) {
          const tuple = answers[a];
          const mark = this.trail.length;
          if (this.matchFree(args, call, tuple, frame)) this.solveBody(plan, i + 1, frame, clause, t);
          this.undo(mark, frame);
        }
        this.calls[call.length].push(call);
        return;
      }
      case "neg": {
        const args = literal.args;
        const call = this.callArgs(args, frame);
        const answers = this.answersFor(literal.relation, call);
        if (!this.lastComplete) {
          throw new Error(
            `not stratified: (not ${literal.relation.key}) called with ` +
              `${call.map((c) => (c >= 0 ? this.store.kif(c) : "_")).join(" ")} while it is being computed, in ${ruleToKif(clause.source)}`,
          );
        }
        let matched = false;
        for (let a = 0; a < answers.length && !matched; a++) {
          const mark = this.trail.length;
          matched = this.matchFree(args, call, answers[a], frame);
          this.undo(mark, frame);
        }
        this.calls[call.length].push(call);
        if (!matched) this.solveBody(plan, i + 1, frame, clause, t);
        return;
      }
      case "distinct": {
        const left = this.ground(literal.left, frame);
        const right = this.ground(literal.right, frame);
        if (left < 0 || right < 0) {
          throw new Error(`distinct with an unbound variable (floundering) in ${ruleToKif(clause.source)}`);
        }
        if (left !== right) this.solveBody(plan, i + 1, frame, clause, t);
        return;
      }
      case "eq": {
        const left = this.ground(literal.left, frame);
        const right = this.ground(literal.right, frame);
        if (left >= 0 && right >= 0) {
          if (left === right) this.solveBody(plan, i + 1, frame, clause, t);
          return;
        }
        if (left < 0 && right < 0) {
          throw new Error(`(not (distinct ...)) with unbound variables on both sides in ${ruleToKif(clause.source)}`);
        }
        const mark = this.trail.length;
        if (left >= 0 ? this.match(literal.right, left, frame) : this.match(literal.left, right, frame)) {
          this.solveBody(plan, i + 1, frame, clause, t);
        }
        this.undo(mark, frame);
        return;
      }
    }
  }

  private emit(clause: Clause, frame: number[], t: Table): void {
    const call = t.call;
    const tuple = new Array<number>(call.length);
    for (let j = 0; j < call.length; j++) {
      const id = call[j] >= 0 ? call[j] : this.ground(clause.head[j], frame);
      if (id < 0) {
        const unbound = patternVars([clause.head[j]]).filter((s) => frame[s] < 0).map((s) => `?${clause.varNames[s]}`);
        throw new Error(
          `unsafe rule: ${unbound.join(" ")} bound neither by the body nor by the call ` +
            `(${clause.relation.key} with ${call.map((c) => (c >= 0 ? this.store.kif(c) : "_")).join(" ")}) in ${ruleToKif(clause.source)}`,
        );
      }
      tuple[j] = id;
    }
    this.addAnswer(t, tuple);
  }

  private undo(mark: number, frame: number[]): void {
    const trail = this.trail;
    while (trail.length > mark) frame[trail.pop()!] = -1;
  }

  /** The call of a literal under the frame, in an array from the pool (given back by the caller). */
  private callArgs(args: readonly Pattern[], frame: number[]): number[] {
    const pool = (this.calls[args.length] ??= []);
    const call = pool.pop() ?? new Array<number>(args.length);
    for (let j = 0; j < args.length; j++) {
      const p = args[j];
      call[j] = p.k === 0 ? p.id : p.k === 1 ? frame[p.slot] : this.ground(p, frame);
    }
    return call;
  }

  /** The id of a pattern under the frame, or -1 when a variable in it is unbound. */
  private ground(p: Pattern, frame: number[]): number {
    if (p.k === 0) return p.id;
    if (p.k === 1) return frame[p.slot];
    const ids = new Array<number>(p.args.length);
    for (let j = 0; j < p.args.length; j++) {
      const id = this.ground(p.args[j], frame);
      if (id < 0) return -1;
      ids[j] = id;
    }
    return this.store.compound(p.sym, ids);
  }

  private matchFree(args: readonly Pattern[], call: readonly number[], tuple: readonly number[], frame: number[]): boolean {
    for (let j = 0; j < args.length; j++) {
      if (call[j] < 0 && !this.match(args[j], tuple[j], frame)) return false;
    }
    return true;
  }

  /** Matches a pattern against a ground term, binding variables (recorded on the trail). */
  private match(p: Pattern, id: number, frame: number[]): boolean {
    if (p.k === 0) return p.id === id;
    if (p.k === 1) {
      const bound = frame[p.slot];
      if (bound < 0) {
        frame[p.slot] = id;
        this.trail.push(p.slot);
        return true;
      }
      return bound === id;
    }
    const store = this.store;
    const args = store.argsOf[id];
    if (args === null || store.symbolOf[id] !== p.sym || args.length !== p.args.length) return false;
    for (let j = 0; j < args.length; j++) if (!this.match(p.args[j], args[j], frame)) return false;
    return true;
  }
}

/**
 * The order in which a clause's body is solved when a call binds the head positions in
 * `mask`: positive literals in the written order (an input or fact lookup whose variables
 * are all bound goes first, as a cheap test), each `not`, `distinct` and `not distinct` as
 * soon as its variables are bound; those never bound go last.
 */
export function planFor(clause: Clause, mask: number): readonly BodyLiteral[] {
  let plan = clause.plans.get(mask);
  if (plan !== undefined) return plan;
  const bound = new Set<number>();
  clause.head.forEach((p, j) => {
    if (mask & (1 << (j & 31))) patternVars([p]).forEach((v) => bound.add(v));
  });
  const allBound = (vars: readonly number[]) => vars.every((v) => bound.has(v));
  const remaining = [...clause.body];
  const ordered: BodyLiteral[] = [];
  const take = (k: number) => {
    const [literal] = remaining.splice(k, 1);
    ordered.push(literal);
    literal.vars.forEach((v) => bound.add(v));
  };
  while (remaining.length > 0) {
    let progress = true;
    while (progress) {
      progress = false;
      for (let k = 0; k < remaining.length; k++) {
        const l = remaining[k];
        const ready =
          l.kind === "neg" || l.kind === "distinct"
            ? allBound(l.vars)
            : l.kind === "eq"
              ? allBound(patternVars([l.left])) || allBound(patternVars([l.right]))
              : false;
        if (ready) {
          take(k);
          progress = true;
          break;
        }
      }
    }
    if (remaining.length === 0) break;
    let k = remaining.findIndex(
      (l) => l.kind === "pos" && (l.relation.kind !== "derived" || l.relation.clauses.length === 0) && allBound(l.vars),
    );
    if (k < 0) k = remaining.findIndex((l) => l.kind === "pos");
    if (k < 0) {
      while (remaining.length > 0) take(0);
      break;
    }
    take(k);
  }
  plan = ordered;
  clause.plans.set(mask, plan);
  return plan;
}
