/**
 * The pure step from a finished clingo run (exit status, standard output and error) to what a
 * grounding gives back (`GroundOutcome`, ../asp-grounder.ts), shared by both backends
 * (clingo-wasm in a worker, a native gringo/clingo process).
 */
import type { GroundError, GroundOutcome } from "../asp-grounder.js";
import { lineOf, parseClingoMessages, type ClingoMessage } from "./messages.js";


/** The options every run gets: gringo mode (no solving) with aspif output. */
export const GROUND_ONLY_ARGS: readonly string[] = ["--mode=gringo", "--output=intermediate"];

/**
 * `GROUND_ONLY_ARGS` then `extraArgs`, less the default `--output=` when `extraArgs` names an
 * output of its own (clingo refuses two): `--output=text` is the grounder probe's
 * (src/hybrid/grounder-probe.ts), which counts ground rules by relation while they are written.
 */
export function groundOnlyArgs(extraArgs: readonly string[] | undefined): string[] {
  const extra = extraArgs ?? [];
  const ownOutput = extra.some((a) => a.startsWith("--output="));
  return [...GROUND_ONLY_ARGS.filter((a) => !(ownOutput && a.startsWith("--output="))), ...extra];
}

/** clasp/clingo exit codes (clasp_app.h). */
export const CLINGO_EXIT = { ok: 0, interrupt: 1, memory: 33, error: 65, noRun: 128 } as const;

/** A finished clingo run as the backends see it. */
export interface ClingoRun {
  readonly exitStatus: number;
  readonly stdout: string;
  readonly stderr: readonly string[];
  readonly seconds: number;
  readonly memoryBytes?: number;
}

/** Arguments that clingo-wasm would split or that cannot be passed on, as an error message. */
export function checkExtraArgs(extraArgs: readonly string[] | undefined): string | undefined {
  for (const arg of extraArgs ?? []) {
    if (arg === "" || /\s/.test(arg)) return `clingo option ${JSON.stringify(arg)} is empty or contains blanks`;
  }
  return undefined;
}

export function outcomeOfRun(run: ClingoRun, program: string): GroundOutcome {
  const messages = parseClingoMessages(run.stderr);
  if (run.exitStatus === CLINGO_EXIT.ok) {
    return {
      status: "ok",
      aspif: run.stdout,
      seconds: run.seconds,
      ...(run.memoryBytes !== undefined ? { peakMemoryBytes: run.memoryBytes } : {}),
      warnings: messages.filter((m) => m.severity !== "error").map((m) => m.text),
    };
  }
  const errorText =
    messages
      .filter((m) => m.severity === "error")
      .map((m) => m.text)
      .join("\n\n") || run.stderr.join("\n");
  if (run.exitStatus === CLINGO_EXIT.memory || /bad_alloc|out of memory/i.test(errorText)) {
    return { status: "out-of-memory", message: errorText || `clingo exited with status ${run.exitStatus}` };
  }
  return errorOutcome(errorText || `clingo exited with status ${run.exitStatus}`, messages, program);
}

export function errorOutcome(message: string, messages: readonly ClingoMessage[], program: string): GroundError {
  const located = messages.find((m) => m.severity === "error" && m.line !== undefined);
  if (located?.line === undefined) return { status: "error", message };
  return {
    status: "error",
    message,
    aspLine: located.line,
    aspCol: located.column,
    aspLineText: lineOf(program, located.line),
  };
}
