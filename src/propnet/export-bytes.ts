/**
 * The propnet's JSON and Graphviz DOT exports (export.ts) written as UTF-8 bytes from the
 * propnet's arrays (kind codes, inputs in compressed rows, labels: build/arrays.ts).
 * Why: `--propnet-out` on a large game made an object per component, a string of the whole
 * document (`JSON.stringify`, or millions of DOT lines joined) and then its UTF-8 encoding:
 * amazonsTorus's 818 k components, 105 MB of JSON, took 1.5 s after the build. The bytes are
 * exactly those of `JSON.stringify(propnetToJson(p))` and `propnetToDot(p)` encoded in UTF-8.
 */
import { propnetArrays } from "./build/arrays.js";
import { COMPONENT_KIND } from "./build/kinds.js";
import { propnetJsonHead, propnetJsonTail } from "./export.js";
import type { Propnet, PropnetComponent } from "./propnet.js";

const CHUNK = 1 << 20;

/** Bytes appended in chunks of 1 MiB, joined once at the end. */
class ByteSink {
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(CHUNK);
  private at = 0;
  private readonly encoder = new TextEncoder();

  /** Text that is ASCII (numbers, keys, punctuation): one byte per character. */
  ascii(text: string): void {
    if (this.at + text.length > this.chunk.length) this.next(text.length);
    const chunk = this.chunk;
    let at = this.at;
    for (let i = 0; i < text.length; i++) chunk[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** A non-negative integer (a component id). */
  int(n: number): void {
    if (this.at + 10 > this.chunk.length) this.next(10);
    let digits = 1;
    for (let m = n; m >= 10; m = (m / 10) | 0) digits++;
    const chunk = this.chunk;
    let at = this.at + digits;
    this.at = at;
    do {
      chunk[--at] = 48 + (n % 10);
      n = (n / 10) | 0;
    } while (n > 0);
  }

  /**
   * `text` between double quotes, `"` and `\` escaped by a backslash: a DOT string, and a JSON
   * string when `json` (which also escapes control characters: those and any text outside ASCII
   * are written as JSON.stringify and UTF-8 write them).
   */
  quoted(text: string, json: boolean, prefix = ""): void {
    const n = text.length;
    if (this.at + 2 * n + prefix.length + 2 > this.chunk.length) this.next(2 * n + prefix.length + 2);
    const chunk = this.chunk;
    const start = this.at;
    let at = start;
    chunk[at++] = 34;
    for (let i = 0; i < prefix.length; i++) chunk[at++] = prefix.charCodeAt(i);
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80 || (json && c < 0x20)) {
        this.at = start;
        this.text(json ? JSON.stringify(text) : `"${prefix}${escape(text)}"`);
        return;
      }
      if (c === 34 || c === 92) chunk[at++] = 92;
      chunk[at++] = c;
    }
    chunk[at++] = 34;
    this.at = at;
  }

  /** Any text, in UTF-8 (at most 3 bytes per UTF-16 unit). */
  text(text: string): void {
    if (this.at + text.length * 3 > this.chunk.length) this.next(text.length * 3);
    this.at += this.encoder.encodeInto(text, this.chunk.subarray(this.at)).written;
  }

  bytes(): Uint8Array {
    this.chunks.push(this.chunk.subarray(0, this.at));
    const size = this.chunks.reduce((s, c) => s + c.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  private next(need: number): void {
    this.chunks.push(this.chunk.subarray(0, this.at));
    this.chunk = new Uint8Array(Math.max(CHUNK, need));
    this.at = 0;
  }
}

/** The UTF-8 bytes of `JSON.stringify(propnetToJson(p))`, the components written from the arrays. */
export function propnetJsonBytes(p: Propnet): Uint8Array {
  const a = propnetArrays(p);
  const sink = new ByteSink();
  const head = JSON.stringify(propnetJsonHead(p));
  sink.text(head.slice(0, -1));
  sink.ascii(',"components":[');
  const kindJson = COMPONENT_KIND.map((k) => `,"kind":${JSON.stringify(k)},"label":`);
  for (let c = 0; c < a.kind.length; c++) {
    sink.ascii(c === 0 ? '{"id":' : ',{"id":');
    sink.int(c);
    sink.ascii(kindJson[a.kind[c]]);
    sink.quoted(a.labels[c], true);
    sink.ascii(',"inputs":[');
    for (let k = a.inputStart[c]; k < a.inputStart[c + 1]; k++) {
      if (k > a.inputStart[c]) sink.ascii(",");
      sink.int(a.inputs[k]);
    }
    sink.ascii("]}");
  }
  sink.ascii("]");
  sink.text("," + JSON.stringify(propnetJsonTail(p)).slice(1));
  return sink.bytes();
}

/** Each kind's node attributes in DOT (a gate's, a transition's and a proposition's label follow them). */
export const DOT_STYLE: Readonly<Record<PropnetComponent["kind"], string>> = {
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

const escape = (s: string): string => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
const quote = (s: string): string => `"${escape(s)}"`;

/** A node's attributes: its kind's style, and its label (gates: the kind, and the view they compute). */
function writeDotAttributes(sink: ByteSink, kind: PropnetComponent["kind"], label: string): void {
  sink.ascii(DOT_STYLE[kind]);
  if (kind === "true" || kind === "false") return;
  sink.ascii(", label=");
  if (kind === "and" || kind === "or" || kind === "not") {
    if (label === kind) sink.ascii(`"${kind.toUpperCase()}"`);
    else sink.quoted(label, false, `${kind.toUpperCase()}\\n`);
  } else sink.quoted(label, false, kind === "transition" ? "T " : "");
}

/** The propnet as a Graphviz digraph, in UTF-8: one node per component (`c<id>`), edges input -> reader. */
export function propnetDotBytes(p: Propnet, name = "propnet"): Uint8Array {
  const a = propnetArrays(p);
  const n = a.kind.length;
  const sink = new ByteSink();
  sink.text(`digraph ${quote(name)} {\n  rankdir=LR;\n  node [fontname="Helvetica", fontsize=10];\n`);
  for (let c = 0; c < n; c++) {
    sink.ascii("  c");
    sink.int(c);
    sink.ascii(" [");
    writeDotAttributes(sink, COMPONENT_KIND[a.kind[c]], a.labels[c]);
    sink.ascii("];\n");
  }
  const base = COMPONENT_KIND.indexOf("base");
  for (let c = 0; c < n; c++)
    for (let k = a.inputStart[c]; k < a.inputStart[c + 1]; k++) {
      sink.ascii("  c");
      sink.int(a.inputs[k]);
      sink.ascii(" -> c");
      sink.int(c);
      sink.ascii(a.kind[c] === base ? " [style=dashed];\n" : ";\n");
    }
  sink.ascii("}\n");
  return sink.bytes();
}

/** The propnet as a Graphviz digraph (`propnetDotBytes` decoded). */
export function propnetToDot(p: Propnet, name = "propnet"): string {
  return new TextDecoder().decode(propnetDotBytes(p, name));
}
