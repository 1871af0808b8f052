/**
 * `npm run check:fmt [-- DIR...] [--no-ground] [--timeout S]`: the formatter on real games.
 * For every GDL file below the folders (default: ../shared/games/base, ../shared/games/gdl2,
 * ../shared/games/tests beside the project, and the project's corpus/):
 *
 *   - a file the reader refuses (syntax errors) must be refused by `fmt` too, and is left aside;
 *   - the formatted text reads as the same rules, in the same order (tree equality, variable
 *     names included), in the same notation;
 *   - every comment is kept, in order, its text unchanged, on its own line or after code as it was;
 *   - formatting the formatted text changes nothing;
 *   - unless --no-ground: the formatted text grounds to the same ground game as the original
 *     (the printed ground games are compared), or both fail the same way (limit, invalid); when
 *     only one of the two ran over the time limit, both are grounded again with four times it.
 *
 * Exits 1 when any file fails, and writes results/fmt-check.md.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatGdl } from "../src/format/index.js";
import { createGrounder, type ClosableGrounder } from "../src/ground/index.js";
import { printGroundGame } from "../src/ground/print-ground.js";
import { writeFileAtomic } from "../src/output-file.js";
import { groundDescription, loadText } from "../src/pipeline.js";
import { hasErrors } from "../src/diagnostics.js";
import { parseGdl } from "../src/syntax/parse.js";
import { ruleKey } from "../src/syntax/roundtrip.js";
import { RESULTS, ROOT, machineLine } from "./common.js";
import { scriptArgs } from "./script-args.js";

const args = scriptArgs("check:fmt", "usage: npm run check:fmt [-- DIR...] [--no-ground] [--timeout S]\n", { "no-ground": "boolean", timeout: "string" });
const ground = !args.flag("no-ground");
const timeoutSeconds = args.positive("timeout", 20);
const folders = args.positionals.length > 0 ? args.positionals : [
  path.resolve(ROOT, "../shared/games/base"),
  path.resolve(ROOT, "../shared/games/gdl2"),
  path.resolve(ROOT, "../shared/games/tests"),
  path.join(ROOT, "corpus"),
];

function gdlFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return gdlFiles(full);
      return /\.(kif|gdl|hrf)$/.test(e.name) && statSync(full).isFile() ? [full] : [];
    })
    .sort();
}

let grounder: ClosableGrounder | undefined;
async function groundText(text: string, file: string, limit = timeoutSeconds): Promise<string> {
  if (!grounder) {
    const created = await createGrounder("auto");
    if ("error" in created) throw new Error(created.error);
    grounder = created;
  }
  const result = await groundDescription(loadText(text, file), { grounder, timeoutSeconds: limit });
  if (result.status === "timeout" || result.status === "out-of-memory") {
    await grounder.close();
    grounder = undefined;
  }
  return result.game ? printGroundGame(result.game) : `not grounded: ${result.status}`;
}

const commentsOf = (text: string, syntax: "kif" | "infix") =>
  parseGdl(text, "x", { syntax }).comments.map((c) => `${c.trailing ? "after code" : "own line"} ${c.markers}:${c.text.trimEnd()}`);

interface Row {
  readonly file: string;
  readonly outcome: "ok" | "refused (syntax errors)" | "FAILED";
  readonly detail: string;
  readonly changed: boolean;
}

const started = performance.now();
const rows: Row[] = [];
let groundedSame = 0;
let notGroundedSame = 0;
for (const folder of folders) {
  const files = gdlFiles(folder);
  if (files.length === 0) process.stderr.write(`no GDL files at ${folder}: skipped\n`);
  for (const file of files) {
    const name = path.relative(ROOT, file);
    const text = readFileSync(file, "utf8");
    const parsed = parseGdl(text, file);
    const result = formatGdl(text, { file });
    const fail = (detail: string) => rows.push({ file: name, outcome: "FAILED", detail, changed: true });
    if (hasErrors(parsed.diagnostics)) {
      if (result.ok) fail("the reader refuses it, fmt formatted it");
      else rows.push({ file: name, outcome: "refused (syntax errors)", detail: "", changed: false });
      continue;
    }
    if (!result.ok) {
      fail(result.diagnostics.map((d) => d.message).join("; "));
      continue;
    }
    const again = parseGdl(result.text, file, { syntax: parsed.syntax });
    const before = parsed.description.rules.map((r) => ruleKey(r));
    const after = again.description.rules.map((r) => ruleKey(r));
    const twice = formatGdl(result.text, { file, syntax: parsed.syntax });
    if (again.syntax !== parsed.syntax || parseGdl(result.text, file).syntax !== parsed.syntax) fail("read in another notation");
    else if (hasErrors(again.diagnostics)) fail(`does not read: ${again.diagnostics[0].message}`);
    else if (before.length !== after.length || before.some((k, i) => k !== after[i])) fail("other rules");
    else if (commentsOf(text, parsed.syntax).join("\n") !== commentsOf(result.text, parsed.syntax).join("\n")) fail("comments differ");
    else if (!twice.ok || twice.text !== result.text) fail("fmt twice differs from fmt once");
    else if (ground) {
      let [a, b] = [await groundText(text, file), await groundText(result.text, file)];
      // one side over the time limit and not the other is the machine's load: both again, longer
      if (a !== b && [a, b].includes("not grounded: timeout")) [a, b] = [await groundText(text, file, 4 * timeoutSeconds), await groundText(result.text, file, 4 * timeoutSeconds)];
      if (a !== b) fail(`ground games differ (${a.startsWith("not") ? a : "grounded"} / ${b.startsWith("not") ? b : "grounded"})`);
      else {
        if (a.startsWith("not grounded")) notGroundedSame++;
        else groundedSame++;
        rows.push({ file: name, outcome: "ok", detail: a.startsWith("not grounded") ? a : "same ground game", changed: result.changed });
      }
    } else rows.push({ file: name, outcome: "ok", detail: "", changed: result.changed });
    if (process.stderr.isTTY) process.stderr.write(`\r${rows.length} files`);
  }
}
await grounder?.close();
if (process.stderr.isTTY) process.stderr.write("\n");

const failed = rows.filter((r) => r.outcome === "FAILED");
const ok = rows.filter((r) => r.outcome === "ok");
const refused = rows.filter((r) => r.outcome.startsWith("refused"));
const seconds = (performance.now() - started) / 1000;
const lines = [
  "# The formatter on real games (`npm run check:fmt`)",
  "",
  `${new Date().toISOString().slice(0, 10)}, ${machineLine()}, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} at the end; ${seconds.toFixed(0)} s.`,
  "",
  `Folders: ${folders.map((f) => path.relative(ROOT, f) || ".").join(", ")}.`,
  "",
  `- files: ${rows.length}; formatted and checked: ${ok.length} (${ok.filter((r) => r.changed).length} of them changed by fmt); refused for syntax errors, as the reader refuses them: ${refused.length}`,
  "- each formatted file reads as the same rules in the same order and the same notation, keeps every comment (text, order, own line or after code), and `fmt` twice = `fmt` once",
  ground
    ? `- grounded (time limit ${timeoutSeconds} s each, original and formatted): ${groundedSame} the same ground game (printed ground games equal), ${notGroundedSame} not grounded either way, with the same outcome`
    : "- not grounded (--no-ground)",
  `- failures: ${failed.length}`,
  ...failed.map((r) => `  - ${r.file}: ${r.detail}`),
  "",
  ...(ground ? ["Not grounded within the limit (the same for the original and the formatted text):", "", ...ok.filter((r) => r.detail.startsWith("not grounded")).map((r) => `- ${r.file}: ${r.detail}`), ""] : []),
];
writeFileAtomic(path.join(RESULTS, "fmt-check.md"), lines.join("\n"));
process.stdout.write(lines.join("\n"));
process.exitCode = failed.length > 0 ? 1 : 0;
