/**
 * Normalize: the ground game as arrays indexed by atom, for the passes after it. Every atom gets a
 * class (base, input, never, rule) and a proposition kind with its fluent, input or role index; the
 * clauses of each head are in compressed rows. Base fluents and inputs are completed: every fluent
 * of an `init`/`next` atom is a base fluent, every legal move an input (so that every legal has its
 * input: GGP-Base #8, #27), and `(true f)` / `(does r m)` atoms are made for those no clause
 * mentions. A `true`/`does` atom that is not a base or an input can never hold; clauses with such a
 * head are ignored, with a warning.
 * Why a pass of its own: after it nothing looks an atom up by its KIF string. Measured on 309 base
 * games (all that ground but alexChess; native gringo): 7,809 `true`/`does` atoms made in 176
 * games; legal/goal atoms of unknown roles in 8 games, input moves of unknown roles in 1
 * (warnings).
 */
import type { GroundClause, GroundGame } from "../../ground/ground-game.js";
import { termToKif } from "../../syntax/print.js";
import type { PropositionKind } from "../propnet.js";

/** How an atom gets its value: from the state, from the joint move, never, or from clauses. */
export type AtomClass = "base" | "input" | "never" | "rule";

/** The game with base fluents and inputs completed and atoms classified. */
export interface Normalized {
  readonly roles: readonly string[];
  readonly kifs: string[];
  readonly cls: AtomClass[];
  readonly propKind: PropositionKind[];
  /** Base index of the fluent of a `true` (class base), `next` or `init` atom; else -1. */
  readonly fluentBase: number[];
  /** Input index of a `does` atom (class input) or of the move of a `legal` atom; else -1. */
  readonly moveInput: number[];
  /** Role index of `legal`, `goal` and `sees` atoms; else -1. */
  readonly atomRole: number[];
  /** KIF of the second argument of `goal` (the value) and `sees` (the percept) atoms. */
  readonly outputArg: string[];
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
export interface Rows {
  readonly start: Int32Array;
  readonly items: Int32Array;
}

/**
 * The rows of the pairs that `each` emits, in emission order within a row (`each` is called
 * twice: once to count, once to fill). One pair of typed arrays instead of an array per key keeps
 * millions of small arrays away from the garbage collector.
 */
export function rows(n: number, each: (emit: (key: number, value: number) => void) => void): Rows {
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

export function normalize(game: GroundGame): Normalized {
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
  const outputArg: string[] = new Array(n).fill("");
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
  const unknownSeesRoles: string[] = [];
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
      case "goal":
      case "sees": {
        if (args.length !== 2) break;
        const r = roleIndex.get(termToKif(args[0]));
        if (r === undefined) {
          (a.relation === "sees" ? unknownSeesRoles : unknownGoalRoles).push(a.kif);
          break;
        }
        atomRole[i] = r;
        if (a.relation === "legal") {
          propKind[i] = "legal";
          moveInput[i] = inputIndex[r].get(termToKif(args[1]))!;
        } else {
          propKind[i] = a.relation;
          outputArg[i] = termToKif(args[1]);
        }
        break;
      }
    }
  }
  if (unknownGoalRoles.length > 0) warnings.push(`legal/goal atoms of unknown roles kept as views: ${sample(unknownGoalRoles)}`);
  if (unknownSeesRoles.length > 0) warnings.push(`sees atoms of unknown roles kept as views: ${sample(unknownSeesRoles)}`);

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
    outputArg,
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
