/**
 * A host's own grounding feeding the language server's hover (GROUND_COUNTS_NOTIFICATION, what
 * the playground page sends after Ground): `gdl-ground lsp` with its own groundings off takes
 * the counts of a real game grounded by the Node pipeline, shows them in the hover for the
 * version they were taken of, says when the text changed since, keeps them over a failed
 * grounding of a later version, and drops counts of a text before the document was opened,
 * malformed ones, and all of them when the document closes.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hover, MarkupContent } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { startLspClient, type LspClient } from "../scripts/lsp-client.js";
import { createGrounder } from "../src/ground/index.js";
import { DocumentAnalysis } from "../src/lsp/analysis.js";
import { describeSymbol } from "../src/lsp/describe.js";
import { GROUND_COUNTS_NOTIFICATION, countGroundInstances, groundCountsOf, groundCountsParams, type GroundCounts, type GroundCountsParams } from "../src/lsp/ground-counts.js";
import { groundDescription, loadText } from "../src/pipeline.js";

const ROOT = path.resolve(__dirname, "..");
const TICTACTOE = path.resolve(ROOT, "../shared/games/base/ticTacToe.kif");
const haveGame = existsSync(TICTACTOE);

describe("ground counts as data", () => {
  it("go through JSON and come back the same; malformed ones are refused", () => {
    const counts: GroundCounts = { version: 3, status: "ok", seconds: 0.25, relations: new Map([["open", 1]]), fluents: new Map([["cell", 27]]), actions: new Map([["mark", 18]]) };
    const params = JSON.parse(JSON.stringify(groundCountsParams("file:///g.kif", counts)));
    expect(groundCountsOf(params)).toEqual(counts);
    expect(groundCountsOf({ ...params, fluents: [["cell", "27"]] })).toBeUndefined();
    expect(groundCountsOf({ ...params, status: "grounded" })).toBeUndefined();
    expect(groundCountsOf({ ...params, version: undefined })).toBeUndefined();
    expect(groundCountsOf(null as unknown as GroundCountsParams)).toBeUndefined();
  });
});

describe.skipIf(!haveGame)("gdl-ground lsp takes the ground counts of its host's grounding", () => {
  let client: LspClient;
  const uri = `file://${TICTACTOE}`;
  const text = haveGame ? readFileSync(TICTACTOE, "utf8") : "";
  const lines = TextDocument.create(uri, "gdl", 1, text);
  const cell = lines.positionAt(text.indexOf("(init (cell 1 1 b))") + "(init (c".length);
  const hoverOfCell = async () => ((await client.request<Hover>("textDocument/hover", { textDocument: { uri }, position: cell }))!.contents as MarkupContent).value;
  const send = (params: unknown) => client.connection.sendNotification(GROUND_COUNTS_NOTIFICATION, params);
  let counts: Omit<GroundCounts, "version">;

  beforeAll(async () => {
    client = await startLspClient([], undefined, { groundTimeoutSeconds: 0 });
    const grounder = await createGrounder("wasm");
    if ("error" in grounder) throw new Error(grounder.error);
    const result = await groundDescription(loadText(text, TICTACTOE), { grounder, timeoutSeconds: 60 }).finally(() => grounder.close());
    if (!result.game) throw new Error(`ticTacToe did not ground: ${result.status}`);
    counts = { status: "ok", seconds: 0.5, ...countGroundInstances(result.game) };
  }, 60_000);
  afterAll(async () => {
    if (client) expect(await client.close()).toBe(0);
  });

  it("shows them in the hover of the version grounded", async () => {
    await client.open(uri, text);
    expect(await hoverOfCell()).not.toContain("ground:"); // its own groundings are off
    await send(groundCountsParams(uri, { ...counts, version: 0 })); // a text before this one was opened
    await send({ uri, version: 1, status: "ok", seconds: 1, relations: "none", fluents: [], actions: [] });
    await send(null);
    expect(await hoverOfCell()).not.toContain("ground:");
    await send(groundCountsParams(uri, { ...counts, version: 1 }));
    expect(await hoverOfCell()).toContain("ground: 27 base propositions (grounded in 0.5 s)");
  });

  it("says when the text changed since, and keeps them over a failed grounding", async () => {
    const end = lines.positionAt(text.length);
    await client.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: end, end }, text: "\n; a comment\n" }] });
    expect(await hoverOfCell()).toContain("ground: 27 base propositions (grounded in 0.5 s; of version 1, before the last changes)");
    await send(groundCountsParams(uri, { version: 2, status: "timeout", seconds: 60, relations: new Map(), fluents: new Map(), actions: new Map() }));
    expect(await hoverOfCell()).toContain("of version 1, before the last changes");
  });

  it("forgets them when the document closes", async () => {
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
    await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "gdl", version: 3, text } });
    expect(await hoverOfCell()).not.toContain("ground:");
    await send(groundCountsParams(uri, { ...counts, version: 2 })); // of the text before it was opened again
    expect(await hoverOfCell()).not.toContain("ground:");
  });
});

describe("the hover's ground line for a game played on the prover", () => {
  it("says the game did not ground in time and is played on the prover, not 'not grounded: partial'", () => {
    const analysis = new DocumentAnalysis("(role r) (init (cell 1)) (<= (next (cell 1)) (true (cell 1)))", "t.kif");
    const cell = [...analysis.symbols.values()].find((s) => s.name === "cell");
    if (!cell) throw new Error("no symbol cell");
    const partial: GroundCounts = { version: 1, status: "partial", seconds: 45, relations: new Map(), fluents: new Map(), actions: new Map() };
    const text = describeSymbol(analysis, cell, partial, 1).join("\n");
    expect(text).toContain("not ground within the time limit (45.0 s): played on the prover");
    expect(text).not.toContain("not grounded: partial");
  });
});
