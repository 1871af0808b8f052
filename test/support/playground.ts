/**
 * A playground page in Chromium for the tests of one `describe` block: opened before its tests
 * (the screenshots' folder made first), closed after them. The page itself: scripts/web-harness.ts.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { openPlayground, type PageSession } from "../../scripts/web-harness.js";

/** Registers the page's opening and closing; the result gives the open page to each test. */
export function playgroundForTests(chromiumPath: string, shots: string, size: { width: number; height: number }): () => PageSession {
  let session: PageSession | undefined;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    session = await openPlayground(chromiumPath, size);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error("the playground page did not open");
    return session;
  };
}
