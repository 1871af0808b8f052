/**
 * The playground page: the editor on the language server (editor.ts: `check`'s diagnostics,
 * hover, definition, rename, format, completion, from the server in a worker), a pipeline worker
 * (pipeline-worker.ts) that grounds, builds the propnet, infers the boards and plays, the
 * report, the output tabs (output-panel.ts) and the Play panel (play-panel.ts). A grounding's
 * instance counts go to the language server for its hovers. The text, its name and the switches
 * are kept in localStorage and shared as a link (keep.ts; the link compressed in a worker,
 * share-worker.ts). The workers use the library's browser entry (src/browser/index.ts); this
 * main thread imports only the few modules it runs (no reader, no checker: the language
 * server's worker checks the text).
 */
import type { EditorView } from "@codemirror/view";
import clingoWasmUrl from "clingo-wasm-dist/clingo.wasm?url";
import { compiledBrowserClingo } from "../src/browser/web-worker-host.js";
import type { GroundInstanceCounts } from "../src/lsp/ground-counts.js";
import { PHASES } from "../src/phases.js";
import { formatMagnitude } from "../src/text.js";
import type { TranslateScope } from "../src/browser/index.js";
import type { Board } from "../src/report/board.js";
import { GdlEditor } from "./editor.js";
import { BEFORE_LINK_KEY, exampleFragment, keep, loadKept, MAX_LINK_LENGTH, readFragment, shareNote, type Workspace } from "./keep.js";
import { OutputPanel } from "./output-panel.js";
import { progressText } from "./progress-text.js";
import { renderNoPlay, renderPlay, type PanelState } from "./play-panel.js";
import type { ShareReply } from "./share-worker.js";
import type { FromWorker, GroundReport, OutputKind, Phase, PlayAction, PlayView, ToWorker } from "./protocol.js";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
/** The Play panel's state between renders (play-panel.ts); its chance switch is kept with the workspace. */
const panel: PanelState = { chosen: [], filter: "", viewAs: "", autoChance: false };

// ---------------------------------------------------------------- examples

const examples = new Map<string, string>();
const valid = import.meta.glob("../corpus/valid/*.kif", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const invalid = import.meta.glob("../corpus/invalid/*.kif", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const select = $<HTMLSelectElement>("examples");
select.append(new Option("(choose an example)", ""));
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
/** An example by the name a link gives: `tictactoe`, `tictactoe.kif` or `valid/tictactoe.kif`. */
function exampleKey(name: string): string | undefined {
  const wanted = name.replace(/\.(kif|gdl)$/, "");
  return [...examples.keys()].find((k) => k === name || k.split("/").pop()!.replace(/\.(kif|gdl)$/, "") === wanted);
}

// ---------------------------------------------------------------- the text, its name, keeping it

let fileName = "untitled.kif";
let example: string | undefined;

const editor = new GdlEditor({
  parent: $("editor"),
  problems: $("problems"),
  problemCount: $("problem-count"),
  formatStatus: $("format-status"),
  fileName: () => fileName,
  onRun: () => void groundNow().catch(() => undefined),
  onReplaced: () => setName("untitled.kif", undefined),
  onChange: () => {
    if (example !== undefined && editor.text !== examples.get(example)) example = undefined;
    if (select.value !== (example ?? "")) select.value = example ?? "";
    scheduleKeep();
  },
});

function setName(name: string, exampleKey: string | undefined) {
  fileName = name;
  example = exampleKey;
  $("file-name").textContent = name;
  $("file-name").title = name; // two lines at most are shown
  select.value = exampleKey ?? "";
}

function setSource(text: string, name: string, exampleKey?: string) {
  setName(name, exampleKey);
  editor.setText(text);
  scheduleKeep();
}

const switches = {
  split: $<HTMLInputElement>("opt-split"),
  prune: $<HTMLInputElement>("opt-prune"),
  timeout: $<HTMLInputElement>("opt-timeout"),
};
const timeoutSeconds = () => Math.max(0.001, Number(switches.timeout.value) || 60);

function workspace(): Workspace {
  return {
    text: editor.text,
    name: fileName,
    example,
    split: switches.split.checked,
    prune: switches.prune.checked,
    timeoutSeconds: timeoutSeconds(),
    autoChance: panel.autoChance,
  };
}

function applyWorkspace(w: Workspace) {
  switches.split.checked = w.split;
  switches.prune.checked = w.prune;
  switches.timeout.value = String(w.timeoutSeconds);
  panel.autoChance = w.autoChance;
  const key = w.example !== undefined && examples.get(w.example) === w.text ? w.example : undefined;
  setSource(w.text, w.name, key);
}

let keepTimer = 0;
function scheduleKeep() {
  window.clearTimeout(keepTimer);
  keepTimer = window.setTimeout(() => {
    const refused = "not kept: the browser's storage refused it (full, or switched off)";
    if (!keep(safeStorage(), workspace())) $("kept").textContent = refused;
    else if ($("kept").textContent === refused) $("kept").textContent = "";
  }, 400);
}
for (const input of Object.values(switches)) input.addEventListener("change", scheduleKeep);
// nothing is kept before the page has shown what it opened (a failed start must not keep an empty editor)
let started = false;
window.addEventListener("pagehide", () => {
  if (started) keep(safeStorage(), workspace());
});

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

select.addEventListener("change", () => {
  const text = examples.get(select.value);
  if (text !== undefined) setSource(text, select.value.split("/").pop()!, select.value);
});

async function openFile(file: File) {
  try {
    setSource(await file.text(), file.name);
  } catch (e) {
    setStatus(`cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}`, false);
  }
}
const fileInput = $<HTMLInputElement>("open-file");
$("open-button").addEventListener("click", () => fileInput.click());
fileInput.addEventListener("change", () => {
  const file = fileInput.files?.[0];
  if (file) void openFile(file);
  fileInput.value = "";
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

// ---------------------------------------------------------------- share

let shareWorker: Worker | undefined;
/** `w`'s `#code=…` fragment, compressed in the share worker (share-worker.ts), started on first use and kept. */
function shareFragmentOffThread(w: Workspace): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = (shareWorker ??= new Worker(new URL("./share-worker.ts", import.meta.url), { type: "module", name: "gdl-ground share" }));
    const settle = () => {
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
    };
    const onMessage = (event: MessageEvent<ShareReply>) => {
      settle();
      if ("fragment" in event.data) resolve(event.data.fragment);
      else reject(new Error(event.data.error));
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      settle();
      // a worker that died (out of memory) or did not start: the next Share starts a fresh one
      worker.terminate();
      if (shareWorker === worker) shareWorker = undefined;
      reject(new Error(event.message || "the share worker stopped"));
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.postMessage(w);
  });
}

const shareButton = $<HTMLButtonElement>("share");
/** A link is being made: Share says so, and another press does nothing (it is not made twice). */
let sharing = false;
let shares = 0;
shareButton.addEventListener("click", async () => {
  if (sharing) return;
  const w = workspace();
  const defaults = w.split && w.prune && w.timeoutSeconds === 60 && !w.autoChance;
  const out = $<HTMLInputElement>("share-link");
  let fragment: string;
  if (w.example && defaults) fragment = exampleFragment(w.example);
  else {
    sharing = true;
    // stays enabled (a disabled button would drop the focus to the page), as Ground does
    shareButton.setAttribute("aria-disabled", "true");
    shareButton.setAttribute("aria-busy", "true");
    shareButton.textContent = "Sharing…";
    $("share-box").hidden = true; // the last link is not this text's
    out.value = "";
    $("share-note").textContent = "";
    try {
      fragment = await shareFragmentOffThread(w);
    } catch (e) {
      $("share-note").textContent = `cannot make the link: ${e instanceof Error ? e.message : String(e)}`;
      $("share-box").hidden = false;
      return;
    } finally {
      sharing = false;
      shareButton.removeAttribute("aria-disabled");
      shareButton.removeAttribute("aria-busy");
      shareButton.textContent = "Share";
    }
  }
  const link = `${location.origin}${location.pathname}${fragment}`;
  // a link no browser opens stays out of the box: laying out its millions of characters there
  // stopped the page for 2-4 s (3.4 M); it goes to the clipboard, and the note says it is too long
  const openable = link.length <= MAX_LINK_LENGTH;
  out.value = openable ? link : "";
  out.hidden = !openable;
  $("share-box").hidden = false;
  document.body.dataset.shares = String(++shares);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    copied = false; // not a secure context, or no permission: the link is in the box to copy (if a browser can open it)
  }
  $("share-note").textContent = shareNote(link.length, copied);
  if (openable) {
    out.focus();
    out.select();
  }
});
$("share-close").addEventListener("click", () => {
  $("share-box").hidden = true;
  $("share").focus();
});

// ---------------------------------------------------------------- the pipeline worker

let worker: Worker;
let workerReady: Promise<void>;
let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * The grounding under way: `text` and `file` as they were when it started (the report is theirs),
 * `version` that text as the language server numbers it.
 */
let running:
  | { id: number; version: number | undefined; text: string; file: string; started: number; timer: number; focus: Element | null; resolve: (r: GroundReport) => void }
  | undefined;
let nextId = 1;
let lastReport: GroundReport | undefined;
let grounds = 0;
/** Crashes of the pipeline worker since it last said it was ready. */
let failuresBeforeReady = 0;
const readyListeners: (() => void)[] = [];

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
      renderNoPlay($("play"), "Ground a game to play it on its propnet.");
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
      playPending = false;
      $("engine").textContent = "clingo-wasm ready";
      readyListeners.splice(0).forEach((f) => f());
      break;
    case "init-error":
      $("engine").textContent = `clingo failed to start: ${message.message}`;
      break;
    case "phase":
      if (running?.id === message.id) {
        phase = message.phase;
        phaseScope = message.scope;
      }
      break;
    case "grounded":
      if (running?.id !== message.id) break;
      groundCountsToEditor(running.version, message.report, message.counts);
      finishRun(message.report, undefined, message.play, undefined, message.boards);
      break;
    case "play":
      showPlay(message.view);
      break;
    case "output":
      output.show(message.what, message.bytes, message.lineStarts);
      break;
    case "output-error":
      output.failed(message.what, message.message);
      break;
    case "play-error":
    case "play-note": {
      playPending = false;
      // in the Play panel, not the Ground status (a play action says nothing about the grounding);
      // a note (a playout stopped at its step limit) is not an error, and is not shown as one
      const note = document.createElement("p");
      note.className = message.type;
      note.dataset.testid = message.type;
      note.textContent = message.message;
      $("play").prepend(note);
      break;
    }
    case "error":
      if (running && (message.id === undefined || message.id === running.id)) finishRun(undefined, message.message, undefined, /alloc|memory|invalid (string|array|typed array) length/i.test(message.message) ? "out-of-memory" : "error");
      else setStatus(message.message, false);
      break;
  }
}

// ---------------------------------------------------------------- grounding

let phase: Phase | "check" = "check";
let phaseScope: TranslateScope = "game";

/** `ok` green, `bad` red, or `partial`: a game that did not ground but is played on the prover. */
function setStatus(text: string, ok: boolean | "partial") {
  const status = $("ground-status");
  status.textContent = text;
  status.className = ok === "partial" ? "partial" : ok ? "ok" : "bad";
}

function groundNow(): Promise<GroundReport> {
  if (running) return Promise.reject(new Error("a grounding is running"));
  // empty is the default (60 s); 0, a negative number or what is not a number is said, not read as 60 s
  const limit = switches.timeout.value.trim();
  if (limit !== "" && !(Number(limit) > 0)) {
    const why = `the time limit must be a number of seconds above 0 (it reads "${limit}")`;
    setStatus(why, false);
    return Promise.reject(new Error(why));
  }
  const id = nextId++;
  const options = { split: switches.split.checked, prune: switches.prune.checked, timeoutSeconds: timeoutSeconds() };
  phase = "check";
  phaseScope = "game";
  $("ground-report").replaceChildren();
  setStatus("", true);
  const focus = document.activeElement;
  // Ground stays enabled (a disabled button would drop the focus to the page); a second press while running does nothing
  $<HTMLButtonElement>("ground").setAttribute("aria-disabled", "true");
  $<HTMLButtonElement>("cancel").disabled = false;
  $("progress").hidden = false;
  const started = performance.now();
  const tick = () => ($("progress-text").textContent = progressText(phase, phaseScope, (performance.now() - started) / 1000));
  tick();
  return new Promise((resolve) => {
    running = { id, version: editor.syncedVersion(), text: editor.text, file: fileName, started, timer: window.setInterval(tick, 100), focus, resolve };
    post({ type: "ground", id, text: editor.text, file: fileName, options });
  });
}

/** The hover's ground instance counts: a grounding's, or why there are none (out of time, ...). */
function groundCountsToEditor(version: number | undefined, report: GroundReport, counts: GroundInstanceCounts | undefined) {
  if (version === undefined || report.status === "invalid" || report.status === "cancelled") return;
  const seconds = report.totalSeconds - (report.times.propnet ?? 0);
  if (counts) editor.groundCounts(version, { status: report.status, seconds, ...counts });
  else if (report.status !== "ok") editor.groundCounts(version, { status: report.status, seconds, relations: new Map(), fluents: new Map(), actions: new Map() });
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

let boards: readonly Board[] = [];

function finishRun(report: GroundReport | undefined, failure?: string, play?: PlayView, status?: GroundReport["status"], found: readonly Board[] = []) {
  const run = running;
  if (!run) return;
  running = undefined;
  window.clearInterval(run.timer);
  $("progress").hidden = true;
  $("ground").removeAttribute("aria-disabled");
  const cancelButton = $<HTMLButtonElement>("cancel");
  const cancelHadFocus = document.activeElement === cancelButton;
  cancelButton.disabled = true;
  grounds++;
  const wall = (performance.now() - run.started) / 1000;
  report ??= { file: fileName, status: status ?? "error", diagnostics: editor.diagnostics, times: {}, totalSeconds: 0 };
  lastReport = report;
  boards = found;
  document.body.dataset.grounds = String(grounds);
  showReport(report, failure, wall, editor.text === run.text ? undefined : run.file);
  output.reset(report.propnet?.optimizedComponents, report.aspRules !== undefined);
  lastAction = undefined;
  if (play) showPlay(play);
  else renderNoPlay($("play"), report.playError ? `This propnet cannot be played: ${report.playError}` : "Ground a game to play it on its propnet.");
  // the focus stays where the user was (the editor, the Ground button), or comes back to Ground from Cancel
  const back = cancelHadFocus ? $("ground") : run.focus instanceof HTMLElement && run.focus.isConnected ? run.focus : undefined;
  if (back && (document.activeElement === document.body || document.activeElement === null || cancelHadFocus)) back.focus();
  run.resolve(report);
}

const STATUS_TEXT: Record<GroundReport["status"], string> = {
  ok: "grounded",
  partial: "did not ground within the time limit: played on the prover; the propnet shown is P^base's",
  invalid: "not grounded: the description is not valid GDL (see Problems)",
  timeout: "not grounded: out of time",
  "too-large": "not grounded: stopped at the limit of ground rules",
  "out-of-memory": "not grounded: out of memory",
  cancelled: "cancelled",
  error: "not grounded: error",
};

/** `changedFrom`: the text changed while it was ground (the name it had then): the report is said to be of that text, and its diagnostics stay out of Problems (their positions are the old text's). */
function showReport(report: GroundReport, failure: string | undefined, wall: number, changedFrom?: string) {
  editor.showGroundDiagnostics(changedFrom === undefined ? report.diagnostics : []);
  const problem = report.diagnostics.find((d) => d.severity === "error" && !editor.diagnostics.includes(d));
  const lifted = report.partial?.lifted?.map((r) => r.relation).join(", ");
  const by = report.partial?.stoppedBy;
  const within = !report.partial
    ? ""
    : by?.limit === "ground-rules"
      ? `did not ground within ${formatMagnitude(by.groundRules)} ground rules`
      : by?.limit === "memory"
        ? "did not ground (out of memory)"
        : `did not ground within ${report.partial.timeoutSeconds} s`;
  const said = !report.partial
    ? STATUS_TEXT[report.status]
    : lifted
      ? `${within}: played on a hybrid propnet, ${lifted} asked of the prover per state`
      : `${within}: played on the prover; the propnet shown is P^base's`;
  const of = changedFrom === undefined ? "" : ` (${changedFrom} as it was when Ground was pressed: the text has changed since)`;
  setStatus(`${said}${failure ? `: ${failure}` : problem ? `: ${problem.message}` : ""}${of}`, report.status === "partial" ? "partial" : report.status === "ok");
  $("ground-status").dataset.status = report.status;
  const rows: [string, string, string?][] = [];
  if (report.partial?.lifted) rows.push(["played on", `a hybrid propnet: the rest of the game ground, ${report.partial.lifted.map((r) => `${r.relation} (${r.atoms} atoms)`).join(", ")} lifted (evaluated by the prover per state): ${report.partial.reason}`, "partial"]);
  else if (report.partial) {
    const below = report.partial.below;
    const ground = below ? `, ${below.exported.join(", ")} ground below it (${below.atoms} atoms that can hold, a propnet of ${below.components} components propagated per state)` : "";
    rows.push(["played on", `the prover (GDL rules evaluated per state), over P^base${ground}: ${report.partial.reason}`, "partial"]);
  }
  const t = report.times;
  const phases = PHASES.filter((p) => t[p] !== undefined);
  if (phases.length > 0) {
    rows.push(["time (s)", `${phases.map((p) => `${p} ${t[p]!.toFixed(3)}`).join(", ")}; total ${report.totalSeconds.toFixed(3)}`, "times"]);
    rows.push(["wall clock (s)", wall.toFixed(3), "wall"]);
  }
  const n = (v: number | undefined) => (v === undefined ? "-" : String(v));
  if (report.dialect === "gdl2") rows.push(["dialect", "GDL-II (random, sees): Play shows each role's percepts, chance and view as a role", "dialect"]);
  if (report.gdlRules !== undefined) rows.push(["GDL rules", n(report.gdlRules), "gdl-rules"]);
  if (report.aspRules !== undefined) rows.push(["ASP rules", `${report.aspRules} (splits ${n(report.splits)}; relevance pruning: ${n(report.prunedRules)} removed, ${n(report.specializedRules)} specialized)`, "asp-rules"]);
  if (report.groundRules !== undefined) rows.push(["ground", `${report.groundRules} rules from clingo → ${n(report.groundClauses)} clauses over ${n(report.groundAtoms)} atoms`, "ground-rules"]);
  if (report.base !== undefined) rows.push(["base, input", `${report.base}, ${report.input}`, "base-input"]);
  const p = report.propnet;
  if (p) {
    rows.push(["components (paper's count)", String(p.paperComponents), "paper-components"]);
    rows.push(["components (ours, optimized)", String(p.optimizedComponents), "optimized-components"]);
    const props = p.propositions;
    const sees = report.dialect === "gdl2" ? `, sees ${props.sees}` : "";
    rows.push(["propositions", `base ${props.base}, input ${props.input}, legal ${props.legal}, goal ${props.goal}, terminal ${props.terminal}, init ${props.init}, next ${props.next}, view ${props.view}${sees}`, "propositions"]);
    rows.push(["gates", `and ${p.ands}, or ${p.ors}, not ${p.nots}; transitions ${p.transitions}; constants ${p.constants}; links ${p.links}`]);
  }
  if (report.status === "ok" || report.status === "partial") rows.push(["boards", boards.length === 0 ? "none found: the state is shown as a list" : boards.map((b) => `${b.relation} ${b.columns.reduce((k, a) => k * a.values.length, 1)} × ${b.rows.reduce((k, a) => k * a.values.length, 1)}${b.shape === "hex" ? " hex" : ""}`).join(", "), "boards"]);
  $("ground-report").replaceChildren(
    ...rows.map(([name, value, key]) => {
      const line = document.createElement("div");
      const dt = document.createElement("dt");
      dt.textContent = name;
      const dd = document.createElement("dd");
      dd.textContent = value;
      if (key) dd.dataset.testid = key;
      line.append(dt, dd);
      return line;
    }),
  );
  $("output-panel").hidden = report.aspRules === undefined;
}

$("ground").addEventListener("click", () => void groundNow().catch(() => undefined));
$("format").addEventListener("click", () => void editor.format());
$("cancel").addEventListener("click", cancel);
document.addEventListener("keydown", (e) => {
  // Ctrl-Enter (⌘-Enter) grounds from anywhere on the page; the editor has its own binding
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !e.defaultPrevented && !editor.view.hasFocus) {
    e.preventDefault();
    void groundNow().catch(() => undefined);
  }
});

const DOWNLOAD_NAMES: Record<OutputKind, (stem: string) => string> = {
  ground: (s) => `${s}.ground.kif`,
  asp: (s) => `${s}.lp`,
  json: (s) => `${s}.propnet.json`,
  dot: (s) => `${s}.propnet.dot`,
};

function saveBytes(what: OutputKind, bytes: Uint8Array) {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = DOWNLOAD_NAMES[what](fileName.replace(/\.[^.]*$/, ""));
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const output = new OutputPanel($("output"), { request: (what) => post({ type: "output", what }), save: saveBytes });
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-download]")) button.addEventListener("click", () => output.download(button.dataset.download as OutputKind));
$("output-panel").addEventListener("toggle", () => {
  if (($("output-panel") as HTMLDetailsElement).open) output.refresh();
});

// ---------------------------------------------------------------- playing

let seed = 1;
/** The last view shown, and the last play action sent (chance moving by itself waits after an Undo). */
let shownView: PlayView | undefined;
let lastAction: PlayAction["kind"] | undefined;

/** A play action is on its way: more clicks wait for its view (a double click played the move twice, or against a stale view). */
let playPending = false;

function showPlay(view: PlayView) {
  shownView = view;
  playPending = false;
  renderPlay(
    $("play"),
    view,
    {
      boards,
      caseSensitive: false,
      play: (action) => {
        if (playPending) return;
        playPending = true;
        lastAction = action.kind;
        post({ type: "play", action });
      },
      seed: () => seed++,
      settingsChanged: () => {
        scheduleKeep();
        if (shownView) showPlay(shownView);
      },
      autoStep: lastAction !== "undo",
    },
    panel,
  );
}

// ---------------------------------------------------------------- start

startWorker();
function openFromLocation(): boolean {
  const fragment = readFragment(location.hash);
  if (fragment.kind === "none") return false;
  // the link has done its work: a reload now restores what is kept, edits included
  history.replaceState(null, "", location.pathname + location.search);
  if (fragment.kind === "code") {
    keepBeforeLink(fragment.workspace.text);
    applyWorkspace(fragment.workspace);
  } else if (fragment.kind === "example" && exampleKey(fragment.name)) {
    const key = exampleKey(fragment.name)!;
    keepBeforeLink(examples.get(key)!);
    setSource(examples.get(key)!, key.split("/").pop()!, key);
  } else {
    setStatus(fragment.kind === "bad" ? `cannot open the link: ${fragment.why}` : `no example named ${fragment.name}`, false);
    return false;
  }
  return true;
}
/**
 * Before a link replaces the text: the work kept so far (this page's, or the last visit's when the
 * page opens with the link) goes under BEFORE_LINK_KEY, and the line beside Share offers it back.
 */
function keepBeforeLink(linkText: string) {
  const storage = safeStorage();
  const before = started ? workspace() : loadKept(storage);
  if (!before || before.text === linkText || before.text.trim() === "") return;
  if (!keep(storage, before, BEFORE_LINK_KEY)) return;
  const restore = document.createElement("button");
  restore.type = "button";
  restore.textContent = "restore it";
  restore.dataset.testid = "restore-before-link";
  restore.addEventListener("click", () => {
    const kept = loadKept(safeStorage(), BEFORE_LINK_KEY);
    if (kept) applyWorkspace(kept);
    $("kept").replaceChildren();
  });
  $("kept").replaceChildren(`the link replaced your text (${before.name}), which is kept apart: `, restore);
}

if (!openFromLocation()) {
  const kept = loadKept(safeStorage());
  if (kept) applyWorkspace(kept);
  else {
    const first = examples.has("valid/tictactoe.kif") ? "valid/tictactoe.kif" : [...examples.keys()][0];
    setSource(examples.get(first) ?? "", first.split("/").pop()!, first);
  }
}
started = true;
window.addEventListener("hashchange", () => void openFromLocation());

/** For tests and benchmarks: load text, ground it, read the last report. */
declare global {
  interface Window {
    gdlPlayground: {
      ready(): Promise<void>;
      setSource(text: string, name: string): void;
      ground(): Promise<GroundReport>;
      lastReport(): GroundReport | undefined;
      showOutput(kind: OutputKind, text: string): void;
      /** The editor's view (the cursor, coordinates of positions). */
      view: EditorView;
    };
  }
}
window.gdlPlayground = {
  ready: () => workerReady,
  setSource: (text, name) => setSource(text, name),
  ground: groundNow,
  lastReport: () => lastReport,
  view: editor.view,
  showOutput: (kind, text) => {
    const bytes = new TextEncoder().encode(text);
    const starts = [0];
    for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) starts.push(i + 1);
    ($("output-panel") as HTMLDetailsElement).open = true;
    output.show(kind, bytes, Uint32Array.from(starts));
    output.select(kind, false);
  },
};
