/**
 * Extraction: from clingo's ground program (aspif) back to the ground game.
 *
 *   - atoms are named by clingo's output statements; their symbols are mapped back to GDL
 *     through the translation's symbol table (`g_a_minus_b` -> `a-b`, `_c0(f)` -> `(f)`);
 *   - `_base(F)` and `_input(R, M)` facts become the game's base and input;
 *   - choice rules, weight rules and constraints are the generators' machinery: dropped;
 *   - facts are kept only for the game's own output relations (role, init, legal, next, sees,
 *     goal, terminal): static views have been evaluated away by gringo, which removes true facts from
 *     rule bodies and rules with false ones (but for a fact it writes late, after rules that read
 *     it: `withoutFactLiterals` takes those literals out);
 *   - only the clauses that some output (legal, next, sees, goal, terminal, init) needs are kept; this
 *     drops P^base's static versions and unused views.
 * Split-off atoms of the game rules (`_split3(J)`) stay as view relations with a fresh GDL name.
 *
 * Everything works on the reader's typed arrays and its pool of symbol bytes: an atom is its
 * symbol's number (the reader interned the texts and numbered their relations as they arrived),
 * its relation named from the bytes before its arguments once per relation, and only the atoms kept
 * are written out as KIF (symbol-kif.ts), the clauses straight into compressed rows.
 * Why: keeping a string per symbol, a map keyed by them, a tree per kept atom and an object per
 * clause made extraction take 10.8 s on amazonsTorus (3.36 M atoms, 1.66 M facts shown, 1.40 M
 * atoms and 2.07 M clauses kept; under load 6), 29 % of extract and build's profile collecting
 * garbage.
 */
import type { Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { termToKif } from "../syntax/print.js";
import type { SymbolTable } from "../translate/symbols.js";
import { BASE_RELATION, INPUT_RELATION, ZERO_ARITY_FUNCTOR } from "../translate/symbols.js";
import { IntList } from "../int-list.js";
import { parseAspSymbol, type AspFunction, type AspSymbol } from "./asp-symbol.js";
import { symbolText, type CompactGroundProgram, type CompactRules } from "./aspif-compact.js";
import { isPlainKifName } from "../syntax/kif-name.js";
import { groundAtomKif, irregularRoles, isRegularTerm, type GroundAtoms, type GroundClauses, type GroundGame, type InputMove } from "./ground-game.js";
import { KifWriter, startsPlainName, type WrittenName } from "./symbol-kif.js";
import { NO_DEADLINE, type Deadline } from "../deadline.js";

export const OUTPUT_RELATIONS: ReadonlySet<string> = new Set(["role", "init", "legal", "next", "sees", "goal", "terminal"]);

export interface ExtractOptions {
  /** The roles in the order of the description's role facts (KIF). */
  readonly roles: readonly string[];
  /** A time limit, polled per atom and per rule (throws DeadlineExceeded, see deadline.ts). */
  readonly deadline?: Deadline;
  /** Called at the end of each pass, while what it made is held: where a host samples the heap (heap-peak.ts). */
  readonly sampleHeap?: () => void;
}

export class ExtractionError extends Error {}

const OPEN = 40;
const COMMA = 44;
const CLOSE = 41;
const DOUBLE_QUOTE = 34;

export function extractGroundGame(program: CompactGroundProgram, symbols: SymbolTable, options: ExtractOptions): GroundGame {
  const converter = new SymbolConverter(symbols);
  const deadline = options.deadline ?? NO_DEADLINE;
  const sampleHeap = options.sampleHeap ?? (() => {});
  const pool = program.symbols;
  const { bytes } = pool;
  const symbolStart = pool.start;
  const writer = new KifWriter(bytes, symbols);

  // Relations: numbered by the reader (the bytes of a symbol before its arguments); what each is, found once.
  const relAsp: (string | undefined)[] = new Array(pool.relationCount);
  const relInternal: (string | undefined)[] = [];
  const relKeptFact: boolean[] = [];
  /** The GDL relation, given when an atom of it is first interned (split relations are named in that order). */
  const relGdl: (string | undefined)[] = [];
  const relOutput: boolean[] = [];
  const relWritten: (WrittenName | undefined)[] = [];
  // most facts are static tables (succ, arithmetic): look at the relation name before anything else
  const keptFactNames = new Set([...OUTPUT_RELATIONS].map((r) => symbols.name(r)));
  keptFactNames.add(symbols.name(BASE_RELATION));
  keptFactNames.add(symbols.name(INPUT_RELATION));
  const symbolRelation = pool.relation;
  const relationOf = (k: number): number => {
    const rel = symbolRelation[k];
    if (relAsp[rel] === undefined) {
      const from = symbolStart[k];
      const to = symbolStart[k + 1];
      let open = from;
      while (open < to && bytes[open] !== OPEN) open++;
      const asp = symbolText(pool, k).slice(0, open - from);
      relAsp[rel] = asp;
      relKeptFact[rel] = keptFactNames.has(asp);
      relInternal[rel] = symbols.internalName(asp);
    }
    return rel;
  };

  // Atoms are numbered in the order they are first taken, by their symbols (equal texts are one
  // symbol: the reader interned the atoms', `pool.intern` the facts'), and known by their relation
  // until they are kept: most named atoms of a big game are dropped below, and writing their KIF
  // would be wasted.
  const atomOfSymbol = new Int32Array(pool.count).fill(-1);
  let atomCount = 0;
  const atomSymbol = new IntList(program.maxAtom + 1);
  const atomRel = new IntList(program.maxAtom + 1);
  const idToAtom = new Int32Array(program.maxAtom + 1).fill(-1); // aspif atom id -> interned atom
  const baseRecords = new IntList(256);
  const inputRecords = new IntList(256);
  const facts = new IntList(256);
  const isFactAtom = new Uint8Array(pool.count);
  /** The base fluents' and input roles' and moves' terms that their KIF cannot hold (GroundGame.irregularTerms). */
  const irregularTerms = new Map<string, Term>();

  const intern = (k: number, rel: number): number => {
    let index = atomOfSymbol[k];
    if (index < 0) {
      index = atomOfSymbol[k] = atomCount++;
      atomSymbol.push(k);
      atomRel.push(rel);
      if (relGdl[rel] === undefined) {
        const gdl = converter.relationName(relAsp[rel]!);
        relGdl[rel] = gdl;
        relOutput[rel] = OUTPUT_RELATIONS.has(gdl);
      }
    }
    return index;
  };

  /** The KIF of the arguments of a `_base`/`_input` fact, each a writer record. */
  const argumentRecords = (k: number, count: number, into: IntList): void => {
    const ranges = argumentRanges(bytes, symbolStart[k], symbolStart[k + 1]);
    const records: number[] = [];
    if (ranges !== undefined && ranges.length >= 2 * count) {
      for (let a = 0; a < count; a++) {
        writer.begin();
        if (!writer.writeTerm(ranges[2 * a], ranges[2 * a + 1])) {
          writer.drop();
          break;
        }
        records.push(writer.end());
      }
    }
    if (records.length < count) {
      const symbol = parseAspSymbol(symbolText(pool, k));
      if (symbol.kind !== "function") return;
      records.length = 0;
      for (let a = 0; a < count; a++) {
        const term = converter.term(symbol.args[a]);
        const kif = termToKif(term);
        if (!isRegularTerm(term)) irregularTerms.set(kif, term);
        records.push(writer.addText(kif));
      }
    }
    for (const r of records) into.push(r);
  };

  const take = (k: number, rel: number, atomId: number) => {
    deadline.poll();
    if (!startsPlainName(bytes[symbolStart[k]])) {
      const symbol = parseAspSymbol(symbolText(pool, k));
      if (symbol.kind !== "function") return;
      if (symbol.negated) converter.atom(symbol); // refused there
    }
    const internal = relInternal[rel];
    if (internal === BASE_RELATION || internal === INPUT_RELATION) {
      if (atomId >= 0) throw new ExtractionError(`${symbolText(pool, k)} is not a fact: the static relaxation must be static`);
      if (internal === BASE_RELATION) argumentRecords(k, 1, baseRecords);
      else argumentRecords(k, 2, inputRecords);
      return;
    }
    // an atom's symbol is interned already (by the reader); a fact's text is, now
    const index = intern(atomId >= 0 ? k : pool.intern(k), rel);
    if (atomId >= 0) idToAtom[atomId] = index;
    else if (relOutput[atomRel.data[index]] && !isFactAtom[index]) {
      isFactAtom[index] = 1;
      facts.push(index);
    }
  };
  const takeFact = (k: number) => {
    const rel = relationOf(k);
    if (relKeptFact[rel]) take(k, rel, -1);
  };
  for (let f = 0; f < program.facts.length; f++) takeFact(program.facts[f]);
  for (let id = 0; id <= program.maxAtom; id++) {
    const k = program.atomSymbol[id];
    if (k < 0) continue;
    if (program.factAtoms[id]) takeFact(k);
    else take(k, relationOf(k), id);
  }
  sampleHeap();

  // The normal rules whose atoms all have names, by head. Rules stay in aspif's arrays until they
  // are kept; `lastRule` is the last rule of each head.
  const rules = withoutFactLiterals(program.rules, program.factAtoms);
  const { heads, bodyStart, body } = rules;
  const ruleHead = new Int32Array(rules.count).fill(-1);
  const lastRule = new Int32Array(atomCount).fill(-1);
  for (let r = 0; r < rules.count; r++) {
    deadline.poll();
    const head = idToAtom[heads[r]];
    if (head < 0) continue;
    let named = true;
    for (let k = bodyStart[r]; k < bodyStart[r + 1] && named; k++) named = idToAtom[body[k] > 0 ? body[k] : -body[k]] >= 0;
    if (!named) continue;
    ruleHead[r] = head;
    lastRule[head] = r;
  }

  sampleHeap();

  // keep what the outputs need: the atoms their rules read, transitively (neededAtoms)
  const needed = new Uint8Array(atomCount);
  for (let a = 0; a < atomCount; a++) if ((isFactAtom[a] || lastRule[a] >= 0) && relOutput[atomRel.data[a]]) needed[a] = 1;
  neededAtoms(needed, ruleHead, lastRule, bodyStart, body, idToAtom, deadline);

  // renumber the atoms that remain, in first-seen order, and write the kept clauses
  let neededCount = 0;
  for (let a = 0; a < atomCount; a++) neededCount += needed[a];
  const kept = new IntList(neededCount);
  const renumber = new Int32Array(atomCount).fill(-1);
  const keep = (i: number) => {
    if (renumber[i] < 0) {
      renumber[i] = kept.length;
      kept.push(i);
    }
    return renumber[i];
  };
  // the kept clauses and their literals counted first: their lists are made once, to size
  let clauseCount = 0;
  let literalCount = 0;
  for (let f = 0; f < facts.length; f++) if (needed[facts.data[f]]) clauseCount++;
  for (let r = 0; r < ruleHead.length; r++) {
    if (ruleHead[r] < 0 || !needed[ruleHead[r]]) continue;
    clauseCount++;
    literalCount += bodyStart[r + 1] - bodyStart[r];
  }
  const clauseHead = new IntList(clauseCount);
  const clauseBody = new IntList(clauseCount + 1);
  const clauseNegative = new IntList(clauseCount);
  const literals = new IntList(literalCount);
  for (let f = 0; f < facts.length; f++) {
    const fact = facts.data[f];
    if (!needed[fact]) continue;
    clauseHead.push(keep(fact));
    clauseBody.push(literals.length);
    clauseNegative.push(literals.length);
  }
  const scratch = new IntList(64);
  for (let r = 0; r < ruleHead.length; r++) {
    if (ruleHead[r] < 0 || !needed[ruleHead[r]]) continue;
    deadline.poll();
    // atoms numbered in the order of the body, then the head; positive literals first in the row
    scratch.length = 0;
    for (let j = bodyStart[r]; j < bodyStart[r + 1]; j++) scratch.push(keep(idToAtom[body[j] > 0 ? body[j] : -body[j]]));
    clauseHead.push(keep(ruleHead[r]));
    clauseBody.push(literals.length);
    literals.grow(literals.length + scratch.length);
    for (let j = bodyStart[r], s = 0; j < bodyStart[r + 1]; j++, s++) if (body[j] > 0) literals.push(scratch.data[s]);
    clauseNegative.push(literals.length);
    for (let j = bodyStart[r], s = 0; j < bodyStart[r + 1]; j++, s++) if (body[j] < 0) literals.push(scratch.data[s]);
  }
  clauseBody.push(literals.length);
  // atoms used in bodies but never derived (true/does) are kept too
  for (let a = 0; a < atomCount; a++) if (needed[a]) keep(a);

  sampleHeap();

  // the kept atoms' KIF
  const atomRecord = new Int32Array(kept.length);
  const relation: string[] = new Array(kept.length);
  const irregular = new Map<number, readonly Term[]>();
  for (let j = 0; j < kept.length; j++) {
    const index = kept.data[j];
    const k = atomSymbol.data[index];
    const rel = atomRel.data[index];
    relation[j] = relGdl[rel]!;
    writer.begin();
    if (writer.writeAtom(symbolStart[k], symbolStart[k + 1], (relWritten[rel] ??= writer.nameOf(relGdl[rel]!)))) {
      atomRecord[j] = writer.end();
      continue;
    }
    writer.drop();
    const atom = converter.atom(parseAspSymbol(symbolText(pool, k)));
    atomRecord[j] = writer.addText(groundAtomKif(atom.relation, atom.args));
    if (!isPlainKifName(atom.relation) || !atom.args.every(isRegularTerm)) irregular.set(j, atom.args);
  }
  writer.finish();
  const kif: string[] = new Array(kept.length);
  for (let j = 0; j < kept.length; j++) kif[j] = writer.text(atomRecord[j]);
  const base: string[] = [];
  for (let b = 0; b < baseRecords.length; b++) base.push(writer.text(baseRecords.data[b]));
  const input: InputMove[] = [];
  for (let m = 0; m + 1 < inputRecords.length; m += 2) input.push({ role: writer.text(inputRecords.data[m]), move: writer.text(inputRecords.data[m + 1]) });

  sampleHeap();
  const atoms: GroundAtoms = { length: kept.length, kif, relation, irregular };
  const clauses: GroundClauses = {
    length: clauseHead.length,
    head: clauseHead.view(),
    bodyStart: clauseBody.view(),
    negativeStart: clauseNegative.view(),
    literals: literals.view(),
  };
  irregularRoles(atoms, irregularTerms);
  return { roles: options.roles, atoms, clauses, base: sortedDistinct(base), input: sortedMoves(input), irregularTerms };
}

/**
 * The rules without their literals of atoms that are facts. gringo writes a fact late where a
 * recursion makes it one after rules that read the atom were written (`_split1(2) :- chain(3).`,
 * then `chain(3).`: chain/1 read before its recursion over succ was done) and leaves the literal in
 * those rules; the fact itself is not kept (static relations are not), so the rule read an atom
 * nothing derives and was dropped as false. A positive literal of a fact holds: it goes; a negative
 * one never holds: its rule goes. The same rows, untouched, where no rule reads a fact.
 */
export function withoutFactLiterals(rules: CompactRules, factAtoms: Uint8Array): CompactRules {
  const { count, heads, bodyStart, body } = rules;
  let reads = false;
  for (let k = 0; k < body.length && !reads; k++) reads = factAtoms[body[k] > 0 ? body[k] : -body[k]] === 1;
  if (!reads) return rules;
  const keptHeads = new IntList(count);
  const keptStart = new IntList(count + 1);
  const keptBody = new IntList(body.length);
  for (let r = 0; r < count; r++) {
    const start = keptBody.length;
    let holds = true;
    for (let k = bodyStart[r]; k < bodyStart[r + 1] && holds; k++) {
      const literal = body[k];
      if (factAtoms[literal > 0 ? literal : -literal] !== 1) keptBody.push(literal);
      else holds = literal > 0;
    }
    if (!holds) {
      keptBody.length = start;
      continue;
    }
    // a body left empty: the head holds (a clause without a body, as extraction writes the facts it keeps)
    keptHeads.push(heads[r]);
    keptStart.push(start);
  }
  keptStart.push(keptBody.length);
  return { count: keptHeads.length, heads: keptHeads.view(), bodyStart: keptStart.view(), body: keptBody.view() };
}

/**
 * Marks in `needed` (where the outputs are marked) every atom that a needed atom's rules read,
 * transitively. Sweeps over the rules from the last to the first: a rule is read after every rule
 * after it, so an atom marked there has its own rules still ahead when they all come before it,
 * as gringo writes them (it grounds a program's components in the order of their dependencies);
 * an atom marked after its last rule (`lastRule`) has them behind it, and another sweep follows.
 * After two sweeps that each left atoms so, the rest is a walk over the rules by head.
 * Why: the walk alone read every needed atom's rules in compressed rows in the walk's order, a
 * cache miss each, and built those rows first (amazonsTorus: 4.05 M rules, the rows and the walk
 * 0.5 s of a 2 s extraction, CPU profile); a sweep reads the rules in their order.
 */
export function neededAtoms(
  needed: Uint8Array,
  ruleHead: Int32Array,
  lastRule: Int32Array,
  bodyStart: Int32Array,
  body: Int32Array,
  idToAtom: Int32Array,
  deadline: Deadline,
): void {
  for (let sweep = 0; sweep < 2; sweep++) {
    let late = false;
    for (let r = ruleHead.length - 1; r >= 0; r--) {
      const head = ruleHead[r];
      if (head < 0 || !needed[head]) continue;
      for (let k = bodyStart[r]; k < bodyStart[r + 1]; k++) {
        const a = idToAtom[body[k] > 0 ? body[k] : -body[k]];
        if (needed[a]) continue;
        needed[a] = 1;
        if (lastRule[a] >= r) late = true;
      }
    }
    if (!late) return;
    deadline.poll();
  }
  // the rest as a walk from every atom marked so far, by rows of what each head's rules read
  const atomCount = needed.length;
  const readStart = new Int32Array(atomCount + 1);
  for (let r = 0; r < ruleHead.length; r++) if (ruleHead[r] >= 0) readStart[ruleHead[r] + 1] += bodyStart[r + 1] - bodyStart[r];
  for (let a = 0; a < atomCount; a++) readStart[a + 1] += readStart[a];
  const fill = readStart.slice(0, atomCount);
  const reads = new Int32Array(readStart[atomCount]);
  for (let r = 0; r < ruleHead.length; r++) {
    const head = ruleHead[r];
    if (head >= 0) for (let k = bodyStart[r]; k < bodyStart[r + 1]; k++) reads[fill[head]++] = idToAtom[body[k] > 0 ? body[k] : -body[k]];
  }
  const stack = new IntList();
  for (let a = 0; a < atomCount; a++) if (needed[a]) stack.push(a);
  while (stack.length > 0) {
    const atom = stack.data[--stack.length];
    for (let k = readStart[atom]; k < readStart[atom + 1]; k++) {
      const read = reads[k];
      if (needed[read]) continue;
      needed[read] = 1;
      stack.push(read);
    }
  }
}

/**
 * The texts sorted by UTF-16 code units, without repeats. Each is copied flat first: the writer's
 * texts are slices of a decoded piece (symbol-kif.ts), and V8 compares slices on a slow path
 * (amazonsTorus's 259,202 moves: 1.0 s to sort the slices, 0.5 s to copy and sort the copies).
 */
function sortedDistinct(texts: string[]): string[] {
  for (let k = 0; k < texts.length; k++) texts[k] = flatCopy(texts[k]);
  texts.sort();
  let kept = 0;
  for (let k = 0; k < texts.length; k++) if (k === 0 || texts[k] !== texts[k - 1]) texts[kept++] = texts[k];
  texts.length = kept;
  return texts;
}

/** The same text in a string of its own, not a slice of another (a JSON round trip is exact for every string). */
function flatCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** The moves sorted by role, then move (UTF-16 code units), without repeats. */
function sortedMoves(moves: InputMove[]): InputMove[] {
  const byRole = new Map<string, string[]>();
  for (const m of moves) {
    const list = byRole.get(m.role);
    if (list) list.push(m.move);
    else byRole.set(m.role, [m.move]);
  }
  const sorted: InputMove[] = [];
  for (const role of sortedDistinct([...byRole.keys()])) for (const move of sortedDistinct(byRole.get(role)!)) sorted.push({ role, move });
  return sorted;
}

/**
 * Where the arguments of the function symbol bytes[from, to) begin and end (pairs of offsets),
 * split at its top-level commas; undefined for a symbol with a string (whose text may hold
 * commas and parentheses) or without arguments.
 */
function argumentRanges(bytes: Uint8Array, from: number, to: number): number[] | undefined {
  let i = from;
  while (i < to && bytes[i] !== OPEN) i++;
  if (i === to || bytes[to - 1] !== CLOSE) return undefined;
  const ranges = [i + 1];
  let depth = 0;
  for (let k = i + 1; k < to - 1; k++) {
    const c = bytes[k];
    if (c === DOUBLE_QUOTE) return undefined;
    if (c === OPEN) depth++;
    else if (c === CLOSE) depth--;
    else if (c === COMMA && depth === 0) ranges.push(k, k + 1);
  }
  ranges.push(to - 1);
  return ranges;
}

/** clingo symbols -> GDL terms and atoms, through the symbol table: the path for what symbol-kif.ts does not write. */
class SymbolConverter {
  private readonly auxNames = new Map<string, string>();
  /** The GDL names given to our relations so far (a set: a long body splits into 100,000 of them). */
  private readonly auxNamesGiven = new Set<string>();
  /** One term per constant: ground games repeat a few constants millions of times (amazons: 672,108 atoms). */
  private readonly constants = new Map<string, Term>();
  constructor(private readonly symbols: SymbolTable) {}

  atom(symbol: AspSymbol): { relation: string; args: Term[] } {
    if (symbol.kind !== "function" || symbol.negated) throw new ExtractionError(`unexpected atom in the ground program: ${JSON.stringify(symbol)}`);
    const relation = this.relationName(symbol.name);
    const args = symbol.args.map((a) => this.term(a));
    return { relation, args };
  }

  /** The GDL term of a symbol, converted with a cursor: the function symbols it is inside, with their terms so far, on stacks of its own. */
  term(root: AspSymbol): Term {
    const outer: AspFunction[] = [];
    const names: string[] = [];
    const done: Term[][] = [];
    let symbol = root;
    for (;;) {
      // a symbol starts: converted whole, or opened (its arguments next)
      let term: Term | undefined;
      switch (symbol.kind) {
        case "number":
          term = this.constant(String(symbol.value));
          break;
        case "function": {
          if (symbol.name === ZERO_ARITY_FUNCTOR && symbol.args.length === 1 && symbol.args[0].kind === "function") {
            term = { kind: "compound", functor: this.gdl(symbol.args[0].name), args: [], pos: NO_POSITION };
            break;
          }
          const name = this.gdl(symbol.name);
          if (symbol.args.length === 0) term = this.constant(name);
          else {
            outer.push(symbol);
            names.push(name);
            done.push([]);
          }
          break;
        }
        default:
          throw new ExtractionError(`unexpected term in the ground program: ${JSON.stringify(symbol)}`);
      }
      // the terms whose arguments are all converted, innermost first; then the next argument
      for (;;) {
        const parent = outer.at(-1);
        if (parent === undefined) return term!;
        const args = done[done.length - 1];
        if (term !== undefined) args.push(term);
        if (args.length < parent.args.length) {
          symbol = parent.args[args.length];
          break;
        }
        outer.pop();
        done.pop();
        term = { kind: "compound", functor: names.pop()!, args, pos: NO_POSITION };
      }
    }
  }

  private constant(name: string): Term {
    let term = this.constants.get(name);
    if (!term) this.constants.set(name, (term = { kind: "constant", name, pos: NO_POSITION }));
    return term;
  }

  /** GDL names by ASP name, as asked (a ground game asks for a few names hundreds of thousands of times). */
  private readonly gdlNames = new Map<string, string>();

  private gdl(asp: string): string {
    let name = this.gdlNames.get(asp);
    if (name !== undefined) return name;
    name = this.symbols.gdlName(asp);
    if (name === undefined) throw new ExtractionError(`the ground program has a symbol the game does not: ${asp}`);
    this.gdlNames.set(asp, name);
    return name;
  }

  /** Game relations map back to their names; our split-off relations get fresh view names. */
  relationName(asp: string): string {
    if (!asp.startsWith("_")) return this.gdl(asp);
    const known = this.auxNames.get(asp);
    if (known) return known;
    let name = asp.slice(1);
    for (let n = 2; this.symbols.isGameName(name) || this.auxNamesGiven.has(name); n++) name = `${asp.slice(1)}_${n}`;
    this.auxNames.set(asp, name);
    this.auxNamesGiven.add(name);
    return name;
  }
}
