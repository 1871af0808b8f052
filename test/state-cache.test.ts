/**
 * The hybrid and prover machines' cache of what was computed per state: the state asked last is
 * recognized by its words (a buffer written again in place is another state), ignored bits do not
 * tell states apart, and the least recently used entry is dropped first.
 */
import { describe, expect, it } from "vitest";
import { StateCache } from "../src/hybrid/state-cache.js";

describe("StateCache", () => {
  it("tells states by their words, also when one buffer is written again in place", () => {
    let made = 0;
    const cache = new StateCache<number>(4, 2);
    const buffer = new Uint32Array([1, 0x80000000]);
    expect(cache.get(buffer, () => ++made)).toBe(1);
    expect(cache.get(buffer, () => ++made)).toBe(1);
    buffer[0] = 2;
    expect(cache.get(buffer, () => ++made)).toBe(2);
    buffer[0] = 1;
    expect(cache.get(buffer, () => ++made)).toBe(1);
    expect(made).toBe(2);
  });

  it("finds any state it keeps, not only the last, and makes each once", () => {
    let made = 0;
    const cache = new StateCache<number>(16, 3);
    const stateOf = (k: number): Uint32Array => new Uint32Array([k, k * 7, 0xffffffff - k]);
    for (let k = 0; k < 16; k++) expect(cache.get(stateOf(k), () => ++made)).toBe(k + 1);
    for (let k = 15; k >= 0; k--) expect(cache.get(stateOf(k), () => ++made)).toBe(k + 1);
    expect(made).toBe(16);
    // full: a new state drops the one used longest ago (15, asked first in the second round)
    expect(cache.get(stateOf(16), () => ++made)).toBe(17);
    expect(cache.get(stateOf(0), () => ++made)).toBe(1);
    expect(cache.get(stateOf(15), () => ++made)).toBe(18);
  });

  it("leaves the ignored bits out, and drops the least recently used entry first", () => {
    let made = 0;
    const cache = new StateCache<number>(2, 1, new Uint32Array([0x80000001]));
    expect(cache.get([0b10], () => ++made)).toBe(1);
    expect(cache.get([0b11], () => ++made)).toBe(1);
    expect(cache.get([0x80000002], () => ++made)).toBe(1);
    expect(cache.get([0b100], () => ++made)).toBe(2);
    expect(cache.get([0b1000], () => ++made)).toBe(3); // drops 0b10's entry
    expect(cache.get([0b10], () => ++made)).toBe(4);
    expect(made).toBe(4);
  });
});
