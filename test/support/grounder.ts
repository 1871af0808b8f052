/**
 * A grounder for tests: made or the test fails with the reason (`createdGrounder`), or made before
 * the tests of the enclosing scope and closed after them (`withGrounder`).
 */
import { afterAll, beforeAll } from "vitest";
import { createGrounder, type ClosableGrounder, type GrounderKind } from "../../src/ground/index.js";

/** A grounder of `kind`; throws with the reason when none can be made. */
export async function createdGrounder(kind: GrounderKind, options?: Parameters<typeof createGrounder>[1]): Promise<ClosableGrounder> {
  const g = await createGrounder(kind, options);
  if ("error" in g) throw new Error(g.error);
  return g;
}

/** Registers hooks in the enclosing scope: a grounder of `kind` handed to `set` before its tests, closed after. */
export function withGrounder(kind: GrounderKind, set: (grounder: ClosableGrounder) => void): void {
  let made: ClosableGrounder | undefined;
  beforeAll(async () => {
    made = await createdGrounder(kind);
    set(made);
  });
  afterAll(() => made?.close());
}
