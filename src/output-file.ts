/**
 * The one writer of output files in Node, for every command: a user's path gets exactly what
 * they asked for, whole or not at all, and nothing else is touched.
 *
 * - `-` is standard output.
 * - A regular file (new or existing) is written atomically: into a temporary file beside it,
 *   then renamed over it. A symbolic link is followed first, so the link stays a link and its
 *   target gets the content.
 * - Special files (`/dev/null`, `/dev/stdout`, a FIFO, a terminal) are written directly, never
 *   replaced. A FIFO that no process reads is an error, not a hang.
 * - A missing parent folder is an error naming it (a typo never creates folders); a folder as
 *   output is an error; every failure is one line (`path: error[io]: ...`), never a stack trace.
 * - No temporary file is left behind: not on failure, and not on Ctrl-C (SIGINT/SIGTERM remove
 *   the ones in flight before the process ends).
 */
import {
  closeSync,
  constants as fsConstants,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from "node:fs";
import { dirname, isAbsolute, join, basename, resolve } from "node:path";
import { diagnostic, type Diagnostic, NO_POSITION } from "./diagnostics.js";

export type WriteResult = { readonly ok: true } | { readonly ok: false; readonly diagnostic: Diagnostic };

/** Where a write goes, once the path is understood. */
export type OutputTarget =
  | { readonly kind: "stdout" }
  | { readonly kind: "regular"; readonly path: string }
  | { readonly kind: "special"; readonly path: string; readonly fifo: boolean };

const MAX_LINKS = 40;

function failure(path: string, message: string): { ok: false; diagnostic: Diagnostic } {
  return { ok: false, diagnostic: diagnostic("error", "io", path, NO_POSITION, `cannot write the file: ${message}`) };
}

function statOrUndefined(path: string, follow: boolean): Stats | undefined {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw error;
  }
}

function reasonOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  switch (e.code) {
    case "ENOENT":
      return "no such file or folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOTDIR":
      return "a part of the path is not a folder";
    case "EISDIR":
      return "it is a folder";
    case "EROFS":
      return "the file system is read-only";
    case "ENOSPC":
      return "no space left on the device";
    case "ELOOP":
      return "too many symbolic links";
    case "ENXIO":
      return "no process reads this FIFO";
    case "ENAMETOOLONG":
      return "the name is too long";
    default:
      return e.message ?? String(error);
  }
}

/**
 * Understands an output path without writing anything: follows symbolic links (also dangling
 * ones, whose target will be created), and says what is wrong with it, if anything. Commands
 * call this before long work, so that a bad `-o` fails at once.
 */
export function resolveOutput(path: string): { ok: true; target: OutputTarget } | { ok: false; diagnostic: Diagnostic } {
  if (path === "-") return { ok: true, target: { kind: "stdout" } };
  if (path === "") return failure(path, "the name is empty");
  try {
    let current = resolve(path);
    for (let links = 0; ; links++) {
      const st = statOrUndefined(current, false);
      if (st?.isSymbolicLink()) {
        if (links >= MAX_LINKS) return failure(path, "too many symbolic links");
        const target = readlinkSync(current);
        current = isAbsolute(target) ? target : join(dirname(current), target);
        continue;
      }
      if (st?.isDirectory()) return failure(path, "it is a folder");
      if (st && !st.isFile()) return { ok: true, target: { kind: "special", path: current, fifo: st.isFIFO() } };
      // A regular file, or a new one: its folder must exist.
      const parent = dirname(current);
      let parentReal: string;
      try {
        parentReal = realpathSync(parent);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return failure(path, `the folder ${parent} does not exist`);
        if (code === "ENOTDIR") return failure(path, `${parent} is not a folder`);
        return failure(path, reasonOf(error));
      }
      if (!statSync(parentReal).isDirectory()) return failure(path, `${parent} is not a folder`);
      return { ok: true, target: { kind: "regular", path: join(parentReal, basename(current)) } };
    }
  } catch (error) {
    return failure(path, reasonOf(error));
  }
}

/** Temporary files being written now, removed if the process is interrupted. */
const inFlight = new Set<string>();
let handlersInstalled = false;

function installInterruptHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      removeInFlight();
      // The conventional exit status of a process ended by a signal.
      process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1));
    });
  }
  process.once("exit", removeInFlight);
}

function removeInFlight(): void {
  for (const tmp of inFlight) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  inFlight.clear();
}

function writeAll(fd: number, content: string | Uint8Array): void {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  let written = 0;
  while (written < bytes.length) {
    written += writeSync(fd, bytes, written, bytes.length - written);
  }
}

function writeRegular(path: string, content: string | Uint8Array): void {
  installInterruptHandlers();
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  inFlight.add(tmp);
  try {
    const fd = openSync(tmp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o644);
    try {
      // No fsync: the rename makes the file whole-or-nothing for any reader and across a
      // crash of this process; surviving a power cut is not worth 5 ms a write here (the
      // corpus runner rewrites its results after every game).
      writeAll(fd, content);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
    throw error;
  } finally {
    inFlight.delete(tmp);
  }
}

/** Blocks the thread for `ms` milliseconds (a FIFO's reader is slower than us). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function writeSpecial(path: string, fifo: boolean, content: string | Uint8Array): void {
  if (!fifo) {
    const fd = openSync(path, fsConstants.O_WRONLY | fsConstants.O_TRUNC);
    try {
      writeAll(fd, content);
    } finally {
      closeSync(fd);
    }
    return;
  }
  // Opening a FIFO for writing blocks until a reader comes: open it without blocking, so that
  // a FIFO nobody reads is an error (ENXIO) instead of a hang, and keep that descriptor (a
  // second open would let the reader see an end of file in between). Writes then wait while
  // the pipe is full.
  const fd = openSync(path, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK);
  try {
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    let written = 0;
    while (written < bytes.length) {
      try {
        written += writeSync(fd, bytes, written, bytes.length - written);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
        pause(2);
      }
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `content` to the user's output path (see the module comment). `stdout` receives the
 * text for `-`.
 */
export function writeOutput(
  path: string,
  content: string | Uint8Array,
  stdout: (text: string) => void = (text) => process.stdout.write(text),
): WriteResult {
  const resolved = resolveOutput(path);
  if (!resolved.ok) return resolved;
  const target = resolved.target;
  try {
    switch (target.kind) {
      case "stdout":
        stdout(typeof content === "string" ? content : new TextDecoder().decode(content));
        break;
      case "regular":
        writeRegular(target.path, content);
        break;
      case "special":
        writeSpecial(target.path, target.fifo, content);
        break;
    }
    return { ok: true };
  } catch (error) {
    return failure(path, reasonOf(error));
  }
}

/**
 * Rewrites a results file of our own whole or not at all (the corpus and verify runners
 * after every game); throws on failure, as the runner's caller reports it.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const written = writeOutput(path, content);
  if (!written.ok) throw new Error(written.diagnostic.message);
}
