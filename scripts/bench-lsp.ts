/**
 * `npm run bench:lsp [-- --rounds N]`: the language server as an editor meets it, over stdio
 * (`gdl-ground lsp --stdio`, started as a child process by scripts/lsp-client.ts). Writes
 * results/lsp.md with the machine's load next to each figure:
 *
 *   - on amazonsTorus.kif (the base game with the largest ground game), after its background
 *     grounding has ended: the latency of the diagnostics after a change (didChange sent to
 *     publishDiagnostics received, one space typed or removed each round), of the first hover
 *     after a change (it builds the document's index) and of further hovers on the same text;
 *     medians and 90th percentiles (the issue's target: under 50 ms median each);
 *   - the server's memory (resident set) with the 10 largest base games (by file size) open, each
 *     checked and hovered once: without grounding, and with the default background grounding
 *     once every grounding has ended (the grounder's own process, a native gringo, not counted);
 *   - a ground game opened (chess_200's, written by `gdl-ground chess_200.kif -o`: 130,000 lines):
 *     the first diagnostics, the first hover (the index), the colours (semantic tokens) and the
 *     server's memory after them; then the whole document formatted (as `gdl-ground fmt`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hover, MarkupContent, Position, SemanticTokens } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { writeFileAtomic } from "../src/output-file.js";
import { RESULTS, ROOT, gamesFolder, machineLine } from "./common.js";
import { startLspClient, type LspClient } from "./lsp-client.js";
import { scriptArgs } from "./script-args.js";

const args = scriptArgs("bench:lsp", "usage: npm run bench:lsp [-- DIR] [--rounds N]\n", { rounds: "string" }, 1);
const rounds = args.positive("rounds", 40);
const dir = gamesFolder(args.positionals[0]);

const load = () => os.loadavg()[0].toFixed(2);
const ms = (t0: number) => performance.now() - t0;
function stats(values: number[]): { median: number; p90: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)], p90: sorted[Math.floor(0.9 * (sorted.length - 1))] };
}
const fmt = (s: { median: number; p90: number }) => `median ${s.median.toFixed(1)} ms, 90th percentile ${s.p90.toFixed(1)} ms`;

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function hoverText(client: LspClient, uri: string, position: Position): Promise<string> {
  const h = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position });
  return h ? (h.contents as MarkupContent).value : "";
}

/** Waits until the hover at `position` tells how the background grounding ended. */
async function groundingEnded(client: LspClient, uri: string, position: Position, seconds: number): Promise<string> {
  const until = performance.now() + seconds * 1000;
  for (;;) {
    const text = await hoverText(client, uri, position);
    const line = text.split("\n\n").find((l) => l.startsWith("ground:") || l.startsWith("not grounded"));
    if (line || performance.now() > until) return line ?? "no grounding reported";
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const lines: string[] = [
  "# The language server (`npm run bench:lsp`)",
  "",
  `${new Date().toISOString().slice(0, 10)}, ${machineLine()}; \`gdl-ground lsp --stdio\` as a child process, driven over JSON-RPC as an editor does. Load is the 1-minute load average of the machine (2 cores, shared) when the figure was taken.`,
  "",
];

// ---- latency on amazonsTorus --------------------------------------------------------------------
{
  const file = path.join(dir, "amazonsTorus.kif");
  const text = readFileSync(file, "utf8");
  const uri = `file://${file}`;
  const doc = TextDocument.create(uri, "gdl", 1, text);
  const client = await startLspClient();
  const opened = performance.now();
  await client.open(uri, text);
  const openMs = ms(opened);
  // positions of names to hover: every 7th relation name of a rule head or body
  const names = [...text.matchAll(/\((?!<=)([a-z][a-z0-9_-]*)/gi)].filter((_, i) => i % 7 === 0).map((m) => doc.positionAt(m.index! + 1));
  const firstHover = performance.now();
  await hoverText(client, uri, names[0]);
  const firstHoverMs = ms(firstHover);
  const grounding = await groundingEnded(client, uri, names.find((p) => /^\(true \(/.test(text.slice(doc.offsetAt(p) - 1, doc.offsetAt(p) + 6))) ?? names[0], 120);
  lines.push("## Latency on amazonsTorus.kif", "", `${text.length} characters, ${text.split("\n").length} lines. Opened: first diagnostics ${openMs.toFixed(0)} ms, first hover ${firstHoverMs.toFixed(0)} ms (load ${load()}); background grounding: ${grounding}.`, "");

  const diagnostics: number[] = [];
  const hoverAfterChange: number[] = [];
  const hoverSteady: number[] = [];
  const where = doc.positionAt(text.indexOf("\n"));
  for (let round = 0; round < rounds; round++) {
    const version = round + 2;
    const change = round % 2 === 0 ? { range: { start: where, end: where }, text: " " } : { range: { start: where, end: { line: where.line, character: where.character + 1 } }, text: "" };
    const next = client.nextDiagnostics(uri, version);
    const t0 = performance.now();
    await client.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
    await next;
    diagnostics.push(ms(t0));
    const p = names[round % names.length];
    const t1 = performance.now();
    await hoverText(client, uri, p);
    hoverAfterChange.push(ms(t1));
    for (let k = 1; k <= 3; k++) {
      const t2 = performance.now();
      await hoverText(client, uri, names[(round * 3 + k) % names.length]);
      hoverSteady.push(ms(t2));
    }
  }
  lines.push(
    `${rounds} rounds of one change each (a space typed, then removed, on the first line), load ${load()} at the end:`,
    "",
    `- diagnostics after a change: ${fmt(stats(diagnostics))} (target: under 50 ms median)`,
    `- hover, the first after a change (builds the document's index): ${fmt(stats(hoverAfterChange))} (target: under 50 ms median)`,
    `- hover on the same text (${hoverSteady.length} hovers): ${fmt(stats(hoverSteady))}`,
    "",
  );
  await client.close();
}

// ---- memory with the 10 largest games open -------------------------------------------------------
async function memoryWithGames(ground: boolean): Promise<string> {
  const { readdirSync, statSync } = await import("node:fs");
  const games = readdirSync(dir)
    .filter((f) => f.endsWith(".kif"))
    .map((f) => ({ f, size: statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 10);
  const client = await startLspClient(ground ? [] : ["--ground-timeout", "0"]);
  const pid = client.child.pid!;
  const before = rssMiB(pid);
  const started = performance.now();
  const outcomes: string[] = [];
  for (const { f } of games) {
    const file = path.join(dir, f);
    const text = readFileSync(file, "utf8");
    const uri = `file://${file}`;
    await client.open(uri, text);
    const p = TextDocument.create(uri, "gdl", 1, text).positionAt(text.search(/\(init \(/) + 7);
    await hoverText(client, uri, p);
    if (ground) outcomes.push(`${f}: ${await groundingEnded(client, uri, p, 120)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = rssMiB(pid);
  await client.close();
  return [
    `- ${ground ? "with the background grounding (10 s limit each)" : "without grounding (`--ground-timeout 0`)"}: ${after.toFixed(0)} MiB resident (${before.toFixed(0)} MiB before the first document), ${seconds.toFixed(1)} s to open them all, load ${load()}`,
    ...outcomes.map((o) => `  - ${o}`),
  ].join("\n");
}

lines.push("## Memory with the 10 largest base games open", "", "The ten largest files of the base games (duplicateStateLarge 69 kB ... checkers-cylinder-mustjump 22 kB), each opened, checked and hovered once:", "");
lines.push(await memoryWithGames(false));
lines.push(await memoryWithGames(true));
lines.push("");

// ---- a ground game opened ------------------------------------------------------------------------
{
  const tmp = mkdtempSync(path.join(os.tmpdir(), "gdl-ground-bench-lsp-"));
  try {
    const file = path.join(tmp, "chess_200.ground.kif");
    execFileSync(process.execPath, [path.join(ROOT, "bin", "gdl-ground.js"), path.join(dir, "chess_200.kif"), "-o", file], { stdio: "ignore" });
    const text = readFileSync(file, "utf8");
    const uri = `file://${file}`;
    const client = await startLspClient(["--ground-timeout", "0"]);
    const pid = client.child.pid!;
    const before = rssMiB(pid);
    const t0 = performance.now();
    await client.open(uri, text);
    const openMs = ms(t0);
    const t1 = performance.now();
    await hoverText(client, uri, TextDocument.create(uri, "gdl", 1, text).positionAt(text.indexOf("(true ") + 2));
    const hoverMs = ms(t1);
    const t2 = performance.now();
    const colours = await client.request<SemanticTokens>("textDocument/semanticTokens/full", { textDocument: { uri } });
    const coloursMs = ms(t2);
    const after = rssMiB(pid);
    const t3 = performance.now();
    const edits = await client.request<unknown[]>("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const formatMs = ms(t3);
    const afterFormat = rssMiB(pid);
    await client.close();
    lines.push(
      "## A ground game opened",
      "",
      `chess_200's ground game as \`gdl-ground chess_200.kif -o\` writes it: ${text.length} characters, ${text.split("\n").length} lines; the server started with \`--ground-timeout 0\` (no background grounding). First diagnostics ${openMs.toFixed(0)} ms, first hover (the index) ${hoverMs.toFixed(0)} ms, colours (${colours.data.length / 5} semantic tokens) ${coloursMs.toFixed(0)} ms; ${after.toFixed(0)} MiB resident after them (${before.toFixed(0)} MiB before); formatting the whole document ${formatMs.toFixed(0)} ms (${edits.length} edit${edits.length === 1 ? "" : "s"}), ${afterFormat.toFixed(0)} MiB resident after it; load ${load()}.`,
      "",
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

writeFileAtomic(path.join(RESULTS, "lsp.md"), lines.join("\n"));
process.stdout.write(lines.join("\n"));
