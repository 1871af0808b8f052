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
import { argumentPair, atomArguments, type ArgumentPair, type GroundClauses, type GroundGame } from "../../ground/ground-game.js";
import { IntList } from "../../int-list.js";
import { MoveTable } from "./move-table.js";
import { sampleList } from "../../text.js";
import { BASE, GOAL, INIT, INPUT, LEGAL, NEXT, SEES, TERMINAL, VIEW } from "./kinds.js";

/** How an atom gets its value (`Normalized.cls`): from clauses, from the state, from the joint move, or never. */
export const RULE_ATOM = 0;
export const BASE_ATOM = 1;
export const INPUT_ATOM = 2;
export const NEVER_ATOM = 3;

/** The game with base fluents and inputs completed and atoms classified. */
export interface Normalized {
  readonly roles: readonly string[];
  readonly kifs: readonly string[];
  /** RULE_ATOM, BASE_ATOM, INPUT_ATOM or NEVER_ATOM per atom. */
  readonly cls: Uint8Array;
  /** The proposition kind (kinds.ts) of each atom. */
  readonly propKind: Uint8Array;
  /** Base index of the fluent of a `true` (class base), `next` or `init` atom; else -1. */
  readonly fluentBase: Int32Array;
  /** Input index of a `does` atom (class input) or of the move of a `legal` atom; else -1. */
  readonly moveInput: Int32Array;
  /** Role index of `legal`, `goal` and `sees` atoms; else -1. */
  readonly atomRole: Int32Array;
  /** KIF of the second argument of `goal` (the value) and `sees` (the percept) atoms, by atom. */
  readonly outputArg: ReadonlyMap<number, string>;
  /** The clauses whose head is a rule atom. */
  readonly clauses: GroundClauses;
  /** The clauses of each head atom. */
  readonly clausesOf: Rows;
  readonly baseFluents: readonly string[];
  /** Atom of `(true f)` per base index. */
  readonly baseAtom: Int32Array;
  /** Atom of `(next f)` per base index, or -1. */
  readonly nextAtom: Int32Array;
  readonly inputs: readonly { readonly role: number; readonly move: string }[];
  /** Atom of `(does r m)` per input index. */
  readonly inputAtom: Int32Array;
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


export function normalize(game: GroundGame): Normalized {
  const warnings: string[] = [];
  const roles = [...game.roles];
  const roleIndex = new Map(roles.map((r, i) => [r, i]));
  const atoms = game.atoms;
  const n0 = atoms.length;
  const kifs = atoms.kif.slice();
  const relation = atoms.relation;
  // `atomOf` below looks up `(true f)`: only atoms of that relation can match
  const kifIndex = new Map<string, number>();
  for (let i = 0; i < n0; i++) if (relation[i] === "true") kifIndex.set(kifs[i], i);
  // the arguments of the atoms whose arguments say what they are are read once, where they are
  // first needed; what later loops need of them is kept by atom in typed arrays

  // base fluents
  const baseFluents: string[] = [];
  const baseIndex = new Map<string, number>();
  const addBase = (f: string): number => {
    const known = baseIndex.get(f);
    if (known !== undefined) return known;
    baseIndex.set(f, baseFluents.length);
    return baseFluents.push(f) - 1;
  };
  for (const f of game.base) addBase(f);
  const addedBase: string[] = [];
  /** The base index of the fluent of each `next`/`init` atom of one argument, else -1. */
  const fluentOf = new Int32Array(n0).fill(-1);
  for (let i = 0; i < n0; i++) {
    if (relation[i] !== "next" && relation[i] !== "init") continue;
    const args = atomArguments(atoms, i);
    if (args.length !== 1) continue;
    const f = args[0];
    const before = baseFluents.length;
    fluentOf[i] = addBase(f);
    if (baseFluents.length > before) addedBase.push(f);
  }
  if (addedBase.length > 0) warnings.push(`fluents of next/init atoms missing from base, added: ${sampleList(addedBase)}`);

  // inputs, grouped by role: each role's moves in the order they come (input, then legal moves
  // missing from it), looked up by role and a range of the atom's text (move-table.ts)
  const movesOf: string[][] = roles.map(() => []);
  const moveIndex = new MoveTable(game.input.length);
  /** The index of role r's move `text[from .. to)` among its moves, the move added when it is new (`added` then true). */
  let added = false;
  const addInput = (role: number, text: string, from: number, to: number): number => {
    const known = moveIndex.get(role, text, from, to);
    added = known < 0;
    if (known >= 0) return known;
    const move = text.slice(from, to);
    moveIndex.add(role, move, movesOf[role].length);
    return movesOf[role].push(move) - 1;
  };
  /** The index of the role `text[from .. to)` (the last of equal roles, as `roleIndex`), or -1. */
  const roleAt = (text: string, from: number, to: number): number => {
    for (let r = roles.length - 1; r >= 0; r--) {
      const role = roles[r];
      if (role.length !== to - from) continue;
      let same = true;
      for (let k = 0; k < role.length && same; k++) same = role.charCodeAt(k) === text.charCodeAt(from + k);
      if (same) return r;
    }
    return -1;
  };
  const pair: ArgumentPair = { text: "", firstFrom: 0, firstTo: 0, secondFrom: 0, secondTo: 0 };
  const unknownRoles = new Set<string>();
  // a role's moves in increasing order are distinct: no lookup before adding them (extraction sorts them)
  const lastMove: (string | undefined)[] = roles.map(() => undefined);
  for (const m of game.input) {
    const r = roleIndex.get(m.role);
    if (r === undefined) unknownRoles.add(m.role);
    else if (lastMove[r] === undefined || lastMove[r]! < m.move) {
      moveIndex.add(r, m.move, movesOf[r].length);
      movesOf[r].push(m.move);
      lastMove[r] = m.move;
    } else addInput(r, m.move, 0, m.move.length);
  }
  const addedInputs: string[] = [];
  /** Of each legal atom of two arguments: its role (-1: not a role) and its move's index among the role's moves; -2: another legal atom. */
  const legalRole = new Int32Array(n0).fill(-2);
  const legalMove = new Int32Array(n0).fill(-1);
  for (let i = 0; i < n0; i++) {
    if (relation[i] !== "legal" || !argumentPair(atoms, i, pair)) continue;
    const r = roleAt(pair.text, pair.firstFrom, pair.firstTo);
    legalRole[i] = r;
    if (r < 0) continue;
    legalMove[i] = addInput(r, pair.text, pair.secondFrom, pair.secondTo);
    if (added) addedInputs.push(kifs[i]);
  }
  if (addedInputs.length > 0) warnings.push(`legal moves missing from input, added: ${sampleList(addedInputs)}`);
  if (unknownRoles.size > 0) warnings.push(`input moves of unknown roles ignored: ${sampleList([...unknownRoles])}`);
  const roleOffset = new Int32Array(roles.length + 1);
  const inputs: { role: number; move: string }[] = [];
  roles.forEach((_, r) => {
    roleOffset[r] = inputs.length;
    for (const move of movesOf[r]) inputs.push({ role: r, move });
  });
  /** The input index of role r's move `text[from .. to)`, or -1. */
  const inputOf = (r: number, text: string, from: number, to: number): number => {
    const k = moveIndex.get(r, text, from, to);
    return k < 0 ? -1 : roleOffset[r] + k;
  };

  // atoms for every base fluent and input: `(true f)` looked up by KIF, `(does r m)` by its role and move
  const atomOf = (kif: string): number => {
    let i = kifIndex.get(kif);
    if (i === undefined) {
      i = kifs.length;
      kifs.push(kif);
      kifIndex.set(kif, i);
    }
    return i;
  };
  const baseAtom = Int32Array.from(baseFluents, (f) => atomOf(`(true ${f})`));
  const inputAtom = new Int32Array(inputs.length).fill(-1);
  for (let i = 0; i < n0; i++) {
    if (relation[i] !== "does" || !argumentPair(atoms, i, pair)) continue;
    const r = roleAt(pair.text, pair.firstFrom, pair.firstTo);
    const input = r < 0 ? -1 : inputOf(r, pair.text, pair.secondFrom, pair.secondTo);
    if (input >= 0) inputAtom[input] = i;
  }
  inputs.forEach((m, i) => {
    if (inputAtom[i] < 0) inputAtom[i] = kifs.push(`(does ${roles[m.role]} ${m.move})`) - 1;
  });

  const n = kifs.length;
  const cls = new Uint8Array(n); // RULE_ATOM
  const propKind = new Uint8Array(n).fill(VIEW);
  const fluentBase = new Int32Array(n).fill(-1);
  const moveInput = new Int32Array(n).fill(-1);
  const atomRole = new Int32Array(n).fill(-1);
  const outputArg = new Map<number, string>();
  const nextAtom = new Int32Array(baseFluents.length).fill(-1);
  baseAtom.forEach((a, b) => {
    cls[a] = BASE_ATOM;
    propKind[a] = BASE;
    fluentBase[a] = b;
  });
  inputAtom.forEach((a, i) => {
    cls[a] = INPUT_ATOM;
    propKind[a] = INPUT;
    moveInput[a] = i;
  });
  const unknownGoalRoles: string[] = [];
  const unknownSeesRoles: string[] = [];
  for (let i = 0; i < n0; i++) {
    if (cls[i] !== RULE_ATOM) continue;
    const r = relation[i];
    switch (r) {
      case "true":
      case "does":
        cls[i] = NEVER_ATOM;
        break;
      case "next":
        if (fluentOf[i] >= 0) {
          propKind[i] = NEXT;
          fluentBase[i] = fluentOf[i];
          nextAtom[fluentBase[i]] = i;
        }
        break;
      case "init":
        if (fluentOf[i] >= 0) {
          propKind[i] = INIT;
          fluentBase[i] = fluentOf[i];
        }
        break;
      case "terminal":
        if (kifs[i] === "terminal") propKind[i] = TERMINAL;
        break;
      case "legal": {
        const role = legalRole[i];
        if (role === -2) break;
        if (role === -1) {
          unknownGoalRoles.push(kifs[i]);
          break;
        }
        atomRole[i] = role;
        propKind[i] = LEGAL;
        moveInput[i] = roleOffset[role] + legalMove[i];
        break;
      }
      case "goal":
      case "sees": {
        const args = atomArguments(atoms, i);
        if (args.length !== 2) break;
        const role = roleIndex.get(args[0]);
        if (role === undefined) {
          (r === "sees" ? unknownSeesRoles : unknownGoalRoles).push(kifs[i]);
          break;
        }
        atomRole[i] = role;
        propKind[i] = r === "goal" ? GOAL : SEES;
        outputArg.set(i, args[1]);
        break;
      }
    }
  }
  if (unknownGoalRoles.length > 0) warnings.push(`legal/goal atoms of unknown roles kept as views: ${sampleList(unknownGoalRoles)}`);
  if (unknownSeesRoles.length > 0) warnings.push(`sees atoms of unknown roles kept as views: ${sampleList(unknownSeesRoles)}`);

  const badHeads: string[] = [];
  const { head } = game.clauses;
  for (let c = 0; c < game.clauses.length; c++) if (cls[head[c]] !== RULE_ATOM) badHeads.push(kifs[head[c]]);
  const clauses = badHeads.length === 0 ? game.clauses : ruleClauses(game.clauses, cls);
  const clausesOf = rows(n, (emit) => {
    for (let c = 0; c < clauses.length; c++) emit(clauses.head[c], c);
  });
  if (badHeads.length > 0) warnings.push(`clauses with a true/does head ignored: ${sampleList(badHeads)}`);

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

/** The clauses whose head is a rule atom, in order. */
function ruleClauses(all: GroundClauses, cls: Uint8Array): GroundClauses {
  const head = new IntList();
  const bodyStart = new IntList();
  const negativeStart = new IntList();
  const literals = new IntList();
  for (let c = 0; c < all.length; c++) {
    if (cls[all.head[c]] !== RULE_ATOM) continue;
    head.push(all.head[c]);
    bodyStart.push(literals.length);
    for (let k = all.bodyStart[c]; k < all.negativeStart[c]; k++) literals.push(all.literals[k]);
    negativeStart.push(literals.length);
    for (let k = all.negativeStart[c]; k < all.bodyStart[c + 1]; k++) literals.push(all.literals[k]);
  }
  bodyStart.push(literals.length);
  return { length: head.length, head: head.toArray(), bodyStart: bodyStart.toArray(), negativeStart: negativeStart.toArray(), literals: literals.toArray() };
}
