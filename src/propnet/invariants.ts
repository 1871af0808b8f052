/**
 * Invariant checks of a propnet (issue 4, item 4), one message per violation:
 *   - component ids equal their index, inputs exist, each kind has the right number of inputs;
 *   - every legal has its input proposition `(does r m)` (GGP-Base #8, #27);
 *   - no cycle of gates and propositions without a transition (#9, #74);
 *   - every transition reads a `next` proposition and feeds the base proposition of the same
 *     fluent (and a `next` that is always true still has its transition, #75);
 *   - goal propositions carry numeric values (#44 is checked by playing, not here);
 *   - legal, goal and terminal do not depend on a `does` (input) proposition.
 */
import { cyclicComponents } from "./graph.js";
import { isProposition, type Propnet } from "./propnet.js";

export function checkPropnetInvariants(p: Propnet): string[] {
  const problems: string[] = [];
  const comps = p.components;
  const n = comps.length;
  const name = (id: number) => (id >= 0 && id < n ? `#${id} ${comps[id].kind} ${comps[id].label}` : `#${id} (missing)`);

  comps.forEach((c, i) => {
    if (c.id !== i) problems.push(`component at index ${i} has id ${c.id}`);
    for (const w of c.inputs) if (!(w >= 0 && w < n)) problems.push(`${name(i)} reads a missing component ${w}`);
    const k = c.kind;
    if ((k === "input" || k === "true" || k === "false") && c.inputs.length !== 0) problems.push(`${name(i)} must have no inputs`);
    if ((k === "not" || k === "transition") && c.inputs.length !== 1) problems.push(`${name(i)} must have exactly one input`);
    if (isProposition(k) && k !== "base" && k !== "input" && c.inputs.length !== 1) problems.push(`${name(i)} must have exactly one input`);
    if (k === "base" && (c.inputs.length > 1 || (c.inputs.length === 1 && comps[c.inputs[0]]?.kind !== "transition")))
      problems.push(`${name(i)} may only read one transition`);
  });
  if (problems.length > 0) return problems; // the rest assumes a well-formed graph

  // every legal has its input
  for (const l of p.legals) {
    const input = p.inputs[l.input];
    const role = p.roles[l.role];
    if (comps[l.id]?.kind !== "legal") problems.push(`legal ${l.move} of ${role}: ${name(l.id)} is not a legal proposition`);
    if (!input) problems.push(`legal ${l.move} of ${role} has no input proposition`);
    else if (input.role !== l.role || input.move !== l.move) problems.push(`legal ${l.move} of ${role} points at the input of ${input.move}`);
    else if (comps[input.id]?.kind !== "input") problems.push(`the input of legal ${l.move} of ${role} is ${name(input.id)}`);
  }

  // transitions
  const readers = new Map<number, number[]>();
  for (const c of comps)
    for (const w of c.inputs) {
      const list = readers.get(w);
      if (list) list.push(c.id);
      else readers.set(w, [c.id]);
    }
  const transitionSet = new Set(p.transitionIds);
  p.transitionIds.forEach((t, b) => {
    if (t < 0) return;
    const fluent = p.baseFluents[b];
    const tr = comps[t];
    if (tr?.kind !== "transition") {
      problems.push(`the transition of ${fluent} is ${name(t)}`);
      return;
    }
    const next = comps[tr.inputs[0]];
    if (next.kind !== "next" || next.label !== `(next ${fluent})`) problems.push(`the transition of ${fluent} reads ${name(next.id)}, not (next ${fluent})`);
    const fed = readers.get(t) ?? [];
    if (fed.length !== 1 || fed[0] !== p.baseIds[b]) problems.push(`the transition of ${fluent} does not feed (true ${fluent}) alone`);
  });
  for (const c of comps)
    if (c.kind === "transition" && !transitionSet.has(c.id)) problems.push(`${name(c.id)} belongs to no base proposition`);
  for (const c of comps)
    if (c.kind === "next") {
      const fed = readers.get(c.id) ?? [];
      if (!fed.some((r) => comps[r].kind === "transition")) problems.push(`${name(c.id)} feeds no transition`);
    }

  // goal values
  for (const x of p.goals)
    if (x.value === null || !Number.isFinite(x.value)) problems.push(`goal value of ${p.roles[x.role]} is not a number: ${x.valueKif}`);

  // cycles without a transition (edges into base propositions come from transitions: skipped)
  const inputsOf = (v: number) => (comps[v].kind === "base" ? [] : comps[v].inputs);
  for (const members of cyclicComponents(n, inputsOf)) {
    const named = members.filter((v) => isProposition(comps[v].kind) || comps[v].label !== comps[v].kind);
    const names = named.map((v) => comps[v].label);
    const shown = (names.length > 0 ? names : members.map(name)).sort();
    problems.push(`cycle without a transition through ${shown.slice(0, 8).join(", ")}${shown.length > 8 ? `, ... (${shown.length})` : ""}`);
  }

  // legal, goal, terminal must not depend on does
  const dep = new Uint8Array(n); // ids are topological when acyclic: one pass and one to confirm
  for (let changed = true, pass = 0; changed && pass <= n; pass++) {
    changed = false;
    for (let v = 0; v < n; v++)
      if (!dep[v] && (comps[v].kind === "input" || inputsOf(v).some((w) => dep[w] === 1))) {
        dep[v] = 1;
        changed = true;
      }
  }
  for (const c of comps)
    if ((c.kind === "legal" || c.kind === "goal" || c.kind === "terminal") && dep[c.id]) problems.push(`${name(c.id)} depends on a does proposition`);

  return problems;
}
