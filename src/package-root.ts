/** Locates files shipped with the package (asp-templates/), from sources or from dist/. */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) || !existsSync(join(dir, "asp-templates"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("gdl-ground: cannot find the package root (asp-templates/)");
    dir = parent;
  }
  root = dir;
  return dir;
}
