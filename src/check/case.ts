/**
 * Case: one symbol spelled with different case in one description (`timeOut` and `timeout`).
 * GDL is case-insensitive, so they are one symbol, and that is how gdl-ground reads them by
 * default; readers that keep case, such as GGP-Base (and most players and servers built on it),
 * read two symbols, and the game can play differently there. One warning per symbol, at the
 * first place of the second spelling, naming every spelling with its first position. A variable
 * is one symbol only within its rule. Works in both readings (from the reader's record of
 * spellings, see syntax/case.ts); descriptions built without a reader have none and get no warning.
 */
import type { Diagnostic } from "../diagnostics.js";
import type { CheckContext } from "./context.js";

export function checkCase(context: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const spellings of context.description.spellings?.values() ?? []) {
    context.deadline.poll();
    if (spellings.length < 2) continue;
    const [first, second, ...more] = spellings;
    const at = (s: { text: string; pos: { line: number; col: number } }) => `'${s.text}' (${s.pos.line}:${s.pos.col})`;
    const named = [second, ...more, first].map(at);
    const list = `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
    const variable = first.text.startsWith("?");
    out.push(
      context.report(
        "warning",
        "case",
        second.pos,
        `${list} are one ${variable ? "variable" : "symbol"} in GDL; readers that keep case, such as GGP-Base, read them as ${spellings.length === 2 ? "two" : spellings.length}`,
        spellings.filter((s) => s !== second).map((s) => ({ message: `'${s.text}' is written here`, pos: s.pos })),
      ),
    );
  }
  return out;
}
