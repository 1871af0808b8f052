/**
 * What every validity check receives: the description and its dependency graph (built once,
 * on first use, and shared), plus a helper that makes diagnostics for the description's file.
 * A check is a pure function `(context) => Diagnostic[]`, in the manner of graphql-js's
 * validation rules.
 */
import { diagnostic, type Diagnostic, type DiagnosticCode, type RelatedPosition, type Severity, type Position } from "../diagnostics.js";
import { buildDependencyGraph, type DependencyGraph } from "../analysis/dependency-graph.js";
import type { Description } from "../syntax/ast.js";
import { KIF_PRINTER, type GdlPrinter } from "../syntax/printer.js";
import { NO_DEADLINE, type Deadline } from "../deadline.js";
import { quoteForMessage } from "../text.js";

export interface CheckContext {
  readonly description: Description;
  /** The dependency graph of Definition 1 for the description as written. */
  readonly graph: DependencyGraph;
  /** Prints GDL quoted in messages, in the notation asked for (KIF by default), long pieces shortened (`quoteForMessage`). */
  readonly print: GdlPrinter;
  /** The time limit, polled by the checks per rule and per literal (see deadline.ts). */
  readonly deadline: Deadline;
  report(
    severity: Severity,
    code: DiagnosticCode,
    pos: Position,
    message: string,
    related?: readonly RelatedPosition[],
  ): Diagnostic;
}

export type CheckRule = (context: CheckContext) => Diagnostic[];

/** `print` with every piece it prints quoted for a message (`quoteForMessage`). */
function quotingPrinter(print: GdlPrinter): GdlPrinter {
  return {
    syntax: print.syntax,
    term: (term) => quoteForMessage(print.term(term)),
    atom: (atom) => quoteForMessage(print.atom(atom)),
    literal: (literal) => quoteForMessage(print.literal(literal)),
    rule: (rule) => quoteForMessage(print.rule(rule)),
    variable: (name) => quoteForMessage(print.variable(name)),
  };
}

export function createCheckContext(description: Description, print: GdlPrinter = KIF_PRINTER, deadline: Deadline = NO_DEADLINE): CheckContext {
  let graph: DependencyGraph | undefined;
  return {
    description,
    print: quotingPrinter(print),
    deadline,
    get graph() {
      graph ??= buildDependencyGraph(description);
      return graph;
    },
    report: (severity, code, pos, message, related) =>
      diagnostic(severity, code, description.file, pos, message, related),
  };
}
