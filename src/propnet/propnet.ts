/**
 * The propositional network (propnet, Schkufza et al. 2008) of a ground game, as plain data.
 *
 * A propnet is a graph of components. Propositions carry the truth of ground atoms:
 *   - `base`     `(true f)` for a fluent f; its only input (if any) is a transition;
 *   - `input`    `(does r m)` for a possible move; no inputs;
 *   - `next`     `(next f)`; one input; feeds the transition of f;
 *   - `legal`, `goal`, `terminal`, `init`: the special outputs; one input each;
 *   - `sees`     `(sees r p)` (GDL-II): what role r perceives after the joint move; one input,
 *                computed like `next` from the state and the inputs;
 *   - `view`     any other atom; one input.
 * Gates: `and`, `or` (any number of inputs), `not` (one input). A `transition` has one input
 * (the `next` proposition) and is the input of the base proposition of the same fluent: it
 * carries a value from one state to the next. Constants `true` / `false` have no inputs.
 *
 * Components are numbered 0..n-1 (`id` = index). In a propnet without cycles, the components
 * are in topological order when transitions are ignored (every input has a smaller id than
 * the component that reads it, except the transition feeding a base proposition).
 */

export type PropositionKind = "base" | "input" | "next" | "view" | "legal" | "goal" | "terminal" | "init" | "sees";
export type GateKind = "and" | "or" | "not";
export type ComponentKind = PropositionKind | GateKind | "transition" | "true" | "false";

export const PROPOSITION_KINDS: readonly PropositionKind[] = ["base", "input", "next", "view", "legal", "goal", "terminal", "init", "sees"];

export function isProposition(kind: ComponentKind): kind is PropositionKind {
  return (PROPOSITION_KINDS as readonly string[]).includes(kind);
}

export function isGate(kind: ComponentKind): kind is GateKind {
  return kind === "and" || kind === "or" || kind === "not";
}

export interface PropnetComponent {
  readonly id: number;
  readonly kind: ComponentKind;
  /**
   * KIF of the atom for a proposition (`(true (cell 1 1 b))`, `terminal`); the fluent for a
   * transition (`(cell 1 1 b)`); `TRUE` / `FALSE` for constants. A gate is labelled with its
   * kind (`and`, `or`, `not`), or, in an optimized propnet, with the KIF of the view atom it
   * computes (the view proposition itself having been removed), e.g. `(line x)`.
   */
  readonly label: string;
  /** Ids of the components this one reads. */
  readonly inputs: readonly number[];
}

export interface PropnetInput {
  /** Role index (into `Propnet.roles`). */
  readonly role: number;
  /** KIF of the move. */
  readonly move: string;
  /** The `input` proposition `(does r m)`. */
  readonly id: number;
}

export interface PropnetLegal {
  readonly role: number;
  readonly move: string;
  /** The `legal` proposition. */
  readonly id: number;
  /** Index into `Propnet.inputs` of the matching `(does r m)`. */
  readonly input: number;
}

export interface PropnetGoal {
  readonly role: number;
  /** The goal value, or null when it is not a number (an invariant violation). */
  readonly value: number | null;
  /** KIF of the value term as written. */
  readonly valueKif: string;
  readonly id: number;
}

/** A percept of GDL-II: `(sees r p)`, true when role r perceives p after the joint move in the state. */
export interface PropnetSees {
  readonly role: number;
  /** KIF of the percept p. */
  readonly percept: string;
  /** The `sees` proposition. */
  readonly id: number;
}

export interface PropnetInit {
  /** Index into `Propnet.baseFluents`. */
  readonly base: number;
  /** The `init` proposition `(init f)`. */
  readonly id: number;
}

/** A cycle of gates and propositions that no transition breaks: the propnet cannot be evaluated in one pass. */
export interface PropnetCycle {
  readonly kind: "propnet-cycle";
  /** KIF of the propositions (ground atoms) on the cycle, sorted. */
  readonly propositions: readonly string[];
}

export interface PropositionCounts {
  readonly base: number;
  readonly input: number;
  readonly next: number;
  readonly view: number;
  readonly legal: number;
  readonly goal: number;
  readonly terminal: number;
  readonly init: number;
  readonly sees: number;
}

export interface PropnetStats {
  readonly propositions: PropositionCounts;
  readonly ands: number;
  readonly ors: number;
  readonly nots: number;
  readonly transitions: number;
  readonly constants: number;
  /** Number of (input → component) edges, transitions included. */
  readonly links: number;
  /** Every component of this propnet (propositions, gates, transitions, constants). */
  readonly components: number;
  /**
   * Components of the ground rules counted the way the paper (Schiffel 2016, after GGP-Base)
   * counts them, without any optimization: see `countPaperComponents`.
   */
  readonly paperComponents: number;
  /**
   * Propositions + and + or + not gates of this propnet (transitions and constants left out,
   * as in `paperComponents`). For a propnet built with `optimize: false` this equals
   * `paperComponents`.
   */
  readonly optimizedComponents: number;
}

export interface Propnet {
  readonly roles: readonly string[];
  readonly components: readonly PropnetComponent[];
  /** Fluents (KIF, without `true`); the index of a fluent here is its base index in states. */
  readonly baseFluents: readonly string[];
  /** Component id of the base proposition `(true f)` per base index. */
  readonly baseIds: readonly number[];
  /** Component id of the transition into each base proposition, or -1 when f never becomes true by `next`. */
  readonly transitionIds: readonly number[];
  /** Every possible move, grouped by role (role order, then the order of `GroundGame.input`). */
  readonly inputs: readonly PropnetInput[];
  readonly legals: readonly PropnetLegal[];
  readonly goals: readonly PropnetGoal[];
  /** The `terminal` proposition, or -1 when the game has none (never terminal). */
  readonly terminal: number;
  readonly inits: readonly PropnetInit[];
  /** GDL-II's percepts, by role, then percept (empty for a GDL-I game). */
  readonly sees: readonly PropnetSees[];
  /** Cycles without a transition; a state machine cannot be compiled when there is one. */
  readonly cycles: readonly PropnetCycle[];
  /** Things the builder repaired or ignored (a legal without input, a `true` atom as a rule head...). */
  readonly warnings: readonly string[];
  /** Whether the optimizations ran (see `BuildPropnetOptions`). */
  readonly optimized: boolean;
  readonly stats: PropnetStats;
}
