/**
 * Answers of fully bound calls carried from one state to the next (the prover's evaluator,
 * evaluator.ts): each yes/no answer of a depth-first search (ground-calls.ts) of a relation that
 * depends on the state alone is kept with what it read of the state — every `true` lookup, as the
 * lookup's pattern (its relation and bound positions) — and with the carried answers it reused.
 * When the evaluator moves to another state, the fluents that differ (the delta of the two sorted
 * lists) drop, through an index pattern → answers, only the answers that read a pattern one of
 * them matches, and the answers that reused those; the others hold in the new state as they did.
 *
 * Why: in a playout a move changes two or three cells, but each state's layer started empty and
 * searched chess's clear-path and threat questions again (about 200 searches per state).
 *
 * What is never carried (kept per layer as before): a search that read a table of a state-dependent
 * relation (its answers are not tracked fact by fact), a `does` input, an answer kept only in a
 * layer, or whose "no" relied on a loop. Reads are recorded on two stacks (patterns, reused
 * answers) while searches nest: a search that is carried takes its part of the stacks and leaves
 * itself for its caller; one that is not leaves its reads to its caller.
 */
import type { Relation } from "./program.js";
import { finishHash, hashSeed, mixId, sameIds } from "./id-hash.js";

/** Answers carried at most, and index entries; more and everything is dropped (it is a cache). */
export const CARRIED_LIMIT = 1_000_000;

/** Fluents that may differ between two states before the carried answers are dropped rather than sorted out. */
const DELTA_LIMIT = 256;

/** One carried answer. */
export class CarriedAnswer {
  valid = true;
  /** Carried answers that reused this one (dropped with it). */
  dependents: CarriedAnswer[] | null = null;
  constructor(
    readonly relation: Relation,
    readonly call: readonly number[],
    readonly holds: boolean,
    /** A table's answers (a call with free positions, or one that was tabled), or null for a search's yes/no. */
    readonly answers: readonly number[][] | null,
    /** The next answer whose call hashes alike. */
    public next: CarriedAnswer | undefined,
  ) {}
}

/** A hash of the pattern of a lookup: the relation and the ids at the positions of `mask` (-1 elsewhere). */
function patternHash(relation: number, tuple: readonly number[], mask: number): number {
  let h = hashSeed(relation);
  for (let j = 0; j < tuple.length; j++) h = mixId(h, mask & (1 << j) ? tuple[j] : -1);
  return finishHash(h);
}

export class CarriedAnswers {
  private readonly answers = new Map<number, CarriedAnswer>();
  /** Per input relation index, per mask of bound positions: the answers that read a pattern, by its hash. */
  private readonly readers: (Map<number, Map<number, CarriedAnswer[]>> | undefined)[] = [];
  /** Lookups recorded: relation index, mask, pattern hash, three numbers each, up to `readTop`. */
  private readonly reads: number[] = [];
  private readTop = 0;
  /** Carried answers reused, up to `reusedTop`. */
  private readonly reused: CarriedAnswer[] = [];
  private reusedTop = 0;
  /** Answers and index entries kept (see CARRIED_LIMIT). */
  private kept = 0;
  /** The sorted fluent ids the answers hold for, or null for none known. */
  private facts: Int32Array | null = null;

  /** The carried answer of a fully bound call, when there is a valid one. */
  answer(relation: Relation, call: readonly number[]): CarriedAnswer | undefined {
    for (let k = this.answers.get(hashOf(relation, call)); k !== undefined; k = k.next) {
      if (k.valid && k.relation === relation && sameIds(k.call, call)) return k;
    }
    return undefined;
  }

  /** Records a lookup of an input relation (arity at most 30) inside a search. */
  read(relation: number, call: readonly number[]): void {
    let mask = 0;
    for (let j = 0; j < call.length; j++) if (call[j] >= 0) mask |= 1 << j;
    const reads = this.reads;
    const top = this.readTop;
    reads[top] = relation;
    reads[top + 1] = mask;
    reads[top + 2] = patternHash(relation, call, mask);
    this.readTop = top + 3;
  }

  /** Records that a search reused a carried answer. */
  reuse(answer: CarriedAnswer): void {
    this.reused[this.reusedTop++] = answer;
  }

  /** Where the stack of reads stands (at a search's start). */
  get readMark(): number {
    return this.readTop;
  }
  /** Where the stack of reused answers stands (at a search's start). */
  get reuseMark(): number {
    return this.reusedTop;
  }

  /** Drops what was recorded since the marks (a search at the top that has no caller to leave it to). */
  truncate(readMark: number, reuseMark: number): void {
    this.readTop = readMark;
    for (let r = reuseMark; r < this.reusedTop; r++) this.reused[r] = undefined as unknown as CarriedAnswer;
    this.reusedTop = reuseMark;
  }

  /** Carries the answer of a search that recorded its reads since the marks; it is then recorded for its caller. */
  keep(
    relation: Relation,
    call: readonly number[],
    holds: boolean,
    answers: readonly number[][] | null,
    readMark: number,
    reuseMark: number,
  ): CarriedAnswer {
    if (this.kept > CARRIED_LIMIT) this.clear();
    const hash = hashOf(relation, call);
    let first = this.answers.get(hash);
    while (first !== undefined && !first.valid) first = first.next;
    const answer = new CarriedAnswer(relation, call.slice(), holds, answers, first);
    for (let k = first; k !== undefined && k.next !== undefined; ) {
      if (k.next.valid) k = k.next;
      else k.next = k.next.next;
    }
    this.answers.set(hash, answer);
    this.kept++;
    const reads = this.reads;
    for (let r = readMark; r < this.readTop; r += 3) {
      const byMask = (this.readers[reads[r]] ??= new Map());
      let byHash = byMask.get(reads[r + 1]);
      if (byHash === undefined) byMask.set(reads[r + 1], (byHash = new Map()));
      const list = byHash.get(reads[r + 2]);
      if (list === undefined) byHash.set(reads[r + 2], [answer]);
      else if (list[list.length - 1] !== answer) list.push(answer);
      this.kept++;
    }
    for (let r = reuseMark; r < this.reusedTop; r++) {
      const child = this.reused[r];
      (child.dependents ??= []).push(answer);
      this.kept++;
    }
    this.truncate(readMark, reuseMark);
    return answer;
  }

  /**
   * Makes the carried answers hold for the state of sorted fluent ids `facts` (null: unknown, every
   * answer dropped): `changed` is told each fluent that differs from the state they held for, and
   * calls `drop` with the relation and tuple of each lookup it matches.
   */
  moveTo(facts: Int32Array | null, changed: (fluent: number, carried: CarriedAnswers) => void): void {
    const old = this.facts;
    this.facts = facts;
    if (old === facts) return;
    if (old === null || facts === null) return this.clear();
    const delta: number[] = [];
    let i = 0;
    let j = 0;
    while (i < old.length || j < facts.length) {
      if (j === facts.length || (i < old.length && old[i] < facts[j])) delta.push(old[i++]);
      else if (i === old.length || facts[j] < old[i]) delta.push(facts[j++]);
      else {
        i++;
        j++;
      }
      if (delta.length > DELTA_LIMIT) return this.clear();
    }
    for (const fluent of delta) changed(fluent, this);
  }

  /** Drops the answers that read a pattern the input tuple of `relation` (an index) matches. */
  drop(relation: number, tuple: readonly number[]): void {
    const byMask = this.readers[relation];
    if (byMask === undefined) return;
    for (const [mask, byHash] of byMask) {
      const hash = patternHash(relation, tuple, mask);
      const list = byHash.get(hash);
      if (list === undefined) continue;
      byHash.delete(hash);
      this.kept -= list.length;
      for (const answer of list) invalidate(answer);
    }
  }

  /** Drops every carried answer (the recorded reads of searches under way stay). */
  clear(): void {
    for (const chain of this.answers.values()) for (let k: CarriedAnswer | undefined = chain; k !== undefined; k = k.next) k.valid = false;
    this.answers.clear();
    this.readers.length = 0;
    this.kept = 0;
  }

  /** Forgets the reads of searches under way (a query that failed). */
  reset(): void {
    this.truncate(0, 0);
  }
}

function hashOf(relation: Relation, call: readonly number[]): number {
  let h = hashSeed(relation.index);
  for (let j = 0; j < call.length; j++) h = mixId(h, call[j]);
  return finishHash(h);
}

/** Marks an answer and every answer that reused it, transitively, as no longer holding. */
function invalidate(answer: CarriedAnswer): void {
  const stack = [answer];
  while (stack.length > 0) {
    const a = stack.pop()!;
    if (!a.valid) continue;
    a.valid = false;
    if (a.dependents !== null) for (const d of a.dependents) stack.push(d);
    a.dependents = null;
  }
}
