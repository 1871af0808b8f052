/**
 * Component kinds as small integers, for the build's typed arrays (one byte per component
 * instead of a string reference per component); `COMPONENT_KIND` names them back for the
 * propnet. Propositions come first, so that a proposition is a code up to `SEES`.
 * Why codes: the drafts hold millions of components (amazonsTorus: 2.0 M), and comparing kinds
 * is the build's most frequent test.
 */
import type { ComponentKind } from "../propnet.js";

export const BASE = 0;
export const INPUT = 1;
export const NEXT = 2;
export const VIEW = 3;
export const LEGAL = 4;
export const GOAL = 5;
export const TERMINAL = 6;
export const INIT = 7;
export const SEES = 8;
export const AND = 9;
export const OR = 10;
export const NOT = 11;
export const TRANSITION = 12;
export const TRUE = 13;
export const FALSE = 14;

/** The kind of each code. */
export const COMPONENT_KIND: readonly ComponentKind[] = [
  "base",
  "input",
  "next",
  "view",
  "legal",
  "goal",
  "terminal",
  "init",
  "sees",
  "and",
  "or",
  "not",
  "transition",
  "true",
  "false",
];

/** Whether a code is a proposition's. */
export function isPropositionCode(code: number): boolean {
  return code <= SEES;
}

/** Whether a code is a gate's (and, or, not). */
export function isGateCode(code: number): boolean {
  return code === AND || code === OR || code === NOT;
}

/** The code of each kind (the inverse of `COMPONENT_KIND`). */
export const KIND_CODE: ReadonlyMap<ComponentKind, number> = new Map(COMPONENT_KIND.map((k, code) => [k, code]));
