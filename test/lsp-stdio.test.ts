/**
 * `gdl-ground lsp` driven over stdio as an editor drives it (scripts/lsp-client.ts: a child
 * process, JSON-RPC through vscode-jsonrpc): initialize, didOpen, diagnostics, hover (with the
 * ground instance counts of the background grounding), definition, references, highlight,
 * outline, rename (and its refusals), formatting, completion, semantic tokens, didChange and its
 * diagnostics with related information, shutdown and exit — on real games.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, DocumentSymbol, Hover, Location, MarkupContent, Position, SemanticTokens, TextEdit, WorkspaceEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { formatGdl } from "../src/format/index.js";
import { startLspClient, type LspClient } from "../scripts/lsp-client.js";

const ROOT = path.resolve(__dirname, "..");
const BASE = path.resolve(ROOT, "../shared/games/base");
const TICTACTOE = path.join(BASE, "ticTacToe.kif");
const haveGames = existsSync(TICTACTOE);

/** The position of the `nth` occurrence of `needle` in `text`, `into` characters into it. */
function at(text: string, needle: string, into = 1, nth = 0): Position {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`no ${needle}`);
  return TextDocument.create("x", "gdl", 1, text).positionAt(offset + into);
}

const hoverText = (h: Hover | null) => (h ? (h.contents as MarkupContent).value : "");

describe.skipIf(!haveGames)("gdl-ground lsp over stdio, on real games", () => {
  let client: LspClient;
  const uri = `file://${TICTACTOE}`;
  const text = haveGames ? readFileSync(TICTACTOE, "utf8") : "";
  const doc = { textDocument: { uri } };

  beforeAll(async () => {
    client = await startLspClient();
  }, 30_000);
  afterAll(async () => {
    if (client) expect(await client.close()).toBe(0);
  });

  it("initializes with the features it serves", () => {
    const c = client.initialized.capabilities;
    expect(c.hoverProvider && c.definitionProvider && c.referencesProvider && c.documentHighlightProvider && c.documentSymbolProvider).toBe(true);
    expect(c.renameProvider).toEqual({ prepareProvider: true });
    expect(c.documentFormattingProvider && c.documentRangeFormattingProvider).toBe(true);
    expect(c.semanticTokensProvider?.legend.tokenTypes).toContain("variable");
    expect(client.initialized.serverInfo?.name).toBe("gdl-ground");
  });

  it("publishes check's diagnostics on open: none for tictactoe", async () => {
    expect(await client.open(uri, text, "kif")).toEqual([]);
  });

  it("hovers a fluent with its arity, kind, rules and argument values, and after the grounding its count", async () => {
    const position = at(text, "(init (cell 1 1 b))", 7);
    let h = hoverText(await client.request<Hover>("textDocument/hover", { ...doc, position }));
    expect(h).toContain("**cell/3** fluent");
    expect(h).toContain("9 init rules, 4 next rules");
    expect(h).toContain("argument values: 1: 1, 2, 3; 2: 1, 2, 3; 3: b, x, o");
    for (let i = 0; i < 300 && !h.includes("ground:"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      h = hoverText(await client.request<Hover>("textDocument/hover", { ...doc, position }));
    }
    expect(h).toMatch(/ground: 27 base propositions \(grounded in [\d.]+ s\)/);
  });

  it("hovers a view, a static relation, a keyword and a variable", async () => {
    const row = hoverText(await client.request<Hover>("textDocument/hover", { ...doc, position: at(text, "(<= (row ?m ?x)", 6) }));
    expect(row).toContain("**row/2** view (depends on the state)");
    expect(row).toContain("defined by 1 rule");
    expect(row).toMatch(/ground: 6 ground atoms/);
    const index = hoverText(await client.request<Hover>("textDocument/hover", { ...doc, position: at(text, "(index 1)", 2) }));
    expect(index).toContain("static relation");
    expect(index).toContain("defined by 3 rules (3 facts)");
    const legal = hoverText(await client.request<Hover>("textDocument/hover", { ...doc, position: at(text, "(<= (legal", 6) }));
    expect(legal).toContain("keyword: `(legal ?r ?m)`: role r may make move m in the current state");
    const variable = hoverText(await client.request<Hover>("textDocument/hover", { ...doc, position: at(text, "(<= (row ?m ?x)", 10) }));
    expect(variable).toMatch(/\?m\*\* variable of this rule: 4 occurrences/);
  });

  it("goes to the definition of a relation, finds its references and highlights them", async () => {
    const use = at(text, "(row ?m ?x)", 2, 1); // in the line rule's body
    const defs = await client.request<Location[]>("textDocument/definition", { ...doc, position: use });
    expect(defs).toHaveLength(1);
    expect(defs[0].range.start).toEqual(at(text, "(<= (row ?m ?x)", 5));
    const refs = await client.request<Location[]>("textDocument/references", { ...doc, position: use, context: { includeDeclaration: true } });
    expect(refs.length).toBe((text.match(/\(row /g) ?? []).length);
    const highlights = await client.request<{ kind: number }[]>("textDocument/documentHighlight", { ...doc, position: use });
    expect(highlights.filter((h) => h.kind === 3)).toHaveLength(1); // the head: written
  });

  it("lists roles and GDL's groups of rules in the outline", async () => {
    const symbols = await client.request<DocumentSymbol[]>("textDocument/documentSymbol", doc);
    const names = symbols.map((s) => s.name);
    expect(names.slice(0, 1)).toEqual(["roles"]);
    expect(symbols[0].children?.map((c) => c.name)).toEqual(["xplayer", "oplayer"]);
    for (const group of ["init", "legal", "next", "goal", "terminal", "row/2"]) expect(names).toContain(group);
  });

  it("renames a fluent across the document, a variable in its rule, and refuses what would capture or touch a keyword", async () => {
    const cell = at(text, "(init (cell 1 1 b))", 7);
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", { ...doc, position: cell, newName: "square" });
    const edits = edit.changes![uri];
    expect(edits.length).toBe((text.match(/\(cell /g) ?? []).length);
    expect(new Set(edits.map((e) => e.newText))).toEqual(new Set(["square"]));
    await expect(client.request("textDocument/rename", { ...doc, position: cell, newName: "index" })).rejects.toThrow(/'index' is already a static relation/);
    await expect(client.request("textDocument/prepareRename", { ...doc, position: at(text, "(<= (legal", 6) })).rejects.toThrow(/keyword/);
    await expect(client.request("textDocument/rename", { ...doc, position: cell, newName: "true" })).rejects.toThrow(/keyword/);
    const variable = await client.request<WorkspaceEdit>("textDocument/rename", { ...doc, position: at(text, "(<= (row ?m ?x)", 10), newName: "?row" });
    expect(variable.changes![uri].map((e) => e.newText)).toEqual(["?row", "?row", "?row", "?row"]);
    await expect(client.request("textDocument/rename", { ...doc, position: at(text, "(<= (row ?m ?x)", 10), newName: "x" })).rejects.toThrow(/already a variable of this rule/);
  });

  it("formats the document as gdl-ground fmt does", async () => {
    const edits = await client.request<TextEdit[]>("textDocument/formatting", { ...doc, options: { tabSize: 4, insertSpaces: true } });
    expect(edits.length).toBe(1);
    const formatted = TextDocument.applyEdits(TextDocument.create(uri, "kif", 1, text), edits);
    const expected = formatGdl(text);
    expect(expected.ok && formatted === expected.text).toBe(true);
  });

  it("completes relations and constants with their arity, and keywords", async () => {
    const items = await client.request<CompletionItem[]>("textDocument/completion", { ...doc, position: at(text, "(init (cell 1 1 b))", 7) });
    const byLabel = new Map(items.map((i) => [i.label, i]));
    expect(byLabel.get("cell")?.detail).toBe("fluent cell/3");
    expect(byLabel.get("row")?.detail).toBe("view relation row/2");
    expect(byLabel.get("xplayer")?.detail).toBe("role xplayer");
    expect(byLabel.get("legal")?.documentation).toBe("role r may make move m in the current state");
  });

  it("colours by meaning", async () => {
    const tokens = await client.request<SemanticTokens>("textDocument/semanticTokens/full", doc);
    expect(tokens.data.length % 5).toBe(0);
    expect(tokens.data.length / 5).toBeGreaterThan(300);
  });

  it("publishes new diagnostics after a change, with the related note as related information", async () => {
    const next = client.nextDiagnostics(uri, 2);
    const end = at(text, "(index 3)", 9);
    await client.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: end, end }, text: " (index 4 5)" }],
    });
    const diagnostics = await next;
    const arity = diagnostics.find((d) => d.code === "arity");
    expect(arity?.severity).toBe(1);
    expect(arity?.message).toMatch(/index/);
    expect(arity?.relatedInformation?.[0].message).toMatch(/first use of 'index'/);
    expect(arity?.relatedInformation?.[0].location.range.start).toEqual(at(text, "(index 1)", 0));
  });
});

describe("gdl-ground lsp on infix, and for an editor without related information", () => {
  it("hovers and diagnoses infix text; puts the notes into the message", async () => {
    const client = await startLspClient(["--ground-timeout", "0"], { textDocument: { hover: { contentFormat: ["plaintext"] } } });
    try {
      const uri = "file:///tmp/counter.gdl";
      const text = "role(robot).\ninit(step(1)).\nsucc(1, 2).\nsucc(2, 3).\nnext(step(N)) :- true(step(M)) & succ(M, N).\nlegal(robot, go).\nterminal :- true(step(3)).\ngoal(robot, 100) :- terminal.\nsucc(1).\n";
      const diagnostics = await client.open(uri, text);
      const arity = diagnostics.find((d) => d.code === "arity");
      expect(arity?.message).toMatch(/\nnote \(3:1\): first use of 'succ'/);
      expect(arity?.relatedInformation).toBeUndefined();
      const h = await client.request<Hover>("textDocument/hover", { textDocument: { uri }, position: at(text, "succ(M, N)", 1) });
      expect((h.contents as MarkupContent).kind).toBe("plaintext");
      expect((h.contents as MarkupContent).value).toContain("succ/1,2 static relation");
      const legal = await client.request<Hover>("textDocument/hover", { textDocument: { uri }, position: at(text, "legal(", 1) });
      expect((legal.contents as MarkupContent).value).toContain("legal(R, M)");
    } finally {
      expect(await client.close()).toBe(0);
    }
  }, 30_000);
});

describe.skipIf(!haveGames)("gdl-ground lsp over stdio, on a text slow to check", () => {
  it("checks the changes that came while it was checking once, at the last (a ground game: 4-5 s a check)", async () => {
    const client = await startLspClient(["--ground-timeout", "0"]);
    try {
      const uri = "file:///slow.kif";
      // tictactoe and 60,000 facts: a check of a few hundred ms, past SLOW_CHECK_MS
      const text = `${readFileSync(TICTACTOE, "utf8")}\n${Array.from({ length: 60_000 }, (_, i) => `(filler ${i} ${i + 1})`).join("\n")}\n`;
      expect(await client.open(uri, text)).toEqual([]);
      const opened = client.published.length;
      const last = client.nextDiagnostics(uri, 6);
      for (let version = 2; version <= 6; version++) {
        void client.connection.sendNotification("textDocument/didChange", {
          textDocument: { uri, version },
          contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: " " }],
        });
      }
      expect(await last).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // the five changes were checked once (each checked in turn: versions 2, 3, 4, 5 and 6)
      expect(client.published.slice(opened).filter((p) => p.uri === uri).map((p) => p.version)).toEqual([6]);
    } finally {
      expect(await client.close()).toBe(0);
    }
  }, 60_000);
});
