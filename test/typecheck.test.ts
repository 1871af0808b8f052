/**
 * The tests and the page type-check: vitest and vite strip types without checking them, and the
 * build checks src/ and scripts/ only, so a test could call the library with a stale type (an
 * import that no longer exists, a missing option) and still pass. Runs `tsc` on
 * tsconfig.test.json (src, scripts and test, with the DOM types that `page.evaluate` bodies use)
 * and on web/tsconfig.json; both ask for no unused locals or parameters, as tsconfig.json does.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

/** Runs tsc on a project; on errors, throws with tsc's own messages. */
function typecheck(project: string): void {
  try {
    execFileSync(process.execPath, [TSC, "-p", path.join(ROOT, project)], { stdio: "pipe", cwd: ROOT });
  } catch (error) {
    const out = error as { stdout?: Buffer };
    throw new Error(`tsc -p ${project} found errors:\n${out.stdout?.toString() ?? String(error)}`);
  }
}

describe("type checking beyond the build", () => {
  it("the tests type-check against the library", () => typecheck("tsconfig.test.json"), 180_000);
  it("the page type-checks", () => typecheck("web/tsconfig.json"), 120_000);
});
