/** Locates the package's own folder (for dist/ files such as the corpus child and the web page), from sources or from dist/. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

function isOurPackage(dir: string): boolean {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name === "gdl-ground";
  } catch {
    return false;
  }
}

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!isOurPackage(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("gdl-ground: cannot find the package root (package.json of gdl-ground)");
    dir = parent;
  }
  root = dir;
  return dir;
}
