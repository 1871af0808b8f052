/**
 * The translate stage's flags, in a module of their own (re-exported by index.ts) so that what
 * only passes them on (the corpus runner, the CLI's command chunks) does not load the stage.
 */

/**
 * The translate stage's switches, one a step of the translation (index.ts): what `translate` takes, what
 * the CLI's `ground` and `corpus` commands and the verify script pass on whole (to child
 * processes too: it is plain JSON). A flag left out takes its value in TRANSLATE_DEFAULTS.
 *
 * A new flag is declared here and in TRANSLATE_DEFAULTS, and as an option of the command lines
 * under the same (camel-cased) name: `translateFlags` picks it up from there, and everything in
 * between passes the object on without naming its fields.
 */
export interface TranslateFlags {
  /** Existential-variable splitting (default on). */
  readonly split?: boolean;
  /** Relevance pruning (default on). */
  readonly prune?: boolean;
  /** Use the game's own `base`/`input` rules instead of the static relaxation (when it has both). */
  readonly declaredBaseInput?: boolean;
  /** A cheaper P^base: relaxed dynamic atoms that the rest of a rule binds are left out (static-relaxation.ts; default off). */
  readonly leanBase?: boolean;
  /** Ground views with don't-care arguments only for the tuples their uses ask about (demand.ts; default off). */
  readonly demand?: boolean;
  /** Leave out view arguments that only carry a static domain's value through (free-arguments.ts; default on). */
  readonly freeArguments?: boolean;
  /** Ground views only for the bound arguments their uses can ask about, computed from the static relaxation (static-demand.ts; default on). */
  readonly staticDemand?: boolean;
  /** Replace `true` literals of fluents that only their frame axiom carries on by a static relation (fixed-fluents.ts; default on). */
  readonly fixedFluents?: boolean;
}

/** The options of `translate`: its flags (the name the library has always exported). */
export type TranslateOptions = TranslateFlags;

/** The value of every flag that is left out. */
export const TRANSLATE_DEFAULTS: Required<TranslateFlags> = {
  split: true,
  prune: true,
  declaredBaseInput: false,
  leanBase: false,
  demand: false,
  freeArguments: true,
  staticDemand: true,
  fixedFluents: true,
};

/**
 * The flags of an options object that may hold others too (the parsed options of a command line,
 * whose `--no-split`, `--lean-base`, ... are named as the flags), every one set: its own value
 * where it has one, the default where not.
 */
export function translateFlags(options: TranslateFlags): Required<TranslateFlags> {
  const flags: Record<string, boolean> = { ...TRANSLATE_DEFAULTS };
  for (const name of Object.keys(TRANSLATE_DEFAULTS) as (keyof TranslateFlags)[]) {
    const value = options[name];
    if (value !== undefined) flags[name] = value;
  }
  return flags as Required<TranslateFlags>;
}
