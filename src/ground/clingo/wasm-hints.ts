/**
 * A copy of a wasm binary with a compilation hints section (V8's `compilationHints` custom
 * section, read with `--experimental-wasm-compilation-hints`): the functions named eager are
 * compiled by V8's baseline compiler in its background threads while the module compiles, every
 * other function lazily, at its first call. Pure byte manipulation, for every host.
 *
 * Why: lazily, the functions a small grounding calls (about 900 of clingo's 6,400, a fifth of
 * its code) are compiled on the thread that grounds, at their first call: 20–40 ms of
 * ticTacToe's grounding on the command line's main thread. Eager, they compile while that thread
 * still loads the command line and reads the game.
 *
 * The section: its name, then the number of functions the module defines, then one byte per
 * function: bits 0–1 the strategy (1 lazy, 2 eager), bits 2–3 the baseline tier and 4–5 the top
 * tier (0: V8's default). It has to stand between the function and the code section; a host
 * that does not read it ignores it, as any custom section.
 */
import { readLeb } from "./wasm-memory.js";

const FUNCTION_SECTION = 3;
const IMPORT_SECTION = 2;
const CODE_SECTION = 10;
const LAZY = 0x01;
const EAGER = 0x02;

function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** Where a binary's sections start, by id (the first of each), and its end. */
function sections(binary: Uint8Array): Map<number, { start: number; body: number; end: number }> {
  const found = new Map<number, { start: number; body: number; end: number }>();
  let pos = 8; // magic and version
  while (pos < binary.length) {
    const id = binary[pos];
    const size = readLeb(binary, pos + 1);
    const end = size.next + size.value;
    if (!found.has(id)) found.set(id, { start: pos, body: size.next, end });
    pos = end;
  }
  return found;
}

/** The number of functions a binary imports (function indices count them first). */
export function importedFunctions(binary: Uint8Array): number {
  const section = sections(binary).get(IMPORT_SECTION);
  if (!section) return 0;
  const count = readLeb(binary, section.body);
  let pos = count.next;
  let functions = 0;
  const skipName = () => {
    const length = readLeb(binary, pos);
    pos = length.next + length.value;
  };
  const skipLimits = () => {
    const flags = binary[pos++];
    pos = readLeb(binary, pos).next;
    if (flags & 1) pos = readLeb(binary, pos).next;
  };
  for (let i = 0; i < count.value; i++) {
    skipName();
    skipName();
    const kind = binary[pos++];
    if (kind === 0) {
      functions++;
      pos = readLeb(binary, pos).next;
    } else if (kind === 1) {
      pos++; // the table's element type
      skipLimits();
    } else if (kind === 2) {
      skipLimits();
    } else if (kind === 3) {
      pos += 2; // the global's type and mutability
    } else {
      throw new Error(`unknown import kind ${kind} in wasm binary`);
    }
  }
  return functions;
}

/** The number of functions a binary defines (its function section's count). */
export function definedFunctions(binary: Uint8Array): number {
  const section = sections(binary).get(FUNCTION_SECTION);
  return section ? readLeb(binary, section.body).value : 0;
}

/**
 * The compilation hints section for a binary whose first bytes, up to and including its code
 * section's header at least, are `head` (the whole binary will do): the section and where it
 * goes (the code section's start). Undefined when `head` has no code section, ends before its
 * header, or `eager` names a function the binary does not define.
 */
export function compilationHintsSection(head: Uint8Array, eager: Iterable<number>): { readonly at: number; readonly section: Uint8Array } | undefined {
  let found: ReturnType<typeof sections>;
  try {
    found = sections(head);
  } catch {
    return undefined; // a section's header cut by the end of `head`
  }
  const code = found.get(CODE_SECTION);
  const functions = found.get(FUNCTION_SECTION);
  if (!code || code.body > head.length || !functions) return undefined;
  const defined = readLeb(head, functions.body).value;
  if (defined === 0) return undefined;
  const imported = importedFunctions(head);
  const hints = new Uint8Array(defined).fill(LAZY);
  for (const index of eager) {
    const own = index - imported;
    if (!Number.isInteger(own) || own < 0 || own >= defined) return undefined;
    hints[own] = EAGER;
  }
  const name = new TextEncoder().encode("compilationHints");
  const head2 = [...leb(name.length), ...name, ...leb(defined)];
  const sectionHead = [0, ...leb(head2.length + hints.length), ...head2];
  const section = new Uint8Array(sectionHead.length + hints.length);
  section.set(sectionHead);
  section.set(hints, sectionHead.length);
  return { at: code.start, section };
}

/**
 * `binary` with a compilation hints section that makes the functions at `eager` (function
 * indices, imports counted, as V8 names them) eager and all others lazy. Returns the binary
 * itself when it has no code section or names a function it does not define.
 */
export function withCompilationHints(binary: Uint8Array, eager: Iterable<number>): Uint8Array {
  const hints = compilationHintsSection(binary, eager);
  if (hints === undefined) return binary;
  const out = new Uint8Array(binary.length + hints.section.length);
  out.set(binary.subarray(0, hints.at));
  out.set(hints.section, hints.at);
  out.set(binary.subarray(hints.at), hints.at + hints.section.length);
  return out;
}
