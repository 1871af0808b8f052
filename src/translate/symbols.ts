/**
 * The symbol table: GDL names <-> ASP identifiers, injective and reversible.
 *
 * GDL symbols may be anything KIF allows (`a-b`, `+`, `1x`, `Up`, `not`), while clingo wants
 * identifiers `[a-z][A-Za-z0-9_']*` or integers. The rules:
 *   - a GDL name that already is a clean identifier (`[a-z][A-Za-z0-9_]*`, not `not`) is kept;
 *   - a canonical decimal number (`0`, `42`, no leading zero, up to 9 digits) becomes a clingo
 *     integer, when it is used as a constant; `01` and `+1` are other constants, so they are mangled;
 *   - any other name is mangled to `g_<readable>` and made unique with a numeric suffix.
 * Names differing only in case (read with `caseSensitive`) stay apart: `verticalTerrorist` is kept,
 * `VerticalTerrorist` (an ASP variable if kept) becomes `g_VerticalTerrorist`; the table is
 * injective whatever the names are, since a taken candidate gets a suffix.
 * Our own auxiliary relations live in a separate namespace: their names start with a space inside
 * the translator (no parsed GDL name can contain one) and with `_` in ASP (no GDL name is ever
 * mapped to a name starting with `_`).
 *
 * A 0-argument function term `(f)` is written `_c0(f)` so that it stays apart from the constant `f`
 * (clingo reads `f()` as `f`).
 */

export const ZERO_ARITY_FUNCTOR = "_c0";

/** Prefix of internal relation names in the translator's own rule representation. */
export const INTERNAL_PREFIX = " ";

export const BASE_RELATION = " base";
export const INPUT_RELATION = " input";
/** The ground terms of the description, for variables that no positive atom binds. */
export const DOMAIN_RELATION = " dom";

export function staticRelation(gdlRelation: string): string {
  // one of ours (free-arguments.ts: ` proj p`): without its prefix, so that no name part is empty
  const name = isInternalRelation(gdlRelation) ? gdlRelation.slice(INTERNAL_PREFIX.length) : gdlRelation;
  return `${INTERNAL_PREFIX}static ${name}`;
}

export function isInternalRelation(relation: string): boolean {
  return relation.startsWith(INTERNAL_PREFIX);
}

const CLEAN_IDENTIFIER = /^[a-z][A-Za-z0-9_]*$/;
const CANONICAL_INTEGER = /^(0|[1-9][0-9]{0,8})$/;
const ASP_KEYWORDS = new Set(["not"]);

export class SymbolTable {
  private readonly toAsp = new Map<string, string>();
  private readonly toGdl = new Map<string, string>();
  private readonly internalToAsp = new Map<string, string>();
  private readonly aspToInternal = new Map<string, string>();

  /** The ASP identifier for a GDL relation or function name (never an integer). */
  name(gdl: string): string {
    if (isInternalRelation(gdl)) return this.internal(gdl);
    const known = this.toAsp.get(gdl);
    if (known !== undefined) return known;
    const candidate = unused(CLEAN_IDENTIFIER.test(gdl) && !ASP_KEYWORDS.has(gdl) ? gdl : mangle(gdl), this.toGdl);
    this.toAsp.set(gdl, candidate);
    this.toGdl.set(candidate, gdl);
    return candidate;
  }

  /** The ASP term for a GDL constant: an integer for canonical numbers, else an identifier. */
  constant(gdl: string): string {
    return CANONICAL_INTEGER.test(gdl) ? gdl : this.name(gdl);
  }

  /** Reverses `name` / `constant`; undefined for names this table never produced. */
  gdlName(asp: string): string | undefined {
    if (CANONICAL_INTEGER.test(asp)) return asp;
    return this.toGdl.get(asp);
  }

  /** True when the game itself uses this GDL name (so a generated name must avoid it). */
  isGameName(gdl: string): boolean {
    return this.toAsp.has(gdl);
  }

  /** The internal relation (with its leading space) behind an ASP name, if it is one of ours. */
  internalName(asp: string): string | undefined {
    return this.aspToInternal.get(asp);
  }

  /**
   * Registers every clean GDL name first, so that mangled names never take a name the game uses
   * itself. Call once with every name of the description before translating.
   */
  reserve(gdlNames: Iterable<string>): void {
    const names = [...gdlNames];
    for (const n of names) if (CLEAN_IDENTIFIER.test(n) && !ASP_KEYWORDS.has(n)) this.name(n);
    for (const n of names) this.name(n);
  }

  private internal(name: string): string {
    const known = this.internalToAsp.get(name);
    if (known !== undefined) return known;
    const body = name
      .slice(INTERNAL_PREFIX.length)
      .split(" ")
      .map((part, i) => (i === 0 ? part : this.name(part)))
      .join("_");
    const candidate = unused(`_${body}`, this.aspToInternal);
    this.internalToAsp.set(name, candidate);
    this.aspToInternal.set(candidate, name);
    return candidate;
  }
}

/** `name`, or the first of `name_2`, `name_3`, ... that `taken` does not have. */
function unused(name: string, taken: ReadonlyMap<string, unknown>): string {
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name}_${n}`)) n++;
  return `${name}_${n}`;
}

/** `a-b` -> `g_a_minus_b`, `+` -> `g_plus`, `1x` -> `g_1x`, `Up` -> `g_Up`: readable, made unique by the table. */
function mangle(gdl: string): string {
  const words: Record<string, string> = {
    "+": "plus",
    "-": "minus",
    "*": "times",
    "/": "slash",
    "<": "lt",
    ">": "gt",
    "=": "eq",
    ".": "dot",
  };
  let out = "";
  for (const ch of gdl) {
    if (/[A-Za-z0-9]/.test(ch)) out += ch;
    else if (ch === "_") out += "_";
    else out += `_${words[ch] ?? `x${ch.codePointAt(0)!.toString(16)}`}_`;
  }
  out = out.replace(/_+/g, "_").replace(/^_|_$/g, "");
  return `g_${out || "sym"}`;
}

/**
 * Names the variables of one rule for ASP: `?x` -> `X`, `?piece` -> `Piece`; names that are not
 * clean identifiers get `V1`, `V2`, ... avoiding names already taken in the rule.
 */
export function variableNames(gdlVariables: Iterable<string>): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const rest: string[] = [];
  for (const v of gdlVariables) {
    if (names.has(v) || rest.includes(v)) continue;
    if (CLEAN_IDENTIFIER.test(v)) {
      const asp = v[0].toUpperCase() + v.slice(1);
      names.set(v, asp);
      taken.add(asp);
    } else rest.push(v);
  }
  let n = 1;
  for (const v of rest) {
    while (taken.has(`V${n}`)) n++;
    names.set(v, `V${n}`);
    taken.add(`V${n}`);
  }
  return names;
}
