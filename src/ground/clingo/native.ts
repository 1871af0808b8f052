/**
 * The optional native backend: a `gringo` or `clingo` executable from PATH, run as a child
 * process with the same options and the same outcome type as the wasm backend. Native
 * gringo is several times faster than clingo-wasm and has no 2 GiB memory ceiling.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { renameInput } from "./messages.js";
import { GROUND_ONLY_ARGS, checkExtraArgs, outcomeOfRun, type GroundOptions, type GroundOutcome } from "./outcome.js";

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

/** Ground `program` with a native gringo/clingo; the ASP text goes to its standard input. */
export function groundAspNative(program: string, options: NativeGroundOptions): Promise<GroundOutcome> {
  const badArgs = checkExtraArgs(options.extraArgs);
  if (badArgs !== undefined) return Promise.resolve({ status: "error", message: badArgs });
  const executable = options.executable;
  if (executable === undefined) {
    return findNativeGrounder().then((found) =>
      found === undefined ? { status: "error", message: "no gringo or clingo executable found on PATH" } : groundAspNative(program, { ...options, executable: found }),
    );
  }
  // gringo has no --mode option; clingo needs it to stop after grounding.
  const isGringo = path.basename(executable).startsWith("gringo");
  const args = [
    ...GROUND_ONLY_ARGS.filter((a) => !(isGringo && a.startsWith("--mode="))),
    ...(options.extraArgs ?? []),
    "-",
  ];
  if (options.signal?.aborted) return Promise.resolve({ status: "cancelled" });
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(executable, args, { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let settled = false;
    const finish = (outcome: GroundOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    let cancelled = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, Math.max(0, options.timeoutMs));
    const onAbort = () => {
      cancelled = true;
      child.kill("SIGKILL");
    };
    options.signal?.addEventListener("abort", onAbort);
    let outputError: unknown;
    const onOutput = options.onOutput;
    child.stdout.on("data", (chunk: Buffer) => {
      if (!onOutput) return void out.push(chunk);
      if (outputError !== undefined) return;
      try {
        onOutput(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      } catch (e) {
        outputError = e;
      }
    });
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (e) => finish({ status: "error", message: `could not run ${executable}: ${e.message}` }));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (cancelled) return finish({ status: "cancelled" });
      if (timedOut) return finish({ status: "timeout", seconds });
      const stderr = Buffer.concat(err)
        .toString("utf8")
        .split("\n")
        .map((line) => renameInput(renameInput(line, "<stdin>"), "-"));
      if (code === null) {
        return finish({
          status: /SIGKILL|SIGSEGV|SIGABRT/.test(signal ?? "") && /bad_alloc|memory/i.test(stderr.join("\n"))
            ? "out-of-memory"
            : "error",
          message: `${executable} was stopped by ${signal}\n${stderr.join("\n")}`.trim(),
        });
      }
      if (outputError !== undefined) {
        return finish({ status: "error", message: `reading the ground program failed: ${outputError instanceof Error ? outputError.message : String(outputError)}` });
      }
      let stdout: string;
      try {
        stdout = code === 0 && !onOutput ? Buffer.concat(out).toString("utf8") : "";
      } catch (e) {
        return finish({ status: "out-of-memory", message: `the ground program is too large: ${String(e)}` });
      }
      finish(outcomeOfRun({ exitStatus: code, stdout, stderr, seconds }, program));
    });
    child.stdin.on("error", () => undefined); // the child may exit before reading everything
    child.stdin.end(program);
  });
}
