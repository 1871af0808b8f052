/**
 * `gdl-ground lsp [--stdio]`: the language server (src/lsp/server.ts) over standard input and
 * output, on vscode-languageserver's Node connection. Editors start it as a child process and
 * pass `--stdio`. It runs until the editor sends `exit` (or closes its input): the connection
 * then ends the process, with 0 after a `shutdown`, 1 without.
 *
 * Documents are grounded in the background for the hover's instance counts, with the command
 * line's grounder (a native gringo when there is one, else clingo-wasm), created at the first
 * grounding only, so that a server that never grounds never loads clingo.
 */
import { createConnection } from "vscode-languageserver/node";
import type { AspGrounder, GrounderKind } from "../ground/asp-grounder.js";
import { startLanguageServer } from "../lsp/server.js";
import type { Output } from "./output.js";

export interface LspCommandOptions {
  readonly grounder: GrounderKind;
  /** Time limit of a background grounding in seconds (0: never ground). */
  readonly groundTimeout: number;
}

/** The grounder, created when first asked to ground. */
function lazyGrounder(kind: GrounderKind): AspGrounder {
  let created: Promise<AspGrounder> | undefined;
  const get = () =>
    (created ??= import("../ground/index.js").then(async ({ createGrounder }) => {
      const g = await createGrounder(kind);
      if ("error" in g) throw new Error(g.error);
      return g;
    }));
  return {
    ground: async (program, options) => {
      try {
        return await (await get()).ground(program, options);
      } catch (error) {
        return { status: "error", message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export function runLsp(options: LspCommandOptions, io: Output): Promise<number> {
  if (!(options.groundTimeout >= 0)) {
    io.err("gdl-ground lsp: --ground-timeout must be a number of seconds, 0 or more\n");
    return Promise.resolve(2);
  }
  // stdout carries the protocol: anything a library would print goes to stderr instead
  for (const method of ["log", "info", "debug", "warn"] as const) console[method] = (...args: unknown[]) => io.err(args.map(String).join(" ") + "\n");
  const connection = createConnection(process.stdin, process.stdout);
  startLanguageServer(connection, {
    grounder: options.groundTimeout > 0 ? lazyGrounder(options.grounder) : undefined,
    groundTimeoutSeconds: options.groundTimeout,
    version: "0.1.0",
  });
  connection.listen();
  // the connection ends the process on `exit` or when the editor closes its input
  return new Promise<number>(() => {});
}
