/**
 * clingo-wasm's start, begun by bin/gdl-ground.js before the command line loads, when the
 * arguments ask for `gdl-ground GAME` grounded by clingo-wasm: `--grounder wasm`, or `auto` (the
 * default) with no gringo or clingo on PATH. Its compile then runs in V8's background threads
 * while the command line's chunks load and the game is read, and the grounding runs on the main
 * thread (ground/clingo/inline-host.ts).
 *
 * The arguments are only sniffed here, before commander reads them: a wrong guess costs a compile
 * that nothing uses (the start is handed to the grounder only when commander's options ask for
 * the same grounder), never a different behaviour.
 *
 * Loaded by bin/gdl-ground.js from dist/src/ as an ES module (it imports clingo's JavaScript:
 * see ground/clingo/clingo-start.ts), not through the command line's bundle.
 */
import { startClingo, type ClingoStart } from "../ground/clingo/clingo-start.js";
import { nativeGrounderOnPath } from "../ground/clingo/native.js";

/** The commands of the command line (main.ts): a first argument naming one is not a game. */
export const COMMAND_NAMES: readonly string[] = ["check", "corpus", "plot", "web", "convert", "fmt", "lsp", "replay", "play", "bench", "help"];

/** Arguments after which `gdl-ground GAME` grounds nothing. */
const NO_GROUNDING = new Set(["--asp", "--help", "-h", "--version", "-V"]);

/** The value of option `name` (`--name value` or `--name=value`; the last one counts), or undefined. */
function optionValue(argv: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === name) value = argv[i + 1];
    else if (arg.startsWith(`${name}=`)) value = arg.slice(name.length + 1);
  });
  return value;
}

/** Whether `argv` asks `gdl-ground GAME` to ground with clingo-wasm, and with which V8 tier. */
export function wantsClingoWasm(argv: readonly string[], onPath: () => string | undefined = nativeGrounderOnPath): { liftoffOnly: boolean } | undefined {
  if (argv.length === 0 || COMMAND_NAMES.includes(argv[0])) return undefined;
  if (argv.some((arg) => NO_GROUNDING.has(arg))) return undefined;
  const grounder = optionValue(argv, "--grounder") ?? "auto";
  if (grounder !== "wasm" && !(grounder === "auto" && onPath() === undefined)) return undefined;
  return { liftoffOnly: optionValue(argv, "--wasm-tier") === "baseline" };
}

/** clingo-wasm's start for `argv`, or undefined when the command will not ground with it. */
export function clingoStartFor(argv: readonly string[]): ClingoStart | undefined {
  const wanted = wantsClingoWasm(argv);
  return wanted === undefined ? undefined : startClingo(wanted);
}
