/**
 * A propnet's components as typed arrays (kind codes, inputs in compressed rows, labels), and
 * `Propnet.components` made from them when first read.
 * Why: finalize made an object and an input array per component (amazonsTorus: 818 k of each),
 * which the summary, the corpus and the engines' compile never read: they count, or read kinds
 * and inputs. The objects were a tenth of the build's profile and most of the garbage it left for
 * the collector. A propnet built here keeps its arrays (`propnetArrays`); one made elsewhere (a
 * test, an import) has them computed from its components on first use.
 */
import type { Propnet, PropnetComponent } from "../propnet.js";
import { COMPONENT_KIND, KIND_CODE } from "./kinds.js";

/** Component c: kind code `kind[c]` (kinds.ts), inputs `inputs[inputStart[c] .. inputStart[c + 1])`, label `labels[c]`. */
export interface PropnetArrays {
  readonly kind: Uint8Array;
  readonly inputStart: Int32Array;
  readonly inputs: Int32Array;
  readonly labels: readonly string[];
}

const arraysOf = new WeakMap<Propnet, PropnetArrays>();

/** The arrays of a propnet: kept by the build, else computed from `components` once. */
export function propnetArrays(p: Propnet): PropnetArrays {
  const known = arraysOf.get(p);
  if (known) return known;
  const comps = p.components;
  const n = comps.length;
  const kind = new Uint8Array(n);
  const inputStart = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) {
    kind[c] = KIND_CODE.get(comps[c].kind)!;
    inputStart[c + 1] = inputStart[c] + comps[c].inputs.length;
  }
  const inputs = new Int32Array(inputStart[n]);
  for (let c = 0, j = 0; c < n; c++) for (const w of comps[c].inputs) inputs[j++] = w;
  const arrays = { kind, inputStart, inputs, labels: comps.map((c) => c.label) };
  arraysOf.set(p, arrays);
  return arrays;
}

/** The components of the arrays, as `Propnet.components` has them. */
function componentsOf(a: PropnetArrays): PropnetComponent[] {
  const n = a.kind.length;
  const components: PropnetComponent[] = new Array(n);
  for (let id = 0; id < n; id++) {
    const s = a.inputStart[id];
    const e = a.inputStart[id + 1];
    const inputs: number[] = new Array(e - s);
    for (let k = s; k < e; k++) inputs[k - s] = a.inputs[k];
    components[id] = { id, kind: COMPONENT_KIND[a.kind[id]], label: a.labels[id], inputs };
  }
  return components;
}

/**
 * The propnet `fields` with `components` made from `arrays` when first read (an enumerable
 * property: spreading, JSON and structured cloning see the components), and the arrays kept for
 * `propnetArrays`.
 */
export function propnetOfArrays(fields: Omit<Propnet, "components">, arrays: PropnetArrays): Propnet {
  // `components` second, where finalize's object literal had it
  const propnet = { roles: fields.roles } as Propnet;
  Object.defineProperty(propnet, "components", {
    enumerable: true,
    configurable: true,
    get(): readonly PropnetComponent[] {
      const components = componentsOf(arrays);
      Object.defineProperty(propnet, "components", { value: components, enumerable: true, writable: false });
      return components;
    },
  });
  Object.assign(propnet, fields);
  arraysOf.set(propnet, arrays);
  return propnet;
}
