/** Finding the games of a corpus: every .kif file below a folder, recursively, in a stable order. */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export function findGames(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.kif$/i.test(entry.name)) found.push(full);
      else if (entry.isSymbolicLink() && statSync(full, { throwIfNoEntry: false })?.isFile() && /\.kif$/i.test(entry.name)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

/** The name of a game in result files: its path below the corpus folder, without `.kif`. */
export function gameName(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join("/").replace(/\.kif$/i, "");
}
