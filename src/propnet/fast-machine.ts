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
 *     added to or removed from a dense set (one per role and legal group, see guards), so
 *     `legalMovesInto` copies sets.
 *   - The next state is maintained incrementally as a bitset: when a next proposition changes
 *     its bit is set or cleared, so `nextStateInto` copies words.
 *   - Gates that only goals depend on (74 % of reversi's, which counts discs) are not
 *     propagated: `goals` evaluates them in topological order from the maintained values.
 *   - Loading a state flips only the bits that differ (word by word) from the loaded one, so
 *     walking a tree (perft) is apply/undo: going back to the parent flips back what changed.
 *   - Guards. In most games `control` flips every turn and is an input of every legal gate
 *     (speedChess: 1,740 AND gates read each of the two control bases; 96 % of the links
 *     visited per step went to them, and both roles' legal sets were emptied and refilled every
 *     turn). An AND gate can have a guard: an input left out of its count, so that the count
 *     gives its potential (the AND of the other inputs) and its value is potential AND guard.
 *     A guard's event visits only the gates it guards whose potential is true (a dense set per
 *     guard). A guarded gate whose value nothing reads but legal moves (the usual legal gate)
 *     is silent: its value is never computed, its legal move follows its potential, in a legal
 *     group of its role per guard that `legalMovesInto` skips while the guard is false. Which
 *     gates get a guard is measured: a short deterministic probe (random playouts, a few
 *     sibling moves per step, `probeFlips`) counts how often each slot flips, and an AND gate
 *     is guarded by an input that flips at least GUARD_RATIO times as often as the others
 *     together (a guard that rarely flips over a potential that often does costs more than it
 *     saves: hex, guards chosen by reader count alone, ran perft 0.4× as fast; ratios 1 and 4
 *     measured no better than 2). A silent gate can have further guards when at least
 *     GUARD_MIN_SHARED silent gates share them (checkers: `control` and "no capture
 *     available"; links per flat MC step 290 → 177), so that legal groups stay few. Measured
 *     against the engine before guards (CPU time, alternating processes, machine shared): flat
 *     MC speedChess 5.6–7.8×, breakthrough 1.7×, checkers 1.5×, connect four 1.3×, hex 1.3×;
 *     perft speedChess 3.7–4.1×, connect four 1.4×, hex 1.4×, checkers and breakthrough 1.1×.
 *   - ORs of moves count the complement of their moves (`complementMoves`): when the next
 *     state is computed each role has exactly one move set, so an OR of most of a role's moves
 *     is one minus the OR of the others. Breakthrough's frame rules ("no move touches this
 *     cell") read such ORs: links 7,220 → 1,628, perft 2.1×, flat MC 1.2× as fast.
 *   - ANDs and ORs of NOTs count the NOTs' inputs (`deMorgan`): connect four's open cell, not
 *     red and not black, is the NOT of (red or black), one event per change of a cell instead
 *     of two (flat MC 1.03–1.05×, perft with the leaf loop of `perftCountsInPlace` 1.07×;
 *     breakthrough perft 1.09×). Folding every NOT into its readers as a negative count was
 *     measured too: see the end of this list.
 *   - The propagation runs over typed arrays (readers in one CSR array); a gate's count (offset
 *     by its threshold, so that a change of output is a crossing of 0) and its info word sit
 *     side by side in one array (hex, 89,547 components, against the engine before guards:
 *     flat MC 0.84× → 1.28×, perft 1.30× → 1.44× with it; a shared, noisy machine). A slot
 *     without readers that guards nothing pushes no event (connect four 1.07–1.09×).
 *     Generated JavaScript per event (straight-line code, chunks) was tried and measured
 *     0.3–1.0× as fast on connect four and breakthrough (dispatch and deoptimizations cost more
 *     than the interpretation saves); it was removed. Indexing `rec` by shifts instead of
 *     products measured 0.94–0.98× (connect four). Folding NOTs into the gates that read them
 *     (a reader counting the NOT's input negatively: connect four's events per flat MC node
 *     14.6 → 11.2) measured 1.02–1.04× on connect four but 0.92–0.97× on checkers, reversi and
 *     hex (a second, negative pass per event); it was removed.
 *   - All of the above against the engine without them (median of 3 rounds, CPU time,
 *     alternating processes, load 5–8 from other work): flat MC connect four 1.45×,
 *     breakthrough 2.2×, checkers 1.8×, speedChess 8.1×, hex 1.3×, reversi 1.1×, amazons 2.8×;
 *     perft 1.6×, 2.6×, 1.8×, 4.3×, 2.0×, 1.0×, 1.3×. The price is compilation: a plain machine
 *     is built for the probe, then the guarded one (hex 0.12 → 0.4–0.6 s, amazons 0.6 → 2.1–3.0
 *     s, against 2–20 s of propnet building). Since then the compile reads the propnet through
 *     typed arrays made once per propnet (`Wiring`), with no array or closure per gate: amazons
 *     2.4 → 1.4 s, racer4 1.9 → 1.0–1.2 s (the ground game unreachable; while it was reachable,
 *     as in bench:reasoning before, full collections over its 600 MB added about 1 s).
 *   - Flat MC and perft run inside the engine (`randomPlayoutNodes`, `perftInPlace`; the CLI's
 *     `flatMonteCarlo` and `perftCountsInPlace` call them): the state walked is the loaded one,
 *     so no `load` compares it at every call, and no call goes through the interface
 *     (bench:reasoning's loop over `isTerminal` / `legalMovesInto` / `nextStateInto` is shared
 *     with the reference engine, which made its calls polymorphic). Same moves, states and
 *     counts as that loop (tested).
 *   - Moves unset before another state is loaded (`clearMoves`), when a short probe at the end
 *     of the compile (`probeClearing`, ≤ 64 steps each way) counts fewer events so. A move left
 *     set keeps the gates that read it and the state (where a piece lands, what it captures)
 *     up to date while the state changes under it, and is unset afterwards anyway: events per
 *     flat MC node breakthrough 80 → 19, connect four 12.7 → 10.6; checkers 80 → 85 (the
 *     probe's choice varies there). Unset in the same propagation as the load. For perft alone
 *     connect four measured 1.02× without it (not worth a second probe).
 *   - ANDs of ANDs and ORs of ORs that nothing else reads are flattened (`flattenChains`): the
 *     same links, one event fewer. Connect four's lines of four are AND(cell, cell, AND(cell,
 *     cell)): 168 gates, events per flat MC node 10.6 → 9.7 (breakthrough 19.5 → 17.5,
 *     checkers 84.5 → 78.5).
 *   - A playout starts from a snapshot of the machine in the initial state (`restoreInitial`,
 *     every array the propagation changes copied back) when the probe's resets pushed more
 *     than slots / RESTORE_EVENT_SLOTS events: a playout of connect four ends ~30 cells away
 *     from the initial state, and loading it back was about half of the events. Connect four
 *     flat MC 1.3×, reversi 1.09×, breakthrough 1.06×, checkers 1.02× (CPU, 2 rounds, load 4).
 *   - Measured but not kept: a leaf loop of `perftInPlace` without the generic `setMoves` path
 *     and fields hoisted (connect four perft 1.00×).
 *   - Outside this file, worth more than any of the above on perft: clingo-wasm's grounder
 *     transferred (detached) an ArrayBuffer of the main thread, and V8's first detach in an
 *     isolate makes optimized code check every typed-array access from then on: this engine ran
 *     0.8× as fast in any process that had grounded with clingo-wasm (connect four perft 7.4M →
 *     6.0M nodes/s), bench:reasoning's among them. The program is now copied to the worker
 *     (worker-grounder.ts). Anything that detaches a buffer of this thread costs the same.
 *   - These against the engine before them: see the commit messages of branch reasoning3 and
 *     results/reasoning.md.
 *
 * Cycles without a transition (positive recursion among views) cannot be propagated this way
 * (a cycle could hold itself up): `compileMachine` gives such propnets to the reference engine,
 * which evaluates them as least fixpoints, and says so in `fallbackReason`.
 *
 * Pure computation: no Node imports.
 */
import type { Propnet } from "./propnet.js";
import type { EngineName, GameStateMachine, StateHandle } from "./machine.js";
import { PropnetMachineBase } from "./machine-base.js";
import { PropnetStateMachine, resolveSlots, type PropnetCompileError } from "./state-machine.js";
import { mulberry32, type PerftResult } from "./search.js";

export interface FastCompileOptions {
  /**
   * Which AND gates get a guard (see the module comment): "auto" (the default) those with an
   * input that flips, on a short probe, at least GUARD_RATIO times as often as all the others
   * together; "none"; "all" (every AND gate of two inputs or more, guarded by its input read by
   * the most AND gates: for tests).
   */
  readonly guards?: "auto" | "none" | "all";
  /** Whether ORs of moves count their complements (`complementMoves`); default true. */
  readonly complementMoves?: boolean;
  /** Whether ANDs and ORs of NOTs count the NOTs' inputs (`deMorgan`); default true. */
  readonly deMorgan?: boolean;
  /** Whether ANDs of ANDs and ORs of ORs that nothing else reads are flattened (`flattenChains`); default true. */
  readonly flatten?: boolean;
  /**
   * Whether the engine's own loops (`randomPlayoutNodes`, `perftInPlace`) unset the moves
   * before they load another state (`clearMoves`): "auto" (the default) when it pushed fewer
   * events on a short probe; true; false.
   */
  readonly clearMoves?: "auto" | boolean;
  /**
   * Whether `randomPlayoutNodes` starts each playout by copying back a snapshot of the whole
   * machine in the initial state instead of loading it (`restoreInitial`): "auto" (the
   * default) when the probe's resets pushed many events for the machine's size; true; false.
   */
  readonly restore?: "auto" | boolean;
}

/** An input becomes a gate's guard when it flips at least this many times as often as the gate's other inputs together. */
export const GUARD_RATIO = 2;

/** A silent gate's second guard must be one of at least this many silent gates. */
const GUARD_MIN_SHARED = 16;

/** Sizes of a compiled fast machine (for reports). */
export interface FastMachineStats {
  readonly gates: number;
  /** Gates only goals depend on: not propagated, evaluated when goals are asked for. */
  readonly lazyGates: number;
  /** Links (gate inputs) the propagation follows; guard links are not among them. */
  readonly links: number;
  /** Slots that guard AND gates. */
  readonly guards: number;
  /** AND gates with a guard. */
  readonly guardedGates: number;
  /** Guarded gates only legal moves read: their value is never computed. */
  readonly silentGates: number;
  /** ORs of moves that count the complement of their moves against them (see `complementMoves`). */
  readonly complementedOrs: number;
  /** ANDs and ORs of NOTs that count the NOTs' inputs (see `deMorgan`). */
  readonly deMorganGates: number;
  /** ANDs and ORs that count the inputs of ANDs / ORs only they read (see `flattenChains`). */
  readonly flattenedGates: number;
}

/** `mode` (construction only) of a gate: propagated by its count alone. */
const PLAIN = -1;
/** `mode` of a guarded gate whose value nothing reads (only its legal moves, masked by the guard). */
const SILENT = -2;

/** Bits of a slot's info word (`rec[2s+1]`); bits INFO_GUARD_SHIFT and up hold its guard slot + 1 (0: none). */
const INFO_NEGATED = 1;
const INFO_SILENT = 2;
const INFO_HOOKS = 4;
const INFO_IS_GUARD = 8;
/** The slot's changes are pushed as events: it has readers or guards gates (else only its hooks fire). */
const INFO_EVENT = 16;
const INFO_GUARD_SHIFT = 5;

/** A playout starts from a snapshot when loading the initial state pushed more than (slots / this) events on the probe. */
const RESTORE_EVENT_SLOTS = 40;

export class FastStateMachine extends PropnetMachineBase {
  readonly engine: EngineName = "fast";
  readonly stats: FastMachineStats;

  /** Per slot: its value (stale for SILENT gates, which nothing reads). */
  private readonly values: Uint8Array;
  /**
   * Two words per slot, together so that visiting a gate touches one cache line:
   *   rec[2s]     the gate's count of true inputs (the guard of a guarded gate not counted)
   *               minus its threshold (and: its counted inputs; or / not: 1): the output (or,
   *               guarded, the potential) is true from 0 up, so a change is a crossing of 0;
   *   rec[2s + 1] info: INFO_* bits and the guard slot + 1 from INFO_GUARD_SHIFT up.
   */
  private readonly rec: Int32Array;
  /** Per slot: its readers [readStart[s], readStart[s+1]) in `readers` (guard links left out). */
  private readonly readStart: Int32Array;
  private readonly readers: Int32Array;
  /** Per slot: its index among the guards, or -1. */
  private readonly guardIndex: Int32Array;
  /** Per guard: the non-silent gates it guards whose potential is true, a dense set. */
  private readonly activeStart: Int32Array;
  private readonly activeLen: Int32Array;
  private readonly activeList: Int32Array;
  /** Per gate: its position in its guard's active set, or -1. */
  private readonly activePos: Int32Array;
  /** Events one event can push at most (readers and active guarded gates). */
  private readonly maxPush: number;

  private readonly baseSlot: Int32Array;
  private readonly inputSlot: Int32Array;
  /** Per legal entry (sorted by role, then group): its input and its group. */
  private readonly legalInput: Int32Array;
  private readonly legalGroup: Int32Array;
  /** Per legal entry: its position in its group's dense set, or -1. */
  private readonly legalPos: Int32Array;
  /** Legal groups of role r: [roleGroups[r], roleGroups[r+1]); a group's entries share a guard (or have none: -1). */
  private readonly roleGroups: Int32Array;
  /** Per group: its guards [groupGuardStart[g], groupGuardStart[g+1]) in `groupGuards`. */
  private readonly groupGuardStart: Int32Array;
  private readonly groupGuards: Int32Array;
  /** Dense sets: group g's present entries at [groupStart[g], groupStart[g] + groupLen[g]) of legalList. */
  private readonly groupStart: Int32Array;
  private readonly groupLen: Int32Array;
  private readonly legalList: Int32Array;
  /** Legal entries per role (an upper bound of its legal moves). */
  private readonly legalCount: Int32Array;
  private readonly terminalSlot: number;
  /** The next state under the loaded state and the moves set, kept up to date. */
  private readonly nextWords: Uint32Array;
  /**
   * Per slot: hooks of its value [hookStart[s], hookStart[s+1]) in `hooks`: (legal entry << 1)
   * or (base << 1 | 1). Per guarded gate: hooks of its potential (legal entries of its group)
   * in [potentialStart[g], potentialStart[g+1]) of `potentialHooks`.
   */
  private readonly hookStart: Int32Array;
  private readonly hooks: Int32Array;
  private readonly potentialStart: Int32Array;
  private readonly potentialHooks: Int32Array;
  private readonly loaded: Uint32Array;
  private readonly activeInputs: Int32Array;
  /** Per input slot: the complemented ORs it counts against, [invertedStart[s], invertedStart[s+1]) in `inverted`. */
  private readonly invertedStart: Int32Array;
  private readonly inverted: Int32Array;
  private readonly initial: Uint32Array;
  /** Gates outside the cones of legal, terminal and next, in topological order, evaluated by `goals`. */
  private readonly lazyGates: Int32Array;
  private readonly lazyStart: Int32Array;
  private readonly lazyInputs: Int32Array;
  private readonly lazyThreshold: Int32Array;
  private readonly lazyNegated: Uint8Array;
  private stack: Int32Array;
  /** Whether the engine's own loops unset the moves before loading another state (see `clearMoves`). */
  private readonly clearBeforeLoad: boolean;
  /** Whether `randomPlayoutNodes` starts a playout from a snapshot (see `restoreInitial`). */
  private readonly restoreSnapshot: boolean;
  /** The machine's mutable arrays in the initial state with no move set, taken when first restored. */
  private snapshot: { readonly values: Uint8Array; readonly rec: Int32Array; readonly active: Int32Array[]; readonly legal: Int32Array[]; readonly words: Uint32Array[] } | undefined;

  /** Why a propnet cannot be run by this engine (cycles without a transition), or undefined. */
  static unsupported(p: Propnet): string | undefined {
    return wiringOf(p).unsupported;
  }

  /** The machine, or why the propnet cannot be run by this engine. */
  static create(p: Propnet, options: FastCompileOptions = {}): FastStateMachine | string {
    return wiringOf(p).unsupported ?? new FastStateMachine(p, options);
  }

  /** Throws when the propnet is `unsupported`; `create` returns the reason instead. */
  constructor(p: Propnet, options: FastCompileOptions = {}, flipCounts?: Float64Array) {
    const wiring = wiringOf(p);
    if (wiring.unsupported) throw new Error(`fast engine: ${wiring.unsupported}`);
    super(p, wiring.slotOf);
    const { slotOf, gate, inStart, inSlots } = wiring;
    const n = slotOf.length;
    const nRoles = p.roles.length;

    // ORs of moves rewritten with complements (see `complementMoves`)
    const moves = options.complementMoves === false ? NO_COMPLEMENTS : complementMoves(p, wiring);
    // ANDs and ORs of NOTs counting the NOTs' inputs (see `deMorgan`)
    const deMorganed = options.deMorgan === false ? new Map<number, number[]>() : deMorgan(wiring);
    // ANDs of ANDs and ORs of ORs that nothing else reads, flattened (see `flattenChains`)
    const flattened = options.flatten === false ? new Map<number, number[]>() : flattenChains(p, wiring, (g) => moves.direct.has(g) || deMorganed.has(g));
    // per gate: the slots it counts, [cStart[g], cStart[g+1]) of cSlots: its input slots, or
    // those of its rewrite (complements first, then De Morgan, then flattened)
    let cStart = inStart;
    let cSlots = inSlots;
    if (moves.direct.size + deMorganed.size + flattened.size > 0) {
      const rewritten = new Map<number, readonly number[]>(flattened);
      for (const [g, x] of deMorganed) rewritten.set(g, x);
      for (const [g, x] of moves.direct) rewritten.set(g, x);
      cStart = new Int32Array(n + 1);
      for (let c = 0; c < n; c++) cStart[c + 1] = cStart[c] + (rewritten.get(c)?.length ?? inStart[c + 1] - inStart[c]);
      cSlots = new Int32Array(cStart[n]);
      for (let c = 0; c < n; c++) {
        const x = rewritten.get(c);
        let at = cStart[c];
        if (x) for (const s of x) cSlots[at++] = s;
        else for (let j = inStart[c], e = inStart[c + 1]; j < e; j++) cSlots[at++] = inSlots[j];
      }
    }
    const inverted = new Uint8Array(n); // ANDs and ORs of NOTs, counted by De Morgan
    for (const g of deMorganed.keys()) inverted[g] = 1;

    // gates, their thresholds and readers (ids are topological: every gate input is smaller)
    // the gates legal, terminal and next depend on are maintained by propagation; the others
    // (in practice those only goals read: 74 % of reversi's, counting discs) are evaluated
    // when goals are asked for
    const maintained = new Uint8Array(n);
    const pending = new Int32Array(n);
    let top = 0;
    const reach = (s: number) => {
      if (s >= 0 && gate[s] !== 0 && maintained[s] === 0) {
        maintained[s] = 1;
        pending[top++] = s;
      }
    };
    for (const l of p.legals) reach(slotOf[l.id]);
    if (p.terminal >= 0) reach(slotOf[p.terminal]);
    for (const t of p.transitionIds) if (t >= 0) reach(firstInput(wiring, t));
    while (top > 0) {
      const g = pending[--top];
      for (let j = cStart[g], e = cStart[g + 1]; j < e; j++) reach(cSlots[j]);
    }
    let lazyCount = 0;
    let lazyLinks = 0;
    for (let c = 0; c < n; c++) {
      if (gate[c] === 0 || maintained[c] !== 0) continue;
      lazyCount++;
      lazyLinks += inStart[c + 1] - inStart[c];
    }
    this.lazyGates = new Int32Array(lazyCount);
    this.lazyStart = new Int32Array(lazyCount + 1);
    this.lazyInputs = new Int32Array(lazyLinks);
    this.lazyThreshold = new Int32Array(lazyCount);
    this.lazyNegated = new Uint8Array(lazyCount);
    for (let c = 0, i = 0, at = 0; c < n; c++) {
      if (gate[c] === 0 || maintained[c] !== 0) continue;
      this.lazyGates[i] = c;
      for (let j = inStart[c], e = inStart[c + 1]; j < e; j++) this.lazyInputs[at++] = inSlots[j];
      this.lazyThreshold[i] = gate[c] === G_AND ? inStart[c + 1] - inStart[c] : 1;
      this.lazyNegated[i] = gate[c] === G_NOT ? 1 : 0;
      this.lazyStart[++i] = at;
    }

    // guards: a slot many AND gates read (typically `control`, which flips every turn) is left
    // out of their counts; such a gate's count gives its potential (the AND of its other inputs),
    // its value is potential AND guard, and the guard's event visits only the gates whose
    // potential is true
    // consumers: a gate read by nothing but legal moves can be silent (see guards)
    const nextSlot = Int32Array.from(p.transitionIds, (t) => (t < 0 ? -1 : firstInput(wiring, t)));
    const consumed = new Uint8Array(n); // read by something other than a legal move
    for (let c = 0; c < n; c++) if (gate[c] !== 0) for (let j = inStart[c], e = inStart[c + 1]; j < e; j++) consumed[inSlots[j]] = 1;
    for (const s of nextSlot) if (s >= 0) consumed[s] = 1;
    if (p.terminal >= 0) consumed[slotOf[p.terminal]] = 1;
    for (const x of p.goals) consumed[slotOf[x.id]] = 1;

    // guards of each AND gate, [gStart[g], gStart[g+1]) of gList: one, or (silent gates) any
    // number, most often flipping first
    const guards = options.guards ?? "auto";
    const candidate = (c: number) => gate[c] === G_AND && maintained[c] === 1 && cStart[c + 1] - cStart[c] >= 2 && inverted[c] === 0;
    // the distinct slots gate c counts, into `scratch`, by `before` first
    const scratch: number[] = [];
    const distinctCounted = (c: number, before: (x: number, y: number) => number): number[] => {
      scratch.length = 0;
      for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) if (!scratch.includes(cSlots[j])) scratch.push(cSlots[j]);
      return scratch.sort(before);
    };
    const gStart = new Int32Array(n + 1);
    const gList: number[] = [];
    if (guards === "all") {
      // every AND gate, by its inputs read by the most AND gates (silent ones: the two most)
      const andReaders = new Int32Array(n);
      for (let c = 0; c < n; c++) if (candidate(c)) for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) andReaders[cSlots[j]]++;
      for (let c = 0; c < n; c++) {
        gStart[c] = gList.length;
        if (!candidate(c)) continue;
        const order = distinctCounted(c, (x, y) => andReaders[y] - andReaders[x] || x - y);
        for (let k = 0; k < Math.min(order.length, consumed[c] ? 1 : 2); k++) gList.push(order[k]);
      }
      gStart[n] = gList.length;
    } else if (guards === "auto") {
      const flips = flipCounts ?? new FastStateMachine(p, { guards: "none", complementMoves: false, deMorgan: false, flatten: false, clearMoves: false, restore: false }).probeFlips();
      // first every candidate's guards by flips alone, then (below) the second and further
      // guards of silent gates kept only where shared
      const shared = new Int32Array(n);
      const tStart = new Int32Array(n + 1);
      const tList: number[] = [];
      for (let c = 0; c < n; c++) {
        tStart[c] = tList.length;
        if (!candidate(c)) continue;
        let total = 0;
        let best = cSlots[cStart[c]];
        for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) {
          const x = cSlots[j];
          total += flips[x];
          if (flips[x] > flips[best]) best = x;
        }
        if (flips[best] === 0 || flips[best] < GUARD_RATIO * (total - flips[best])) continue;
        if (consumed[c]) {
          tList.push(best); // a gate whose value is read has one guard
          continue;
        }
        let rest = total;
        let kept = 0;
        for (const s of distinctCounted(c, (x, y) => flips[y] - flips[x] || x - y)) {
          rest -= flips[s];
          if (flips[s] === 0 || flips[s] < GUARD_RATIO * rest) break;
          tList.push(s);
          if (++kept > 1) shared[s]++;
        }
      }
      tStart[n] = tList.length;
      // a silent gate's second and further guards only when many silent gates share them, so
      // that legal groups (one per role and set of guards) stay few
      for (let g = 0; g < n; g++) {
        gStart[g] = gList.length;
        const s = tStart[g];
        const e = tStart[g + 1];
        let keep = s + 1;
        while (keep < e && shared[tList[keep]] >= GUARD_MIN_SHARED) keep++;
        for (let j = s; j < Math.min(keep, e); j++) gList.push(tList[j]);
      }
      gStart[n] = gList.length;
    }
    const guardCount = (g: number) => gStart[g + 1] - gStart[g];
    const guardOf = new Int32Array(n).fill(-1);
    for (let g = 0; g < n; g++) if (guardCount(g) > 0) guardOf[g] = gList[gStart[g]];

    // per maintained gate: the slots its count reads, [rStart[g], rStart[g+1]) of rSlots (its
    // counted slots less one occurrence of each guard); then the readers of each slot
    const rStart = new Int32Array(n + 1);
    const rSlots = new Int32Array(cStart[n]);
    let links = 0;
    let gates = 0;
    for (let c = 0; c < n; c++) {
      rStart[c] = links;
      if (gate[c] === 0) continue;
      gates++;
      if (maintained[c] === 0) continue;
      const gs = gStart[c];
      const k = gStart[c + 1] - gs;
      if (k === 0) for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) rSlots[links++] = cSlots[j];
      else if (k === 1) {
        let skipped = false;
        for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) {
          if (!skipped && cSlots[j] === gList[gs]) skipped = true;
          else rSlots[links++] = cSlots[j];
        }
      } else {
        const left = gList.slice(gs, gs + k);
        for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) {
          const at = left.indexOf(cSlots[j]);
          if (at >= 0) left.splice(at, 1);
          else rSlots[links++] = cSlots[j];
        }
      }
    }
    rStart[n] = links;
    const readStart = new Int32Array(n + 1);
    for (let j = 0; j < links; j++) readStart[rSlots[j] + 1]++;
    for (let s = 0; s < n; s++) readStart[s + 1] += readStart[s];
    const readers = new Int32Array(links);
    const fill = readStart.slice(0, n);
    for (let c = 0; c < n; c++) for (let j = rStart[c], e = rStart[c + 1]; j < e; j++) readers[fill[rSlots[j]]++] = c;
    // thresholds: an AND of NOTs counts as a NOT of the OR of their inputs, an OR of NOTs as a
    // NOT of their AND
    const threshold = new Int32Array(n);
    const negated = new Uint8Array(n);
    for (let c = 0; c < n; c++) {
      if (gate[c] === 0) continue;
      negated[c] = gate[c] === G_NOT || inverted[c] === 1 ? 1 : 0;
      const and = gate[c] === G_AND ? inverted[c] === 0 : gate[c] === G_OR && inverted[c] === 1;
      threshold[c] = and ? cStart[c + 1] - cStart[c] - guardCount(c) : 1;
    }
    // a guarded gate whose value nothing reads: its legal moves follow its potential, masked by
    // its guards when they are asked for
    const mode = guardOf.slice();
    let guardedGates = 0;
    let silentGates = 0;
    for (let g = 0; g < n; g++) {
      if (guardOf[g] < 0) continue;
      guardedGates++;
      if (!consumed[g]) {
        mode[g] = SILENT;
        silentGates++;
      }
    }
    this.readStart = readStart;
    this.readers = readers;

    // active sets of the guards (room for every non-silent gate each guards)
    this.guardIndex = new Int32Array(n).fill(-1);
    const guardSlots: number[] = [];
    const capacity: number[] = [];
    for (let g = 0; g < n; g++) {
      const G = mode[g];
      if (G < 0) continue;
      if (this.guardIndex[G] < 0) {
        this.guardIndex[G] = guardSlots.length;
        guardSlots.push(G);
        capacity.push(0);
      }
      capacity[this.guardIndex[G]]++;
    }
    this.activeStart = new Int32Array(guardSlots.length + 1);
    capacity.forEach((c, i) => (this.activeStart[i + 1] = this.activeStart[i] + c));
    this.activeLen = new Int32Array(guardSlots.length);
    this.activeList = new Int32Array(this.activeStart[guardSlots.length]);
    this.activePos = new Int32Array(n).fill(-1);
    let maxPush = 1;
    for (let s = 0; s < n; s++) {
      const gi = this.guardIndex[s];
      maxPush = Math.max(maxPush, readStart[s + 1] - readStart[s] + (gi >= 0 ? capacity[gi] : 0));
    }
    this.maxPush = maxPush;

    this.baseSlot = Int32Array.from(p.baseIds);
    this.inputSlot = Int32Array.from(p.inputs, (m) => m.id);

    // legal entries sorted by role, then by the guards of their slot (SILENT gates: the guards
    // of the gate; none: the entry follows its slot's value), in order of first appearance
    const nLegal = p.legals.length;
    const entrySlot = new Int32Array(nLegal);
    const entryKey = new Int32Array(nLegal);
    const guardsOfEntry = (slot: number): [number, number] => (mode[slot] === SILENT ? [gStart[slot], gStart[slot + 1]] : [0, 0]);
    const order = new Int32Array(nLegal);
    {
      let keys = 0;
      let noGuards = -1;
      const single = new Map<number, number>();
      const several = new Map<string, number>();
      p.legals.forEach((l, i) => {
        const slot = slotOf[l.id];
        entrySlot[i] = slot;
        const [s, e] = guardsOfEntry(slot);
        let key: number | undefined;
        if (e - s === 0) key = noGuards < 0 ? (noGuards = keys++) : noGuards;
        else if (e - s === 1) {
          key = single.get(gList[s]);
          if (key === undefined) single.set(gList[s], (key = keys++));
        } else {
          const name = gList.slice(s, e).join(" ");
          key = several.get(name);
          if (key === undefined) several.set(name, (key = keys++));
        }
        entryKey[i] = key;
      });
      // a stable counting sort by (role, key)
      const bucket = new Int32Array(nRoles * keys + 1);
      p.legals.forEach((l, i) => bucket[l.role * keys + entryKey[i] + 1]++);
      for (let b = 0; b < nRoles * keys; b++) bucket[b + 1] += bucket[b];
      p.legals.forEach((l, i) => (order[bucket[l.role * keys + entryKey[i]]++] = i));
    }
    this.legalInput = new Int32Array(nLegal);
    this.legalCount = new Int32Array(nRoles);
    this.legalGroup = new Int32Array(nLegal);
    const groupRole: number[] = [];
    const groupKey: number[] = [];
    const groupGuardList: number[] = [];
    const groupGuardStart: number[] = [0];
    const groupStart: number[] = [];
    for (let k = 0; k < nLegal; k++) {
      const i = order[k];
      const l = p.legals[i];
      this.legalInput[k] = l.input;
      this.legalCount[l.role]++;
      const last = groupRole.length - 1;
      if (last < 0 || groupRole[last] !== l.role || groupKey[last] !== entryKey[i]) {
        groupRole.push(l.role);
        groupKey.push(entryKey[i]);
        const [s, e] = guardsOfEntry(entrySlot[i]);
        for (let j = s; j < e; j++) groupGuardList.push(gList[j]);
        groupGuardStart.push(groupGuardList.length);
        groupStart.push(k);
      }
      this.legalGroup[k] = groupRole.length - 1;
    }
    this.roleGroups = new Int32Array(nRoles + 1);
    for (const r of groupRole) this.roleGroups[r + 1]++;
    for (let r = 0; r < nRoles; r++) this.roleGroups[r + 1] += this.roleGroups[r];
    this.groupGuardStart = Int32Array.from(groupGuardStart);
    this.groupGuards = Int32Array.from(groupGuardList);
    this.groupStart = Int32Array.from(groupStart);
    this.groupLen = new Int32Array(groupRole.length);
    this.legalPos = new Int32Array(nLegal).fill(-1);
    this.legalList = new Int32Array(nLegal);

    this.terminalSlot = p.terminal >= 0 ? slotOf[p.terminal] : -1;

    // hooks: legal entries and next bits driven by each slot's value; legal entries driven by a
    // silent gate's potential (each list in entry order, then base order)
    const silentEntry = (k: number) => mode[entrySlot[order[k]]] === SILENT;
    this.hookStart = new Int32Array(n + 1);
    this.potentialStart = new Int32Array(n + 1);
    for (let k = 0; k < nLegal; k++) (silentEntry(k) ? this.potentialStart : this.hookStart)[entrySlot[order[k]] + 1]++;
    for (const s of nextSlot) if (s >= 0) this.hookStart[s + 1]++;
    for (let s = 0; s < n; s++) {
      this.hookStart[s + 1] += this.hookStart[s];
      this.potentialStart[s + 1] += this.potentialStart[s];
    }
    this.hooks = new Int32Array(this.hookStart[n]);
    this.potentialHooks = new Int32Array(this.potentialStart[n]);
    {
      const valueAt = this.hookStart.slice(0, n);
      const potentialAt = this.potentialStart.slice(0, n);
      for (let k = 0; k < nLegal; k++) {
        const s = entrySlot[order[k]];
        if (silentEntry(k)) this.potentialHooks[potentialAt[s]++] = k << 1;
        else this.hooks[valueAt[s]++] = k << 1;
      }
      nextSlot.forEach((s, b) => {
        if (s >= 0) this.hooks[valueAt[s]++] = (b << 1) | 1;
      });
    }

    // values with every base and input false: constants, then gates in id order
    const values = new Uint8Array((n + 3) & ~3); // whole words, for `probeFlips`
    const count = new Int32Array(n);
    for (const c of p.components) if (c.kind === "true") values[c.id] = 1;
    for (let c = 0; c < n; c++) {
      if (gate[c] === 0) continue;
      let k = moves.offset.size > 0 ? (moves.offset.get(c) ?? 0) : 0; // every input false: each complemented role counts 1
      for (let j = cStart[c], e = cStart[c + 1]; j < e; j++) k += values[cSlots[j]];
      if (guardCount(c) > 0) {
        let all = 1;
        for (let j = gStart[c], e = gStart[c + 1]; j < e; j++) {
          k -= values[gList[j]];
          all &= values[gList[j]];
        }
        values[c] = k >= threshold[c] ? all : 0;
      } else values[c] = (k >= threshold[c] ? 1 : 0) ^ negated[c];
      count[c] = k;
    }
    this.values = values;
    const rec = new Int32Array(2 * n);
    for (let g = 0; g < n; g++) {
      rec[2 * g] = count[g] - threshold[g];
      let info = negated[g] ? INFO_NEGATED : 0;
      if (mode[g] === SILENT) info |= INFO_SILENT;
      if (this.hookStart[g] !== this.hookStart[g + 1]) info |= INFO_HOOKS;
      if (this.guardIndex[g] >= 0) info |= INFO_IS_GUARD | INFO_EVENT;
      if (readStart[g] !== readStart[g + 1]) info |= INFO_EVENT;
      rec[2 * g + 1] = info | ((guardOf[g] + 1) << INFO_GUARD_SHIFT);
    }
    this.rec = rec;

    // legal sets, active sets and next bits of the all-false start
    this.nextWords = new Uint32Array(this.stateWords);
    for (let s = 0; s < n; s++) {
      if (values[s] && mode[s] !== SILENT) this.fireHooks(s, 1);
      if (mode[s] !== PLAIN && count[s] >= threshold[s]) {
        for (let j = this.potentialStart[s]; j < this.potentialStart[s + 1]; j++) this.toggleLegal(this.potentialHooks[j] >>> 1, 1);
        if (mode[s] >= 0) this.activate(s, mode[s]);
      }
    }

    // the initial state: the init propositions with every base and input false
    this.initial = new Uint32Array(this.stateWords);
    for (const x of p.inits) if (values[slotOf[x.id]]) this.initial[x.base >>> 5] |= 1 << (x.base & 31);

    this.loaded = new Uint32Array(this.stateWords);
    this.activeInputs = new Int32Array(nRoles).fill(-1);
    // per input slot: the complemented ORs it counts against
    this.invertedStart = new Int32Array(n + 1);
    for (const list of moves.inverted.values()) for (const s of list) this.invertedStart[s + 1]++;
    for (let s = 0; s < n; s++) this.invertedStart[s + 1] += this.invertedStart[s];
    this.inverted = new Int32Array(this.invertedStart[n]);
    {
      const at = this.invertedStart.slice(0, n);
      for (const [g, list] of moves.inverted) for (const s of list) this.inverted[at[s]++] = g;
    }
    this.stack = new Int32Array(2 * n + maxPush + 64);
    this.stats = { gates, lazyGates: lazyCount, links, guards: guardSlots.length, guardedGates, silentGates, complementedOrs: moves.direct.size, deMorganGates: deMorganed.size, flattenedGates: flattened.size };
    const clear = options.clearMoves ?? "auto";
    const restore = options.restore ?? "auto";
    const probe = clear === "auto" || restore === "auto" ? this.probeClearing() : undefined;
    this.clearBeforeLoad = clear === "auto" ? probe!.clear : clear;
    // a snapshot copies ~10 bytes per slot; an event costs about as much as 40 slots' worth of copying
    this.restoreSnapshot = restore === "auto" ? probe!.resets > 0 && (probe!.resetEvents / probe!.resets) * RESTORE_EVENT_SLOTS > n : restore;
  }

  /** Updates the legal sets and next bits driven by slot `s`'s value, which became `v`. */
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

  /** Updates the legal sets driven by silent gate `g`'s potential, which became `v`. */
  private firePotentialHooks(g: number, v: number): void {
    for (let j = this.potentialStart[g], e = this.potentialStart[g + 1]; j < e; j++) this.toggleLegal(this.potentialHooks[j] >>> 1, v);
  }

  private toggleLegal(k: number, v: number): void {
    const group = this.legalGroup[k];
    const start = this.groupStart[group];
    if (v) {
      const len = this.groupLen[group];
      this.legalList[start + len] = k;
      this.legalPos[k] = len;
      this.groupLen[group] = len + 1;
    } else {
      const p = this.legalPos[k];
      const len = this.groupLen[group] - 1;
      const last = this.legalList[start + len];
      this.legalList[start + p] = last;
      this.legalPos[last] = p;
      this.legalPos[k] = -1;
      this.groupLen[group] = len;
    }
  }

  /** Adds guarded gate `g` (its potential became true) to the active set of its guard `G`. */
  private activate(g: number, G: number): void {
    const i = this.guardIndex[G];
    const len = this.activeLen[i];
    this.activeList[this.activeStart[i] + len] = g;
    this.activePos[g] = len;
    this.activeLen[i] = len + 1;
  }

  /** Removes guarded gate `g` (its potential became false) from the active set of its guard `G`. */
  private deactivate(g: number, G: number): void {
    const i = this.guardIndex[G];
    const start = this.activeStart[i];
    const p = this.activePos[g];
    const len = this.activeLen[i] - 1;
    const last = this.activeList[start + len];
    this.activeList[start + p] = last;
    this.activePos[last] = p;
    this.activePos[g] = -1;
    this.activeLen[i] = len;
  }

  /**
   * Drains the event stack (`sp` events: (slot << 1) | new value). An event of slot s moves
   * the count of each reader; a plain gate whose count crosses its threshold flips and pushes
   * its own event; a guarded gate whose count crosses its threshold changes its potential. If s
   * guards gates, those whose potential is true take s's value (its value now: a later event of
   * s may be waiting on the stack).
   */
  private propagate(sp: number): number {
    const rec = this.rec;
    const values = this.values;
    const readStart = this.readStart;
    const readers = this.readers;
    const guardIndex = this.guardIndex;
    const activeStart = this.activeStart;
    const activeLen = this.activeLen;
    const activeList = this.activeList;
    const maxPush = this.maxPush;
    let stack = this.stack;
    let done = 0;
    while (sp > 0) {
      if (sp + maxPush >= stack.length) {
        const bigger = new Int32Array(stack.length * 2);
        bigger.set(stack);
        this.stack = stack = bigger;
      }
      const event = stack[--sp];
      done++;
      const s = event >>> 1;
      const e = readStart[s + 1];
      if ((event & 1) === 1) {
        for (let j = readStart[s]; j < e; j++) {
          const g = readers[j];
          if (++rec[2 * g] === 0) {
            const info = rec[2 * g + 1];
            const G = (info >>> INFO_GUARD_SHIFT) - 1;
            if (G < 0) {
              const v = 1 ^ (info & INFO_NEGATED);
              values[g] = v;
              if ((info & INFO_EVENT) !== 0) stack[sp++] = (g << 1) | v;
              if ((info & INFO_HOOKS) !== 0) this.fireHooks(g, v);
            } else if ((info & INFO_SILENT) !== 0) this.firePotentialHooks(g, 1);
            else {
              this.activate(g, G);
              if (values[G] !== 0) {
                values[g] = 1;
                if ((info & INFO_EVENT) !== 0) stack[sp++] = (g << 1) | 1;
                if ((info & INFO_HOOKS) !== 0) this.fireHooks(g, 1);
              }
            }
          }
        }
      } else {
        for (let j = readStart[s]; j < e; j++) {
          const g = readers[j];
          if (rec[2 * g]-- === 0) {
            const info = rec[2 * g + 1];
            const G = (info >>> INFO_GUARD_SHIFT) - 1;
            if (G < 0) {
              const v = info & INFO_NEGATED;
              values[g] = v;
              if ((info & INFO_EVENT) !== 0) stack[sp++] = (g << 1) | v;
              if ((info & INFO_HOOKS) !== 0) this.fireHooks(g, v);
            } else if ((info & INFO_SILENT) !== 0) this.firePotentialHooks(g, 0);
            else {
              this.deactivate(g, G);
              if (values[g] !== 0) {
                values[g] = 0;
                if ((info & INFO_EVENT) !== 0) stack[sp++] = g << 1;
                if ((info & INFO_HOOKS) !== 0) this.fireHooks(g, 0);
              }
            }
          }
        }
      }
      if ((rec[2 * s + 1] & INFO_IS_GUARD) !== 0) {
        const gi = guardIndex[s];
        const v = values[s];
        for (let j = activeStart[gi], end = j + activeLen[gi]; j < end; j++) {
          const g = activeList[j];
          if (values[g] !== v) {
            values[g] = v;
            const info = rec[2 * g + 1];
            if ((info & INFO_EVENT) !== 0) stack[sp++] = (g << 1) | v;
            if ((info & INFO_HOOKS) !== 0) this.fireHooks(g, v);
          }
        }
      }
    }
    return done;
  }

  /** Sets a source (base or input) slot, fires its hooks and queues its event; returns the new stack pointer. */
  private push(slot: number, v: number, sp: number): number {
    this.values[slot] = v;
    const info = this.rec[2 * slot + 1];
    if ((info & INFO_HOOKS) !== 0) this.fireHooks(slot, v);
    if ((info & INFO_EVENT) === 0) return sp;
    if (sp + 1 >= this.stack.length) {
      const bigger = new Int32Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    this.stack[sp] = (slot << 1) | v;
    return sp + 1;
  }

  /**
   * How often each slot's value changed on a short deterministic probe: random playouts where
   * each step also computes the next state under a few other random joint moves (as perft's
   * sibling loop does). Costs about as much as 2 × 10^7 slot comparisons at most
   * (hex: 223 joint moves and states; 44 chose half the guards and ran 0.85× as fast).
   */
  private probeFlips(): Float64Array {
    const n = this.values.length;
    const flips = new Float64Array(n);
    const words = new Uint32Array(this.values.buffer, 0, n >>> 2);
    const before = words.slice();
    const note = () => {
      for (let w = 0; w < words.length; w++) {
        const x = words[w] ^ before[w];
        if (x === 0) continue;
        before[w] = words[w];
        for (let b = 0; b < 4; b++) if ((x >>> (b << 3)) & 0xff) flips[(w << 2) | b]++;
      }
    };
    const ops = Math.max(16, Math.min(256, Math.floor(2e7 / n)));
    const rng = mulberry32(1);
    const nRoles = this.roles.length;
    const legal = Array.from({ length: nRoles }, (_, r) => new Int32Array(Math.max(1, this.maxLegalMoves(r))));
    const counts = new Int32Array(nRoles);
    const joint = new Int32Array(nRoles);
    const next = new Uint32Array(this.stateWords);
    let state = this.initialState();
    let steps = 0;
    for (let op = 0; op < ops; op++) {
      let stuck = this.isTerminal(state) || steps >= 200;
      for (let r = 0; r < nRoles && !stuck; r++) stuck = (counts[r] = this.legalMovesInto(state, r, legal[r])) === 0;
      note();
      if (stuck) {
        state = this.initialState();
        steps = 0;
        continue;
      }
      for (let t = 0; t < 3; t++) {
        for (let r = 0; r < nRoles; r++) joint[r] = legal[r][Math.floor(rng() * counts[r])];
        this.nextStateInto(state, joint, next);
        note();
      }
      state = next.slice();
      steps++;
    }
    return flips;
  }

  /** Buffers of a random walk: one role's legal moves (the most any role has), a joint move, a state. */
  private walkBuffers(): { legal: Int32Array; joint: Int32Array; state: Uint32Array } {
    let most = 1;
    for (let r = 0; r < this.roles.length; r++) most = Math.max(most, this.legalCount[r]);
    return { legal: new Int32Array(most), joint: new Int32Array(this.roles.length), state: new Uint32Array(this.stateWords) };
  }

  /**
   * Whether unsetting the moves before loading another state pushes fewer events than leaving
   * them set, on a short deterministic random walk walked both ways. Left set, a move keeps the
   * gates that read it and the state up to date while the state changes under it (breakthrough:
   * 80 events per flat MC node; unset first, 19; connect four 12.7 and 10.6; checkers 80 and 85).
   */
  private probeClearing(): { clear: boolean; resets: number; resetEvents: number } {
    const steps = Math.max(8, Math.min(64, Math.floor(4e6 / (this.rec.length >>> 1))));
    const nRoles = this.roles.length;
    const { legal, joint, state } = this.walkBuffers();
    const events = [0, 0];
    let resets = 0;
    let resetEvents = 0;
    for (let clear = 0; clear < 2; clear++) {
      const rng = mulberry32(3);
      this.clearMoves();
      this.load(this.initial);
      let e = 0;
      let depth = 0;
      for (let step = 0; step < steps; step++) {
        let stuck = depth >= 200 || (this.terminalSlot >= 0 && this.values[this.terminalSlot] !== 0);
        for (let r = 0; r < nRoles && !stuck; r++) {
          const count = this.loadedLegalInto(r, legal);
          if (count === 0) stuck = true;
          else joint[r] = legal[Math.floor(rng() * count)];
        }
        if (stuck) {
          resets++;
          resetEvents += this.load(this.initial, true);
          depth = 0;
          continue;
        }
        e += this.setMoves(joint);
        for (let w = 0; w < state.length; w++) state[w] = this.nextWords[w];
        e += this.load(state, clear === 1);
        depth++;
      }
      events[clear] = e;
    }
    this.clearMoves();
    return { clear: events[1] < events[0], resets, resetEvents };
  }

  /**
   * Makes the initial state the loaded one, with no move set, by copying back a snapshot of
   * every array the propagation changes (taken the first time). A playout of connect four ends
   * ~30 cells away from the initial state: loading it pushed about half of flat MC's events.
   */
  private restoreInitial(): void {
    if (!this.snapshot) {
      this.load(this.initial, true);
      this.snapshot = {
        values: this.values.slice(),
        rec: this.rec.slice(),
        active: [this.activeLen.slice(), this.activeList.slice(), this.activePos.slice()],
        legal: [this.legalList.slice(), this.legalPos.slice(), this.groupLen.slice()],
        words: [this.nextWords.slice(), this.loaded.slice()],
      };
      return;
    }
    const snap = this.snapshot;
    this.values.set(snap.values);
    this.rec.set(snap.rec);
    this.activeLen.set(snap.active[0]);
    this.activeList.set(snap.active[1]);
    this.activePos.set(snap.active[2]);
    this.legalList.set(snap.legal[0]);
    this.legalPos.set(snap.legal[1]);
    this.groupLen.set(snap.legal[2]);
    this.nextWords.set(snap.words[0]);
    this.loaded.set(snap.words[1]);
    this.activeInputs.fill(-1);
  }

  /** Moves the count of plain gate `g` up (`up` 1) or down, outside `propagate`; returns the new stack pointer. */
  private bump(g: number, up: number, sp: number): number {
    const rec = this.rec;
    const crossed = up ? ++rec[2 * g] === 0 : rec[2 * g]-- === 0;
    if (!crossed) return sp;
    return this.push(g, up ^ (rec[2 * g + 1] & INFO_NEGATED), sp);
  }

  /** Makes `state` the loaded state, flipping only the bases that differ from the loaded one. */
  private load(state: StateHandle, clear = false): number {
    const loaded = this.loaded;
    // moves unset first (see `clearMoves`), in the same propagation
    let sp = clear ? this.pushClear() : 0;
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
    return sp > 0 ? this.propagate(sp) : 0;
  }

  initialState(): StateHandle {
    return this.initial.slice();
  }

  legalMovesInto(state: StateHandle, roleIndex: number, out: Int32Array): number {
    this.load(state);
    return this.loadedLegalInto(roleIndex, out);
  }

  /** `legalMovesInto` in the loaded state. */
  private loadedLegalInto(roleIndex: number, out: Int32Array): number {
    const list = this.legalList;
    const input = this.legalInput;
    let n = 0;
    const values = this.values;
    const guards = this.groupGuards;
    groups: for (let g = this.roleGroups[roleIndex], e = this.roleGroups[roleIndex + 1]; g < e; g++) {
      for (let j = this.groupGuardStart[g], end = this.groupGuardStart[g + 1]; j < end; j++) if (values[guards[j]] === 0) continue groups;
      for (let k = this.groupStart[g], end = k + this.groupLen[g]; k < end; k++) out[n++] = input[list[k]];
    }
    return n;
  }

  legalMoves(state: StateHandle, roleIndex: number): number[] {
    const out = new Int32Array(this.maxLegalMoves(roleIndex));
    const moves = Array.from(out.subarray(0, this.legalMovesInto(state, roleIndex, out)));
    // two legal propositions may share a move (a repaired propnet): report it once
    return [...new Set(moves)].sort((a, b) => a - b);
  }

  nextStateInto(state: StateHandle, jointMove: ArrayLike<number>, out: Uint32Array): void {
    this.load(state);
    this.setMoves(jointMove);
    const next = this.nextWords;
    // a loop is faster than set() on a few words, set() on many (hex, 221 words: 72 against 265 ns)
    if (next.length > 16) out.set(next);
    else for (let w = 0; w < next.length; w++) out[w] = next[w];
  }

  /** Sets the joint move (the next state follows in `nextWords`). */
  private setMoves(jointMove: ArrayLike<number>): number {
    const active = this.activeInputs;
    let sp = 0;
    // the moves stay set until the next joint move: legal, goal and terminal do not read them
    for (let r = 0; r < active.length; r++) {
      const slot = this.inputSlot[jointMove[r]];
      if (active[r] === slot) continue;
      const old = active[r];
      if (old >= 0) {
        sp = this.push(old, 0, sp);
        // complemented ORs (see `complementMoves`): the old move leaving counts up first
        for (let j = this.invertedStart[old], e = this.invertedStart[old + 1]; j < e; j++) sp = this.bump(this.inverted[j], 1, sp);
      }
      for (let j = this.invertedStart[slot], e = this.invertedStart[slot + 1]; j < e; j++) sp = this.bump(this.inverted[j], 0, sp);
      sp = this.push(slot, 1, sp);
      active[r] = slot;
    }
    return sp > 0 ? this.propagate(sp) : 0;
  }

  /** Unsets every role's move. */
  private clearMoves(): number {
    const sp = this.pushClear();
    return sp > 0 ? this.propagate(sp) : 0;
  }

  /** `clearMoves` without the propagation: returns the stack pointer. */
  private pushClear(): number {
    const active = this.activeInputs;
    let sp = 0;
    for (let r = 0; r < active.length; r++) {
      const old = active[r];
      if (old < 0) continue;
      sp = this.push(old, 0, sp);
      for (let j = this.invertedStart[old], e = this.invertedStart[old + 1]; j < e; j++) sp = this.bump(this.inverted[j], 1, sp);
      active[r] = -1;
    }
    return sp;
  }

  /**
   * Flat Monte-Carlo inside the engine (`flatMonteCarlo` of the CLI runs this on the fast
   * engine): `playouts` random playouts from the initial state, each until a terminal state, a
   * role without legal moves or `maxSteps` joint moves; at every visited state the terminal
   * proposition is read and every role's legal moves are computed (copied out as
   * `legalMovesInto` does), a move is drawn for each role in role order (`rng`, as
   * `randomInt`), and the next state is computed. Returns the states visited. The same moves,
   * states and count as that loop over `isTerminal`, `legalMovesInto` and `nextStateInto`
   * with the same `rng`, without their loads (the state walked is the loaded one) and calls
   * through the interface.
   */
  randomPlayoutNodes(playouts: number, rng: () => number, maxSteps: number): number {
    const nRoles = this.roles.length;
    const { legal, joint, state } = this.walkBuffers();
    const next = this.nextWords;
    const values = this.values;
    const terminal = this.terminalSlot;
    const clear = this.clearBeforeLoad;
    const restore = this.restoreSnapshot;
    let nodes = 0;
    for (let p = 0; p < playouts; p++) {
      if (restore) this.restoreInitial();
      else this.load(this.initial, clear);
      for (let step = 0; step < maxSteps; step++) {
        nodes++;
        if (terminal >= 0 && values[terminal] !== 0) break;
        let stuck = false;
        for (let r = 0; r < nRoles; r++) {
          const count = this.loadedLegalInto(r, legal);
          if (count === 0) {
            stuck = true;
            break;
          }
          joint[r] = legal[Math.floor(rng() * count)];
        }
        if (stuck) break;
        this.setMoves(joint);
        for (let w = 0; w < next.length; w++) state[w] = next[w];
        this.load(state, clear);
      }
    }
    return nodes;
  }

  /**
   * perft inside the engine (`perftCountsInPlace` runs this on the fast engine): the same
   * counts, the tree walked in the loaded state. A child that is a leaf is computed (its next
   * state in `nextWords`) and counted without being loaded; a child that is expanded is loaded,
   * and its parent loaded back after it (apply / undo).
   */
  perftInPlace(depth: number, from?: StateHandle): PerftResult {
    const nRoles = this.roles.length;
    const words = this.stateWords;
    // the buffers of a depth are made when it is first reached: memory follows the depth the game reaches, not the one asked
    const states = [new Uint32Array(words)];
    const [legal, counts, choice, moves]: [Int32Array[][], Int32Array[], Int32Array[], Int32Array[]] = [[], [], [], []];
    const reach = (d: number) => {
      legal[d] = Array.from({ length: nRoles }, (_, r) => new Int32Array(Math.max(1, this.legalCount[r])));
      [counts[d], choice[d], moves[d], states[d + 1]] = [new Int32Array(nRoles), new Int32Array(nRoles), new Int32Array(nRoles), new Uint32Array(words)];
    };
    states[0].set(from ?? this.initial);
    const next = this.nextWords;
    const values = this.values;
    const terminal = this.terminalSlot;
    const clear = this.clearBeforeLoad;
    let nodes = 1; // the root
    let terminals = 0;
    // the children of the state at depth d (< depth), loaded, counted as they are reached
    const visit = (d: number): number => {
      if (terminal >= 0 && values[terminal] !== 0) {
        terminals++;
        return 0;
      }
      if (legal[d] === undefined) reach(d);
      const l = legal[d];
      const c = counts[d];
      const ch = choice[d];
      const mv = moves[d];
      for (let r = 0; r < nRoles; r++) {
        c[r] = this.loadedLegalInto(r, l[r]);
        if (c[r] === 0) return 0;
        ch[r] = 0;
      }
      const last = d + 1 === depth; // the children are leaves: computed, not expanded
      const state = states[d];
      const child = states[d + 1];
      let leaves = 0;
      for (;;) {
        for (let r = 0; r < nRoles; r++) mv[r] = l[r][ch[r]];
        this.setMoves(mv);
        nodes++;
        if (last) leaves++;
        else {
          for (let w = 0; w < words; w++) child[w] = next[w];
          this.load(child, clear);
          leaves += visit(d + 1);
          this.load(state, clear);
        }
        let r = nRoles - 1;
        while (r >= 0 && ++ch[r] === c[r]) ch[r--] = 0;
        if (r < 0) break;
      }
      return leaves;
    };
    let leaves = 1;
    if (depth > 0) {
      this.load(states[0]);
      leaves = visit(0);
    }
    return { depth, leaves, nodes, terminals };
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
    return this.goalsFrom(values);
  }

  maxLegalMoves(roleIndex: number): number {
    return this.legalCount[roleIndex];
  }
}

/** `Wiring.gate` of an AND, an OR and a NOT gate (0: not a gate). */
const G_AND = 1;
const G_OR = 2;
const G_NOT = 3;

/**
 * A propnet's wiring as typed arrays: what every pass of a compile reads, instead of component
 * objects and their arrays of inputs (amazons: 526,388 components, 1.65 M links; walking the
 * objects, with closures and an array per gate, was most of its 3 s compile, a third of it in
 * the garbage collector). Made once per propnet: the probe machine and the guarded one share it.
 */
interface Wiring {
  /** Per component: the component its value is read from (pass-through components resolved). */
  readonly slotOf: Int32Array;
  /** Per component: G_AND, G_OR, G_NOT, or 0. */
  readonly gate: Uint8Array;
  /** Per component: its input slots, [inStart[c], inStart[c + 1]) of `inSlots`. */
  readonly inStart: Int32Array;
  readonly inSlots: Int32Array;
  /** Why this engine cannot run the propnet (see `FastStateMachine.unsupported`), or undefined. */
  readonly unsupported: string | undefined;
}

const wirings = new WeakMap<Propnet, Wiring>();

/** The slot of component c's first input (a transition's next proposition), or -1. */
function firstInput(w: Wiring, c: number): number {
  return w.inStart[c + 1] > w.inStart[c] ? w.inSlots[w.inStart[c]] : -1;
}

function wiringOf(p: Propnet): Wiring {
  const known = wirings.get(p);
  if (known) return known;
  const comps = p.components;
  const n = comps.length;
  const slotOf = resolveSlots(p);
  const gate = new Uint8Array(n);
  const inStart = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) {
    const k = comps[c].kind;
    gate[c] = k === "and" ? G_AND : k === "or" ? G_OR : k === "not" ? G_NOT : 0;
    inStart[c + 1] = inStart[c] + comps[c].inputs.length;
  }
  const inSlots = new Int32Array(inStart[n]);
  for (let c = 0, j = 0; c < n; c++) for (const w of comps[c].inputs) inSlots[j++] = slotOf[w];
  let unsupported: string | undefined;
  for (let c = 0; c < n && !unsupported; c++) {
    if (gate[c] === 0) continue;
    if (gate[c] === G_NOT && inStart[c + 1] - inStart[c] !== 1) unsupported = `not gate #${c} has ${inStart[c + 1] - inStart[c]} inputs`;
    for (let j = inStart[c]; j < inStart[c + 1] && !unsupported; j++)
      if (gate[inSlots[j]] !== 0 && inSlots[j] >= c) unsupported = "the propnet has cycles without a transition (positive recursion): evaluated as least fixpoints by the reference engine";
  }
  const wiring: Wiring = { slotOf, gate, inStart, inSlots, unsupported };
  wirings.set(p, wiring);
  return wiring;
}

/** ORs of moves rewritten by `complementMoves`: per gate, its direct input slots, the input slots it counts against, and its count's offset. */
interface ComplementedMoves {
  readonly direct: Map<number, number[]>;
  readonly inverted: Map<number, number[]>;
  readonly offset: Map<number, number>;
}

const NO_COMPLEMENTS: ComplementedMoves = { direct: new Map(), inverted: new Map(), offset: new Map() };

/** Largest set of moves followed through ORs of moves. */
const MAX_MOVE_SET = 4096;

/**
 * ORs of moves, rewritten with complements. When the next state is computed, each role has
 * exactly one move set; so an OR of moves (an OR gate whose inputs are inputs or such ORs, which
 * only the next state reads) is true when, for some role, the role's move is in the OR's set A;
 * and "the move is in A" is 1 minus the number of moves set outside A. For a role with A larger
 * than half its moves, the OR counts its complement against it: those inputs move its count
 * the other way, and it starts from 1. Breakthrough's frame rules read ORs of 62 ORs of moves
 * ("the move leaves this cell alone"): a move changed 5,900 links' worth of ORs of which ~130
 * per changed move; with complements every OR reads ~3 moves directly. Rewritten only when the
 * total of links falls; ORs that legal, terminal or goals read are never rewritten (they must
 * hold before any move is set).
 */
function complementMoves(p: Propnet, wiring: Wiring): ComplementedMoves {
  const none = NO_COMPLEMENTS;
  const { slotOf, gate, inStart, inSlots } = wiring;
  const n = slotOf.length;
  const nRoles = p.roles.length;
  const roleOf = new Int32Array(n).fill(-1);
  const movesOf: number[][] = Array.from({ length: nRoles }, () => []);
  for (const m of p.inputs) {
    roleOf[m.id] = m.role;
    movesOf[m.role].push(m.id);
  }
  // a set of moves (at most MAX_MOVE_SET) is more than half of no role's moves (amazons)
  if (!movesOf.some((x) => x.length >= 2 && x.length < 2 * MAX_MOVE_SET)) return none;
  // gates legal, terminal and goals depend on
  const core = new Uint8Array(n);
  const pending: number[] = [];
  const reach = (s: number) => {
    if (s >= 0 && !core[s] && gate[s] !== 0) {
      core[s] = 1;
      pending.push(s);
    }
  };
  for (const l of p.legals) reach(slotOf[l.id]);
  if (p.terminal >= 0) reach(slotOf[p.terminal]);
  for (const x of p.goals) reach(slotOf[x.id]);
  while (pending.length > 0) {
    const g = pending.pop()!;
    for (let j = inStart[g]; j < inStart[g + 1]; j++) reach(inSlots[j]);
  }
  // sets of moves of the ORs of moves
  const sets = new Map<number, Set<number>>();
  let treeLinks = 0;
  for (let c = 0; c < n; c++) {
    if (gate[c] !== G_OR || core[c]) continue;
    let ofMoves = true;
    for (let j = inStart[c]; j < inStart[c + 1] && ofMoves; j++) ofMoves = roleOf[inSlots[j]] >= 0 || sets.has(inSlots[j]);
    if (!ofMoves) continue;
    const set = new Set<number>();
    for (let j = inStart[c]; j < inStart[c + 1] && set.size <= MAX_MOVE_SET; j++) {
      const s = inSlots[j];
      if (roleOf[s] >= 0) set.add(s);
      else for (const x of sets.get(s)!) set.add(x);
    }
    if (set.size <= MAX_MOVE_SET) {
      sets.set(c, set);
      treeLinks += inStart[c + 1] - inStart[c];
    }
  }
  if (sets.size === 0) return none;
  // roots: ORs of moves something else reads
  const roots = new Set<number>();
  for (let c = 0; c < n; c++) {
    if (sets.has(c)) continue;
    for (let j = inStart[c]; j < inStart[c + 1]; j++) if (sets.has(inSlots[j])) roots.add(inSlots[j]);
  }
  // the links with complements, counted before any list is made (racer4: 620 roots of 5,252
  // moves a role, no fewer links; making the lists first took 0.2 s)
  const inRoleOf = new Map<number, Int32Array>();
  let links = 0;
  for (const g of roots) {
    const inRole = new Int32Array(nRoles);
    for (const x of sets.get(g)!) inRole[roleOf[x]]++;
    let complemented = 0;
    let rootLinks = 0;
    for (let r = 0; r < nRoles; r++) {
      const k = movesOf[r].length;
      if (inRole[r] * 2 <= k) rootLinks += inRole[r];
      else if (inRole[r] === k) complemented = -nRoles; // always true once a move is set: left alone
      else {
        complemented++;
        rootLinks += k - inRole[r];
      }
    }
    if (complemented > 0) inRoleOf.set(g, inRole);
    links += complemented > 0 ? rootLinks : inStart[g + 1] - inStart[g];
  }
  if (inRoleOf.size === 0 || links >= treeLinks) return none;
  const result: ComplementedMoves = { direct: new Map(), inverted: new Map(), offset: new Map() };
  for (const [g, inRole] of inRoleOf) {
    const set = sets.get(g)!;
    const direct: number[] = [];
    const inverted: number[] = [];
    let complemented = 0;
    for (let r = 0; r < nRoles; r++) {
      if (inRole[r] * 2 > movesOf[r].length) {
        complemented++;
        for (const m of movesOf[r]) if (!set.has(m)) inverted.push(m);
      } else for (const m of movesOf[r]) if (set.has(m)) direct.push(m);
    }
    result.direct.set(g, direct);
    result.inverted.set(g, inverted);
    result.offset.set(g, complemented);
  }
  return result;
}

/**
 * ANDs and ORs of NOTs, by De Morgan: an AND whose inputs are all NOTs is the NOT of the OR of
 * the NOTs' inputs (an OR of NOTs, the NOT of their AND), so it counts those inputs (threshold
 * 1, or all of them for an OR, output negated), and the NOTs, when nothing else reads them, are
 * not propagated (left to `goals`): a change reaches the gate in one event instead of two.
 * Connect four: a cell is open when it is not red and not black. Such a gate gets no guard.
 */
function deMorgan(wiring: Wiring): Map<number, number[]> {
  const { gate, inStart, inSlots } = wiring;
  const inverted = new Map<number, number[]>();
  for (let c = 0; c < gate.length; c++) {
    if ((gate[c] !== G_AND && gate[c] !== G_OR) || inStart[c + 1] === inStart[c]) continue;
    let allNots = true;
    for (let j = inStart[c]; j < inStart[c + 1] && allNots; j++) allNots = gate[inSlots[j]] === G_NOT;
    if (!allNots) continue;
    const inner: number[] = [];
    for (let j = inStart[c]; j < inStart[c + 1]; j++) inner.push(inSlots[inStart[inSlots[j]]]);
    inverted.set(c, inner);
  }
  return inverted;
}

/**
 * ANDs of ANDs and ORs of ORs, flattened: an AND gate (OR gate) whose input is an AND (OR) that
 * nothing else reads (no other component, not a legal, goal, terminal or next) counts that
 * input's inputs instead, recursively; the inner gate is then not propagated (left to `goals`).
 * The same links move the counts, and a change reaches the outer gate in one event instead of
 * two. Connect four's lines of four are ANDs of two cells and an AND of the other two
 * (events per flat MC node 10.6 -> 9.7). Gates rewritten by `complementMoves` or `deMorgan` are
 * left alone, inside and out.
 */
function flattenChains(p: Propnet, wiring: Wiring, rewritten: (g: number) => boolean): Map<number, number[]> {
  const { slotOf, gate, inStart, inSlots } = wiring;
  const n = slotOf.length;
  const readers = new Int32Array(n);
  for (let j = 0; j < inSlots.length; j++) readers[inSlots[j]]++;
  const pinned = new Uint8Array(n);
  for (const l of p.legals) pinned[slotOf[l.id]] = 1;
  for (const x of p.goals) pinned[slotOf[x.id]] = 1;
  if (p.terminal >= 0) pinned[slotOf[p.terminal]] = 1;
  for (const t of p.transitionIds) {
    const next = t < 0 ? -1 : firstInput(wiring, t);
    if (next >= 0) pinned[next] = 1;
  }
  // per slot: G_AND or G_OR when it can be inlined into a reader of its kind, else 0
  const inlinable = new Uint8Array(n);
  for (let s = 0; s < n; s++) if (readers[s] === 1 && !pinned[s] && (gate[s] === G_AND || gate[s] === G_OR) && !rewritten(s)) inlinable[s] = gate[s];
  const expand = (c: number, kind: number, out: number[]): void => {
    for (let j = inStart[c]; j < inStart[c + 1]; j++) {
      const s = inSlots[j];
      if (inlinable[s] === kind) expand(s, kind, out);
      else out.push(s);
    }
  };
  const result = new Map<number, number[]>();
  for (let c = 0; c < n; c++) {
    const kind = gate[c];
    if (kind !== G_AND && kind !== G_OR) continue;
    let any = false;
    for (let j = inStart[c]; j < inStart[c + 1] && !any; j++) any = inlinable[inSlots[j]] === kind;
    if (!any || rewritten(c)) continue;
    const out: number[] = [];
    expand(c, kind, out);
    result.set(c, out);
  }
  return result;
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
