/**
 * The program of a grounding worker, as source text: one host-neutral body that drives
 * clingo-wasm, and a short prelude per host that binds it to the host's message port
 * (`worker_threads` in Node, a Web Worker in a browser). Keeping it as text (rather than a
 * module file) lets the same code run from the TypeScript sources under vitest, from the
 * compiled dist/ and from a Blob URL in a page: tsc would not emit a hand-written .js file,
 * and Node 20 cannot start a worker from a .ts file. The body is plain script (no `require`,
 * no top-level `await`), so it runs as an eval'd CommonJS worker and as a module worker.
 *
 * Protocol (see worker-grounder.ts, the side that sends and receives these):
 *   in:  { type: "init", moduleUrl: string, wasmModule: WebAssembly.Module }
 *        { type: "run", input: Uint8Array (the ASP text, UTF-8), args: string,
 *          maxOutputBytes: number, maxStderrLines: number, chunkBytes: number,
 *          timeoutMs?: number (read by the host, not here: inline-host.ts stops a run with it) }
 *   out: { type: "ready" } | { type: "init-error", message }
 *        { type: "output", bytes: Uint8Array }   (only when chunkBytes > 0: the ground program
 *                                                 in pieces, while clingo is still running)
 *        { type: "result", status?: number, exception?: string, stdout: Uint8Array,
 *          overflow: boolean, stderr: string[], stderrDropped: number, seconds: number,
 *          memoryBytes: number }
 *
 * The ASP text reaches clingo as the file /dev/stdin, served from the input
 * buffer: clingo-wasm's `run(program, options)` copies its program argument onto the 1 MiB
 * wasm stack, which overflows for large programs. Standard output goes into a Uint8Array.
 * Both are copied a piece at a time between clingo's memory and those arrays (`withBulkStdio`:
 * emscripten's stdin and stdout devices call back once per byte; its `print` would build one JS
 * string per line). With `chunkBytes`
 * the array is posted (transferred, not copied) each time it fills, so the receiver reads
 * the ground program while clingo writes it and nothing ever holds all of it as one string;
 * without, it grows to `maxOutputBytes` and is transferred whole with the result.
 */
const BODY = String.raw`
let out = new Uint8Array(0);
let outLength = 0;
let outLimit = 0;
let chunkBytes = 0;
let overflow = false;
let input = new Uint8Array(0);
let inputPos = 0;
let stderr = [];
let stderrLimit = 0;
let stderrDropped = 0;
let clingo;
let memory;

function flush() {
  if (outLength === 0) return;
  const bytes = out.subarray(0, outLength);
  host.post({ type: "output", bytes }, [out.buffer]);
  out = new Uint8Array(chunkBytes);
  outLength = 0;
}
/** Room in out for at least one more byte: flushed, grown, or false at the output limit (overflow). */
function makeRoom() {
  if (outLength < out.length) return true;
  if (chunkBytes > 0) {
    flush();
  } else if (outLength >= outLimit) {
    overflow = true;
    return false;
  } else {
    const bigger = new Uint8Array(Math.min(Math.max(out.length * 2, 65536), outLimit));
    bigger.set(out);
    out = bigger;
  }
  return true;
}
function putByte(byte) {
  if (makeRoom()) out[outLength++] = byte;
}
/** bytes[start, end) appended as putByte would append them one by one. */
function putBytes(bytes, start, end) {
  while (start < end && makeRoom()) {
    const n = Math.min(end - start, out.length - outLength);
    out.set(bytes.subarray(start, start + n), outLength);
    outLength += n;
    start += n;
  }
}
let heapBuffer;
let heap8;
let heap32;
function heap() {
  if (heapBuffer !== memory.buffer) {
    heapBuffer = memory.buffer;
    heap8 = new Uint8Array(heapBuffer);
    heap32 = new Uint32Array(heapBuffer);
  }
}
/**
 * clingo's imports with standard input and output copied in bulk: emscripten's fd_read and
 * fd_write (WASI's fd_read/fd_write(fd, iovecs, count, done), found by their functions' names)
 * pass each byte through the stdin and stdout devices' callbacks, one JavaScript call per byte
 * of the program and of the ground program (a cold process runs them unoptimized); here each
 * piece clingo reads from descriptor 0 or writes to 1 is copied whole, the same bytes in the
 * same order. Every other descriptor, or an import object without them, goes to emscripten.
 */
function withBulkStdio(imports) {
  const patched = {};
  for (const [name, table] of Object.entries(imports)) {
    if (!table || typeof table !== "object") {
      patched[name] = table;
      continue;
    }
    const copy = { ...table };
    for (const [key, f] of Object.entries(table)) {
      if (typeof f !== "function") continue;
      if (f.name === "_fd_write") {
        copy[key] = function (fd, iov, count, done) {
          if (fd !== 1 || !memory) return f(fd, iov, count, done);
          heap();
          let total = 0;
          for (let i = 0; i < count; i++, iov += 8) {
            const ptr = heap32[iov >> 2];
            const len = heap32[(iov + 4) >> 2];
            putBytes(heap8, ptr, ptr + len);
            total += len;
          }
          heap32[done >> 2] = total;
          return 0;
        };
      } else if (f.name === "_fd_read") {
        copy[key] = function (fd, iov, count, done) {
          if (fd !== 0 || !memory) return f(fd, iov, count, done);
          if (inputPos === 0) host.startingUp(false);
          heap();
          let total = 0;
          for (let i = 0; i < count; i++, iov += 8) {
            const ptr = heap32[iov >> 2];
            const len = heap32[(iov + 4) >> 2];
            const n = Math.min(len, input.length - inputPos);
            heap8.set(input.subarray(inputPos, inputPos + n), ptr);
            inputPos += n;
            total += n;
            if (n < len) break;
          }
          heap32[done >> 2] = total;
          return 0;
        };
      }
    }
    patched[name] = copy;
  }
  return patched;
}
function getByte() {
  if (inputPos === 0) host.startingUp(false);
  return inputPos < input.length ? input[inputPos++] : null;
}
function errLine(line) {
  if (stderr.length < stderrLimit) stderr.push(line);
  else stderrDropped++;
}
function describe(e) {
  return String((e && e.stack) || e);
}

function init(msg) {
  host.load(msg.moduleUrl)
    .then(({ default: factory }) =>
      factory({
        stdout: putByte,
        stdin: getByte,
        print: errLine,
        printErr: errLine,
        instantiateWasm(imports, receive) {
          WebAssembly.instantiate(msg.wasmModule, withBulkStdio(imports)).then(
            (instance) => {
              for (const value of Object.values(instance.exports)) {
                if (value instanceof WebAssembly.Memory) memory = value;
              }
              receive(instance, msg.wasmModule);
            },
            (e) => host.post({ type: "init-error", message: describe(e) }),
          );
          return {};
        },
      }),
    )
    .then((module) => {
      clingo = module;
      host.post({ type: "ready" });
    })
    .catch((e) => host.post({ type: "init-error", message: describe(e) }));
}

function run(msg) {
  chunkBytes = msg.chunkBytes;
  out = new Uint8Array(chunkBytes);
  outLength = 0;
  outLimit = msg.maxOutputBytes;
  overflow = false;
  input = msg.input;
  inputPos = 0;
  stderr = [];
  stderrLimit = msg.maxStderrLines;
  stderrDropped = 0;
  let status;
  let exception;
  const start = performance.now();
  host.startingUp(true);
  try {
    status = clingo.ccall("run", "number", ["string", "string"], ["", msg.args]);
  } catch (e) {
    exception = String(e);
  } finally {
    host.startingUp(false);
  }
  const seconds = (performance.now() - start) / 1000;
  if (chunkBytes > 0 && status === 0 && exception === undefined) flush();
  const stdout = chunkBytes > 0 ? new Uint8Array(0) : out.subarray(0, outLength);
  const memoryBytes = memory ? memory.buffer.byteLength : 0;
  host.post(
    { type: "result", status, exception, stdout, overflow, stderr, stderrDropped, seconds, memoryBytes },
    [stdout.buffer],
  );
  out = new Uint8Array(0);
  input = new Uint8Array(0);
}

host.onMessage((msg) => {
  if (msg.type === "init") init(msg);
  else if (msg.type === "run") run(msg);
});
`;

/**
 * The Node prelude (an eval'd CommonJS worker): V8's baseline-only flag when asked (V8 flags
 * are per process and Node refuses them in a worker's execArgv), and `host` over parentPort.
 *
 * `startingUp`: clingo's own start-up (before it reads the first byte of the program) is kept
 * out of V8's tier-up. V8 compiles each wasm function with Liftoff at its first call, and decides
 * then whether that code counts towards an optimizing (TurboFan) compile: only when
 * --wasm-tier-up-filter is -1 (or the function's index). clingo's start-up runs one 48 KB function
 * hot enough to be optimized in every run, even of a one-fact program; optimizing it takes
 * 100–200 ms of a background thread, which the process's exit then waits for, and it is never
 * hot again. With the filter set to no function while clingo starts, that start-up code stays
 * baseline; everything first called after it (parsing, grounding, output) tiers up as before.
 * (The budget of work before a function tiers up is set where the module is compiled: see
 * node-host.ts.)
 */
/** V8's flags that keep wasm functions first called from now on out of tier-up, and let them in again. */
export const START_UP_TIER_FLAGS = { on: "--wasm-tier-up-filter=100000000", off: "--wasm-tier-up-filter=-1" } as const;

const NODE_PRELUDE = String.raw`"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const v8 = require("node:v8");
if (workerData && workerData.liftoffOnly) v8.setFlagsFromString("--liftoff-only");
let startUpFiltered = false;
const host = {
  post: (message, transfer) => parentPort.postMessage(message, transfer),
  onMessage: (handler) => parentPort.on("message", handler),
  load: (url) => import(url),
  startingUp: (on) => {
    if (on === startUpFiltered) return;
    startUpFiltered = on;
    v8.setFlagsFromString(on ? ${JSON.stringify(START_UP_TIER_FLAGS.on)} : ${JSON.stringify(START_UP_TIER_FLAGS.off)});
  },
};
`;

/** The browser prelude (a module Web Worker started from a Blob URL): `host` over `self`. */
const BROWSER_PRELUDE = String.raw`
const host = {
  post: (message, transfer) => self.postMessage(message, transfer),
  onMessage: (handler) => self.addEventListener("message", (event) => handler(event.data)),
  load: (url) => import(url),
  startingUp: () => undefined, // a page cannot set V8 flags
};
`;

/**
 * The host-neutral body alone, for a host that runs it without a worker (inline-host.ts: clingo on
 * the calling thread). It expects `host` with `post(message)`, `onMessage(handler)`,
 * `load(moduleUrl)` (clingo's emscripten factory module) and `startingUp(on)`.
 */
export const GROUNDING_BODY = BODY;

/** The worker for Node's worker_threads (`new Worker(NODE_WORKER_SCRIPT, { eval: true })`). */
export const NODE_WORKER_SCRIPT = NODE_PRELUDE + BODY;

/** The worker for a browser (`new Worker(URL.createObjectURL(new Blob([BROWSER_WORKER_SCRIPT])), { type: "module" })`). */
export const BROWSER_WORKER_SCRIPT = BROWSER_PRELUDE + BODY;
