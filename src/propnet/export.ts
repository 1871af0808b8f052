/**
 * Export of a propnet for other tools (issue 4, item 2): JSON and Graphviz DOT.
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

/** The JSON value of a propnet (pass it to `JSON.stringify`). */
export function propnetToJson(p: Propnet): PropnetJson {
  return {
    format: PROPNET_JSON_FORMAT,
    version: PROPNET_JSON_VERSION,
    optimized: p.optimized,
    roles: p.roles,
    components: p.components.map((c) => ({ id: c.id, kind: c.kind, label: c.label, inputs: c.inputs })),
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

const DOT_STYLE: Record<PropnetComponent["kind"], string> = {
  base: 'shape=box, style=filled, fillcolor="#cfe2ff"',
  input: 'shape=box, style=filled, fillcolor="#ffe5b4"',
  next: 'shape=box, style=filled, fillcolor="#e0e0ff"',
  view: "shape=ellipse",
  legal: 'shape=ellipse, style=filled, fillcolor="#d4f4d4"',
  goal: 'shape=ellipse, style=filled, fillcolor="#ffd6e0"',
  terminal: 'shape=doubleoctagon, style=filled, fillcolor="#ffb3b3"',
  init: 'shape=ellipse, style=filled, fillcolor="#eeeeee"',
  sees: 'shape=ellipse, style=filled, fillcolor="#fff3b0"',
  and: "shape=invhouse",
  or: "shape=invtriangle",
  not: "shape=circle",
  transition: "shape=rarrow",
  true: 'shape=plaintext, label="TRUE"',
  false: 'shape=plaintext, label="FALSE"',
};

function escape(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}

function quote(s: string): string {
  return `"${escape(s)}"`;
}

/** The propnet as a Graphviz digraph: one node per component (`c<id>`), edges input -> reader. */
export function propnetToDot(p: Propnet, name = "propnet"): string {
  const lines = [`digraph ${quote(name)} {`, "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=10];'];
  for (const c of p.components) {
    const gate = c.kind === "and" || c.kind === "or" || c.kind === "not";
    let label = "";
    if (gate) label = c.label === c.kind ? `, label=${quote(c.kind.toUpperCase())}` : `, label="${c.kind.toUpperCase()}\\n${escape(c.label)}"`;
    else if (c.kind === "transition") label = `, label=${quote(`T ${c.label}`)}`;
    else if (c.kind !== "true" && c.kind !== "false") label = `, label=${quote(c.label)}`;
    lines.push(`  c${c.id} [${DOT_STYLE[c.kind]}${label}];`);
  }
  for (const c of p.components)
    for (const w of c.inputs) lines.push(`  c${w} -> c${c.id}${c.kind === "base" ? " [style=dashed]" : ""};`);
  lines.push("}");
  return lines.join("\n") + "\n";
}
