/**
 * The propnet's JSON and DOT written as bytes from its arrays (src/propnet/export-bytes.ts) must be
 * the bytes of the plain way: `JSON.stringify(propnetToJson(p))`, and a DOT reference written here
 * (a line per node and per edge, joined; the kinds' styles are the module's), encoded in UTF-8.
 * Checked on built propnets (arrays kept by the build), on plain copies (arrays computed from the objects), on labels a writer can get
 * wrong (quotes, backslashes, newlines, two- to four-byte UTF-8, a lone surrogate), on a GDL-II game
 * and on real games ground by the pipeline.
 */
import path from "node:path";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildPropnet } from "../src/propnet/build.js";
import { propnetToJson } from "../src/propnet/export.js";
import { DOT_STYLE, propnetDotBytes, propnetJsonBytes, propnetToDot } from "../src/propnet/export-bytes.js";
import type { Propnet } from "../src/propnet/propnet.js";
import { loadFile } from "../src/node-pipeline.js";
import { groundAndBuild } from "../src/pipeline.js";
import type { ClosableGrounder } from "../src/ground/index.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { UNICODE_GROUND_RULES as UNICODE } from "./support/unicode-game.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";
import { withGrounder } from "./support/grounder.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const BASE = path.resolve(ROOT, "../shared/games/base");

const encode = (text: string) => new TextEncoder().encode(text);

/** The DOT reference: the plain way, a string per line. */
function referenceDot(p: Propnet, name = "propnet"): string {
  const escape = (s: string) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
  const quote = (s: string) => `"${escape(s)}"`;
  const lines = [`digraph ${quote(name)} {`, "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=10];'];
  for (const c of p.components) {
    const gate = c.kind === "and" || c.kind === "or" || c.kind === "not";
    let label = "";
    if (gate) label = c.label === c.kind ? `, label=${quote(c.kind.toUpperCase())}` : `, label="${c.kind.toUpperCase()}\\n${escape(c.label)}"`;
    else if (c.kind === "transition") label = `, label=${quote(`T ${c.label}`)}`;
    else if (c.kind !== "true" && c.kind !== "false") label = `, label=${quote(c.label)}`;
    lines.push(`  c${c.id} [${DOT_STYLE[c.kind]}${label}];`);
  }
  for (const c of p.components) for (const w of c.inputs) lines.push(`  c${w} -> c${c.id}${c.kind === "base" ? " [style=dashed]" : ""};`);
  lines.push("}");
  return lines.join("\n") + "\n";
}

function expectSameBytes(p: Propnet, name?: string): void {
  // the DOT first: the JSON reference reads `components`, which a built propnet makes when first read
  expect(propnetDotBytes(p, name)).toEqual(encode(referenceDot(p, name)));
  // as a string: the reference written to a file and read back (a lone surrogate becomes U+FFFD either way)
  expect(propnetToDot(p, name)).toBe(new TextDecoder().decode(encode(referenceDot(p, name))));
  expect(propnetJsonBytes(p)).toEqual(encode(JSON.stringify(propnetToJson(p))));
}

describe("the propnet's JSON and DOT as bytes", () => {
  for (const optimize of [true, false])
    it(`tictactoe, ${optimize ? "optimized" : "unoptimized"}: built (arrays kept) and as plain objects (arrays computed)`, () => {
      const built = buildPropnet(groundGameFromRules(groundTictactoeKif()).game, { optimize });
      expectSameBytes(built);
      expectSameBytes(JSON.parse(JSON.stringify(built)) as Propnet, "tic \"tac\" toe");
    });

  it("names outside ASCII", () => {
    const { game, diagnostics } = groundGameFromRules(UNICODE);
    expect(diagnostics).toEqual([]);
    expectSameBytes(buildPropnet(game));
  });

  it("labels with quotes, backslashes, control characters and a lone surrogate", () => {
    const plain = JSON.parse(JSON.stringify(buildPropnet(groundGameFromRules(groundTictactoeKif()).game))) as Propnet;
    const odd = ['a "quoted" \\ name', "line\nbreak\ttab", "\u0001\u001f", "\ud800 alone", "𝄞 and ü", ""];
    const components = plain.components.map((c, i) => ({ ...c, label: odd[i % odd.length] }));
    expectSameBytes({ ...plain, components, baseFluents: [...plain.baseFluents, odd[0]] }, odd[0]);
  });
});

describe.skipIf(!existsSync(BASE))("the propnet's JSON and DOT as bytes on ground games", () => {
  let grounder: ClosableGrounder;
  withGrounder("auto", (g) => (grounder = g));
  const games = [
    path.join(ROOT, "corpus/valid/gdl2-coin-guess.kif"),
    ...["ticTacToe", "connectFour", "hanoi", "nineBoardTicTacToe"].map((g) => path.join(BASE, `${g}.kif`)),
  ];
  for (const file of games)
    it(path.basename(file), async () => {
      const result = await groundAndBuild(loadFile(file), { grounder, timeoutSeconds: 60 });
      expect(result.status).toBe("ok");
      expectSameBytes(result.propnet!, path.basename(file));
    });
});
