/**
 * What the language server knows about one version of one document: its rules (the reader's
 * tree), its tokens (format/tokens.ts: the span of every name, which the tree does not have),
 * every occurrence of every symbol with its kind, and per symbol what it is (keyword, static or
 * view relation, fluent, action, role, constant), where it is defined and used. Every feature
 * (hover, definition, rename, outline, colours) is a question to this index. Built lazily, once
 * per version; pure, offsets in UTF-16 units as the reader's positions are.
 */
import { argumentDomains, type ArgumentDomains } from "../analysis/argument-domains.js";
import { buildDependencyGraph } from "../analysis/dependency-graph.js";
import { tokenListOf, unquote, type Token } from "../format/tokens.js";
import type { TokenList } from "../format/token-list.js";
import { CONNECTIVES, KEYWORD_ARITY, type Atom, type Literal, type Rule, type Term } from "../syntax/ast.js";
import { normalizeSymbol } from "../syntax/case.js";
import { infixVariableToName } from "../syntax/infix-parse.js";
import { parseGdl, type ParseResult } from "../syntax/parse.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import { forEachSubterm } from "../syntax/terms.js";
import { staticRelations } from "../translate/static-relaxation.js";
import { OccurrenceList, type Occurrence, type TermContext } from "./occurrence-list.js";

export type { Occurrence, TermContext } from "./occurrence-list.js";

export interface SymbolInfo {
  readonly name: string;
  /** Its occurrences in text order (made when asked: a symbol of a ground game occurs hundreds of thousands of times). */
  readonly occurrences: readonly Occurrence[];
  readonly occurrenceCount: number;
  /** Its arities as a relation, each once, in the order first met. */
  readonly relationArities: readonly number[];
  /** Arities as a function term (0: written as a constant), each once, in the order first met. */
  readonly termArities: readonly number[];
  readonly role: boolean;
  readonly fluent: boolean;
  readonly action: boolean;
  /** The rules whose head is this relation. */
  readonly rules: readonly number[];
}

/** The kind of a relation: GDL's own, static (depends on no state or move) or a view. */
export type RelationKind = "keyword" | "static" | "view";

const FLUENT_HOLDERS = new Set(["init", "true", "next", "base"]);
const MOVE_HOLDERS = new Set(["legal", "does", "input"]);
const ROLE_HOLDERS = new Set(["role", "legal", "does", "goal", "input"]);

function contextOf(relation: string, index: number): TermContext {
  if (FLUENT_HOLDERS.has(relation) && index === 0) return "fluent";
  if (MOVE_HOLDERS.has(relation) && index === 1) return "action";
  if (ROLE_HOLDERS.has(relation) && index === 0) return "role";
  return "term";
}

const NAME_TOKENS = new Set<Token["kind"]>(["symbol", "variable", "name", "quoted"]);

export class DocumentAnalysis {
  readonly parsed: ParseResult;
  readonly syntax: GdlSyntax;
  /** The tokens, packed (token-list.ts). */
  readonly tokens: TokenList;
  /** Every occurrence, in text order (packed: occurrence-list.ts). */
  readonly occurrences: OccurrenceList;
  readonly symbols: ReadonlyMap<string, SymbolInfo>;
  /** The span of each rule, from its first token to its last. */
  readonly ruleSpans: readonly { readonly start: number; readonly end: number }[];
  private statics?: Set<string>;
  private domainsCache?: ArgumentDomains;

  /** `made`: the text's parse (as `parseGdl` makes it with these options) and tokens, when the caller has them (document.ts). */
  constructor(
    readonly text: string,
    file: string,
    options: { readonly syntax?: GdlSyntax | "auto"; readonly caseSensitive?: boolean } = {},
    made: { readonly parsed?: ParseResult; readonly tokens?: TokenList } = {},
  ) {
    this.parsed = made.parsed ?? parseGdl(text, file, options);
    this.syntax = this.parsed.syntax;
    this.tokens = made.tokens ?? tokenListOf(text, this.syntax);
    const builder = new OccurrenceBuilder(this.tokens, this.syntax, options.caseSensitive === true);
    const rules = this.parsed.description.rules;
    rules.forEach((rule, i) => builder.rule(rule, i));
    this.occurrences = builder.occurrences.sortByStart();
    this.symbols = symbolTable(this.occurrences, rules);
    this.ruleSpans = rules.map((rule, i) => ({ start: rule.pos.offset, end: this.lastTokenEndBefore(i + 1 < rules.length ? rules[i + 1].pos.offset : text.length) }));
  }

  get rules(): readonly Rule[] {
    return this.parsed.description.rules;
  }

  /** The end of the last token that is not a comment before `offset`. */
  private lastTokenEndBefore(offset: number): number {
    let k = this.tokens.indexAtOrAfter(offset) - 1;
    while (k >= 0 && this.tokens.kind(k) === "comment") k--;
    return k >= 0 ? this.tokens.end(k) : 0;
  }

  /** The occurrence whose token holds `offset` (or ends right at it, for a cursor after a name). */
  occurrenceAt(offset: number): Occurrence | undefined {
    const list = this.occurrences;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list.end(mid) < offset) lo = mid + 1;
      else if (list.start(mid) > offset) hi = mid - 1;
      else {
        // the occurrence starting at offset wins over the one ending there
        const next = mid + 1 < list.length && list.end(mid) === offset && list.start(mid + 1) === offset;
        return list.at(next ? mid + 1 : mid);
      }
    }
    return undefined;
  }

  relationKind(name: string): RelationKind {
    if (KEYWORD_ARITY.has(name)) return "keyword";
    this.statics ??= staticRelations(buildDependencyGraph(this.parsed.description));
    return this.statics.has(name) ? "static" : "view";
  }

  get domains(): ArgumentDomains {
    this.domainsCache ??= argumentDomains(this.parsed.description);
    return this.domainsCache;
  }

  /** The occurrence of a rule's head relation (found from the rule's start: a document holds hundreds of thousands of facts). */
  headOccurrence(rule: number): Occurrence | undefined {
    for (const k of this.inRule(rule)) if (this.occurrences.kind(k) === "relation") return this.occurrences.at(k);
    return undefined;
  }

  /** The occurrences of a variable in its rule. */
  variableOccurrences(rule: number, name: string): Occurrence[] {
    const list = this.occurrences;
    const out: Occurrence[] = [];
    for (const k of this.inRule(rule)) if (list.kind(k) === "variable" && list.name(k) === name) out.push(list.at(k)!);
    return out;
  }

  /** The indices of a rule's occurrences, in text order: those within its span, from the first by binary search. */
  private *inRule(rule: number): Generator<number> {
    const span = this.ruleSpans[rule];
    const list = this.occurrences;
    for (let k = list.indexAtOrAfter(span.start); k < list.length && list.start(k) <= span.end; k++) if (list.rule(k) === rule) yield k;
  }
}

/** Walks the rules, finding the token of every name the tree holds. */
class OccurrenceBuilder {
  readonly occurrences = new OccurrenceList();
  private ruleIndex = 0;
  private seenVariables = new Set<string>();

  constructor(
    private readonly tokens: TokenList,
    private readonly syntax: GdlSyntax,
    private readonly caseSensitive: boolean,
  ) {}

  /** The index of the name token a node at `offset` is named by: the token there, or the one after a KIF `(`; -1 for none. */
  private nameToken(offset: number): number {
    const tokens = this.tokens;
    let k = tokens.indexAtOrAfter(offset);
    if (k >= tokens.length || tokens.start(k) !== offset) return -1;
    if (tokens.kind(k) === "(") {
      do k++;
      while (k < tokens.length && tokens.kind(k) === "comment");
    }
    return k < tokens.length && NAME_TOKENS.has(tokens.kind(k)) ? k : -1;
  }

  /** The stored name of name token `k` (as the readers store it). */
  private stored(k: number): string {
    const kind = this.tokens.kind(k);
    const text = this.tokens.text(k);
    if (kind === "quoted") return normalizeSymbol(unquote(text), { caseSensitive: this.caseSensitive });
    if (kind === "variable") return this.syntax === "infix" ? infixVariableToName(text) : normalizeSymbol(text, { caseSensitive: this.caseSensitive }).slice(1);
    return normalizeSymbol(text, { caseSensitive: this.caseSensitive });
  }

  /** Keeps the occurrence of `name` at token `k` (-1: none; `check`: when the token reads as that name). */
  private add(k: number, name: string, kind: Occurrence["kind"], arity: number, definition: boolean, context: TermContext, check = true): void {
    if (k < 0 || (check && this.stored(k) !== name)) return;
    this.occurrences.push({ name, kind, start: this.tokens.start(k), end: this.tokens.end(k), rule: this.ruleIndex, arity, definition, context });
  }

  rule(rule: Rule, index: number): void {
    this.ruleIndex = index;
    this.seenVariables = new Set();
    const first = this.nameToken(rule.pos.offset);
    if (first >= 0 && this.tokens.text(first) === "<=") this.add(first, "<=", "connective", 0, false, "term", false);
    this.atom(rule.head, true);
    for (const literal of rule.body) this.literal(literal);
  }

  private atom(atom: Atom, head: boolean): void {
    this.add(this.nameToken(atom.pos.offset), atom.relation, "relation", atom.args.length, head, "term");
    atom.args.forEach((arg, i) => this.term(arg, contextOf(atom.relation, i), head && atom.relation === "role"));
  }

  private literal(literal: Literal): void {
    switch (literal.kind) {
      case "atom":
        return this.atom(literal, false);
      case "not":
        this.connective(literal.pos.offset, "not");
        return this.literal(literal.body);
      case "or":
        this.connective(literal.pos.offset, "or");
        return literal.disjuncts.forEach((d) => this.literal(d));
      case "distinct":
        this.connective(literal.pos.offset, "distinct");
        this.term(literal.left, "term", false);
        this.term(literal.right, "term", false);
    }
  }

  private connective(offset: number, name: string): void {
    const t = this.nameToken(offset);
    if (t >= 0 && this.tokens.text(t).toLowerCase() === name) this.add(t, name, "connective", 0, false, "term", false);
  }

  /** The occurrences of a term and its subterms, in written order (from a stack of its own: terms nest deeper than a stack holds calls). */
  private term(root: Term, rootContext: TermContext, roleFact: boolean): void {
    forEachSubterm(root, (term) => {
      const t = this.nameToken(term.pos.offset);
      // the root's context; every subterm's is "term", and only the root of a role fact defines a role
      const context = term === root ? rootContext : "term";
      switch (term.kind) {
        case "variable": {
          const definition = !this.seenVariables.has(term.name);
          this.seenVariables.add(term.name);
          // an anonymous `_` is stored under a made-up name: its token is `_`
          this.add(t, term.name, "variable", 0, definition, context, t >= 0 && this.tokens.text(t) !== "_");
          return;
        }
        case "constant":
          return this.add(t, term.name, "constant", 0, roleFact && term === root, context);
        case "compound":
          this.add(t, term.functor, "function", term.args.length, false, context);
      }
    });
  }
}

/** No arity or rule yet: shared, replaced by a list of its own at the first (a text of 300,000 facts names 600,000 constants). */
const NONE: number[] = [];

/** A symbol of the table: what SymbolInfo says, its occurrences kept as their indices in the document's list. */
class SymbolEntry implements SymbolInfo {
  relationArities: number[] = NONE;
  termArities: number[] = NONE;
  role = false;
  fluent = false;
  action = false;
  rules: number[] = NONE;
  /** The indices of its occurrences in `list`, ascending (set once the table is built). */
  indices: Int32Array = new Int32Array(0);

  constructor(
    readonly name: string,
    private readonly list: OccurrenceList,
  ) {}

  get occurrences(): Occurrence[] {
    return Array.from(this.indices, (k) => this.list.at(k)!);
  }

  get occurrenceCount(): number {
    return this.indices.length;
  }
}

/** `list` with `n` in it: the same list, or a new one when it was NONE. */
function including(list: number[], n: number): number[] {
  if (list === NONE) return [n];
  if (!list.includes(n)) list.push(n);
  return list;
}

function symbolTable(occurrences: OccurrenceList, rules: readonly Rule[]): Map<string, SymbolInfo> {
  const table = new Map<string, SymbolEntry>();
  const info = (name: string): SymbolEntry => {
    let s = table.get(name);
    if (!s) table.set(name, (s = new SymbolEntry(name, occurrences)));
    return s;
  };
  // per name of the list: its symbol (none for variables and connectives alone) and how many occurrences it has
  const byName: (SymbolEntry | undefined)[] = new Array<SymbolEntry | undefined>(occurrences.nameCount).fill(undefined);
  const counts = new Int32Array(occurrences.nameCount);
  for (let k = 0; k < occurrences.length; k++) {
    const kind = occurrences.kind(k);
    if (kind === "variable" || kind === "connective") continue;
    const id = occurrences.nameId(k);
    const s = (byName[id] ??= info(occurrences.name(k)));
    counts[id]++;
    if (kind === "relation") s.relationArities = including(s.relationArities, occurrences.arity(k));
    else s.termArities = including(s.termArities, occurrences.arity(k));
    const context = occurrences.context(k);
    if (context === "fluent") s.fluent = true;
    if (context === "action") s.action = true;
    if (context === "role" && occurrences.definition(k)) s.role = true;
  }
  const filled = new Int32Array(occurrences.nameCount);
  byName.forEach((s, id) => {
    if (s) s.indices = new Int32Array(counts[id]);
  });
  for (let k = 0; k < occurrences.length; k++) {
    const kind = occurrences.kind(k);
    if (kind === "variable" || kind === "connective") continue;
    const id = occurrences.nameId(k);
    byName[id]!.indices[filled[id]++] = k;
  }
  rules.forEach((rule, i) => {
    const s = info(rule.head.relation);
    if (s.rules === NONE) s.rules = [i];
    else s.rules.push(i);
  });
  return table;
}

/** Whether a stored name is one of GDL's words: a keyword relation or a connective. */
export function isKeyword(name: string): boolean {
  return KEYWORD_ARITY.has(name) || CONNECTIVES.has(name);
}
