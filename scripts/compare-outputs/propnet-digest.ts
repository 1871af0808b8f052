/**
 * Digests of a propnet for comparing a build before and after a change: the exact form (the
 * canonical JSON of `propnetToJson`, hashed as it is serialized) and a renumbering-invariant form
 * (the shape), in which components have no ids: a proposition, transition or constant is known by
 * its kind and name, a gate by its kind and the multiset of its inputs' signatures, computed by
 * hashing inputs before readers (iterated to a fixpoint on cycles). Two builds that number the
 * same graph differently, or merge gates in another order, have the same shape and different
 * exact digests. Gate labels (the view a gate was named after) are left out of the shape.
 */
import { createHash, type Hash } from "node:crypto";
import { topologicalOrder } from "../../src/propnet/graph.js";
import { propnetToJson } from "../../src/propnet/export.js";
import { isProposition, type ComponentKind, type Propnet, type PropnetStats } from "../../src/propnet/propnet.js";

export interface PropnetDigest {
  /** sha-256 (first 32 hex digits) of the JSON of `propnetToJson`. */
  readonly exact: string;
  /** sha-256 (first 32 hex digits) of the renumbering-invariant form. */
  readonly shape: string;
  /** Components, links, propositions by kind, gates, both component counts. */
  readonly stats: PropnetStats;
}

export function digestPropnet(p: Propnet): PropnetDigest {
  return { exact: exactDigest(p), shape: shapeDigest(p), stats: p.stats };
}

/** Hex digits kept of a sha-256 (128 bits). */
const DIGEST_HEX = 32;

/** Text fed to a hash in chunks of about 64 KiB (one `update` per component costs more than the hashing). */
class ChunkedHash {
  private readonly hash: Hash = createHash("sha256");
  private parts: string[] = [];
  private length = 0;
  add(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= 1 << 16) this.flush();
  }
  private flush(): void {
    this.hash.update(this.parts.join(""));
    this.parts = [];
    this.length = 0;
  }
  hex(): string {
    this.flush();
    return this.hash.digest("hex").slice(0, DIGEST_HEX);
  }
}

/**
 * The JSON of `propnetToJson`, field by field and array element by element, so that a propnet of
 * millions of components is never one string (V8 caps strings at 512 MiB).
 */
function exactDigest(p: Propnet): string {
  const h = new ChunkedHash();
  for (const [key, value] of Object.entries(propnetToJson(p))) {
    h.add(`${JSON.stringify(key)}:`);
    if (Array.isArray(value)) {
      h.add("[");
      for (const item of value as unknown[]) h.add(`${JSON.stringify(item)},`);
      h.add("]");
    } else h.add(JSON.stringify(value));
  }
  return h.hex();
}

/** A 53-bit hash of a sequence of words and strings (cyrb53's mixing), exact as a double. */
class Signature {
  private h1: number;
  private h2: number;
  constructor(seed: number) {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
  }
  word(x: number): this {
    this.h1 = Math.imul(this.h1 ^ x, 2654435761);
    this.h2 = Math.imul(this.h2 ^ x, 1597334677);
    return this;
  }
  /** A non-negative integer below 2^53 (another signature), as its two 32-bit halves. */
  number(x: number): this {
    return this.word(x >>> 0).word(Math.floor(x / 4294967296));
  }
  text(s: string): this {
    this.word(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
    return this;
  }
  value(): number {
    let h1 = Math.imul(this.h1 ^ (this.h1 >>> 16), 2246822507);
    h1 ^= Math.imul(this.h2 ^ (this.h2 >>> 13), 3266489909);
    let h2 = Math.imul(this.h2 ^ (this.h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
}

const KIND_CODES: readonly ComponentKind[] = ["base", "input", "next", "view", "legal", "goal", "terminal", "init", "and", "or", "not", "transition", "true", "false", "sees"];

/** What a component is known by before its inputs: its kind, and its name unless it is a gate. */
function ownSignature(kind: ComponentKind, label: string): Signature {
  const s = new Signature(0).word(KIND_CODES.indexOf(kind));
  return isProposition(kind) || kind === "transition" ? s.text(label) : s;
}

/**
 * The signature of every component: its own, then the sorted signatures of its inputs (a base
 * proposition's transition is not one of them: the base is named, and the transition is known by
 * its fluent and its input). Components on or behind a cycle are refined round by round, all from
 * the previous round's signatures, until a round splits no class further (what reads a cycle is
 * behind it, so refined with it).
 */
export function componentSignatures(p: Propnet): Float64Array {
  const n = p.components.length;
  const inputsOf = (v: number): readonly number[] => (p.components[v].kind === "base" ? [] : p.components[v].inputs);
  const sig = new Float64Array(n);
  const combine = (v: number, own: Signature, from: Float64Array): number => {
    const ins = inputsOf(v);
    const values = new Float64Array(ins.length);
    for (let k = 0; k < ins.length; k++) values[k] = from[ins[k]];
    values.sort();
    own.word(values.length);
    for (const x of values) own.number(x);
    return own.value();
  };
  const own = (v: number) => ownSignature(p.components[v].kind, p.components[v].label);
  const { order, leftOver } = topologicalOrder(n, inputsOf);
  for (const v of order) sig[v] = combine(v, own(v), sig);
  if (leftOver.length === 0) return sig;

  for (const v of leftOver) sig[v] = own(v).value();
  let classes = new Set(leftOver.map((v) => sig[v])).size;
  for (let round = 0; round < leftOver.length; round++) {
    const next = sig.slice();
    for (const v of leftOver) next[v] = combine(v, new Signature(1).number(sig[v]), sig);
    sig.set(next);
    const now = new Set(leftOver.map((v) => sig[v])).size;
    if (now === classes) break;
    classes = now;
  }
  return sig;
}

function shapeDigest(p: Propnet): string {
  const sig = componentSignatures(p);
  const of = (id: number) => (id < 0 ? -1 : sig[id]);
  const h = new ChunkedHash();
  const add = (key: string, value: unknown) => h.add(`${key}:${JSON.stringify(value)}\n`);
  add("optimized", p.optimized);
  add("roles", p.roles);
  add("baseFluents", p.baseFluents);
  const all = sig.slice().sort();
  for (let i = 0; i < all.length; i += 4096) add("components", Array.from(all.subarray(i, i + 4096)));
  add("baseIds", p.baseIds.map(of));
  add("transitionIds", p.transitionIds.map(of));
  add("inputs", p.inputs.map((x) => [x.role, x.move, of(x.id)]));
  add("legals", p.legals.map((x) => [x.role, x.move, x.input, of(x.id)]));
  const goals = p.goals.map((x) => [x.role, x.valueKif, x.value, of(x.id)] as const);
  goals.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[3] - b[3]));
  add("goals", goals);
  add("terminal", of(p.terminal));
  add("inits", p.inits.map((x) => [x.base, of(x.id)]));
  // GDL-II's percepts, and their count, only where there are any: a GDL propnet's shape is what it was before sees
  if (p.sees.length > 0) add("sees", p.sees.map((x) => [x.role, x.percept, of(x.id)]));
  // a cycle through gates names them by kind and id: the id is left out
  add("cycles", p.cycles.map((c) => c.propositions.map((name) => name.replace(/#\d+$/, "")).sort()));
  add("warnings", p.warnings);
  const { sees: seesCount, ...gdlPropositions } = p.stats.propositions;
  add("stats", seesCount > 0 ? p.stats : { ...p.stats, propositions: gdlPropositions });
  return h.hex();
}
