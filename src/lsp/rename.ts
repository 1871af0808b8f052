/**
 * Rename: a relation, function or constant across the document (every occurrence of the name:
 * GDL has one namespace), a variable within its rule. Refused, with the reason, where the
 * rename would change the meaning or the text would not read: a GDL keyword or connective on
 * either side, a new name that another symbol (or another variable of the rule) already has,
 * which would make the two one, and a name the notation cannot write. A new name is written as
 * the notation needs it: quoted in infix when it is not a bare lower-case name, between bars in
 * KIF when its tokens cannot hold it (`|x y|`, kif-name.ts), `?x` in KIF and `X` in infix for a variable.
 */
import type { Range, TextEdit } from "vscode-languageserver";
import { normalizeSymbol } from "../syntax/case.js";
import { infixVariableToName } from "../syntax/infix-parse.js";
import { infixName } from "../syntax/infix-print.js";
import { kifName, readBarName } from "../syntax/kif-name.js";
import { isKeyword, type Occurrence } from "./analysis.js";
import { shortKind, withArity } from "./describe.js";
import type { GdlDocument } from "./document.js";
import { occurrenceAt, rangeOf, referencesOf } from "./navigation.js";
import type { Position } from "vscode-languageserver";

export type RenameCheck = { readonly ok: true; readonly range: Range; readonly placeholder: string } | { readonly ok: false; readonly reason: string };
export type RenameResult = { readonly ok: true; readonly edits: TextEdit[] } | { readonly ok: false; readonly reason: string };

const KIF_VARIABLE = /^\?[^\s();'`,"\\|]+$/;
const INFIX_VARIABLE = /^[A-Z_][A-Za-z0-9_]*$/;

function renamable(doc: GdlDocument, o: Occurrence | undefined): { ok: true; o: Occurrence } | { ok: false; reason: string } {
  if (!o) return { ok: false, reason: "there is no relation, constant or variable here to rename" };
  if (o.kind === "connective" || (o.kind !== "variable" && isKeyword(o.name))) {
    return { ok: false, reason: `'${doc.text.slice(o.start, o.end)}' is a GDL keyword: its meaning is fixed, it cannot be renamed` };
  }
  if (o.kind === "variable" && doc.text.slice(o.start, o.end) === "_") return { ok: false, reason: "'_' is anonymous: each '_' is a variable of its own" };
  return { ok: true, o };
}

export function prepareRename(doc: GdlDocument, position: Position): RenameCheck {
  const r = renamable(doc, occurrenceAt(doc, position));
  if (!r.ok) return r;
  return { ok: true, range: rangeOf(doc, r.o.start, r.o.end), placeholder: doc.text.slice(r.o.start, r.o.end) };
}

/** How a new variable name is written in the document's notation, and the name it is stored as. */
function variableSpelling(doc: GdlDocument, typed: string): { written: string; stored: string } | { reason: string } {
  const bare = typed.startsWith("?") ? typed.slice(1) : typed;
  if (doc.analysis.syntax === "infix") {
    const written = /^[a-z]/.test(bare) ? bare[0].toUpperCase() + bare.slice(1) : bare;
    if (!INFIX_VARIABLE.test(written) || written === "_") return { reason: `'${typed}' is not an infix variable name (a letter or '_', then letters, digits or '_': X, Piece, _count)` };
    return { written, stored: infixVariableToName(written) };
  }
  const written = `?${bare}`;
  if (!KIF_VARIABLE.test(written)) return { reason: `'${typed}' is not a KIF variable name (?x: no blanks, parentheses or ; ' \` , " \\ |)` };
  return { written, stored: normalizeSymbol(written, { caseSensitive: doc.reading.caseSensitive }).slice(1) };
}

/** How a new symbol name is written in the document's notation, and the name it is stored as. */
function symbolSpelling(doc: GdlDocument, typed: string): { written: string; stored: string } | { reason: string } {
  const caseOptions = { caseSensitive: doc.reading.caseSensitive };
  if (doc.analysis.syntax === "infix") {
    const quoted = /^'.*'$/.test(typed);
    const content = quoted ? typed.slice(1, -1) : typed;
    if (content === "" || /[\n\r]/.test(content)) return { reason: `'${typed}' is not a name` };
    const written = quoted ? typed : infixName(content);
    return { written, stored: normalizeSymbol(content, caseOptions) };
  }
  if (typed.startsWith("|")) {
    const read = readBarName(typed, 0);
    if (read === undefined || read.end !== typed.length || read.name === "") return { reason: `'${typed}' is not a KIF name: a name between bars is one name, |x y|` };
    return { written: typed, stored: normalizeSymbol(read.name, caseOptions) };
  }
  if (typed === "") return { reason: "'' is not a name" };
  if (typed.startsWith("?")) return { reason: `'${typed}' is not a KIF name (a leading '?' makes a variable: write |${typed}| for the name)` };
  return { written: kifName(typed), stored: normalizeSymbol(typed, caseOptions) };
}

export function rename(doc: GdlDocument, position: Position, newName: string): RenameResult {
  const r = renamable(doc, occurrenceAt(doc, position));
  if (!r.ok) return r;
  const o = r.o;
  const a = doc.analysis;
  if (o.kind === "variable") {
    const spelling = variableSpelling(doc, newName.trim());
    if ("reason" in spelling) return { ok: false, reason: spelling.reason };
    if (spelling.stored !== o.name) {
      const other = a.variableOccurrences(o.rule, spelling.stored)[0];
      if (other) return { ok: false, reason: `'${doc.text.slice(other.start, other.end)}' is already a variable of this rule: renaming '${doc.text.slice(o.start, o.end)}' to it would make them one variable` };
    }
    return { ok: true, edits: referencesOf(doc, o).map((x) => ({ range: rangeOf(doc, x.start, x.end), newText: spelling.written })) };
  }
  const spelling = symbolSpelling(doc, newName.trim());
  if ("reason" in spelling) return { ok: false, reason: spelling.reason };
  if (isKeyword(spelling.stored)) return { ok: false, reason: `'${newName}' is a GDL keyword: a relation or constant cannot take its name` };
  const taken = spelling.stored !== o.name ? a.symbols.get(spelling.stored) : undefined;
  if (taken) {
    const arities = new Set([...taken.relationArities, ...taken.termArities]);
    return { ok: false, reason: `'${spelling.stored}' is already a ${shortKind(a, taken)} (${withArity(taken.name, arities)}) in this document: renaming '${o.name}' to it would make them one symbol` };
  }
  return { ok: true, edits: referencesOf(doc, o).map((x) => ({ range: rangeOf(doc, x.start, x.end), newText: spelling.written })) };
}
