/**
 * Building the propnet of a `GroundGame` (issue 4, item 1).
 *
 * 1. Normalize: base fluents = `GroundGame.base` plus every f of an `(init f)` or `(next f)`
 *    atom; inputs = `GroundGame.input` plus every move of a `(legal r m)` atom, so that every
 *    legal has its input (GGP-Base #8, #27); `(true f)` / `(does r m)` atoms are made for every
 *    base fluent / input even when no clause mentions them. A `(true f)` for an f that is not
 *    a base fluent, or a `(does r m)` that is not an input, can never hold. Clauses with a
 *    `true` or `does` head are ignored (with a warning).
 * 2. Unoptimized (`optimize: false`): one proposition per atom, one AND per clause with a
 *    body, one OR per head with several clauses, one NOT per negative literal, a fact is the
 *    constant TRUE, an atom without clauses reads FALSE. Its propositions + gates are exactly
 *    `countPaperComponents`.
 * 3. Optimized (default):
 *    - constant folding: atoms that always hold (facts, and rules over them) and atoms that can
 *      never hold (no clause can fire even when every fluent and move may be true) are
 *      computed together as a fixpoint; dead clauses are dropped and constant literals removed;
 *    - 1-literal bodies and 1-clause heads need no gate; view propositions disappear (their
 *      readers read the gate that defines them); only output propositions stay: base, input,
 *      next, legal, goal, terminal, init;
 *    - structurally equal gates are merged, `not (not x)` is x;
 *    - an input common to all the ANDs of an OR (ANDs read by that OR alone) is factored out:
 *      or(and(c, x1), and(c, x2)) = and(c, or(x1, x2)); or(and(c), and(c, x)) = and(c). In
 *      tictactoe, the 16 clauses that keep a cell blank become one AND over one OR of moves;
 *    - what reaches no output (legal, goal, terminal, init, next/transition) is removed, as are
 *      legal, goal and init propositions that can never hold and transitions from a `next`
 *      that can never hold. A `next` that always holds keeps its transition (GGP-Base #75).
 * 4. Cycles among rule atoms that no transition breaks are reported by name in
 *    `Propnet.cycles` (the build itself always terminates).
 */
import type { GroundClause, GroundGame } from "../ground/ground-game.js";
import { termToKif } from "../syntax/print.js";
import { cyclicComponents, topologicalOrder } from "./graph.js";
import {
  isProposition,
  type ComponentKind,
  type Propnet,
  type PropnetComponent,
  type PropnetCycle,
  type PropnetGoal,
  type PropnetInit,
  type PropnetInput,
  type PropnetLegal,
  type PropnetStats,
  type PropositionKind,
} from "./propnet.js";

export interface BuildPropnetOptions {
  /** Run the optimizations (default true). With false, the propnet is the paper's unoptimized one. */
  readonly optimize?: boolean;
}

/** How an atom gets its value: from the state, from the joint move, never, or from clauses. */
type AtomClass = "base" | "input" | "never" | "rule";

/** The game with base fluents and inputs completed and atoms classified. */
interface Normalized {
  readonly roles: readonly string[];
  readonly kifs: string[];
  readonly cls: AtomClass[];
  readonly propKind: PropositionKind[];
  /** Base index of the fluent of a `true` (class base), `next` or `init` atom; else -1. */
  readonly fluentBase: number[];
  /** Input index of a `does` atom (class input) or of the move of a `legal` atom; else -1. */
  readonly moveInput: number[];
  /** Role index of `legal` / `goal` atoms; else -1. */
  readonly atomRole: number[];
  /** Value KIF of `goal` atoms. */
  readonly goalValue: string[];
  readonly clauses: readonly GroundClause[];
  /** The clauses of each head atom. */
  readonly clausesOf: Rows;
  readonly baseFluents: readonly string[];
  /** Atom of `(true f)` per base index. */
  readonly baseAtom: readonly number[];
  /** Atom of `(next f)` per base index, or -1. */
  readonly nextAtom: readonly number[];
  readonly inputs: readonly { readonly role: number; readonly move: string }[];
  /** Atom of `(does r m)` per input index. */
  readonly inputAtom: readonly number[];
  readonly warnings: string[];
}

/** Integer lists per key 0..n-1 in compressed rows: list k is items[start[k] .. start[k + 1]). */
interface Rows {
  readonly start: Int32Array;
  readonly items: Int32Array;
}

/**
 * The rows of the pairs that `each` emits, in emission order within a row (`each` is called
 * twice: once to count, once to fill). One pair of typed arrays instead of an array per key keeps
 * millions of small arrays away from the garbage collector.
 */
function rows(n: number, each: (emit: (key: number, value: number) => void) => void): Rows {
  const start = new Int32Array(n + 1);
  each((key) => start[key + 1]++);
  for (let k = 0; k < n; k++) start[k + 1] += start[k];
  const fill = start.slice(0, n);
  const items = new Int32Array(start[n]);
  each((key, value) => (items[fill[key]++] = value));
  return { start, items };
}

function sample(items: readonly string[]): string {
  const shown = items.slice(0, 3).join(", ");
  return items.length > 3 ? `${shown}, ... (${items.length} in all)` : shown;
}

function normalize(game: GroundGame): Normalized {
  const warnings: string[] = [];
  const roles = [...game.roles];
  const roleIndex = new Map(roles.map((r, i) => [r, i]));
  const kifs = game.atoms.map((a) => a.kif);
  // `atomOf` below looks up `(true f)` and `(does r m)`: only atoms of those relations can match
  const kifIndex = new Map<string, number>();
  game.atoms.forEach((a, i) => {
    if (a.relation === "true" || a.relation === "does") kifIndex.set(a.kif, i);
  });
  const n0 = kifs.length;

  // base fluents
  const baseFluents: string[] = [];
  const baseIndex = new Map<string, number>();
  const addBase = (f: string) => {
    if (!baseIndex.has(f)) {
      baseIndex.set(f, baseFluents.length);
      baseFluents.push(f);
    }
  };
  for (const f of game.base) addBase(f);
  const addedBase: string[] = [];
  for (const a of game.atoms)
    if ((a.relation === "next" || a.relation === "init") && a.args.length === 1) {
      const f = termToKif(a.args[0]);
      if (!baseIndex.has(f)) addedBase.push(f);
      addBase(f);
    }
  if (addedBase.length > 0) warnings.push(`fluents of next/init atoms missing from base, added: ${sample(addedBase)}`);

  // inputs, grouped by role (moves are looked up per role: no key string per move)
  const rawInputs: { role: number; move: string }[] = [];
  const knownMoves = roles.map(() => new Set<string>());
  const addInput = (role: number, move: string): boolean => {
    if (knownMoves[role].has(move)) return false;
    knownMoves[role].add(move);
    rawInputs.push({ role, move });
    return true;
  };
  const unknownRoles = new Set<string>();
  for (const m of game.input) {
    const r = roleIndex.get(m.role);
    if (r === undefined) unknownRoles.add(m.role);
    else addInput(r, m.move);
  }
  const addedInputs: string[] = [];
  for (const a of game.atoms)
    if (a.relation === "legal" && a.args.length === 2) {
      const r = roleIndex.get(termToKif(a.args[0]));
      if (r !== undefined && addInput(r, termToKif(a.args[1]))) addedInputs.push(a.kif);
    }
  if (addedInputs.length > 0) warnings.push(`legal moves missing from input, added: ${sample(addedInputs)}`);
  if (unknownRoles.size > 0) warnings.push(`input moves of unknown roles ignored: ${sample([...unknownRoles])}`);
  const inputs = rawInputs.map((m, i) => ({ ...m, i })).sort((a, b) => a.role - b.role || a.i - b.i).map(({ role, move }) => ({ role, move }));
  const inputIndex = roles.map(() => new Map<string, number>());
  inputs.forEach((m, i) => inputIndex[m.role].set(m.move, i));

  // atoms for every base fluent and input
  const atomOf = (kif: string): number => {
    let i = kifIndex.get(kif);
    if (i === undefined) {
      i = kifs.length;
      kifs.push(kif);
      kifIndex.set(kif, i);
    }
    return i;
  };
  const baseAtom = baseFluents.map((f) => atomOf(`(true ${f})`));
  const inputAtom = inputs.map((m) => atomOf(`(does ${roles[m.role]} ${m.move})`));

  const n = kifs.length;
  const cls: AtomClass[] = new Array(n).fill("rule");
  const propKind: PropositionKind[] = new Array(n).fill("view");
  const fluentBase: number[] = new Array(n).fill(-1);
  const moveInput: number[] = new Array(n).fill(-1);
  const atomRole: number[] = new Array(n).fill(-1);
  const goalValue: string[] = new Array(n).fill("");
  const nextAtom: number[] = new Array(baseFluents.length).fill(-1);
  baseAtom.forEach((a, b) => {
    cls[a] = "base";
    propKind[a] = "base";
    fluentBase[a] = b;
  });
  inputAtom.forEach((a, i) => {
    cls[a] = "input";
    propKind[a] = "input";
    moveInput[a] = i;
  });
  const unknownGoalRoles: string[] = [];
  for (let i = 0; i < n0; i++) {
    const a = game.atoms[i];
    if (cls[i] !== "rule") continue;
    const args = a.args;
    switch (a.relation) {
      case "true":
      case "does":
        cls[i] = "never";
        break;
      case "next":
        if (args.length === 1) {
          propKind[i] = "next";
          fluentBase[i] = baseIndex.get(termToKif(args[0]))!;
          nextAtom[fluentBase[i]] = i;
        }
        break;
      case "init":
        if (args.length === 1) {
          propKind[i] = "init";
          fluentBase[i] = baseIndex.get(termToKif(args[0]))!;
        }
        break;
      case "terminal":
        if (args.length === 0) propKind[i] = "terminal";
        break;
      case "legal":
      case "goal": {
        if (args.length !== 2) break;
        const r = roleIndex.get(termToKif(args[0]));
        if (r === undefined) {
          unknownGoalRoles.push(a.kif);
          break;
        }
        atomRole[i] = r;
        if (a.relation === "legal") {
          propKind[i] = "legal";
          moveInput[i] = inputIndex[r].get(termToKif(args[1]))!;
        } else {
          propKind[i] = "goal";
          goalValue[i] = termToKif(args[1]);
        }
        break;
      }
    }
  }
  if (unknownGoalRoles.length > 0) warnings.push(`legal/goal atoms of unknown roles kept as views: ${sample(unknownGoalRoles)}`);

  const clauses: GroundClause[] = [];
  const badHeads: string[] = [];
  for (const c of game.clauses) {
    if (cls[c.head] !== "rule") {
      badHeads.push(kifs[c.head]);
      continue;
    }
    clauses.push(c);
  }
  const clausesOf = rows(n, (emit) => clauses.forEach((c, ci) => emit(c.head, ci)));
  if (badHeads.length > 0) warnings.push(`clauses with a true/does head ignored: ${sample(badHeads)}`);

  return {
    roles,
    kifs,
    cls,
    propKind,
    fluentBase,
    moveInput,
    atomRole,
    goalValue,
    clauses,
    clausesOf,
    baseFluents,
    baseAtom,
    nextAtom,
    inputs,
    inputAtom,
    warnings,
  };
}

/**
 * The paper's component count of the ground rules, without optimization:
 *   - one proposition per distinct atom that occurs in a clause (head or body), plus `(true f)`
 *     for each base fluent and `(does r m)` for each input (and legal move) not occurring;
 *   - one AND per clause with a non-empty body (even a body of one literal);
 *   - one OR per atom that heads two or more clauses (facts included);
 *   - one NOT per negative literal occurrence.
 * Transitions and the constants TRUE/FALSE are not counted.
 */
function countPaperComponents(g: Normalized): number {
  const used = new Uint8Array(g.kifs.length);
  for (const a of g.baseAtom) used[a] = 1;
  for (const a of g.inputAtom) used[a] = 1;
  let ands = 0;
  let nots = 0;
  for (const c of g.clauses) {
    used[c.head] = 1;
    for (const a of c.positive) used[a] = 1;
    for (const a of c.negative) used[a] = 1;
    if (c.positive.length + c.negative.length > 0) ands++;
    nots += c.negative.length;
  }
  let propositions = 0;
  for (let i = 0; i < used.length; i++) propositions += used[i];
  let ors = 0;
  const { start } = g.clausesOf;
  for (let a = 0; a < g.kifs.length; a++) if (start[a + 1] - start[a] >= 2) ors++;
  return propositions + ands + ors + nots;
}

const VARIABLE = 0;
const ALWAYS = 1;
const NEVER = 2;

/**
 * Which atoms always hold and which can never hold, as a joint fixpoint: `possible` is the
 * least model where fluents and moves may all hold and a negative literal blocks only when
 * its atom always holds; `always` is the least model where a negative literal is satisfied
 * only by an atom that can never hold. Returns VARIABLE / ALWAYS / NEVER per atom.
 */
function foldConstants(g: Normalized): Uint8Array {
  const n = g.kifs.length;
  const occurPos = rows(n, (emit) =>
    g.clauses.forEach((c, ci) => {
      for (const a of c.positive) emit(a, ci);
    }),
  );
  let always = new Uint8Array(n);
  let possible = new Uint8Array(n);
  const need = new Int32Array(g.clauses.length);
  /** Marks in `holds` what follows from the atoms queued (marked already): a clause fires when `need` counts down to 0. */
  const derive = (holds: Uint8Array, queue: number[]): void => {
    for (let qi = 0; qi < queue.length; qi++)
      for (let k = occurPos.start[queue[qi]]; k < occurPos.start[queue[qi] + 1]; k++) {
        const ci = occurPos.items[k];
        if (need[ci] > 0 && --need[ci] === 0) {
          const h = g.clauses[ci].head;
          if (!holds[h]) {
            holds[h] = 1;
            queue.push(h);
          }
        }
      }
  };
  for (let round = 0; ; round++) {
    // possible, given `always`
    const p = new Uint8Array(n);
    const queue: number[] = [];
    for (let a = 0; a < n; a++)
      if (g.cls[a] === "base" || g.cls[a] === "input") {
        p[a] = 1;
        queue.push(a);
      }
    g.clauses.forEach((c, ci) => {
      need[ci] = c.negative.some((a) => always[a]) ? -1 : c.positive.length;
      if (need[ci] === 0 && !p[c.head]) {
        p[c.head] = 1;
        queue.push(c.head);
      }
    });
    derive(p, queue);
    // always, given never = not possible
    const t = new Uint8Array(n);
    queue.length = 0;
    g.clauses.forEach((c, ci) => {
      let k = c.positive.length;
      for (const a of c.negative) if (p[a]) k = -1;
      need[ci] = k < 0 ? -1 : k;
      if (need[ci] === 0 && !t[c.head]) {
        t[c.head] = 1;
        queue.push(c.head);
      }
    });
    derive(t, queue);
    const same = t.every((v, i) => v === always[i]) && p.every((v, i) => v === possible[i]);
    always = t;
    possible = p;
    if (same && round > 0) break;
  }
  const result = new Uint8Array(n);
  for (let a = 0; a < n; a++) result[a] = always[a] ? ALWAYS : possible[a] ? VARIABLE : NEVER;
  return result;
}

/** Cycles among rule atoms through the given clause bodies, named by atom KIF. */
function atomCycles(g: Normalized, bodyOf: (clause: number) => readonly number[], live: (atom: number) => boolean): PropnetCycle[] {
  const n = g.kifs.length;
  const successors = (a: number): number[] => {
    const out: number[] = [];
    const { start, items } = g.clausesOf;
    for (let k = start[a]; k < start[a + 1]; k++) for (const b of bodyOf(items[k])) if (g.cls[b] === "rule" && live(b)) out.push(b);
    return out;
  };
  const cache: (number[] | undefined)[] = new Array(n);
  const cached = (a: number) => (cache[a] ??= successors(a));
  return cyclicComponents(n, cached, (a) => g.cls[a] === "rule" && live(a))
    .map((members) => ({ kind: "propnet-cycle" as const, propositions: members.map((a) => g.kifs[a]).sort() }))
    .sort((x, y) => (x.propositions[0] < y.propositions[0] ? -1 : 1));
}

/** A 32-bit hash of a gate's kind and (sorted) inputs, for structural hashing. */
function gateHash(kind: string, inputs: readonly number[]): number {
  let h = kind === "and" ? 1 : kind === "or" ? 2 : 3;
  for (let k = 0; k < inputs.length; k++) h = Math.imul(h ^ inputs[k], 0x9e3779b1) ^ (h >>> 15);
  return h;
}

/**
 * Structural lookup in an open-addressing table of gate ids (`slots`, a power of two long, -1 for
 * empty): the slot holding a gate of `kind` over exactly `inputs`, or the empty slot where such a
 * gate belongs.
 */
function gateSlot(slots: Int32Array, kind: string, inputs: readonly number[], kinds: readonly string[], inputsOf: readonly (readonly number[])[]): number {
  const mask = slots.length - 1;
  for (let i = gateHash(kind, inputs) & mask; ; i = (i + 1) & mask) {
    const other = slots[i];
    if (other < 0) return i;
    if (kinds[other] !== kind) continue;
    const theirs = inputsOf[other];
    if (theirs.length !== inputs.length) continue;
    let same = true;
    for (let k = 0; k < inputs.length && same; k++) same = theirs[k] === inputs[k];
    if (same) return i;
  }
}

/** The graph under construction: parallel arrays of components. */
class Draft {
  readonly kind: ComponentKind[] = [];
  readonly label: string[] = [];
  readonly inputs: number[][] = [];
  private trueId = -1;
  private falseId = -1;
  /**
   * Gates made by `gate` and `not`, by structure: open addressing over gate ids (-1: empty), kept
   * under half full. `simplify` later rewrites gates' inputs to representatives; a gate found here
   * then has the same kind and the same inputs as asked for now, so it is still the same function
   * (an entry whose inputs changed may just not be found again: a sharing missed, which `merge`
   * makes up for).
   */
  private gateSlots = new Int32Array(1024).fill(-1);
  private gateCount = 0;

  add(kind: ComponentKind, label: string, inputs: number[]): number {
    this.kind.push(kind);
    this.label.push(label);
    this.inputs.push(inputs);
    return this.kind.length - 1;
  }
  get size(): number {
    return this.kind.length;
  }
  /** Names a gate after the (view) atom it computes, unless it has a name already. */
  name(id: number, kif: string): void {
    const k = this.kind[id];
    if ((k === "and" || k === "or" || k === "not") && this.label[id] === k) this.label[id] = kif;
  }
  constant(value: boolean): number {
    if (value) return this.trueId >= 0 ? this.trueId : (this.trueId = this.add("true", "TRUE", []));
    return this.falseId >= 0 ? this.falseId : (this.falseId = this.add("false", "FALSE", []));
  }
  /**
   * An AND/OR over `inputs`, shared with an equal one made before; one input is returned as is.
   * Takes `inputs` over: it is sorted and deduplicated in place and may become the new gate's list.
   */
  gate(kind: "and" | "or", inputs: number[]): number {
    inputs.sort((a, b) => a - b);
    let unique = 0;
    for (let k = 0; k < inputs.length; k++) if (k === 0 || inputs[k] !== inputs[k - 1]) inputs[unique++] = inputs[k];
    inputs.length = unique;
    if (unique === 1) return inputs[0];
    return this.shared(kind, inputs);
  }
  not(input: number): number {
    if (this.kind[input] === "not") return this.inputs[input][0];
    return this.shared("not", [input]);
  }
  /** The gate of this kind over exactly these inputs, made now if there is none yet. */
  private shared(kind: "and" | "or" | "not", inputs: number[]): number {
    const i = gateSlot(this.gateSlots, kind, inputs, this.kind, this.inputs);
    if (this.gateSlots[i] >= 0) return this.gateSlots[i];
    const id = this.add(kind, kind, inputs);
    this.gateSlots[i] = id;
    if (++this.gateCount * 2 > this.gateSlots.length) this.growGates();
    return id;
  }
  private growGates(): void {
    const old = this.gateSlots;
    this.gateSlots = new Int32Array(old.length * 2).fill(-1);
    const mask = this.gateSlots.length - 1;
    for (const id of old) {
      if (id < 0) continue;
      let i = gateHash(this.kind[id], this.inputs[id]) & mask;
      while (this.gateSlots[i] >= 0) i = (i + 1) & mask;
      this.gateSlots[i] = id;
    }
  }
}

/** The outputs of a draft, by draft component id. */
interface DraftOutputs {
  baseIds: number[];
  transitionIds: number[];
  inputIds: number[];
  legals: { role: number; move: string; id: number; input: number }[];
  goals: { role: number; valueKif: string; id: number }[];
  terminal: number;
  inits: { base: number; id: number }[];
}

function buildUnoptimized(g: Normalized): { draft: Draft; out: DraftOutputs; cycles: PropnetCycle[] } {
  const d = new Draft();
  const n = g.kifs.length;
  const used = new Uint8Array(n);
  for (const a of g.baseAtom) used[a] = 1;
  for (const a of g.inputAtom) used[a] = 1;
  for (const c of g.clauses) {
    used[c.head] = 1;
    for (const a of c.positive) used[a] = 1;
    for (const a of c.negative) used[a] = 1;
  }
  const prop = new Int32Array(n).fill(-1);
  for (let a = 0; a < n; a++) if (used[a]) prop[a] = d.add(g.propKind[a], g.kifs[a], []);
  for (let a = 0; a < n; a++) {
    if (!used[a] || g.cls[a] === "base" || g.cls[a] === "input") continue;
    const list = Array.from(g.clausesOf.items.subarray(g.clausesOf.start[a], g.clausesOf.start[a + 1]));
    if (list.length === 0) {
      d.inputs[prop[a]] = [d.constant(false)];
      continue;
    }
    const bodies = list.map((ci) => {
      const c = g.clauses[ci];
      if (c.positive.length + c.negative.length === 0) return d.constant(true);
      const ins = [...c.positive.map((b) => prop[b]), ...c.negative.map((b) => d.add("not", "not", [prop[b]]))];
      return d.add("and", "and", ins);
    });
    d.inputs[prop[a]] = [bodies.length === 1 ? bodies[0] : d.add("or", "or", bodies)];
  }
  const baseIds = g.baseAtom.map((a) => prop[a]);
  const transitionIds = g.nextAtom.map((a, b) => {
    if (a < 0 || !used[a]) return -1;
    const t = d.add("transition", g.baseFluents[b], [prop[a]]);
    d.inputs[baseIds[b]] = [t];
    return t;
  });
  const out = collectOutputs(g, baseIds, transitionIds, g.inputAtom.map((a) => prop[a]), (a) => (used[a] ? prop[a] : -1));
  const cycles = atomCycles(g, (ci) => [...g.clauses[ci].positive, ...g.clauses[ci].negative], () => true);
  return { draft: d, out, cycles };
}

function collectOutputs(
  g: Normalized,
  baseIds: number[],
  transitionIds: number[],
  inputIds: number[],
  propOf: (atom: number) => number,
): DraftOutputs {
  const out: DraftOutputs = { baseIds, transitionIds, inputIds, legals: [], goals: [], terminal: -1, inits: [] };
  for (let a = 0; a < g.kifs.length; a++) {
    const id = propOf(a);
    if (id < 0) continue;
    switch (g.propKind[a]) {
      case "legal":
        out.legals.push({ role: g.atomRole[a], move: g.inputs[g.moveInput[a]].move, id, input: g.moveInput[a] });
        break;
      case "goal":
        out.goals.push({ role: g.atomRole[a], valueKif: g.goalValue[a], id });
        break;
      case "terminal":
        out.terminal = id;
        break;
      case "init":
        out.inits.push({ base: g.fluentBase[a], id });
        break;
    }
  }
  return out;
}

function buildOptimized(g: Normalized): { draft: Draft; out: DraftOutputs; cycles: PropnetCycle[]; keep: Uint8Array } {
  const value = foldConstants(g);
  const n = g.kifs.length;
  const d = new Draft();
  const isLive = (ci: number): boolean => {
    const c = g.clauses[ci];
    for (let k = 0; k < c.positive.length; k++) if (value[c.positive[k]] === NEVER) return false;
    for (let k = 0; k < c.negative.length; k++) if (value[c.negative[k]] === ALWAYS) return false;
    return true;
  };
  const baseIds = g.baseFluents.map((f) => d.add("base", `(true ${f})`, []));
  const inputIds = g.inputs.map((m, i) => d.add("input", g.kifs[g.inputAtom[i]], []));

  const placeholder = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  const valueOf = (a: number): number => {
    if (value[a] === ALWAYS) return d.constant(true);
    if (value[a] === NEVER) return d.constant(false);
    if (g.cls[a] === "base") return baseIds[g.fluentBase[a]];
    if (g.cls[a] === "input") return inputIds[g.moveInput[a]];
    if (placeholder[a] < 0) {
      placeholder[a] = d.add(g.propKind[a], g.kifs[a], []);
      queue.push(a);
    }
    return placeholder[a];
  };
  /** The proposition of an output atom (a constant one reads TRUE/FALSE through a proposition of its own). */
  const outputProp = (a: number): number => {
    if (value[a] === VARIABLE) return valueOf(a);
    return d.add(g.propKind[a], g.kifs[a], [valueOf(a)]);
  };
  const define = (a: number) => {
    const bodies: number[] = [];
    for (let k = g.clausesOf.start[a]; k < g.clausesOf.start[a + 1]; k++) {
      const ci = g.clausesOf.items[k];
      if (!isLive(ci)) continue;
      const c = g.clauses[ci];
      const literals: number[] = [];
      for (const b of c.positive) if (value[b] !== ALWAYS) literals.push(valueOf(b));
      for (const b of c.negative) if (value[b] !== NEVER) literals.push(d.not(valueOf(b)));
      bodies.push(d.gate("and", literals));
    }
    const definition = d.gate("or", bodies);
    d.inputs[placeholder[a]] = [definition];
    if (g.propKind[a] === "view") d.name(definition, g.kifs[a]);
  };

  const transitionIds = g.nextAtom.map((a, b) => {
    if (a < 0 || value[a] === NEVER) return -1;
    const t = d.add("transition", g.baseFluents[b], [outputProp(a)]);
    d.inputs[baseIds[b]] = [t];
    return t;
  });
  const outProps = new Int32Array(n).fill(-1);
  for (let a = 0; a < n; a++) {
    const k = g.propKind[a];
    if ((k === "legal" || k === "goal" || k === "init") && value[a] !== NEVER) outProps[a] = outputProp(a);
    if (k === "terminal") outProps[a] = outputProp(a);
  }
  for (let qi = 0; qi < queue.length; qi++) define(queue[qi]);
  const out = collectOutputs(g, baseIds, transitionIds, inputIds, (a) => outProps[a]);

  const cycles = atomCycles(
    g,
    (ci) => (isLive(ci) ? [...g.clauses[ci].positive, ...g.clauses[ci].negative] : []),
    (a) => value[a] === VARIABLE,
  );
  const keep = simplify(d, out);
  return { draft: d, out, cycles, keep };
}

/** Propositions that only pass their one input on (readers can read that input instead). */
function isPassThrough(kind: ComponentKind): boolean {
  return kind === "view" || kind === "next" || kind === "legal" || kind === "goal" || kind === "terminal" || kind === "init";
}

/**
 * Merges equal gates, skips pass-through propositions, removes what reaches no output.
 * Rewrites `d.inputs` in place and returns the components to keep.
 */
function simplify(d: Draft, out: DraftOutputs): Uint8Array {
  const rep: number[] = [];
  const grow = () => {
    while (rep.length < d.size) rep.push(rep.length);
  };
  grow();
  const find = (x: number): number => {
    for (let steps = 0; steps <= d.size; steps++) {
      if (rep[x] !== x) x = rep[x];
      else if (isPassThrough(d.kind[x]) && d.inputs[x].length === 1 && d.inputs[x][0] !== x) x = d.inputs[x][0];
      else return x;
    }
    return x; // a cycle of pass-through propositions: stop anywhere on it
  };
  const roots: number[] = [...out.baseIds, ...out.inputIds, ...out.transitionIds.filter((t) => t >= 0)];
  for (const l of out.legals) roots.push(l.id);
  for (const x of out.goals) roots.push(x.id);
  for (const x of out.inits) roots.push(x.id);
  if (out.terminal >= 0) roots.push(out.terminal);

  const trueId = d.kind.indexOf("true");
  const falseId = d.kind.indexOf("false");
  const postorder = (): number[] => {
    const seen = new Uint8Array(d.size);
    const order: number[] = [];
    const stack: number[] = [];
    const pos: number[] = [];
    for (const r of roots) {
      if (seen[r]) continue;
      seen[r] = 1;
      stack.push(r);
      pos.push(0);
      while (stack.length > 0) {
        const v = stack[stack.length - 1];
        const ins = d.kind[v] === "base" ? [] : d.inputs[v];
        const p = pos[pos.length - 1];
        if (p < ins.length) {
          pos[pos.length - 1] = p + 1;
          const w = find(ins[p]);
          if (!seen[w]) {
            seen[w] = 1;
            stack.push(w);
            pos.push(0);
          }
        } else {
          stack.pop();
          pos.pop();
          order.push(v);
        }
      }
    }
    return order;
  };

  /**
   * Structural hashing: gates of the same kind over the same (representative) inputs are one.
   * An open-addressing table of gate ids keyed by a 32-bit hash of kind and inputs, compared
   * input by input on a hit: no key strings and no allocation per gate, which made this step a
   * third of the build's garbage on big games.
   */
  const merge = (): void => {
    let capacity = 1024;
    while (capacity < d.size * 2) capacity *= 2;
    const slots = new Int32Array(capacity);
    for (let pass = 0; pass < 100; pass++) {
      let changed = false;
      slots.fill(-1);
      /** The gate already in the table with v's kind and inputs, else v after adding it. */
      const canonical = (v: number, kind: string, ins: readonly number[]): number => {
        const i = gateSlot(slots, kind, ins, d.kind, d.inputs);
        if (slots[i] < 0) slots[i] = v;
        return slots[i];
      };
      for (const v of postorder()) {
        const kind = d.kind[v];
        if (kind !== "and" && kind !== "or" && kind !== "not") continue;
        if (rep[v] !== v) continue;
        if (kind === "not") {
          const x = find(d.inputs[v][0]);
          d.inputs[v][0] = x;
          let to = -1;
          if (d.kind[x] === "not") to = find(d.inputs[x][0]);
          else if (d.kind[x] === "true") to = falseId >= 0 ? falseId : -1;
          else if (d.kind[x] === "false") to = trueId >= 0 ? trueId : -1;
          if (to < 0) {
            const other = canonical(v, "not", d.inputs[v]);
            if (other !== v) to = other;
          }
          if (to >= 0 && to !== v) {
            rep[v] = to;
            d.name(to, d.label[v]);
            changed = true;
          }
          continue;
        }
        const absorbing = kind === "and" ? "false" : "true";
        const neutral = kind === "and" ? "true" : "false";
        // representatives of the inputs, sorted, without duplicates or the neutral constant
        // (rewritten in place: the list is v's own, and an allocation per gate and pass is garbage)
        const ins = d.inputs[v];
        for (let k = 0; k < ins.length; k++) ins[k] = find(ins[k]);
        ins.sort((a, b) => a - b);
        let kept = 0;
        let absorbed = -1;
        for (let k = 0; k < ins.length; k++) {
          const x = ins[k];
          if (k > 0 && x === ins[k - 1]) continue;
          const xk = d.kind[x];
          if (xk === neutral) continue;
          if (xk === absorbing && absorbed < 0) absorbed = x;
          ins[kept++] = x;
        }
        ins.length = kept;
        if (absorbed >= 0) {
          ins.length = 1;
          ins[0] = absorbed;
        }
        const constant = kind === "and" ? trueId : falseId;
        if (ins.length === 0 && constant >= 0) ins.push(constant);
        if (ins.length === 1 && ins[0] !== v) {
          rep[v] = ins[0];
          d.name(ins[0], d.label[v]);
          changed = true;
          continue;
        }
        const other = canonical(v, kind, ins);
        if (other !== v) {
          rep[v] = other;
          d.name(other, d.label[v]);
          changed = true;
        }
      }
      if (!changed) break;
    }
  };

  /**
   * Factoring a common input out of an OR of ANDs: or(and(c, x1), and(c, x2)) = and(c, or(x1, x2)),
   * when those ANDs are read by nothing else (tictactoe's blank cells: 16 ANDs become 1).
   * or(and(c), and(c, x)) = and(c) (absorption).
   */
  const factor = (): boolean => {
    const order = postorder();
    const readers = new Int32Array(d.size);
    for (const v of order) if (d.kind[v] !== "base") for (const w of d.inputs[v]) readers[find(w)]++;
    let changed = false;
    for (const v of order) {
      if (d.kind[v] !== "or" || rep[v] !== v) continue;
      const ins = [...new Set(d.inputs[v].map(find))];
      if (ins.length < 2) continue;
      const sets = ins.map((x) => (d.kind[x] === "and" && readers[x] === 1 ? [...new Set(d.inputs[x].map(find))] : [x]));
      const common = new Set(sets[0]);
      for (const set of sets.slice(1)) {
        const here = new Set(set);
        for (const c of common) if (!here.has(c)) common.delete(c);
      }
      if (common.size === 0) continue;
      const rests = sets.map((set) => set.filter((y) => !common.has(y)));
      const parts = [...common];
      if (!rests.some((r) => r.length === 0)) parts.push(d.gate("or", rests.map((r) => d.gate("and", r))));
      const result = d.gate("and", parts);
      grow();
      if (find(result) === v) continue;
      rep[v] = result;
      d.name(result, d.label[v]);
      changed = true;
    }
    return changed;
  };

  merge();
  for (let round = 0; round < 10 && factor(); round++) merge();

  // final rewrite: every reader reads representatives; transitions keep their next proposition
  const keep = new Uint8Array(d.size);
  const stack = [...roots];
  for (const r of roots) keep[r] = 1;
  while (stack.length > 0) {
    const v = stack.pop()!;
    const kind = d.kind[v];
    if (kind !== "base" && kind !== "transition") d.inputs[v] = d.inputs[v].map(find);
    for (const w of d.inputs[v])
      if (!keep[w]) {
        keep[w] = 1;
        stack.push(w);
      }
  }
  return keep;
}

function finalize(
  g: Normalized,
  d: Draft,
  out: DraftOutputs,
  keep: Uint8Array,
  atomLevelCycles: PropnetCycle[],
  paperComponents: number,
  optimized: boolean,
): Propnet {
  const size = d.size;
  const newId = new Int32Array(size).fill(-1);
  const order: number[] = [];
  const place = (v: number) => {
    if (v >= 0 && keep[v] && newId[v] < 0) {
      newId[v] = order.length;
      order.push(v);
    }
  };
  for (let v = 0; v < size; v++) if (d.kind[v] === "true" || d.kind[v] === "false") place(v);
  out.baseIds.forEach(place);
  out.inputIds.forEach(place);
  const middle = (v: number) =>
    keep[v] === 1 && d.kind[v] !== "true" && d.kind[v] !== "false" && d.kind[v] !== "base" && d.kind[v] !== "input" && d.kind[v] !== "transition";
  const topo = topologicalOrder(size, (v) => d.inputs[v], middle);
  topo.order.forEach(place);
  topo.leftOver.forEach(place);
  out.transitionIds.forEach(place);

  const components: PropnetComponent[] = order.map((v, id) => ({
    id,
    kind: d.kind[v],
    label: d.label[v],
    inputs: d.inputs[v].map((w) => newId[w]),
  }));

  let cycles = atomLevelCycles;
  if (topo.leftOver.length > 0 && cycles.length === 0) {
    cycles = cyclicComponents(size, (v) => d.inputs[v], middle).map((members) => ({
      kind: "propnet-cycle" as const,
      propositions: members.map((v) => (isProposition(d.kind[v]) ? d.label[v] : `${d.kind[v]}#${newId[v]}`)).sort(),
    }));
  }

  const warnings = [...g.warnings];
  const goals: PropnetGoal[] = out.goals.map((x) => {
    const value = /^-?\d+(\.\d+)?$/.test(x.valueKif) ? Number(x.valueKif) : null;
    if (value === null) warnings.push(`goal value is not a number: (goal ${g.roles[x.role]} ${x.valueKif})`);
    return { role: x.role, value, valueKif: x.valueKif, id: newId[x.id] };
  });
  goals.sort((a, b) => a.role - b.role || (a.value ?? -Infinity) - (b.value ?? -Infinity) || a.id - b.id);
  const inputs: PropnetInput[] = g.inputs.map((m, i) => ({ role: m.role, move: m.move, id: newId[out.inputIds[i]] }));
  const legals: PropnetLegal[] = out.legals
    .map((l) => ({ role: l.role, move: l.move, id: newId[l.id], input: l.input }))
    .sort((a, b) => a.input - b.input);
  const inits: PropnetInit[] = out.inits.map((x) => ({ base: x.base, id: newId[x.id] })).sort((a, b) => a.base - b.base);

  const stats = computeStats(components, paperComponents);
  return {
    roles: g.roles,
    components,
    baseFluents: g.baseFluents,
    baseIds: out.baseIds.map((v) => newId[v]),
    transitionIds: out.transitionIds.map((v) => (v >= 0 ? newId[v] : -1)),
    inputs,
    legals,
    goals,
    terminal: out.terminal >= 0 ? newId[out.terminal] : -1,
    inits,
    cycles,
    warnings,
    optimized,
    stats,
  };
}

/** Counts the components of a propnet by kind. */
export function computeStats(components: readonly PropnetComponent[], paperComponents: number): PropnetStats {
  const propositions = { base: 0, input: 0, next: 0, view: 0, legal: 0, goal: 0, terminal: 0, init: 0 };
  let ands = 0;
  let ors = 0;
  let nots = 0;
  let transitions = 0;
  let constants = 0;
  let links = 0;
  for (const c of components) {
    links += c.inputs.length;
    if (isProposition(c.kind)) propositions[c.kind]++;
    else if (c.kind === "and") ands++;
    else if (c.kind === "or") ors++;
    else if (c.kind === "not") nots++;
    else if (c.kind === "transition") transitions++;
    else constants++;
  }
  const propositionCount = Object.values(propositions).reduce((s, x) => s + x, 0);
  return {
    propositions,
    ands,
    ors,
    nots,
    transitions,
    constants,
    links,
    components: components.length,
    paperComponents,
    optimizedComponents: propositionCount + ands + ors + nots,
  };
}

/** Builds the propnet of a ground game (see the module comment for what is done). */
export function buildPropnet(game: GroundGame, options: BuildPropnetOptions = {}): Propnet {
  const g = normalize(game);
  const paper = countPaperComponents(g);
  if (options.optimize === false) {
    const { draft, out, cycles } = buildUnoptimized(g);
    return finalize(g, draft, out, new Uint8Array(draft.size).fill(1), cycles, paper, false);
  }
  const { draft, out, cycles, keep } = buildOptimized(g);
  return finalize(g, draft, out, keep, cycles, paper, true);
}

/** `countPaperComponents` for a ground game without building anything. */
export function paperComponentCount(game: GroundGame): number {
  return countPaperComponents(normalize(game));
}
