/**
 * `npm run bench:infix [-- DIR] [--timeout S]`: on every .kif game of DIR (default
 * ../shared/games/base), KIF -> infix -> KIF must give the same rules, and grounding the infix
 * version must give the same outcome and, when it grounds, the same ground game and propnet
 * counts as the KIF version. Writes results/infix-roundtrip.md.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { createGrounder, type ClosableGrounder } from "../src/ground/index.js";
import { writeFileAtomic } from "../src/output-file.js";
import { groundDescription, loadText } from "../src/pipeline.js";
import { buildPropnet } from "../src/propnet/build.js";
import { roundTripInfix } from "../src/syntax/roundtrip.js";
import { RESULTS, gamesFolder, machineLine } from "./common.js";
import { scriptArgs } from "./script-args.js";

const args = scriptArgs("bench:infix", "usage: npm run bench:infix [-- DIR] [--timeout S]\n", { timeout: "string" }, 1);
const timeoutSeconds = args.positive("timeout", 30);
const dir = gamesFolder(args.positionals[0]);

async function newGrounder(): Promise<ClosableGrounder> {
  const g = await createGrounder("wasm");
  if ("error" in g) throw new Error(g.error);
  return g;
}

interface Outcome {
  status: string;
  key?: string;
}

let grounder = await newGrounder();

async function ground(text: string, file: string): Promise<Outcome> {
  const loaded = loadText(text, file);
  const result = await groundDescription(loaded, { grounder, timeoutSeconds });
  if (result.status === "out-of-memory" || result.status === "timeout") {
    await grounder.close();
    grounder = await newGrounder();
  }
  if (!result.game) return { status: result.status };
  const { stats } = buildPropnet(result.game);
  const key = JSON.stringify({
    clauses: result.game.clauses.length,
    atoms: result.game.atoms.length,
    base: result.game.base.length,
    input: result.game.input.length,
    paper: stats.paperComponents,
    optimized: stats.optimizedComponents,
    links: stats.links,
  });
  return { status: result.status, key };
}

const files = readdirSync(dir).filter((f) => f.endsWith(".kif")).sort();
let exact = 0;
let equivalent = 0;
let grounded = 0;
let sameGround = 0;
let sameStatus = 0;
const problems: string[] = [];
const rows: string[] = [];
const started = performance.now();
for (const [i, name] of files.entries()) {
  const text = readFileSync(path.join(dir, name), "utf8");
  const rt = roundTripInfix(text, name);
  const diagnostics = [...rt.original.diagnostics, ...rt.fromInfix.diagnostics, ...rt.back.diagnostics];
  if (rt.exact) exact++;
  if (rt.equivalent && diagnostics.length === 0) equivalent++;
  else problems.push(`${name}: round trip ${diagnostics.length > 0 ? diagnostics[0].message : "differs"}`);
  const kif = await ground(text, name);
  const infix = await ground(rt.infix, name.replace(/\.kif$/, ".gdl"));
  const same = kif.status === infix.status && kif.key === infix.key;
  if (kif.status === infix.status) sameStatus++;
  if (kif.status === "ok") grounded++;
  if (kif.status === "ok" && same) sameGround++;
  if (!same) problems.push(`${name}: KIF ${kif.status} ${kif.key ?? ""} vs infix ${infix.status} ${infix.key ?? ""}`);
  rows.push(`| ${name.replace(/\.kif$/, "")} | ${rt.exact ? "exact" : rt.equivalent ? "up to variable names" : "**differs**"} | ${kif.status} | ${infix.status} | ${kif.status === "ok" ? (same ? "same" : "**differs**") : same ? "same outcome" : "**differs**"} |`);
  process.stderr.write(`\r${i + 1}/${files.length} ${name.padEnd(40)}`);
  writeReport(i + 1);
}
await grounder.close();
process.stderr.write("\n");
const md = writeReport(files.length);
process.stdout.write(md.split("\n").slice(0, 8 + problems.length).join("\n") + "\n");

/** Written after every game, so that an interrupted run still leaves its figures so far. */
function writeReport(done: number): string {
const minutes = (performance.now() - started) / 60000;
const md = [
  "# Infix round trip on the real games",
  "",
  ...(done < files.length ? [`**In progress: ${done} of ${files.length} games done.**`, ""] : []),
  `\`npm run bench:infix\` on ${done} games of \`${path.relative(path.resolve(RESULTS, ".."), dir)}\`, ${timeoutSeconds} s grounding limit per game, ${minutes.toFixed(1)} min (${machineLine()}).`,
  "",
  `- KIF -> infix -> KIF gives the same rules on ${equivalent} of ${done} games: ${exact} exactly, ${equivalent - exact} up to the names of variables infix cannot spell (\`?n++\`).`,
  `- Grounding the infix version: the same outcome on ${sameStatus} of ${done} games; of the ${grounded} games the KIF version grounds, ${sameGround} give the same ground game and propnet (clauses, atoms, base, input, both component counts, links).`,
  `- Problems: ${problems.length === 0 ? "none" : ""}`,
  ...problems.map((p) => `  - ${p}`),
  "",
  "| game | round trip | KIF | infix | ground game and propnet |",
  "| --- | --- | --- | --- | --- |",
  ...rows,
  "",
].join("\n");
writeFileAtomic(path.join(RESULTS, "infix-roundtrip.md"), md);
return md;
}
