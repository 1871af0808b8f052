import { mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  emptyResultRow,
  formatResultsCsv,
  formatResultsJson,
  gameKey,
  matchGames,
  parseAnchor,
  parseResults,
  readAnchorFile,
  readResultsFile,
  writeResultsFile,
} from "../src/report/results-file.js";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const sample = path.join(root, "test/fixtures/results-sample.csv");
const anchors = path.resolve(root, "../shared/anchors/ggp-base-propnet.csv");
const tmp = await mkdtemp(path.join(os.tmpdir(), "gdl-report-"));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("our results file", () => {
  it("reads the sample with typed rows", async () => {
    const { rows, diagnostics } = await readResultsFile(sample);
    expect(diagnostics).toEqual([]);
    expect(rows).toHaveLength(9);
    const ttt = rows[0];
    expect(ttt.game).toBe("tictactoe.kif");
    expect(ttt.status).toBe("ok");
    expect(ttt.total_s).toBe(0.2);
    expect(ttt.components_optimized).toBe(400);
    const amazons = rows.find((r) => r.game === "amazons.kif")!;
    expect(amazons.status).toBe("timeout");
    expect(amazons.total_s).toBeNull();
    expect(amazons.gdl_literals).toBe(900);
    const crash = rows.find((r) => r.game === "crash.kif")!;
    expect(crash.reason).toBe('clingo: "atom undefined" | aborted');
    expect(rows.find((r) => r.game === "badgame.kif")!.reason).toContain(", column 1");
  });

  it("round-trips through CSV and JSON", async () => {
    const { rows } = await readResultsFile(sample);
    expect(parseResults(formatResultsCsv(rows)).rows).toEqual(rows);
    expect(parseResults(formatResultsJson(rows)).rows).toEqual(rows);
    for (const name of ["out/r.csv", "out/r.json"]) {
      const file = path.join(tmp, name);
      await writeResultsFile(file, rows);
      const back = await readResultsFile(file);
      expect(back.diagnostics).toEqual([]);
      expect(back.rows).toEqual(rows);
    }
    expect((await readFile(path.join(tmp, "out/r.json"), "utf8")).trimStart().startsWith("[")).toBe(true);
  });

  it("writes the columns in the documented order with empty unknowns", () => {
    const row = emptyResultRow("x.kif", "timeout", "limit");
    row.parse_s = 0.5;
    const csv = formatResultsCsv([row]).trim().split("\n");
    expect(csv[0]).toBe(
      "game,status,reason,parse_s,check_s,translate_s,ground_s,extract_s,propnet_s,total_s," +
        "ground_clauses,base_atoms,input_atoms,components_paper,components_optimized,gdl_literals,peak_memory_mb," +
        "extract_peak_mb,propnet_peak_mb,partial_s,partial_base_atoms,partial_input_atoms,partial_probe,partial_lifted,partial_below",
    );
    expect(csv[1]).toBe("x.kif,timeout,limit,0.5,,,,,,,,,,,,,,,,,,,,,");
  });

  it("reports bad values as diagnostics, not exceptions", () => {
    const text = "game,status,reason,total_s\na,ok,,fast\n,ok,,1\nb,weird,,2\n";
    const { rows, diagnostics } = parseResults(text, "bad.csv");
    expect(rows.map((r) => r.game)).toEqual(["a", "b"]);
    expect(rows[0].total_s).toBeNull();
    expect(rows[1].status).toBe("error");
    expect(diagnostics).toHaveLength(3);
    expect(diagnostics.every((d) => d.file === "bad.csv")).toBe(true);
    expect(diagnostics[0].pos.line).toBe(2);
    expect(parseResults("[not json", "x.json").diagnostics[0].severity).toBe("error");
  });

  it("reports a missing file as an io diagnostic", async () => {
    const { rows, diagnostics } = await readResultsFile(path.join(tmp, "nope.csv"));
    expect(rows).toEqual([]);
    expect(diagnostics[0].code).toBe("io");
  });
});

describe("anchor file", () => {
  it("ignores extra columns and splits error:reason", () => {
    const text = "set,game,status,seconds,components,ands\nbase,a,ok,1.5,100,3\nbase,b,error:NullPointer,0.4,,\nbase,c.kif,timeout,,,\n";
    const { rows, diagnostics } = parseAnchor(text);
    expect(diagnostics).toEqual([]);
    expect(rows).toEqual([
      { game: "a", status: "ok", reason: "", seconds: 1.5, components: 100 },
      { game: "b", status: "error", reason: "NullPointer", seconds: 0.4, components: null },
      { game: "c", status: "timeout", reason: "", seconds: null, components: null },
    ]);
  });

  it("without a status column, a row with seconds is ok", () => {
    const { rows } = parseAnchor("game,seconds\nfoo,1.5\nbar,\n");
    expect(rows.map((r) => r.status)).toEqual(["ok", "error"]);
  });

  it("matches games with or without .kif", () => {
    const ours = [emptyResultRow("tictactoe.kif"), emptyResultRow("Chess"), emptyResultRow("missing.kif")];
    const anchor = parseAnchor("game,seconds\ntictactoe,1\nchess.kif,2\n").rows;
    expect(matchGames(ours, anchor).map((m) => [m.game, m.anchor.seconds])).toEqual([
      ["tictactoe", 1],
      ["Chess", 2],
    ]);
    expect(gameKey("games/base/x.KIF")).toBe("x");
  });

  it.skipIf(!existsSync(anchors))("reads the GGP-Base anchors file (skipped when shared/anchors is absent)", async () => {
    const { rows, diagnostics } = await readAnchorFile(anchors);
    expect(diagnostics).toEqual([]);
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.filter((r) => r.status === "ok").length).toBeGreaterThan(250);
    expect(rows.every((r) => r.status !== "ok" || r.seconds !== null)).toBe(true);
  });
});
