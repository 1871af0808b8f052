/**
 * Replaying an anchor's trace (an independent reasoner's record of seeded random playouts: the
 * Dresden GameController's prover, `gc-trace`, for GDL-II; GGP-Base's prover, `prover-trace`, for
 * GDL) through one of our reasoners, step by step: the state, every role's legal moves,
 * terminality, goal values at the end, and, where the trace has them, each role's percepts.
 *
 * Both anchors print `{"roles", "playouts": [{"seed", "steps": [{"state", "legal", "terminal",
 * "goals"?, "sees"?, "joint"?}]}]}`; GGP-Base writes its terms with blanks inside the parentheses
 * and states as `( true ( cell 1 1 b ) )`, the GameController lower-cased KIF without `true`:
 * every term is read back and printed in our normalized KIF before it is compared. `sees` at step
 * i > 0 holds what each role perceived of the joint move from step i-1 (the GameController asks
 * `sees` in the state before the move, with that move's `does`).
 *
 * Pure: the caller runs the anchor (a Java process) and hands in its parsed output.
 */
import { parseKifTerm } from "../syntax/kif-term.js";
import { termToKif } from "../syntax/print.js";
import type { KifReasoner } from "./compare.js";

/** One step of an anchor's playout, as printed. */
export interface AnchorStep {
  readonly state: readonly string[];
  readonly legal: Readonly<Record<string, readonly string[]>>;
  readonly terminal: boolean;
  /** Only at terminal steps; a role without a single goal value is absent or null. */
  readonly goals?: Readonly<Record<string, number | null>>;
  /** Only in GDL-II traces. */
  readonly sees?: Readonly<Record<string, readonly string[]>>;
  /** The joint move played from this step (absent at the last step). */
  readonly joint?: readonly string[];
}

export interface AnchorTrace {
  readonly roles: readonly string[];
  readonly playouts: readonly { readonly seed: number; readonly steps: readonly AnchorStep[] }[];
  /** Set when the anchor stopped early; the trace is then partial. */
  readonly error?: string;
}

export interface TraceMismatch {
  readonly playout: number;
  readonly step: number;
  readonly what: "roles" | "state" | "legal" | "terminal" | "goals" | "sees" | "move";
  readonly role?: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

export interface TraceAgreement {
  readonly playouts: number;
  /** Steps compared (states), over all playouts. */
  readonly steps: number;
  /** Steps at which percepts were compared. */
  readonly perceptSteps: number;
}

export function describeTraceMismatch(m: TraceMismatch): string {
  return `playout ${m.playout}, step ${m.step}: ${m.what}${m.role !== undefined ? ` of ${m.role}` : ""} differ: the anchor says ${JSON.stringify(m.expected)}, ours ${JSON.stringify(m.actual)}`;
}

/** A term printed by an anchor, in our normalized KIF (`( true ( cell 1 1 b ) )` -> `(cell 1 1 b)` with `stripTrue`). */
export function normalizeAnchorTerm(text: string, stripTrue = false): string {
  const term = parseKifTerm(text);
  if (stripTrue && term.kind === "compound" && term.functor === "true" && term.args.length === 1) return termToKif(term.args[0]);
  return termToKif(term);
}

const sorted = (items: Iterable<string>) => [...new Set(items)].sort();
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Replays every playout of the trace through `reasoner`; the first disagreement, or how much
 * agreed. Goals are compared at terminal steps, for the roles the anchor gives a value (a role
 * it leaves out, as the GameController leaves out `random`, must have none of ours either).
 */
export function replayAnchorTrace<S>(trace: AnchorTrace, reasoner: KifReasoner<S>): { mismatch: TraceMismatch } | { agreed: TraceAgreement } {
  const roles = trace.roles.map((r) => normalizeAnchorTerm(r));
  if (!same(roles, reasoner.roles)) return { mismatch: { playout: 0, step: 0, what: "roles", expected: roles, actual: reasoner.roles } };
  let steps = 0;
  let perceptSteps = 0;
  for (let p = 0; p < trace.playouts.length; p++) {
    const playout = trace.playouts[p];
    let state = reasoner.initialState();
    for (let i = 0; i < playout.steps.length; i++) {
      const step = playout.steps[i];
      const at = (what: TraceMismatch["what"], expected: unknown, actual: unknown, role?: string): { mismatch: TraceMismatch } => ({
        mismatch: { playout: p, step: i, what, role, expected, actual },
      });
      const expectedState = sorted(step.state.map((f) => normalizeAnchorTerm(f, true)));
      const ourState = sorted(reasoner.stateToKif(state));
      if (!same(expectedState, ourState)) return at("state", expectedState, ourState);
      for (const role of roles) {
        const printed = step.legal[role] ?? step.legal[trace.roles[roles.indexOf(role)]] ?? [];
        const expected = sorted(printed.map((m) => normalizeAnchorTerm(m)));
        const ours = sorted(reasoner.legalMoves(state, role));
        if (!same(expected, ours)) return at("legal", expected, ours, role);
      }
      const terminal = reasoner.isTerminal(state);
      if (terminal !== step.terminal) return at("terminal", step.terminal, terminal);
      if (terminal && step.goals) {
        const ours = reasoner.goals(state);
        for (const role of roles) {
          const expected = step.goals[role] ?? null;
          const actual = ours[role] ?? null;
          if (expected !== actual) return at("goals", expected, actual, role);
        }
      }
      steps++;
      if (!step.joint) break;
      const joint = step.joint.map((m) => normalizeAnchorTerm(m));
      const next = playout.steps[i + 1];
      if (reasoner.percepts && next?.sees) {
        const ours = reasoner.percepts(state, joint);
        for (const role of roles) {
          const expected = sorted((next.sees[role] ?? []).map((t) => normalizeAnchorTerm(t)));
          const actual = sorted(ours[role] ?? []);
          if (!same(expected, actual)) return { mismatch: { playout: p, step: i + 1, what: "sees", role, expected, actual } };
        }
        perceptSteps++;
      }
      try {
        state = reasoner.nextState(state, joint);
      } catch (error) {
        return at("move", joint, error instanceof Error ? error.message : String(error));
      }
    }
  }
  return { agreed: { playouts: trace.playouts.length, steps, perceptSteps } };
}
