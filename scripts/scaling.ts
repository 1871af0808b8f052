/**
 * `npm run bench:scaling [-- --sizes 10000,100000,1000000] [--shapes copies,relations,chain,body,roles]`:
 * how `check` and grounding grow with the size of a description: the number of rules, the
 * length of one rule's body, the number of roles. Each description is ticTacToe (read from
 * ../shared/games/base at run time) plus N generated rules, or N literals, in these shapes:
 *   copies     N copies of `(<= (spare ?m) (true (cell ?m ?n b)))` (issue 12's repro);
 *   relations  N/2 relations `(<= (spareI ?m) (true (cell ?m ?n b)))`, each feeding
 *              `(<= (spare ?m) (spareI ?m))`: N rules over N/2 + 1 relations;
 *   chain      N relations in one chain `(<= (pI ?x) (pI+1 ?x))` down to the board, used by a
 *              legal move: dependencies N deep (once quadratic in the translation);
 *   body       one legal rule whose body has N literals, each with variables of its own
 *              `(<= (legal xplayer noop) (true (control oplayer)) (true (cell ?x0 ?y0 b)) ...)`
 *              (issue 25: quadratic in the checks, the translation and the extraction);
 *   roles      not ticTacToe: a one-step game of N roles, each with a legal move and a goal
 *              (issue 25: quadratic in the extraction).
 * Every command runs as a whole process under /usr/bin/time (wall time and peak resident
 * memory), one at a time: `gdl-ground check FILE` and `gdl-ground FILE --propnet`, with the
 * load average before each row. Writes results/scaling.csv and results/scaling.md, keeping the
 * rows of earlier runs that this one did not measure again; the figure to read is time per
 * unit (rule, literal, role), which stays flat when growth is linear.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { writeFileAtomic } from "../src/output-file.js";
import { RESULTS, ROOT, gamesFolder, machineLine } from "./common.js";
import { scriptArgs } from "./script-args.js";

type Shape = "copies" | "relations" | "chain" | "body" | "roles";

const SHAPES: readonly Shape[] = ["copies", "relations", "chain", "body", "roles"];
const args = scriptArgs("bench:scaling", "usage: npm run bench:scaling [-- --sizes 10000,100000,1000000] [--shapes copies,relations,chain,body,roles]\n", { sizes: "string", shapes: "string" }, 0);
const sizes = args.list("sizes", ["10000", "100000", "1000000"]).map((text) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : args.fail(`--sizes: ${text} is not a positive whole number`);
});
const shapes = args.list("shapes", SHAPES).map((shape) => (SHAPES as readonly string[]).includes(shape) ? (shape as Shape) : args.fail(`--shapes: ${shape} is not one of ${SHAPES.join(", ")}`));
const base = readFileSync(path.join(gamesFolder(undefined), "ticTacToe.kif"), "utf8");
const bin = path.join(ROOT, "bin", "gdl-ground.js");
const work = mkdtempSync(path.join(os.tmpdir(), "gdl-scaling-"));

function generate(shape: Shape, n: number): string {
  const file = path.join(work, `${shape}-${n}.kif`);
  const parts: string[] = shape === "roles" ? [] : [base, "\n"];
  if (shape === "roles") {
    for (let i = 0; i < n; i++) parts.push(`(role r${i})\n`);
    parts.push("(init (step 0))\n(<= (next (step 1)) (true (step 0)))\n(<= terminal (true (step 1)))\n(<= (legal ?r noop) (role ?r))\n(<= (goal ?r 100) (role ?r))\n");
  } else if (shape === "body") {
    parts.push("(<= (legal xplayer noop) (true (control oplayer))");
    for (let i = 0; i < n; i++) parts.push(` (true (cell ?x${i} ?y${i} b))`);
    parts.push(")\n");
  } else if (shape === "copies") {
    const rule = "(<= (spare ?m) (true (cell ?m ?n b)))\n";
    for (let i = 0; i < n; i++) parts.push(rule);
  } else if (shape === "chain") {
    for (let i = 0; i < n; i++) parts.push(`(<= (p${i} ?x) (p${i + 1} ?x))\n`);
    parts.push(`(<= (p${n} ?x) (true (cell ?x ?y b)))\n(<= (legal xplayer noop) (p0 1) (true (control oplayer)))\n`);
  } else {
    for (let i = 0; i < n / 2; i++) parts.push(`(<= (spare${i} ?m) (true (cell ?m ?n b)))\n(<= (spare ?m) (spare${i} ?m))\n`);
  }
  writeFileSync(file, parts.join(""));
  return file;
}

interface Measure {
  readonly seconds: number;
  /** User and system CPU seconds: what the process itself spent, whatever else runs on the machine. */
  readonly cpuSeconds: number;
  readonly peakMiB: number;
  readonly exitCode: number;
}

function measure(args: string[]): Measure {
  const run = spawnSync("/usr/bin/time", ["-f", "%e %M %U %S", process.execPath, bin, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const last = (run.stderr ?? "").trim().split("\n").pop() ?? "";
  const [seconds, kb, user, system] = last.split(" ").map(Number);
  return { seconds, cpuSeconds: Math.round((user + system) * 100) / 100, peakMiB: Math.round(kb / 1024), exitCode: run.status ?? -1 };
}

/** What N counts in each shape. */
const UNIT: Record<Shape, string> = { copies: "rules", relations: "rules", chain: "rules", body: "literals", roles: "roles" };

// the rows of earlier runs, kept unless measured again
const csvFile = path.join(RESULTS, "scaling.csv");
const rows: Record<string, string | number>[] = existsSync(csvFile)
  ? (parseCsv(readFileSync(csvFile, "utf8"), { columns: true }) as Record<string, string>[]).filter((r) => !(shapes.includes(r.shape as Shape) && sizes.includes(Number(r.rules))))
  : [];
for (const shape of shapes) {
  for (const n of sizes) {
    const file = generate(shape, n);
    const mb = statSync(file).size / 2 ** 20;
    const load = os.loadavg()[0].toFixed(2);
    const check = measure(["check", file]);
    const ground = measure([file, "--propnet", "--timeout", "600"]);
    const row = {
      shape,
      // N: rules, body literals or roles (UNIT)
      rules: n,
      load,
      mib: mb.toFixed(1),
      check_s: check.seconds,
      check_cpu_s: check.cpuSeconds,
      check_peak_mib: check.peakMiB,
      check_exit: check.exitCode,
      check_us_per_rule: ((check.seconds * 1e6) / n).toFixed(1),
      ground_s: ground.seconds,
      ground_cpu_s: ground.cpuSeconds,
      ground_peak_mib: ground.peakMiB,
      ground_exit: ground.exitCode,
      ground_us_per_rule: ((ground.seconds * 1e6) / n).toFixed(1),
    };
    const at = rows.findIndex((r) => r.shape === shape && Number(r.rules) > n);
    rows.splice(at < 0 ? rows.length : at, 0, row);
    process.stdout.write(`${JSON.stringify(row)}\n`);
    rmSync(file);
    writeResults(); // after every row: a long run that is stopped keeps what it measured
  }
}
rmSync(work, { recursive: true, force: true });
process.stdout.write(writeResults());

function writeResults(): string {
  const columns = ["shape", "rules", "load", "mib", "check_s", "check_cpu_s", "check_peak_mib", "check_exit", "check_us_per_rule", "ground_s", "ground_cpu_s", "ground_peak_mib", "ground_exit", "ground_us_per_rule"];
  writeFileAtomic(csvFile, stringifyCsv(rows.map((r) => columns.map((c) => r[c] ?? "")), { header: true, columns }));
  const load = os.loadavg().map((x) => x.toFixed(2)).join(", ");
  const md = [
    "# Scaling: `check` and grounding against the size of a description",
    "",
    `Last run of \`npm run bench:scaling\` on ${new Date().toISOString().slice(0, 10)} (shapes ${shapes.join(", ")}): ${machineLine()}; load average at its end ${load}.`,
    "Rows of shapes not measured again are kept from earlier runs; each row says the 1-minute load average before it (empty: not recorded then).",
    "Whole processes (`node bin/gdl-ground.js ...`) timed from outside with /usr/bin/time: wall seconds, CPU seconds (user + system: what the",
    "process itself spent, which a loaded machine stretches less than the wall time) and peak resident memory.",
    "Each description is ticTacToe plus N generated rules: *copies* repeats one rule N times; *relations* adds N/2 relations",
    "and N/2 rules that join them (N rules over N/2 + 1 relations); *chain* is one chain of N relations, N deep, that a legal rule uses;",
    "*body* is one legal rule whose body has N literals, each with variables of its own. *roles* is a one-step game of N roles.",
    "Growth is linear when µs per unit (rule, literal, role) stays flat.",
    "",
    "| shape | N | unit | load | MiB | check s | CPU s | peak MiB | µs/unit | ground --propnet s | CPU s | peak MiB | µs/unit | exit codes |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.shape} | ${r.rules} | ${UNIT[r.shape as Shape] ?? "rules"} | ${r.load ?? ""} | ${r.mib} | ${r.check_s} | ${r.check_cpu_s ?? ""} | ${r.check_peak_mib} | ${r.check_us_per_rule} | ${r.ground_s} | ${r.ground_cpu_s ?? ""} | ${r.ground_peak_mib} | ${r.ground_us_per_rule} | ${r.check_exit}, ${r.ground_exit} |`,
    ),
    "",
  ].join("\n");
  writeFileAtomic(path.join(RESULTS, "scaling.md"), md);
  return md;
}
