/**
 * Extraction: from clingo's ground program (aspif) back to the ground game.
 *
 *   - atoms are named by clingo's output statements; their symbols are mapped back to GDL
 *     through the translation's symbol table (`g_a_minus_b` -> `a-b`, `_c0(f)` -> `(f)`);
 *   - `_base(F)` and `_input(R, M)` facts become the game's base and input;
 *   - choice rules, weight rules and constraints are the generators' machinery: dropped;
 *   - facts are kept only for the game's own output relations (role, init, legal, next, sees,
 *     goal, terminal): static views have been evaluated away by gringo, which removes true facts from
 *     rule bodies and rules with false ones;
 *   - only the clauses that some output (legal, next, sees, goal, terminal, init) needs are kept; this
 *     drops P^base's static versions and unused views.
 * Split-off atoms of the game rules (`_split3(J)`) stay as view relations with a fresh GDL name.
 */
import type { Term } from "../syntax/ast.js";
import { NO_POSITION } from "../diagnostics.js";
import { termToKif } from "../syntax/print.js";
import type { SymbolTable } from "../translate/symbols.js";
import { BASE_RELATION, INPUT_RELATION, ZERO_ARITY_FUNCTOR } from "../translate/symbols.js";
import { parseAspSymbol, type AspSymbol } from "./asp-symbol.js";
import type { CompactGroundProgram } from "./aspif-compact.js";
import type { GroundAtom, GroundClause, GroundGame, InputMove } from "./ground-game.js";
import { NO_DEADLINE, type Deadline } from "../deadline.js";

export const OUTPUT_RELATIONS: ReadonlySet<string> = new Set(["role", "init", "legal", "next", "sees", "goal", "terminal"]);

export interface ExtractOptions {
  /** The roles in the order of the description's role facts (KIF). */
  readonly roles: readonly string[];
  /** A time limit, polled per atom and per rule (throws DeadlineExceeded, see deadline.ts). */
  readonly deadline?: Deadline;
}

export class ExtractionError extends Error {}

/** The body of a clause without literals of a sign: one array for all of them. */
const NO_LITERALS: readonly number[] = Object.freeze([]);

export function extractGroundGame(program: CompactGroundProgram, symbols: SymbolTable, options: ExtractOptions): GroundGame {
  const converter = new SymbolConverter(symbols);
  const deadline = options.deadline ?? NO_DEADLINE;
  // Atoms are known by their clingo text and relation until they are kept: most named atoms of a
  // big game are dropped below, and building their GDL terms and KIF would be wasted.
  const atomText: string[] = [];
  const atomRelation: string[] = [];
  const atomIndex = new Map<string, number>(); // by clingo symbol text
  const idToAtom = new Int32Array(program.maxAtom + 1).fill(-1); // aspif atom id -> index in atomText
  const base: string[] = [];
  const input: InputMove[] = [];
  const facts: number[] = [];

  const intern = (symbolText: string, aspName: string): number => {
    const known = atomIndex.get(symbolText);
    if (known !== undefined) return known;
    atomText.push(symbolText);
    atomRelation.push(converter.relationName(aspName));
    atomIndex.set(symbolText, atomText.length - 1);
    return atomText.length - 1;
  };

  const take = (text: string, atomId: number | undefined) => {
    deadline.poll();
    let name = plainFunctionName(text);
    if (name === undefined) {
      const symbol = parseAspSymbol(text);
      if (symbol.kind !== "function") return;
      if (symbol.negated) converter.atom(symbol); // refused there
      name = symbol.name;
    }
    const internal = symbols.internalName(name);
    if (internal === BASE_RELATION || internal === INPUT_RELATION) {
      if (atomId !== undefined) throw new ExtractionError(`${text} is not a fact: the static relaxation must be static`);
      const symbol = parseAspSymbol(text);
      if (symbol.kind !== "function") return;
      if (internal === BASE_RELATION) base.push(termToKif(converter.term(symbol.args[0])));
      else input.push({ role: termToKif(converter.term(symbol.args[0])), move: termToKif(converter.term(symbol.args[1])) });
      return;
    }
    const index = intern(text, name);
    if (atomId !== undefined) idToAtom[atomId] = index;
    else if (OUTPUT_RELATIONS.has(atomRelation[index])) facts.push(index);
  };
  // most facts are static tables (succ, arithmetic): look at the relation name before parsing
  const keptFactNames = new Set([...OUTPUT_RELATIONS].map((r) => symbols.name(r)));
  keptFactNames.add(symbols.name(BASE_RELATION));
  keptFactNames.add(symbols.name(INPUT_RELATION));
  const takeFact = (text: string) => {
    const open = text.indexOf("(");
    if (keptFactNames.has(open < 0 ? text : text.slice(0, open))) take(text, undefined);
  };
  for (const text of program.facts) takeFact(text);
  program.atomSymbol.forEach((text, id) => {
    if (text === undefined) return;
    if (program.factAtoms[id]) takeFact(text);
    else take(text, id);
  });

  // The normal rules whose atoms all have names, by head (compressed rows; gringo does not
  // repeat rules, and facts are interned). Rules stay in aspif's arrays until they are kept.
  const { heads, bodyStart, body } = program.rules;
  const ruleHead = new Int32Array(program.rules.count).fill(-1);
  for (let r = 0; r < program.rules.count; r++) {
    deadline.poll();
    const head = idToAtom[heads[r]];
    if (head < 0) continue;
    let named = true;
    for (let k = bodyStart[r]; k < bodyStart[r + 1] && named; k++) named = idToAtom[body[k] > 0 ? body[k] : -body[k]] >= 0;
    if (named) ruleHead[r] = head;
  }
  const factSet = new Set(facts);
  const atomCount = atomText.length;
  const start = new Int32Array(atomCount + 1);
  for (let r = 0; r < ruleHead.length; r++) if (ruleHead[r] >= 0) start[ruleHead[r] + 1]++;
  for (let a = 0; a < atomCount; a++) start[a + 1] += start[a];
  const fill = start.slice(0, atomCount);
  const rulesOf = new Int32Array(start[atomCount]);
  for (let r = 0; r < ruleHead.length; r++) if (ruleHead[r] >= 0) rulesOf[fill[ruleHead[r]]++] = r;

  // keep what the outputs need
  const needed = new Uint8Array(atomCount);
  const stack: number[] = [];
  for (let a = 0; a < atomCount; a++)
    if ((factSet.has(a) || start[a + 1] > start[a]) && OUTPUT_RELATIONS.has(atomRelation[a])) stack.push(a);
  while (stack.length > 0) {
    const atom = stack.pop()!;
    if (needed[atom]) continue;
    needed[atom] = 1;
    for (let k = start[atom]; k < start[atom + 1]; k++) {
      const r = rulesOf[k];
      for (let j = bodyStart[r]; j < bodyStart[r + 1]; j++) {
        const a = idToAtom[body[j] > 0 ? body[j] : -body[j]];
        if (!needed[a]) stack.push(a);
      }
    }
  }

  // renumber the atoms that remain, in first-seen order, and build the kept clauses
  const keptAtoms: GroundAtom[] = [];
  const renumber = new Int32Array(atomCount).fill(-1);
  const keep = (i: number) => {
    if (renumber[i] < 0) {
      renumber[i] = keptAtoms.length;
      keptAtoms.push(converter.atom(parseAspSymbol(atomText[i])));
    }
    return renumber[i];
  };
  const kept: GroundClause[] = [];
  // bodies in arrays of their exact length, empty ones shared: arrays grown by push keep room
  // for 17 elements (amazons: 1,042,025 clauses, most with no negative literal)
  for (const fact of factSet) if (needed[fact]) kept.push({ head: keep(fact), positive: NO_LITERALS, negative: NO_LITERALS });
  for (let r = 0; r < ruleHead.length; r++) {
    if (ruleHead[r] < 0 || !needed[ruleHead[r]]) continue;
    deadline.poll();
    let positives = 0;
    for (let j = bodyStart[r]; j < bodyStart[r + 1]; j++) if (body[j] > 0) positives++;
    const negatives = bodyStart[r + 1] - bodyStart[r] - positives;
    const positive = positives === 0 ? NO_LITERALS : new Array<number>(positives);
    const negative = negatives === 0 ? NO_LITERALS : new Array<number>(negatives);
    let p = 0;
    let n = 0;
    for (let j = bodyStart[r]; j < bodyStart[r + 1]; j++) {
      const l = body[j];
      if (l > 0) (positive as number[])[p++] = keep(idToAtom[l]);
      else (negative as number[])[n++] = keep(idToAtom[-l]);
    }
    kept.push({ head: keep(ruleHead[r]), positive, negative });
  }
  // atoms used in bodies but never derived (true/does) are kept too
  for (let a = 0; a < atomCount; a++) if (needed[a]) keep(a);

  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    roles: options.roles,
    atoms: keptAtoms,
    clauses: kept,
    base: [...new Set(base)].sort(byText),
    input: dedupeMoves(input).sort((a, b) => byText(a.role, b.role) || byText(a.move, b.move)),
  };
}

/**
 * The name of a function symbol written plainly (`cell(1,1,b)`, `_split3(4)`, `terminal`), read
 * without parsing its arguments; undefined for anything else (numbers, strings, tuples, `-p`).
 */
function plainFunctionName(text: string): string | undefined {
  const c = text.charCodeAt(0);
  if (c !== 95 && !(c >= 97 && c <= 122)) return undefined;
  const open = text.indexOf("(");
  return open < 0 ? text : text.slice(0, open);
}

function dedupeMoves(moves: InputMove[]): InputMove[] {
  const seen = new Set<string>();
  return moves.filter((m) => {
    const key = `${m.role} ${m.move}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** clingo symbols -> GDL terms and atoms, through the symbol table. */
class SymbolConverter {
  private readonly auxNames = new Map<string, string>();
  /** The GDL names given to our relations so far (a set: a long body splits into 100,000 of them). */
  private readonly auxNamesGiven = new Set<string>();
  /** One term per constant: ground games repeat a few constants millions of times (amazons: 672,108 atoms). */
  private readonly constants = new Map<string, Term>();
  constructor(private readonly symbols: SymbolTable) {}

  atom(symbol: AspSymbol): GroundAtom {
    if (symbol.kind !== "function" || symbol.negated) throw new ExtractionError(`unexpected atom in the ground program: ${JSON.stringify(symbol)}`);
    const relation = this.relationName(symbol.name);
    const args = symbol.args.map((a) => this.term(a));
    const kif = args.length === 0 ? relation : `(${relation} ${args.map(termToKif).join(" ")})`;
    return { relation, args, kif };
  }

  term(symbol: AspSymbol): Term {
    switch (symbol.kind) {
      case "number":
        return this.constant(String(symbol.value));
      case "function": {
        if (symbol.name === ZERO_ARITY_FUNCTOR && symbol.args.length === 1 && symbol.args[0].kind === "function") {
          return { kind: "compound", functor: this.gdl(symbol.args[0].name), args: [], pos: NO_POSITION };
        }
        const name = this.gdl(symbol.name);
        if (symbol.args.length === 0) return this.constant(name);
        return { kind: "compound", functor: name, args: symbol.args.map((a) => this.term(a)), pos: NO_POSITION };
      }
      default:
        throw new ExtractionError(`unexpected term in the ground program: ${JSON.stringify(symbol)}`);
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
