/**
 * A one-pass reader of gringo's aspif output into compact arrays, for extraction.
 *
 * `aspif.ts` reads every statement into objects, which is right for inspection and tests; a big
 * game yields millions of rules, and building an object per rule made extraction spend most of
 * its time collecting garbage. This reader keeps only what extraction needs: the symbol of each
 * shown atom, the shown facts, and the normal rules (one head, a normal body) in flat integer
 * arrays. Choice rules, weight rules, constraints and the other statements are counted and skipped.
 *
 * Output symbols are read by character count: gringo writes their length in bytes, which is the
 * same for the ASCII identifiers our symbol table produces; a non-ASCII text is refused, so that
 * the caller can fall back to the full reader.
 *
 * `CompactAspifReader` is the same reader fed in byte chunks as the grounder writes them (a line
 * may straddle two chunks): the ground program never exists as one string, so its size is bounded
 * by the heap, not by the host's longest string. It also counts what it has read so far, which is
 * all there is to say about a grounding that is stopped half-way.
 */

/** Normal rules `head :- body` in compressed rows: rule r has body literals body[bodyStart[r] .. bodyStart[r+1]). */
export interface CompactRules {
  readonly count: number;
  readonly heads: Int32Array;
  readonly bodyStart: Int32Array;
  readonly body: Int32Array;
}

export interface CompactGroundProgram {
  readonly maxAtom: number;
  /** Symbol of each atom shown with exactly that atom as condition. */
  readonly atomSymbol: readonly (string | undefined)[];
  /** Symbols shown unconditionally (facts). */
  readonly facts: readonly string[];
  /** Atoms that are facts (a normal rule with an empty body). */
  readonly factAtoms: Uint8Array;
  /** Normal rules with a non-empty body. */
  readonly rules: CompactRules;
  /** Every rule statement of the program, facts and generator rules included. */
  readonly ruleStatements: number;
}

class IntBuffer {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
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
  private readonly atomSymbol: (string | undefined)[] = [];
  private readonly facts: string[] = [];
  private readonly factList = new IntBuffer();
  private readonly heads = new IntBuffer();
  private readonly bodyStart = new IntBuffer();
  private readonly body = new IntBuffer(4096);
  private finished = false;

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
    const { maxAtom, atomSymbol, factList, heads, bodyStart, body } = this;
    bodyStart.push(body.length);
    const factAtoms = new Uint8Array(maxAtom + 1);
    for (let k = 0; k < factList.length; k++) factAtoms[factList.data[k]] = 1;
    atomSymbol.length = Math.max(atomSymbol.length, maxAtom + 1);
    return {
      maxAtom,
      atomSymbol,
      facts: this.facts,
      factAtoms,
      rules: { count: heads.length, heads: heads.toArray(), bodyStart: bodyStart.toArray(), body: body.toArray() },
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

  /** Reads the whole lines in buf[from, to) (buf[to - 1] is a newline). */
  private lines(buf: Uint8Array, from: number, to: number): void {
    let i = from;
    const skipLine = () => {
      while (i < to && buf[i] !== NEWLINE) i++;
      i++;
    };
    const int = (): number => {
      while (i < to && buf[i] === 32) i++;
      let negative = false;
      if (buf[i] === 45) {
        negative = true;
        i++;
      }
      let value = 0;
      const start = i;
      for (let c = buf[i]; i < to && c >= 48 && c <= 57; c = buf[++i]) value = value * 10 + (c - 48);
      if (i === start) throw new CompactAspifError(`aspif: a number expected at offset ${this.bytesRead}`);
      return negative ? -value : value;
    };
    const see = (a: number) => {
      const abs = a < 0 ? -a : a;
      if (abs > this.maxAtom) this.maxAtom = abs;
    };
    if (!this.headerSeen && i < to) {
      if (!(buf[i] === 97 && buf[i + 1] === 115 && buf[i + 2] === 112 && buf[i + 3] === 32))
        throw new CompactAspifError("aspif: the header 'asp' is missing");
      this.headerSeen = true;
      skipLine();
    }
    const { heads, bodyStart, body, factList } = this;
    while (i < to) {
      const type = int();
      if (type === 1) {
        this.ruleStatements++;
        const choice = int();
        const headCount = int();
        let head = 0;
        for (let k = 0; k < headCount; k++) {
          head = int();
          see(head);
        }
        const bodyType = int();
        if (bodyType === 0) {
          const literals = int();
          if (choice === 0 && headCount === 1) {
            if (literals === 0) factList.push(head);
            else {
              heads.push(head);
              bodyStart.push(body.length);
              for (let k = 0; k < literals; k++) {
                const l = int();
                see(l);
                body.push(l);
              }
            }
          }
        }
        skipLine();
        continue;
      }
      if (type === 4) {
        const length = int();
        i++; // the blank before the symbol
        const symbol = asciiText(buf, i, i + length);
        i += length;
        const conditions = int();
        if (conditions === 0) this.facts.push(symbol);
        else if (conditions === 1) {
          const a = int();
          see(a);
          if (a > 0 && this.atomSymbol[a] === undefined) this.atomSymbol[a] = symbol;
        }
        skipLine();
        continue;
      }
      skipLine(); // end of step, minimize, projection, external, assumption, heuristic, edge, theory, comment
    }
  }
}

/** The ASCII text of buf[from, to); a non-ASCII byte is refused. */
function asciiText(buf: Uint8Array, from: number, to: number): string {
  let text = "";
  for (let k = from; k < to; k += 4096) {
    const part = buf.subarray(k, Math.min(to, k + 4096));
    for (let j = 0; j < part.length; j++) if (part[j] > 127) throw new CompactAspifError("aspif: a non-ASCII symbol");
    text += String.fromCharCode.apply(null, part as unknown as number[]);
  }
  return text;
}
