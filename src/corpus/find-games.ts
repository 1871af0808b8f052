/** Finding the games of a corpus: every .kif or .gdl file below a folder (GDL-II games come as .gdl), recursively, in a stable order. */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The file names of games: KIF (.kif) and GDL (.gdl, KIF or infix: the notation is sniffed). */
const GAME_FILE = /\.(kif|gdl)$/i;

export function findGames(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && GAME_FILE.test(entry.name)) found.push(full);
      else if (entry.isSymbolicLink() && statSync(full, { throwIfNoEntry: false })?.isFile() && GAME_FILE.test(entry.name)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

/**
 * The name of a game in result files: its path below the corpus folder, without `.kif` (a `.gdl`
 * file keeps its extension: `distinct.kif` and `distinct.gdl` may both be there).
 */
export function gameName(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join("/").replace(/\.kif$/i, "");
}
