/**
 * How the command line tunes V8's optimizing compiler (TurboFan) at start-up, at the edge of the
 * process (bin/gdl-ground.js), with the commands telling it when long work begins.
 *
 * Most commands are done in a fraction of a second, before optimized code would pay for its
 * compiling (in background threads: about a third of a small game's CPU). So a command starts
 * with TurboFan off, for a window of `windowMs`; a long command is optimized from then on as usual.
 *
 * The window's end is seen in two ways, because a timer alone is not enough: a timer fires only
 * when the event loop gets control, and the long parts of a command are synchronous (a big game's
 * extraction and propnet, a benchmark's playouts). With the timer alone, `gdl-ground bench` on
 * connect four ran its whole measurement unoptimized: 257 K flat Monte-Carlo nodes/s against
 * 3.06 M (no function was ever optimized). So commands also call `checkpoint()` where a stage
 * starts, and `optimizeNow()` where long work starts whatever the time (a benchmark, a game to
 * play, a corpus, plots).
 */
import { setV8Flags, turbofanIn, v8FlagsNow } from "../v8-flags.js";

/** What a command tells the start-up tiering (commands run in tests or from the library get none). */
export interface Tiering {
  /** Long work starts now: optimize from here on. */
  optimizeNow(): void;
  /** A stage starts: optimize from here on if the start-up window is over. */
  checkpoint(): void;
}

/** Whether TurboFan is on now, as far as src/v8-flags.ts was told (V8's default: on). */
export function turbofanOn(): boolean {
  return turbofanIn(v8FlagsNow());
}

/** Turns TurboFan off or on (process-wide). */
export function setTurbofan(on: boolean): void {
  if (on !== turbofanOn()) setV8Flags(on ? "--turbofan" : "--no-turbofan");
}

/**
 * Turns TurboFan off now and returns the Tiering that turns it on again: at `windowMs` after the
 * process started (by a timer, when the event loop is free), at the first checkpoint after that,
 * or at `optimizeNow`.
 */
export function startupTiering(windowMs: number, now: () => number = () => performance.now()): Tiering {
  setTurbofan(false);
  const end = () => setTurbofan(true);
  setTimeout(end, Math.max(0, windowMs - now())).unref();
  return {
    optimizeNow: end,
    checkpoint: () => {
      if (now() >= windowMs) end();
    },
  };
}
