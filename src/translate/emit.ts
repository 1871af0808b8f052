/**
 * Writing flat rules as clingo (gringo) text, one rule per line, remembering for each line the
 * GDL rule it comes from so that clingo's messages can be mapped back to the game.
 */
import type { Atom, Term } from "../syntax/ast.js";
import type { Position } from "../diagnostics.js";
import type { FlatLiteral, FlatRule } from "./flat-rules.js";
import { flatRuleVariables } from "./flat-rules.js";
import { SymbolTable, ZERO_ARITY_FUNCTOR, variableNames } from "./symbols.js";

export class AspWriter {
  private readonly lines: string[] = [];
  /** For each line (0-based), the GDL position it comes from. */
  private readonly origins: (Position | undefined)[] = [];
  ruleCount = 0;

  constructor(private readonly symbols: SymbolTable) {}

  comment(text: string): void {
    for (const line of text.split("\n")) this.push(`% ${line}`.trimEnd(), undefined);
  }

  blank(): void {
    this.push("", undefined);
  }

  /** Copies a fixed ASP part (a template) verbatim. */
  verbatim(text: string): void {
    for (const line of text.replace(/\n$/, "").split("\n")) {
      this.push(line, undefined);
      if (line.trim() !== "" && !line.trim().startsWith("%")) this.ruleCount++;
    }
  }

  rule(rule: FlatRule): void {
    const vars = variableNames(flatRuleVariables(rule));
    const head = this.atom(rule.head, vars);
    const text =
      rule.body.length === 0
        ? `${head}.`
        : `${head} :- ${rule.body.map((l) => this.literal(l, vars)).join(", ")}.`;
    this.push(text, rule.origin.pos);
    this.ruleCount++;
  }

  text(): string {
    return this.lines.join("\n") + "\n";
  }

  lineOrigins(): readonly (Position | undefined)[] {
    return this.origins;
  }

  private push(line: string, origin: Position | undefined): void {
    this.lines.push(line);
    this.origins.push(origin);
  }

  private literal(literal: FlatLiteral, vars: Map<string, string>): string {
    switch (literal.kind) {
      case "pos":
        return this.atom(literal.atom, vars);
      case "neg":
        return `not ${this.atom(literal.atom, vars)}`;
      case "distinct":
        return `${this.term(literal.left, vars)} != ${this.term(literal.right, vars)}`;
      case "equal":
        return `${this.term(literal.left, vars)} = ${this.term(literal.right, vars)}`;
    }
  }

  atom(atom: Atom, vars: Map<string, string>): string {
    const name = this.symbols.name(atom.relation);
    if (atom.args.length === 0) return name;
    return `${name}(${atom.args.map((a) => this.term(a, vars)).join(",")})`;
  }

  /** A term in ASP, written from a stack of its own (terms nest 2,000 deep; a browser worker's stack holds fewer calls than Node's). */
  term(root: Term, vars: Map<string, string>): string {
    const out: string[] = [];
    const stack: (Term | string)[] = [root];
    while (stack.length > 0) {
      const term = stack.pop()!;
      if (typeof term === "string") {
        out.push(term);
        continue;
      }
      switch (term.kind) {
        case "variable":
          out.push(vars.get(term.name)!);
          break;
        case "constant":
          out.push(this.symbols.constant(term.name));
          break;
        case "compound":
          if (term.args.length === 0) {
            out.push(`${ZERO_ARITY_FUNCTOR}(${this.symbols.name(term.functor)})`);
            break;
          }
          out.push(`${this.symbols.name(term.functor)}(`);
          stack.push(")");
          for (let k = term.args.length - 1; k >= 0; k--) {
            stack.push(term.args[k]);
            if (k > 0) stack.push(",");
          }
      }
    }
    return out.join("");
  }
}
