/**
 * A fast engine machine (`FastStateMachine`) as data, to compare two builds of the engine: every
 * typed array, number and boolean the machine holds, its runtime's merged in, by field name
 * (private fields are ordinary properties at run time), and its stats. `digestFields` makes a
 * snapshot small enough for a fixture: a hash per typed array (sha256, its first 64 bits).
 * Used by scripts/compare-fast-engine.ts and test/fast-machine.test.ts.
 */
import { createHash } from "node:crypto";

/** A field of a machine: a typed array, or a scalar written as text ("17", "true", "undefined"). */
export type FieldValue = string | ArrayLike<number>;

/** Fields that are not the compiled machine: the propnet it was built from, and its name maps made on demand. */
const SKIPPED = new Set(["propnet", "roles", "engine", "stats", "roleIndexMap", "moveIndexMap", "baseIndexMap"]);

/** The fields of an object holding the compiled machine (a runtime object's fields are merged into the machine's). */
export function machineFields(machine: object): Map<string, FieldValue> {
  const fields = new Map<string, FieldValue>();
  const walk = (value: unknown, name: string): void => {
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) fields.set(name, value as unknown as ArrayLike<number>);
    else if (Array.isArray(value)) value.forEach((x, i) => walk(x, `${name}.${i}`));
    else if (value !== null && typeof value === "object" && !(value instanceof Map)) {
      for (const [key, x] of Object.entries(value)) {
        if (name === "" && SKIPPED.has(key)) continue;
        walk(x, name === "" ? (key === "runtime" ? "" : key) : `${name}.${key}`);
      }
    } else if (!(value instanceof Map)) fields.set(name, String(value));
  };
  walk(machine, "");
  return fields;
}

/** Typed arrays as "Int32Array 1234 <the first 16 hex digits of their sha256>", scalars as they are. */
export function digestFields(fields: ReadonlyMap<string, FieldValue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (typeof value === "string") out[name] = value;
    else {
      const view = value as unknown as ArrayBufferView;
      const hash = createHash("sha256").update(new Uint8Array(view.buffer, view.byteOffset, view.byteLength)).digest("hex").slice(0, 16);
      out[name] = `${view.constructor.name} ${value.length} ${hash}`;
    }
  }
  return out;
}

/** Where two machines' fields differ: names on one side only, and the first index where arrays differ. */
export function fieldDifferences(a: ReadonlyMap<string, FieldValue>, b: ReadonlyMap<string, FieldValue>): string[] {
  const out: string[] = [];
  for (const [name, x] of a) {
    const y = b.get(name);
    if (y === undefined) {
      out.push(`${name}: only in the first`);
      continue;
    }
    if (typeof x === "string" || typeof y === "string") {
      if (x !== y) out.push(`${name}: ${String(x)} against ${String(y)}`);
      continue;
    }
    if (x.constructor !== y.constructor || x.length !== y.length) {
      out.push(`${name}: ${x.constructor.name} of ${x.length} against ${y.constructor.name} of ${y.length}`);
      continue;
    }
    for (let i = 0; i < x.length; i++)
      if (x[i] !== y[i]) {
        out.push(`${name}[${i}]: ${x[i]} against ${y[i]}`);
        break;
      }
  }
  for (const name of b.keys()) if (!a.has(name)) out.push(`${name}: only in the second`);
  return out;
}
