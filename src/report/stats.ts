/**
 * Small statistics for the results report: median, mean, geometric mean, and the power law
 * y = a·x^b fitted by least squares on log–log axes (the regression line of the paper's Figure 4).
 */

/** The numbers that are known and finite. */
export function known(values: Iterable<number | null | undefined>): number[] {
  const out: number[] = [];
  for (const v of values) if (typeof v === "number" && Number.isFinite(v)) out.push(v);
  return out;
}

/** The median (mean of the two middle values for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The geometric mean of positive values (others are left out); null when none. */
export function geometricMean(values: readonly number[]): number | null {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return null;
  let sum = 0;
  for (const v of positive) sum += Math.log(v);
  return Math.exp(sum / positive.length);
}

export interface PowerLawFit {
  /** y = a · x^b */
  readonly a: number;
  readonly b: number;
  /** Coefficient of determination of the fit on log–log axes. */
  readonly r2: number;
  /** Points used (x > 0 and y > 0). */
  readonly n: number;
}

/**
 * Least squares on (ln x, ln y): ln y = ln a + b·ln x. Points with x ≤ 0 or y ≤ 0 are left out.
 * Null with fewer than two usable points or when all x are equal.
 */
export function fitPowerLaw(points: readonly { x: number; y: number }[]): PowerLawFit | null {
  const usable = points.filter((p) => p.x > 0 && p.y > 0 && Number.isFinite(p.x) && Number.isFinite(p.y));
  const n = usable.length;
  if (n < 2) return null;
  const lx = usable.map((p) => Math.log(p.x));
  const ly = usable.map((p) => Math.log(p.y));
  const mx = lx.reduce((s, v) => s + v, 0) / n;
  const my = ly.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (lx[i] - mx) ** 2;
    sxy += (lx[i] - mx) * (ly[i] - my);
    syy += (ly[i] - my) ** 2;
  }
  if (sxx === 0) return null;
  const b = sxy / sxx;
  const lnA = my - b * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ly[i] - (lnA + b * lx[i])) ** 2;
  const r2 = syy === 0 ? 1 : 1 - sse / syy;
  return { a: Math.exp(lnA), b, r2, n };
}
