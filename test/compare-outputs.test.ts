/**
 * The before/after comparison of outputs (`npm run compare:outputs`, scripts/compare-outputs/):
 * the digests of every game of corpus/valid (printed ground game, propnet exact and shape, the
 * unoptimized propnet, their counts) must equal test/fixtures/compare-outputs-valid.jsonl, so
 * that a change of output fails here. After an intended change, regenerate the file with
 *
 *   npm run compare:outputs -- corpus/valid --save test/fixtures/compare-outputs-valid.jsonl
 *
 * and say in the commit why the outputs changed. The digests here are computed in this process
 * from the sources; the command line (child processes, which run dist/: `npm test` builds
 * first) is run on a few games.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createGrounder } from "../src/ground/index.js";
import { buildPropnet } from "../src/propnet/build.js";
import type { Propnet, PropnetComponent } from "../src/propnet/propnet.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { digestGame, type GameDigest } from "../scripts/compare-outputs/game-digest.js";
import { digestPropnet } from "../scripts/compare-outputs/propnet-digest.js";
import { compareGame, compareRuns, formatDigestFile, parseDigestFile, type DigestFile } from "../scripts/compare-outputs/compare.js";
import { gamesToDigest } from "../scripts/compare-outputs/run.js";

const ROOT = path.resolve(__dirname, "..");
const VALID = path.join(ROOT, "corpus/valid");
const FIXTURE = path.join(ROOT, "test/fixtures/compare-outputs-valid.jsonl");
/** Real games of ../shared/games (base and GDL-II) whose digests were made by main before issue 26's typed arrays. */
const REAL_FIXTURE = path.join(ROOT, "test/fixtures/compare-outputs-real.jsonl");
const SHARED_GAMES = path.resolve(ROOT, "../shared/games");
const CLI = path.join(ROOT, "dist/scripts/compare-outputs.js");

function readFixture(file = FIXTURE): DigestFile {
  const parsed = parseDigestFile(readFileSync(file, "utf8"));
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

function propnetOf(text: string, optimize = true): Propnet {
  const { game, diagnostics } = groundGameFromRules(text);
  expect(diagnostics).toEqual([]);
  return buildPropnet(game, { optimize });
}

/** The same propnet with component i numbered `to[i]` (every id reference renumbered). */
function renumbered(p: Propnet, to: readonly number[]): Propnet {
  const id = (v: number) => (v < 0 ? v : to[v]);
  const components: PropnetComponent[] = new Array(p.components.length);
  for (const c of p.components) components[to[c.id]] = { id: to[c.id], kind: c.kind, label: c.label, inputs: c.inputs.map(id) };
  return {
    ...p,
    components,
    baseIds: p.baseIds.map(id),
    transitionIds: p.transitionIds.map(id),
    inputs: p.inputs.map((x) => ({ ...x, id: id(x.id) })),
    legals: p.legals.map((x) => ({ ...x, id: id(x.id) })),
    goals: p.goals.map((x) => ({ ...x, id: id(x.id) })),
    terminal: id(p.terminal),
    inits: p.inits.map((x) => ({ ...x, id: id(x.id) })),
  };
}

/** A permutation of 0..n-1 (seeded, the same every run). */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const RECURSIVE = `
  (role r) (init x)
  (<= (reach a) (true x))
  (<= (reach b) (reach a))
  (<= (reach a) (reach b))
  (<= (reach c) (reach b) (not (true x)))
  (<= (legal r go) (reach c))
  (<= (legal r stay) (reach b))
  (<= (next x) (does r stay))
  (<= terminal (not (true x)))
  (goal r 100)
`;

describe("propnet digests", () => {
  it("the shape does not depend on how components are numbered; the exact digest does", () => {
    for (const text of [groundTictactoeKif(), RECURSIVE])
      for (const optimize of [true, false]) {
        const p = propnetOf(text, optimize);
        const q = renumbered(p, shuffled(p.components.length, 7));
        const [a, b] = [digestPropnet(p), digestPropnet(q)];
        expect(b.shape).toBe(a.shape);
        expect(b.exact).not.toBe(a.exact);
      }
    expect(propnetOf(RECURSIVE, false).cycles.length).toBeGreaterThan(0);
  });

  it("the shape changes when one gate changes, or when two readers swap inputs", () => {
    const p = propnetOf(groundTictactoeKif());
    const base = digestPropnet(p).shape;
    const and = p.components.findIndex((c) => c.kind === "and" && c.inputs.length >= 2);
    const changed = { ...p, components: p.components.map((c) => (c.id === and ? { ...c, kind: "or" as const } : c)) };
    expect(digestPropnet(changed).shape).not.toBe(base);
    // two legal propositions reading each other's gate: same components, other wiring
    const [l1, l2] = p.legals.slice(0, 2).map((l) => p.components[l.id]);
    expect(l1.inputs).not.toEqual(l2.inputs);
    const swapped = {
      ...p,
      components: p.components.map((c) => (c.id === l1.id ? { ...c, inputs: l2.inputs } : c.id === l2.id ? { ...c, inputs: l1.inputs } : c)),
    };
    expect(digestPropnet(swapped).shape).not.toBe(base);
  });
});

describe("comparing digests", () => {
  const ok = readFixture().games.find((g) => g.game === "tictactoe")!;
  it("says what differs", () => {
    expect(compareGame("t", ok, ok)).toEqual({ game: "t", verdict: "same", differences: [] });
    const more: GameDigest = { ...ok, propnet: { ...ok.propnet!, exact: "x", stats: { ...ok.propnet!.stats, components: ok.propnet!.stats.components + 1 } } };
    expect(compareGame("t", ok, more).differences).toEqual([
      `propnet differs: numbered differently, same shape; components ${ok.propnet!.stats.components} -> ${ok.propnet!.stats.components + 1}`,
    ]);
    const printed: GameDigest = { ...ok, groundGame: { ...ok.groundGame!, digest: "x" } };
    expect(compareGame("t", ok, printed).differences).toEqual(["printed ground game differs (same sizes)"]);
    expect(compareGame("t", ok, { game: "t", status: "timeout", detail: "no digest within 2 s" }).differences).toEqual([
      "status ok -> timeout (no digest within 2 s)",
    ]);
  });
  it("with --shape, accepts another numbering or an added count of 0, not another shape or count", () => {
    const renumbered: GameDigest = { ...ok, propnet: { ...ok.propnet!, exact: "x" } };
    expect(compareGame("t", ok, renumbered).verdict).toBe("differs");
    expect(compareGame("t", ok, renumbered, "shape").verdict).toBe("same");
    const stats = ok.propnet!.stats;
    const { sees: _sees, ...olderPropositions } = stats.propositions;
    const older: GameDigest = { ...ok, propnet: { ...ok.propnet!, stats: { ...stats, propositions: olderPropositions as typeof stats.propositions } } };
    expect(compareGame("t", older, renumbered, "shape").verdict).toBe("same"); // no sees count before: 0
    const reshaped: GameDigest = { ...ok, propnet: { ...ok.propnet!, exact: "x", shape: "y" } };
    expect(compareGame("t", ok, reshaped, "shape").differences).toEqual(["propnet differs: different shape"]);
    const counted: GameDigest = { ...ok, propnet: { ...ok.propnet!, exact: "x", stats: { ...stats, links: stats.links + 1 } } };
    expect(compareGame("t", ok, counted, "shape").verdict).toBe("differs");
  });

  it("counts a game that fails alike on both sides as equal, and a missing one as a difference", () => {
    const slow: GameDigest = { game: "slow", status: "timeout", detail: "grounding did not finish within 60 s: 1 M ground rules" };
    expect(compareGame("slow", slow, { ...slow, detail: "no digest within 120 s" }).verdict).toBe("both-failed");
    expect(compareRuns([ok, slow], [ok], true).map((c) => c.verdict)).toEqual(["same", "differs"]);
    expect(compareRuns([ok, slow], [ok], false).map((c) => c.verdict)).toEqual(["same"]);
    expect(compareRuns([ok], [slow], false)[0].differences).toEqual(["not in the saved digests"]);
  });
  it("reads back what it writes, and says which line is wrong", () => {
    const file = readFixture();
    expect(parseDigestFile(formatDigestFile(file))).toEqual(file);
    expect(parseDigestFile("{}\n")).toEqual({ error: "line 1: not a gdl-ground-compare-outputs file" });
    const lines = formatDigestFile(file).split("\n");
    expect(parseDigestFile([lines[0], lines[1], "{oops"].join("\n"))).toMatchObject({ error: expect.stringMatching(/^line 3: not JSON/) });
  });
});

/** The games' digests now, made as the saved ones were (their time limit, with or without the unoptimized propnet). */
async function digestsNow(games: readonly { file: string; game: string }[], saved: DigestFile): Promise<GameDigest[]> {
  const grounder = await createGrounder("auto");
  if ("error" in grounder) throw new Error(grounder.error);
  try {
    const now: GameDigest[] = [];
    for (const { file, game } of games)
      now.push(await digestGame(file, game, { grounder, groundTimeoutSeconds: saved.options.groundTimeoutSeconds, unoptimized: saved.options.unoptimized }));
    return now;
  } finally {
    await grounder.close();
  }
}

describe("the outputs of corpus/valid", () => {
  it("equal test/fixtures/compare-outputs-valid.jsonl (regenerate it as the header says after an intended change)", async () => {
    const saved = readFixture();
    const now = await digestsNow(gamesToDigest(VALID), saved);
    expect(now.length).toBeGreaterThan(10);
    const differences = compareRuns(saved.games, now, true).filter((c) => c.verdict !== "same");
    expect(differences).toEqual([]);
  });
});

describe.skipIf(!existsSync(SHARED_GAMES))("the outputs of a slice of real games", () => {
  // test/fixtures/compare-outputs-real.jsonl holds lines of `npm run compare:outputs -- ../shared/games/base
  // --save` (and of ../shared/games/gdl2) as main made them before extraction and the build moved to typed
  // arrays: the same printed ground game and the same propnets, exactly, on games with thousands of
  // atoms and clauses, three players, and GDL-II's sees.
  it("equal test/fixtures/compare-outputs-real.jsonl", async () => {
    const saved = readFixture(REAL_FIXTURE);
    const games = saved.games.map(({ game }) => ({
      game,
      file: game.endsWith(".gdl") ? path.join(SHARED_GAMES, "gdl2", game) : path.join(SHARED_GAMES, "base", `${game}.kif`),
    }));
    const now = await digestsNow(games, saved);
    expect(now.length).toBeGreaterThanOrEqual(6);
    expect(compareRuns(saved.games, now, true).filter((c) => c.verdict !== "same")).toEqual([]);
  }, 120_000);
});

describe.skipIf(!existsSync(CLI))("npm run compare:outputs (the compiled command line)", () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

  it("exits 0 against the saved digests, 1 with the games that differ", () => {
    const filter = ["--filter", "^(tictactoe|step-counter)$", "--jobs", "1"];
    const same = run(VALID, "--against", FIXTURE, ...filter);
    expect(same.stdout).toContain("2 games, 2 same, 0 differ");
    expect(same.status).toBe(0);

    const dir = mkdtempSync(path.join(tmpdir(), "gdl-compare-"));
    const tampered = path.join(dir, "tampered.jsonl");
    const file = readFixture();
    const games = file.games.map((g) => (g.game === "tictactoe" ? { ...g, groundGame: { ...g.groundGame!, clauses: 1, digest: "0" } } : g));
    writeFileSync(tampered, formatDigestFile({ ...file, games }));
    const differ = run(VALID, "--against", tampered, ...filter);
    expect(differ.stdout).toMatch(/differs: tictactoe: printed ground game differs \(clauses 1 -> \d+\)/);
    expect(differ.stdout).toContain("2 games, 1 same, 1 differ");
    expect(differ.status).toBe(1);
  });

  it("stops a game at its time limit and counts a timeout on both sides as equal", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-compare-"));
    copyFileSync(path.join(VALID, "step-counter.kif"), path.join(dir, "step-counter.kif"));
    const numbers = Array.from({ length: 80 }, (_, i) => `(n ${i})`).join(" ");
    writeFileSync(
      path.join(dir, "slow.kif"),
      `(role r) ${numbers} (init s) (<= (big ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d)) (<= (legal r (go ?a ?b ?c ?d)) (true s) (big ?a ?b ?c ?d))
       (<= (next s) (true s)) (<= terminal (not (true s))) (goal r 100)`,
    );
    const saved = path.join(dir, "saved.jsonl");
    const first = run(dir, "--save", saved, "--timeout", "2", "--grounder", "wasm");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/2 games in \d+ s .*: 1 ok, 1 not \(timeout: slow\)/);
    const second = run(dir, "--against", saved, "--timeout", "2", "--grounder", "wasm");
    expect(second.stdout).toContain("2 games, 1 same, 0 differ, 1 failed alike on both sides (counted as equal): slow (timeout)");
    expect(second.status).toBe(0);
  });

  it("writes the digests to stdout with --save - (progress on stderr)", () => {
    const out = run(VALID, "--filter", "^tictactoe$", "--save", "-");
    expect(out.status).toBe(0);
    const parsed = parseDigestFile(out.stdout);
    if ("error" in parsed) throw new Error(parsed.error);
    expect(parsed.games).toEqual(readFixture().games.filter((g) => g.game === "tictactoe"));
    expect(out.stderr).toContain("tictactoe: ok");
  });

  it("is a usage error without --save or --against, or with a file that is not a digest file", () => {
    expect(run(VALID).status).toBe(2);
    const bad = run(VALID, "--against", path.join(VALID, "tictactoe.kif"));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/tictactoe\.kif: line 1: not JSON/);
  });
});
