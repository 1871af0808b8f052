/**
 * One long-lived child process that serves requests one at a time, for batch work over many
 * games (the corpus runner, the verifier). The child keeps its warm state (a compiled clingo
 * module) between requests; a request that runs over its time is ended by killing the child,
 * and the next request starts a fresh one. A child that dies (a JavaScript heap out of memory,
 * say) is reported, never thrown.
 *
 * Protocol: the child sends `{type: "ready"}` (or `{type: "failed", message}`) once started, then
 * answers each request with messages; the caller's `isFinal` tells which message ends a request.
 */
import { fork, type ChildProcess } from "node:child_process";
import { MAX_TIMER_MS } from "./deadline.js";

export type ChildOutcome<Reply> =
  | { readonly kind: "reply"; readonly reply: Reply }
  | { readonly kind: "timeout" }
  /** `message` is one line (what the crash says first); `stderr` is what the child wrote last (a crash dump), for a log. */
  | { readonly kind: "died"; readonly outOfMemory: boolean; readonly message: string; readonly stderr: string }
  | { readonly kind: "start-failed"; readonly message: string; readonly stderr: string };

/** What a child keeps of its stderr: enough for V8's crash dump with its stack. */
const STDERR_KEPT = 64 * 1024;

interface StartupReply {
  readonly type: string;
  readonly message?: string;
}

export class ChildWorker<Request, Reply extends StartupReply> {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private stderrTail = "";
  private onMessage: ((reply: Reply) => void) | undefined;
  private onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;

  constructor(
    private readonly script: string,
    private readonly args: readonly string[],
    /** Heap limit of the child (`--max-old-space-size`), MiB. */
    readonly memoryMb: number,
    /** More options of Node for the child. */
    private readonly nodeOptions: readonly string[] = [],
  ) {}

  private start(): Promise<void> {
    const child = fork(this.script, [...this.args], {
      execArgv: [`--max-old-space-size=${this.memoryMb}`, ...this.nodeOptions],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child = child;
    this.stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_KEPT);
    });
    child.on("message", (reply: Reply) => this.onMessage?.(reply));
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.onExit?.(code, signal);
    });
    return new Promise<void>((resolve, reject) => {
      this.onMessage = (reply) =>
        reply.type === "ready" ? resolve() : reject(new Error(reply.type === "failed" ? (reply.message ?? "failed") : "unexpected reply"));
      this.onExit = (code, signal) => reject(new Error(`the child process exited (${signal ?? code}) before it was ready: ${crashLine(this.stderrTail)}`));
    });
  }

  /**
   * Sends one request and waits for its final message, at most `timeoutMs`. Messages before it
   * (progress) go to `onProgress`.
   */
  async request(
    request: Request,
    timeoutMs: number,
    isFinal: (reply: Reply) => boolean,
    onProgress: (reply: Reply) => void = () => undefined,
  ): Promise<ChildOutcome<Reply>> {
    if (!this.child || !this.ready) this.ready = this.start();
    try {
      await this.ready;
    } catch (error) {
      const stderr = this.stderrTail;
      this.kill();
      return { kind: "start-failed", message: (error as Error).message, stderr };
    }
    const child = this.child!;
    return new Promise<ChildOutcome<Reply>>((resolve) => {
      const finish = (outcome: ChildOutcome<Reply>) => {
        clearTimeout(timer);
        this.onMessage = undefined;
        this.onExit = undefined;
        resolve(outcome);
      };
      // a longer delay than a timer keeps would fire at once
      const timer = setTimeout(() => {
        this.kill();
        finish({ kind: "timeout" });
      }, Math.min(timeoutMs, MAX_TIMER_MS));
      this.onMessage = (reply) => (isFinal(reply) ? finish({ kind: "reply", reply }) : onProgress(reply));
      this.onExit = (code, signal) => {
        this.ready = undefined;
        const tail = this.stderrTail;
        finish({
          kind: "died",
          outOfMemory: /heap out of memory|Allocation failed|out of memory|\bOOM\b/i.test(tail),
          message: `${signal ?? `exit ${code}`}: ${crashLine(tail)}`,
          stderr: tail,
        });
      };
      child.send(request as object);
    });
  }

  private kill(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    child?.removeAllListeners("exit");
    child?.kill("SIGKILL");
  }

  /** Lets the child finish and exit. */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    child?.disconnect();
  }
}

/** The children of a batch: `jobs` at a time (never more than there are items), each with its heap limit. */
export interface ChildPool {
  readonly script: string;
  readonly args: readonly string[];
  /** Heap limit of each child, MiB. */
  readonly memoryMb: number;
  readonly jobs: number;
  /** More options of Node for each child (e.g. `--expose-gc`). */
  readonly nodeOptions?: readonly string[];
}

/**
 * The parent side of a batch: hands the items out in order to the children of `pool`, each
 * child taking the next item once `each` is done with its last one; a child is stopped when
 * nothing is left.
 */
export async function forEachInChildren<Item, Request, Reply extends StartupReply>(
  items: readonly Item[],
  pool: ChildPool,
  each: (item: Item, worker: ChildWorker<Request, Reply>) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Math.min(pool.jobs, items.length)) },
    () => new ChildWorker<Request, Reply>(pool.script, pool.args, pool.memoryMb, pool.nodeOptions),
  );
  await Promise.all(
    workers.map(async (worker) => {
      while (next < items.length) await each(items[next++], worker);
      worker.stop();
    }),
  );
}

/**
 * One line for what a child wrote before it died: V8's fatal error or the first error line,
 * not the native stack under it (`#7 0x... node::Start`), at most 200 characters.
 */
export function crashLine(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const line =
    lines.find((l) => /^(FATAL ERROR|#?\s*Fatal\b)/i.test(l))?.replace(/^#\s*/, "") ??
    lines.find((l) => /^(\w*Error|error)\b[:\[]/.test(l) || /\berror\b/i.test(l)) ??
    lines.find((l) => !/^(#|\d+: 0x|at |<--- |=+|\[\d+:0x)/.test(l)) ??
    "no message";
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** What `serveChild` sends: ready once, then a row or a failure per request (a child adds its progress messages). */
export type ServedReply<Row> =
  | { readonly type: "ready" }
  | { readonly type: "row"; readonly row: Row }
  | { readonly type: "failed"; readonly message: string };

/**
 * The child side of the protocol: once `resource` is ready (a warm grounder), answers each
 * request with the row `handle` gives, or `{type: "failed"}`; `send` passes progress messages.
 * The child exits when its parent disconnects.
 */
export function serveChild<Resource extends { close(): Promise<void> }, Request, Row>(
  resource: Resource | { readonly error: string },
  handle: (request: Request, resource: Resource, send: (message: object) => void) => Promise<Row>,
): void {
  const send = (message: object) => process.send?.(message);
  if ("error" in resource) {
    send({ type: "failed", message: resource.error });
    process.exit(2);
  }
  process.on("message", (request: Request) => {
    handle(request, resource, send).then(
      (row) => send({ type: "row", row }),
      (error: unknown) => send({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on("disconnect", () => {
    void resource.close().finally(() => process.exit(0));
  });
  send({ type: "ready" });
}
