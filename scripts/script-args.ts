/**
 * The command line of an `npm run` script, read strictly (node:util parseArgs). The scripts write
 * results files after runs of minutes to an hour, so an option they do not know (`--help` once
 * started bench:cli's full run and overwrote its results) or a bad number must stop them at once:
 * the usage on stderr and exit 2; `--help` prints the usage and exits 0.
 */
import { parseArgs } from "node:util";

/** The options a script takes: each a string (`--rounds 3`) or a flag (`--no-ground`). */
export type ScriptOptions = Readonly<Record<string, "string" | "boolean">>;

/** A script's command line, read; a bad value of an option stops the script as an unknown option does. */
export class ScriptArgs {
  constructor(
    private readonly script: string,
    private readonly usage: string,
    private readonly values: Readonly<Record<string, string | boolean | undefined>>,
    readonly positionals: readonly string[],
  ) {}

  /** The value of a string option, or undefined when it is not given. */
  string(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === "string" ? value : undefined;
  }

  /** Whether a flag is given. */
  flag(name: string): boolean {
    return this.values[name] === true;
  }

  /** A positive number option (`fallback` when not given). */
  positive(name: string, fallback: number): number {
    const text = this.string(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0) this.fail(`--${name} must be a positive number, not ${text}`);
    return n;
  }

  /** A comma-separated list option, without empty items (`fallback` when not given). */
  list(name: string, fallback: readonly string[]): string[] {
    const text = this.string(name);
    if (text === undefined) return [...fallback];
    const items = text.split(",").filter((item) => item !== "");
    if (items.length === 0) this.fail(`--${name} must name at least one item`);
    return items;
  }

  /** Stops the script: the message and the usage on stderr, exit 2. */
  fail(message: string): never {
    return stop(this.script, this.usage, message);
  }
}

function stop(script: string, usage: string, message: string): never {
  process.stderr.write(`${script}: ${message}\n${usage}`);
  process.exit(2);
}

/**
 * Reads `process.argv` for the script `script` (its npm name, `bench:web`) with `usage` (one line
 * or more, ending in a newline); at most `maxPositionals` positional arguments.
 */
export function scriptArgs(script: string, usage: string, options: ScriptOptions, maxPositionals = Infinity): ScriptArgs {
  const fail = (message: string): never => stop(script, usage, message);
  try {
    const { values, positionals } = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { ...Object.fromEntries(Object.entries(options).map(([name, type]) => [name, { type }])), help: { type: "boolean", short: "h" } },
    });
    if (values.help === true) {
      process.stdout.write(usage);
      process.exit(0);
    }
    if (positionals.length > maxPositionals) fail(`at most ${maxPositionals} argument${maxPositionals === 1 ? "" : "s"} (${positionals.join(" ")})`);
    return new ScriptArgs(script, usage, values, positionals);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // node's own wording explains how to pass a positional that starts with a dash: not the point here
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    return fail(unknown ? `unknown option ${unknown[1]}` : message);
  }
}
