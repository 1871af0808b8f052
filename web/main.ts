/**
 * The playground page: an editor with GDL highlighting and live `check` diagnostics (on the
 * main thread, debounced: parse and check take milliseconds), and a pipeline worker
 * (pipeline-worker.ts) that grounds, builds the propnet and plays. All of it uses the
 * library's browser entry (src/browser/index.ts).
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { forceLinting, linter, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import clingoWasmUrl from "clingo-wasm-dist/clingo.wasm?url";
import { compiledBrowserClingo, loadText, PHASES, type Diagnostic } from "../src/browser/index.js";
import { gdlLanguage } from "./gdl-language.js";
import type { DownloadKind, FromWorker, GroundReport, Phase, PlayView, ToWorker } from "./protocol.js";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// ---------------------------------------------------------------- examples

const examples = new Map<string, string>();
const valid = import.meta.glob("../corpus/valid/*.kif", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const invalid = import.meta.glob("../corpus/invalid/*.kif", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const select = $<HTMLSelectElement>("examples");
for (const [label, files] of [["games", valid], ["invalid (to see diagnostics)", invalid]] as const) {
  const group = document.createElement("optgroup");
  group.label = label;
  for (const [file, text] of Object.entries(files).sort()) {
    const name = file.split("/").pop()!;
    const key = `${label === "games" ? "valid" : "invalid"}/${name}`;
    examples.set(key, text);
    group.append(new Option(name, key));
  }
  select.append(group);
}

// ---------------------------------------------------------------- editor and live check

let fileName = "untitled.kif";
let lastDiagnostics: readonly Diagnostic[] = [];

function offsetOf(doc: EditorState["doc"], line: number, col: number): number {
  if (line < 1 || line > doc.lines) return 0;
  const l = doc.line(line);
  return Math.min(l.from + Math.max(0, col - 1), l.to);
}

/** The end of the form starting at `from`: a whole parenthesized expression, or one symbol. */
function formEnd(text: string, from: number): number {
  if (text[from] === "(") {
    let depth = 0;
    for (let i = from; i < text.length && i < from + 20000; i++) {
      if (text[i] === ";") while (i < text.length && text[i] !== "\n") i++;
      else if (text[i] === "(") depth++;
      else if (text[i] === ")" && --depth === 0) return i + 1;
    }
    return Math.min(text.length, from + 1);
  }
  const m = /^[^\s()]+/.exec(text.slice(from, from + 200));
  return from + (m ? m[0].length : 1);
}

function toCmDiagnostics(state: EditorState, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
  const text = state.doc.toString();
  return diagnostics
    .filter((d) => d.severity !== "note")
    .map((d) => {
      const from = d.pos.line > 0 ? offsetOf(state.doc, d.pos.line, d.pos.col) : 0;
      const to = Math.max(from, Math.min(formEnd(text, from), state.doc.length));
      return { from, to, severity: d.severity === "error" ? "error" : "warning", message: `${d.code}: ${d.message}`, source: "gdl-ground check" };
    });
}

const gdlLinter = linter(
  (view) => {
    const loaded = loadText(view.state.doc.toString(), fileName);
    lastDiagnostics = loaded.diagnostics;
    showProblems(loaded.diagnostics);
    return toCmDiagnostics(view.state, loaded.diagnostics);
  },
  { delay: 300 },
);

const editor = new EditorView({
  parent: $("editor"),
  state: EditorState.create({
    doc: "",
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      bracketMatching(),
      highlightActiveLine(),
      gdlLanguage,
      syntaxHighlighting(defaultHighlightStyle),
      lintGutter(),
      gdlLinter,
      keymap.of([...defaultKeymap, ...historyKeymap]),
    ],
  }),
});

function setSource(text: string, name: string) {
  fileName = name;
  $("file-name").textContent = name;
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  forceLinting(editor);
}

function showProblems(diagnostics: readonly Diagnostic[], extra: readonly Diagnostic[] = []) {
  const list = $("problems");
  list.replaceChildren();
  const shown = [...diagnostics, ...extra].filter((d) => d.severity !== "note");
  const errors = shown.filter((d) => d.severity === "error").length;
  $("problem-count").textContent = shown.length === 0 ? "" : `${errors} error${errors === 1 ? "" : "s"}, ${shown.length - errors} warning${shown.length - errors === 1 ? "" : "s"}`;
  if (shown.length === 0) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "no problems: the description is valid GDL";
    list.append(li);
  }
  for (const d of shown) {
    const li = document.createElement("li");
    li.className = d.severity;
    li.dataset.line = String(d.pos.line);
    const where = d.pos.line > 0 ? `${d.pos.line}:${d.pos.col}` : "-";
    li.innerHTML = `<span class="where"></span> <span class="sev"></span> <span class="msg"></span>`;
    li.querySelector(".where")!.textContent = where;
    li.querySelector(".sev")!.textContent = `${d.severity}[${d.code}]`;
    li.querySelector(".msg")!.textContent = d.message;
    li.addEventListener("click", () => {
      if (d.pos.line <= 0) return;
      const at = offsetOf(editor.state.doc, d.pos.line, d.pos.col);
      editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      editor.focus();
    });
    list.append(li);
  }
}

select.addEventListener("change", () => {
  const text = examples.get(select.value);
  if (text !== undefined) setSource(text, select.value.split("/").pop()!);
});

async function openFile(file: File) {
  try {
    setSource(await file.text(), file.name);
  } catch (e) {
    setStatus(`cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}`, false);
  }
}
$<HTMLInputElement>("open-file").addEventListener("change", (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file) void openFile(file);
});
let dragDepth = 0;
document.addEventListener("dragenter", (e) => {
  e.preventDefault();
  dragDepth++;
  $("drop-hint").hidden = false;
});
document.addEventListener("dragleave", () => {
  if (--dragDepth <= 0) $("drop-hint").hidden = true;
});
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", (e) => {
  e.preventDefault();
  dragDepth = 0;
  $("drop-hint").hidden = true;
  const file = e.dataTransfer?.files[0];
  if (file) void openFile(file);
});

// ---------------------------------------------------------------- the pipeline worker

let worker: Worker;
let workerReady: Promise<void>;
let compiled: Promise<WebAssembly.Module> | undefined;
let running: { id: number; started: number; timer: number; resolve: (r: GroundReport) => void } | undefined;
let nextId = 1;
let lastReport: GroundReport | undefined;
let grounds = 0;
/** Crashes of the pipeline worker since it last said it was ready. */
let failuresBeforeReady = 0;

function startWorker() {
  worker = new Worker(new URL("./pipeline-worker.ts", import.meta.url), { type: "module", name: "gdl-ground pipeline" });
  worker.addEventListener("message", (event: MessageEvent<FromWorker>) => onWorkerMessage(event.data));
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    const message = event.message || "the pipeline worker stopped";
    if (++failuresBeforeReady >= 2) {
      // It does not even start (a missing file?): say so instead of restarting for ever.
      $("engine").textContent = `the page's worker cannot start: ${message}`;
      if (running) finishRun(undefined, `the page's worker cannot start: ${message}`);
      return;
    }
    restartWorker();
    const why = `the page's worker stopped (${message}); most likely the game needs more memory than the browser gives a worker`;
    if (running) finishRun(undefined, why);
    else {
      setStatus(`${why}; ground the game again to play it`, false);
      renderPlay(undefined, { file: fileName, status: "error", diagnostics: [], times: {}, totalSeconds: 0 });
    }
  });
  let ready!: () => void;
  workerReady = new Promise((resolve) => (ready = resolve));
  readyListeners.push(ready);
  $("engine").textContent = "starting clingo…";
  compiled ??= compiledBrowserClingo(clingoWasmUrl) as Promise<WebAssembly.Module>;
  compiled.then(
    (wasmModule) => post({ type: "init", wasmModule }),
    (e) => ($("engine").textContent = `clingo failed to load: ${e instanceof Error ? e.message : String(e)}`),
  );
}
const readyListeners: (() => void)[] = [];

function restartWorker() {
  worker.terminate();
  startWorker();
}

function post(message: ToWorker) {
  worker.postMessage(message);
}

function onWorkerMessage(message: FromWorker) {
  switch (message.type) {
    case "ready":
      failuresBeforeReady = 0;
      $("engine").textContent = "clingo-wasm ready";
      readyListeners.splice(0).forEach((f) => f());
      break;
    case "init-error":
      $("engine").textContent = `clingo failed to start: ${message.message}`;
      break;
    case "phase":
      if (running?.id === message.id) phase = message.phase;
      break;
    case "grounded":
      if (running?.id === message.id) finishRun(message.report, undefined, message.play);
      break;
    case "play":
      renderPlay(message.view);
      break;
    case "download":
      saveText(message.what, message.text);
      break;
    case "error":
      if (running) finishRun(undefined, message.message, undefined, /alloc|memory|invalid (string|array|typed array) length/i.test(message.message) ? "out-of-memory" : "error");
      else setStatus(message.message, false);
      break;
  }
}

// ---------------------------------------------------------------- grounding

let phase: Phase | "check" = "check";
const PHASE_TEXT: Record<Phase | "check", string> = {
  check: "parsing and checking",
  translate: "translating to ASP",
  ground: "grounding with clingo",
  extract: "reading the ground program",
  propnet: "building the propnet",
};

function setStatus(text: string, ok: boolean) {
  const status = $("ground-status");
  status.textContent = text;
  status.className = ok ? "ok" : "bad";
}

function groundNow(): Promise<GroundReport> {
  if (running) return Promise.reject(new Error("a grounding is running"));
  const id = nextId++;
  const options = {
    split: $<HTMLInputElement>("opt-split").checked,
    prune: $<HTMLInputElement>("opt-prune").checked,
    timeoutSeconds: Math.max(0.001, Number($<HTMLInputElement>("opt-timeout").value) || 60),
  };
  phase = "check";
  $("ground-report").replaceChildren();
  $("downloads").hidden = true;
  setStatus("", true);
  $<HTMLButtonElement>("ground").disabled = true;
  $<HTMLButtonElement>("cancel").disabled = false;
  $("progress").hidden = false;
  const started = performance.now();
  const tick = () => ($("progress-text").textContent = `${PHASE_TEXT[phase]}… ${((performance.now() - started) / 1000).toFixed(1)} s`);
  tick();
  return new Promise((resolve) => {
    running = { id, started, timer: window.setInterval(tick, 100), resolve };
    post({ type: "ground", id, text: editor.state.doc.toString(), file: fileName, options });
  });
}

function cancel() {
  if (!running) return;
  const id = running.id;
  post({ type: "cancel", id });
  // A worker busy outside clingo (reading a large ground program, building the propnet) cannot
  // read the message: stop it and start a fresh one.
  window.setTimeout(() => {
    if (running?.id !== id) return;
    restartWorker();
    finishRun(undefined, "cancelled (the worker was stopped and restarted)", undefined, "cancelled");
  }, 400);
}

function finishRun(report: GroundReport | undefined, failure?: string, play?: PlayView, status?: GroundReport["status"]) {
  const run = running;
  if (!run) return;
  running = undefined;
  window.clearInterval(run.timer);
  $("progress").hidden = true;
  $<HTMLButtonElement>("ground").disabled = false;
  $<HTMLButtonElement>("cancel").disabled = true;
  grounds++;
  const wall = (performance.now() - run.started) / 1000;
  report ??= { file: fileName, status: status ?? "error", diagnostics: lastDiagnostics, times: {}, totalSeconds: 0 };
  lastReport = report;
  document.body.dataset.grounds = String(grounds);
  showReport(report, failure, wall);
  renderPlay(play, report);
  run.resolve(report);
}

const STATUS_TEXT: Record<GroundReport["status"], string> = {
  ok: "grounded",
  invalid: "not grounded: the description is not valid GDL (see Problems)",
  timeout: "not grounded: out of time",
  "out-of-memory": "not grounded: out of memory",
  cancelled: "cancelled",
  error: "not grounded: error",
};

function showReport(report: GroundReport, failure: string | undefined, wall: number) {
  const extra = report.diagnostics.filter((d) => !lastDiagnostics.some((l) => l.message === d.message && l.pos.offset === d.pos.offset));
  showProblems(lastDiagnostics, extra);
  const problem = extra.find((d) => d.severity === "error");
  setStatus(`${STATUS_TEXT[report.status]}${failure ? `: ${failure}` : problem ? `: ${problem.message}` : ""}`, report.status === "ok");
  $("ground-status").dataset.status = report.status;
  const table = $("ground-report");
  const rows: [string, string, string?][] = [];
  const t = report.times;
  const phases = PHASES.filter((p) => t[p] !== undefined);
  if (phases.length > 0) {
    rows.push(["time (s)", `${phases.map((p) => `${p} ${t[p]!.toFixed(3)}`).join(", ")}; total ${report.totalSeconds.toFixed(3)}`, "times"]);
    rows.push(["wall clock (s)", wall.toFixed(3), "wall"]);
  }
  const n = (v: number | undefined) => (v === undefined ? "-" : String(v));
  if (report.gdlRules !== undefined) rows.push(["GDL rules", n(report.gdlRules), "gdl-rules"]);
  if (report.aspRules !== undefined) rows.push(["ASP rules", `${report.aspRules} (splits ${n(report.splits)}; relevance pruning: ${n(report.prunedRules)} removed, ${n(report.specializedRules)} specialized)`, "asp-rules"]);
  if (report.groundRules !== undefined)
    rows.push(["ground", `${report.groundRules} rules from clingo → ${n(report.groundClauses)} clauses over ${n(report.groundAtoms)} atoms`, "ground-rules"]);
  if (report.base !== undefined) rows.push(["base, input", `${report.base}, ${report.input}`, "base-input"]);
  const p = report.propnet;
  if (p) {
    rows.push(["components (paper's count)", String(p.paperComponents), "paper-components"]);
    rows.push(["components (ours, optimized)", String(p.optimizedComponents), "optimized-components"]);
    const props = p.propositions;
    rows.push(["propositions", `base ${props.base}, input ${props.input}, legal ${props.legal}, goal ${props.goal}, terminal ${props.terminal}, init ${props.init}, next ${props.next}, view ${props.view}`]);
    rows.push(["gates", `and ${p.ands}, or ${p.ors}, not ${p.nots}; transitions ${p.transitions}; constants ${p.constants}; links ${p.links}`]);
  }
  table.replaceChildren(
    ...rows.map(([name, value, key]) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = name;
      const td = document.createElement("td");
      td.textContent = value;
      if (key) td.dataset.testid = key;
      tr.append(th, td);
      return tr;
    }),
  );
  $("downloads").hidden = report.status !== "ok" && !report.aspRules;
  for (const button of $("downloads").querySelectorAll<HTMLButtonElement>("button")) {
    const what = button.dataset.download as DownloadKind;
    button.disabled = what === "asp" ? report.aspRules === undefined : what === "ground" ? report.status !== "ok" : !report.propnet;
  }
}

$("ground").addEventListener("click", () => void groundNow());
$("cancel").addEventListener("click", cancel);

function saveText(what: DownloadKind, text: string) {
  const base = fileName.replace(/\.[^.]*$/, "");
  const name = { ground: `${base}.ground.kif`, asp: `${base}.lp`, json: `${base}.propnet.json`, dot: `${base}.propnet.dot` }[what];
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
for (const button of $("downloads").querySelectorAll<HTMLButtonElement>("button"))
  button.addEventListener("click", () => post({ type: "download", what: button.dataset.download as DownloadKind }));

// ---------------------------------------------------------------- playing

let chosen: (number | undefined)[] = [];
let seed = 1;

function renderPlay(view: PlayView | undefined, report?: GroundReport) {
  const root = $("play");
  if (!view) {
    if (report) {
      const p = document.createElement("p");
      p.className = "muted";
      p.textContent = report.playError ? `This propnet cannot be played: ${report.playError}` : "Ground a game to play it on its propnet.";
      root.replaceChildren(p);
    }
    return;
  }
  chosen = view.legal.map((moves) => (moves.length === 1 ? moves[0].index : undefined));
  const parts: HTMLElement[] = [];
  const info = document.createElement("div");
  info.dataset.testid = "step";
  info.dataset.step = String(view.step);
  info.textContent = `step ${view.step}${view.terminal ? " — terminal" : ""}`;
  parts.push(info);
  const board = boardOf(view.state);
  if (board) parts.push(board);
  if (view.terminal) {
    const t = document.createElement("div");
    t.className = "terminal";
    t.dataset.testid = "terminal";
    t.textContent = `terminal; goals: ${view.roles.map((r, i) => `${r} ${view.goals?.[i] ?? "none"}`).join(", ")}`;
    parts.push(t);
  } else {
    const roles = document.createElement("div");
    roles.className = "roles";
    view.roles.forEach((role, r) => {
      const div = document.createElement("div");
      div.className = "role";
      div.dataset.role = role;
      const h = document.createElement("h3");
      h.textContent = `${role}${view.legal[r].length === 0 ? ": no legal move" : ""}`;
      const moves = document.createElement("div");
      moves.className = "moves";
      for (const { move, index } of view.legal[r]) {
        const b = document.createElement("button");
        b.textContent = move;
        b.dataset.move = move;
        if (chosen[r] === index) b.classList.add("chosen");
        b.addEventListener("click", () => {
          chosen[r] = index;
          moves.querySelectorAll("button").forEach((x) => x.classList.toggle("chosen", x === b));
          // The joint move is made once every role has chosen (roles with one legal move choose it).
          if (chosen.every((c) => c !== undefined)) post({ type: "play", action: { kind: "step", moves: chosen as number[] } });
        });
        moves.append(b);
      }
      div.append(h, moves);
      roles.append(div);
    });
    parts.push(roles);
  }
  const buttons = document.createElement("div");
  buttons.className = "play-buttons";
  const button = (label: string, id: string, enabled: boolean, action: () => void) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.dataset.testid = id;
    b.disabled = !enabled;
    b.addEventListener("click", action);
    buttons.append(b);
  };
  button("Random step", "random-step", !view.terminal, () => post({ type: "play", action: { kind: "random-step", seed: seed++ } }));
  button("Random playout", "playout", !view.terminal, () => post({ type: "play", action: { kind: "playout", seed: seed++ } }));
  button("Undo", "undo", view.step > 0, () => post({ type: "play", action: { kind: "undo" } }));
  button("Restart", "restart", view.step > 0, () => post({ type: "play", action: { kind: "restart" } }));
  parts.push(buttons);
  const state = document.createElement("div");
  state.className = "state";
  state.dataset.testid = "state";
  state.textContent = view.state.join("\n");
  parts.push(state);
  if (view.history.length > 0) {
    const h = document.createElement("div");
    h.className = "history";
    h.textContent = view.history.map((joint, i) => `${i + 1}. ${joint.join("  ")}`).join("\n");
    h.style.whiteSpace = "pre";
    parts.push(h);
  }
  root.replaceChildren(...parts);
}

/** A grid for states made of (cell ROW COL CONTENT)-like fluents with small numbers. */
function boardOf(state: readonly string[]): HTMLElement | undefined {
  const cells = new Map<string, string>();
  let relation: string | undefined;
  let rows = 0;
  let cols = 0;
  for (const fluent of state) {
    const m = /^\((\S+) (\d+) (\d+) ([^()\s]+)\)$/.exec(fluent);
    if (!m) continue;
    if (relation !== undefined && m[1] !== relation) continue;
    relation = m[1];
    const r = Number(m[2]);
    const c = Number(m[3]);
    if (r > 20 || c > 20) return undefined;
    rows = Math.max(rows, r);
    cols = Math.max(cols, c);
    const old = cells.get(`${r} ${c}`);
    cells.set(`${r} ${c}`, old ? `${old} ${m[4]}` : m[4]);
  }
  if (!relation || rows < 2 || cols < 2 || cells.size < 4) return undefined;
  const table = document.createElement("table");
  table.className = "board";
  for (let r = 1; r <= rows; r++) {
    const tr = table.insertRow();
    for (let c = 1; c <= cols; c++) {
      const td = tr.insertCell();
      const v = cells.get(`${r} ${c}`) ?? "";
      td.textContent = /^(b|blank|empty)$/.test(v) ? "" : v;
      td.title = `(${relation} ${r} ${c} ${v})`;
    }
  }
  return table;
}

// ---------------------------------------------------------------- start

startWorker();
const first = examples.has("valid/tictactoe.kif") ? "valid/tictactoe.kif" : [...examples.keys()][0];
select.value = first;
setSource(examples.get(first) ?? "", first.split("/").pop()!);

/** For tests and benchmarks: load text, ground it, read the last report. */
declare global {
  interface Window {
    gdlPlayground: {
      ready(): Promise<void>;
      setSource(text: string, name: string): void;
      ground(): Promise<GroundReport>;
      lastReport(): GroundReport | undefined;
    };
  }
}
window.gdlPlayground = {
  ready: () => workerReady,
  setSource,
  ground: groundNow,
  lastReport: () => lastReport,
};
