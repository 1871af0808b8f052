/**
 * The program of a grounding worker, as source text run with `new Worker(WORKER_SCRIPT,
 * { eval: true })`. Keeping it as text (rather than a module file next to this one) lets the
 * same code run from the TypeScript sources under vitest and from the compiled dist/: tsc
 * would not emit a hand-written .js file, and Node 20 cannot start a worker from a .ts file.
 * The script is CommonJS (eval workers are) and loads clingo-wasm's emscripten factory with
 * a dynamic import() of the file URL it gets in workerData.
 *
 * workerData: { moduleUrl: string, wasmModule: WebAssembly.Module, liftoffOnly: boolean }
 * in:  { type: "run", id, input: Uint8Array (the ASP text, UTF-8), args: string,
 *        maxOutputBytes: number, maxStderrLines: number }
 * out: { type: "ready" } | { type: "init-error", message }
 *      { type: "result", id, status?: number, exception?: string, stdout: Uint8Array,
 *        overflow: boolean, stderr: string[], stderrDropped: number, seconds: number }
 *
 * The ASP text reaches clingo as the file /dev/stdin, served byte by byte from the input
 * buffer: clingo-wasm's `run(program, options)` copies its program argument onto the 1 MiB
 * wasm stack, which overflows for large programs. Standard output goes byte by byte into a
 * growing Uint8Array (emscripten's `print` would build one JS string per line), transferred
 * back without copying.
 */
export const WORKER_SCRIPT = String.raw`"use strict";
const { parentPort, workerData } = require("node:worker_threads");
if (workerData.liftoffOnly) require("node:v8").setFlagsFromString("--liftoff-only");

let out = new Uint8Array(0);
let outLength = 0;
let outLimit = 0;
let overflow = false;
let input = new Uint8Array(0);
let inputPos = 0;
let stderr = [];
let stderrLimit = 0;
let stderrDropped = 0;

function putByte(byte) {
  if (outLength === out.length) {
    if (outLength >= outLimit) {
      overflow = true;
      return;
    }
    const bigger = new Uint8Array(Math.min(Math.max(out.length * 2, 65536), outLimit));
    bigger.set(out);
    out = bigger;
  }
  out[outLength++] = byte;
}
function getByte() {
  return inputPos < input.length ? input[inputPos++] : null;
}
function errLine(line) {
  if (stderr.length < stderrLimit) stderr.push(line);
  else stderrDropped++;
}

import(workerData.moduleUrl)
  .then(({ default: factory }) =>
    factory({
      stdout: putByte,
      stdin: getByte,
      print: errLine,
      printErr: errLine,
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(workerData.wasmModule, imports).then(
          (instance) => receive(instance, workerData.wasmModule),
          (e) => parentPort.postMessage({ type: "init-error", message: String((e && e.stack) || e) }),
        );
        return {};
      },
    }),
  )
  .then((clingo) => {
    parentPort.on("message", (msg) => {
      if (msg.type !== "run") return;
      out = new Uint8Array(0);
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
      try {
        status = clingo.ccall("run", "number", ["string", "string"], ["", msg.args]);
      } catch (e) {
        exception = String(e);
      }
      const seconds = (performance.now() - start) / 1000;
      const stdout = out.subarray(0, outLength);
      parentPort.postMessage(
        { type: "result", id: msg.id, status, exception, stdout, overflow, stderr, stderrDropped, seconds },
        [out.buffer],
      );
      out = new Uint8Array(0);
      input = new Uint8Array(0);
    });
    parentPort.postMessage({ type: "ready" });
  })
  .catch((e) => parentPort.postMessage({ type: "init-error", message: String((e && e.stack) || e) }));
`;
