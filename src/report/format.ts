/**
 * Number formatting shared by the plots and the results page: seconds and counts with about
 * three significant digits, and a fitted power law as `a · x^b`.
 */
import type { PowerLawFit } from "./stats.js";


/** Seconds with about three significant digits: 0.0123 s, 1.23 s, 45.6 s, 123 s. */
export function formatSeconds(s: number | null): string {
  if (s === null) return "–";
  if (s === 0) return "0 s";
  if (s >= 100) return `${Math.round(s)} s`;
  return `${Number(s.toPrecision(3))} s`;
}

/** A count or size: integers with thousands separators, others with three significant digits. */
export function formatCount(n: number | null): string {
  if (n === null) return "–";
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  return Number(n.toPrecision(3)).toLocaleString("en-US");
}


/** `a·x^b` with a and b to three significant digits. */
export function formatPowerLaw(fit: PowerLawFit, x = "x"): string {
  return `${Number(fit.a.toPrecision(3))} · ${x}^${Number(fit.b.toPrecision(3))}`;
}

