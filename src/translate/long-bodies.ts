/**
 * Long bodies cut into a chain of rules: a body of more than MAX_BODY_LITERALS literals becomes
 * rules of at most CHUNK_LITERALS each, every one but the last deriving an internal relation that
 * carries the variables bound so far that the rest of the body or the head still reads:
 *
 *   p(X) :- a1(X, Y), a2(Y), ..., a300(X).
 * becomes
 *   _chunk1(X, Y) :- a1(X, Y), a2(Y), ..., a128(Y).
 *   _chunk2(X) :- _chunk1(X, Y), a129(Y), ..., a256(X).
 *   p(X) :- _chunk2(X), a257(X), ..., a300(X).
 *
 * Why: gringo's time grows with the square of a body's length. A rule of 8,000 literals took 37 s
 * to ground, its chain 0.8 s; chess's longest body has about a hundred, no real game more.
 *
 * A rule whose links would carry most of its variables each (a head reading every variable of a long
 * body) is left whole: the chain would be quadratic in the body's length instead.
 *
 * The positive atoms keep their written order; a negative literal, `distinct` or equality goes right
 * after the positive atoms that bind its variables (an equality once one side is bound: it binds the
 * other), so that every rule of the chain is safe when the whole rule was. The rewrite is an
 * equivalence: each link projects the conjunction so far onto the variables used after it.
 */
import type { Atom, Term } from "../syntax/ast.js";
import { atomVariables, collectTermVariables } from "../syntax/terms.js";
import { flatLiteralVariables, type FlatLiteral, type FlatRule } from "./flat-rules.js";
import { INTERNAL_PREFIX } from "./symbols.js";

/** Bodies longer than this are cut (real games have about a hundred literals at most). */
export const MAX_BODY_LITERALS = 256;
/** Literals per rule of a chain (besides the link to the rule before). */
export const CHUNK_LITERALS = 128;
/**
 * Variables the links of a chain carry in all, at most, per literal of the body: past that the rule is left whole.
 * A move of 5,000 variables each bound by its own literal would be carried by every link (2.3 million arguments
 * for 20,000: the command ran out of memory, where the whole rule's grounding only ran out of time).
 */
const MAX_CARRIED_PER_LITERAL = 2;

export interface CutResult {
  readonly rules: FlatRule[];
  /** How many rules of chains were added. */
  readonly links: number;
}

/** `rules` with every body longer than MAX_BODY_LITERALS cut into a chain (see above). */
export function cutLongBodies(rules: readonly FlatRule[]): CutResult {
  if (!rules.some((rule) => rule.body.length > MAX_BODY_LITERALS)) return { rules: [...rules], links: 0 };
  const out: FlatRule[] = [];
  const counter = { value: 0 };
  for (const rule of rules) {
    if (rule.body.length <= MAX_BODY_LITERALS) out.push(rule);
    else for (const link of chain(rule, counter)) out.push(link);
  }
  return { rules: out, links: counter.value };
}

/**
 * The body in an order where each literal that binds nothing comes once its variables are bound, in
 * linear time: each waiting literal counts its variables not bound yet (an equality, per side), and
 * binding a variable counts down the literals it occurs in.
 */
function placed(body: readonly FlatLiteral[]): FlatLiteral[] {
  const order: FlatLiteral[] = [];
  const bound = new Set<string>();
  const done = new Uint8Array(body.length);
  // per waiting literal: its unbound variables (an equality: of its left side, and below of its right)
  const left = new Int32Array(body.length);
  const right = new Int32Array(body.length);
  const occurrences = new Map<string, number[]>(); // variable → literal indices (negative: an equality's right side, -1 - i)
  const ready: number[] = [];
  const wait = (i: number, vars: ReadonlySet<string>, side: 1 | -1) => {
    for (const v of vars) {
      let list = occurrences.get(v);
      if (!list) occurrences.set(v, (list = []));
      list.push(side === 1 ? i : -1 - i);
    }
    (side === 1 ? left : right)[i] = vars.size;
  };
  body.forEach((l, i) => {
    if (l.kind === "pos") return;
    if (l.kind === "equal") {
      const [lv, rv] = [collectTermVariables(l.left, new Set()), collectTermVariables(l.right, new Set())];
      wait(i, lv, 1);
      wait(i, rv, -1);
      if (lv.size === 0 || rv.size === 0) ready.push(i);
    } else {
      const vars = flatLiteralVariables(l);
      wait(i, vars, 1);
      right[i] = 1; // never reaches 0: only an equality is ready by either side
      if (vars.size === 0) ready.push(i);
    }
  });
  const bind = (vars: ReadonlySet<string>) => {
    for (const v of vars) {
      if (bound.has(v)) continue;
      bound.add(v);
      for (const k of occurrences.get(v) ?? []) {
        const i = k >= 0 ? k : -1 - k;
        const left0 = k >= 0 ? --left[i] === 0 : false;
        const right0 = k < 0 ? --right[i] === 0 : false;
        if (!done[i] && (left0 || right0)) ready.push(i);
      }
    }
  };
  const place = (i: number) => {
    if (done[i]) return;
    done[i] = 1;
    order.push(body[i]);
    bind(flatLiteralVariables(body[i]));
  };
  const drain = () => {
    for (let r = 0; r < ready.length; r++) place(ready[r]);
    ready.length = 0;
  };
  drain();
  body.forEach((l, i) => {
    if (l.kind !== "pos") return;
    place(i);
    drain();
  });
  // what still waits was not bound by the body (the rule was not safe): at the end, as written
  body.forEach((_, i) => {
    if (!done[i]) order.push(body[i]);
  });
  return order;
}

/** The rules of the chain of one long rule. */
function chain(rule: FlatRule, counter: { value: number }): FlatRule[] {
  const order = placed(rule.body);
  const vars = order.map((l) => flatLiteralVariables(l));
  // the last literal that reads each variable (the head: past the last literal)
  const lastUse = new Map<string, number>();
  vars.forEach((vs, i) => vs.forEach((v) => lastUse.set(v, i)));
  for (const v of atomVariables(rule.head)) lastUse.set(v, order.length);
  const rules: FlatRule[] = [];
  // the variables bound so far that are read after the literals placed so far, in the order first bound
  let live: string[] = [];
  const seen = new Set<string>();
  let link: FlatLiteral | undefined;
  let carried = 0;
  for (let start = 0; start < order.length; start += CHUNK_LITERALS) {
    const end = Math.min(order.length, start + CHUNK_LITERALS);
    const body = [...(link ? [link] : []), ...order.slice(start, end)];
    if (end === order.length) {
      rules.push({ ...rule, body });
      break;
    }
    for (let i = start; i < end; i++) {
      for (const v of vars[i]) {
        if (!seen.has(v)) {
          seen.add(v);
          live.push(v);
        }
      }
    }
    live = live.filter((v) => lastUse.get(v)! >= end);
    counter.value++;
    const head: Atom = {
      kind: "atom",
      relation: `${INTERNAL_PREFIX}chunk${counter.value}`,
      args: live.map((name): Term => ({ kind: "variable", name, pos: rule.head.pos })),
      pos: rule.head.pos,
    };
    rules.push({ head, body, origin: rule.origin, part: rule.part });
    link = { kind: "pos", atom: head };
    carried += live.length;
    // links that carry most of the body's variables each would write the program again per link
    if (carried > MAX_CARRIED_PER_LITERAL * order.length) return [rule];
  }
  return rules;
}
