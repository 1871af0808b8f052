/**
 * Output channels of the CLI, so that commands can be tested without a process; the process's
 * own channels write to descriptors 1 and 2 synchronously and check every write: a full
 * device or a closed terminal behind standard output is an error the command reports (exit 2,
 * one line on stderr), never a success with nothing written. A reader that stops early
 * (`gdl-ground check ... | head`) is not an error of ours: the rest of the output is dropped.
 * It imports nothing but `node:fs`: `--help` loads the command table and this alone.
 */
import { writeSync } from "node:fs";

export interface Output {
  out(text: string): void;
  /** Bytes (UTF-8) to standard output, where the channel can take them as they are (else `out` gets the text). */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
  /** The error of the first write to standard output that failed, if one did. */
  outFailure?(): NodeJS.ErrnoException | undefined;
}

/** Waits `ms` milliseconds: a non-blocking pipe is full and its reader is slower than us. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A checked writer of one descriptor: the first failure is kept, and later writes are dropped. */
function checkedWriter(fd: number): { write(text: string | Uint8Array): void; failure(): NodeJS.ErrnoException | undefined } {
  let failure: NodeJS.ErrnoException | undefined;
  let closed = false;
  return {
    write(text) {
      if (closed || text.length === 0) return;
      const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
      for (let written = 0; written < bytes.length; ) {
        try {
          written += writeSync(fd, bytes, written, bytes.length - written);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === "EAGAIN") {
            pause(2);
            continue;
          }
          closed = true;
          if (code !== "EPIPE") failure = error as NodeJS.ErrnoException;
          return;
        }
      }
    },
    failure: () => failure,
  };
}

const stdout = checkedWriter(1);
const stderr = checkedWriter(2);

export const processOutput: Output = {
  out: (text) => stdout.write(text),
  outBytes: (bytes) => stdout.write(bytes),
  err: (text) => stderr.write(text),
  outFailure: () => stdout.failure(),
};
