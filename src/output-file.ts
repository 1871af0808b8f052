/**
 * The one writer of output files in Node, for every command: a user's path gets exactly what
 * they asked for, whole or not at all, and nothing else is touched.
 *
 * - `-` is standard output; `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`
 *   are this process's own descriptors, written in place: the file or pipe behind them keeps
 *   its semantics (`>> log` stays an append), never replaced.
 * - A regular file (new or existing) is written atomically: into a temporary file beside it,
 *   then renamed over it, with the old file's mode (and owner, where permitted). A symbolic
 *   link is followed first, so the link stays a link and its target gets the content.
 * - Other special files (`/dev/null`, a FIFO, a terminal, a device) are opened and written in
 *   place. A FIFO that no process reads is an error, not a hang.
 * - Before any work (`resolveOutput`): a missing parent folder is an error naming it (a typo
 *   never creates folders), a folder or a name ending in `/` is an error, a read-only file or a
 *   folder the user cannot write in is an error; every failure is one line
 *   (`path: error[io]: ...`), never a stack trace. `checkOutputs` refuses an output that is an
 *   input of the command, another of its outputs, or standard output carrying something else.
 * - Every write and close is checked; no temporary file is left behind, not on failure and
 *   not on Ctrl-C (SIGINT/SIGTERM/SIGHUP remove the ones in flight, and the process then ends
 *   with 128 + the signal's number, also when the signal came during its last write).
 */
import {
  accessSync,
  closeSync,
  constants as fsConstants,
  fchmodSync,
  fchownSync,
  fstatSync,
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
  /** One of this process's open descriptors (`/dev/stdout` is 1, `/dev/stderr` 2, `/dev/fd/N` N). */
  | { readonly kind: "descriptor"; readonly fd: number }
  /** A regular file, existing or to be created: its real path (links followed). */
  | { readonly kind: "regular"; readonly path: string }
  | { readonly kind: "special"; readonly path: string; readonly fifo: boolean };

/** Standard output and error, as the caller has them (the CLI's checked writers, or the process's). */
export interface StandardStreams {
  out(text: string): void;
  /** Bytes (UTF-8) to standard output as they are, where the caller can (else `out` gets them decoded). */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
}

const processStreams: StandardStreams = {
  out: (text) => process.stdout.write(text),
  outBytes: (bytes) => process.stdout.write(bytes),
  err: (text) => process.stderr.write(text),
};

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

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A user's words for an error of the file system. */
export function reasonOf(error: unknown): string {
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
    case "EDQUOT":
      return "the disk quota is exceeded";
    case "EFBIG":
      return "the file is too large for the device";
    case "EIO":
      return "an input/output error of the device";
    case "ELOOP":
      return "too many symbolic links";
    case "ENXIO":
      return "no process reads this FIFO";
    case "ENAMETOOLONG":
      return "the name is too long";
    case "EBADF":
      return "the descriptor is not open for writing";
    case "EPIPE":
      return "the reader closed the pipe";
    default:
      return e.message ?? String(error);
  }
}

/** `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/3`, `/proc/<this pid>/fd/3`: the descriptor it names, if any. */
function ownDescriptor(path: string): number | undefined {
  const named = /^\/dev\/(stdin|stdout|stderr)$/.exec(path);
  if (named) return ["stdin", "stdout", "stderr"].indexOf(named[1]);
  const numbered = /^\/(?:dev\/fd|proc\/(?:self|thread-self|(\d+))\/fd)\/(\d+)$/.exec(path);
  if (numbered && (numbered[1] === undefined || Number(numbered[1]) === process.pid)) return Number(numbered[2]);
  return undefined;
}

/** Why the user could not write the existing file in place, if they could not. */
function notWritable(path: string, st: Stats): string | undefined {
  // root passes access(2) on any file: a file with no write bit is read-only for everyone here
  if ((st.mode & 0o222) === 0) return "the file is read-only (make it writable, e.g. chmod u+w, to replace it)";
  try {
    accessSync(path, fsConstants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "EROFS" ? reasonOf(error) : "permission denied: you cannot write this file";
  }
  return undefined;
}

/**
 * Understands an output path without writing anything: follows symbolic links (also dangling
 * ones, whose target will be created), and says what is wrong with it, if anything: a missing
 * or unwritable folder, a folder, a read-only file. Commands call this before long work, so
 * that a bad `-o` fails at once.
 */
export function resolveOutput(path: string): { ok: true; target: OutputTarget } | { ok: false; diagnostic: Diagnostic } {
  if (path === "-") return { ok: true, target: { kind: "stdout" } };
  if (path === "") return failure(path, "the name is empty");
  try {
    if (/\/\.{0,2}$/.test(path)) {
      return failure(path, isFolder(path) ? "it is a folder" : "a file name cannot end in '/' (that names a folder)");
    }
    let current = resolve(path);
    for (let links = 0; ; links++) {
      const fd = ownDescriptor(current);
      if (fd !== undefined) {
        try {
          fstatSync(fd);
        } catch {
          return failure(path, `descriptor ${fd} of this process is not open`);
        }
        return { ok: true, target: { kind: "descriptor", fd } };
      }
      const st = statOrUndefined(current, false);
      if (st?.isSymbolicLink()) {
        if (links >= MAX_LINKS) return failure(path, "too many symbolic links");
        const target = readlinkSync(current);
        current = isAbsolute(target) ? target : join(dirname(current), target);
        continue;
      }
      if (st?.isDirectory()) return failure(path, "it is a folder");
      if (st && !st.isFile()) {
        const why = notWritable(current, st);
        if (why) return failure(path, why);
        return { ok: true, target: { kind: "special", path: current, fifo: st.isFIFO() } };
      }
      // A regular file, or a new one: its folder must exist, and take a new file (the temporary one).
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
      if (st) {
        const why = notWritable(current, st);
        if (why) return failure(path, why);
      }
      try {
        accessSync(parentReal, fsConstants.W_OK | fsConstants.X_OK);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return failure(path, code === "EROFS" ? reasonOf(error) : `permission denied: you cannot create files in the folder ${parent}`);
      }
      return { ok: true, target: { kind: "regular", path: join(parentReal, basename(current)) } };
    }
  } catch (error) {
    return failure(path, reasonOf(error));
  }
}

/** One output of a command, by the option that names it. */
export interface NamedOutput {
  /** How the user named it: `-o`, `--propnet-out`, ... */
  readonly option: string;
  readonly path: string;
}

/** What a command reads and writes, for `checkOutputs`. */
export interface CommandFiles {
  readonly outputs: readonly NamedOutput[];
  /** Files the command reads (a game, a moves file). */
  readonly inputs: readonly string[];
  /** Why standard output is taken already (`--json`: the JSON document), if it is. */
  readonly stdoutTaken?: string;
}

/** The file behind a target, as `device:inode`, or undefined for a file yet to be made. */
function identity(target: OutputTarget): string | undefined {
  try {
    const st = target.kind === "stdout" ? fstatSync(1) : target.kind === "descriptor" ? fstatSync(target.fd) : statSync(target.path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

function fileIdentity(path: string): string | undefined {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * Resolves every output of a command before it starts, and refuses one that would destroy
 * something: an output that is one of the command's inputs (the same file by device and inode,
 * or the same real path), a regular output named twice (one write would replace the other), a
 * regular file that is also standard output, or standard output when it carries something else
 * (`stdoutTaken`). Streams (standard output, devices, FIFOs) may take several outputs.
 */
export function checkOutputs(files: CommandFiles): { ok: true; targets: OutputTarget[] } | { ok: false; diagnostic: Diagnostic } {
  const targets: OutputTarget[] = [];
  const inputs = new Map<string, string>();
  for (const input of files.inputs) {
    const id = fileIdentity(input);
    if (id !== undefined) inputs.set(id, input);
  }
  const stdoutId = identity({ kind: "stdout" });
  const regular = new Map<string, NamedOutput>();
  for (const output of files.outputs) {
    const resolved = resolveOutput(output.path);
    if (!resolved.ok) return resolved;
    const target = resolved.target;
    const refuse = (why: string) => ({ ok: false as const, diagnostic: diagnostic("error", "usage", output.path, NO_POSITION, `${output.option} ${why}`) });
    const id = identity(target);
    const input = id !== undefined ? inputs.get(id) : undefined;
    if (input !== undefined) return refuse(`names the input ${input}: writing it would destroy it; write elsewhere`);
    const toStdout = target.kind === "stdout" || (target.kind === "descriptor" && id !== undefined && id === stdoutId);
    if (toStdout && files.stdoutTaken) return refuse(`is standard output, which carries ${files.stdoutTaken}: write to a file`);
    if (target.kind === "regular") {
      if (id !== undefined && id === stdoutId) return refuse("is also standard output here: one would replace the other; use -o - (or /dev/stdout) to write there");
      const key = id ?? `path:${target.path}`;
      const other = regular.get(key);
      if (other) return refuse(`names the same file as ${other.option}: one would replace the other`);
      regular.set(key, output);
    }
    targets.push(target);
  }
  return { ok: true, targets };
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

/**
 * Leaves the process with `code` once a signal that came during the last synchronous write
 * has been handled: a signal's handler runs only when the event loop polls, and an exit
 * straight after the write would end the process first, with 0.
 */
export function exitAfterPendingSignals(code: number): void {
  setImmediate(() => setImmediate(() => process.exit(code)));
}

/** Blocks the thread for `ms` milliseconds (a pipe's reader is slower than us). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Writes all of `content` to `fd`, waiting while a non-blocking pipe is full; errors are thrown. */
export function writeAll(fd: number, content: string | Uint8Array): void {
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
}

function writeRegular(path: string, content: string | Uint8Array): void {
  installInterruptHandlers();
  const old = statOrUndefined(path, true);
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  inFlight.add(tmp);
  try {
    const fd = openSync(tmp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o644);
    try {
      if (old) {
        // the replaced file's mode (a 600 file stays private) and, where permitted, its owner
        fchmodSync(fd, old.mode & 0o7777);
        if (old.uid !== process.getuid?.() || old.gid !== process.getgid?.()) {
          try {
            fchownSync(fd, old.uid, old.gid);
          } catch {
            // only root may give a file away: it is then ours, with the old mode
          }
        }
      }
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

function writeSpecial(path: string, fifo: boolean, content: string | Uint8Array): void {
  // Opening a FIFO for writing blocks until a reader comes: open it without blocking, so that
  // a FIFO nobody reads is an error (ENXIO) instead of a hang, and keep that descriptor (a
  // second open would let the reader see an end of file in between). Writes then wait while
  // the pipe is full. Devices and terminals are opened as they are, appending where they do.
  const fd = openSync(path, fsConstants.O_WRONLY | (fifo ? fsConstants.O_NONBLOCK : 0));
  try {
    writeAll(fd, content);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `content` to the user's output path (see the module comment). `streams` receive the
 * text for `-`, `/dev/stdout` and `/dev/stderr` (the CLI's checked writers).
 */
export function writeOutput(path: string, content: string | Uint8Array, streams: StandardStreams = processStreams): WriteResult {
  const resolved = resolveOutput(path);
  if (!resolved.ok) return resolved;
  return writeTarget(resolved.target, path, content, streams);
}

/** Writes to a target `resolveOutput` or `checkOutputs` gave for `path`. */
export function writeTarget(target: OutputTarget, path: string, content: string | Uint8Array, streams: StandardStreams = processStreams): WriteResult {
  const text = () => (typeof content === "string" ? content : new TextDecoder().decode(content));
  try {
    switch (target.kind) {
      case "stdout":
        toStdout(streams, content, text);
        break;
      case "descriptor":
        if (target.fd === 1) toStdout(streams, content, text);
        else if (target.fd === 2) streams.err(text());
        else writeAll(target.fd, content);
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

function toStdout(streams: StandardStreams, content: string | Uint8Array, text: () => string): void {
  if (typeof content !== "string" && streams.outBytes) streams.outBytes(content);
  else streams.out(text());
}

/**
 * Rewrites a results file of our own whole or not at all (the corpus and verify runners
 * after every game); throws on failure, as the runner's caller reports it.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const written = writeOutput(path, content);
  if (!written.ok) throw new Error(written.diagnostic.message);
}
