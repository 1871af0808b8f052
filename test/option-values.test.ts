/**
 * The parsers of option values (src/cli/option-values.ts), property-tested where the set of
 * accepted texts is large: a limit of ground rules (`--max-ground-rules`) is a whole number of at
 * least 1, written out or with k, M or G, or `none`; anything else is a usage error, never 0, NaN
 * or a fraction of a rule.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { InvalidArgumentError } from "commander";
import { groundRuleLimit } from "../src/cli/option-values.js";

describe("--max-ground-rules", () => {
  it("reads whole numbers, k, M and G, and none", () => {
    expect([groundRuleLimit("8000000"), groundRuleLimit("8M"), groundRuleLimit("2.5m"), groundRuleLimit("500k"), groundRuleLimit("1G"), groundRuleLimit(" 7 "), groundRuleLimit("1.1k"), groundRuleLimit("0.05k"), groundRuleLimit("3.0")]).toEqual([8e6, 8e6, 2.5e6, 5e5, 1e9, 7, 1100, 50, 3]);
    expect([groundRuleLimit("none"), groundRuleLimit("NONE")]).toEqual([Infinity, Infinity]);
  });

  it("takes every whole number of at least 1, as written and scaled", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom(["", 1], ["k", 1e3], ["M", 1e6], ["G", 1e9]), (n, [suffix, scale]) => {
        const text = `${n}${suffix}`;
        if (n * (scale as number) > Number.MAX_SAFE_INTEGER) expect(() => groundRuleLimit(text)).toThrow(InvalidArgumentError);
        else expect(groundRuleLimit(text)).toBe(n * (scale as number));
      }),
    );
  });

  it("refuses anything else with a usage error, or gives a whole number of at least 1", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        let n: number;
        try {
          n = groundRuleLimit(text);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidArgumentError);
          return;
        }
        expect(n === Infinity || (Number.isSafeInteger(n) && n >= 1)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    for (const bad of ["0", "0k", "0.0001k", "-1", "1e6", "8 M", "8MB", "1.5", "1.0005k", "2.", ".5M", "", "nothing", "Infinity", "NaN", "0x10"]) expect(() => groundRuleLimit(bad), bad).toThrow(InvalidArgumentError);
  });
});
