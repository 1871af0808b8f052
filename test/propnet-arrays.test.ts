/**
 * A built propnet keeps its components as typed arrays and makes `Propnet.components` from them
 * when read (src/propnet/build/arrays.ts): the objects, the stats, the JSON and what the engines'
 * compile reads must be those of a propnet given as plain objects.
 */
import { describe, expect, it } from "vitest";
import { buildPropnet, computeStats } from "../src/propnet/build.js";
import { propnetArrays } from "../src/propnet/build/arrays.js";
import { COMPONENT_KIND } from "../src/propnet/build/kinds.js";
import { resolveSlots } from "../src/propnet/machine-base.js";
import { wiringOf } from "../src/propnet/fast/wiring.js";
import { FastStateMachine } from "../src/propnet/fast/machine.js";
import type { Propnet } from "../src/propnet/propnet.js";
import { perftCounts } from "../src/propnet/search.js";
import { groundGameFromRules } from "./support/ground-game-from-rules.js";
import { groundTictactoeKif } from "./support/ground-tictactoe.js";

/** The same propnet as plain data: every component an object of its own (how a propnet read from JSON looks). */
function plainCopy(p: Propnet): Propnet {
  return JSON.parse(JSON.stringify(p)) as Propnet;
}

describe("a propnet's components as arrays", () => {
  for (const optimize of [true, false]) {
    it(`${optimize ? "optimized" : "unoptimized"}: components, stats and JSON from the arrays are those of the objects`, () => {
      const p = buildPropnet(groundGameFromRules(groundTictactoeKif(4)).game, { optimize });
      const a = propnetArrays(p);
      // read before the objects exist: the arrays alone
      expect(a.kind.length).toBe(p.stats.components);
      expect(a.inputs.length).toBe(p.stats.links);
      const comps = p.components;
      expect(p.components).toBe(comps); // made once
      expect(comps.length).toBe(a.kind.length);
      comps.forEach((c, id) => {
        expect(c.id).toBe(id);
        expect(c.kind).toBe(COMPONENT_KIND[a.kind[id]]);
        expect(c.label).toBe(a.labels[id]);
        expect(c.inputs).toEqual(Array.from(a.inputs.subarray(a.inputStart[id], a.inputStart[id + 1])));
      });
      expect(p.stats).toEqual(computeStats(comps, p.stats.paperComponents));
      // components where finalize's object literal had them: second, enumerable
      expect(Object.keys(p).slice(0, 2)).toEqual(["roles", "components"]);
      expect(JSON.parse(JSON.stringify(p)).components).toEqual(comps);
      expect({ ...p }.components).toBe(comps);
    });
  }

  it("a propnet of plain objects gets the same arrays, slots and wiring as the built one", () => {
    const p = buildPropnet(groundGameFromRules(groundTictactoeKif()).game);
    const copy = plainCopy(p);
    const a = propnetArrays(p);
    const b = propnetArrays(copy);
    expect(b.kind).toEqual(a.kind);
    expect(b.inputStart).toEqual(a.inputStart);
    expect(b.inputs).toEqual(a.inputs);
    expect(b.labels).toEqual(a.labels);
    expect(propnetArrays(copy)).toBe(b); // computed once
    expect(resolveSlots(copy)).toEqual(resolveSlots(p));
    const [wp, wc] = [wiringOf(p), wiringOf(copy)];
    expect([wc.gate, wc.inStart, wc.inSlots, wc.slotOf, wc.unsupported]).toEqual([wp.gate, wp.inStart, wp.inSlots, wp.slotOf, wp.unsupported]);
  });

  it("the fast engine compiled without the component objects plays as on the plain copy", () => {
    const p = buildPropnet(groundGameFromRules(groundTictactoeKif()).game);
    const fromArrays = FastStateMachine.create(p);
    expect(Object.getOwnPropertyDescriptor(p, "components")?.get).toBeDefined(); // never read by the compile
    const fromObjects = FastStateMachine.create(plainCopy(p));
    if (typeof fromArrays === "string" || typeof fromObjects === "string") throw new Error("not compiled");
    expect(perftCounts(fromArrays, 4)).toEqual(perftCounts(fromObjects, 4));
  });
});
