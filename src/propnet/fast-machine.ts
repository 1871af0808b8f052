/**
 * The fast propnet state machine (issue 13), designed from a profile of the reference engine
 * (state-machine.ts) on connect four: 55 % of the time went into propagation, the rest into
 * scanning every legal and next proposition per step and into allocation in perft.
 *
 *   - One evaluator for legal, next, terminal and goal: every gate keeps the count of its
 *     true inputs and the values are kept up to date by pushing changes (of base and input
 *     propositions) to the gates that read them. A gate's output changes exactly when its count
 *     crosses its threshold (and: number of inputs, or / not: 1), so the propagation never reads
 *     a value, only counts.
 *   - Legal moves are maintained incrementally: when a legal proposition changes, its move is
 *     added to or removed from its role's dense set, so `legalMovesInto` copies the set.
 *   - The next state is maintained incrementally as a bitset: when a next proposition changes
 *     its bit is set or cleared, so `nextStateInto` copies words.
 *   - Gates that only goals depend on (74 % of reversi's, which counts discs) are not
 *     propagated: `goals` evaluates them in topological order from the maintained values.
 *   - Loading a state flips only the bits that differ (word by word) from the loaded one, so
 *     walking a tree (perft) is apply/undo: going back to the parent flips back what changed.
 *   - The propagation runs over typed arrays (readers in one CSR array). It can also be compiled
 *     to generated JavaScript (`new Function`, `codegenLimit`): one straight-line block per
 *     event (a proposition or gate going up or down), thresholds and the legal/next updates
 *     inlined, in chunks small enough for V8 to optimize. Measured on connect four and
 *     breakthrough (node 20), the generated code was 0.3–1.0× as fast as the typed-array loop
 *     (the dispatch of an event to its chunk and V8's deoptimizations cost more than the
 *     interpretation saves), so it is off by default (`DEFAULT_CODEGEN_LIMIT` = 0).
 *
 * Cycles without a transition (positive recursion among views) cannot be propagated this way
 * (a cycle could hold itself up): `compileMachine` gives such propnets to the reference engine,
 * which evaluates them as least fixpoints, and says so in `fallbackReason`.
 *
 * Pure computation: no Node imports.
 */
import type { Propnet } from "./propnet.js";
import { isGate } from "./propnet.js";
import type { EngineName, GameStateMachine, StateHandle } from "./machine.js";
import { PropnetStateMachine, type PropnetCompileError } from "./state-machine.js";

export interface FastCompileOptions {
  /**
   * Generate JavaScript for the propagation when the propnet has at most this many reader
   * links (gate inputs); beyond it, or with 0, the typed-array loop is used.
   * Default DEFAULT_CODEGEN_LIMIT (0: measured slower, see the module comment).
   */
  readonly codegenLimit?: number;
}

export const DEFAULT_CODEGEN_LIMIT = 0;

/** Sizes of a compiled fast machine (for reports). */
export interface FastMachineStats {
  readonly gates: number;
  /** Gates only goals depend on: not propagated, evaluated when goals are asked for. */
  readonly lazyGates: number;
  readonly links: number;
  /** Whether the propagation runs as generated code. */
  readonly generated: boolean;
  /** Generated functions (chunks), 0 without generated code. */
  readonly chunks: number;
}

/** The generated (or interpreted) propagation: drains the event stack. */
type Runner = (sp: number) => void;

/** Propositions that only pass a value on: readers read the slot of what drives them. */
const PASS_THROUGH: ReadonlySet<string> = new Set(["view", "next", "legal", "goal", "terminal", "init"]);

export class FastStateMachine implements GameStateMachine {
  readonly engine: EngineName = "fast";
  readonly roles: readonly string[];
  readonly propnet: Propnet;
  readonly baseCount: number;
  readonly inputCount: number;
  readonly stateWords: number;
  readonly stats: FastMachineStats;

  private readonly values: Uint8Array;
  private readonly count: Int32Array;
  private readonly baseSlot: Int32Array;
  private readonly inputSlot: Int32Array;
  private readonly inputRole: Int32Array;
  private readonly legalStart: Int32Array;
  private readonly legalInput: Int32Array;
  private readonly legalRole: Int32Array;
  /** Per legal entry: its position in its role's dense set, or -1. */
  private readonly legalPos: Int32Array;
  /** Dense legal sets: role r's entries at [legalStart[r], legalStart[r] + legalLen[r]). */
  private readonly legalList: Int32Array;
  private readonly legalLen: Int32Array;
  private readonly goalStart: Int32Array;
  private readonly goalSlot: Int32Array;
  private readonly goalValue: Float64Array;
  private readonly terminalSlot: number;
  /** The next state under the loaded state and the moves set, kept up to date. */
  private readonly nextWords: Uint32Array;
  /** Per slot: hook entries [hookStart[s], hookStart[s+1]) in `hooks`: (legal entry << 1) or (base << 1 | 1). */
  private readonly hookStart: Int32Array;
  private readonly hooks: Int32Array;
  private readonly loaded: Uint32Array;
  private readonly activeInputs: Int32Array;
  private readonly initial: Uint32Array;
  private readonly run: Runner;
  /** Gates outside the cones of legal, terminal and next, in topological order, evaluated by `goals`. */
  private readonly lazyGates: Int32Array;
  private readonly lazyStart: Int32Array;
  private readonly lazyInputs: Int32Array;
  private readonly lazyThreshold: Int32Array;
  private readonly lazyNegated: Uint8Array;
  private stack: Int32Array;
  private readonly moveIndexMap: Map<string, number>;
  private readonly roleIndexMap: Map<string, number>;
  private baseIndexMap: Map<string, number> | undefined;

  /** Why a propnet cannot be run by this engine (cycles without a transition), or undefined. */
  static unsupported(p: Propnet): string | undefined {
    return unsupportedReason(p, resolveSlots(p));
  }

  /** The machine, or why the propnet cannot be run by this engine. */
  static create(p: Propnet, options: FastCompileOptions = {}): FastStateMachine | string {
    const slotOf = resolveSlots(p);
    return unsupportedReason(p, slotOf) ?? new FastStateMachine(p, options, slotOf);
  }

  /** Throws when the propnet is `unsupported`; `create` returns the reason instead. */
  constructor(p: Propnet, options: FastCompileOptions = {}, resolved?: Int32Array) {
    const slotOf = resolved ?? resolveSlots(p);
    if (!resolved) {
      const reason = unsupportedReason(p, slotOf);
      if (reason) throw new Error(`fast engine: ${reason}`);
    }
    this.propnet = p;
    this.roles = p.roles;
    this.baseCount = p.baseFluents.length;
    this.inputCount = p.inputs.length;
    this.stateWords = Math.max(1, (this.baseCount + 31) >>> 5);
    const comps = p.components;
    const n = comps.length;
    const nRoles = p.roles.length;

    // gates, their thresholds and readers (ids are topological: every gate input is smaller)
    // the gates legal, terminal and next depend on are maintained by propagation; the others
    // (in practice those only goals read: 74 % of reversi's, counting discs) are evaluated
    // when goals are asked for
    const maintained = new Uint8Array(n);
    const stack: number[] = [];
    const reach = (slot: number) => {
      if (slot >= 0 && isGate(comps[slot].kind) && !maintained[slot]) {
        maintained[slot] = 1;
        stack.push(slot);
      }
    };
    for (const l of p.legals) reach(slotOf[l.id]);
    if (p.terminal >= 0) reach(slotOf[p.terminal]);
    for (const t of p.transitionIds) if (t >= 0) reach(slotOf[comps[t].inputs[0]]);
    while (stack.length > 0) for (const w of comps[stack.pop()!].inputs) reach(slotOf[w]);
    const lazy: number[] = [];

    const threshold = new Int32Array(n);
    const negated = new Uint8Array(n);
    const readerCount = new Int32Array(n + 1);
    let gates = 0;
    let links = 0;
    for (const c of comps) {
      if (!isGate(c.kind)) continue;
      gates++;
      threshold[c.id] = c.kind === "and" ? c.inputs.length : 1;
      negated[c.id] = c.kind === "not" ? 1 : 0;
      if (!maintained[c.id]) {
        lazy.push(c.id); // its value at construction (every base and input false) is still computed below
        continue;
      }
      for (const w of c.inputs) {
        readerCount[slotOf[w] + 1]++;
        links++;
      }
    }
    for (let s = 0; s < n; s++) readerCount[s + 1] += readerCount[s];
    const readStart = readerCount.slice();
    const readers = new Int32Array(readerCount[n]);
    const fill = readerCount.slice(0, n);
    for (const c of comps) if (isGate(c.kind) && maintained[c.id]) for (const w of c.inputs) readers[fill[slotOf[w]]++] = c.id;
    this.lazyGates = Int32Array.from(lazy);
    this.lazyStart = new Int32Array(lazy.length + 1);
    lazy.forEach((g, i) => (this.lazyStart[i + 1] = this.lazyStart[i] + comps[g].inputs.length));
    this.lazyInputs = Int32Array.from(lazy.flatMap((g) => comps[g].inputs.map((w) => slotOf[w])));
    this.lazyThreshold = Int32Array.from(lazy, (g) => (comps[g].kind === "and" ? comps[g].inputs.length : 1));
    this.lazyNegated = Uint8Array.from(lazy, (g) => (comps[g].kind === "not" ? 1 : 0));

    // values with every base and input false: constants, then gates in id order
    const values = new Uint8Array(n);
    const count = new Int32Array(n);
    for (const c of comps) if (c.kind === "true") values[c.id] = 1;
    for (const c of comps) {
      if (!isGate(c.kind)) continue;
      let k = 0;
      for (const w of c.inputs) k += values[slotOf[w]];
      count[c.id] = k;
      values[c.id] = (k >= threshold[c.id] ? 1 : 0) ^ negated[c.id];
    }
    this.values = values;
    this.count = count;

    this.baseSlot = Int32Array.from(p.baseIds);
    this.inputSlot = Int32Array.from(p.inputs, (m) => m.id);
    this.inputRole = Int32Array.from(p.inputs, (m) => m.role);
    const byRole = <T extends { role: number }>(items: readonly T[]) => {
      const start = new Int32Array(nRoles + 1);
      const sorted = [...items].sort((a, b) => a.role - b.role);
      for (const x of sorted) start[x.role + 1]++;
      for (let r = 0; r < nRoles; r++) start[r + 1] += start[r];
      return { start, sorted };
    };
    const legals = byRole(p.legals);
    this.legalStart = legals.start;
    this.legalInput = Int32Array.from(legals.sorted, (l) => l.input);
    this.legalRole = Int32Array.from(legals.sorted, (l) => l.role);
    const legalSlot = Int32Array.from(legals.sorted, (l) => slotOf[l.id]);
    const goals = byRole(p.goals.filter((x) => x.value !== null));
    this.goalStart = goals.start;
    this.goalSlot = Int32Array.from(goals.sorted, (x) => slotOf[x.id]);
    this.goalValue = Float64Array.from(goals.sorted, (x) => x.value ?? 0);
    this.terminalSlot = p.terminal >= 0 ? slotOf[p.terminal] : -1;

    // hooks: legal entries and next bits driven by each slot
    const nextSlot = Int32Array.from(p.transitionIds, (t) => (t < 0 ? -1 : slotOf[comps[t].inputs[0]]));
    this.hookStart = new Int32Array(n + 1);
    for (const s of legalSlot) this.hookStart[s + 1]++;
    for (const s of nextSlot) if (s >= 0) this.hookStart[s + 1]++;
    for (let s = 0; s < n; s++) this.hookStart[s + 1] += this.hookStart[s];
    this.hooks = new Int32Array(this.hookStart[n]);
    const at = this.hookStart.slice(0, n);
    legalSlot.forEach((s, k) => (this.hooks[at[s]++] = k << 1));
    nextSlot.forEach((s, b) => {
      if (s >= 0) this.hooks[at[s]++] = (b << 1) | 1;
    });

    // legal sets and next bits of the all-false start
    this.legalPos = new Int32Array(legalSlot.length).fill(-1);
    this.legalList = new Int32Array(legalSlot.length);
    this.legalLen = new Int32Array(nRoles);
    this.nextWords = new Uint32Array(this.stateWords);
    for (let s = 0; s < n; s++) if (values[s]) this.fireHooks(s, 1);

    // the initial state: the init propositions with every base and input false
    this.initial = new Uint32Array(this.stateWords);
    for (const x of p.inits) if (values[slotOf[x.id]]) this.initial[x.base >>> 5] |= 1 << (x.base & 31);

    this.loaded = new Uint32Array(this.stateWords);
    this.activeInputs = new Int32Array(nRoles).fill(-1);
    let maxFanout = 1;
    for (let s = 0; s < n; s++) maxFanout = Math.max(maxFanout, readStart[s + 1] - readStart[s]);
    this.stack = new Int32Array(2 * n + maxFanout + 64);

    const limit = options.codegenLimit ?? DEFAULT_CODEGEN_LIMIT;
    let generated: { run: Runner; chunks: number } | undefined;
    if (links <= limit && limit > 0) {
      try {
        generated = this.generate(comps.length, threshold, negated, readStart, readers, legals.sorted.map((l) => l.role), maxFanout);
      } catch {
        generated = undefined; // e.g. the engine refuses code generation: interpret
      }
    }
    this.run = generated ? generated.run : this.interpreter(threshold, negated, readStart, readers, maxFanout);
    this.stats = { gates, lazyGates: this.lazyGates.length, links, generated: generated !== undefined, chunks: generated?.chunks ?? 0 };
    this.roleIndexMap = new Map(p.roles.map((r, i) => [r, i]));
    this.moveIndexMap = new Map(p.inputs.map((m, i) => [`${m.role} ${m.move}`, i]));
  }

  /** Updates the legal sets and next bits driven by slot `s`, whose value became `v`. */
  private fireHooks(s: number, v: number): void {
    for (let j = this.hookStart[s], e = this.hookStart[s + 1]; j < e; j++) {
      const h = this.hooks[j];
      const x = h >>> 1;
      if (h & 1) {
        if (v) this.nextWords[x >>> 5] |= 1 << (x & 31);
        else this.nextWords[x >>> 5] &= ~(1 << (x & 31));
      } else this.toggleLegal(x, v);
    }
  }

  private toggleLegal(k: number, v: number): void {
    const r = this.legalRole[k];
    const start = this.legalStart[r];
    if (v) {
      const len = this.legalLen[r];
      this.legalList[start + len] = k;
      this.legalPos[k] = len;
      this.legalLen[r] = len + 1;
    } else {
      const p = this.legalPos[k];
      const len = this.legalLen[r] - 1;
      const last = this.legalList[start + len];
      this.legalList[start + p] = last;
      this.legalPos[last] = p;
      this.legalPos[k] = -1;
      this.legalLen[r] = len;
    }
  }


  /** The propagation over typed arrays (no generated code). */
  private interpreter(threshold: Int32Array, negated: Uint8Array, readStart: Int32Array, readers: Int32Array, maxFanout: number): Runner {
    const count = this.count;
    const values = this.values;
    const hookStart = this.hookStart;
    return (sp: number) => {
      let stack = this.stack;
      while (sp > 0) {
        if (sp + maxFanout >= stack.length) {
          const bigger = new Int32Array(stack.length * 2);
          bigger.set(stack);
          this.stack = stack = bigger;
        }
        const event = stack[--sp];
        const s = event >>> 1;
        const e = readStart[s + 1];
        if ((event & 1) === 1) {
          for (let j = readStart[s]; j < e; j++) {
            const g = readers[j];
            if (++count[g] === threshold[g]) {
              const v = 1 ^ negated[g];
              values[g] = v;
              stack[sp++] = (g << 1) | v;
              if (hookStart[g] !== hookStart[g + 1]) this.fireHooks(g, v);
            }
          }
        } else {
          for (let j = readStart[s]; j < e; j++) {
            const g = readers[j];
            if (count[g]-- === threshold[g]) {
              const v = negated[g];
              values[g] = v;
              stack[sp++] = (g << 1) | v;
              if (hookStart[g] !== hookStart[g + 1]) this.fireHooks(g, v);
            }
          }
        }
      }
    };
  }

  /**
   * The propagation as generated JavaScript: for each event (slot s up: 2s+1, down: 2s) a
   * block that updates the counts of s's readers and, for each reader whose output changes,
   * writes its value, updates its legal sets and next bits, and pushes its event. Blocks are
   * grouped into chunk functions of bounded size (V8 does not optimize huge functions); the
   * chunk of an event is looked up in a table.
   */
  private generate(
    n: number,
    threshold: Int32Array,
    negated: Uint8Array,
    readStart: Int32Array,
    readers: Int32Array,
    legalRole: readonly number[],
    maxFanout: number,
  ): { run: Runner; chunks: number } {
    const hookCode = (g: number, v: number): string => {
      let code = "";
      for (let j = this.hookStart[g], e = this.hookStart[g + 1]; j < e; j++) {
        const h = this.hooks[j];
        const x = h >>> 1;
        if (h & 1) code += v ? `nw[${x >>> 5}]|=${(1 << (x & 31)) >>> 0};` : `nw[${x >>> 5}]&=${~(1 << (x & 31)) >>> 0};`;
        else {
          const r = legalRole[x];
          const start = this.legalStart[r];
          code += v
            ? `{const L=ll[${r}];lst[${start}+L]=${x};lp[${x}]=L;ll[${r}]=L+1;}`
            : `{const P=lp[${x}],L=ll[${r}]-1,Z=lst[${start}+L];lst[${start}+P]=Z;lp[Z]=P;lp[${x}]=-1;ll[${r}]=L;}`;
        }
      }
      return code;
    };
    const CHUNK_STATEMENTS = 100;
    const chunkOf = new Int32Array(2 * n);
    const chunks: string[] = [];
    let body = "";
    let statements = 0;
    const flush = () => {
      if (body === "") return;
      chunks.push(`function h${chunks.length}(e){switch(e){${body}}}`);
      body = "";
      statements = 0;
    };
    for (let s = 0; s < n; s++) {
      const a = readStart[s];
      const b = readStart[s + 1];
      if (a === b) continue;
      for (const up of [1, 0]) {
        let block = `case ${2 * s + up}:`;
        for (let j = a; j < b; j++) {
          const g = readers[j];
          const t = threshold[g];
          const v = up ^ negated[g];
          const test = up ? `++c[${g}]===${t}` : `c[${g}]--===${t}`;
          block += `if(${test}){v[${g}]=${v};st[sp++]=${2 * g + v};${hookCode(g, v)}}`;
        }
        block += "return;";
        body += block;
        chunkOf[2 * s + up] = chunks.length;
        statements += b - a;
        if (statements >= CHUNK_STATEMENTS) flush();
      }
    }
    flush();
    const source =
      `"use strict";let st=self.stack,sp=0;` +
      chunks.join("\n") +
      `\nconst H=[${chunks.map((_, i) => `h${i}`).join(",")}];` +
      (chunks.length === 1
        ? `return function run(s){sp=s;st=self.stack;while(sp>0){if(sp+${maxFanout}>=st.length){const b=new Int32Array(st.length*2);b.set(st);self.stack=st=b;}h0(st[--sp]);}};`
        : `return function run(s){sp=s;st=self.stack;while(sp>0){if(sp+${maxFanout}>=st.length){const b=new Int32Array(st.length*2);b.set(st);self.stack=st=b;}const e=st[--sp];H[ch[e]](e);}};`);
    const factory = new Function("self", "c", "v", "nw", "lst", "lp", "ll", "ch", source) as (
      self: FastStateMachine,
      c: Int32Array,
      v: Uint8Array,
      nw: Uint32Array,
      lst: Int32Array,
      lp: Int32Array,
      ll: Int32Array,
      ch: Int32Array,
    ) => Runner;
    const run = factory(this, this.count, this.values, this.nextWords, this.legalList, this.legalPos, this.legalLen, chunkOf);
    return { run, chunks: chunks.length };
  }

  /** Sets a source (base or input) slot, fires its hooks and queues its event; returns the new stack pointer. */
  private push(slot: number, v: number, sp: number): number {
    this.values[slot] = v;
    if (this.hookStart[slot] !== this.hookStart[slot + 1]) this.fireHooks(slot, v);
    if (sp + 1 >= this.stack.length) {
      const bigger = new Int32Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    this.stack[sp] = (slot << 1) | v;
    return sp + 1;
  }

  /** Makes `state` the loaded state, flipping only the bases that differ from the loaded one. */
  private load(state: StateHandle): void {
    const loaded = this.loaded;
    let sp = 0;
    for (let w = 0; w < loaded.length; w++) {
      const now = state[w];
      let diff = (loaded[w] ^ now) >>> 0;
      if (diff === 0) continue;
      loaded[w] = now;
      while (diff !== 0) {
        const low = diff & -diff;
        const b = (w << 5) | (31 - Math.clz32(low));
        diff = (diff ^ low) >>> 0;
        sp = this.push(this.baseSlot[b], (now & low) !== 0 ? 1 : 0, sp);
      }
    }
    if (sp > 0) this.run(sp);
  }

  initialState(): StateHandle {
    return this.initial.slice();
  }

  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number {
    this.load(state);
    const start = this.legalStart[roleIndex];
    const len = this.legalLen[roleIndex];
    const list = this.legalList;
    const input = this.legalInput;
    for (let k = 0; k < len; k++) out[k] = input[list[start + k]];
    return len;
  }

  legalMoves(state: StateHandle, roleIndex: number): number[] {
    const out = new Int32Array(this.maxLegalMoves(roleIndex));
    const moves = Array.from(out.subarray(0, this.legalMovesInto(state, roleIndex, out)));
    // two legal propositions may share a move (a repaired propnet): report it once
    return [...new Set(moves)].sort((a, b) => a - b);
  }

  legalMoveKifs(state: StateHandle, role: string | number): string[] {
    const r = typeof role === "number" ? role : this.roleIndexMap.get(role);
    if (r === undefined) return [];
    return this.legalMoves(state, r)
      .map((i) => this.propnet.inputs[i].move)
      .sort();
  }

  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void {
    this.load(state);
    const active = this.activeInputs;
    let sp = 0;
    // the moves stay set until the next joint move: legal, goal and terminal do not read them
    for (let r = 0; r < active.length; r++) {
      const slot = this.inputSlot[jointMove[r]];
      if (active[r] === slot) continue;
      if (active[r] >= 0) sp = this.push(active[r], 0, sp);
      sp = this.push(slot, 1, sp);
      active[r] = slot;
    }
    if (sp > 0) this.run(sp);
    const next = this.nextWords;
    for (let w = 0; w < next.length; w++) out[w] = next[w]; // faster than set() on a few words
  }

  nextState(state: StateHandle, jointMove: readonly number[]): StateHandle {
    if (jointMove.length !== this.roles.length) throw new RangeError(`a joint move needs ${this.roles.length} moves`);
    jointMove.forEach((m, r) => {
      if (!(m >= 0 && m < this.inputCount) || this.inputRole[m] !== r) throw new RangeError(`move ${m} is not an input of role ${this.roles[r]}`);
    });
    const out = new Uint32Array(this.stateWords);
    this.nextStateInto(state, jointMove, out);
    return out;
  }

  isTerminal(state: StateHandle): boolean {
    this.load(state);
    return this.terminalSlot >= 0 && this.values[this.terminalSlot] !== 0;
  }

  goals(state: StateHandle): (number | null)[] {
    this.load(state);
    const values = this.values;
    const inputs = this.lazyInputs;
    for (let i = 0; i < this.lazyGates.length; i++) {
      let k = 0;
      for (let j = this.lazyStart[i], e = this.lazyStart[i + 1]; j < e; j++) k += values[inputs[j]];
      values[this.lazyGates[i]] = (k >= this.lazyThreshold[i] ? 1 : 0) ^ this.lazyNegated[i];
    }
    const result: (number | null)[] = [];
    for (let r = 0; r < this.roles.length; r++) {
      let best: number | null = null;
      for (let k = this.goalStart[r], e = this.goalStart[r + 1]; k < e; k++)
        if (this.values[this.goalSlot[k]] && (best === null || this.goalValue[k] > best)) best = this.goalValue[k];
      result.push(best);
    }
    return result;
  }

  stateToBaseIndices(state: StateHandle): number[] {
    const out: number[] = [];
    for (let b = 0; b < this.baseCount; b++) if ((state[b >>> 5] >>> (b & 31)) & 1) out.push(b);
    return out;
  }

  stateFromBaseIndices(indices: Iterable<number>): StateHandle {
    const state = new Uint32Array(this.stateWords);
    for (const b of indices) state[b >>> 5] |= 1 << (b & 31);
    return state;
  }

  stateToKif(state: StateHandle): string[] {
    return this.stateToBaseIndices(state)
      .map((b) => this.propnet.baseFluents[b])
      .sort();
  }

  stateFromKif(fluents: Iterable<string>): StateHandle | undefined {
    const index = (this.baseIndexMap ??= new Map(this.propnet.baseFluents.map((f, i) => [f, i])));
    const indices: number[] = [];
    for (const f of fluents) {
      const b = index.get(f);
      if (b === undefined) return undefined;
      indices.push(b);
    }
    return this.stateFromBaseIndices(indices);
  }

  roleIndex(role: string): number | undefined {
    return this.roleIndexMap.get(role);
  }

  moveIndex(role: string | number, moveKif: string): number | undefined {
    const r = typeof role === "number" ? role : this.roleIndexMap.get(role);
    return r === undefined ? undefined : this.moveIndexMap.get(`${r} ${moveKif}`);
  }

  moveKif(inputIndex: number): string {
    return this.propnet.inputs[inputIndex].move;
  }

  moveRole(inputIndex: number): number {
    return this.inputRole[inputIndex];
  }

  maxLegalMoves(roleIndex: number): number {
    return this.legalStart[roleIndex + 1] - this.legalStart[roleIndex];
  }
}

/** The slot of each component: pass-through propositions are followed to what drives them. */
function resolveSlots(p: Propnet): Int32Array {
  const comps = p.components;
  const n = comps.length;
  const slotOf = new Int32Array(n);
  for (const c of comps) {
    let id = c.id;
    for (let steps = 0; steps <= n; steps++) {
      const k = comps[id].kind;
      if (PASS_THROUGH.has(k) && comps[id].inputs.length === 1) id = comps[id].inputs[0];
      else break;
    }
    slotOf[c.id] = id;
  }
  return slotOf;
}

function unsupportedReason(p: Propnet, slotOf: Int32Array): string | undefined {
  const comps = p.components;
  for (const c of comps) {
    if (!isGate(c.kind)) continue;
    if (c.kind === "not" && c.inputs.length !== 1) return `not gate #${c.id} has ${c.inputs.length} inputs`;
    for (const w of c.inputs) {
      const s = slotOf[w];
      if (isGate(comps[s].kind) && s >= c.id) return "the propnet has cycles without a transition (positive recursion): evaluated as least fixpoints by the reference engine";
    }
  }
  return undefined;
}

export interface CompileMachineOptions extends FastCompileOptions {
  /** "fast" (the default) or "reference". */
  readonly engine?: EngineName;
}

/**
 * Compiles a propnet into the state machine of an engine. Cycles without a transition are
 * evaluated as least fixpoints (by the reference engine, also when "fast" is asked for: see
 * `FastStateMachine.unsupported`); a cycle through a NOT is an error.
 */
export function compileMachine(p: Propnet, options: CompileMachineOptions = {}): GameStateMachine | PropnetCompileError {
  if ((options.engine ?? "fast") === "fast") {
    const fast = FastStateMachine.create(p, options);
    if (typeof fast !== "string") return fast;
  }
  return PropnetStateMachine.compile(p, { cycles: "fixpoint" });
}

/** Why `compileMachine` with the fast engine gives this propnet to the reference engine, or undefined. */
export function fastEngineFallbackReason(p: Propnet): string | undefined {
  return FastStateMachine.unsupported(p);
}
