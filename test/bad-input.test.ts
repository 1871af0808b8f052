/**
 * Issue 14's repros, each as a user met it: a clear answer every time, nothing lost, nothing
 * overwritten. Every case here failed before the fix it names.
 */
import { describe, expect, it } from "vitest";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { groundDescription, loadText, type AspGrounder } from "../src/pipeline.js";
import { translate } from "../src/translate/index.js";
import { runCli } from "./support/run-cli.js";

const ROOT = path.resolve(__dirname, "..");
const corpus = (name: string) => path.join(ROOT, "corpus", name);
const fresh = () => mkdtempSync(path.join(tmpdir(), "gdl-bad-"));

const run = runCli;

const TICTACTOE_LIKE = readFileSync(corpus("valid/step-counter.kif"), "utf8");

describe("size", () => {
  it("translates a description with 140,000 rules of one relation (an argument spread once overflowed the stack)", () => {
    const text = TICTACTOE_LIKE + "\n" + "(<= (spare ?m) (true (count ?m)))\n".repeat(140_000);
    const loaded = loadText(text, "big.kif");
    expect(loaded.description).toBeDefined();
    const { program, diagnostics } = translate(loaded.description!);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(program!.stats.gdlRules).toBeGreaterThan(140_000);
    // and with the optional steps, which rebuild the rule list too
    for (const options of [{ demand: true }, { leanBase: true }, { freeArguments: false }, { staticDemand: true }, { fixedFluents: true }]) {
      const other = translate(loaded.description!, options);
      expect(other.diagnostics.filter((d) => d.severity === "error"), JSON.stringify(options)).toEqual([]);
    }
  });
});

describe("validity", () => {
  it("an empty file, a game with no role, no terminal, or a role without goals is an error, also for grounding", async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "empty.kif"), "");
    for (const file of [path.join(dir, "empty.kif"), corpus("invalid/missing-role.kif"), corpus("invalid/missing-terminal.kif"), corpus("invalid/missing-goal.kif")]) {
      const check = await run("check", "--strict", file);
      expect(check.code, file).toBe(1);
      expect(check.out, file).toMatch(/error\[missing\]/);
      const ground = await run(file, "--propnet");
      expect(ground.code, file).toBe(1);
      expect(ground.err, file).toMatch(/error\[missing\]/);
    }
  });
});

describe("output paths (CLI)", () => {
  it("-o through a symlink keeps the link; -o /dev/null keeps the device; -o DIR leaves nothing behind", async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "target.kif"), "");
    symlinkSync("target.kif", path.join(dir, "link.kif"));
    expect((await run(corpus("valid/step-counter.kif"), "-o", path.join(dir, "link.kif"))).code).toBe(0);
    expect(lstatSync(path.join(dir, "link.kif")).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, "target.kif"), "utf8")).toMatch(/^; ground by gdl-ground/);

    expect((await run(corpus("valid/step-counter.kif"), "-o", "/dev/null")).code).toBe(0);
    expect(lstatSync("/dev/null").isCharacterDevice()).toBe(true);

    mkdirSync(path.join(dir, "sub"));
    const asDir = await run(corpus("valid/step-counter.kif"), "-o", path.join(dir, "sub"));
    expect(asDir.code).toBe(2);
    expect(asDir.err).toMatch(/error\[io\]: cannot write the file: it is a folder/);
    expect(readdirSync(dir).sort()).toEqual(["link.kif", "sub", "target.kif"]);
  });

  it("a missing parent folder is an error naming it, before any grounding; '-' is stdout", async () => {
    const dir = fresh();
    const missing = await run(corpus("valid/step-counter.kif"), "-o", path.join(dir, "typo", "x.kif"));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`the folder ${path.join(dir, "typo")} does not exist`);
    expect(existsSync(path.join(dir, "typo"))).toBe(false);
    const stdout = await run(corpus("valid/step-counter.kif"), "-o", "-");
    expect(stdout.code).toBe(0);
    expect(stdout.out).toMatch(/^; ground by gdl-ground/);
  });
});

describe("defaults never overwrite", () => {
  it("corpus writes beside its folder, refuses a file it did not make, and says so for an empty folder", async () => {
    const dir = fresh();
    const games = path.join(dir, "games");
    mkdirSync(games);
    const empty = await run("corpus", games, "--no-progress");
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/no \.kif games below this folder/);
    writeFileSync(path.join(games, "walk.kif"), TICTACTOE_LIKE);
    writeFileSync(path.join(dir, "notes.csv"), "my,own\nnotes,here\n");
    const refused = await run("corpus", games, "--out", path.join(dir, "notes.csv"), "--no-progress");
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/not a results file of gdl-ground corpus: use --force/);
    expect(readFileSync(path.join(dir, "notes.csv"), "utf8")).toBe("my,own\nnotes,here\n");
    const ran = await run("corpus", games, "--no-progress", "--timeout", "30");
    expect(ran.code).toBe(0);
    expect(existsSync(`${games}.corpus.csv`)).toBe(true);
    expect(existsSync(`${games}.corpus.json`)).toBe(true);

    // plot: beside the results file by default, never into ./results, and not over a page it did not make
    const plotted = await run("plot", `${games}.corpus.csv`);
    expect(plotted.code).toBe(0);
    expect(existsSync(`${games}.corpus-report/README.md`)).toBe(true);
    mkdirSync(path.join(dir, "mine"));
    writeFileSync(path.join(dir, "mine", "README.md"), "# my notes\n");
    const refusedPlot = await run("plot", `${games}.corpus.csv`, "--out-dir", path.join(dir, "mine"));
    expect(refusedPlot.code).toBe(2);
    expect(readFileSync(path.join(dir, "mine", "README.md"), "utf8")).toBe("# my notes\n");
    const badAnchor = await run("plot", `${games}.corpus.csv`, "--anchor", path.join(dir, "notes.csv"), "--out-dir", path.join(dir, "r"));
    expect(badAnchor.code).toBe(1);
    expect(badAnchor.err).toMatch(/not a results file of a grounder/);
    // --reference, the earlier name of --anchor, is still read
    const oldName = await run("plot", `${games}.corpus.csv`, "--reference", path.join(dir, "notes.csv"), "--out-dir", path.join(dir, "r"));
    expect(oldName.err).toMatch(/not a results file of a grounder/);
  });
});

describe("--json is always one JSON document", () => {
  const json = async (...args: string[]) => {
    const r = await run(...args, "--json");
    return { code: r.code, doc: JSON.parse(r.out) as { status: string; exitCode: number; diagnostics: { code: string; line: number }[] } };
  };

  it("for an invalid game, a missing file, a bad output path and a usage error, with a matching exit code", async () => {
    const invalid = await json(corpus("invalid/stratification.kif"));
    expect(invalid).toMatchObject({ code: 1, doc: { status: "invalid", exitCode: 1 } });
    expect(invalid.doc.diagnostics[0]).toMatchObject({ code: "stratification" });
    expect(invalid.doc.diagnostics[0].line).toBeGreaterThan(0);
    expect(await json("no/such.kif")).toMatchObject({ code: 2, doc: { status: "unreadable", exitCode: 2 } });
    expect(await json(corpus("valid/step-counter.kif"), "-o", "/no/such/folder/x.kif")).toMatchObject({ code: 2, doc: { status: "usage", exitCode: 2 } });
    expect(await json(corpus("valid/step-counter.kif"), "--bogus")).toMatchObject({ code: 2, doc: { status: "usage", exitCode: 2 } });
    const ok = await json(corpus("valid/step-counter.kif"), "--propnet");
    expect(ok).toMatchObject({ code: 0, doc: { status: "ok", exitCode: 0 } });
  });
});

describe("messages", () => {
  it("a UTF-16 file, random bytes and NUL bytes get one line each", async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "utf16.kif"), Buffer.from("\ufeff(role x)", "utf16le"));
    const bytes = Buffer.alloc(5000);
    let seed = 7;
    for (let i = 0; i < bytes.length; i++) bytes[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    writeFileSync(path.join(dir, "random.kif"), bytes);
    writeFileSync(path.join(dir, "nul.kif"), "(role x)\n\0(init (a))");
    for (const [file, reason] of [
      ["utf16.kif", /UTF-16/],
      ["random.kif", /not (UTF-8 )?text/],
      ["nul.kif", /NUL bytes/],
    ] as const) {
      const r = await run("check", path.join(dir, file));
      expect(r.code, file).toBe(2);
      const lines = r.out.trim().split("\n");
      expect(lines.length, r.out).toBe(2); // the error and the summary line
      expect(lines[0]).toMatch(reason);
    }
  });

  it("errors are capped at 20 per file, then 'and N more'", async () => {
    const dir = fresh();
    // 60 relations, each used with two arities: 60 arity errors from the checks
    writeFileSync(path.join(dir, "many.kif"), "(role x)\n" + Array.from({ length: 60 }, (_, i) => `(cell${i} 1)\n(cell${i} 1 2)\n`).join(""));
    const r = await run("check", path.join(dir, "many.kif"));
    const errors = r.out.split("\n").filter((l) => /error\[/.test(l));
    expect(errors.length).toBe(21);
    expect(errors[20]).toMatch(/and \d+ more errors \(only the first 20 are shown\)/);
    // syntax errors: the reader stops after 20 and says so
    writeFileSync(path.join(dir, "garbage.kif"), Array.from({ length: 60 }, (_, i) => `(cell ${i} "q")\n`).join(""));
    const garbage = (await run("check", path.join(dir, "garbage.kif"))).out.split("\n").filter((l) => /error\[/.test(l));
    expect(garbage.length).toBe(21);
    expect(garbage[20]).toMatch(/too many syntax errors/);
  });

  it("a grounder's error at a long line of P quotes the line's start and end, not all of it", async () => {
    const loaded = loadText(TICTACTOE_LIKE, "step-counter.kif");
    const line = `p(${Array.from({ length: 20_000 }, (_, i) => `a${i}`).join(",")}).`;
    const failing: AspGrounder = { ground: async () => ({ status: "error", message: "<block>:1:1-2: error: syntax error", aspLine: 1, aspCol: 1, aspLineText: line }) };
    const result = await groundDescription(loaded, { grounder: failing, timeoutSeconds: 10 });
    const [error] = result.diagnostics.filter((d) => d.severity === "error");
    expect(result.status).toBe("error");
    expect(error.message.length).toBeLessThan(500);
    expect(error.message).toMatch(/^clingo failed: <block>:1:1-2: error: syntax error \(ASP line 1: p\(a0,a1,a2,.* …\([\d,]+ characters\)… .*,a19999\)\.\)$/);
  });

  it("replay: an illegal move keeps the valid prefix on stdout; an unbalanced move is called unreadable", async () => {
    const dir = fresh();
    const game = corpus("valid/step-counter.kif");
    const roles = (await run("play", game, "--seed", "1", "--max-steps", "1")).out;
    const { roles: names, steps } = JSON.parse(roles) as { roles: string[]; steps: { legal: Record<string, string[]> }[] };
    const first = names.map((r) => steps[0].legal[r][0]);
    writeFileSync(path.join(dir, "moves.json"), JSON.stringify([first, names.map(() => "(no such move")]));
    const r = await run("replay", game, "--moves", path.join(dir, "moves.json"));
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out) as { steps: unknown[]; error: string };
    expect(out.steps.length).toBe(2);
    expect(out.error).toMatch(/is not a KIF term: unclosed/);
  });
});
