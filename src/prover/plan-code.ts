/**
 * A compiled plan (plan.ts) as a JavaScript function, generated once per clause and set of bound
 * head positions: the head matched against the call, then the body's literals unrolled as nested
 * loops over their answers, each variable in a local of the function (the plan knows where each
 * is bound: no frame, no trail, no undo), each call's arguments built inline by their modes, and
 * the head's tuple built at the end. The evaluator (evaluator.ts) keeps the calls that may
 * re-enter it (`answersFor`, `lookupAt`); the interpretive bodies (interpreted-body.ts) stay the reference the
 * tests compare against. A search for one answer of a small relation no cycle goes through
 * (existence.ts) is written into the body that asks it, its clauses as labelled blocks, instead of a
 * call of `exists`.
 *
 * The function is made with `new Function` (the core runs in Node and in a page without a CSP, as
 * the grounder's inline host does). It keeps no mutable state of its own across calls but scratch
 * arrays that nothing re-enters while they are filled and read: the calls of lookups (a lookup
 * never calls back into the evaluator) and the arguments of interned compounds. Calls handed to
 * `answersFor`, which may run this very function again, come from the evaluator's pool.
 */
import type { BodyLiteral, Clause, CompiledPlan, Pattern, Relation } from "./program.js";
import { CALLED_PATTERN_DEPTH, patternDeeperThan, patternVars } from "./program.js";
import { ARG_BIND, ARG_CONST, ARG_GROUND, ARG_READ, compiledPlanFor } from "./plan.js";
import type { Table } from "./table.js";
import type { TermStore } from "./term-store.js";
import { ruleToKif } from "../syntax/print.js";
import { factTrie } from "./fact-trie.js";
import { existenceSearchable, leafRelation } from "./existence.js";
import type { FactTrie } from "./fact-trie.js";

/** What a generated body calls back: the evaluator. */
export interface PlanHost {
  readonly store: TermStore;
  /** Set when the body of a fully bound call searched depth-first holds (see evaluator.ts). */
  found: boolean;
  /** Searches and tables begun so far: a search inlined into a body (see `inlinedExists`) counts itself. */
  searches: number;
  /** Whether the answers `answersFor` returned last are final. */
  lastComplete: boolean;
  answersFor(relation: Relation, call: readonly number[]): readonly number[][];
  /** Whether a fully bound call of a relation with rules holds (`answersFor` without its answers); sets `lastComplete` as it does. */
  holds(relation: Relation, call: readonly number[]): boolean;
  /** Whether a call (bound at `mask`) of a relation no cycle goes through has an answer (existence.ts). */
  exists(relation: Relation, call: readonly number[], mask: number): boolean;
  lookupAt(relation: Relation, call: readonly number[], mask: number): readonly number[][];
  /** A call array of length `n` from the pool (given back by `giveBack`). */
  takeCall(n: number): number[];
  giveBack(call: number[]): void;
  addAnswer(t: Table, tuple: number[]): void;
}

/**
 * A clause's body for one set of bound head positions: matches the head against `call` (the
 * positions of the plan's mask bound), solves the body and adds each answer to `table`, or with
 * `table` null sets `host.found` at the first solution and returns.
 */
export type PlanCode = (host: PlanHost, call: readonly number[], table: Table | null) => void;

/**
 * The generated functions by their source: plans alike but for their constants (chess's clauses of
 * one relation, one per piece or direction) share one, whose optimized code V8 then shares too.
 */
const shapes = new Map<string, (constants: readonly unknown[]) => PlanCode>();
/** Sources kept in `shapes` at most (a cache over all games a process loads). */
const MAX_SHAPES = 10_000;

/** The answers of a lookup that matches nothing. */
const NO_TUPLES: readonly number[][] = [];

/** Most head and literal arguments a generated body handles (the plans' masks are 32-bit). */
const MAX_ARGS = 30;

/**
 * Most literals a generated body has: each is a loop nested in the one before, and V8's parser (and
 * the writer below, a call per literal) ran out of stack past about 800. Real bodies have 102 at most.
 */
const MAX_GENERATED_LITERALS = 256;

/** The error of a negated call met while it is being computed (the interpretive evaluation throws the same). */
export function notStratified(store: TermStore, relation: Relation, call: readonly number[], clause: Clause): Error {
  return new Error(
    `not stratified: (not ${relation.key}) called with ` +
      `${call.map((c) => (c >= 0 ? store.kif(c) : "_")).join(" ")} while it is being computed, in ${ruleToKif(clause.source)}`,
  );
}

/** The error of a head variable bound neither by the body nor by the call (`unbound`: their names, with `?`). */
export function unsafeRule(store: TermStore, clause: Clause, call: readonly number[], unbound: readonly string[]): Error {
  return new Error(
    `unsafe rule: ${unbound.join(" ")} bound neither by the body nor by the call ` +
      `(${clause.relation.key} with ${call.map((c) => (c >= 0 ? store.kif(c) : "_")).join(" ")}) in ${ruleToKif(clause.source)}`,
  );
}

/** The error of a `distinct` with an unbound side. */
export function floundering(clause: Clause): Error {
  return new Error(`distinct with an unbound variable (floundering) in ${ruleToKif(clause.source)}`);
}

/** The error of a `not distinct` with both sides unbound. */
export function unboundEquality(clause: Clause): Error {
  return new Error(`(not (distinct ...)) with unbound variables on both sides in ${ruleToKif(clause.source)}`);
}

/** The generated body of `plan` (made on first use and kept in the plan), or null when it is solved interpretively. */
export function planCode(plan: CompiledPlan, clause: Clause, mask: number): PlanCode | null {
  if (plan.code === undefined) plan.code = generatedCode(plan, clause, mask);
  return plan.code as PlanCode | null;
}

/** The generated function of a plan, or null when it is solved interpretively (too many arguments or literals). */
export function generatedCode(plan: CompiledPlan, clause: Clause, mask: number): PlanCode | null {
  if (clause.head.length > MAX_ARGS || plan.literals.length > MAX_GENERATED_LITERALS) return null;
  for (const l of plan.literals) if ((l.kind === "pos" || l.kind === "neg") && l.args.length > MAX_ARGS) return null;
  if (nestsTooDeep(plan, clause)) return null;
  const writer = new BodyWriter(plan, clause, mask, { constants: [], names: 0, inlinedLiterals: 0 }, 0);
  const body = writer.body();
  const source =
    `${writer.shared.constants.map((_, k) => `const k${k} = K[${k}];`).join("\n")}\n` +
    `return function body(ev, call, t) {\nconst st = ev.store, argsOf = st.argsOf, symbolOf = st.symbolOf;\n${body}};`;
  let make = shapes.get(source);
  if (make === undefined && shapes.size < MAX_SHAPES) {
    make = new Function("K", source) as (constants: readonly unknown[]) => PlanCode;
    shapes.set(source, make);
  }
  return (make ?? (new Function("K", source) as (constants: readonly unknown[]) => PlanCode))(writer.shared.constants);
}

/**
 * Whether a pattern of the clause nests deeper than CALLED_PATTERN_DEPTH (program.ts): its code would be
 * an expression and statements nested as deep, a call per level to write and for V8 to read; such a
 * body is solved interpretively, which walks deep patterns from stacks of its own.
 */
function nestsTooDeep(plan: CompiledPlan, clause: Clause): boolean {
  const deep = (p: Pattern) => patternDeeperThan(p, CALLED_PATTERN_DEPTH);
  if (clause.head.some(deep)) return true;
  return plan.literals.some((l) => ("args" in l ? l.args.some(deep) : deep(l.left) || deep(l.right)));
}

/** What the writers of one generated function share: its constants and the counter of its local names. */
interface Shared {
  readonly constants: unknown[];
  names: number;
  /** Literals of the searches written into the function so far (see MAX_INLINED_LITERALS). */
  inlinedLiterals: number;
}

/**
 * A clause body written inside another's (see `inlinedExists`): the expression of each bound head
 * position, the statement that leaves the clause when its head does not match, and the one that
 * ends the search at a solution.
 */
interface Inlined {
  readonly headArg: (j: number) => string;
  readonly fail: string;
  readonly found: string;
}

/** Deepest nesting of searches inlined into one another. */
const MAX_INLINE_DEPTH = 2;
/** Most clauses and literals per clause of a relation whose search is inlined. */
const MAX_INLINE_CLAUSES = 8;
const MAX_INLINE_LITERALS = 12;
/**
 * Most literals of inlined searches in one generated function: each site copies the relation's clauses, and those
 * copy theirs, so a long body of such calls would otherwise grow its source by their product.
 */
const MAX_INLINED_LITERALS = 200;

/** Writes the source of one plan's body; `bound` holds the variables bound at the point written. */
class BodyWriter {
  /** The local of each variable, named in the order they are bound (plans alike get one source). */
  private readonly locals = new Map<number, string>();

  /** `depth`: how many inlined searches this body is nested in; `inlined`: set when it is one of them. */
  constructor(
    private readonly plan: CompiledPlan,
    private readonly clause: Clause,
    private readonly mask: number,
    readonly shared: Shared,
    private readonly depth: number,
    private readonly inlined: Inlined | null = null,
  ) {}

  body(): string {
    const bound = new Set<number>();
    const arg = this.inlined === null ? (j: number) => `call[${j}]` : this.inlined.headArg;
    const fail = this.inlined === null ? "return" : this.inlined.fail;
    let code = "";
    this.clause.head.forEach((p, j) => {
      if (!(this.mask & (1 << (j & 31)))) return;
      if (p.k === 0) code += `if (${arg(j)} !== ${this.constant(p.id)}) ${fail};\n`;
      else code += this.match(p, arg(j), bound, fail);
    });
    return code + this.literal(0, bound, []);
  }

  private constant(value: unknown): string {
    this.shared.constants.push(value);
    return `k${this.shared.constants.length - 1}`;
  }

  private fresh(prefix: string): string {
    return `${prefix}${this.shared.names++}`;
  }

  /**
   * Declares `a`, whether the call of `relation` with the values of `args` (null where free) has an answer, as
   * `Evaluator.exists` answers it, with the relation's clause bodies written here instead of a call: each clause
   * a labelled block left when its head does not match, the first solution leaving them all. Null when the
   * relation is not inlined (facts of its own, too many clauses or literals, or nested too deep): a call then.
   *
   * Why: chess asks about 90 such searches a node (`occupied_by_opponent`, the `*_threatens` relations), each a
   * call through the evaluator's dispatch (the plans of the relation by mask, a loop over its clauses, a call of
   * each body through a site that sees every body) for a body of two or three lookups.
   */
  private inlinedExists(relation: Relation, args: readonly (string | null)[], a: string): string | null {
    if (this.depth >= MAX_INLINE_DEPTH || relation.facts.size > 0 || relation.clauses.length > MAX_INLINE_CLAUSES) return null;
    let mask = 0;
    args.forEach((value, j) => {
      if (value !== null) mask |= 1 << j;
    });
    const plans = relation.clauses.map((clause) => compiledPlanFor(clause, mask, false));
    if (plans.some((plan, c) => plan.literals.length > MAX_INLINE_LITERALS || relation.clauses[c].head.length > MAX_ARGS)) return null;
    for (const plan of plans) for (const l of plan.literals) if ((l.kind === "pos" || l.kind === "neg") && l.args.length > MAX_ARGS) return null;
    if (plans.some((plan, c) => nestsTooDeep(plan, relation.clauses[c]))) return null;
    const literals = plans.reduce((sum, plan) => sum + plan.literals.length, 0);
    if (this.shared.inlinedLiterals + literals > MAX_INLINED_LITERALS) return null;
    this.shared.inlinedLiterals += literals;
    const values: string[] = [];
    let code = "";
    args.forEach((value) => {
      if (value === null) return void values.push("-1");
      const p = this.fresh("p");
      code += `const ${p} = ${value};\n`;
      values.push(p);
    });
    const done = this.fresh("X");
    code += `let ${a} = false;\nev.searches++;\n${done}: {\n`;
    relation.clauses.forEach((clause, c) => {
      const block = this.fresh("C");
      const inlined: Inlined = { headArg: (j) => values[j], fail: `break ${block}`, found: `${a} = true;\nbreak ${done};\n` };
      code += `${block}: {\n${new BodyWriter(plans[c], clause, mask, this.shared, this.depth + 1, inlined).body()}}\n`;
    });
    return code + "}\n";
  }

  /** The code of literal `i` on and the end; `held`: the pooled calls of the enclosing loops. */
  private literal(i: number, bound: Set<number>, held: readonly string[]): string {
    const plan = this.plan;
    if (i === plan.literals.length) return this.end(bound, held);
    const literal = plan.literals[i];
    const ground = (p: Pattern) => this.ground(p);
    const allBound = (p: Pattern) => patternVars([p]).every((v) => bound.has(v));
    switch (literal.kind) {
      case "pos": {
        const { args, relation } = literal;
        const modes = plan.modes[i];
        const lookupMask = plan.masks[i];
        const c = this.fresh("c");
        const a = this.fresh("a");
        const x = this.fresh("x");
        const tuple = this.fresh("u");
        const label = this.fresh("L");
        const r = this.constant(relation);
        if (lookupMask < 0 && relation.kind === "derived" && relation.clauses.length > 0 && modes.every((mode) => mode < ARG_BIND)) {
          // Fully bound: a yes/no question, no answers to loop over (a leaf's searched at once).
          const leaf = args.length < MAX_ARGS && leafRelation(relation);
          const ask = leaf ? `ev.exists(${r}, ${c}, ${(1 << args.length) - 1})` : `ev.holds(${r}, ${c})`;
          const code = (leaf ? this.inlinedExists(relation, args.map(ground), a) : null) ?? this.question(c, a, args, ground, ask);
          return code + `if (${a}) {\n${this.literal(i + 1, bound, held)}}\n`;
        }
        if (lookupMask < 0 && this.existential(i) && existenceSearchable(relation)) {
          // The values the answers would bind are used nowhere after: whether one exists is enough.
          let callMask = 0;
          modes.forEach((mode, j) => {
            if (mode !== ARG_BIND) callMask |= 1 << j;
          });
          const value = (p: Pattern, j: number) => (modes[j] === ARG_BIND ? "-1" : ground(p));
          const code =
            this.inlinedExists(relation, args.map((p, j) => (modes[j] === ARG_BIND ? null : ground(p))), a) ??
            this.question(c, a, args, value, `ev.exists(${r}, ${c}, ${callMask})`);
          return code + `if (${a}) {\n${this.literal(i + 1, bound, held)}}\n`;
        }
        const trie = lookupMask > 0 ? this.trieOf(relation, lookupMask) : null;
        let code =
          lookupMask >= 0 ? `const ${c} = ${this.constant(new Array<number>(args.length).fill(-1))};\n` : `const ${c} = ev.takeCall(${args.length});\n`;
        args.forEach((p, j) => {
          const mode = modes[j];
          const value =
            mode === ARG_CONST || mode === ARG_READ || mode === ARG_GROUND
              ? ground(p)
              : "-1";
          code += `${c}[${j}] = ${value};\n`;
        });
        code +=
          trie !== null
            ? this.trieRead(trie, a, c, lookupMask)
            : lookupMask >= 0
              ? `const ${a} = ev.lookupAt(${r}, ${c}, ${lookupMask});\n`
              : `const ${a} = ev.answersFor(${r}, ${c});\n`;
        code += `${label}: for (let ${x} = 0; ${x} < ${a}.length; ${x}++) {\nconst ${tuple} = ${a}[${x}];\n`;
        const inner = new Set(bound);
        args.forEach((p, j) => {
          if (modes[j] >= ARG_BIND) code += this.match(p, `${tuple}[${j}]`, inner, `continue ${label}`);
        });
        code += this.literal(i + 1, inner, lookupMask >= 0 ? held : [...held, c]);
        code += "}\n";
        if (lookupMask < 0) code += `ev.giveBack(${c});\n`;
        return code;
      }
      case "neg": {
        const { args, relation } = literal;
        const direct = (relation.kind !== "derived" || relation.clauses.length === 0) && args.length < MAX_ARGS;
        const c = this.fresh("c");
        const a = this.fresh("a");
        const x = this.fresh("x");
        const m = this.fresh("m");
        const label = this.fresh("N");
        if (!direct && args.length < MAX_ARGS && args.every(allBound) && leafRelation(relation)) {
          // Fully bound, of a leaf: its search written here (no cycle goes through it: its answer is final).
          const code = this.inlinedExists(relation, args.map(ground), m);
          if (code !== null) return code + `if (!${m}) {\n${this.literal(i + 1, bound, held)}}\n`;
        }
        const r = this.constant(relation);
        let code = direct ? `const ${c} = ${this.constant(new Array<number>(args.length).fill(-1))};\n` : `const ${c} = ev.takeCall(${args.length});\n`;
        let callMask = 0;
        const free: number[] = [];
        args.forEach((p, j) => {
          if (allBound(p)) {
            code += `${c}[${j}] = ${ground(p)};\n`;
            callMask |= 1 << j;
          } else {
            code += `${c}[${j}] = -1;\n`;
            free.push(j);
          }
        });
        const trie = direct && callMask > 0 ? this.trieOf(relation, callMask) : null;
        if (trie !== null) code += this.trieRead(trie, a, c, callMask);
        else if (direct) code += `const ${a} = ev.lookupAt(${r}, ${c}, ${callMask});\n`;
        else if (free.length === 0 && args.length < MAX_ARGS && leafRelation(relation)) {
          // Fully bound, of a leaf: searched at once (no cycle goes through it: its answer is final).
          code += `const ${m} = ev.exists(${r}, ${c}, ${callMask});\n`;
          code += `ev.giveBack(${c});\n`;
          return code + `if (!${m}) {\n${this.literal(i + 1, bound, held)}}\n`;
        } else if (free.length === 0 && relation.kind === "derived" && relation.clauses.length > 0) {
          // Fully bound: a yes/no question (the "not stratified" error as `answersFor`'s path throws it).
          code += `const ${m} = ev.holds(${r}, ${c});\n`;
          code += `if (!ev.lastComplete) throw ${this.constant(notStratified)}(st, ${r}, ${c}, ${this.constant(this.clause)});\n`;
          code += `ev.giveBack(${c});\n`;
          return code + `if (!${m}) {\n${this.literal(i + 1, bound, held)}}\n`;
        } else {
          code += `const ${a} = ev.answersFor(${r}, ${c});\n`;
          code += `if (!ev.lastComplete) throw ${this.constant(notStratified)}(st, ${r}, ${c}, ${this.constant(this.clause)});\n`;
        }
        code += `let ${m} = false;\n`;
        if (free.length === 0) code += `${m} = ${a}.length > 0;\n`;
        else {
          code += `${label}: for (let ${x} = 0; ${x} < ${a}.length; ${x}++) {\nconst u = ${a}[${x}];\n`;
          const inner = new Set(bound);
          for (const j of free) code += this.match(args[j], `u[${j}]`, inner, `continue ${label}`);
          code += `${m} = true;\nbreak;\n}\n`;
        }
        if (!direct) code += `ev.giveBack(${c});\n`;
        return code + `if (!${m}) {\n${this.literal(i + 1, bound, held)}}\n`;
      }
      case "distinct": {
        if (!allBound(literal.left) || !allBound(literal.right)) return `throw ${this.constant(floundering(this.clause))};\n`;
        return `if (${ground(literal.left)} !== ${ground(literal.right)}) {\n${this.literal(i + 1, bound, held)}}\n`;
      }
      case "equal": {
        const left = allBound(literal.left);
        const right = allBound(literal.right);
        if (left && right) return `if (${ground(literal.left)} === ${ground(literal.right)}) {\n${this.literal(i + 1, bound, held)}}\n`;
        if (!left && !right) return `throw ${this.constant(unboundEquality(this.clause))};\n`;
        const e = this.fresh("e");
        const label = this.fresh("E");
        const inner = new Set(bound);
        const [known, other] = left ? [literal.left, literal.right] : [literal.right, literal.left];
        return (
          `${label}: {\nconst ${e} = ${ground(known)};\n` +
          this.match(other, e, inner, `break ${label}`) +
          `${this.literal(i + 1, inner, held)}}\n`
        );
      }
    }
  }

  /**
   * Declares `a`, a yes/no question (`ask`, an expression of the call `c`) asked with a call from the
   * pool, each argument's value from `value`; the call is given back at once (nothing keeps it).
   */
  private question(c: string, a: string, args: readonly Pattern[], value: (p: Pattern, j: number) => string, ask: string): string {
    let code = `const ${c} = ev.takeCall(${args.length});\n`;
    args.forEach((p, j) => {
      code += `${c}[${j}] = ${value(p, j)};\n`;
    });
    return code + `const ${a} = ${ask};\nev.giveBack(${c});\n`;
  }

  /**
   * Whether positive literal `i` binds only fresh variables (each met once there, ARG_BIND) that no
   * later literal and no head position reads, and fewer than 30 arguments (a mask of its bound ones).
   */
  private existential(i: number): boolean {
    const literal = this.plan.literals[i] as Extract<BodyLiteral, { readonly args: readonly Pattern[] }>;
    const modes = this.plan.modes[i];
    if (literal.args.length >= MAX_ARGS) return false;
    const binds = new Set<number>();
    for (let j = 0; j < modes.length; j++) {
      if (modes[j] === ARG_BIND) binds.add((literal.args[j] as { slot: number }).slot);
      else if (modes[j] > ARG_BIND) return false;
    }
    if (binds.size === 0) return false;
    const later = this.plan.literals.slice(i + 1).flatMap((l) => l.vars);
    return ![...later, ...patternVars(this.clause.head)].some((v) => binds.has(v));
  }

  /** The trie of a relation of facts alone at the positions of `mask` (fact-trie.ts), or null to read the tuple index. */
  private trieOf(relation: Relation, mask: number): FactTrie | null {
    return relation.kind === "derived" && relation.clauses.length === 0 ? factTrie(relation.facts, mask) : null;
  }

  /** Declares `a`, the tuples of `trie` agreeing with the call `c` at the positions of `mask` (one array read per position). */
  private trieRead(trie: FactTrie, a: string, c: string, mask: number): string {
    const reads: string[] = [];
    for (let j = 0; j < MAX_ARGS; j++) if (mask & (1 << j)) reads.push(`${c}[${j}]`);
    let code = `let ${a} = ${this.constant(trie)}[${reads[0]}];\n`;
    for (let p = 1; p < reads.length; p++) code += `if (${a} !== undefined) ${a} = ${a}[${reads[p]}];\n`;
    return code + `if (${a} === undefined) ${a} = ${this.constant(NO_TUPLES)};\n`;
  }

  /** A solution: the search's stop, or the head's tuple added to the table. */
  private end(bound: Set<number>, held: readonly string[]): string {
    const giveBack = held.map((c) => `ev.giveBack(${c});\n`).join("");
    if (this.inlined !== null) return giveBack + this.inlined.found;
    let code = `if (t === null) {\nev.found = true;\n${giveBack}return;\n}\n`;
    const head = this.clause.head;
    const parts: string[] = [];
    for (let j = 0; j < head.length; j++) {
      if (this.mask & (1 << (j & 31))) {
        parts.push(`call[${j}]`);
        continue;
      }
      const unbound = patternVars([head[j]]).filter((s) => !bound.has(s));
      if (unbound.length > 0) {
        const names = this.constant(unbound.map((s) => `?${this.clause.varNames[s]}`));
        return code + `throw ${this.constant(unsafeRule)}(st, ${this.constant(this.clause)}, call, ${names});\n`;
      }
      parts.push(this.ground(head[j]));
    }
    return code + `ev.addAnswer(t, [${parts.join(", ")}]);\n`;
  }

  /** An expression of the id of a pattern whose variables are all bound (compounds interned through scratch arrays). */
  private ground(p: Pattern): string {
    if (p.k === 0) return this.constant(p.id);
    if (p.k === 1) return this.locals.get(p.slot)!;
    const s = this.constant(new Array<number>(p.args.length).fill(0));
    const fills = p.args.map((q, j) => `${s}[${j}] = ${this.ground(q)}`);
    return `(${[...fills, `st.compound(${this.constant(p.sym)}, ${s})`].join(", ")})`;
  }

  /**
   * Statements matching a pattern against the id `id` (an expression without side effects): its
   * unbound variables are declared (and added to `bound`), the others compared; `fail` leaves.
   */
  private match(p: Pattern, id: string, bound: Set<number>, fail: string): string {
    if (p.k === 0) return `if (${id} !== ${this.constant(p.id)}) ${fail};\n`;
    if (p.k === 1) {
      if (bound.has(p.slot)) return `if (${id} !== ${this.locals.get(p.slot)!}) ${fail};\n`;
      bound.add(p.slot);
      const local = this.fresh("v");
      this.locals.set(p.slot, local);
      return `const ${local} = ${id};\n`;
    }
    const g = this.fresh("g");
    const args = this.fresh("s");
    let code = `const ${g} = ${id};\nconst ${args} = argsOf[${g}];\n`;
    code += `if (${args} === null || symbolOf[${g}] !== ${this.constant(p.sym)} || ${args}.length !== ${p.args.length}) ${fail};\n`;
    p.args.forEach((q, j) => {
      code += this.match(q, `${args}[${j}]`, bound, fail);
    });
    return code;
  }
}
