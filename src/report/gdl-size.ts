/**
 * The data of the paper's Figure 4: propnet components against the size of the GDL rules in
 * literals, for the grounded games, and the power law fitted to it. Games whose propnet is
 * smaller than their rules (reasoner test cases, games that are already ground) are "abnormal"
 * and left out of the fit, as in the paper.
 */
import { gameKey, oursComponents, type ResultRow } from "./results-file.js";
import { fitPowerLaw, type PowerLawFit } from "./stats.js";

export interface SizePoint {
  game: string;
  literals: number;
  components: number;
  /** The propnet is smaller than the rules (test cases, games already ground): left out of the fit. */
  abnormal: boolean;
}

export function sizePoints(ours: readonly ResultRow[]): SizePoint[] {
  const points: SizePoint[] = [];
  for (const r of ours) {
    const c = r.status === "ok" ? oursComponents(r) : null;
    const l = r.gdl_literals;
    if (c !== null && l !== null && c > 0 && l > 0) {
      points.push({ game: gameKey(r.game), literals: l, components: c, abnormal: c < l });
    }
  }
  return points;
}

/** The paper's regression: over the grounded games whose propnet is not smaller than their rules. */
export function sizeFit(ours: readonly ResultRow[]): PowerLawFit | null {
  return fitPowerLaw(sizePoints(ours).filter((p) => !p.abnormal).map((p) => ({ x: p.literals, y: p.components })));
}

