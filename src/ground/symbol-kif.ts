/**
 * clingo's symbols, as bytes of the aspif reader's pool, straight to GDL's KIF text: `cell(1,1,b)`
 * -> `(cell 1 1 b)`, names mapped back through the symbol table (`g_a_minus_b` -> `a-b`,
 * `_c0(f)` -> `(f)`), without a string or a tree per symbol. The texts are written as UTF-8 into
 * one buffer and decoded a few MiB at a time; each text is then a slice of a decoded piece.
 * Why: parsing every kept atom into a tree of terms and printing it back made most of
 * extraction's time on the big games (amazonsTorus: 1.40 M atoms kept; parse, convert and print
 * 1.4 s of the 10.8 s extract under load 6, and the garbage of 1.4 M trees after it).
 * Anything but names, canonical integers and `_c0(name)` (a string, a tuple, a negated or
 * unknown name), and any GDL name that KIF writes between bars (a blank, a parenthesis: infix's
 * quoted names; kif-name.ts), is left to the caller's tree path: `writeAtom` and `writeTerm` say false.
 */
import type { SymbolTable } from "../translate/symbols.js";
import { ZERO_ARITY_FUNCTOR } from "../translate/symbols.js";
import { isPlainKifName } from "../syntax/kif-name.js";
import { IntList } from "../int-list.js";

const OPEN = 40;
const CLOSE = 41;
const COMMA = 44;
const MINUS = 45;
const BLANK = 32;
const UNDERSCORE = 95;
const QUOTE = 39;

/** Bytes of a name: `[A-Za-z0-9_']`. */
function isNameByte(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === UNDERSCORE || c === QUOTE;
}

/** Whether a symbol starting with byte c is a plain function symbol (`p`, `p(...)`, `_split3(...)`). */
export function startsPlainName(c: number): boolean {
  return (c >= 97 && c <= 122) || c === UNDERSCORE;
}

/** A 32-bit FNV-1a hash of bytes[from, to). */
export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
  return h;
}

/**
 * Interns byte strings of one pool by content: `id(from, to)` is the same number for equal
 * bytes, numbered 0, 1, ... in first-seen order. An open-addressing table of (id, hash) pairs
 * side by side, so that a probe reads one cache line; the bytes are compared only on equal hashes.
 */
export class ByteInterner {
  private table: Int32Array;
  private starts: Int32Array;
  private ends: Int32Array;
  count = 0;
  /** Whether the last `id` saw its bytes for the first time. */
  isNew = false;

  constructor(
    private readonly bytes: Uint8Array,
    expected = 64,
  ) {
    let capacity = 64;
    while (capacity < expected * 2) capacity *= 2;
    this.table = new Int32Array(2 * capacity).fill(-1);
    this.starts = new Int32Array(Math.max(16, expected));
    this.ends = new Int32Array(Math.max(16, expected));
  }

  /** The id of bytes[from, to); `isNew` tells whether they were seen for the first time. */
  id(from: number, to: number): number {
    const { bytes, table } = this;
    const h = hashBytes(bytes, from, to);
    const mask = (table.length >> 1) - 1;
    const length = to - from;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const other = table[2 * i];
      if (other < 0) {
        this.isNew = true;
        return this.add(i, h, from, to);
      }
      if (table[2 * i + 1] !== h) continue;
      const s = this.starts[other];
      if (this.ends[other] - s !== length) continue;
      let same = true;
      for (let k = 0; k < length && same; k++) same = bytes[s + k] === bytes[from + k];
      if (same) {
        this.isNew = false;
        return other;
      }
    }
  }

  private add(slot: number, h: number, from: number, to: number): number {
    const id = this.count++;
    if (id === this.starts.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.starts[id] = from;
    this.ends[id] = to;
    this.table[2 * slot] = id;
    this.table[2 * slot + 1] = h;
    if (this.count * 4 > this.table.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2).fill(-1);
    const mask = (table.length >> 1) - 1;
    for (let j = 0; j < old.length; j += 2) {
      const id = old[j];
      if (id < 0) continue;
      let i = old[j + 1] & mask;
      while (table[2 * i] >= 0) i = (i + 1) & mask;
      table[2 * i] = id;
      table[2 * i + 1] = old[j + 1];
    }
    this.table = table;
  }
}

/** A GDL name as the writer copies it (`KifWriter.nameOf`). */
export interface WrittenName {
  /** UTF-8 bytes; undefined when the name cannot be written on the fast path. */
  readonly utf8: Uint8Array | undefined;
  /** Its length in UTF-16 code units (the decoded text's). */
  readonly chars: number;
}

const NOT_WRITABLE: WrittenName = { utf8: undefined, chars: 0 };

/** Texts written at the end of a buffer, decoded in pieces of about this many bytes. */
const PIECE_BYTES = 8 << 20;

/**
 * Writes KIF texts (records) into a UTF-8 buffer, decoded a piece at a time (`text` reads one after `finish`). A record is begun,
 * written, and ended (or dropped, to be given whole with `addText`).
 */
export class KifWriter {
  private out = new Uint8Array(1 << 16);
  private length = 0;
  private chars = 0;
  /** Per record: the piece it lies in (or -1: given as text), its first and end character. */
  private readonly recordPiece = new IntList();
  private readonly recordStart = new IntList();
  private readonly recordEnd = new IntList();
  private readonly direct = new Map<number, string>();
  private readonly pieces: string[] = [];
  private recordBytes = 0;
  private recordChars = 0;
  private readonly decoder = new TextDecoder();
  private readonly names: ByteInterner;
  private readonly written: WrittenName[] = [];
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly symbols: SymbolTable,
  ) {
    this.names = new ByteInterner(bytes, 1024);
  }

  get records(): number {
    return this.recordStart.length;
  }

  /** Starts a record. */
  begin(): void {
    this.recordBytes = this.length;
    this.recordChars = this.chars;
  }

  /** Ends the record begun; returns its number. */
  end(): number {
    this.recordPiece.push(this.pieces.length);
    this.recordStart.push(this.recordChars);
    this.recordEnd.push(this.chars);
    const r = this.recordStart.length - 1;
    if (this.length >= PIECE_BYTES) this.flush();
    return r;
  }

  /** Forgets what the record begun has written. */
  drop(): void {
    this.length = this.recordBytes;
    this.chars = this.recordChars;
  }

  /** A record given whole. */
  addText(text: string): number {
    const r = this.recordStart.length;
    this.recordPiece.push(-1);
    this.recordStart.push(0);
    this.recordEnd.push(0);
    this.direct.set(r, text);
    return r;
  }

  /** Decodes what is left: every record's text can then be read (`text`). */
  finish(): void {
    this.flush();
  }

  /** Record r's text (after `finish`). */
  text(r: number): string {
    const piece = this.recordPiece.data[r];
    return piece < 0 ? this.direct.get(r)! : this.pieces[piece].slice(this.recordStart.data[r], this.recordEnd.data[r]);
  }

  /**
   * Writes the KIF of the atom symbol bytes[from, to), whose relation (the name before its
   * arguments) is `relation` in GDL; false when it is not a plain atom over names and numbers
   * (then `drop` what it wrote).
   */
  writeAtom(from: number, to: number, relation: WrittenName): boolean {
    const { bytes } = this;
    let i = from;
    while (i < to && isNameByte(bytes[i])) i++;
    if (relation.utf8 === undefined) return false;
    if (i === to) {
      this.put(relation);
      return true;
    }
    if (bytes[i] !== OPEN || bytes[to - 1] !== CLOSE) return false;
    this.byte(OPEN);
    this.put(relation);
    i++;
    for (;;) {
      this.byte(BLANK);
      i = this.term(i, to - 1);
      if (i < 0) return false;
      if (i === to - 1) break;
      if (bytes[i] !== COMMA) return false;
      i++;
    }
    this.byte(CLOSE);
    return true;
  }

  /** Writes the KIF of the term bytes[from, to); false when it is not plain (then `drop` what it wrote). */
  writeTerm(from: number, to: number): boolean {
    return this.term(from, to) === to;
  }

  /** A GDL name as the writer copies it (not writable: a name KIF writes between bars, kif-name.ts). */
  nameOf(gdl: string): WrittenName {
    return isPlainKifName(gdl) ? { utf8: this.encoder.encode(gdl), chars: gdl.length } : NOT_WRITABLE;
  }

  /**
   * Writes the term starting at bytes[i] and ending before `to` or at a comma or a closing
   * parenthesis at its level; returns where it ended, or -1 when it is not plain. Any depth, with
   * no call per level: all a level needs is the count of the compound terms begun and not ended.
   */
  private term(i: number, to: number): number {
    const { bytes } = this;
    let open = 0;
    for (;;) {
      // a term starts at i
      const c = bytes[i];
      if ((c >= 48 && c <= 57) || c === MINUS) {
        i = this.number(i, to);
        if (i < 0) return -1;
      } else {
        if (!startsPlainName(c)) return -1;
        const nameFrom = i;
        while (i < to && isNameByte(bytes[i])) i++;
        if (i === to || bytes[i] !== OPEN) {
          const name = this.name(nameFrom, i);
          if (name.utf8 === undefined) return -1;
          this.put(name);
        } else if (i - nameFrom === ZERO_ARITY_FUNCTOR.length && bytes[nameFrom] === UNDERSCORE && bytes[nameFrom + 1] === 99 && bytes[nameFrom + 2] === 48) {
          // `_c0(f)` is the 0-ary compound (f)
          let j = i + 1;
          if (!startsPlainName(bytes[j])) return -1;
          while (j < to && isNameByte(bytes[j])) j++;
          if (bytes[j] !== CLOSE) return -1;
          const inner = this.name(i + 1, j);
          if (inner.utf8 === undefined) return -1;
          this.byte(OPEN);
          this.put(inner);
          this.byte(CLOSE);
          i = j + 1;
        } else {
          // a compound: its first argument next
          const functor = this.name(nameFrom, i);
          if (functor.utf8 === undefined) return -1;
          this.byte(OPEN);
          this.put(functor);
          this.byte(BLANK);
          i++;
          open++;
          continue;
        }
      }
      // a term ended at i: the compound terms it ends, then the next argument
      for (;;) {
        if (open === 0) return i;
        if (i >= to) return -1;
        if (bytes[i] === CLOSE) {
          this.byte(CLOSE);
          i++;
          open--;
          continue;
        }
        if (bytes[i] !== COMMA) return -1;
        this.byte(BLANK);
        i++;
        break;
      }
    }
  }

  /** A canonical integer (`0`, `-12`, at most 9 digits) copied as it is; -1 for anything else. */
  private number(i: number, to: number): number {
    const { bytes } = this;
    const from = i;
    if (bytes[i] === MINUS) i++;
    const digits = i;
    while (i < to && bytes[i] >= 48 && bytes[i] <= 57) i++;
    const n = i - digits;
    if (n === 0 || n > 9 || (bytes[digits] === 48 && (n > 1 || digits > from))) return -1;
    if (i < to && bytes[i] !== COMMA && bytes[i] !== CLOSE) return -1;
    for (let k = from; k < i; k++) this.byte(bytes[k]);
    return i;
  }

  /** The GDL name of the ASP name bytes[from, to), cached by its bytes. */
  private name(from: number, to: number): WrittenName {
    const id = this.names.id(from, to);
    if (!this.names.isNew) return this.written[id];
    let asp = "";
    for (let k = from; k < to; k++) asp += String.fromCharCode(this.bytes[k]);
    const gdl = this.symbols.gdlName(asp);
    const written = gdl !== undefined ? this.nameOf(gdl) : NOT_WRITABLE;
    this.written[id] = written;
    return written;
  }

  private put(name: WrittenName): void {
    const utf8 = name.utf8!;
    this.room(utf8.length);
    if (utf8.length < 16) for (let k = 0; k < utf8.length; k++) this.out[this.length++] = utf8[k];
    else {
      this.out.set(utf8, this.length);
      this.length += utf8.length;
    }
    this.chars += name.chars;
  }

  private byte(b: number): void {
    this.room(1);
    this.out[this.length++] = b;
    this.chars++;
  }

  private room(n: number): void {
    if (this.length + n <= this.out.length) return;
    const bigger = new Uint8Array(Math.max(this.length + n, this.out.length * 2));
    bigger.set(this.out.subarray(0, this.length));
    this.out = bigger;
  }

  /** Decodes what the ended records wrote into a piece of text; starts the buffer over. */
  private flush(): void {
    if (this.length === 0) return;
    this.pieces.push(this.decoder.decode(this.out.subarray(0, this.length)));
    this.length = 0;
    this.chars = 0;
  }
}
