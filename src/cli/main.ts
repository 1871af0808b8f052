/**
 * The `gdl-ground` command line: a thin shell over the library. Each command lives in its own
 * module and returns an exit code; this file only declares the options and wires them.
 *
 * Each command's module is imported only when that command runs (`--help` and `--version` load
 * commander and this table only; grounding never loads the plot or corpus code), so every
 * command starts as fast as what it needs.
 *
 * Exit codes: 0 success, 1 the input is invalid or grounding failed, 2 usage error or unreadable
 * file, 70 internal error.
 */
import { statSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import { groundRuleLimit, memoryMb, nonNegativeNumber, perftDepth, port, positiveNumber, positiveWholeNumber, seconds, seed } from "./option-values.js";
import type { CorpusCommandOptions } from "./corpus-command.js";
import type { GroundCommandOptions } from "./ground-command.js";
import type { PlotCommandOptions } from "./plot-command.js";
import type { Tiering } from "./tiering.js";
import type { ClingoStart } from "../ground/clingo/inline-host.js";
import { processOutput, type Output } from "./output.js";

const VERSION = "0.1.0";

/** On every command that reads GDL. */
const CASE_SENSITIVE = [
  "--case-sensitive",
  "keep the case of non-keyword symbols as written, as GGP-Base does (default: lower-case them, GDL being case-insensitive)",
] as const;
/** `--max-ground-rules`: the limit of ground rules before a game is played on the prover or a hybrid propnet (pipeline.ts's MAX_GROUND_RULES). */
const MAX_GROUND_RULES_OPTION = [
  "--max-ground-rules <n>",
  "stop a grounding that writes more ground rules than this (8M, 500k, or none) and play the game on the prover or a hybrid propnet instead (default 8M)",
  groundRuleLimit,
] as const;

/** The notation options of a command: `--syntax` (input) and `--to` (output). */
type Notation = { syntax: "kif" | "infix" | "auto"; to?: "kif" | "infix"; caseSensitive?: boolean; wasmTier?: "baseline" | "optimizing" };

/**
 * `--wasm-tier`: how V8 compiles clingo-wasm. `optimizing` (V8's default tier-up) is the
 * default: on the slowest games Liftoff alone is about 11 % slower (results/cli-speed.md);
 * `baseline` saves some CPU on small games.
 */
const wasmTierOption = () =>
  new Option("--wasm-tier <tier>", "V8 compiler for clingo-wasm: optimizing (tier hot code up) or baseline (Liftoff only: less CPU on small games, slower on big ones)")
    .choices(["baseline", "optimizing"])
    .default("optimizing");

/** `--syntax`: the notation of the input (sniffed by default). */
const syntaxOption = () =>
  new Option("--syntax <notation>", "notation of the input GDL (auto: sniffed from the text, see README)").choices(["kif", "infix", "auto"]).default("auto");
/** `--to`: the notation of the GDL printed (default: the input's). */
const toOption = (what: string) => new Option("--to <notation>", `notation of ${what} (default: the input's)`).choices(["kif", "infix"]);

/**
 * The translate stage's switches (`TranslateFlags`, src/translate/flags.ts) as options of a
 * command: `ground` (one game) and `corpus` (many) declare them here, once, under the flags'
 * names, so that `translateFlags` finds them in the parsed options.
 */
function translateFlagOptions(command: Command, games: "one" | "many"): Command {
  return command
    .option("--no-split", "turn existential-variable splitting off")
    .option("--no-prune", "turn relevance pruning off")
    .option(
      "--declared-base-input",
      games === "one" ? "use the game's own base/input rules (when it has both) instead of the static relaxation" : "use the games' own base/input rules when they have both",
    )
    .option("--lean-base", "a cheaper P^base: leave out relaxed dynamic atoms that the rest of a rule binds")
    .option("--demand", "ground views with don't-care arguments only for the tuples their uses ask about")
    .option("--no-free-arguments", "keep view arguments that only carry a value of a static domain through")
    .option("--no-static-demand", "ground views for all their arguments, not only for the bound ones their uses can ask about (magic sets over the static relaxation)")
    .option("--no-fixed-fluents", "keep the true literals of fluents that only their frame axiom carries on (instead of a static relation)");
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `--grounder`, the same for every command that grounds. */
function grounderOption(): Option {
  return new Option(
    "--grounder <backend>",
    "grounding backend (auto: a native gringo from PATH if there is one: the same ground program without WebAssembly's start-up; else clingo-wasm, nothing to install)",
  )
    .choices(["auto", "wasm", "native"])
    .default("auto");
}

/** What bin/gdl-ground.js began before the command line loaded. */
export interface EarlyStart {
  /** clingo-wasm's start, when the arguments asked for a grounding with it (early-clingo.ts). */
  readonly clingo?: ClingoStart;
}

/**
 * Runs the command line `argv`. `tiering`: the process's start-up tuning of V8's optimizing
 * compiler (bin/gdl-ground.js passes it; see tiering.ts), told by each command where its long
 * work starts. `early`: what bin/gdl-ground.js started ahead, handed to the command that uses it.
 */
export async function main(argv: readonly string[], io: Output = processOutput, tiering?: Tiering, early: EarlyStart = {}): Promise<number> {
  const code = await runCommandLine(argv, io, tiering, early);
  // every write to stdout was checked: one that failed (a full device) fails the command
  const failure = io.outFailure?.();
  if (failure === undefined) return code;
  const { reasonOf } = await import("../output-file.js");
  io.err(`gdl-ground: error[io]: cannot write to standard output: ${reasonOf(failure)}\n`);
  return 2;
}

/** Input files of this many bytes in all are optimized from the start (see `optimizeForLargeInput`). */
const LARGE_INPUT_BYTES = 1 << 20;

async function runCommandLine(argv: readonly string[], io: Output, tiering: Tiering | undefined, early: EarlyStart): Promise<number> {
  // With --json, stdout carries one JSON document whatever happens and stderr stays quiet: a
  // usage error goes into the document instead of onto stderr.
  const json = argv.includes("--json");
  let exitCode = 0;
  // A large input is long work from its first stage: its parse would otherwise run through the start-up window's
  // end unoptimized (a synchronous parse gives the window's timer no turn: chess_200's ground game, 10 MB, parsed
  // in 4.5 s instead of 2.3 s). Files that cannot be read are left to the command to report.
  const optimizeForLargeInput = (files: readonly string[]) => {
    let bytes = 0;
    for (const file of files) {
      try {
        if (file !== "-") bytes += statSync(file).size;
      } catch {
        // the command reports it
      }
    }
    if (bytes >= LARGE_INPUT_BYTES) tiering?.optimizeNow();
  };
  const program = new Command();
  program
    .name("gdl-ground")
    .description(
      "Ground GDL game descriptions with clingo (WebAssembly) and build propositional networks.\n" +
        "With a game file and no command: print the ground game as variable-free GDL.",
    )
    .version(VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      outputError: (s, write) => {
        if (!json) write(s);
      },
    })
    .showSuggestionAfterError()
    .enablePositionalOptions();

  translateFlagOptions(
    program
      .argument("[game]", "a GDL (.kif) game to ground")
      .option("-o, --output <file>", "write the ground game (or with --asp the program P) to this file")
      .option("--asp", "print the answer set program P = G ∪ P^base ∪ generators instead of grounding")
      .option("--propnet", "build the propnet and print its summary (components, links, both counts, times)")
      .option("--propnet-out <file>", "write the propnet graph: JSON, or Graphviz DOT when the file ends in .dot")
      .option("--stats", "print per-phase wall times and sizes")
      .option("--json", "print times and sizes as JSON")
      .option("--timeout <seconds>", "time limit of the whole command (reading, checks, grounding, propnet)", seconds, 60),
    "one",
  )
    .option("--no-base-input", "leave the base and input facts out of the printed ground game")
    .option(MAX_GROUND_RULES_OPTION[0], "with --propnet: " + MAX_GROUND_RULES_OPTION[1], MAX_GROUND_RULES_OPTION[2])
    .option(...CASE_SENSITIVE)
    .addOption(grounderOption())
    .addOption(wasmTierOption())
    .addOption(syntaxOption())
    .addOption(toOption("the printed ground game and of GDL quoted in messages"))
    .action(async (game: string | undefined, options: GroundCommandOptions) => {
      if (!game) {
        if (options.json) io.out(failureJson("usage", 2, "missing argument: a GAME to ground (or a command: gdl-ground --help)"));
        else program.outputHelp({ error: true });
        exitCode = 2;
        return;
      }
      // Start the grounder first (gringo's process starts, or clingo-wasm's worker boots, while the
      // rest of the command loads and the game is read): its start-up is the longest part of a
      // small game. clingo-wasm begun by bin/gdl-ground.js grounds on this thread, no worker.
      const grounder = options.asp
        ? undefined
        : import("../ground/index.js").then((m) => m.startGrounder(options.grounder, { wasmTier: options.wasmTier, inline: early.clingo }));
      const { runGround } = await import("./ground-command.js");
      optimizeForLargeInput([game]);
      exitCode = await runGround(game, options, io, grounder, tiering);
    });

  program
    .command("check")
    .description("check GDL files: syntax, safety, stratification, recursion restriction, keywords, arity, bounded GDL")
    .argument("<files...>", "GDL (.kif) files")
    .option("--json", "print the diagnostics as JSON")
    .option("--notes", "also print notes (the literal Definition-2 verdict)")
    .option("--strict", "count warnings (unsafe rules, stratification only at the ground level) as errors")
    .addOption(syntaxOption())
    .addOption(toOption("GDL quoted in messages"))
    .option(...CASE_SENSITIVE)
    .action(async (files: string[], options: { json?: boolean; notes?: boolean; strict?: boolean } & Notation) => {
      const { runCheck } = await import("./check-command.js");
      optimizeForLargeInput(files);
      exitCode = runCheck(files, options, io);
    });

  translateFlagOptions(
    program
      .command("corpus")
      .description("ground every .kif game below a folder, each in a child process with limits; results as CSV and JSON")
      .argument("<dir>", "folder of games (searched recursively)")
      .option("--out <file>", "results file (.csv or .json; the other format is written beside it); default <dir>.corpus.csv beside the folder")
      .option("--force", "overwrite an existing --out file that is not a results file of this command")
      .option("--timeout <seconds>", "time limit per game", seconds, 60)
      .option("--memory <MiB>", "memory limit per game", memoryMb, 4096)
      .option("--jobs <n>", "games grounded at once (default: the number of cores)", positiveWholeNumber)
      .option("--resume", "skip the games already in the results file")
      .option("--filter <regexp>", "only the games whose name matches"),
    "many",
  )
    .option("--no-propnet", "do not build the propnets")
    .option("--no-partial", "after a game that did not ground, do not ground what a player gets instead (P^base, a hybrid grounding: the partial_* columns)")
    .option("--no-progress", "print a line per game instead of a progress bar")
    .option(...CASE_SENSITIVE)
    .addOption(grounderOption())
    .action(async (dir: string, options: CorpusCommandOptions) => {
      const { runCorpusCommand } = await import("./corpus-command.js");
      tiering?.optimizeNow(); // long work: a corpus, plots, a server, a game, a benchmark
      exitCode = await runCorpusCommand(dir, options, io);
    });

  program
    .command("plot")
    .description("draw the paper's plots (SVG, PNG) and a results page from a corpus results file")
    .argument("<results>", "results file of `gdl-ground corpus` (.csv or .json)")
    .option("--anchor <file>", "results of another grounder to compare with (CSV with game, seconds, components[, status])")
    .option("--anchor-label <label>", "name of that grounder", "GGP-Base")
    // the earlier names of --anchor and --anchor-label, still read
    .addOption(new Option("--reference <file>").hideHelp())
    .addOption(new Option("--reference-label <label>").hideHelp())
    .option("--label <label>", "name of our run", "gdl-ground")
    .option("--run <label=file>", "another run to compare (an ablation), repeatable", collect, [])
    .option("--out-dir <dir>", "folder of README.md and plots/ (default: <results>-report beside the results file)")
    .option("--force", "rewrite the folder even if its README.md is not a results page of this command")
    .option("--timeout <seconds>", "the time limit of the runs (failed games are drawn there)", positiveNumber, 60)
    .option("--context <line>", "a line about how the run was made, repeatable", collect, [])
    .action(async (results: string, options: PlotCommandOptions & { reference?: string; referenceLabel?: string }) => {
      const { runPlot } = await import("./plot-command.js");
      tiering?.optimizeNow();
      const { reference, referenceLabel, ...rest } = options;
      exitCode = await runPlot(results, { ...rest, anchor: rest.anchor ?? reference, anchorLabel: referenceLabel ?? rest.anchorLabel }, io);
    });

  program
    .command("web")
    .description("serve the playground page (check, ground, propnet, play in the browser) on localhost")
    .option("--port <n>", "port to listen on (0: any free port)", port, 8080)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .action(async (options: { port: number; host: string }) => {
      const { runWeb } = await import("./web-command.js");
      tiering?.optimizeNow();
      exitCode = await runWeb(options, io);
    });

  const playOptions = (command: Command) =>
    command
      .option("--timeout <seconds>", "time limit of loading the game (reading, checks, grounding, propnet)", seconds, 60)
      .option(...MAX_GROUND_RULES_OPTION)
      .option(...CASE_SENSITIVE)
      .addOption(grounderOption())
      .addOption(new Option("--engine <engine>", "state machine engine (prover: the game on the prover over P^base, no grounding)").choices(["fast", "reference", "prover"]).default("fast"))
      .addOption(wasmTierOption())
      .addOption(syntaxOption());

  program
    .command("convert")
    .description("convert a GDL description between KIF and infix, keeping its comments")
    .argument("<file>", "a GDL game (KIF or infix)")
    .addOption(new Option("--to <notation>", "notation to write").choices(["kif", "infix"]).makeOptionMandatory())
    .addOption(syntaxOption())
    .option("-o, --output <file>", "write to this file instead of standard output")
    .option(...CASE_SENSITIVE)
    .action(async (file: string, options: { to: "kif" | "infix"; syntax: "kif" | "infix" | "auto"; output?: string; caseSensitive?: boolean }) => {
      const { runConvert } = await import("./convert-command.js");
      optimizeForLargeInput([file]);
      exitCode = runConvert(file, options, io);
    });

  // Editors: the formatter and the language server (src/format/, src/lsp/).
  program
    .command("fmt")
    .description("format GDL files canonically (whitespace only: the same rules, every comment kept)")
    .argument("<files...>", "GDL files (KIF or infix); - reads standard input")
    .option("--write", "rewrite the files that are not formatted")
    .option("--check", "change nothing; name the files that are not formatted and exit 1 if any is")
    .addOption(syntaxOption())
    .action(async (files: string[], options: { write?: boolean; check?: boolean; syntax: "kif" | "infix" | "auto" }) => {
      const { runFmt } = await import("./fmt-command.js");
      optimizeForLargeInput(files);
      exitCode = runFmt(files, options, io);
    });

  program
    .command("lsp")
    .description("run the GDL language server over standard input and output (for editors)")
    .option("--stdio", "talk over standard input and output (the default and only transport; editors pass it)")
    // some clients pass their process id: the server then exits when that process is gone
    .addOption(new Option("--clientProcessId <pid>").hideHelp())
    .addOption(grounderOption())
    .option("--ground-timeout <seconds>", "time limit of the grounding that gives hovers their ground instance counts (0: never ground)", parseFloat, 10)
    .action(async (options: { grounder: "auto" | "wasm" | "native"; groundTimeout: number }) => {
      const { runLsp } = await import("./lsp-command.js");
      tiering?.optimizeNow();
      exitCode = await runLsp(options, io);
    });

  playOptions(
    program
      .command("replay")
      .description("play given joint moves on the propnet; print every state, the legal moves and goals as JSON")
      .argument("<game>", "a GDL (.kif) game")
      .requiredOption("--moves <file>", 'JSON array of joint moves, each an array of KIF moves in role order, e.g. [["(mark 1 1)", "noop"]]')
      .addOption(toOption("the terms printed (states, moves)")),
  ).action(async (game: string, options: { moves: string; timeout: number; grounder: "auto" | "wasm" | "native" } & Notation) => {
    const { runReplay } = await import("./play-commands.js");
    tiering?.optimizeNow();
    exitCode = await runReplay(game, options.moves, options, io);
  });

  playOptions(
    program
      .command("play")
      .description("play a seeded game on the propnet (random players, chance for GDL-II's random role); print the moves and every step as JSON")
      .argument("<game>", "a GDL (.kif) game")
      .option("--moves <file>", "JSON array of the players' joint moves (every role but random, in role order), played first")
      .option("--random", "after the given moves, players choose uniformly at random (the default)", true)
      .option("--no-random", "stop when the given moves run out")
      .option("--as <role>", "print only what this role is told: its legal moves, its move, its percepts (GDL-II) or the joint move (GDL), its goal; no state")
      .option("--seed <n>", "seed of the random moves, chance's included (0 to 2^32 - 1)", seed, 1)
      .option("--max-steps <n>", "stop after this many joint moves", positiveWholeNumber, 1000)
      .addOption(toOption("the terms printed (states, moves)")),
  ).action(async (game: string, options: { seed: number; maxSteps: number; timeout: number; grounder: "auto" | "wasm" | "native"; moves?: string; random: boolean; as?: string } & Notation) => {
    const { runPlay } = await import("./play-commands.js");
    tiering?.optimizeNow();
    exitCode = await runPlay(game, options, io);
  });

  playOptions(
    program
      .command("bench")
      .description("reasoning speed on the propnet: flat Monte-Carlo playouts and/or perft, in nodes per second")
      .argument("<game>", "a GDL (.kif) game")
      .option("--playouts <n>", "random playouts to the end", positiveWholeNumber)
      .option("--perft <depth>", "all joint-move paths to this depth (at most 1000; a path ends where the game does)", perftDepth)
      .option("--seed <n>", "seed of the random moves (0 to 2^32 - 1)", seed, 1)
      .option("--min-time <s>", "seconds of each measure at least (runs are repeated)", positiveNumber, 2)
      .option("--warmup <s>", "seconds of warm-up before measuring", nonNegativeNumber, 0.5)
      .option("--repeats <n>", "measures per figure (median, lowest and highest reported)", positiveWholeNumber, 3)
      .option("--json", "print the figures as JSON"),
  ).action(async (game: string, options: { playouts?: number; perft?: number; seed: number; json?: boolean; timeout: number; grounder: "auto" | "wasm" | "native" } & Notation) => {
    const { runBench } = await import("./play-commands.js");
    tiering?.optimizeNow();
    exitCode = await runBench(game, options, io);
  });

  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors were already printed on
      // stderr, or with --json go into the one document on stdout
      if (error.exitCode === 0) return 0;
      if (json) io.out(failureJson("usage", 2, error.message.replace(/^error: /, "")));
      return 2;
    }
    throw error;
  }
  return exitCode;
}

/** The JSON document of a run that ended before its command could say anything (a usage or internal error). */
export function failureJson(status: "usage" | "internal-error", exitCode: number, message: string): string {
  const diagnostic = { severity: "error", code: status === "usage" ? "usage" : "internal", message, file: "", line: 0, col: 0, related: [] };
  return JSON.stringify({ status, exitCode, diagnostics: [diagnostic] }, null, 2) + "\n";
}

