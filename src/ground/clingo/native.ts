/**
 * The optional native backend: a `gringo` or `clingo` executable from PATH, run as a child
 * process with the same options and the same outcome type as the wasm backend. Native
 * gringo is several times faster than clingo-wasm and has no 2 GiB memory ceiling.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { renameInput } from "./messages.js";
import type { GroundOptions, GroundOutcome } from "../asp-grounder.js";
import { checkExtraArgs, groundOnlyArgs, outcomeOfRun } from "./outcome.js";

export interface NativeGroundOptions extends GroundOptions {
  /** The executable to run (default: `findNativeGrounder()`). */
  readonly executable?: string;
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    try {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    } catch {
      // unreadable directory: skip it
    }
  }
  return undefined;
}

let finding: Promise<string | undefined> | undefined;

const CANDIDATES = ["gringo", "clingo"] as const;

function isVersion5(versionText: string | undefined): boolean {
  const m = /version (\d+)\./.exec(versionText ?? "");
  return m !== null && Number(m[1]) >= 5;
}

/**
 * The path of a gringo or clingo (version 5 or later) executable on PATH, gringo first, or
 * undefined. It does not block: asking an executable its version costs a process start, which
 * can then run while the game is parsed and translated. The answer is cached for the process.
 */
export function findNativeGrounder(): Promise<string | undefined> {
  finding ??= (async () => {
    for (const name of CANDIDATES) {
      const candidate = onPath(name);
      if (candidate === undefined) continue;
      const stdout = await new Promise<string | undefined>((resolve) =>
        execFile(candidate, ["--version"], { encoding: "utf8", timeout: 10_000 }, (_error, out) => resolve(out)),
      );
      if (isVersion5(stdout)) return candidate;
    }
    return undefined;
  })();
  return finding;
}

/**
 * The first gringo (else clingo) executable on PATH, found by name only: a file lookup, no
 * process start. Whether it is a clingo 5 shows when it grounds (an older one fails without
 * pointing into the program); `findNativeGrounder` asks it its version instead.
 */
export function nativeGrounderOnPath(): string | undefined {
  for (const name of CANDIDATES) {
    const candidate = onPath(name);
    if (candidate !== undefined) return candidate;
  }
  return undefined;
}

/** The command line of a grounding run of `executable` (the program comes on standard input). */
function groundingArgs(executable: string, extraArgs: readonly string[] | undefined): string[] {
  // gringo has no --mode option; clingo needs it to stop after grounding.
  const isGringo = path.basename(executable).startsWith("gringo");
  return [...groundOnlyArgs(extraArgs).filter((a) => !(isGringo && a.startsWith("--mode="))), "-"];
}

/**
 * A native gringo/clingo process started for one grounding, possibly ahead of its program
 * (`startNativeGrounder`): it waits on standard input, so its process start overlaps whatever
 * the caller does meanwhile (parsing, checking and translating the game). Until `ground` is
 * called it does not keep Node alive, and a process that is never given a program reads the end
 * of its input when Node exits (or `kill`), grounds nothing and exits.
 */
export class NativeGrounderProcess {
  readonly executable: string;
  readonly extraArgs: readonly string[];
  private readonly child: ChildProcess;
  private used = false;
  private readonly stdout: Buffer[] = [];
  private readonly stderr: Buffer[] = [];
  private onStdout: ((chunk: Buffer) => void) | undefined;
  private startError: Error | undefined;
  private readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(executable: string, extraArgs: readonly string[] = []) {
    this.executable = executable;
    this.extraArgs = extraArgs;
    this.child = spawn(executable, groundingArgs(executable, extraArgs), { stdio: ["pipe", "pipe", "pipe"] });
    // Listening from the start: a failed start ("error") or early output must not be lost or
    // thrown while nobody is grounding yet.
    this.child.on("error", (e) => (this.startError ??= e));
    this.child.stdout!.on("data", (chunk: Buffer) => (this.onStdout ? this.onStdout(chunk) : this.stdout.push(chunk)));
    this.child.stderr!.on("data", (chunk: Buffer) => this.stderr.push(chunk));
    this.child.stdin!.on("error", () => undefined); // the child may exit before reading everything
    this.closed = new Promise((resolve) => this.child.on("close", (code, signal) => resolve({ code, signal })));
    this.setKeepsAlive(false);
  }

  private setKeepsAlive(on: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as const) {
      const h = handle as unknown as { ref?: () => void; unref?: () => void } | null;
      if (on) h?.ref?.();
      else h?.unref?.();
    }
  }

  /** Whether `ground` can still be called. */
  get available(): boolean {
    return !this.used;
  }

  /** Ends a process that will not ground anything. */
  kill(): void {
    if (this.used) return;
    this.used = true;
    this.child.kill("SIGKILL");
  }

  /** Grounds `program` (once per process); the time limit counts from this call. */
  ground(program: string, options: GroundOptions): Promise<GroundOutcome> {
    if (this.used) return Promise.resolve({ status: "error", message: `${this.executable}: this process has already grounded a program` });
    this.used = true;
    const executable = this.executable;
    if (options.signal?.aborted) {
      this.child.kill("SIGKILL");
      return Promise.resolve({ status: "cancelled" });
    }
    this.setKeepsAlive(true);
    const started = performance.now();
    let timedOut = false;
    let cancelled = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.child.kill("SIGKILL");
    }, Math.max(0, options.timeoutMs));
    const onAbort = () => {
      cancelled = true;
      this.child.kill("SIGKILL");
    };
    options.signal?.addEventListener("abort", onAbort);
    let outputError: unknown;
    const onOutput = options.onOutput;
    if (onOutput) {
      const deliver = (chunk: Buffer): void => {
        if (outputError !== undefined) return;
        try {
          onOutput(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch (e) {
          outputError = e;
        }
      };
      this.stdout.splice(0).forEach(deliver);
      this.onStdout = deliver;
    }
    this.child.stdin!.end(program);
    return this.closed.then(({ code, signal }) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      const seconds = (performance.now() - started) / 1000;
      if (this.startError !== undefined) return { status: "error", message: `could not run ${executable}: ${this.startError.message}` };
      if (cancelled) return { status: "cancelled" };
      if (timedOut) return { status: "timeout", seconds };
      const stderr = Buffer.concat(this.stderr)
        .toString("utf8")
        .split("\n")
        .map((line) => renameInput(renameInput(line, "<stdin>"), "-"));
      if (code === null) {
        return {
          status: /SIGKILL|SIGSEGV|SIGABRT/.test(signal ?? "") && /bad_alloc|memory/i.test(stderr.join("\n")) ? "out-of-memory" : "error",
          message: `${executable} was stopped by ${signal}\n${stderr.join("\n")}`.trim(),
        };
      }
      if (outputError !== undefined) {
        return { status: "error", message: `reading the ground program failed: ${outputError instanceof Error ? outputError.message : String(outputError)}` };
      }
      let stdout: string;
      try {
        stdout = code === 0 && !onOutput ? Buffer.concat(this.stdout).toString("utf8") : "";
      } catch (e) {
        return { status: "out-of-memory", message: `the ground program is too large: ${String(e)}` };
      }
      return outcomeOfRun({ exitStatus: code, stdout, stderr, seconds }, program);
    });
  }
}

/** Starts a native grounding process ahead of its program (see NativeGrounderProcess). */
export function startNativeGrounder(executable: string, extraArgs?: readonly string[]): NativeGrounderProcess {
  return new NativeGrounderProcess(executable, extraArgs);
}

/**
 * Ground `program` with a native gringo/clingo; the ASP text goes to its standard input.
 * `started`: a process started ahead for this grounding (used when it was started with the same
 * executable and extra arguments and has not grounded yet; else a new process is started).
 */
export function groundAspNative(program: string, options: NativeGroundOptions & { readonly started?: NativeGrounderProcess }): Promise<GroundOutcome> {
  const badArgs = checkExtraArgs(options.extraArgs);
  if (badArgs !== undefined) return Promise.resolve({ status: "error", message: badArgs });
  const executable = options.executable;
  if (executable === undefined) {
    return findNativeGrounder().then((found) =>
      found === undefined ? { status: "error", message: "no gringo or clingo executable found on PATH" } : groundAspNative(program, { ...options, executable: found }),
    );
  }
  if (options.signal?.aborted) return Promise.resolve({ status: "cancelled" });
  const { started } = options;
  const fits = started !== undefined && started.available && started.executable === executable && started.extraArgs.join(" ") === (options.extraArgs ?? []).join(" ");
  const process = fits ? started : new NativeGrounderProcess(executable, options.extraArgs);
  return process.ground(program, options);
}
