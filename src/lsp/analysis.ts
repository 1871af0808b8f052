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
import { tokensOf, unquote, type Token } from "../format/tokens.js";
import { CONNECTIVES, KEYWORD_ARITY, type Atom, type Literal, type Rule, type Term } from "../syntax/ast.js";
import { normalizeSymbol } from "../syntax/case.js";
import { infixVariableToName } from "../syntax/infix-parse.js";
import { parseGdl, type ParseResult } from "../syntax/parse.js";
import type { GdlSyntax } from "../syntax/sniff.js";
import { forEachSubterm } from "../syntax/terms.js";
import { staticRelations } from "../translate/static-relaxation.js";

/** Where a term stands, as far as its meaning goes. */
export type TermContext = "fluent" | "action" | "role" | "term";

export interface Occurrence {
  /** The stored name (a variable's without `?`; `<=`, `not`, `or`, `distinct` for connectives). */
  readonly name: string;
  readonly kind: "relation" | "function" | "constant" | "variable" | "connective";
  /** The span of the name's token. */
  readonly start: number;
  readonly end: number;
  /** The index of the rule it is in. */
  readonly rule: number;
  /** Arguments of a relation or function (0 for a constant or a relation written bare). */
  readonly arity: number;
  /** A relation in the head of its rule, a role in `(role r)`, a variable's first occurrence in its rule. */
  readonly definition: boolean;
  /** For a term: a fluent (argument of init/true/next/base), a move (of legal/does/input), a role. */
  readonly context: TermContext;
}

export interface SymbolInfo {
  readonly name: string;
  readonly occurrences: readonly Occurrence[];
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
  readonly tokens: readonly Token[];
  /** Every occurrence, in text order. */
  readonly occurrences: readonly Occurrence[];
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
    made: { readonly parsed?: ParseResult; readonly tokens?: readonly Token[] } = {},
  ) {
    this.parsed = made.parsed ?? parseGdl(text, file, options);
    this.syntax = this.parsed.syntax;
    this.tokens = made.tokens ?? tokensOf(text, this.syntax);
    const builder = new OccurrenceBuilder(this.tokens, this.syntax, options.caseSensitive === true);
    const rules = this.parsed.description.rules;
    rules.forEach((rule, i) => builder.rule(rule, i));
    this.occurrences = builder.occurrences.sort((a, b) => a.start - b.start);
    this.symbols = symbolTable(this.occurrences, rules);
    this.ruleSpans = rules.map((rule, i) => ({ start: rule.pos.offset, end: this.lastTokenEndBefore(i + 1 < rules.length ? rules[i + 1].pos.offset : text.length) }));
  }

  get rules(): readonly Rule[] {
    return this.parsed.description.rules;
  }

  /** The end of the last token that is not a comment before `offset`. */
  private lastTokenEndBefore(offset: number): number {
    let k = tokenIndexAtOrAfter(this.tokens, offset) - 1;
    while (k >= 0 && this.tokens[k].kind === "comment") k--;
    return k >= 0 ? this.tokens[k].end : 0;
  }

  /** The occurrence whose token holds `offset` (or ends right at it, for a cursor after a name). */
  occurrenceAt(offset: number): Occurrence | undefined {
    let lo = 0;
    let hi = this.occurrences.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const o = this.occurrences[mid];
      if (o.end < offset) lo = mid + 1;
      else if (o.start > offset) hi = mid - 1;
      else {
        // the occurrence starting at offset wins over the one ending there
        const next = this.occurrences[mid + 1];
        return o.end === offset && next?.start === offset ? next : o;
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
    for (const o of this.inRule(rule)) if (o.kind === "relation") return o;
    return undefined;
  }

  /** The occurrences of a variable in its rule. */
  variableOccurrences(rule: number, name: string): Occurrence[] {
    const out: Occurrence[] = [];
    for (const o of this.inRule(rule)) if (o.kind === "variable" && o.name === name) out.push(o);
    return out;
  }

  /** The occurrences of a rule, in text order: those within its span, from the first by binary search. */
  private *inRule(rule: number): Generator<Occurrence> {
    const span = this.ruleSpans[rule];
    for (let k = this.firstOccurrenceFrom(span.start); k < this.occurrences.length && this.occurrences[k].start <= span.end; k++) {
      const o = this.occurrences[k];
      if (o.rule === rule) yield o;
    }
  }

  private firstOccurrenceFrom(offset: number): number {
    let lo = 0;
    let hi = this.occurrences.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.occurrences[mid].start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The index of the first token starting at or after `offset`. */
export function tokenIndexAtOrAfter(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Walks the rules, finding the token of every name the tree holds. */
class OccurrenceBuilder {
  readonly occurrences: Occurrence[] = [];
  private ruleIndex = 0;
  private seenVariables = new Set<string>();

  constructor(
    private readonly tokens: readonly Token[],
    private readonly syntax: GdlSyntax,
    private readonly caseSensitive: boolean,
  ) {}

  /** The name token a node at `offset` is named by: the token there, or the one after a KIF `(`. */
  private nameToken(offset: number): Token | undefined {
    let k = tokenIndexAtOrAfter(this.tokens, offset);
    let t = this.tokens[k];
    if (t?.start !== offset) return undefined;
    if (t.kind === "(") {
      do t = this.tokens[++k];
      while (t?.kind === "comment");
    }
    return t && NAME_TOKENS.has(t.kind) ? t : undefined;
  }

  /** The stored name of a name token (as the readers store it). */
  private stored(t: Token): string {
    if (t.kind === "quoted") return normalizeSymbol(unquote(t.text), { caseSensitive: this.caseSensitive });
    if (t.kind === "variable") return this.syntax === "infix" ? infixVariableToName(t.text) : normalizeSymbol(t.text, { caseSensitive: this.caseSensitive }).slice(1);
    return normalizeSymbol(t.text, { caseSensitive: this.caseSensitive });
  }

  /** Keeps the occurrence of `name` at token `t` (`check`: when the token reads as that name). */
  private add(t: Token | undefined, name: string, kind: Occurrence["kind"], arity: number, definition: boolean, context: TermContext, check = true): void {
    if (!t || (check && this.stored(t) !== name)) return;
    this.occurrences.push({ name, kind, start: t.start, end: t.end, rule: this.ruleIndex, arity, definition, context });
  }

  rule(rule: Rule, index: number): void {
    this.ruleIndex = index;
    this.seenVariables = new Set();
    const first = this.nameToken(rule.pos.offset);
    if (first?.text === "<=") this.add(first, "<=", "connective", 0, false, "term", false);
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
    if (t && t.text.toLowerCase() === name) this.add(t, name, "connective", 0, false, "term", false);
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
          this.add(t, term.name, "variable", 0, definition, context, t?.text !== "_");
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

/** A SymbolInfo while the table is built. */
type SymbolBuild = { -readonly [K in keyof SymbolInfo]: SymbolInfo[K] extends readonly (infer E)[] ? E[] : SymbolInfo[K] };

/** No arity or rule yet: shared, replaced by a list of its own at the first (a text of 300,000 facts names 600,000 constants). */
const NONE: number[] = [];

/** `list` with `n` in it: the same list, or a new one when it was NONE. */
function including(list: number[], n: number): number[] {
  if (list === NONE) return [n];
  if (!list.includes(n)) list.push(n);
  return list;
}

function symbolTable(occurrences: readonly Occurrence[], rules: readonly Rule[]): Map<string, SymbolInfo> {
  const table = new Map<string, SymbolBuild>();
  const info = (name: string): SymbolBuild => {
    let s = table.get(name);
    if (!s) table.set(name, (s = { name, occurrences: [], relationArities: NONE, termArities: NONE, role: false, fluent: false, action: false, rules: NONE }));
    return s;
  };
  for (const o of occurrences) {
    if (o.kind === "variable" || o.kind === "connective") continue;
    const s = info(o.name);
    s.occurrences.push(o);
    if (o.kind === "relation") s.relationArities = including(s.relationArities, o.arity);
    else s.termArities = including(s.termArities, o.arity);
    if (o.context === "fluent") s.fluent = true;
    if (o.context === "action") s.action = true;
    if (o.context === "role" && o.definition) s.role = true;
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
