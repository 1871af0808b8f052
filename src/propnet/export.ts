/**
 * Export of a propnet for other tools (issue 4, item 2): its JSON value and reading it back. The
 * bytes of the JSON document and of Graphviz DOT are written by export-bytes.ts.
 *
 * JSON schema (`format: "gdl-ground-propnet"`, `version: 1`), all ids are component ids:
 * ```
 * {
 *   "format": "gdl-ground-propnet", "version": 1,
 *   "optimized": boolean,
 *   "roles": string[],                              // role order = joint move order
 *   "components": [{ "id": number,                  // = index in this array
 *                    "kind": "base" | "input" | "next" | "view" | "legal" | "goal" | "terminal"
 *                          | "init" | "sees" | "and" | "or" | "not" | "transition" | "true" | "false",
 *                    "label": string,               // KIF of the atom for propositions, the
 *                                                   // fluent for transitions; for gates the
 *                                                   // kind or the KIF of the view it computes
 *                    "inputs": number[] }],         // ids read by this component
 *   "baseFluents": string[],                        // base index -> fluent KIF
 *   "baseIds": number[],                            // base index -> base proposition
 *   "transitionIds": number[],                      // base index -> transition, or -1
 *   "inputs": [{ "role": number, "move": string, "id": number }],     // input index -> does
 *   "legals": [{ "role": number, "move": string, "id": number, "input": number }],
 *   "goals": [{ "role": number, "value": number | null, "valueKif": string, "id": number }],
 *   "terminal": number,                             // -1: never terminal
 *   "inits": [{ "base": number, "id": number }],
 *   "sees": [{ "role": number, "percept": string, "id": number }],   // GDL-II; [] for GDL
 *   "cycles": [{ "kind": "propnet-cycle", "propositions": string[] }],
 *   "warnings": string[],
 *   "stats": PropnetStats
 * }
 * ```
 * Semantics: a proposition other than base/input is true iff its one input is; `and` / `or` /
 * `not` as usual (an `and` without inputs is true, an `or` without inputs false); the value of
 * a transition in one state is the value of its base proposition in the next state. Fields may
 * be added in later versions; existing ones keep their meaning while `version` is 1.
 */
import type { Propnet, PropnetComponent } from "./propnet.js";

export const PROPNET_JSON_FORMAT = "gdl-ground-propnet";
export const PROPNET_JSON_VERSION = 1;

export type PropnetJson = { readonly format: typeof PROPNET_JSON_FORMAT; readonly version: typeof PROPNET_JSON_VERSION } & Propnet;

/** The JSON value of a propnet (pass it to `JSON.stringify`; `propnetJsonBytes` writes the same bytes faster). */
export function propnetToJson(p: Propnet): PropnetJson {
  return {
    ...propnetJsonHead(p),
    components: p.components.map((c) => ({ id: c.id, kind: c.kind, label: c.label, inputs: c.inputs })),
    ...propnetJsonTail(p),
  };
}

/** The fields of the JSON value before `components`, in their order. */
export function propnetJsonHead(p: Propnet): Pick<PropnetJson, "format" | "version" | "optimized" | "roles"> {
  return { format: PROPNET_JSON_FORMAT, version: PROPNET_JSON_VERSION, optimized: p.optimized, roles: p.roles };
}

/** The fields of the JSON value after `components`, in their order. */
export function propnetJsonTail(p: Propnet): Omit<Propnet, "optimized" | "roles" | "components"> {
  return {
    baseFluents: p.baseFluents,
    baseIds: p.baseIds,
    transitionIds: p.transitionIds,
    inputs: p.inputs,
    legals: p.legals,
    goals: p.goals,
    terminal: p.terminal,
    inits: p.inits,
    sees: p.sees,
    cycles: p.cycles,
    warnings: p.warnings,
    stats: p.stats,
  };
}

/** Reads back what `propnetToJson` wrote (after `JSON.parse`); a string describes what is wrong. */
export function propnetFromJson(value: unknown): Propnet | { readonly error: string } {
  if (typeof value !== "object" || value === null) return { error: "not a JSON object" };
  const v = value as Record<string, unknown>;
  if (v.format !== PROPNET_JSON_FORMAT) return { error: `format is not ${PROPNET_JSON_FORMAT}` };
  if (v.version !== PROPNET_JSON_VERSION) return { error: `unsupported version ${String(v.version)}` };
  for (const key of ["roles", "components", "baseFluents", "baseIds", "transitionIds", "inputs", "legals", "goals", "inits", "cycles", "warnings"])
    if (!Array.isArray(v[key])) return { error: `${key} is not an array` };
  if (typeof v.terminal !== "number") return { error: "terminal is not a number" };
  const components = v.components as PropnetComponent[];
  if (components.some((c, i) => c.id !== i || !Array.isArray(c.inputs))) return { error: "component ids must equal their index" };
  // `sees` came with GDL-II: a file written before has none
  if (v.sees !== undefined && !Array.isArray(v.sees)) return { error: "sees is not an array" };
  const { format: _f, version: _v, ...rest } = v;
  void _f;
  void _v;
  const propnet = rest as unknown as Propnet;
  return propnet.sees === undefined ? { ...propnet, sees: [] } : propnet;
}
