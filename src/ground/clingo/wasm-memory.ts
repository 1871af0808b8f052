/**
 * Reading and rewriting the memory section of a wasm binary, so that clingo-wasm can be given
 * a smaller memory limit than the 2 GiB it declares and a grounding that needs more fails fast
 * with clingo's own out-of-memory status. Pure byte manipulation, for every host.
 */

/** Bytes per WebAssembly page. */
export const WASM_PAGE_BYTES = 65536;

/** An unsigned LEB128 number at `pos`, and where the next field starts. */
export function readLeb(bytes: Uint8Array, pos: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    if (b === undefined) throw new Error("truncated LEB128 number in wasm binary");
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return { value, next: pos };
  }
}

/**
 * A copy of a wasm binary whose (single, defined) memory has at most `maxPages` pages. The
 * new maximum is written into the bytes of the old one (LEB128 allows padding), so no section
 * size changes. Returns undefined when the binary has no defined memory with a maximum, or
 * when `maxPages` is not below the initial size or does not fit.
 */
export function limitWasmMemory(binary: Uint8Array, maxPages: number): Uint8Array | undefined {
  let pos = 8; // magic and version
  while (pos < binary.length) {
    const id = binary[pos++];
    const size = readLeb(binary, pos);
    const start = size.next;
    if (id === 5) {
      const count = readLeb(binary, start);
      if (count.value !== 1) return undefined;
      const flags = binary[count.next];
      if ((flags & 1) === 0) return undefined; // no maximum
      const min = readLeb(binary, count.next + 1);
      const maxStart = min.next;
      const max = readLeb(binary, maxStart);
      const width = max.next - maxStart;
      if (maxPages < min.value || maxPages >= 2 ** (7 * width) || maxPages > max.value) return undefined;
      const out = binary.slice();
      let v = maxPages;
      for (let i = 0; i < width; i++) {
        out[maxStart + i] = (v & 0x7f) | (i < width - 1 ? 0x80 : 0);
        v >>>= 7;
      }
      return out;
    }
    pos = start + size.value;
  }
  return undefined;
}

/** The initial memory size (pages) of a wasm binary's defined memory, 0 if none. */
export function minimumPages(binary: Uint8Array): number {
  let pos = 8;
  while (pos < binary.length) {
    const id = binary[pos++];
    const size = readLeb(binary, pos);
    if (id === 5) {
      const count = readLeb(binary, size.next);
      return readLeb(binary, count.next + 1).value;
    }
    pos = size.next + size.value;
  }
  return 0;
}

/**
 * The binary to compile for a memory limit of `mb` MiB: the original when the limit is not
 * below `builtInMb`, else a copy with a smaller maximum (raised to the initial size if need be).
 */
export function withMemoryLimit(binary: Uint8Array, mb: number, builtInMb: number): Uint8Array {
  if (mb >= builtInMb) return binary;
  const pages = Math.max(1, Math.floor((mb * 1024 * 1024) / WASM_PAGE_BYTES));
  return limitWasmMemory(binary, pages) ?? limitWasmMemory(binary, minimumPages(binary)) ?? binary;
}
