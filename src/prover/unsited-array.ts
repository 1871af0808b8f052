/**
 * An empty array of objects made by a builtin (a copy of an empty array), not by an array literal:
 * for containers that are long-lived in some uses and short-lived in most, filled with young
 * objects (a table's answers).
 *
 * Why: V8 keeps feedback per array literal (its allocation site) and, when most of the arrays it
 * made survived a young collection, allocates every later one in old space ("pretenuring"). The
 * tables of static relations live for the game, a state's tables for two states; one literal made
 * both. Once it was decided old, each state's tables were old from birth: dead after two states,
 * they stayed until a full collection, and every answer pushed into them was kept alive through
 * the young collections and promoted. chess below the prover promoted about 4 KB a node, its young
 * collections took 5-17 ms instead of 1, and it ran at 7-9 K nodes/s instead of 12-13 K, or not,
 * from one process to the next (the decision falls on a few collections).
 *
 * The copy keeps the template's elements kind (objects), as arrays from a literal did after their
 * first answer: `Array.of()` makes an array of small integers that changes kind at its first push,
 * and the code reading tables then meets two kinds (alexChess on its hybrid machine: 12 % slower).
 * Pure computation: no Node imports.
 */
const EMPTY_OF_OBJECTS: object[] = [{}];
EMPTY_OF_OBJECTS.length = 0;

export function unsitedArray<T extends object>(): T[] {
  return EMPTY_OF_OBJECTS.slice() as T[];
}
