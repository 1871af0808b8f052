/**
 * One corpus run per results file: a lock file beside the results (`results.lock` for
 * `results.csv` and `results.json`), created exclusively, holding the process id. Two runs
 * on the same `--out` would otherwise both rewrite the files after every game, and one run's
 * rows would be lost. A lock left by a run that died (its process is gone) is taken over.
 */
import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { reasonOf } from "../output-file.js";

/** A second run on the same results, or a lock that cannot be made: the one line to say. */
export class CorpusLockError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // someone else's process
  }
}

/** Creates `path` holding our process id, whole (a hard link of a file written first), unless it exists. */
function createExclusively(path: string): boolean {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, "w");
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    linkSync(tmp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new CorpusLockError(`${path}: error[io]: cannot make the lock file of the results: ${reasonOf(error)}`);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // never made
    }
  }
}

/**
 * Takes the lock `path` for this process, or throws CorpusLockError naming the run that has
 * it. Returns the release function (also called when the process exits).
 */
export function lockResults(path: string): () => void {
  for (let attempt = 0; !createExclusively(path); attempt++) {
    let pid = NaN;
    try {
      pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    } catch {
      // removed meanwhile: try again
    }
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && pid !== process.pid) {
      throw new CorpusLockError(
        `${path}: error[io]: another gdl-ground corpus run (process ${pid}) is writing these results: wait for it to end, or write elsewhere with --out`,
      );
    }
    if (attempt > 0) throw new CorpusLockError(`${path}: error[io]: the lock file of the results is in the way and cannot be taken over: remove it`);
    try {
      unlinkSync(path); // left by a run that is gone
    } catch {
      // another run took it over first: the next attempt sees its lock
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener("exit", release);
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.once("exit", release);
  return release;
}
