/**
 * Fuzzing the whole way in (issue 14): random text and bytes, mutated real descriptions, deep
 * nesting and huge symbols go into reading, the checks, grounding and replay. Whatever comes
 * in, the answer is diagnostics or a result — never a thrown exception, a hang or an internal
 * error. Seeds are fixed so that a failure can be replayed.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync, readdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadText, groundAndBuild } from "../src/pipeline.js";
import { notText } from "../src/input-file.js";
import type { ClosableGrounder } from "../src/ground/asp-grounder.js";
import { main } from "../src/cli/main.js";
import type { Output } from "../src/cli/output.js";
import { withGrounder } from "./support/grounder.js";

const ROOT = path.resolve(__dirname, "..");
const VALID = path.join(ROOT, "corpus", "valid");
const games = readdirSync(VALID)
  .filter((f) => f.endsWith(".kif") || f.endsWith(".gdl"))
  .map((f) => readFileSync(path.join(VALID, f), "utf8"));

let grounder!: ClosableGrounder;
withGrounder("wasm", (g) => (grounder = g));

/** Reads and checks; a thrown exception fails the property. */
function load(text: string) {
  const loaded = loadText(text, "fuzz.kif");
  for (const d of loaded.diagnostics) {
    expect(typeof d.message).toBe("string");
    expect(d.pos.line).toBeGreaterThanOrEqual(0);
  }
  expect(loaded.diagnostics.filter((d) => d.severity === "error").length).toBeLessThanOrEqual(21);
  return loaded;
}

/** Grounds what loads, with a short limit; every status is fine but a thrown exception. */
async function ground(text: string) {
  const loaded = load(text);
  if (!loaded.description) return;
  const result = await groundAndBuild(loaded, { grounder, timeoutSeconds: 5 });
  expect(["ok", "timeout", "out-of-memory", "error"]).toContain(result.status);
  if (result.status === "error") {
    // an error is reported as a diagnostic, never as an exception
    expect(result.diagnostics.some((d) => d.severity === "error")).toBe(true);
  }
  if (result.status === "ok") expect(result.propnet).toBeDefined();
}

/** A real description with a few characters deleted, inserted or swapped. */
const mutated = fc
  .record({
    game: fc.constantFrom(...games),
    edits: fc.array(
      fc.record({
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        kind: fc.constantFrom("delete", "insert", "duplicate"),
        text: fc.constantFrom("(", ")", "?x", " ", "not", "or", "distinct", "<=", "\n", ";", "true", "(role r)", "0", "'", ":-", "&", "~", "."),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ game, edits }) => {
    let text = game;
    for (const edit of edits) {
      const at = Math.floor(edit.at * text.length);
      if (edit.kind === "delete") text = text.slice(0, at) + text.slice(at + 1 + (at % 7));
      else if (edit.kind === "insert") text = text.slice(0, at) + edit.text + text.slice(at);
      else text = text.slice(0, at) + text.slice(at, at + 40) + text.slice(at);
    }
    return text;
  });

describe("fuzz: reading and checking", () => {
  it("random text never throws", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => void load(text)), { numRuns: 300, seed: 14 });
  });

  it("random KIF-ish token soup never throws", () => {
    const token = fc.constantFrom("(", ")", "(", ")", "<=", "role", "init", "true", "next", "legal", "does", "goal", "terminal", "not", "or", "distinct", "?x", "?y", "a", "b", "1", "\n", " ", ";c\n");
    fc.assert(fc.property(fc.array(token, { maxLength: 120 }), (tokens) => void load(tokens.join(" "))), { numRuns: 300, seed: 15 });
  });

  it("random bytes are refused as not text in one line, or read", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const bad = notText(bytes);
        if (bad) expect(bad.reason.length).toBeGreaterThan(0);
        else void load(new TextDecoder().decode(bytes));
      }),
      { numRuns: 300, seed: 16 },
    );
  });

  it("mutated real descriptions never throw", () => {
    fc.assert(fc.property(mutated, (text) => void load(text)), { numRuns: 200, seed: 17 });
  });

  it("nesting past the readers' limits is a syntax error, not a stack overflow (KIF and infix)", () => {
    // terms past 100,000 levels; literals 500 deep (terms 10,000 deep were refused when the reader took 2,000 levels)
    const deep = "(role x)\n(init " + "(f ".repeat(200_000) + "a" + ")".repeat(200_000) + ")";
    expect(load(deep).diagnostics.some((d) => d.code === "syntax")).toBe(true);
    const deepInfix = "role(x).\ninit(" + "f(".repeat(200_000) + "a" + ")".repeat(200_000) + ").";
    expect(load(deepInfix).diagnostics.some((d) => d.code === "syntax")).toBe(true);
    const notNot = "(role x)\n(<= terminal " + "(not ".repeat(10_000) + "p" + ")".repeat(10_000) + ")";
    expect(load(notNot).diagnostics.some((d) => d.code === "syntax")).toBe(true);
    expect(load("role(x).\nterminal :- " + "~".repeat(10_000) + "p.").diagnostics.some((d) => d.code === "syntax")).toBe(true);
  });
});

describe("fuzz: grounding", () => {
  it("mutated real descriptions that still load ground or fail with a diagnostic", async () => {
    await fc.assert(fc.asyncProperty(mutated, ground), { numRuns: 40, seed: 18 });
  });

  it("a 1 MB symbol is read, checked and grounded", async () => {
    const name = "s" + "x".repeat(1 << 20);
    await ground(`(role ${name})\n(init (at 1))\n(legal ${name} stay)\n(<= (next (at 1)) (true (at 1)))\n(<= terminal (true (at 2)))\n(goal ${name} 100)`);
  });
});

describe("fuzz: replay", () => {
  it("random move files never crash replay", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gdl-fuzz-"));
    const game = path.join(VALID, "step-counter.kif");
    const move = fc.oneof(
      fc.constantFrom("up", "rest", "(up)", "(", ")", "((((", "?x", "", " ", "(f (g"),
      fc.string({ maxLength: 30 }),
      fc.constant("(".repeat(10_000) + "a" + ")".repeat(10_000)),
    );
    const file = fc.oneof(
      fc.array(fc.array(move, { minLength: 0, maxLength: 2 }), { maxLength: 6 }).map((m) => JSON.stringify(m)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom("null", "{}", "[1]", "[[1]]", '"x"'),
    );
    await fc.assert(
      fc.asyncProperty(file, async (content) => {
        writeFileSync(path.join(dir, "moves.json"), content);
        let out = "";
        let err = "";
        const io: Output = { out: (t) => (out += t), err: (t) => (err += t) };
        const code = await main(["replay", game, "--moves", path.join(dir, "moves.json")], io);
        expect([0, 1, 2]).toContain(code);
        expect(err).not.toMatch(/internal error|\n\s+at /);
        if (code !== 2) expect(() => JSON.parse(out)).not.toThrow();
      }),
      { numRuns: 30, seed: 19 },
    );
  });
});
