/**
 * The parts of one command's run with clingo-wasm, measured inside the process (results/wasm-start.md):
 *
 *   node --require ./scripts/wasm-start-parts.cjs bin/gdl-ground.js GAME --propnet --grounder wasm
 *
 * prints one line on stderr at exit, milliseconds. Every run has `node` (the process's start until
 * this hook runs: Node itself), `before` (from there to clingo's start, the first of the compile
 * or a worker's spawn), `compile` (WebAssembly.compile of clingo's module), `ground` (the game's
 * grounding, sent to answered), `after` (extraction, the propnet, the report and the exit) and
 * `total`. Then, by where clingo runs:
 *
 * - in a worker (the library's Grounder; the command line before clingo moved to its main thread):
 *   `boot` (the worker's construction until it is online), `online_to_ready` (the worker imports
 *   clingo's JavaScript and instantiates the module), `warm` (ready until the game's grounding is
 *   sent: the warm-up grounding, or the main thread's reading and translating if that is longer);
 * - on the main thread (ground/clingo/inline-host.ts): `instantiate` (WebAssembly.instantiate of
 *   the module, once compiled and clingo's JavaScript imported), `to_ground` (clingo's start until
 *   the grounding starts: the command line's loading, the game read and translated, and clingo's
 *   instantiation, the longest of them).
 *
 * It wraps worker_threads.Worker, WebAssembly.compile and WebAssembly.instantiate, and notes the
 * main thread's grounding run by the global that inline-host.ts sets for it; it changes nothing else.
 */
"use strict";
const workerThreads = require("node:worker_threads");
const vm = require("node:vm");

const now = () => performance.now();
const t = { hook: now() };
const Worker = workerThreads.Worker;
workerThreads.Worker = class extends Worker {
  constructor(...args) {
    t.spawn ??= now();
    super(...args);
    let runs = 0;
    this.once("online", () => (t.online ??= now()));
    const post = this.postMessage.bind(this);
    this.postMessage = (message, transfer) => {
      // the first run is the warm-up, the second the game's grounding
      if (message && message.type === "run" && ++runs === 2) t.run = now();
      return post(message, transfer);
    };
    this.on("message", (reply) => {
      if (reply && reply.type === "ready") t.ready ??= now();
      if (reply && reply.type === "result" && runs === 2) t.result ??= now();
    });
  }
};
const compile = WebAssembly.compile;
WebAssembly.compile = function (bytes) {
  t.compile ??= now();
  return compile.call(this, bytes).then((module) => {
    t.compiled ??= now();
    return module;
  });
};
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = function (...args) {
  const started = now();
  return instantiate.apply(this, args).then((instance) => {
    if (t.instantiated === undefined) {
      t.instantiate = started;
      t.instantiated = now();
    }
    return instance;
  });
};
const INLINE_RUN = Symbol.for("gdl-ground.inline-clingo-run");
const runInThisContext = vm.Script.prototype.runInThisContext;
vm.Script.prototype.runInThisContext = function (...args) {
  if (!(INLINE_RUN in globalThis) || t.result !== undefined) return runInThisContext.apply(this, args);
  t.run = now();
  try {
    return runInThisContext.apply(this, args);
  } finally {
    t.result = now();
  }
};
process.on("exit", () => {
  const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : "NA");
  const start = Math.min(t.spawn ?? Infinity, t.compile ?? Infinity);
  const inline = t.spawn === undefined;
  const parts = {
    node: t.hook,
    before: start - t.hook,
    compile: t.compiled - t.compile,
    ...(inline
      ? { instantiate: t.instantiated - t.instantiate, to_ground: t.run - start }
      : { boot: t.online - t.spawn, online_to_ready: t.ready - t.online, warm: t.run - t.ready }),
    ground: t.result - t.run,
    after: now() - t.result,
    total: now(),
  };
  process._rawDebug(`wasm-start ${Object.entries(parts).map(([k, v]) => `${k}=${ms(v)}`).join(" ")}`);
});
