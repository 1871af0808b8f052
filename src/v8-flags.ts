/**
 * V8's flags as this process sets them at run time (`v8.setFlagsFromString`), all through here, so
 * that what depends on them can know them: V8 stamps a code cache with a hash of every flag not at
 * its default and rejects a cache made under other flags. The command line's chunk loader
 * (src/cli/chunk-loader.ts) names each chunk's cache by the flags of that chunk's compile and
 * writes it, at exit, under those same flags, whatever was set in between (TurboFan turned on
 * after the start-up window, clingo-wasm's flags set by a command that grounds with it).
 *
 * The record lives on `globalThis`, not in this module: bin/gdl-ground.js's start bundle and the
 * command line's chunks each hold a copy of this module, and flags are process-wide.
 *
 * Only the flags in `DEFAULTS` can be set: each with the setting that puts V8 back at its default,
 * implications included (`--liftoff-only` turns two tiering flags off, which `--no-liftoff-only`
 * does not turn on again). A test checks each: a cache made after setting and restoring a flag
 * is accepted by a fresh process.
 */
import v8 from "node:v8";

/** The setting that puts each flag this project changes back at V8's default (Node 20, V8 11.3). */
const DEFAULTS: Readonly<Record<string, string>> = {
  turbofan: "--turbofan",
  "liftoff-only": "--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering",
  "wasm-tiering-budget": "--wasm-tiering-budget=1800000",
  "wasm-tier-up-filter": "--wasm-tier-up-filter=-1",
  "experimental-wasm-compilation-hints": "--no-experimental-wasm-compilation-hints",
  "wasm-lazy-compilation": "--wasm-lazy-compilation",
};

/** The flags set at one moment: flag name → the flag as set (`--no-x`, `--x=1`); absent: V8's default. */
export type V8FlagState = ReadonlyMap<string, string>;

const KEY = Symbol.for("gdl-ground.v8-flags");

/** The process's record of what was set (shared by every copy of this module). */
function record(): Map<string, string> {
  const globals = globalThis as unknown as Record<symbol, Map<string, string> | undefined>;
  return (globals[KEY] ??= new Map());
}

/** The name of a flag as V8 reads it: `--no-wasm-lazy-compilation` → `wasm-lazy-compilation`. */
export function flagName(flag: string): string {
  const name = flag.replace(/^--/, "").replace(/=.*$/, "");
  return name.startsWith("no-") ? name.slice(3) : name;
}

/** Sets V8 flags (process-wide) and records them; a flag not in `DEFAULTS` is an error of ours. */
export function setV8Flags(...flags: readonly string[]): void {
  const now = record();
  for (const flag of flags) {
    const name = flagName(flag);
    const defaultSetting = DEFAULTS[name];
    if (defaultSetting === undefined) throw new Error(`V8 flag ${flag} has no known default (src/v8-flags.ts)`);
    v8.setFlagsFromString(flag);
    if (flag === defaultSetting) now.delete(name);
    else now.set(name, flag);
  }
}

/** The flags set now, as recorded (a copy). */
export function v8FlagsNow(): V8FlagState {
  return new Map(record());
}

/** Whether TurboFan, V8's optimizing compiler, is on in `state`. */
export function turbofanIn(state: V8FlagState): boolean {
  return state.get("turbofan") !== "--no-turbofan";
}

/** The flags of `state` other than TurboFan's, by name (for a cache's name). */
export function v8FlagsBesidesTurbofan(state: V8FlagState): string[] {
  return [...state.keys()].filter((name) => name !== "turbofan").sort().map((name) => state.get(name) as string);
}

/**
 * Puts every flag of `DEFAULTS` as it was in `state` (set explicitly, whatever the record says,
 * since a worker thread may have set one without recording it) and returns the state before, for
 * a second call to put back.
 */
export function restoreV8Flags(state: V8FlagState): V8FlagState {
  const before = v8FlagsNow();
  const now = record();
  now.clear();
  for (const name of Object.keys(DEFAULTS)) {
    const flag = state.get(name) ?? DEFAULTS[name];
    v8.setFlagsFromString(flag);
    if (state.has(name)) now.set(name, flag);
  }
  return before;
}
