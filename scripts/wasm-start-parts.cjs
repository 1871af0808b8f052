/**
 * The parts of one command's run with clingo-wasm, measured inside the process (results/wasm-start.md):
 *
 *   node --require ./scripts/wasm-start-parts.cjs bin/gdl-ground.js GAME --propnet --grounder wasm
 *
 * prints one line on stderr at exit, milliseconds: `node` (the process's start until this hook
 * runs: Node itself), `before` (from there to clingo's start: loading the command line, reading
 * the arguments), `compile` (WebAssembly.compile of clingo's module), `boot` (the worker's
 * construction until it is online), `online_to_ready` (the worker imports clingo's JavaScript and
 * instantiates the module), `warm` (ready until the real grounding is sent: the warm-up grounding,
 * or the main thread's reading and translating if that is longer), `ground` (the real grounding,
 * sent to answered), `after` (extraction, the propnet, the report and the exit), `total`.
 * It wraps worker_threads.Worker and WebAssembly.compile, and changes nothing else.
 */
"use strict";
const workerThreads = require("node:worker_threads");

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
process.on("exit", () => {
  const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : "NA");
  const start = Math.min(t.spawn ?? Infinity, t.compile ?? Infinity);
  const parts = {
    node: t.hook,
    before: start - t.hook,
    compile: t.compiled - t.compile,
    boot: t.online - t.spawn,
    online_to_ready: t.ready - t.online,
    warm: t.run - t.ready,
    ground: t.result - t.run,
    after: now() - t.result,
    total: now(),
  };
  process._rawDebug(`wasm-start ${Object.entries(parts).map(([k, v]) => `${k}=${ms(v)}`).join(" ")}`);
});
