/**
 * A one-pass reader of gringo's aspif output into typed arrays, for extraction.
 *
 * `aspif.ts` reads every statement into objects, which is right for inspection and tests; a big
 * game yields millions of rules, and building an object per rule made extraction spend most of
 * its time collecting garbage. This reader keeps only what extraction needs, in flat arrays: the
 * normal rules (one head, a normal body) in compressed rows, the atoms that are facts, and the
 * output statements' symbols as bytes in one pool, never a string each (amazonsTorus shows 5.0 M
 * symbols; as strings they took 1.3 s of 4.2 s of reading, and the collector's time after).
 * Choice rules, weight rules, constraints and the other statements are counted and skipped.
 *
 * Output symbols are read by byte count: gringo writes their length in bytes, which is the same
 * as their length in characters for the ASCII identifiers our symbol table produces; a non-ASCII
 * byte is refused, so that the caller can fall back to the full reader.
 *
 * `CompactAspifReader` is the reader fed in byte chunks as the grounder writes them (a line may
 * straddle two chunks): the ground program never exists as one string, so its size is bounded by
 * the heap, not by the host's longest string. It also counts what it has read so far, which is
 * all there is to say about a grounding that is stopped half-way.
 *
 * The atoms' symbols are interned by their bytes as they arrive (equal texts, one symbol) and every
 * symbol's relation numbered: extraction then knows an atom and its relation by number, and
 * hashes only the few facts it keeps.
 * Why here: gringo writes every output statement after the rules, and writing them is its last
 * seconds on a big game (amazonsTorus: 3.36 M symbols from 9.6 to 13.2 s of a 13.2 s stream),
 * while this process waits for bytes; the hashing that extraction did after the grounder ended
 * (its interning was a fifth of extraction's CPU profile) is done in that wait.
 */
import { IntList } from "../int-list.js";

/** Normal rules `head :- body` in compressed rows: rule r has body literals body[bodyStart[r] .. bodyStart[r+1]). */
export interface CompactRules {
  readonly count: number;
  readonly heads: Int32Array;
  readonly bodyStart: Int32Array;
  readonly body: Int32Array;
}

/**
 * Symbols as ASCII bytes in one pool: symbol k is `bytes[start[k] .. start[k + 1])`, with its
 * relation: the bytes before its first `(` (all of it without one), numbered by the reader in
 * first-seen order. The atoms' symbols are interned as they are read (an atom's text is there
 * once); the facts' symbols are not (most are static tables that extraction never looks at),
 * `intern` does it for those asked about.
 */
export interface CompactSymbols {
  readonly count: number;
  readonly start: Int32Array;
  readonly bytes: Uint8Array;
  /** Symbol k's relation number. */
  readonly relation: Int32Array;
  /** How many relations `relation` numbers. */
  readonly relationCount: number;
  /**
   * The symbol that stands for symbol k's text: the atom's symbol with the same bytes, else the
   * first symbol with them asked about (k itself the first time).
   */
  readonly intern: (k: number) => number;
}

export interface CompactGroundProgram {
  readonly maxAtom: number;
  /** The symbols of the output statements kept: those in `facts` and `atomSymbol`. */
  readonly symbols: CompactSymbols;
  /**
   * The symbol of each atom (`maxAtom + 1` entries, -1 for none): the first output statement
   * with exactly that atom as its condition.
   */
  readonly atomSymbol: Int32Array;
  /** The symbols shown unconditionally (facts), in order. */
  readonly facts: Int32Array;
  /** Atoms that are facts (a normal rule with an empty body). */
  readonly factAtoms: Uint8Array;
  /** Normal rules with a non-empty body. */
  readonly rules: CompactRules;
  /** Every rule statement of the program, facts and generator rules included. */
  readonly ruleStatements: number;
}

/** Symbol k's text. */
export function symbolText(symbols: CompactSymbols, k: number): string {
  return asciiText(symbols.bytes, symbols.start[k], symbols.start[k + 1]);
}

export class CompactAspifError extends Error {}

/**
 * The compact reading of a whole aspif text: `CompactAspifReader` fed the text in 1 MiB pieces
 * (so a large program is never copied whole into bytes). A character beyond ASCII, which our
 * programs never produce, is refused like a non-ASCII byte in the stream.
 */
export function readCompactAspif(text: string): CompactGroundProgram {
  const reader = new CompactAspifReader();
  const encoder = new TextEncoder();
  const piece = 1 << 20;
  for (let k = 0; k < text.length; k += piece) reader.push(encoder.encode(text.slice(k, k + piece)));
  return reader.finish();
}

/** What a streamed reader has seen so far (also of a grounding that was stopped). */
export interface AspifProgress {
  /** Bytes of aspif read. */
  readonly bytes: number;
  /** Rule statements read (facts and generator rules included). */
  readonly ruleStatements: number;
  /** The largest atom number seen. */
  readonly maxAtom: number;
}

const NEWLINE = 10;
const OPEN = 40;
const BLANK = 32;
const MINUS = 45;

/** A growable pool of bytes. */
class BytePool {
  data = new Uint8Array(1 << 16);
  length = 0;
  /** Appends buf[from, to). */
  append(buf: Uint8Array, from: number, to: number): void {
    const needed = this.length + (to - from);
    if (needed > this.data.length) {
      const bigger = new Uint8Array(Math.max(needed, this.data.length * 2));
      bigger.set(this.data.subarray(0, this.length));
      this.data = bigger;
    }
    // a symbol is a few dozen bytes: a loop, not `set(buf.subarray(..))` and a view object per symbol
    // (amazonsTorus's 5.0 M symbols: `append` 0.87 s of a CPU profile under load 9)
    const data = this.data;
    const at = this.length - from;
    for (let k = from; k < to; k++) data[at + k] = buf[k];
    this.length = needed;
  }
}

/** A 32-bit FNV-1a hash of buf[from, to). */
function hashOf(buf: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ buf[k], 0x01000193);
  return h;
}

/**
 * An open-addressing table of (id, hash) pairs side by side, for byte strings kept in a pool: ids
 * are found by hash, the bytes compared by the caller. Kept at most a quarter full.
 */
class HashSlots {
  table = new Int32Array(2 * 1024).fill(-1);
  count = 0;
  /** The slot of the last `first`/`next`: where `add` puts a new id. */
  slot = 0;
  /** The id in the first slot for hash h (-1: none, the slot is free). */
  first(h: number): number {
    this.slot = h & ((this.table.length >> 1) - 1);
    return this.table[2 * this.slot];
  }
  /** The id in the next slot of the probe. */
  next(): number {
    this.slot = (this.slot + 1) & ((this.table.length >> 1) - 1);
    return this.table[2 * this.slot];
  }
  /** The hash stored in the current slot. */
  hash(): number {
    return this.table[2 * this.slot + 1];
  }
  /** Room for `count` ids in all before the table grows (each growth rehashes every id). */
  reserve(count: number): void {
    if (this.count > 0 || count * 4 <= this.table.length) return;
    let length = this.table.length;
    while (count * 4 > length) length *= 2;
    this.table = new Int32Array(length).fill(-1);
  }
  /** Puts id with hash h in the free slot the probe ended on. */
  add(id: number, h: number): void {
    this.table[2 * this.slot] = id;
    this.table[2 * this.slot + 1] = h;
    if (++this.count * 4 > this.table.length) this.rehash();
  }
  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2).fill(-1);
    const mask = (table.length >> 1) - 1;
    for (let j = 0; j < old.length; j += 2) {
      if (old[j] < 0) continue;
      let i = old[j + 1] & mask;
      while (table[2 * i] >= 0) i = (i + 1) & mask;
      table[2 * i] = old[j];
      table[2 * i + 1] = old[j + 1];
    }
    this.table = table;
  }
}

/** Whether buf[from, to) equals data[at, at + to - from). */
function sameBytes(buf: Uint8Array, from: number, to: number, data: Uint8Array, at: number): boolean {
  for (let k = from; k < to; k++) if (buf[k] !== data[at + k - from]) return false;
  return true;
}

/**
 * The compact reader over a byte stream: `push` each chunk of aspif (UTF-8) in order, then
 * `finish`. The result does not depend on where the chunks are cut.
 */
export class CompactAspifReader {
  private pending = new Uint8Array(256);
  private pendingLength = 0;
  private headerSeen = false;
  private bytesRead = 0;
  private maxAtom = 0;
  private ruleStatements = 0;
  private readonly pool = new BytePool();
  private readonly symbolStart = new IntList();
  private symbolSlots = new HashSlots();
  private readonly symbolRelation = new IntList();
  private relationSlots = new HashSlots();
  /** Relation r's bytes: pool[relationFrom[r], relationFrom[r] + relationLength[r]). */
  private readonly relationFrom = new IntList(256);
  private readonly relationLength = new IntList(256);
  /** The relation of the last new symbol: symbols come grouped by relation, it is tried first. */
  private lastRelation = -1;
  private atomSymbol = new Int32Array(1024).fill(-1);
  private readonly facts = new IntList();
  private readonly factList = new IntList();
  private readonly heads = new IntList();
  private readonly bodyStart = new IntList();
  private readonly body = new IntList(4096);
  private finished = false;

  constructor() {
    this.symbolStart.push(0);
  }

  get progress(): AspifProgress {
    return { bytes: this.bytesRead, ruleStatements: this.ruleStatements, maxAtom: this.maxAtom };
  }

  push(chunk: Uint8Array): void {
    if (this.finished) throw new CompactAspifError("aspif: input after the end");
    this.bytesRead += chunk.length;
    let start = 0;
    if (this.pendingLength > 0) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) return this.keep(chunk);
      this.keep(chunk.subarray(0, nl + 1));
      this.lines(this.pending, 0, this.pendingLength);
      this.pendingLength = 0;
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last < start) return this.keep(chunk.subarray(start));
    this.lines(chunk, start, last + 1);
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
  }

  finish(): CompactGroundProgram {
    if (this.finished) throw new CompactAspifError("aspif: finished twice");
    if (this.pendingLength > 0) {
      this.keep(new Uint8Array([NEWLINE]));
      this.lines(this.pending, 0, this.pendingLength);
      this.pendingLength = 0;
    }
    if (!this.headerSeen) throw new CompactAspifError("aspif: the header 'asp' is missing");
    this.finished = true;
    const { maxAtom, factList, heads, bodyStart, body, pool, symbolStart } = this;
    bodyStart.push(body.length);
    const factAtoms = new Uint8Array(maxAtom + 1);
    for (let k = 0; k < factList.length; k++) factAtoms[factList.data[k]] = 1;
    this.ensureAtom(maxAtom);
    // the relations' table is done with: not held while extraction runs
    this.relationSlots = new HashSlots();
    const symbolBytes = pool.data.subarray(0, pool.length);
    const start = symbolStart.view();
    return {
      maxAtom,
      // views of the reader's storage, not copies: the reader is finished (amazonsTorus: 100 MB
      // of symbol bytes and as much of rules were copied here)
      symbols: {
        count: symbolStart.length - 1,
        start,
        bytes: symbolBytes,
        relation: this.symbolRelation.view(),
        relationCount: this.relationLength.length,
        intern: (k) => this.find(symbolBytes, start[k], start[k + 1], k),
      },
      atomSymbol: this.atomSymbol.subarray(0, maxAtom + 1),
      facts: this.facts.view(),
      factAtoms,
      rules: { count: heads.length, heads: heads.view(), bodyStart: bodyStart.view(), body: body.view() },
      ruleStatements: this.ruleStatements,
    };
  }

  /** Keeps the start of a line that continues in the next chunk. */
  private keep(bytes: Uint8Array): void {
    const needed = this.pendingLength + bytes.length;
    if (needed > this.pending.length) {
      const bigger = new Uint8Array(Math.max(needed, this.pending.length * 2));
      bigger.set(this.pending.subarray(0, this.pendingLength));
      this.pending = bigger;
    }
    this.pending.set(bytes, this.pendingLength);
    this.pendingLength = needed;
  }

  /** `atomSymbol` long enough for atom a. */
  private ensureAtom(a: number): void {
    if (a < this.atomSymbol.length) return;
    const bigger = new Int32Array(Math.max(a + 1, this.atomSymbol.length * 2)).fill(-1);
    bigger.set(this.atomSymbol);
    this.atomSymbol = bigger;
  }

  /** An atom number read: the largest seen so far is the program's. */
  private see(a: number): void {
    const abs = a < 0 ? -a : a;
    if (abs > this.maxAtom) this.maxAtom = abs;
  }

  /**
   * The integers of buf[i, to) up to the end of the line (or, with `stopAfter`, up to that many
   * and the blank after them) into `this.numbers`; returns where it stopped (the newline, or the
   * first byte after the blank). A byte that is neither a digit, a minus, a blank nor the newline
   * is an error.
   */
  private numbersOf(buf: Uint8Array, i: number, to: number, stopAfter: number): number {
    let n = 0;
    let value = 0;
    let digits = 0;
    let negative = false;
    let numbers = this.numbers;
    for (; i < to; i++) {
      const c = buf[i];
      if (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        digits++;
        continue;
      }
      if (c === MINUS && digits === 0 && !negative) {
        negative = true;
        continue;
      }
      if (c !== BLANK && c !== NEWLINE) throw new CompactAspifError(`aspif: a number expected at offset ${this.bytesRead}`);
      if (digits > 0) {
        if (n === numbers.length) {
          const bigger = new Int32Array(numbers.length * 2);
          bigger.set(numbers);
          this.numbers = numbers = bigger;
        }
        numbers[n++] = negative ? -value : value;
        value = 0;
        digits = 0;
        negative = false;
        if (n === stopAfter) {
          if (c === BLANK) i++;
          break;
        }
      } else if (negative) throw new CompactAspifError(`aspif: a number expected at offset ${this.bytesRead}`);
      if (c === NEWLINE) break;
    }
    this.count = n;
    return i;
  }
  private numbers = new Int32Array(64);
  private count = 0;

  /** The k-th number of the line read last, which must be there. */
  private number(k: number): number {
    if (k >= this.count) throw new CompactAspifError(`aspif: a number expected at offset ${this.bytesRead}`);
    return this.numbers[k];
  }

  /** Reads the whole lines in buf[from, to) (buf[to - 1] is a newline). */
  private lines(buf: Uint8Array, from: number, to: number): void {
    let i = from;
    if (!this.headerSeen && from < to) {
      if (!(buf[from] === 97 && buf[from + 1] === 115 && buf[from + 2] === 112 && buf[from + 3] === BLANK))
        throw new CompactAspifError("aspif: the header 'asp' is missing");
      this.headerSeen = true;
      i = buf.indexOf(NEWLINE, from) + 1;
    }
    const { heads, bodyStart, body, factList } = this;
    while (i < to) {
      const c0 = buf[i];
      const c1 = buf[i + 1];
      if (c0 === 49 && c1 === BLANK) {
        // 1 choice heads... bodyType body...: a rule
        i = this.numbersOf(buf, i, to, -1);
        this.ruleStatements++;
        const choice = this.number(1);
        const headCount = this.number(2);
        for (let k = 0; k < headCount; k++) this.see(this.number(3 + k));
        const head = headCount > 0 ? this.number(2 + headCount) : 0;
        const bodyType = this.number(3 + headCount);
        if (bodyType === 0) {
          const literals = this.number(4 + headCount);
          if (choice === 0 && headCount === 1) {
            if (literals === 0) factList.push(head);
            else {
              const first = 5 + headCount;
              this.number(first + literals - 1);
              heads.push(head);
              bodyStart.push(body.length);
              body.grow(body.length + literals);
              const numbers = this.numbers;
              for (let k = 0; k < literals; k++) {
                const l = numbers[first + k];
                this.see(l);
                body.data[body.length++] = l;
              }
            }
          }
        }
      } else if (c0 === 52 && c1 === BLANK) {
        // 4 length symbol conditions literals...: an output statement
        // (gringo writes them after the rules: by the first, the atoms are known, and their table is made to size)
        if (this.symbolSlots.count === 0) this.symbolSlots.reserve(this.maxAtom + 1);
        i = this.numbersOf(buf, i, to, 2);
        const length = this.number(1);
        const symbolFrom = i;
        const symbolEnd = i + length;
        for (let k = symbolFrom; k < symbolEnd; k++) if (buf[k] > 127) throw new CompactAspifError("aspif: a non-ASCII symbol");
        i = this.numbersOf(buf, symbolEnd, to, -1);
        const conditions = this.number(0);
        if (conditions === 0) this.symbol(buf, symbolFrom, symbolEnd, this.facts, false);
        else if (conditions === 1) {
          const a = this.number(1);
          this.see(a);
          if (a > 0) {
            this.ensureAtom(a);
            if (this.atomSymbol[a] < 0) this.atomSymbol[a] = this.symbol(buf, symbolFrom, symbolEnd, undefined, true);
          }
        }
      } else if (!(c0 >= 48 && c0 <= 57)) throw new CompactAspifError(`aspif: a number expected at offset ${this.bytesRead}`);
      // the rest of the line: end of step, minimize, projection, external, assumption, heuristic, edge, theory, comment
      if (buf[i] !== NEWLINE) i = buf.indexOf(NEWLINE, i);
      i = i < 0 ? to : i + 1;
    }
  }

  /**
   * Keeps buf[from, to) as the next symbol (and in `list`); returns its number. An atom's symbol
   * (`intern`) is first looked up by its bytes: an equal one read before is returned instead.
   */
  private symbol(buf: Uint8Array, from: number, to: number, list: IntList | undefined, intern: boolean): number {
    let k = this.symbolStart.length - 1;
    if (intern) {
      const found = this.find(buf, from, to, k);
      if (found !== k) {
        list?.push(found);
        return found;
      }
    }
    this.symbolRelation.push(this.relation(buf, from, to));
    this.pool.append(buf, from, to);
    this.symbolStart.push(this.pool.length);
    list?.push(k);
    return k;
  }

  /** The interned symbol with the bytes buf[from, to), or, when there is none, `k`, which is interned for them. */
  private find(buf: Uint8Array, from: number, to: number, k: number): number {
    const h = hashOf(buf, from, to);
    const slots = this.symbolSlots;
    const start = this.symbolStart.data;
    const data = this.pool.data;
    const length = to - from;
    for (let other = slots.first(h); other >= 0; other = slots.next()) {
      if (slots.hash() === h && start[other + 1] - start[other] === length && sameBytes(buf, from, to, data, start[other])) return other;
    }
    slots.add(k, h);
    return k;
  }

  /** The number of the relation of the symbol buf[from, to): its bytes before the first `(`; a new one is kept as the pool's next bytes. */
  private relation(buf: Uint8Array, from: number, to: number): number {
    const data = this.pool.data;
    const last = this.lastRelation;
    if (last >= 0) {
      const n = this.relationLength.data[last];
      if (from + n <= to && (from + n === to || buf[from + n] === OPEN) && sameBytes(buf, from, from + n, data, this.relationFrom.data[last])) return last;
    }
    let open = from;
    while (open < to && buf[open] !== OPEN) open++;
    const h = hashOf(buf, from, open);
    const slots = this.relationSlots;
    const n = open - from;
    let r = slots.first(h);
    for (; r >= 0; r = slots.next()) {
      if (slots.hash() === h && this.relationLength.data[r] === n && sameBytes(buf, from, open, data, this.relationFrom.data[r])) break;
    }
    if (r < 0) {
      r = this.relationLength.length;
      slots.add(r, h);
      // the symbol's own bytes hold the name: it is appended next, at the pool's end
      this.relationFrom.push(this.pool.length);
      this.relationLength.push(n);
    }
    this.lastRelation = r;
    return r;
  }
}

/** The ASCII text of buf[from, to). */
export function asciiText(buf: Uint8Array, from: number, to: number): string {
  let text = "";
  for (let k = from; k < to; k += 4096) text += String.fromCharCode.apply(null, buf.subarray(k, Math.min(to, k + 4096)) as unknown as number[]);
  return text;
}
