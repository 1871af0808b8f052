/**
 * Extraction: from clingo's ground program (aspif) back to the ground game.
 *
 *   - atoms are named by clingo's output statements; their symbols are mapped back to GDL
 *     through the translation's symbol table (`g_a_minus_b` -> `a-b`, `_c0(f)` -> `(f)`);
 *   - `_base(F)` and `_input(R, M)` facts become the game's base and input;
 *   - choice rules, weight rules and constraints are the generators' machinery: dropped;
 *   - facts are kept only for the game's own output relations (role, init, legal, next, goal,
 *     terminal): static views have been evaluated away by gringo, which removes true facts from
 *     rule bodies and rules with false ones;
 *   - only the clauses that some output (legal, next, goal, terminal, init) needs are kept; this
 *     drops P^base's static versions and unused views.
 * Split-off atoms of the game rules (`_split3(J)`) stay as view relations with a fresh GDL name.
 */
import type { Term } from "../syntax/ast.js";
import { NO_POSITION } from "../syntax/ast.js";
import { termToKif } from "../syntax/print.js";
import type { SymbolTable } from "../translate/symbols.js";
import { BASE_RELATION, INPUT_RELATION, ZERO_ARITY_FUNCTOR } from "../translate/symbols.js";
import { parseAspSymbol, type AspSymbol } from "./asp-symbol.js";
import type { AspifView } from "./aspif.js";
import type { GroundAtom, GroundClause, GroundGame, InputMove } from "./ground-game.js";

export const OUTPUT_RELATIONS: ReadonlySet<string> = new Set(["role", "init", "legal", "next", "goal", "terminal"]);

export interface ExtractOptions {
  /** The roles in the order of the description's role facts (KIF). */
  readonly roles: readonly string[];
}

export class ExtractionError extends Error {}

export function extractGroundGame(program: AspifView, symbols: SymbolTable, options: ExtractOptions): GroundGame {
  const converter = new SymbolConverter(symbols);
  const atoms: GroundAtom[] = [];
  const atomIndex = new Map<string, number>(); // by clingo symbol text
  const idToAtom = new Map<number, number>(); // aspif atom id -> index in atoms
  const base: string[] = [];
  const input: InputMove[] = [];
  const facts: number[] = [];

  const intern = (symbolText: string, symbol: AspSymbol): number => {
    const known = atomIndex.get(symbolText);
    if (known !== undefined) return known;
    const atom = converter.atom(symbol);
    atoms.push(atom);
    atomIndex.set(symbolText, atoms.length - 1);
    return atoms.length - 1;
  };

  const take = (text: string, atomId: number | undefined) => {
    const symbol = parseAspSymbol(text);
    if (symbol.kind !== "function") return;
    const internal = symbols.internalName(symbol.name);
    if (internal === BASE_RELATION || internal === INPUT_RELATION) {
      if (atomId !== undefined) throw new ExtractionError(`${text} is not a fact: the static relaxation must be static`);
      if (internal === BASE_RELATION) base.push(termToKif(converter.term(symbol.args[0])));
      else input.push({ role: termToKif(converter.term(symbol.args[0])), move: termToKif(converter.term(symbol.args[1])) });
      return;
    }
    const index = intern(text, symbol);
    if (atomId !== undefined) idToAtom.set(atomId, index);
    else if (OUTPUT_RELATIONS.has(atoms[index].relation)) facts.push(index);
  };
  for (const text of program.facts) take(text, undefined);
  const factAtoms = new Set(program.factAtoms);
  program.atomSymbol.forEach((text, id) => {
    if (text !== undefined && !factAtoms.has(id)) take(text, id);
  });

  // clauses by head, from the normal rules whose atoms all have names
  const clausesByHead = new Map<number, GroundClause[]>();
  const seen = new Set<string>();
  const add = (clause: GroundClause) => {
    const key = `${clause.head}:${clause.positive.join(",")}:${clause.negative.join(",")}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (!clausesByHead.has(clause.head)) clausesByHead.set(clause.head, []);
    clausesByHead.get(clause.head)!.push(clause);
  };
  for (const fact of facts) add({ head: fact, positive: [], negative: [] });
  for (const rule of program.rules) {
    if (rule.choice || rule.head.length !== 1 || rule.body.kind !== "normal" || rule.body.literals.length === 0) continue;
    const head = idToAtom.get(rule.head[0]);
    if (head === undefined) continue;
    const positive: number[] = [];
    const negative: number[] = [];
    let named = true;
    for (const literal of rule.body.literals) {
      const atom = idToAtom.get(Math.abs(literal));
      if (atom === undefined) {
        named = false;
        break;
      }
      (literal > 0 ? positive : negative).push(atom);
    }
    if (named) add({ head, positive, negative });
  }

  // keep what the outputs need
  const needed = new Set<number>();
  const stack: number[] = [];
  for (const head of clausesByHead.keys()) if (OUTPUT_RELATIONS.has(atoms[head].relation)) stack.push(head);
  while (stack.length > 0) {
    const atom = stack.pop()!;
    if (needed.has(atom)) continue;
    needed.add(atom);
    for (const clause of clausesByHead.get(atom) ?? [])
      for (const a of [...clause.positive, ...clause.negative]) if (!needed.has(a)) stack.push(a);
  }

  // renumber the atoms that remain, in first-seen order
  const keptAtoms: GroundAtom[] = [];
  const renumber = new Map<number, number>();
  const keep = (i: number) => {
    let j = renumber.get(i);
    if (j === undefined) {
      j = keptAtoms.length;
      keptAtoms.push(atoms[i]);
      renumber.set(i, j);
    }
    return j;
  };
  const clauses: GroundClause[] = [];
  for (const [head, list] of clausesByHead) {
    if (!needed.has(head)) continue;
    for (const c of list)
      clauses.push({ head: keep(c.head), positive: c.positive.map(keep), negative: c.negative.map(keep) });
  }
  // atoms used in bodies but never derived (true/does) are kept too
  for (const i of needed) keep(i);

  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    roles: options.roles,
    atoms: keptAtoms,
    clauses,
    base: [...new Set(base)].sort(byText),
    input: dedupeMoves(input).sort((a, b) => byText(a.role, b.role) || byText(a.move, b.move)),
  };
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
        return { kind: "constant", name: String(symbol.value), pos: NO_POSITION };
      case "function": {
        if (symbol.name === ZERO_ARITY_FUNCTOR && symbol.args.length === 1 && symbol.args[0].kind === "function") {
          return { kind: "compound", functor: this.gdl(symbol.args[0].name), args: [], pos: NO_POSITION };
        }
        const name = this.gdl(symbol.name);
        if (symbol.args.length === 0) return { kind: "constant", name, pos: NO_POSITION };
        return { kind: "compound", functor: name, args: symbol.args.map((a) => this.term(a)), pos: NO_POSITION };
      }
      default:
        throw new ExtractionError(`unexpected term in the ground program: ${JSON.stringify(symbol)}`);
    }
  }

  private gdl(asp: string): string {
    const name = this.symbols.gdlName(asp);
    if (name === undefined) throw new ExtractionError(`the ground program has a symbol the game does not: ${asp}`);
    return name;
  }

  /** Game relations map back to their names; our split-off relations get fresh view names. */
  private relationName(asp: string): string {
    if (!asp.startsWith("_")) return this.gdl(asp);
    const known = this.auxNames.get(asp);
    if (known) return known;
    let name = asp.slice(1);
    for (let n = 2; this.symbols.isGameName(name) || [...this.auxNames.values()].includes(name); n++) name = `${asp.slice(1)}_${n}`;
    this.auxNames.set(asp, name);
    return name;
  }
}
