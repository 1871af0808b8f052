/**
 * In which order the reference engine evaluates the gates of a propnet, or why it cannot: the
 * slot of each component, the cycles of gates without a transition (strongly connected blocks)
 * and a topological order of the gates in which each block's members are consecutive.
 *
 * Why: a cycle without a transition is a positive recursion among views; with
 * `cycles: "fixpoint"` it is evaluated as a least fixpoint (op-list.ts), and a cycle through a
 * NOT (rules that are not stratified) cannot be played at all.
 * Measured: the corpus asks only whether a propnet with cycles can be played
 * (`unplayableReason`: the cycles, no state machine); compiling one to find out cost
 * linesOfAction 0.57 s outside every measured phase.
 * Pure computation: no Node imports.
 */
import { isGate, isProposition, type Propnet, type PropnetCycle } from "./propnet.js";
import { cyclicComponents, topologicalOrder } from "./graph.js";
import { resolveSlots } from "./machine-base.js";
import type { PropnetCompileError } from "./machine.js";

export interface CompileOptions {
  /** Cycles without a transition: "error" (the default) or "fixpoint" (see `PropnetStateMachine.compile`). */
  readonly cycles?: "error" | "fixpoint";
  /**
   * "full": evaluate the cones of the outputs asked for, gate by gate; "differential": keep
   * every gate up to date by propagating the changes of base and input values (a propnet with
   * cycles is always evaluated in full). Default: DEFAULT_EVALUATION.
   */
  readonly evaluation?: "full" | "differential";
}

/** The gates of a propnet in the order the reference engine evaluates them. */
export interface GateOrder {
  /** Per component: the component whose value it carries (pass-through propositions resolved). */
  readonly slotOf: Int32Array;
  /** The gates in topological order; the members of a cycle consecutive, by id. */
  readonly order: readonly number[];
  /** Per component: its cycle (block), or -1. */
  readonly blockOf: Int32Array;
}

/** The cycles of gates of a propnet (`cyclesOf`). */
interface GateCycles {
  readonly slotOf: Int32Array;
  /** Whether gate ids are already in topological order (no gate reads a later gate). */
  readonly acyclic: boolean;
  /** The cycles of gates (strongly connected blocks), empty when `acyclic`. */
  readonly blocks: readonly number[][];
  /** Per component: its block, or -1. */
  readonly blockOf: Int32Array;
  readonly gateInputs: (v: number) => number[];
  readonly isGateId: (v: number) => boolean;
}

/**
 * The slots and the cycles of gates of a propnet, or why it cannot be played: a cycle without
 * `cycles: "fixpoint"`, or a cycle through a NOT.
 */
function cyclesOf(p: Propnet, options: CompileOptions): GateCycles | PropnetCompileError {
  const fixpoint = options.cycles === "fixpoint";
  if (p.cycles.length > 0 && !fixpoint)
    return {
      kind: "propnet-compile-error",
      message: `the propnet has ${p.cycles.length} cycle(s) without a transition, e.g. ${p.cycles[0].propositions.slice(0, 5).join(" ")}`,
      cycles: p.cycles,
    };
  const comps = p.components;
  const n = comps.length;
  const slotOf = resolveSlots(p);
  const isGateId = (v: number) => isGate(comps[v].kind);
  const gateInputs = (v: number) => comps[v].inputs.map((w) => slotOf[w]).filter(isGateId);
  const blockOf = new Int32Array(n).fill(-1);
  let acyclic = true;
  for (const c of comps) {
    if (!isGate(c.kind)) continue;
    if (c.kind === "not" && c.inputs.length !== 1)
      return { kind: "propnet-compile-error", message: `not gate #${c.id} has ${c.inputs.length} inputs`, cycles: [] };
    if (gateInputs(c.id).some((s) => s >= c.id)) acyclic = false;
  }
  if (acyclic) return { slotOf, acyclic, blocks: [], blockOf, gateInputs, isGateId };
  const blocks = cyclicComponents(n, gateInputs, isGateId);
  const namesOf = new Map<number, string[]>();
  for (const c of comps)
    if (isProposition(c.kind) || (isGate(c.kind) && c.label !== c.kind)) {
      const list = namesOf.get(slotOf[c.id]);
      if (list) list.push(c.label);
      else namesOf.set(slotOf[c.id], [c.label]);
    }
  const named = (members: readonly number[]): PropnetCycle => ({
    kind: "propnet-cycle",
    propositions: [...new Set(members.flatMap((v) => namesOf.get(v) ?? []))].sort(),
  });
  if (!fixpoint) return { kind: "propnet-compile-error", message: "the propnet has cycles without a transition", cycles: blocks.map((b) => named(b)) };
  blocks.forEach((members, b) => members.forEach((v) => (blockOf[v] = b)));
  const negative = blocks.filter((members) => members.some((v) => comps[v].kind === "not"));
  if (negative.length > 0)
    return { kind: "propnet-compile-error", message: "a cycle without a transition goes through a NOT (the rules are not stratified)", cycles: negative.map(named) };
  return { slotOf, acyclic, blocks, blockOf, gateInputs, isGateId };
}

/**
 * The gates of a propnet in evaluation order: by id when ids are topological (a propnet without
 * cycles), else a topological order of the condensation, each cycle's members together.
 */
export function gateOrder(p: Propnet, options: CompileOptions): GateOrder | PropnetCompileError {
  const cycles = cyclesOf(p, options);
  if ("kind" in cycles) return cycles;
  const { slotOf, blocks, blockOf, gateInputs, isGateId } = cycles;
  const comps = p.components;
  // ids are topological in a propnet without cycles
  if (blocks.length === 0 && cycles.acyclic) return { slotOf, order: comps.filter((c) => isGate(c.kind)).map((c) => c.id), blockOf };
  // topological order of the condensation: a block stands for its first member
  const head = (v: number) => (blockOf[v] >= 0 ? blocks[blockOf[v]][0] : v);
  const condensed = topologicalOrder(
    comps.length,
    (v) => {
      const members = blockOf[v] >= 0 ? blocks[blockOf[v]] : [v];
      return [...new Set(members.flatMap(gateInputs).map(head))].filter((w) => w !== v);
    },
    (v) => isGateId(v) && head(v) === v,
  );
  const order: number[] = [];
  for (const v of condensed.order) {
    if (blockOf[v] >= 0) order.push(...[...blocks[blockOf[v]]].sort((a, b) => a - b));
    else order.push(v);
  }
  return { slotOf, order, blockOf };
}

/**
 * Why a propnet cannot be played, without compiling a state machine: a cycle of gates through a
 * NOT (or, with `cycles: "error"`, any cycle of gates); undefined when it can be.
 */
export function unplayableReason(p: Propnet, options: CompileOptions = { cycles: "fixpoint" }): PropnetCompileError | undefined {
  const cycles = cyclesOf(p, options);
  return "kind" in cycles ? cycles : undefined;
}
